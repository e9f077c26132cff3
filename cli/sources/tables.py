"""CSV and TSV card lists (deck and collection exports, spreadsheets): one type line a row.

The type column is found by its header (`type_line`, `Type Line`, `type`, `types`, `card
type`, compared without case, spaces, `_` and `-`) or named with `--column` (a header name,
or a 1-based number, which also reads files without a header). The card name comes from a
`name`, `card name` or `card` column.

The file is streamed: `csv.reader` parses rows from blocks of lines, and only the last few
blocks are kept, so memory stays flat however long the file is. The hot loop does one
dictionary lookup a row: each distinct type cell is checked once, with the rules of the run,
and remembered as clean or not. Clean rows are only counted; every other row
becomes an entry of its own, with its card and the blocks that hold its record, from which
the place of each character of the cell (quoting accounted for) is worked out if asked.
"""

from __future__ import annotations

import csv
import io
import itertools
import re
from collections import deque
from collections.abc import Callable, Iterator
from functools import partial
from typing import BinaryIO

from mtg_typeline.sources import SourceSettings
from mtg_typeline.sources.base import Entry, NotCardData, SourceError
from mtg_typeline.sources.table_places import END, locate, rewrite, span, swallowed
from mtg_typeline.sources.text import NOT_UTF8

# Header names, compared lowered and without spaces, `_` and `-`; best first.
TYPE_HEADERS = ("typeline", "type", "types", "cardtype", "cardtypes")
NAME_HEADERS = ("name", "cardname", "card")
# Other names the header row of a card list often has (to tell a header from a data row).
OTHER_HEADERS = frozenset(
    (
        *("set", "setcode", "setname", "edition", "number", "collectornumber", "quantity", "qty"),
        *("count", "cost", "manacost", "cmc", "manavalue", "rarity", "color", "colors", "lang"),
        *("language", "foil", "condition", "price", "artist", "power", "toughness"),
    )
)
_BLOCK_CHARS = 1 << 16  # lines are read in blocks of about this many characters
_KEPT_BLOCKS = 4  # blocks kept for reading a record with findings again
_MAX_KNOWN = 16384  # distinct type cells remembered
_MAX_KNOWN_CHARS = 512
# What `known` holds for a type cell: True clean, False with findings (each row an entry), None empty.
Known = dict[str, bool | None]


def make_reader(
    fmt: str, settings: SourceSettings
) -> Callable[[BinaryIO, str, Callable[[int], None]], Iterator[Entry | int]]:
    """The reader of CSV and TSV files (`fmt` is "csv")."""

    def read(stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Entry | int]:
        text = io.TextIOWrapper(stream, encoding="utf-8", errors="surrogateescape", newline="")
        try:  # clean rows come as counts (see sources.base.Reader)
            items = _Table(settings, path, _Lines(text, stream, progress)).items()
            yield from (item for item in items if item != 0)  # few: counts come between findings
        finally:
            text.detach()  # the caller owns `stream`

    return read


class _Lines:
    """The input's lines, read in blocks; the last few blocks stay at hand so that the raw
    text of a record can be read again when its type cell has findings."""

    def __init__(self, text: io.TextIOWrapper, stream: BinaryIO, progress: Callable[[int], None]) -> None:
        self.text = text
        self.stream = stream
        self.progress = progress
        self.told = 0
        self.kept: deque[tuple[int, list[str]]] = deque(maxlen=_KEPT_BLOCKS)
        self.first = text.readlines(_BLOCK_CHARS)
        if self.first:
            self.first[0] = self.first[0].removeprefix("\ufeff")

    def blocks(self) -> Iterator[list[str]]:
        number, block = 1, self.first
        while block:
            self.kept.append((number, block))
            number += len(block)
            self.tell()
            yield block
            block = self.text.readlines(_BLOCK_CHARS)
        yield [END]

    def tell(self) -> None:
        try:
            done = self.stream.tell()
        except (OSError, ValueError):  # a pipe: no progress to tell
            return
        self.progress(done - self.told)
        self.told = done

    def lone_cr(self) -> bool:
        """Whether a line ended by a CR alone has been read (the decoder tells the line ends
        it met): the lines of an edit (see `sources.edits`) are then no longer the lines
        counted here, so no cell is rewritten from there on."""
        seen = self.text.newlines
        return seen == "\r" or (isinstance(seen, tuple) and "\r" in seen)

    def broken_record(self, delimiter: str, seen: int) -> int:
        """The first line of the record `csv.reader` failed on, found by parsing the file again
        and following each record's end (a pipe can't be read again: `seen`, where it failed)."""
        try:
            self.stream.seek(0)
        except (OSError, ValueError):
            return seen
        text = io.TextIOWrapper(self.stream, encoding="utf-8", errors="surrogateescape", newline="")
        rows, end = csv.reader(text, delimiter=delimiter), 0
        try:
            for _ in rows:
                end = rows.line_num
        except csv.Error:
            pass
        finally:
            text.detach()
        return end + 1


class _Table:
    """The state of reading one table: its dialect, its columns, the type cells seen."""

    def __init__(self, settings: SourceSettings, path: str, lines: _Lines) -> None:
        self.settings = settings
        self.path = path
        self.lines = lines
        self.delimiter = _delimiter(path, lines.first[0] if lines.first else "")
        self.column = 0
        self.name_column: int | None = None
        self.known: Known = {}
        self.findings: Callable[[str], tuple[object, ...]] = lambda text: (text,)
        if settings.checker is not None:  # the run's: its cache serves the engine too
            self.findings = settings.checker.check
        elif settings.rules is not None:
            from mtg_typeline.checker import Checker

            self.findings = Checker(settings.rules).evaluate

    def items(self) -> Iterator[Entry | int]:
        """The entries of rows that may have findings, and counts of clean rows between them."""
        rows = csv.reader(itertools.chain.from_iterable(self.lines.blocks()), delimiter=self.delimiter)
        known, clean, row = self.known, 0, [""]
        try:
            header = next(rows)
            while not header:  # blank lines before the header
                header = next(rows)
            if header == [END]:
                return  # an empty file
            if self.choose_columns(header, rows.line_num):  # no header: the first row is data
                clean = self.first_row(header, rows.line_num)
                if clean < 0:
                    yield self.entry(header, rows.line_num)
                    clean = 0
            column = self.column
            for row in rows:  # the hot loop
                try:
                    sort = known[row[column]]
                except LookupError:
                    sort = self.first_seen(row, rows.line_num)
                if sort:
                    clean += 1
                elif sort is not None:
                    yield clean
                    clean = 0
                    yield self.entry(row, rows.line_num)
            yield clean
            clean = 0
            if swallowed(row):  # a quoted cell after the type cell ran to the end
                raise self.unterminated(row, rows.line_num)
        except csv.Error as exc:
            yield clean
            start = self.lines.broken_record(self.delimiter, rows.line_num)
            raise SourceError(f"not valid CSV: {exc}", start) from None
        except SourceError:
            yield clean
            raise

    def choose_columns(self, header: list[str], line: int) -> bool:
        """Find the type and name columns; True if the first row is data, not a header."""
        names = [_norm(cell) for cell in header]
        wanted = self.settings.column
        if wanted is not None and wanted.strip().isdigit():
            self.column = int(wanted) - 1
            if not 0 <= self.column < len(header):
                raise NotCardData(f"--column {wanted.strip()}: the first row has {len(header)} columns", line)
            known = (*TYPE_HEADERS, *NAME_HEADERS, *OTHER_HEADERS)
            if not any(name in known for name in names):
                return True
        elif wanted is not None:
            if _norm(wanted) not in names:
                raise NotCardData(f"no column {wanted!r}: the header has {_shown(header)}", line)
            self.column = names.index(_norm(wanted))
        else:
            found = [names.index(name) for name in TYPE_HEADERS if name in names]
            if not found:
                raise NotCardData(
                    f"no type-line column: the header has {_shown(header)}; name the column of "
                    "the type lines with --column NAME, or --column NUMBER (1 is the first)",
                    line,
                )
            self.column = found[0]
        self.name_column = next((names.index(name) for name in NAME_HEADERS if name in names), None)
        return False

    def first_row(self, row: list[str], end: int) -> int:
        """The first row, when it is data: 1 if clean, 0 if it has no type cell, -1 if it needs
        an entry."""
        sort = self.first_seen(row, end)
        return 0 if sort is None else 1 if sort else -1

    def first_seen(self, row: list[str], end: int) -> bool | None:
        """Sort a type cell not seen lately (or a row without one) and remember it."""
        if len(row) <= self.column or row == [END]:
            if swallowed(row):
                raise self.unterminated(row, end)
            return None  # a blank or short row, or the end: no type cell
        text = row[self.column]
        if text.endswith(END):
            raise self.unterminated(row, end)
        if bad := NOT_UTF8.search(text):  # bytes that are not UTF-8, kept by surrogateescape
            where = locate(tuple(self.lines.kept), row, end, self.column, self.delimiter)
            line, column, _ = where.region(bad.start(), bad.end())
            byte = ord(bad.group()) - 0xDC00
            raise SourceError(f"{self.path} is not UTF-8 text (byte 0x{byte:02x})", line, column)
        sort = None
        if text.strip():
            sort = not self.findings(text)  # once per distinct cell lately seen
        if len(text) <= _MAX_KNOWN_CHARS:
            if len(self.known) >= _MAX_KNOWN:
                self.known.clear()
            self.known[text] = sort
        return sort

    def entry(self, row: list[str], end: int) -> Entry:
        """The entry of a row whose type cell may have findings: its card, and the blocks that
        hold its record, from which the places are worked out if they are asked for."""
        card = None
        if self.name_column is not None and self.name_column < len(row):
            card = _readable(row[self.name_column]).strip() or None
        kept = tuple(self.lines.kept)
        where = partial(locate, kept, row, end, self.column, self.delimiter)
        fix = None if self.lines.lone_cr() else partial(rewrite, kept, row, end, self.column, self.delimiter)
        return Entry(row[self.column], where, card, rewrite=fix)

    def unterminated(self, row: list[str], end: int) -> SourceError:
        """A quoted cell that runs to the end of the file (`csv.reader` takes it whole)."""
        start = span(row, end)[0]
        return SourceError("a quoted field is not closed: its quote runs to the end of the file", start)


def _delimiter(path: str, first: str) -> str:
    """Tab for `.tsv` files and for a first line with tabs and no commas; `;` when the first
    line has more of them than commas; else a comma."""
    if path.lower().endswith(".tsv") or ("\t" in first and "," not in first):
        return "\t"
    return ";" if first.count(";") > first.count(",") else ","


def _norm(name: str) -> str:
    return re.sub(r"[\s_\-]+", "", name.lower())


def _readable(text: str) -> str:
    """Text with the bytes that were not UTF-8 shown as U+FFFD."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _shown(header: list[str]) -> str:
    cells = [repr(_readable(cell)) for cell in header[:30]]
    return ", ".join(cells) + (f" and {len(header) - 30} more" if len(header) > 30 else "")
