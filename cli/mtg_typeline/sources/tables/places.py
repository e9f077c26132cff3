"""Where the characters of a CSV cell are in the file: its record is parsed again, following
the states of `csv.reader`, so that quoting is accounted for (a cell starts one column after
its opening quote, a doubled quote is two file characters for one) and a cell over several
lines has each character on its own line.
"""

from __future__ import annotations

from mtg_typeline.sources.base import CharMap, Edit, Locator, Offset, Place, Region

END = "\udfff"  # fed after the last line: decoded UTF-8 never holds this lone surrogate
Blocks = tuple[tuple[int, list[str]], ...]  # kept blocks of lines: (first line number, lines)
# The states of `_cell_places`: before a cell, in an unquoted one, inside quotes, just after a
# quote inside quotes (a doubled quote, or the closing one).
_START, _FIELD, _QUOTED, _QUOTE = "start", "field", "quoted", "quote"
_TEXT, _MARK, _PAIR, _OPEN, _CELL, _RECORD = "text", "mark", "pair", "open", "cell", "record"


def locate(kept: Blocks, row: list[str], end: int, column: int, delimiter: str) -> Locator:
    """Where the characters of cell `column` of a record are (found by parsing it again)."""
    start, end = span(row, end)
    record = _record(kept, start, end)
    places = _cell_places(record, start, column, delimiter) if record is not None else None
    if places is None or len(places) != len(row[column]) + 1:
        return _Unplaced(start)  # the record is no longer at hand: its first line
    first = places[0]
    if all(p.line == first.line and p.column == first.column + i for i, p in enumerate(places)):
        return Offset(first.line, first.column)
    return CharMap(places)


class _Unplaced:
    """A record no longer at hand: every span at its first line, column 1, as where its
    characters are is not known (an offset from column 1 would name other characters)."""

    __slots__ = ("line",)

    def __init__(self, line: int) -> None:
        self.line = line

    def region(self, start: int, end: int) -> Region:
        return Region(self.line, 1, self.line, 2)


def rewrite(kept: Blocks, row: list[str], end: int, column: int, delimiter: str, new: str) -> Edit | None:
    """The edit that makes cell `column` of a record read `new`, its quoting kept: a quoted
    cell stays quoted (quotes doubled inside); an unquoted one stays so unless `new` needs
    quotes (a delimiter, a quote, a line break). None when the record is no longer at hand,
    or the cell is written in a way this doesn't reproduce (text after a closing quote)."""
    start, stop = span(row, end)
    record = _record(kept, start, stop)
    extent = _cell_extent(record, start, column, delimiter) if record is not None else None
    if extent is None:
        return None
    begin, finish, raw = extent
    old = row[column]
    quoted = raw.startswith('"')
    if new == old:
        text = raw
    elif raw != (_quoted(old) if quoted else old):
        return None
    else:
        text = _quoted(new) if quoted or _needs_quotes(new, delimiter) else new
    return Edit(begin.line, begin.column, finish.line, finish.column, text)


def _quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _needs_quotes(text: str, delimiter: str) -> bool:
    return delimiter in text or any(char in text for char in '"\r\n')


def _cell_extent(
    lines: list[str], start: int, wanted: int, delimiter: str
) -> tuple[Place, Place, str] | None:
    """Where one cell of a record stands in the file, quotes and all (its first place and
    the place after it), and its text as written."""
    cell, state = 0, _START
    begin = Place(start, 1)
    raw: list[str] = []
    for line, text in enumerate(lines, start):
        for column, char in enumerate(text, 1):
            state, kind = _step(state, char, delimiter)
            if kind is _CELL or kind is _RECORD:
                if cell == wanted:
                    return begin, Place(line, column), "".join(raw)
                if kind is _RECORD:
                    return None
                cell += 1
                begin = Place(line, column + 1)
            elif cell == wanted:
                raw.append(char)
        if state is not _QUOTED:  # the last line, without a line break
            return (begin, Place(line, len(text) + 1), "".join(raw)) if cell == wanted else None
    return None


def span(row: list[str], end: int) -> tuple[int, int]:
    """The first and last line of a record that `csv.reader` ended on line `end`: the lines
    it spans are its line breaks inside cells. A record whose last cell ran to the end of the
    file ended on the line after the last (the one fed after it) and its last break ends it."""
    breaks = sum(map(line_breaks, row))
    if not swallowed(row):
        return end - breaks, end
    return end - breaks - (0 if row[-1][:-1].endswith(("\n", "\r")) else 1), end - 1


def opening_quote(kept: Blocks, row: list[str], end: int, delimiter: str) -> Place:
    """Where the quote stands that opens the last cell of a record running to the end of the
    file (csv.reader ended it on line `end`): the last quote that opens a cell in it. The
    record's first line, column 1, if it is no longer at hand."""
    start, stop = span(row, end)
    found, state = Place(start, 1), _START
    for line, text in enumerate(_record(kept, start, stop) or (), start):
        for column, char in enumerate(text, 1):
            state, kind = _step(state, char, delimiter)
            if kind is _OPEN:
                found = Place(line, column)
    return found


def _record(kept: Blocks, start: int, end: int) -> list[str] | None:
    """Lines `start`..`end` of the file, or None if they are no longer kept."""
    lines: list[str] = []
    for first, block in kept:
        lines.extend(block[max(start - first, 0) : max(end - first + 1, 0)])
    return lines if len(lines) == end - start + 1 else None


def _cell_places(lines: list[str], start: int, wanted: int, delimiter: str) -> list[Place] | None:
    """The place of each character of one cell, and of the point after it, following the
    states of `csv.reader` (a doubled quote is two file characters for one; a quote after a
    closing quote, or inside an unquoted cell, is a character of the cell)."""
    places: list[Place] = []
    cell, state, after = 0, _START, Place(start, 1)
    for line, text in enumerate(lines, start):
        for column, char in enumerate(text, 1):
            before = state
            state, kind = _step(state, char, delimiter)
            if kind is _CELL or kind is _RECORD:
                if cell == wanted:
                    return [*places, Place(line, column) if before is _START else after]
                if kind is _RECORD:
                    return None  # the record ended before the cell
                cell += 1
            elif cell == wanted and kind is not _MARK:
                if kind is not _OPEN:
                    places.append(Place(line, column - 1 if kind is _PAIR else column))
                after = Place(line, column + 1)
        if state is not _QUOTED:  # the last line, without a line break
            stop = Place(line, len(text) + 1) if state is _START else after
            return [*places, stop] if cell == wanted else None
    return None


def _step(state: str, char: str, delimiter: str) -> tuple[str, str]:
    """`csv.reader`'s state after `char`, and what `char` is: a character of the cell's text,
    a quote that is not (_MARK), the second quote of a doubled one, the opening quote, or the
    end of a cell or of the record."""
    if state is _QUOTED:
        return (_QUOTE, _MARK) if char == '"' else (_QUOTED, _TEXT)
    if state is _QUOTE and char == '"':
        return _QUOTED, _PAIR
    if char == delimiter:
        return _START, _CELL
    if char in "\r\n":
        return _START, _RECORD
    if state is _START and char == '"':
        return _QUOTED, _OPEN
    return _FIELD, _TEXT


def swallowed(row: list[str]) -> bool:
    """True if the last cell of a row runs to the end of the file (an unclosed quote)."""
    return bool(row) and row[-1].endswith(END) and row != [END]


def line_breaks(cell: str) -> int:
    """The line breaks inside a cell (kept as they are in the file), so the lines it spans."""
    return cell.count("\n") + cell.count("\r") - cell.count("\r\n")
