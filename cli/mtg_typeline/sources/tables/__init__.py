"""CSV and TSV card lists (deck and collection exports, spreadsheets): one type line a row.

The type column is found by its header or named with `--column`, and the card name comes
from a name column (see `tables.columns`); the lines are read in blocks (`tables.lines`) and
a cell's places found by parsing its record again (`tables.places`).

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
from mtg_typeline.sources.base import Batch, Entry, NotCardData, Passed, SourceError
from mtg_typeline.sources.encodings import encoding_hint
from mtg_typeline.sources.tables.columns import choose_columns, readable
from mtg_typeline.sources.tables.delimiters import delimiter_of, shown
from mtg_typeline.sources.tables.lines import UTF8, Lines, encoding_of
from mtg_typeline.sources.tables.places import END, line_breaks, locate, opening_quote, rewrite, swallowed

if TYPE_CHECKING:
    from _csv import Reader as _Rows  # what csv.reader gives, with its `line_num`

BATCH_ROWS = 1024  # rows given to the engine at once
# The longest cell read: the csv module stops at 131,072 characters, which an image kept in a
# cell (base64) passes; a type cell of more than 1,000 characters is TL903 like any long line
_LONGEST_CELL = (1 << 31) - 1
Reread = list[tuple[list[str], int]]  # rows parsed again, each with the line it ends on
# Characters that stand for bytes that could not be decoded (see `tables.lines`).
_UNDECODED = re.compile("[\udc00-\udcff]")


def make_reader(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of CSV and TSV files (`fmt` is "csv")."""

    def read(stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Batch | Passed]:
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
        self.delimiter = delimiter_of(path, lines.first, settings.delimiter)
        self.column = 0
        self.name_column: int | None = None

    def batches(self) -> Iterator[Batch | Passed]:
        """The rows' type cells, a batch of rows at a time (the first row alone when it is
        data, not a header), each batch followed by its cards with no type line."""
        self.lines.check_text(self.path)
        if csv.field_size_limit() < _LONGEST_CELL:  # (an image kept in a cell, base64: not invalid CSV)
            csv.field_size_limit(_LONGEST_CELL)
        rows = csv.reader(itertools.chain.from_iterable(self.lines.blocks()), delimiter=self.delimiter)
        before, cells = 0, list[str | None]()
        try:
            first = self.header(rows)
            if first is None:
                return  # an empty file
            row, data = first
            if data:  # no header: the first row is data
                yield from self.first_row(row, rows.line_num)
            elif swallowed(row):  # the header's last cell ran to the end of the file
                raise self.unterminated(row, rows.line_num)
            get = itemgetter(self.column)
            while not self.lines.ended:
                before, cells = rows.line_num, []
                self.lines.forget_before(before + 1)
                _take_cells(cells, itertools.islice(rows, BATCH_ROWS), get)  # the hot loop, in C
                yield from self.batch(cells, _BatchRows(self, before, rows.line_num, len(cells)))
        except csv.Error as exc:
            again = self.reread(before, rows.line_num)  # the rows read before it failed
            yield from self.batch(
                cells, _BatchRows(self, before, again[-1][1] if again else before, len(cells), again)
            )
            start = self.lines.broken_record(self.delimiter, rows.line_num)
            if "field larger than field limit" in str(exc):
                raise SourceError(
                    f"a cell of more than {_LONGEST_CELL:,} characters: not read", start
                ) from None
            raise SourceError(f"not valid CSV: {exc}", start) from None

    def first_row(self, row: list[str], end: int) -> Iterator[Batch | Passed]:
        """The first row, when it is data (no header), as a batch of its own."""
        cell = row[self.column] if len(row) > self.column else None
        yield from self.batch(
            [cell], _BatchRows(self, end - 1 - sum(map(line_breaks, row)), end, 1, [(row, end)])
        )

    def batch(self, cells: list[str | None], rows: _BatchRows) -> Iterator[Batch | Passed]:
        """The batch of the type cells of `rows`, and its rows that are cards with no type
        line; then, if its last row is the end of a file whose last quoted cell was not
        closed, or a type cell holds bytes that could not be decoded, the error."""
        texts, empty = _blank_out(cells)
        error = self.last_row(texts, rows) if self.lines.ended else None
        if self.lines.met_undecoded():
            error = self.undecoded(texts, rows) or error
        if self.lines.ended or error is not None:
            empty = texts.count(None)  # (the end of the file, rows left out: no longer in it)
        if texts:
            yield Batch(texts, entry=lambda index: self.entry(*rows.row(index)), empty=empty)
        if empty:
            yield from self.typeless(texts, rows)
        if error is not None:
            raise error

    def last_row(self, texts: list[str | None], rows: _BatchRows) -> SourceError | None:
        """The end of the file, in the last row of the last batch: the line `Lines` feeds
        after the last one (left out: no row of the file), or a quoted cell that ran to the
        end, whose error comes after the rows before it (and the row's type cell, if it
        ended before)."""
        if not texts:
            return None
        last, end = rows.row(len(texts) - 1)
        if not last or not last[-1].endswith(END):
            return None
        text = last[self.column] if len(last) > self.column else None
        if last == [END] or text is None or text.endswith(END):
            del texts[-1]
        return None if last == [END] else self.unterminated(last, end)

    def typeless(self, texts: list[str | None], rows: _BatchRows) -> Iterator[Passed]:
        """The rows of the batch that hold a card and no type line: a row with a cell that
        is not blank whose type cell is empty or missing (a blank line holds no card)."""
        for index, text in enumerate(texts):
            if text is None:
                row, end = rows.row(index)
                if any(cell.removesuffix(END).strip() for cell in row):
                    yield Passed(self.card_of(row), (end - sum(map(line_breaks, row)), 1))

    def undecoded(self, texts: list[str | None], rows: _BatchRows) -> SourceError | None:
        """The error of the first type cell that holds bytes that could not be decoded (it
        and the rows after it are left out of the batch)."""
        for index, text in enumerate(texts):
            if text is not None and (bad := _UNDECODED.search(text)):
                row, end = rows.row(index)
                kept = self.lines.at(end)
                where = locate(kept, row, end, self.column, self.delimiter)
                line, column, *_ = where.region(bad.start(), bad.end())
                del texts[index:]
                return SourceError(self.undecoded_text(bad.group(), text), line, column)
        return None

    def reread(self, before: int, last: int) -> Reread:
        """The rows of lines `before` + 1 to `last`, parsed again from the lines at hand,
        each with the line it ends on (those before an error in them, if there is one)."""
        rows = csv.reader(self.lines.between(before, last), delimiter=self.delimiter)
        found: Reread = []
        with contextlib.suppress(csv.Error):  # (it fails again where it failed)
            for row in rows:
                found.append((row, before + rows.line_num))
        return found

    def header(self, rows: _Rows) -> tuple[list[str], bool] | None:
        """The first row that is not blank (None if there is none), its columns chosen, and
        whether it is data rather than a header."""
        header = next(rows)
        while not header:  # blank lines before the header
            header = next(rows)
        if header == [END]:
            return None
        try:
            columns = choose_columns(header, rows.line_num, self.settings.column)
        except NotCardData as exc:
            if swallowed(header):  # the header's cells are the whole file: that is what is wrong
                raise self.unterminated(header, rows.line_num) from None
            if len(header) == 1 and self.settings.delimiter is None:  # not split: another delimiter?
                hint = f"; read with {shown(self.delimiter)} as the delimiter: give another with --delimiter"
                raise NotCardData(exc.message + hint, exc.line, exc.column) from None
            raise
        self.column, self.name_column = columns.column, columns.name
        return header, columns.data

    def undecoded_text(self, char: str, cell: str) -> str:
        """What is wrong with a character that stands for bytes that could not be decoded
        (in `cell`): in a file read as UTF-8, the encoding it is likely in and how to read
        it; in one read with `--encoding`, that encoding."""
        byte = f"byte 0x{ord(char) - 0xDC00:02x}"
        if self.settings.encoding is not None:
            return f"{self.path} is not valid {self.settings.encoding.upper()} text ({byte})"
        if self.lines.encoding == UTF8:
            hint = encoding_hint(cell.encode(UTF8, "surrogateescape"))
            return f"{self.path} is not UTF-8 text ({byte}){hint}"
        name = self.lines.encoding.upper()
        return f"{self.path} is not valid {name} text (a character that can't be decoded)"

    def entry(self, row: list[str], end: int) -> Entry:
        """The entry of a row whose type cell may have findings: its card, and the blocks that
        hold its record, from which the places are worked out if they are asked for."""
        card = self.card_of(row)
        kept = self.lines.at(end)
        where = partial(locate, kept, row, end, self.column, self.delimiter)
        fix = None
        if self.lines.encoding == UTF8:  # (edits are made in UTF-8)
            fix = partial(rewrite, kept, row, end, self.column, self.delimiter)
        return Entry(row[self.column], where, card, rewrite=fix)

    def card_of(self, row: list[str]) -> str | None:
        """The card name in `row`'s name column, if the table has one and the row holds it."""
        if self.name_column is not None and self.name_column < len(row):
            return readable(row[self.name_column].removesuffix(END)).strip() or None
        return None

    def unterminated(self, row: list[str], end: int) -> SourceError:
        """A quoted cell that runs to the end of the file (`csv.reader` takes it whole)."""
        line, column = opening_quote(self.lines.at(end), row, end, self.delimiter)
        message = "a quoted field is not closed: its quote runs to the end of the file"
        return SourceError(message, line, column)


def _take_cells(cells: list[str | None], rows: Iterator[list[str]], get: Callable[[list[str]], str]) -> None:
    """Add the type cell of each row to `cells`: None for a row without one (a short row, a
    blank line). The rows themselves are not kept (see `_BatchRows`)."""
    while True:
        try:
            cells.extend(map(get, rows))
            return
        except IndexError:
            cells.append(None)


def _blank_out(cells: list[str | None]) -> tuple[list[str | None], int]:
    """`cells` with None for the blank ones (empty, or white space alone), and how many are
    None. None of them starts with white space (or is empty) when the least starts after the
    space and the greatest before U+0085, the first white space that is not ASCII; else each
    is looked at."""
    texts = cast("list[str]", cells)  # (or a None among them: then min and max fail)
    try:
        if not texts or (min(texts) >= "!" and max(texts) < "\x85"):
            return cells, 0
    except TypeError:
        pass
    blanked = [cell if cell and cell.strip() else None for cell in cells]
    return blanked, blanked.count(None)


class _BatchRows:
    """The rows of one batch, parsed again from the lines at hand when an entry is asked
    for: a batch keeps only its type cells, since rows kept alive would cost the garbage
    collector more than reading the few that are asked for again. `count` rows spanning
    lines `before` + 1 to `after`; `rows`, those already at hand, each with its last line."""

    def __init__(
        self,
        table: _Table,
        before: int,
        after: int,
        count: int,
        rows: Reread | None = None,
    ) -> None:
        self.table = table
        self.before = before
        self.after = after
        self.count = count
        self.rows = rows

    def row(self, index: int) -> tuple[list[str], int]:
        """Row `index` and the line it ends on."""
        if self.rows is None and self.after - self.before == self.count:  # a line a row
            end = self.before + index + 1
            line = self.table.lines.between(end - 1, end)
            return next(csv.reader(line, delimiter=self.table.delimiter), []), end
        if self.rows is None:
            self.rows = self.table.reread(self.before, self.after)
        return self.rows[index]
