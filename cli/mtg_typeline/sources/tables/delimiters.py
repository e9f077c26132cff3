"""The delimiter a table is read with: the one given (`--delimiter`), else told from its
first lines.

Tab for `.tsv` files and for a first line with tabs and no commas; `;` when the first line
has more of them than commas; else a comma (the usual one). A first line with a pipe `|`
may be a pipe-delimited table, the shape of game engines' card data files
(`Name|Set|Number|Rarity|Cost|Type|P|T|Text|`, often without a header): the pipe is taken
when the first line is a header naming a type column at pipes and not at the usual
delimiter, or else when the first rows all split into as many cells (two or more) at
pipes, and into fewer or uneven ones at the usual delimiter (rules text has commas here and
there; the columns of a table are always there). Where both split them into as many cells
alike, the delimiter can't be told and
the table is not read (an error, even where a directory search came upon it): `--delimiter`
says which it is.
"""

from __future__ import annotations

import csv

from mtg_typeline.sources.base import SourceError
from mtg_typeline.sources.tables.columns import TYPE_HEADERS, norm

PIPE = "|"
SAMPLE_ROWS = 20  # the first rows looked at to tell a pipe table
_SHOWN = {"\t": "tab", ",": "','", ";": "';'", PIPE: "'|'"}


def delimiter_of(path: str, lines: list[str], given: str | None = None) -> str:
    """The delimiter of a table whose first lines are `lines` (see the module)."""
    if given is not None:
        return given
    first = lines[0] if lines else ""
    if path.lower().endswith(".tsv") or ("\t" in first and "," not in first):
        return "\t"
    usual = ";" if first.count(";") > first.count(",") else ","
    if PIPE not in first:
        return usual
    return _pipe_or(usual, lines)


def _pipe_or(usual: str, lines: list[str]) -> str:
    """The pipe or the usual delimiter, for a table whose first line has a pipe."""
    headed = [delimiter for delimiter in (usual, PIPE) if _names_a_type(lines[0], delimiter)]
    if headed:
        return headed[0]
    widths = {delimiter: _even_width(lines, delimiter) for delimiter in (usual, PIPE)}
    if widths[usual] == widths[PIPE] > 0:
        raise SourceError(
            f"can't tell the delimiter of this table: its first rows split into {widths[PIPE]} cells "
            f"at both {shown(usual)} and '|'; give it with --delimiter"
        )
    return PIPE if widths[PIPE] > widths[usual] else usual


def _names_a_type(line: str, delimiter: str) -> bool:
    cells = next(csv.reader([line], delimiter=delimiter), [])
    return len(cells) > 1 and any(norm(cell) in TYPE_HEADERS for cell in cells)


def _even_width(lines: list[str], delimiter: str) -> int:
    """How many cells the first rows (blank lines aside) all have, two or more; 0 where
    they differ. The last row of a sample that stops short of the file's end may be cut: it
    isn't counted."""
    sample = lines[: SAMPLE_ROWS + 1]
    try:
        rows = [row for row in csv.reader(sample, delimiter=delimiter) if row]
    except csv.Error:
        return 0
    if len(lines) > len(sample):
        rows = rows[:-1]
    widths = {len(row) for row in rows}
    return widths.pop() if len(widths) == 1 and len(rows[0]) > 1 else 0


def shown(delimiter: str) -> str:
    """A delimiter as a message names it."""
    return _SHOWN.get(delimiter, repr(delimiter))
