"""The lines of a CSV or TSV file, decoded and read in blocks for `tables`.

A table is UTF-8 (bytes that are not are kept as surrogate escapes, U+DC80–U+DCFF, so that
they can be reported where they stand), or UTF-16 or UTF-32 when it starts with that
byte-order mark, as spreadsheet programs write "Unicode text". There, a code unit that can't
be decoded (half of a surrogate pair, a byte left over) is read as one U+DC00, one character
as an editor shows one: the columns after it stay right. A file that holds NUL characters
near its start is not text in the encoding it was read in (UTF-16 without its mark, mostly).
"""

from __future__ import annotations

import codecs
import csv
import io
from bisect import bisect_right
from collections.abc import Callable, Iterator
from typing import BinaryIO

from mtg_typeline.sources import BOM
from mtg_typeline.sources.base import SourceError
from mtg_typeline.sources.inputs import peek
from mtg_typeline.sources.tables.places import END, Blocks

UTF8 = "utf-8"
BLOCK_CHARS = 1 << 16  # lines are read in blocks of about this many characters
KEPT_BLOCKS = 4  # blocks kept for reading a record with findings again
BROKEN_UNIT = "\udc00"  # a UTF-16 or UTF-32 code unit that can't be decoded
# The byte-order marks, the longer first (UTF-32 LE starts as UTF-16 LE does).
_MARKS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_BROKEN_UNITS = "mtg_typeline.broken-unit"
_ESCAPED = "mtg_typeline.counted-surrogateescape"
_escape = codecs.lookup_error("surrogateescape")


class _Undecoded:
    """How many times bytes that could not be decoded were met (by any table read in this
    process): while none were, no type cell can hold one."""

    times = 0


def _one_mark(error: UnicodeError) -> tuple[str, int]:
    if isinstance(error, UnicodeDecodeError):
        _Undecoded.times += 1
        return BROKEN_UNIT, error.end
    raise error


def _escaped(error: UnicodeError) -> tuple[str | bytes, int]:
    _Undecoded.times += 1
    return _escape(error)


codecs.register_error(_BROKEN_UNITS, _one_mark)
codecs.register_error(_ESCAPED, _escaped)


def encoding_of(stream: BinaryIO) -> str:
    """The codec a table is read with: by its byte-order mark, else UTF-8 (a stream that
    can't be looked into, too)."""
    head = peek(stream, 4)
    return next((name for mark, name in _MARKS if head.startswith(mark)), UTF8)


def decoded(stream: BinaryIO, encoding: str) -> io.TextIOWrapper:
    """`stream` as text, its line ends kept (csv.reader needs them); detach it after use."""
    errors = _ESCAPED if encoding == UTF8 else _BROKEN_UNITS
    return io.TextIOWrapper(stream, encoding=encoding, errors=errors, newline="")


class Lines:
    """The input's lines, read in blocks; blocks stay at hand so that the raw text of a
    record can be read again when its type cell has findings: those of the rows being read
    and the `KEPT_BLOCKS` - 1 before them (see `at`)."""

    def __init__(self, stream: BinaryIO, encoding: str, progress: Callable[[int], None]) -> None:
        self.stream = stream
        self.encoding = encoding
        self.text = decoded(stream, encoding)
        self.progress = progress
        self.told = 0
        self.undecoded = _Undecoded.times  # (as many as before this input)
        self.kept: list[tuple[int, list[str]]] = []
        self.starts: list[int] = []  # the first line of each kept block
        self.ended = False  # the line fed after the last (`END`) has been given
        self.first = self.text.readlines(BLOCK_CHARS)
        if self.first:  # (the UTF-16 and UTF-32 codecs take their mark themselves)
            self.first[0] = self.first[0].removeprefix(BOM)

    def blocks(self) -> Iterator[list[str]]:
        number, block = 1, self.first
        while block:
            self.kept.append((number, block))
            self.starts.append(number)
            number += len(block)
            self.tell()
            yield block
            block = self.text.readlines(BLOCK_CHARS)
        self.ended = True
        yield [END]

    def at(self, end: int) -> Blocks:
        """The blocks that were at hand when the record ending on line `end` was read (its
        last line's and the `KEPT_BLOCKS` - 1 before)."""
        index = bisect_right(self.starts, end) - 1
        return tuple(self.kept[max(index + 1 - KEPT_BLOCKS, 0) : index + 1])

    def between(self, before: int, last: int) -> list[str]:
        """Lines `before` + 1 to `last` (they are at hand: see `forget_before`), with the line
        fed after the last one where they run past the file's end."""
        found: list[str] = []
        for first, block in self.kept:
            if first + len(block) > before + 1 and first <= last:
                found += block[max(before + 1 - first, 0) : last + 1 - first]
        if self.kept and last >= self.starts[-1] + len(self.kept[-1][1]):
            found.append(END)
        return found

    def forget_before(self, line: int) -> None:
        """Let go of the blocks no record from line `line` on needs (see `at`)."""
        index = bisect_right(self.starts, line) - 1
        drop = max(index + 1 - KEPT_BLOCKS, 0)
        if drop:
            del self.kept[:drop], self.starts[:drop]

    def met_undecoded(self) -> bool:
        """Whether bytes that could not be decoded may have been read (a type cell may then
        hold one)."""
        return _Undecoded.times != self.undecoded

    def tell(self) -> None:
        try:
            done = self.stream.tell()
        except (OSError, ValueError):  # a pipe: no progress to tell
            return
        self.progress(done - self.told)
        self.told = done

    def detach(self) -> None:
        self.text.detach()  # the caller owns the stream

    def check_text(self, path: str) -> None:
        """Raise if the first block holds a NUL: not text in this encoding. Without this, a
        UTF-16 file without its mark reads as a header of garbled names."""
        for number, line in enumerate(self.first, 1):
            if (column := line.find("\x00") + 1) > 0:
                hint = " (UTF-16 without a byte-order mark?)" if self.encoding == UTF8 else ""
                name = "UTF-8" if self.encoding == UTF8 else self.encoding.upper()
                raise SourceError(f"{path} is not {name} text: it holds NUL bytes{hint}", number, column)

    def broken_record(self, delimiter: str, seen: int) -> int:
        """The first line of the record `csv.reader` failed on, found by parsing the file again
        and following each record's end (a pipe can't be read again: `seen`, where it failed)."""
        try:
            self.stream.seek(0)
        except (OSError, ValueError):
            return seen
        text = decoded(self.stream, self.encoding)
        rows, end = csv.reader(text, delimiter=delimiter), 0
        try:
            for _ in rows:
                end = rows.line_num
        except csv.Error:
            pass
        finally:
            text.detach()
        return end + 1
