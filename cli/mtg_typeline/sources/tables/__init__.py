"""CSV and TSV card lists (deck and collection exports, spreadsheets): one type line a row.

The type column is found by its header (`type_line`, `Type Line`, `type`, `types`, `card
type`, compared without case, spaces, `_` and `-`) or named with `--column` (a header name,
or a 1-based number, which also reads files without a header). The card name comes from a
`name`, `card name` or `card` column.

The file is streamed: `csv.reader` parses rows from blocks of lines, and only the blocks of
the rows being read (and a few before) are kept, so memory stays flat however long the file
is. The rows go to the engine a batch at a time (`Batch`: their type cells, taken in one
pass), and the engine asks for the entry of a row only when its type line has findings:
its card, and the blocks that hold its record, from which the place of each character of
the cell (quoting accounted for) is worked out if asked.
"""

from __future__ import annotations

import contextlib
import csv
import itertools
import re
from collections.abc import Callable, Iterator
from functools import partial
from operator import itemgetter
from typing import TYPE_CHECKING, BinaryIO, cast

from mtg_typeline.sources import ReaderFunc, SourceSettings
from mtg_typeline.sources.base import Batch, Entry, NotCardData, SourceError
from mtg_typeline.sources.tables.lines import UTF8, Lines, encoding_of
from mtg_typeline.sources.tables.places import END, line_breaks, locate, opening_quote, rewrite, swallowed

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
BATCH_ROWS = 1024  # rows given to the engine at once
# Characters that stand for bytes that could not be decoded (see `tables.lines`).
_UNDECODED = re.compile("[\udc00-\udcff]")
_NOT_BYTES = re.compile("[\ud800-\udc7f\udd00-\udfff]")  # other lone surrogates


def make_reader(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of CSV and TSV files (`fmt` is "csv")."""

    def read(stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Batch]:
        lines = Lines(stream, encoding_of(stream), progress)
        try:
            yield from _Table(settings, path, lines).batches()
        finally:
            lines.detach()

    return read


class _Table:
    """The state of reading one table: its dialect, its columns."""

    def __init__(self, settings: SourceSettings, path: str, lines: Lines) -> None:
        self.settings = settings
        self.path = path
        self.lines = lines
        self.delimiter = _delimiter(path, lines.first[0] if lines.first else "")
        self.column = 0
        self.name_column: int | None = None

    def batches(self) -> Iterator[Batch]:
        """The rows' type cells, a batch of rows at a time (the first row alone when it is
        data, not a header)."""
        self.lines.check_text(self.path)
        rows = csv.reader(itertools.chain.from_iterable(self.lines.blocks()), delimiter=self.delimiter)
        before = 0
        try:
            first = self.header(rows)
            if first is None:
                return  # an empty file
            row, data = first
            if data:  # no header: the first row is data
                yield from self.batch([row], rows.line_num - 1 - sum(map(line_breaks, row)), rows.line_num)
            elif swallowed(row):  # the header's last cell ran to the end of the file
                raise self.unterminated(row, rows.line_num)
            while True:
                before = rows.line_num
                self.lines.forget_before(before + 1)
                chunk = list(itertools.islice(rows, BATCH_ROWS))  # the hot loop, in C
                if not chunk:
                    return
                yield from self.batch(chunk, before, rows.line_num)
        except csv.Error as exc:
            yield from self.batch(*self.parsed_before_error(before, rows.line_num))
            start = self.lines.broken_record(self.delimiter, rows.line_num)
            raise SourceError(f"not valid CSV: {exc}", start) from None

    def batch(self, chunk: list[list[str]], before: int, after: int) -> Iterator[Batch]:
        """The batch of rows `chunk` (lines `before` + 1 to `after`); then, if its last row
        is the end of a file whose last quoted cell was not closed, the error."""
        texts = _cells(chunk, self.column)
        ends = _Ends(chunk, before, after)
        error = self.last_row(chunk, texts, after)
        if self.lines.met_undecoded():
            error = self.undecoded(chunk, texts, ends) or error
        if texts:
            yield Batch(
                texts, entry=lambda index: self.entry(chunk[index], ends[index]), empty=texts.count(None)
            )
        if error is not None:
            raise error

    def last_row(self, chunk: list[list[str]], texts: list[str | None], end: int) -> SourceError | None:
        """The end of the file, in the last row of a batch: the line `Lines` feeds after the
        last one (left out: no row of the file), or a quoted cell that ran to the end, whose
        error comes after the rows before it (and the row's type cell, if it ended before)."""
        last = chunk[-1] if chunk else None
        if not last or not last[-1].endswith(END):
            return None
        text = last[self.column] if len(last) > self.column else None
        if last == [END] or text is None or text.endswith(END):
            del texts[-1]
        return None if last == [END] else self.unterminated(last, end)

    def undecoded(self, chunk: list[list[str]], texts: list[str | None], ends: _Ends) -> SourceError | None:
        """The error of the first type cell that holds bytes that could not be decoded (it
        and the rows after it are left out of the batch)."""
        for index, text in enumerate(texts):
            if text is not None and (bad := _UNDECODED.search(text)):
                kept, _ = self.lines.at(ends[index])
                where = locate(kept, chunk[index], ends[index], self.column, self.delimiter)
                line, column, *_ = where.region(bad.start(), bad.end())
                del texts[index:]
                return SourceError(self.undecoded_text(bad.group()), line, column)
        return None

    def parsed_before_error(self, before: int, seen: int) -> tuple[list[list[str]], int, int]:
        """The rows of a batch that `csv.reader` read before it failed on line `seen`, read
        again from the lines at hand (a failing batch is given up whole by `islice`), with
        the lines they span."""
        kept, _ = self.lines.at(seen)
        lines = [line for first, block in kept for number, line in enumerate(block, first) if number > before]
        rows = csv.reader(lines, delimiter=self.delimiter)
        parsed: list[list[str]] = []
        with contextlib.suppress(csv.Error):  # (it fails again where it failed)
            parsed.extend(rows)
        spans = sum(1 + sum(map(line_breaks, row)) for row in parsed)
        return parsed, before, before + spans

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

    def undecoded_text(self, char: str) -> str:
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
        kept, lone_cr = self.lines.at(end)
        where = partial(locate, kept, row, end, self.column, self.delimiter)
        fix = None
        if self.lines.encoding == UTF8 and not lone_cr:  # (edits are made in UTF-8)
            fix = partial(rewrite, kept, row, end, self.column, self.delimiter)
        return Entry(row[self.column], where, card, rewrite=fix)

    def unterminated(self, row: list[str], end: int) -> SourceError:
        """A quoted cell that runs to the end of the file (`csv.reader` takes it whole)."""
        line, column = opening_quote(self.lines.at(end)[0], row, end, self.delimiter)
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
    text = _NOT_BYTES.sub("\ufffd", text)  # (U+DC00 in UTF-16 or UTF-32: see tables.lines)
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _shown(header: list[str]) -> str:
    cells = [repr(_readable(cell)) for cell in header[:30]]
    return ", ".join(cells) + (f" and {len(header) - 30} more" if len(header) > 30 else "")


def _cells(chunk: list[list[str]], column: int) -> list[str | None]:
    """The type cell of each row; None for a row without one, or whose cell is blank."""
    try:
        cells: list[str] = list(map(itemgetter(column), chunk))
    except IndexError:  # a short row, a blank line
        return [row[column] if len(row) > column and row[column].strip() else None for row in chunk]
    if cells and (min(cells) <= " " or max(cells) >= "\x85"):  # one may be blank: empty, or
        return [cell if cell.strip() else None for cell in cells]  # white space first
    return cast("list[str | None]", cells)  # (read only, save the last row: see `_Table.last_row`)


class _Ends:
    """The line each row of a batch ends on, worked out when first asked: a row spans its
    line breaks inside cells, and one line more (see `places.span`); the last one ends
    where `csv.reader` stopped (a quoted cell that ran to the end of the file, too)."""

    def __init__(self, chunk: list[list[str]], before: int, after: int) -> None:
        self.chunk = chunk
        self.before = before
        self.after = after
        self.ends: list[int] | None = None

    def __getitem__(self, index: int) -> int:
        if self.after - self.before == len(self.chunk):  # a line a row
            return self.before + index + 1
        if self.ends is None:
            spans = (1 + sum(map(line_breaks, row)) for row in self.chunk)
            self.ends = list(itertools.accumulate(spans, initial=self.before))[1:]
            self.ends[-1] = self.after
        return self.ends[index]
