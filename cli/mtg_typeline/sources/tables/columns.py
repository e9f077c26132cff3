"""Which columns of a table hold the type lines and the card names: found by the header
(`type_line`, `Type Line`, `type`, `types`, `card type`, compared without case, spaces, `_`
and `-`; `name`, `card name` or `card`), or the type column named with `--column` (a header
name, or a 1-based number, which also reads files without a header).
"""

from __future__ import annotations

import re

from mtg_typeline.records import NamedTuple
from mtg_typeline.sources.base import NotCardData

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
_NOT_BYTES = re.compile("[\ud800-\udc7f\udd00-\udfff]")  # lone surrogates, but undecoded bytes
_NOISE = re.compile(r"[\s_\-]+")


class Columns(NamedTuple):
    """The type column, the name column (None: none), and whether the first row is data
    rather than a header."""

    column: int
    name: int | None
    data: bool


def choose_columns(header: list[str], line: int, wanted: str | None) -> Columns:
    """The columns of a table whose first row is `header` (on line `line`), the type column
    `wanted` (`--column`) or found by name; `NotCardData` if there is none."""
    names = [norm(cell) for cell in header]
    if wanted is not None and wanted.strip().isdecimal():
        # (a number of more digits than the count of columns is past them: int() refuses 4,300)
        digits = wanted.strip().lstrip("0") or "0"
        column = int(digits) - 1 if len(digits) <= len(str(len(header))) else len(header)
        if not 0 <= column < len(header):
            raise NotCardData(f"--column {wanted.strip()}: the first row has {len(header)} columns", line)
        known = (*TYPE_HEADERS, *NAME_HEADERS, *OTHER_HEADERS)
        if not any(name in known for name in names):
            return Columns(column, None, True)
    elif wanted is not None:
        if norm(wanted) not in names:
            raise NotCardData(f"no column {wanted!r}: the header has {_shown(header)}", line)
        column = names.index(norm(wanted))
    else:
        found = [names.index(name) for name in TYPE_HEADERS if name in names]
        if not found:
            raise NotCardData(
                f"no type-line column: the header has {_shown(header)}; name the column of "
                "the type lines with --column NAME, or --column NUMBER (1 is the first)",
                line,
            )
        column = found[0]
    return Columns(column, next((names.index(name) for name in NAME_HEADERS if name in names), None), False)


def norm(name: str) -> str:
    """A header name as it is compared: lowered, without spaces, `_` and `-`."""
    return _NOISE.sub("", name.lower())


def readable(text: str) -> str:
    """Text with the bytes that could not be decoded shown as U+FFFD."""
    text = _NOT_BYTES.sub("\ufffd", text)  # (U+DC00 in UTF-16 or UTF-32: see tables.lines)
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _shown(header: list[str]) -> str:
    cells = [repr(readable(cell)) for cell in header[:30]]
    return ", ".join(cells) + (f" and {len(header) - 30} more" if len(header) > 30 else "")
