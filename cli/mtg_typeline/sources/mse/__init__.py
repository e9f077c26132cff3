"""Magic Set Editor sets: a `.mse-set` zip, an unzipped set folder, its `set` file, or one
`card <name>` file.

Cards are top-level `card:` blocks, inline in `set` or in `card <name>` files that `set`
names with `include_file:` lines; the files' syntax is read by `sources.mse_parse`. Here
the files of a set are found and read, each card file once, and the cards become entries.

Each face's type line is rebuilt from `super_type` and `sub_type` (`_2`, `_3`, `_4` for
other faces) as `super — sub`, with the MSE markup (`<word-list-type-en>`, `<atom-sep>`,
`<soft>` ...) taken out; the characters keep their place in the file, and the made-up dash
takes the place where the `sub_type` value starts. Files are read line by line, one card at a
time.
"""

from __future__ import annotations

import io
import os
import zipfile
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from typing import IO, TYPE_CHECKING, BinaryIO

from mtg_typeline.findings import STDIN
from mtg_typeline.records import NamedTuple
from mtg_typeline.sources import ZipLimits
from mtg_typeline.sources.base import Entry, Passed, Place, SourceError
from mtg_typeline.sources.inputs import peek
from mtg_typeline.sources.mse.capped import capped
from mtg_typeline.sources.mse.markup import face_line, plain, rewrite_face
from mtg_typeline.sources.mse.syntax import FIELD, Card, Include, Lines, cards, parse

if TYPE_CHECKING:
    from mtg_typeline.sources import ReaderFunc, SourceSettings

_LIMITS = ZipLimits()
_ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")
# what reading a broken or unusual zip raises (bad CRC, truncated data, encryption, methods)
_ZIP_ERRORS = (zipfile.BadZipFile, zlib.error, RuntimeError, NotImplementedError, EOFError)


def make_reader(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of `.mse-set` zips, `set` files and `card …` files."""
    return partial(read_input, root=settings.root, limits=settings.limits)


def read_input(
    stream: BinaryIO,
    path: str,
    progress: Callable[[int], None],
    root: str = "",
    limits: ZipLimits = _LIMITS,
) -> Iterator[Entry | Passed]:
    """The type lines of a `.mse-set` zip (each member read within `limits`), or of a `set`
    or `card …` text file (with the card files a `set` file includes, when they are beside
    it). `path` is the input's name, relative to `root` (see `discovery.Names`), where its
    other files are found."""
    head = peek(stream, 4)
    if head.startswith(_ZIP_MAGIC):
        yield from _read_zip(stream, path, progress, limits)
        return
    folder = None if path == STDIN else path.rpartition("/")[0]
    package = _folder_package(folder, root) if folder is not None else None
    reading = _Reading(package)
    yield from reading.main(Lines(stream, progress), None)
    reading.finish()


def read_folder(path: str, settings: SourceSettings) -> Iterator[Entry | Passed]:
    """The type lines of an unzipped set: its `set` file and every `card …` file in it.
    `path` is the folder's name, relative to `settings.root` (see `discovery.Names`)."""
    folder = os.path.join(settings.root, path)
    if not os.path.isfile(os.path.join(folder, "set")):
        raise SourceError(f"{path} is not a Magic Set Editor set: it has no `set` file")
    reading = _Reading(_folder_package(path, settings.root))
    yield from reading.member("set", Place(1, 1), nested=False)
    for name in sorted(os.listdir(folder)):
        if name.startswith("card ") and os.path.isfile(os.path.join(folder, name)):
            yield from reading.member(name, Place(1, 1))
    reading.finish()


Opener = Callable[[], IO[bytes]]


class _Package(NamedTuple):
    """The files of a set, by name: how to open each file of the name (none when absent;
    a zip may hold two members of one name), and how entries name it."""

    copies: Callable[[str], list[Opener]]
    path_of: Callable[[str], str]


def _folder_package(folder: str, root: str) -> _Package:
    """The files of a set in `folder` (a name relative to `root`)."""

    def path_of(name: str) -> str:
        return f"{folder.rstrip('/')}/{name}" if folder not in ("", ".") else name

    def copies(name: str) -> list[Opener]:
        file = os.path.join(root, path_of(name))
        return [lambda: open(file, "rb")] if os.path.isfile(file) else []

    return _Package(copies, path_of)


def _read_zip(
    stream: BinaryIO, path: str, progress: Callable[[int], None], limits: ZipLimits
) -> Iterator[Entry | Passed]:
    """A zipped set: its `set` member, the card members it includes, then the other `card …`
    members in name order, each read within `limits` (see `sources.mse.capped`). Entries
    name a member `<zip path>/<member>`."""
    if not stream.seekable():
        stream = io.BytesIO(stream.read())
    try:
        archive = zipfile.ZipFile(stream)
        members: dict[str, list[Opener]] = {}
        for info in archive.infolist():
            if not info.is_dir():
                members.setdefault(info.filename, []).append(partial(_open_capped, archive, info, limits))
    except (*_ZIP_ERRORS, OSError, ValueError) as exc:
        raise SourceError(f"{path} is not a readable zip file ({exc})") from None
    with archive:
        if "set" not in members:
            raise SourceError(f"{path} is not a Magic Set Editor set: the zip has no `set` member")
        reading = _Reading(_Package(lambda name: members.get(name, []), lambda name: f"{path}/{name}"))
        if (repeated := _repeated(path, archive)) is not None:
            reading.errors.append((repeated, Place(1, 1), None))
        yield from reading.member("set", Place(1, 1), nested=False)
        for name in sorted(n for n in members if n.startswith("card ") and "/" not in n):
            yield from reading.member(name, Place(1, 1))
        progress(sum(info.compress_size for info in archive.infolist()))
        reading.finish()


def _open_capped(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limits: ZipLimits) -> IO[bytes]:
    return capped(archive.open(info), info.filename, info.compress_size, limits)


def _repeated(path: str, archive: zipfile.ZipFile) -> str | None:
    """What is wrong with a zip holding two members (or folders) of one name, if it does.
    Such a zip is read whole, every copy, but a fix could not say which copy it edits, so
    it is reported (and `fix.zipped` leaves it alone)."""
    counts = Counter(info.filename for info in archive.infolist())
    repeated = [(name, count) for name, count in counts.items() if count > 1]
    if not repeated:
        return None
    (name, count), more = repeated[0], len(repeated) - 1
    also = f", and {more} more name{'s are' if more > 1 else ' is'} repeated too" if more else ""
    return f"{path} holds {count} members named {name!r}{also} (--fix leaves such a zip as it is)"


class _Reading:
    """Reading one set: the card files read so far (each name is read once) and the problems
    met in card files (or a zip's repeated names), reported together at the end so one
    broken card file doesn't stop the others from being checked."""

    def __init__(self, package: _Package | None) -> None:
        self.package = package
        self.read: set[str] = set()
        # message, place, and the card file it is in (None: the place is in the input)
        self.errors: list[tuple[str, Place, str | None]] = []

    def main(self, lines: Lines, where: str | None) -> Iterator[Entry | Passed]:
        """The entries of a `set` or card file, and of the card files it includes."""
        for event in parse(lines):
            if isinstance(event, Include):
                if self.package is not None and _plain_name(event.name):
                    # a problem in the card file is placed at the line naming it, when that
                    # line is in the input itself
                    yield from self.member(event.name, event.place if where is None else Place(1, 1))
            else:
                yield from _entries(event, where)

    def member(self, name: str, cause: Place, *, nested: bool = True) -> Iterator[Entry | Passed]:
        """The entries of one file of the set (`nested`: included, so its own includes are
        not followed); a missing file is skipped (a partial set is still checked)."""
        if name in self.read or self.package is None:
            return
        self.read.add(name)
        for opener in self.package.copies(name):
            yield from self._copy(opener, self.package.path_of(name), cause, nested)

    def _copy(self, opener: Opener, where: str, cause: Place, nested: bool) -> Iterator[Entry | Passed]:
        """The entries of one copy of a file of the set, named `where`."""
        try:
            with opener() as stream:
                lines = Lines(stream, _no_progress)
                if nested:
                    yield from (entry for card in cards(lines) for entry in _entries(card, where))
                else:
                    yield from self.main(lines, where)
        except SourceError as exc:
            self.errors.append((exc.message, Place(exc.line, exc.column), where))
        except (*_ZIP_ERRORS, OSError, ValueError) as exc:
            self.errors.append((f"cannot read {where}: {exc}", cause, None))

    def finish(self) -> None:
        """Raise the first problem met, saying how many more files had one."""
        if not self.errors:
            return
        message, place, where = self.errors[0]
        more = len(self.errors) - 1
        if more:
            message += f" (and {more} more file{'s' if more > 1 else ''} of the set could not be read)"
        raise SourceError(message, place.line, place.column, where)


def _no_progress(size: int) -> None:
    """Progress of files other than the input itself is not counted."""


def included_files(path: str) -> frozenset[str]:
    """The names of the files of its folder that the `set` file at `path` (on disk)
    includes; none when it can't be read."""
    try:
        with open(path, "rb") as stream:
            events = parse(Lines(stream, _no_progress))
            return frozenset(e.name for e in events if isinstance(e, Include) and _plain_name(e.name))
    except (OSError, SourceError):
        return frozenset()


def _plain_name(name: str) -> bool:
    """Whether an included name is a file of the set itself (never a path elsewhere)."""
    return bool(name) and "/" not in name and "\\" not in name and name not in (".", "..")


# Cards to entries


def _entries(card: Card, where: str | None) -> Iterator[Entry | Passed]:
    """One entry per face with a type: face 1 from `super_type`/`sub_type`, face N from
    the `_N` keys; the card name from `name` (`name_N` for face N when it has one); a fix
    may rewrite them. A named card with no type on any face is a card with no type line
    (`Passed`, at its name)."""
    name = plain(card.get("name"))
    faces = sorted({int(m.group(2) or 1) for key in card if (m := FIELD.match(key))})
    typed = False
    for face in faces:
        suffix = "" if face == 1 else f" {face}"
        built = face_line(card.get("super type" + suffix), card.get("sub type" + suffix))
        if built is None:
            continue
        typed = True
        text, locate = built
        supertypes, subtypes = card.get("super type" + suffix), card.get("sub type" + suffix)
        rewrite = partial(rewrite_face, supertypes, subtypes, text)
        yield Entry(text, locate, plain(card.get("name" + suffix)) or name or None, (), where, rewrite)
    if not typed and name and (field := card.get("name")) is not None:
        yield Passed(name, (field.key.line, field.key.column), path=where)
