"""The pipeline's findings made into the API's (`api.model`), placed in the input's
coordinates: characters, UTF-16 code units and offsets into its text.

A finding's place comes from its reader in characters (1-based line and column); the text
of the input tells the rest. A fix's edit comes from the reader too (`Fix.edit`, the value
that holds the type line rewritten with that one fix); a type line that is a line of a text
input is its own edit: the characters of the fix's span on that line.
"""

from __future__ import annotations

from collections.abc import Callable

from mtg_typeline.api.model import Edit, Finding, Fix, Place
from mtg_typeline.findings import Finding as Found
from mtg_typeline.findings import Fix as FoundFix
from mtg_typeline.sources import UTF8_BOM
from mtg_typeline.sources.base import Edit as FileEdit
from mtg_typeline.sources.edits import line_starts

_ASTRAL = 0xFFFF  # characters above it take two UTF-16 code units


class Coordinates:
    """The lines of one text, to turn (line, column) into UTF-16 columns and offsets. The
    text is as readers read it: its BOM set aside, lines ending at LF, CR LF or a CR."""

    __slots__ = ("astral", "first", "offsets", "starts", "text")

    def __init__(self, text: str, first: int = 1, *, offsets: bool = True) -> None:
        """`first`: the number of the text's first line; `offsets`: whether offsets into
        the text mean anything to the caller (not for one line of many given one by one)."""
        self.text = text
        self.starts = line_starts(text)
        self.astral = any(ord(char) > _ASTRAL for char in text)
        self.first = first
        self.offsets = offsets

    @classmethod
    def of_bytes(cls, data: bytes) -> Coordinates:
        data = data[len(UTF8_BOM) :] if data.startswith(UTF8_BOM) else data
        return cls(data.decode("utf-8", "surrogateescape"))

    def offset(self, line: int, column: int) -> int | None:
        """The offset of a place; None if the text has no such line."""
        line -= self.first - 1
        if not self.offsets or not 1 <= line <= len(self.starts) or column < 1:
            return None
        return min(self.starts[line - 1] + column - 1, len(self.text))

    def utf16(self, line: int, column: int) -> int:
        """The UTF-16 column of a character column."""
        line -= self.first - 1
        if not self.astral or not 1 <= line <= len(self.starts):
            return column
        start = self.starts[line - 1]
        before = self.text[start : start + column - 1]
        return column + sum(ord(char) > _ASTRAL for char in before)

    def place(self, line: int, column: int, end_line: int, end_column: int) -> Place:
        return Place(
            line=line,
            column=column,
            end_line=end_line,
            end_column=end_column,
            utf16_column=self.utf16(line, column),
            utf16_end_column=self.utf16(end_line, end_column),
            offset=self.offset(line, column),
            end_offset=self.offset(end_line, end_column),
        )


NO_TEXT = Coordinates("")  # an input that is no text: columns only, no offsets
TextOf = Callable[[str], Coordinates]  # the coordinates of a file, by its name in reports


def public(found: Found, text_of: TextOf) -> Finding:
    """The API's finding of one of the pipeline's."""
    coordinates = text_of(found.path)
    place = coordinates.place(found.line, found.column, found.last_line, found.end_column)
    return Finding(
        code=found.code,
        name=found.name,
        severity=found.severity,
        message=found.message,
        rules=found.rules,
        place=place,
        path=found.path,
        type_line=found.type_line,
        card=found.card,
        suggestion=found.suggestion,
        fix=None if found.fix is None else _fix(found, found.fix, text_of),
    )


def _fix(found: Found, fix: FoundFix, text_of: TextOf) -> Fix:
    """The fix of a finding, with its edits of the input."""
    if fix.edit is not None:
        made = (fix.edit,) if isinstance(fix.edit, FileEdit) else fix.edit
        edits = tuple(_edit(edit, found.path, text_of) for edit in made)
    elif found.span is None and found.path:  # the type line is a line of the input
        span = fix.span
        line_edit = FileEdit(found.line, span.start + 1, found.line, span.end + 1, fix.replacement)
        edits = (_edit(line_edit, found.path, text_of),)
    else:
        edits = ()
    start, end = fix.span
    return Fix(
        replacement=fix.replacement, start=start, end=end, applicability=fix.applicability, edits=edits
    )


def _edit(edit: FileEdit, path: str, text_of: TextOf) -> Edit:
    place = text_of(path).place(edit.line, edit.column, edit.end_line, edit.end_column)
    return Edit(place=place, text=edit.text, path=path)
