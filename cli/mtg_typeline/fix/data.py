"""Applying the edits of card-data readers to a file's text.

A reader's `Entry.rewrite` gives, for a corrected type line, an `Edit` of its file (or a
tuple of them, made together or not at all): the whole value that holds the line, between
two places (1-based line and column, in characters, end exclusive), and its new text in
the file's notation. All the edits of a file are applied at once, from the end, to the file
decoded as UTF-8 (a BOM set aside, bytes that are not UTF-8 carried through as they are);
lines end at LF, CR LF or a CR alone, as the readers count them (`sources.edits`).
Everything outside the edits keeps its bytes.

Edits that overlap are a reader's bug: none of them is applied (the findings stay and are
reported). An edit outside the text, over bytes that are not UTF-8, or whose text can't be
written as UTF-8 is refused the same way; refusing one edit of a tuple refuses the tuple.
"""

from __future__ import annotations

from collections.abc import Sequence

from mtg_typeline.records import NamedTuple
from mtg_typeline.sources import UTF8_BOM
from mtg_typeline.sources.base import Edit
from mtg_typeline.sources.edits import line_starts


class Placed(NamedTuple):
    """An edit as offsets into the text, with what it fixes."""

    start: int
    end: int
    text: str
    fixed: int


class Applied(NamedTuple):
    """A file's bytes after its edits; the findings fixed; the edits refused."""

    data: bytes
    fixed: int
    refused: tuple[Edit, ...] = ()


Made = Edit | tuple[Edit, ...]  # what one `Entry.rewrite` gives: edits made together


def apply_edits(data: bytes, edits: Sequence[tuple[Made, int]]) -> Applied:
    """`data` with `edits` (each with the number of findings it fixes) applied."""
    bom = UTF8_BOM if data.startswith(UTF8_BOM) else b""
    text = data[len(bom) :].decode("utf-8", "surrogateescape")
    starts = line_starts(text)
    groups: list[tuple[Edit, ...]] = []
    placed: list[tuple[Placed, int]] = []  # with the index of its group
    bad: set[int] = set()
    for group, (made, fixed) in enumerate(dict.fromkeys(edits)):  # the same edit twice is made once
        groups.append((made,) if isinstance(made, Edit) else made)
        for index, edit in enumerate(groups[-1]):
            where = _place(edit, fixed if index == 0 else 0, text, starts)
            if where is None:
                bad.add(group)
            else:
                placed.append((where, group))
    placed.sort()
    bad |= {placed[index][1] for index in _clashing([p for p, _ in placed])}
    kept = [p for p, group in placed if group not in bad]
    pieces, at = [], 0  # joined once: a big file with many edits is not copied per edit
    for item in kept:
        pieces += [text[at : item.start], item.text]
        at = item.end
    pieces.append(text[at:])
    new = bom + "".join(pieces).encode("utf-8", "surrogateescape")
    refused = tuple(edit for group in sorted(bad) for edit in groups[group])
    return Applied(new, sum(p.fixed for p in kept), refused)


def _offset(line: int, column: int, text: str, starts: list[int]) -> int | None:
    """The offset of a place, or None when the text has no such place (a column may stand
    just after its line's last character)."""
    if not 1 <= line <= len(starts) or column < 1:
        return None
    start = starts[line - 1]
    stop = len(text)  # where the line's end starts
    if line < len(starts):
        stop = starts[line] - (2 if text.startswith("\r\n", starts[line] - 2) else 1)
    return start + column - 1 if start + column - 1 <= stop else None


def _place(edit: Edit, fixed: int, text: str, starts: list[int]) -> Placed | None:
    """The edit as offsets, or None when it can't be made safely."""
    start = _offset(edit.line, edit.column, text, starts)
    end = _offset(edit.end_line, edit.end_column, text, starts)
    if start is None or end is None or end < start:
        return None
    try:
        text[start:end].encode("utf-8")  # over bytes that are not UTF-8: not ours to replace
        edit.text.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return Placed(start, end, edit.text, fixed)


def _clashing(placed: Sequence[Placed]) -> set[int]:
    """The indexes of edits (sorted by place) that overlap another, or stand at the same place."""
    clashing: set[int] = set()
    reach, owner = -1, -1
    for index, item in enumerate(placed):
        if owner >= 0 and (item.start < reach or item.start == placed[index - 1].start):
            clashing |= {index, owner, index - 1}
        if item.end > reach or owner < 0:
            reach, owner = item.end, index
    return clashing
