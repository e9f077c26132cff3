"""Places and edits in the text of a card-data file: offsets turned into places
(`LineIndex`, for the readers that know where a value starts as an offset), and edits for
`--fix` in the terms of `base.Edit` (applied by `fix.data`).

An edit's lines are the file's text split at each line end, LF, CR LF or a CR alone (as
Python's universal newlines split it), its columns count characters from 1 on that line,
the end exclusive; the text is the file's decoded text without its BOM, the same text the
readers place findings in.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable

from mtg_typeline.sources.base import Edit, Place


def edit_between(index: LineIndex, start: int, end: int, text: str) -> Edit:
    """The edit replacing the characters [start, end) of the indexed text by `text`."""
    first, last = index.place(start), index.place(end)
    return Edit(first.line, first.column, last.line, last.column, text)


def common_ends(old: str, new: str) -> tuple[int, int]:
    """The lengths of the longest common start and the longest common end of two texts
    (not overlapping in either): what a rewrite keeps exactly as the file writes it."""
    limit = min(len(old), len(new))
    start = 0
    while start < limit and old[start] == new[start]:
        start += 1
    end = 0
    while end < limit - start and old[-1 - end] == new[-1 - end]:
        end += 1
    return start, end


LINE_END = re.compile(r"\r\n|\r|\n")  # the line ends of Python's universal newlines


def line_starts(text: str) -> list[int]:
    """The offset of each line of `text` (lines end at LF, CR LF or a CR alone)."""
    if "\r" not in text:  # most files: a quicker search
        starts = [0]
        at = text.find("\n")
        while at >= 0:
            starts.append(at + 1)
            at = text.find("\n", at + 1)
        return starts
    return [0, *(end.end() for end in LINE_END.finditer(text))]


class LineIndex:
    """Turns offsets in a text into places, for readers that know where a value starts as
    an offset (a regular expression match, a parser's index)."""

    __slots__ = ("starts",)

    def __init__(self, text: str) -> None:
        self.starts = line_starts(text)

    def place(self, offset: int) -> Place:
        line = bisect_right(self.starts, offset)
        return Place(line, offset - self.starts[line - 1] + 1)

    def places(self, offsets: Iterable[int]) -> list[Place]:
        return [self.place(o) for o in offsets]
