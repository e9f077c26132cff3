"""What the rules say of a face's supertypes and card types taken together, beyond the
lists: a kindred (tribal) card has another card type; planeswalkers are legendary from the
edition that removed their uniqueness rule; basic, world and ongoing mean something only on
lands, permanents and schemes. Each holds only where the edition's rule file cites its rule.

Shared by the checks that report these (`checks.combinations`) and the checker's fast path,
which must never call a head plainly right that one of them would report.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from mtg_typeline.ruleset.model import RuleSet

KINDRED_TYPES = frozenset({"Kindred", "Tribal"})  # the one card type, by its two names
PLANESWALKER = "Planeswalker"
LEGENDARY = "Legendary"
# The permanent types (CR 110.4): the card types an object on the battlefield can have.
PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})
# supertype -> (the citation of its meaning, the card types it means something with, what they are)
SUPERTYPE_MEANINGS = {
    "Basic": ("basic-meaning", frozenset({"Land"}), "lands"),
    "World": ("world-meaning", PERMANENT_TYPES, "permanents"),
    "Ongoing": ("ongoing-meaning", frozenset({"Scheme"}), "schemes"),
}


def kindred_alone(card_types: frozenset[str], rules: RuleSet) -> bool:
    """Whether the only card type is kindred (tribal), where the edition says it never is."""
    return bool(card_types) and card_types <= KINDRED_TYPES and bool(rules.cite("kindred-other-type"))


def unlegendary_planeswalker(supertypes: Collection[str], card_types: frozenset[str], rules: RuleSet) -> bool:
    """Whether a planeswalker lacks Legendary in an edition where planeswalkers have it."""
    return (
        PLANESWALKER in card_types
        and LEGENDARY not in supertypes
        and bool(rules.cite("planeswalker-legendary"))
    )


def meaningless(
    supertypes: Collection[str], card_types: frozenset[str], rules: RuleSet
) -> Iterator[tuple[str, str, str]]:
    """(supertype, its rule, what it is for) for each supertype that means nothing on an
    object of these card types, in the edition."""
    for supertype in supertypes:
        meaning = SUPERTYPE_MEANINGS.get(supertype)
        if meaning is None or meaning[1] & card_types:
            continue
        for rule in rules.cite(meaning[0]):
            yield supertype, rule, meaning[2]


def plain_combination(supertypes: Collection[str], card_types: frozenset[str], rules: RuleSet) -> bool:
    """Whether none of the rules of this module finds anything in this head."""
    return not (
        kindred_alone(card_types, rules)
        or unlegendary_planeswalker(supertypes, card_types, rules)
        or next(meaningless(supertypes, card_types, rules), None)
    )
