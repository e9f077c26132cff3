"""TL208-TL210: card types and supertypes that are each listed but do not go together, by
the rules outside the lists (see `mtg_typeline.ruleset.meaning`, which the checker's fast
path shares). A face with a word that is no type is left to TL201-TL204: the missing card
type may be that word misspelt."""

from __future__ import annotations

from collections.abc import Iterator

from mtg_typeline.checks.base import Problem, face_check, fix, replaced
from mtg_typeline.findings import Severity
from mtg_typeline.parser import Face, Role, TypedWord, TypeLine
from mtg_typeline.ruleset import RuleSet
from mtg_typeline.ruleset.meaning import (
    KINDRED_TYPES,
    LEGENDARY,
    PLANESWALKER,
    kindred_alone,
    meaningless,
    unlegendary_planeswalker,
)

_TYPES = (Role.SUPERTYPE, Role.CARD_TYPE)


def _types_only(face: Face) -> bool:
    """Whether every word before the dash is a supertype or card type (or the Token mark)."""
    return not face.is_emblem and all(w.role in _TYPES or w.role is Role.TOKEN for w in face.before)


def _supertypes(face: Face) -> list[str]:
    return [w.canonical for w in face.of_role(Role.SUPERTYPE) if w.canonical]


def _typed(face: Face, names: frozenset[str]) -> TypedWord:
    return next(w for w in face.before if w.role in _TYPES and w.canonical in names)


@face_check(
    "TL208", "kindred-without-type", Severity.ERROR, ("kindred-other-type", "kindred-other-type-general")
)
def kindred_without_type(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A kindred (tribal) face with no other card type.

    A kindred card is always also an instant, a sorcery, an enchantment, an artifact or
    another card type, which it is cast as; kindred alone is no card. Editions before
    2024-06-07 call the card type tribal.

    Okay: Kindred Instant — Elf
    Okay: Legendary Kindred Enchantment — Faerie
    TL208: Kindred — Elf
    TL208: Legendary Kindred — Elf
    """
    if not _types_only(face) or not kindred_alone(face.card_types, rules):
        return
    typed = _typed(face, KINDRED_TYPES)
    word, name = typed.word, typed.canonical
    yield Problem(
        word.start,
        word.end,
        f"'{word.text}' is never a card's only card type: name the card type it is cast as too "
        f"({name} Instant, {name} Enchantment …)",
        (*rules.cite("kindred-other-type"), *rules.cite("kindred-other-type-general")),
    )


@face_check("TL209", "planeswalker-not-legendary", Severity.WARNING, ("planeswalker-legendary",), fix="safe")
def planeswalker_not_legendary(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A planeswalker without the Legendary supertype.

    Since the planeswalker uniqueness rule was removed (the 2017-09-29 edition), every
    planeswalker is legendary, and the Oracle text gave Legendary to the planeswalkers
    printed before. A card printed earlier is right as printed; its current line has
    Legendary. Under editions before the change this is not reported. The fix puts
    Legendary first among the supertypes, as cards print it (Legendary Snow …).

    Okay: Legendary Planeswalker — Jace
    TL209: Planeswalker — Jace
    TL209: Snow Planeswalker — Jace
    """
    if not _types_only(face) or not unlegendary_planeswalker(_supertypes(face), face.card_types, rules):
        return
    word = _typed(face, frozenset({PLANESWALKER})).word
    first = next(w for w in face.before if w.role in _TYPES).word.start
    yield Problem(
        word.start,
        word.end,
        "a planeswalker is legendary since the planeswalker uniqueness rule was removed; "
        "a card printed before that change is right as printed, and its Oracle line has Legendary",
        rules.cite("planeswalker-legendary"),
        suggestion=replaced(line.text, first, first, f"{LEGENDARY} "),
        fix=fix(first, first, f"{LEGENDARY} "),
    )


@face_check(
    "TL210",
    "supertype-without-meaning",
    Severity.WARNING,
    ("basic-meaning", "world-meaning", "ongoing-meaning"),
)
def supertype_without_meaning(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A supertype on an object it means nothing on.

    Basic makes a land a basic land, world puts a permanent under the world rule, and
    ongoing keeps a scheme in play; the rules give them no meaning on anything else. Such a
    line is not against the lists, but no real card has one. Legendary and snow have a
    meaning on every object and are not reported.

    Okay: Basic Snow Land — Forest
    Okay: World Enchantment
    Okay: Ongoing Scheme
    TL210: Basic Creature — Elf
    TL210: Ongoing Creature — Elf
    TL210: World Instant
    """
    if not _types_only(face):
        return
    for supertype, rule, what in meaningless(_supertypes(face), face.card_types, rules):
        word = _typed(face, frozenset({supertype})).word
        yield Problem(
            word.start,
            word.end,
            f"'{word.text}' means something on {what} only, and this is none",
            (rule,),
        )
