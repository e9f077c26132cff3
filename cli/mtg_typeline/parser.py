"""Parsing one type line into faces and words, every word with its character span.

    Legendary Artifact Creature — Human Time Lord // Land — Forest
    └supertype└card types──────┘ └dash └subtypes────┘ face separator …

The parser decides only what each word is; whether the line is right is for the checks.
Words are looked up case-insensitively with either apostrophe, so a misspelt case is still
recognised (and reported by a check).
"""

from __future__ import annotations

import re
from enum import Enum

from mtg_typeline.notation import EMBLEM, TOKEN, fold
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset import Rename, RuleSet

_FACE_SPLIT = re.compile(r"[ \t]*//[ \t]*")
# A dash: a long or short dash anywhere, two or more hyphens, or a hyphen standing alone
# (a hyphen between letters, as in Assembly-Worker, is part of a word).
_DASH = re.compile(r"[\u2012\u2013\u2014\u2015\u2212]+|-{2,}|(?<!\S)-|-(?!\S)")
_WORD = re.compile(r"\S+")


class Role(Enum):
    TOKEN = "token"
    SUPERTYPE = "supertype"
    CARD_TYPE = "card type"
    EMBLEM = "emblem"
    OTHER = "other"


class Word(NamedTuple):
    """A word (or a grouped multi-word subtype) as written, at [start, end) of the line."""

    text: str
    start: int
    end: int

    @property
    def key(self) -> str:
        return fold(" ".join(self.text.split()))


class TypedWord(NamedTuple):
    """A word before the dash and what it names: `canonical` is the listed spelling."""

    word: Word
    role: Role
    canonical: str | None = None
    renamed: Rename | None = None  # set when the word is a renamed type (Tribal for Kindred)


class Dash(NamedTuple):
    """A dash with the white space around it, at [start, end) of the line."""

    text: str
    start: int
    end: int


class Face(NamedTuple):
    """One face of a type line (a line without ` // ` has one)."""

    text: str
    start: int
    end: int
    before: tuple[TypedWord, ...]
    dash: Dash | None
    extra_dashes: tuple[Dash, ...]
    subtypes: tuple[Word, ...]
    card_types: frozenset[str]  # counting a renamed one (Tribal) as the edition's word (Kindred)
    is_emblem: bool

    def of_role(self, role: Role) -> tuple[TypedWord, ...]:
        return tuple(w for w in self.before if w.role is role)


class TypeLine(NamedTuple):
    text: str
    faces: tuple[Face, ...]
    separators: tuple[Dash, ...]


def _card_types(before: tuple[TypedWord, ...]) -> frozenset[str]:
    return frozenset(w.canonical for w in before if w.role is Role.CARD_TYPE and w.canonical)


def parse(text: str, rules: RuleSet) -> TypeLine:
    """Split `text` into faces, each into typed words, the dash, and grouped subtypes."""
    faces = []
    separators = []
    start = 0
    for match in _FACE_SPLIT.finditer(text):
        faces.append(_face(text, start, match.start(), rules))
        separators.append(Dash(match.group(), match.start(), match.end()))
        start = match.end()
    faces.append(_face(text, start, len(text), rules))
    return TypeLine(text, tuple(faces), tuple(separators))


def _face(line: str, start: int, end: int, rules: RuleSet) -> Face:
    dashes = _dashes(line, start, end) or _glued_dash(line, start, end, rules)
    split = dashes[0].start if dashes else end
    before = _classify(_phrases(line, _words(line, start, split), rules), rules)
    subtypes: tuple[Word, ...] = ()
    for index, dash in enumerate(dashes):  # each stretch between dashes grouped on its own
        stop = dashes[index + 1].start if index + 1 < len(dashes) else end
        subtypes += _group(line, _words(line, dash.end, stop), before, rules)
    return Face(line[start:end], start, end, before, dashes[0] if dashes else None,
                tuple(dashes[1:]), subtypes, _card_types(before),
                any(w.role is Role.EMBLEM for w in before))  # fmt: skip


def _dashes(line: str, start: int, end: int) -> list[Dash]:
    """Every dash of a face with the white space around it (found dash first, then the
    spaces: a pattern with white space on both sides backtracks badly on long runs)."""
    found: list[Dash] = []
    for match in _DASH.finditer(line, start, end):
        left, right = match.start(), match.end()
        floor = found[-1].end if found else start
        while left > floor and line[left - 1].isspace():
            left -= 1
        while right < end and line[right].isspace():
            right += 1
        found.append(Dash(line[left:right], left, right))
    return found


def _glued_dash(line: str, start: int, end: int, rules: RuleSet) -> list[Dash]:
    """A hyphen typed between a type and a subtype with no spaces ("Creature-Goblin"): the
    dash, when what stands before it is a type and the whole is no listed word."""
    for match in _WORD.finditer(line, start, end):
        word = match.group()
        head, hyphen, tail = word.partition("-")
        if not hyphen or not tail or rules.subtype_lists(word):
            continue
        if rules.card_type(head) or rules.supertype(head):
            at = match.start() + len(head)
            return [Dash(hyphen, at, at + 1)]
    return []


def _words(line: str, start: int, end: int) -> tuple[Word, ...]:
    return tuple(Word(m.group(), m.start(), m.end()) for m in _WORD.finditer(line, start, end))


def _phrases(line: str, words: tuple[Word, ...], rules: RuleSet) -> tuple[Word, ...]:
    """Words before the dash with each listed subtype of several words taken as one (Time
    Lord written where its dash was left out is one misplaced subtype, not two words)."""
    if not any(rules.phrases_from(word.text) for word in words):
        return words
    grouped = []
    index = 0
    while index < len(words):
        size = _phrase_at(words, index, rules)
        first, last = words[index], words[index + size - 1]
        grouped.append(first if size == 1 else Word(line[first.start : last.end], first.start, last.end))
        index += size
    return tuple(grouped)


def _classify(words: tuple[Word, ...], rules: RuleSet) -> tuple[TypedWord, ...]:
    typed = []
    for index, word in enumerate(words):
        if index == 0 and fold(word.text) == fold(TOKEN):
            typed.append(TypedWord(word, Role.TOKEN, TOKEN))
        elif (card_type := rules.card_type(word.text)) is not None:
            typed.append(TypedWord(word, Role.CARD_TYPE, card_type))
        elif (supertype := rules.supertype(word.text)) is not None:
            typed.append(TypedWord(word, Role.SUPERTYPE, supertype))
        elif (renamed := rules.type_rename(word.text)) is not None:
            rename, current = renamed
            role = Role.CARD_TYPE if rules.card_type(current) else Role.SUPERTYPE
            typed.append(TypedWord(word, role, current, rename))
        elif fold(word.text) == fold(EMBLEM):
            typed.append(TypedWord(word, Role.EMBLEM, EMBLEM))
        else:
            typed.append(TypedWord(word, Role.OTHER))
    return tuple(typed)


def _group(
    line: str, words: tuple[Word, ...], before: tuple[TypedWord, ...], rules: RuleSet
) -> tuple[Word, ...]:
    """Group the words after the dash into subtypes (CR 205.3b)."""
    if not words:
        return ()
    types = _card_types(before)
    if any(sublist.whole for sublist in rules.lists_for(types)):
        return (Word(line[words[0].start : words[-1].end], words[0].start, words[-1].end),)
    grouped = []
    index = 0
    while index < len(words):
        size = _phrase_at(words, index, rules)
        first, last = words[index], words[index + size - 1]
        grouped.append(Word(line[first.start : last.end], first.start, last.end))
        index += size
    return tuple(grouped)


def _phrase_at(words: tuple[Word, ...], index: int, rules: RuleSet) -> int:
    """How many words from `index` form one listed subtype (1 unless a listed phrase starts here)."""
    for phrase in rules.phrases_from(words[index].text):
        candidate = tuple(fold(w.text) for w in words[index : index + len(phrase)])
        if candidate == phrase:
            return len(phrase)
    return 1
