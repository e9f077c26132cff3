"""What fixing a file comes to (`Change`), and putting it out: the fixed file written in
place, atomically, only if it is still what was read and no other run is writing it (TL908
otherwise); a write that fails is TL909, naming the file as the run names it; the fixed text
of standard input written to standard output, as it is.
"""

from __future__ import annotations

import os
from typing import TextIO

from mtg_typeline.atomicwrite import Busy, OutputError, write_atomic
from mtg_typeline.findings import CHANGED_ON_DISK, WRITE_FAILED, Finding, input_finding
from mtg_typeline.fix.review import Valued
from mtg_typeline.fix.snapshot import Changed, Snapshot, check_unchanged
from mtg_typeline.fix.zipped import Member
from mtg_typeline.records import NamedTuple


class Change(NamedTuple):
    """One file's fixing: its bytes before and after, the findings fixed."""

    path: str
    old: bytes
    new: bytes
    fixed: int
    snapshot: Snapshot | None  # None: standard input
    members: tuple[Member, ...] = ()  # a zip's: the members changed, for `--diff`
    values: tuple[Valued, ...] = ()  # card data's: the edits of its values, for `--diff`
    encoding: str = "utf-8"  # the codec of the file's bytes (`--encoding`)


def write_file(change: Change, disk: str) -> Finding | None:
    """Write a changed file (at `disk`) in place; the problem met, if it was not written."""
    assert change.snapshot is not None
    snapshot = change.snapshot
    target = os.path.realpath(disk)  # through a link, not over it
    try:
        write_atomic(disk, change.new, lambda: check_unchanged(target, snapshot), shown=change.path)
    except (Changed, Busy):
        why = f"{change.path} changed on disk while it was being fixed; it was not written"
        return input_finding(CHANGED_ON_DISK, change.path, why, 1, 1, 1)
    except OutputError as exc:
        return input_finding(WRITE_FAILED, change.path, str(exc), 1, 1, 1)
    return None


def write_bytes(out: TextIO, data: bytes) -> None:
    """Write bytes to a text stream's buffer (as they are: the fixed text keeps its bytes)."""
    out.flush()
    buffer = getattr(out, "buffer", None)
    if buffer is None:
        out.write(data.decode("utf-8", "surrogateescape"))
        return
    buffer.write(data)
    buffer.flush()
