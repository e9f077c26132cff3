"""Which key of a card object holds its type line, for the readers of card lists of any
shape (YAML card files, generic JSON card lists): one rule for both, so that the same cards
are found whichever of the two a designer exports.

Keys are compared without case, spaces, `_` and `-` (`Type Line`, `typeLine`, `type_line`).
A `type_line` key holds a type line; so does a bare `type` in an object that has a `name` and
is a card's (a key only cards have beside it, or a card type of the rules in its value), as a
bare `type` is common outside card data (a data source's `type: prometheus`, a package's
`"type": "module"`); or the key the user names (`--key`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache

from mtg_typeline.ruleset import load_rules
from mtg_typeline.sources import SourceSettings

TYPE_KEYS = ("typeline", "type")  # best first
BARE_TYPE = "type"
NAME_KEY = "name"
# Keys (compared as `norm` makes them) that a card has beside its `name` and `type`
CARD_KEYS = frozenset(
    {"manacost", "cost", "text", "oracletext", "rarity", "power", "toughness", "set", "subtypes", "types"}
    | {"colors", "cmc", "loyalty"}
)
_WORD = re.compile(r"[^\W\d_]+")
_NOISE = re.compile(r"[\s_-]+")
NO_TYPE_KEY = "no type_line key, nor a type beside a name, with a text value"
SHOWN_KEYS = 8  # keys named in a message about a `--key` that was not found


def norm(key: object) -> str:
    """A key compared without case, spaces, `_` and `-` (`Type Line`, `typeLine`, `type-line`)."""
    return _NOISE.sub("", str(key).lower())


def card_words(settings: SourceSettings) -> Callable[[], frozenset[str]]:
    """The card types of the rules in force, in lower case, loaded when first asked for."""

    @cache
    def words() -> frozenset[str]:
        rules = settings.rules
        if rules is None:  # a caller that gives none: the default edition's
            rules = load_rules()
        return frozenset(word.lower() for word in rules.card_types)

    return words


def names_a_card_type(values: Iterable[str], words: Callable[[], frozenset[str]]) -> bool:
    """Whether one of `values` holds a card type of the rules (`Creature — Elf`), in any case."""
    return any(not words().isdisjoint(_WORD.findall(value.lower())) for value in values)


def missing_key_text(path: str, key: str, found: Iterable[str]) -> str:
    """What is wrong when no object of a file holds the key named with `--key`: the file,
    the key, and the keys its objects do have (the first few, in file order)."""
    keys = list(dict.fromkeys(found))
    if not keys:
        return f"{path} has no object with the key {key!r} (--key) holding text; it has no keys at all"
    shown = ", ".join(repr(name) for name in keys[:SHOWN_KEYS])
    more = f" and {len(keys) - SHOWN_KEYS} more" if len(keys) > SHOWN_KEYS else ""
    return f"{path} has no object with the key {key!r} (--key) holding text; the keys found: {shown}{more}"
