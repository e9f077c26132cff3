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
import itertools
import re
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, BinaryIO

from mtg_typeline.sources import SourceSettings
from mtg_typeline.sources.base import Entry, NotCardData, SourceError
from mtg_typeline.sources.tables.lines import UTF8, Lines, encoding_of
from mtg_typeline.sources.tables.places import END, locate, opening_quote, rewrite, swallowed

if TYPE_CHECKING:
    from _csv import Reader as _Rows  # what csv.reader gives, with its `line_num`

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
_MAX_KNOWN = 16384  # distinct type cells remembered
_MAX_KNOWN_CHARS = 512
# Characters that stand for bytes that could not be decoded (see `table_lines`).
_UNDECODED = re.compile("[\udc00-\udcff]")
_NOT_BYTES = re.compile("[\ud800-\udc7f\udd00-\udfff]")  # other lone surrogates
# What `known` holds for a type cell: True clean, False with findings (each row an entry), None empty.
Known = dict[str, bool | None]


def make_reader(
    fmt: str, settings: SourceSettings
) -> Callable[[BinaryIO, str, Callable[[int], None]], Iterator[Entry | int]]:
    """The reader of CSV and TSV files (`fmt` is "csv")."""

    def read(stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Entry | int]:
        lines = Lines(stream, encoding_of(stream), progress)
        try:  # clean rows come as counts (see sources.base.Reader)
            items = _Table(settings, path, lines).items()
            yield from (item for item in items if item != 0)  # few: counts come between findings
        finally:
            lines.detach()

    return read


class _Table:
    """The state of reading one table: its dialect, its columns, the type cells seen."""

    def __init__(self, settings: SourceSettings, path: str, lines: Lines) -> None:
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
        self.lines.check_text(self.path)
        rows = csv.reader(itertools.chain.from_iterable(self.lines.blocks()), delimiter=self.delimiter)
        known, clean = self.known, 0
        try:
            first = self.header(rows)
            if first is None:
                return  # an empty file
            row, data = first
            if data:  # no header: the first row is data
                clean = self.first_row(row, rows.line_num)
                if clean < 0:
                    yield self.entry(row, rows.line_num)
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
            if swallowed(row):  # a quoted cell after the type cell (or in the header) ran to the end
                raise self.unterminated(row, rows.line_num)
        except csv.Error as exc:
            yield clean
            start = self.lines.broken_record(self.delimiter, rows.line_num)
            raise SourceError(f"not valid CSV: {exc}", start) from None
        except SourceError:
            yield clean
            raise

    def header(self, rows: _Rows) -> tuple[list[str], bool] | None:
        """The first row that is not blank (None if there is none), its columns chosen, and
        whether it is data rather than a header."""
        header = next(rows)
        while not header:  # blank lines before the header
            header = next(rows)
        if header == [END]:
            return None
        try:
            return header, self.choose_columns(header, rows.line_num)
        except NotCardData:
            if swallowed(header):  # the header's cells are the whole file: that is what is wrong
                raise self.unterminated(header, rows.line_num) from None
            raise

    def choose_columns(self, header: list[str], line: int) -> bool:
        """Find the type and name columns; True if the first row is data, not a header."""
        names = [_norm(cell) for cell in header]
        wanted = self.settings.column
        if wanted is not None and wanted.strip().isdecimal():
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
        if bad := _UNDECODED.search(text):  # bytes that could not be decoded (see table_lines)
            where = locate(tuple(self.lines.kept), row, end, self.column, self.delimiter)
            line, column, *_ = where.region(bad.start(), bad.end())
            raise SourceError(self.undecoded(bad.group()), line, column)
        sort = None
        if text.strip():
            sort = not self.findings(text)  # once per distinct cell lately seen
        if len(text) <= _MAX_KNOWN_CHARS:
            if len(self.known) >= _MAX_KNOWN:
                self.known.clear()
            self.known[text] = sort
        return sort

    def undecoded(self, char: str) -> str:
        """What is wrong with a character that stands for bytes that could not be decoded."""
        if self.lines.encoding == UTF8:
            return f"{self.path} is not UTF-8 text (byte 0x{ord(char) - 0xDC00:02x})"
        name = self.lines.encoding.upper()
        return f"{self.path} is not valid {name} text (a character that can't be decoded)"

    def entry(self, row: list[str], end: int) -> Entry:
        """The entry of a row whose type cell may have findings: its card, and the blocks that
        hold its record, from which the places are worked out if they are asked for."""
        card = None
        if self.name_column is not None and self.name_column < len(row):
            card = _readable(row[self.name_column].removesuffix(END)).strip() or None
        kept = tuple(self.lines.kept)
        where = partial(locate, kept, row, end, self.column, self.delimiter)
        fix = None
        if self.lines.encoding == UTF8 and not self.lines.lone_cr():  # (edits are made in UTF-8)
            fix = partial(rewrite, kept, row, end, self.column, self.delimiter)
        return Entry(row[self.column], where, card, rewrite=fix)

    def unterminated(self, row: list[str], end: int) -> SourceError:
        """A quoted cell that runs to the end of the file (`csv.reader` takes it whole)."""
        line, column = opening_quote(tuple(self.lines.kept), row, end, self.delimiter)
        message = "a quoted field is not closed: its quote runs to the end of the file"
        return SourceError(message, line, column)


def _delimiter(path: str, first: str) -> str:
    """Tab for `.tsv` files and for a first line with tabs and no commas; `;` when the first
    line has more of them than commas; else a comma."""
    if path.lower().endswith(".tsv") or ("\t" in first and "," not in first):
        return "\t"
    return ";" if first.count(";") > first.count(",") else ","


def _norm(name: str) -> str:
    return re.sub(r"[\s_\-]+", "", name.lower())


def _readable(text: str) -> str:
    """Text with the bytes that could not be decoded shown as U+FFFD."""
    text = _NOT_BYTES.sub("\ufffd", text)  # (U+DC00 in UTF-16 or UTF-32: see table_lines)
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _shown(header: list[str]) -> str:
    cells = [repr(_readable(cell)) for cell in header[:30]]
    return ", ".join(cells) + (f" and {len(header) - 30} more" if len(header) > 30 else "")
