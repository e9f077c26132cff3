"""Edits of a card-data file for `--fix`, in the terms of `base.Edit` (applied by
`fix.data`).

An edit's lines are the file's text split at each line feed (a CR LF's CR is the last
character of its line; a CR alone does not end a line), its columns count characters from 1
on that line, the end exclusive; the text is the file's decoded text without its BOM, the
same text the readers place findings in. Readers that count a lone CR as a line end, as
some formats do, write no edit where that would make the two counts differ.
"""

from __future__ import annotations

from mtg_typeline.sources.base import Edit, LineIndex


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
