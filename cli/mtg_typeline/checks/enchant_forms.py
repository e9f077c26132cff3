"""The obsolete `Enchant …` card types of old printings (Enchant Creature, Enchant World):
one face of two words that TL202 reports as one obsolete card type, and that the checks of
unknown words (TL201, TL203, TL204, TL301) leave to it instead of telling a story per word.

Before the Aura subtype, local enchantments were printed "Enchant Creature", "Enchant Land",
… and global ones of the world kind "Enchant World"; Oracle gives the first as Enchantment —
Aura (what it enchants moved to its enchant ability) and the second as World Enchantment.
"""

from __future__ import annotations

from mtg_typeline.notation import CANONICAL_DASH, fold
from mtg_typeline.parser import Face
from mtg_typeline.records import NamedTuple

# what followed "Enchant" on the type line of old printings
_AURA_OBJECTS = frozenset({"creature", "player", "land", "artifact", "enchantment", "permanent", "wall"})


class EnchantForm(NamedTuple):
    """An obsolete `Enchant …` face: where it stands and the type line it is now."""

    start: int
    end: int
    now: str


def enchant_form(face: Face) -> EnchantForm | None:
    """The face as an obsolete `Enchant <object>` type line, or None if it is not one."""
    if face.is_emblem or face.dash is not None or face.subtypes or len(face.before) != 2:
        return None
    first, second = (t.word for t in face.before)
    if fold(first.text) != "enchant":
        return None
    what = fold(second.text)
    if what == "world":
        now = "World Enchantment"
    elif what in _AURA_OBJECTS:
        now = f"Enchantment{CANONICAL_DASH}Aura"
    else:
        return None
    return EnchantForm(first.start, second.end, now)
