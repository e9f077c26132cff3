"""Places and edits in the text of a card-data file: offsets turned into places
(`LineIndex`, for the readers that know where a value starts as an offset), and edits for
`--fix` in the terms of `base.Edit` (applied by `fix.data`).

An edit's lines are the file's text split at each line feed (a CR LF's CR is the last
character of its line; a CR alone does not end a line), its columns count characters from 1
on that line, the end exclusive; the text is the file's decoded text without its BOM, the
same text the readers place findings in. Readers that count a lone CR as a line end, as
some formats do, write no edit where that would make the two counts differ.
"""

from __future__ import annotations

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


class LineIndex:
    """Turns offsets in a text into places, for readers that know where a value starts as
    an offset (a regular expression match, a parser's index)."""

    __slots__ = ("starts",)

    def __init__(self, text: str) -> None:
        starts = [0]
        find = text.find
        at = find("\n")
        while at >= 0:
            starts.append(at + 1)
            at = find("\n", at + 1)
        self.starts = starts

    def place(self, offset: int) -> Place:
        line = bisect_right(self.starts, offset)
        return Place(line, offset - self.starts[line - 1] + 1)

    def places(self, offsets: Iterable[int]) -> list[Place]:
        return [self.place(o) for o in offsets]
