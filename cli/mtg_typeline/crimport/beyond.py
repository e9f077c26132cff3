"""The rules outside the type-line section that constrain a type line: which rule of a CR
text says a kindred (once tribal) card has another card type, and which says that the
planeswalker uniqueness rule is gone and planeswalkers are legendary. Read by their words,
like the citations of the section (`facts.CITATION_MARKERS`), so that each edition cites its
own numbers; a rule an edition lacks (the planeswalker change before late 2017) is absent.

A text that holds the type-line section alone (the newest edition is known only so) has
none of these rules: `borrowed` takes them from the edition before it, and says so in a note.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace

from mtg_typeline.crimport.facts import Facts
from mtg_typeline.crimport.section import Section
from mtg_typeline.notation import fold

_RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s+(.*)$")
_KINDRED = r"^each (?:tribal|kindred) card has another card type"
# meaning -> (the section number the rule stands in, a pattern, None for any; the patterns
# its folded text must all hold). The first rule of the text that fits is the one cited.
OUTSIDE_MARKERS: dict[str, tuple[str | None, tuple[str, ...]]] = {
    "kindred-other-type": (r"3(?:0[1-9]|1\d)", (_KINDRED,)),  # the card type's own section
    "kindred-other-type-general": ("300", (_KINDRED,)),  # 300: card types in general
    "planeswalker-legendary": (None, (r"uniqueness rule", r"\bremoved\b", r"\blegendary\b")),
}
OUTSIDE_MEANINGS = tuple(OUTSIDE_MARKERS)


def outside_rules(lines: Sequence[str], first: int, section: Section) -> tuple[tuple[str, str], ...]:
    """(meaning, rule number) for each meaning of `OUTSIDE_MARKERS` some rule of the text
    outside `section` carries, in the order of `OUTSIDE_MARKERS`."""
    found: dict[str, str] = {}
    for number, text in _numbered(lines, first, section.number):
        for meaning, (where, markers) in OUTSIDE_MARKERS.items():
            if meaning in found or (where and not re.fullmatch(where, number[:3])):
                continue
            if all(re.search(marker, text) for marker in markers):
                found[meaning] = number
    return tuple((meaning, found[meaning]) for meaning in OUTSIDE_MEANINGS if meaning in found)


def _numbered(lines: Sequence[str], first: int, section: str) -> Iterator[tuple[str, str]]:
    """(number, folded first line) of every numbered rule outside `section`."""
    for line in lines[first:]:
        match = _RULE.match(line)
        if match and not match.group(1).startswith(f"{section}."):
            yield match.group(1), fold(match.group(2))


def section_only(lines: Sequence[str], first: int, section: Section) -> bool:
    """Whether the text holds no numbered rule outside its type-line section."""
    return next(_numbered(lines, first, section.number), None) is None


def with_outside(facts: Facts, outside: Sequence[tuple[str, str]]) -> Facts:
    """`facts` with the outside rules among its citations, and in its order of rules."""
    added = sorted({rule for _, rule in outside} - set(facts.order), key=_cr_order)
    order = (*facts.order, *added)
    return replace(facts, citations=(*facts.citations, *outside), order=order)


def _cr_order(rule: str) -> tuple[int, int, str]:
    """'300.2b' -> (300, 2, 'b'): the order of rule numbers in the CR."""
    number, _, sub = rule.partition(".")
    digits = sub.rstrip("abcdefghijklmnopqrstuvwxyz")
    return int(number), int(digits), sub[len(digits) :]


def borrowed(facts: Facts, cited: Mapping[str, str], edition: str) -> Facts:
    """`facts` of a section-only text with the outside rules of `edition` (`cited`: meaning
    -> rule), and a note saying where they come from."""
    outside = [(m, cited[m]) for m in OUTSIDE_MEANINGS if m in cited]
    if not outside:
        return facts
    note = (
        f"this text holds the type-line section alone: the rules it cites outside it "
        f"({', '.join(rule for _, rule in outside)}) are numbered as in the {edition} edition"
    )
    return replace(with_outside(facts, outside), notes=(*facts.notes, note))
