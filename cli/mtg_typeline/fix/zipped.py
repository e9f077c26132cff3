"""Fixing the members of a zip (a `.mse-set`): each member's edits applied to its text, and a
new zip made with every member as it was (same order, names, dates, compression and
attributes) but the data of the members that changed.

Entries name a member `<zip path>/<member>`; the edits of other files are not the zip's.
"""

from __future__ import annotations

import copy
import io
import shutil
import zipfile
import zlib
from collections.abc import Sequence

from mtg_typeline.fix.data import Made, apply_edits
from mtg_typeline.fix.diff import unified
from mtg_typeline.records import NamedTuple

_PIECE = 1 << 20  # bytes of a member copied at a time


class Member(NamedTuple):
    """One member's change, named `<zip path>/<member>`."""

    path: str
    old: bytes
    new: bytes


class Zipped(NamedTuple):
    """The zip's bytes after its members' edits; the findings fixed; the members changed."""

    data: bytes
    fixed: int
    members: tuple[Member, ...]


def is_zip(data: bytes) -> bool:
    return data.startswith((b"PK\x03\x04", b"PK\x05\x06"))


def fix_zip(path: str, data: bytes, edits: dict[str, list[tuple[Made, int]]]) -> Zipped:
    """`data`, the zip at `path`, with the edits of its members made (unchanged when none
    takes effect)."""
    if not edits:
        return Zipped(data, 0, ())
    try:
        return _fixed(path, data, edits)
    except (zipfile.BadZipFile, zlib.error, RuntimeError, NotImplementedError, EOFError, ValueError):
        return Zipped(data, 0, ())  # read once already; a zip that can't be read again is not fixed


def _fixed(path: str, data: bytes, edits: dict[str, list[tuple[Made, int]]]) -> Zipped:
    prefix = path + "/"
    fixed = 0
    members: list[Member] = []
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        infos = archive.infolist()
        if len({info.filename for info in infos}) < len(infos):
            # two members of one name: an edit can't say which it is, and zipfile would warn
            # writing them (the reader reports such a zip)
            return Zipped(data, 0, ())
        names = {info.filename for info in infos if not info.is_dir()}
        for where, made in edits.items():
            name = where[len(prefix) :] if where.startswith(prefix) else None
            if name is None or name not in names:
                continue
            old = archive.read(name)
            applied = apply_edits(old, made)
            if applied.fixed and applied.data != old:
                fixed += applied.fixed
                members.append(Member(where, old, applied.data))
        if not members:
            return Zipped(data, 0, ())
        new = _rezipped(archive, {m.path[len(prefix) :]: m.new for m in members})
    return Zipped(new, fixed, tuple(members))


def _rezipped(archive: zipfile.ZipFile, changed: dict[str, bytes]) -> bytes:
    """A copy of `archive` with the data of the `changed` members replaced. The others are
    copied a piece at a time: the reader never read them (images, styles), so one could
    be a zip bomb, which must not be inflated whole into memory."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as new:
        new.comment = archive.comment
        for info in archive.infolist():
            body = changed.get(info.filename)
            if body is not None or info.is_dir():
                new.writestr(copy.copy(info), b"" if body is None else body)
                continue
            with archive.open(info) as old, new.open(copy.copy(info), "w") as copied:
                shutil.copyfileobj(old, copied, _PIECE)
    return out.getvalue()


def member_diffs(members: Sequence[Member]) -> bytes:
    """The unified diffs of the changed members, one after another."""
    return b"".join(unified(m.old, m.new, m.path) for m in members)
