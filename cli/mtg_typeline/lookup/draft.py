"""A custom rule file drafted from a set's own subtypes: `typeline rules new FILE --from PATH…`.

A fan set's first check fails on the subtypes it makes up (TL302 unknown-subtype), and the
remedy is a custom rule file that adds them. This module writes that file's first draft: it
checks the PATHs against the newest edition and puts each unknown word in the list its card
types call for (a creature type for a creature or a kindred card, a planeswalker type for a
planeswalker …), with a comment naming a card that uses it. A word that stands only on
cards whose card types call for several lists (`Artifact Creature — Droid`: an artifact type
or a creature type?) is the designer's choice, so it goes, commented out, in a block of its
own with the lists it could go in; so does a word no rule file could hold (`100%`), which is
more likely a slip on the card. The file extends `newest`, so `--rules FILE` over the same
PATHs finds no unknown subtype left, unless the designer leaves an uncertain word out.

The file is written atomically (`atomicwrite`); an existing FILE is replaced only with
`--force`, and a run that finds no unknown word writes nothing.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Iterable
from typing import BinaryIO, TextIO

from mtg_typeline.atomicwrite import refuse_replacing, write_atomic
from mtg_typeline.display import count, printable
from mtg_typeline.engine import findings_of
from mtg_typeline.errors import ExitStatus, UsageError
from mtg_typeline.findings import INPUT_CODES, Finding, Span
from mtg_typeline.notation import fold
from mtg_typeline.options import Options
from mtg_typeline.parser import parse
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset.model import RuleSet, SubtypeList
from mtg_typeline.ruleset.typenames import name_problem
from mtg_typeline.spelling import close_matches

UNKNOWN_SUBTYPE = "TL302"
# Words YAML 1.1 (PyYAML) reads as a boolean or null when they stand unquoted
_YAML_WORDS = frozenset({"y", "yes", "n", "no", "true", "false", "on", "off", "null"})


class Use(NamedTuple):
    """An unknown word as it stands on one card: the lists its face's card types call for
    (keys, in the rules' order) and the card, named for the comment."""

    word: str
    lists: tuple[str, ...]
    card: str


class Entry(NamedTuple):
    """A word of the draft: where it may go (one list: it goes there) and a card using it."""

    word: str
    lists: tuple[str, ...]
    card: str


def new_rules_command(target: str, paths: tuple[str, ...], force: bool, out: TextIO, err: TextIO,
                      stdin: BinaryIO) -> int:  # fmt: skip
    """Check `paths`, write the draft rule file to `target` and say what it holds: exit
    status 0, or 2 when an input could not be read (what could be read is still drafted)."""
    if not force and os.path.lexists(target):
        raise UsageError(f"{target} exists; give --force to replace it")
    refuse_replacing("FILE", target, [("an input (--from)", path) for path in paths])
    findings, rules, tally = findings_of(Options(paths=paths), err, stdin)
    troubles = [f for f in findings if f.code in INPUT_CODES]
    for finding in troubles:
        err.write(f"typeline: {printable(_place(finding))}: {finding.code} {printable(finding.message)}\n")
    status = ExitStatus.TROUBLE if troubles else ExitStatus.OK
    entries = draft([use_of(f, rules) for f in findings if f.code == UNKNOWN_SUBTYPE])
    read = f"{count(tally.lines, 'type line')} in {count(len(tally.files), 'file')}"
    if not entries:
        out.write(f"No unknown subtypes in {read}: {printable(target)} not written.\n")
        return status
    text = render(entries, rules, paths)
    write_atomic(target, text.encode("utf-8"), None if force else _still_absent(target))
    out.write(_said(target, entries, read, paths))
    return status


def _still_absent(target: str) -> Callable[[], None]:
    """The check, just before the rename, that no one made `target` meanwhile."""

    def check() -> None:
        if os.path.lexists(target):
            raise UsageError(f"{target} exists; give --force to replace it")

    return check


def _place(finding: Finding) -> str:
    return f"{finding.path}:{finding.line}:{finding.column}"


def use_of(finding: Finding, rules: RuleSet) -> Use:
    """The unknown word of a TL302 `finding`, with the lists of the face it stands in."""
    span = finding.span or Span(finding.column - 1, finding.end_column - 1)
    line = parse(finding.type_line, rules)
    face = next(f for f in reversed(line.faces) if f.start <= span.start)
    lists = tuple(s.key for s in rules.lists_for(face.card_types))
    card = finding.card or f"{finding.type_line} ({finding.path}:{finding.line})"
    return Use(finding.type_line[span.start : span.end], lists, card)


def draft(uses: Iterable[Use]) -> list[Entry]:
    """One entry a word (its first spelling, compared as the rules compare), placed in the
    lists every card using it calls for: one list, or several for the designer to choose."""
    by_word: dict[str, list[Use]] = {}
    for use in uses:
        by_word.setdefault(fold(use.word), []).append(use)
    return [_entry(found) for found in by_word.values()]


def _entry(uses: list[Use]) -> Entry:
    """The word of `uses`: the lists common to all its cards (else any of theirs), and the
    card of a use whose card types settle the list, if one does."""
    common = [key for key in uses[0].lists if all(key in use.lists for use in uses)]
    lists = tuple(common) or tuple(dict.fromkeys(key for use in uses for key in use.lists))
    settled = [use for use in uses if use.lists == lists[:1]]
    return Entry(uses[0].word, lists, (settled or uses)[0].card)


def _placed(entry: Entry) -> bool:
    return len(entry.lists) == 1 and name_problem(entry.word, subtype=True) is None


def render(entries: list[Entry], rules: RuleSet, paths: tuple[str, ...]) -> str:
    """The rule file: the placed words under `add:` by list (in the rules' order, words
    sorted), then the others commented out."""
    placed = [e for e in entries if _placed(e)]
    lines = [
        f"# Subtypes the rules (the {rules.edition} edition) don't list, used by the cards of",
        *(f"#   {path}" for path in paths),
        "# drafted by `typeline rules new`: each with a card that uses it.",
        "extends: newest",
    ]
    if placed:
        lines.append("add:")
    for rules_list in rules.lists:
        mine = sorted((e for e in placed if e.lists[0] == rules_list.key), key=lambda e: fold(e.word))
        if mine:
            lines.append(f"  {rules_list.key}:")
            lines.extend(_item(entry, rules_list) for entry in mine)
    lines.extend(_unplaced([e for e in entries if not _placed(e)]))
    return "\n".join(printable(line) for line in lines) + "\n"


def _item(entry: Entry, rules_list: SubtypeList) -> str:
    """The line of a placed word: it, and the card that uses it."""
    return f"    - {_scalar(entry.word)}  # {_comment(entry.card)}{_near(entry.word, rules_list)}"


def _near(word: str, rules_list: SubtypeList) -> str:
    """A note that `word` is close to an entry of its list: it may be a misspelling of it."""
    matches = close_matches(word, rules_list.entries, limit=2)
    return f"; close to {' or '.join(matches)}: a misspelling?" if matches else ""


def _unplaced(entries: list[Entry]) -> list[str]:
    """The words left to the designer, as comments: each with the lists it may go in."""
    if not entries:
        return []
    lines = [
        "",
        "# To place by hand: each word below stands on cards whose card types call for",
        "# several lists, or is not written as a subtype can be. Move it under `add:`,",
        "# into one of the lists named, or leave it out.",
    ]
    for entry in sorted(entries, key=lambda e: fold(e.word)):
        problem = name_problem(entry.word, subtype=True)
        where = " or ".join(entry.lists) if problem is None else "no list: not a subtype name"
        lines.append(f"#   {_scalar(entry.word)}: {where}  ({_comment(entry.card)})")
    return lines


def _scalar(word: str) -> str:
    """`word` as a YAML scalar: plain where YAML reads it back as that string."""
    plain = name_problem(word, subtype=True) is None and word.casefold() not in _YAML_WORDS
    return word if plain else '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _comment(card: str) -> str:
    """A card's name, kept on the comment's one line."""
    return " ".join(card.split())


def _said(target: str, entries: list[Entry], read: str, paths: tuple[str, ...]) -> str:
    """What the run says it wrote."""
    placed = sum(_placed(e) for e in entries)
    left = len(entries) - placed
    text = f"Wrote {printable(target)}: {count(placed, 'subtype')} added, from {read}"
    if left:
        text += f"; {count(left, 'word')} to place by hand (commented at its end)"
    again = shlex.join(["typeline", "check", "--rules", target, *paths])
    return f"{text}.\nCheck with: {printable(again)}\n"
