"""Checks that nothing of a type-line section's subtypes went unread.

`mtg_typeline.crimport.facts` reads the subtype lists from rules in a known form. A rule
reworded out of that form must not make a list shorter or make it vanish, so the importer
also checks what it did not read:

- a rule of the section that speaks of the subtypes of a card type ("Battles have …
  subtype …") reads either as a subtype list or as the rule naming the card types without
  subtypes, else it is an error naming its line;
- a sentence of the subtypes rules that reads like a list (a colon, or "… type is/are Name")
  and was not read as one is an error naming its line;
- every card type of the edition is in a subtype list or among the card types without
  subtypes. Every edition has a rule naming the card types without subtypes except the two
  oldest (2009-07-11, 2009-09-04), where every card type has a list; so a rule the importer
  can't find leaves a card type uncovered, and the error names it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

from mtg_typeline.crimport.section import Rule, Section
from mtg_typeline.notation import fold

# "The creature types are Elf", "That battle type is Siege", "The only spell type at this
# time is Arcane": a type word, up to three words, then is/are and a capitalised name.
_LISTING_LIKE = re.compile(r"\btypes? (?:[\w’']+ ){0,3}?(?:is|are):? [A-Z“\"]")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“(])")
_LEAD = re.compile(r"^(?:One |Neither |Each |All |Both )?(?P<word>[A-Za-z]+)\b")
_SHOWN = 70  # characters of a sentence quoted in an error


def sentences(text: str) -> list[str]:
    """`text` split where a sentence ends and a capitalised one begins."""
    return [part for part in _SENTENCE_END.split(text.strip()) if part]


def list_like(sentence: str) -> bool:
    """Whether `sentence` reads like a list of type names."""
    return ":" in sentence or _LISTING_LIKE.search(sentence) is not None


def check_leftover(section: Section, rule: Rule, kind: str, rest: str) -> None:
    """The text of a subtype rule after the listing sentences the importer read: none of it
    may read like a list (a list reworded after its first sentence must not be cut off)."""
    for sentence in sentences(rest):
        if list_like(sentence):
            raise section.fail(
                rule.line, f"rule {rule.number}: cannot read {_shown(sentence)} as a list of {kind} types"
            )


def check_unread_rules(
    section: Section, card_types: Collection[str], read: Collection[str], subsection: str
) -> None:
    """Every rule not `read` as a subtype list or the no-subtypes rule: it must not speak of a
    card type's subtypes, and no sentence of one in the subtypes `subsection` ("205.3") may
    read like a list."""
    for rule in section.rules:
        if rule.number in read:
            continue
        card_type = _subject_card_type(rule.text, card_types)
        if card_type is not None:
            raise section.fail(
                rule.line,
                f"rule {rule.number}: cannot read this rule on the subtypes of {card_type.lower()} cards "
                "(neither a subtype list nor card types without subtypes)",
            )
        if rule.number.startswith(f"{subsection}"):
            for sentence in sentences(rule.text):
                if list_like(sentence):
                    raise section.fail(
                        rule.line, f"rule {rule.number}: cannot read {_shown(sentence)} as a list of subtypes"
                    )


def _subject_card_type(text: str, card_types: Collection[str]) -> str | None:
    """The card type a rule's first sentence speaks of the subtypes of ("Battles have a unique
    subtype", "Vanguard cards don't have subtypes"), or None."""
    first = sentences(text)[0] if text.strip() else ""
    lead = _LEAD.match(first)
    if lead is None or "subtype" not in fold(first):
        return None
    return card_type_of(lead.group("word"), card_types)


def card_type_of(word: str, card_types: Iterable[str]) -> str | None:
    """The card type `word` names, singular or plural, in any case ("sorceries": Sorcery)."""
    folded = word.lower()
    forms = {folded, folded[:-3] + "y" if folded.endswith("ies") else folded.removesuffix("s")}
    return next((t for t in card_types if t.lower() in forms), None)


def check_coverage(
    section: Section, card_types: Iterable[str], card_types_rule: str, covered: Collection[str]
) -> None:
    """Every card type is in some subtype list or among the card types without subtypes."""
    for card_type in card_types:
        if card_type not in covered:
            raise section.fail(
                section.line,
                f"section {section.number}: the card type {card_type.lower()} (rule {card_types_rule}) "
                "is in no subtype list, and no rule found says it has no subtypes",
            )


def _shown(sentence: str) -> str:
    return repr(sentence if len(sentence) <= _SHOWN else sentence[: _SHOWN - 1] + "…")
