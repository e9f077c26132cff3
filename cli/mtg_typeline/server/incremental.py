"""Re-checking only the cards that changed, in a YAML card file that is a plain list of
cards: the one case where checking a whole buffer on each keystroke is too slow (the YAML
parser reads a 2,000-card set in about half a second; a card alone takes under a millisecond).

Such a file is a header (`cards:`, or nothing) and a list of items at one indent, each a
card. The YAML reader finds a card's type line within its own mapping (`sources.cardkeys`),
so a card checked alone, as the header followed by that item, has the findings it has in the
whole file, placed the same way relative to the item. After a change, the items before and
after the changed run that are the same as before keep their problems (moved by the lines the
change added or removed); each item of the changed run is checked alone.

Anything else is checked whole: another format, a file whose lines don't split so (several
documents, a key after the list, tabs), anchors and aliases (a card could take its type line
from another), a header with problems, a changed run of more than `MOST_CHANGED` items, or a
changed item that isn't valid YAML alone (the whole check places the syntax error and keeps
the last good problems, see `server.documents`).
"""

from __future__ import annotations

import itertools
import re

from mtg_typeline.findings import MALFORMED
from mtg_typeline.records import NamedTuple
from mtg_typeline.server.checking import Problem, check_document

MOST_CHANGED = 16  # items checked alone after one change; more, and the buffer is checked whole
_FIRST_ITEM = re.compile(r"^( *)-(?: |$)", re.MULTILINE)
_ANCHOR_OR_ALIAS = re.compile(r"(?:^|[\s\[{,:])[&*][^\s,\[\]{}]")


class Blocks(NamedTuple):
    """A YAML list of cards: the header's text, each item's first line (0-based) and text."""

    header: str
    starts: tuple[int, ...]
    texts: tuple[str, ...]


class Split(NamedTuple):
    """A buffer's items, and the problems of each, placed in the buffer."""

    blocks: Blocks
    problems: tuple[tuple[Problem, ...], ...]


def split(text: str) -> Blocks | None:
    """The items of a YAML list of cards in `text`; None where it is not simply one. (Found
    with regular expressions over the whole text: a loop over 10,000 lines costs more than
    the check of the card that changed.)"""
    maybe = "&" in text or "*" in text  # (substring searches: quicker than any pattern)
    if "\t" in text or (maybe and _ANCHOR_OR_ALIAS.search(text)):
        return None
    first = _FIRST_ITEM.search(text)
    if first is None:
        return None
    indent = " " * len(first.group(1))
    # past the first item, a line less indented than the items, or as indented but no item,
    # ends the list (a key after it, a document marker): blank lines and comments aside.
    # (Each pattern starts with a line feed, which the regular expression engine scans for.)
    outside = re.compile(rf"\n(?!{indent} |{indent}-(?: |$)|[ ]*(?:#|$))", re.MULTILINE)
    if outside.search(text, first.start(), len(text) - 1):  # (a last line feed ends the text)
        return None
    items = re.compile(rf"\n{indent}-(?: |$)", re.MULTILINE)
    offsets = [first.start(), *(match.start() + 1 for match in items.finditer(text, first.start()))]
    header = text[: first.start()]
    texts = tuple(text[a:b] for a, b in itertools.pairwise([*offsets, len(text)]))
    starts = list(itertools.accumulate((item.count("\n") for item in texts[:-1]), initial=header.count("\n")))
    return Blocks(header, tuple(starts), texts)


def assign(blocks: Blocks, problems: tuple[Problem, ...]) -> Split | None:
    """The problems of a whole check given to the items they are in; None if one is in the
    header or runs from one item into another."""
    bounds = [*blocks.starts[1:], 1 << 60]
    each: list[list[Problem]] = [[] for _ in blocks.starts]
    index = 0
    for problem in problems:  # (sorted by place)
        if problem.line < blocks.starts[0]:
            return None
        while problem.line >= bounds[index]:
            index += 1
        if problem.end_line >= bounds[index]:
            return None
        each[index].append(problem)
    return Split(blocks, tuple(tuple(found) for found in each))


def moved(problem: Problem, lines: int) -> Problem:
    """`problem` `lines` lines further down (up, when negative), its fix with it."""
    fix = tuple(e._replace(line=e.line + lines, end_line=e.end_line + lines) for e in problem.fix)
    return problem._replace(line=problem.line + lines, end_line=problem.end_line + lines, fix=fix)


def recheck(text: str, path: str, given: str | None, last: Split) -> Split | None:
    """The items of `text` with their problems, only the changed ones checked; None where the
    buffer is to be checked whole."""
    blocks = split(text)
    if blocks is None or blocks.header != last.blocks.header:
        return None
    old, new = last.blocks.texts, blocks.texts
    same_start = _common(old, new)
    same_end = _common(old[same_start:][::-1], new[same_start:][::-1])
    changed = range(same_start, len(new) - same_end)
    if len(changed) > MOST_CHANGED:
        return None
    fresh = [_alone(blocks.header, new[i], blocks.starts[i], path, given) for i in changed]
    if any(found is None for found in fresh):
        return None
    kept_end = last.problems[len(old) - same_end :] if same_end else ()
    if kept_end and (shift := blocks.starts[-1] - last.blocks.starts[-1]):
        kept_end = tuple(tuple(moved(p, shift) for p in item) for item in kept_end)
    each = (*last.problems[:same_start], *(f for f in fresh if f is not None), *kept_end)
    return Split(blocks, each)


def _common(old: tuple[str, ...], new: tuple[str, ...]) -> int:
    """How many items the two start with alike."""
    count = 0
    for before, after in zip(old, new, strict=False):
        if before != after:
            break
        count += 1
    return count


def _alone(header: str, item: str, start: int, path: str, given: str | None) -> tuple[Problem, ...] | None:
    """The problems of one item (whose first line is `start`) checked alone; None if it isn't
    valid YAML alone or has a problem outside itself."""
    found = check_document(header + item, path, given).problems
    header_lines = header.count("\n")
    if any(p.code == MALFORMED[0] or p.line < header_lines for p in found):
        return None
    return tuple(moved(p, start - header_lines) for p in found)


def placed(found: Split) -> tuple[Problem, ...]:
    """Every problem of the buffer."""
    return tuple(problem for problems in found.problems for problem in problems)
