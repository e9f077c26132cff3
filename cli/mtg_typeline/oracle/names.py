"""Card names as a user's data and an Oracle file may each write them, made comparable.

Databases disagree on the form of a name, not on the card: `Lim-Dûl's Vault` or `Lim-Dul's
Vault`, `Æther Vial` or `Aether Vial`, a curly or a straight apostrophe, `Fire // Ice`,
`Fire/Ice` or `Fire // ice`. A name's key folds all of those to one string: accents dropped,
ligatures spelled out, apostrophes and dashes made plain, case folded, spaces collapsed, the
separator of a card's faces written ` // `.
"""

from __future__ import annotations

import re
import unicodedata

FACES = " // "
_SEPARATOR = re.compile(r"\s*//?\s*")  # `A // B`, `A/B`: the faces of one card
_SPACES = re.compile(r"\s+")
_PLAIN = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "‐": "-", "‑": "-", "–": "-", "—": "-"})
_LIGATURES = {"æ": "ae", "œ": "oe", "ß": "ss", "ø": "o", "ð": "d", "þ": "th", "ł": "l"}
ALCHEMY = "a-"  # the prefix of a card rebalanced for Arena (`A-Lightning Bolt`)


def name_key(name: str) -> str:
    """The key a card (or face) name is matched by."""
    folded = _SPACES.sub(" ", name.translate(_PLAIN)).strip().casefold()
    if not folded.isascii():
        folded = "".join(_LIGATURES.get(char, char) for char in folded)
        decomposed = unicodedata.normalize("NFKD", folded)
        folded = "".join(char for char in decomposed if not unicodedata.combining(char))
    return FACES.join(_SEPARATOR.split(folded)) if "/" in folded else folded


def keys_to_try(name: str) -> tuple[str, ...]:
    """The keys a card of the user's data is looked up by, in order: its name's, then, for an
    Alchemy card whose rebalanced version the Oracle file lacks, the original card's."""
    key = name_key(name)
    if key.startswith(ALCHEMY) and len(key) > len(ALCHEMY):
        return (key, key[len(ALCHEMY) :])
    return (key,)


def face_names(name: str) -> list[str]:
    """The names of a card's faces (`Fire // Ice`: `Fire`, `Ice`), as keys."""
    return name_key(name).split(FACES)
