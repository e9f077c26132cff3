"""JSON card lists of any shape (`--input-format json`): what designers export from their
own tools, `[{"name": "Clam Diver", "type": "Creature — Clamfolk"}]`, or cards inside sets
inside anything.

The type lines are found as the YAML reader finds them (`sources.cardkeys`): the key named
with `--key`, else a `type_line` key, else a bare `type` in a card's object (beside a `name`,
with a key only cards have or a card type in its value), at any depth. The places of
`json_cards.places` need one key for the whole file, so the file's key is the spelling the
first card uses (`type_line`, `typeLine`, `Type`); objects that spell it otherwise are not
read. The card's name is its object's `name`. A file in which no object holds the key of
`--key` but that is Scryfall or MTGJSON card data is read as such (a `key` configured for a
tree's own card lists leaves its Scryfall and MTGJSON files checked).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from mtg_typeline.sources import SourceSettings
from mtg_typeline.sources.base import NotCardData, Passed
from mtg_typeline.sources.cardkeys import (
    BARE_TYPE,
    CARD_KEYS,
    NAME_KEY,
    NO_TYPE_KEY,
    TYPE_KEYS,
    card_words,
    missing_key_text,
    names_a_card_type,
    norm,
)
from mtg_typeline.sources.json_cards.mtgjson import MTGJSON
from mtg_typeline.sources.json_cards.places import Site
from mtg_typeline.sources.json_cards.scryfall import SCRYFALL
from mtg_typeline.sources.json_cards.shapes import (
    Card,
    Entries,
    Format,
    Lists,
    Locate,
    ShapeError,
    card_entry,
)

EXPECTED = "card objects with a type line under `type_line`, `type` beside a `name`, or the key of --key"


class AnyShape:
    """The generic reader's format, settled file by file once the file is parsed: which key
    holds the type lines (`format_for`)."""

    expected = EXPECTED

    def __init__(self, settings: SourceSettings) -> None:
        self.given = settings.key
        self.words = card_words(settings)

    def format_for(self, root: Any, path: str) -> Format:
        """The format of one parsed file: its type key found (`NotCardData` where none is)."""
        if self.given:
            key = _spelling(root, lambda card, k: norm(k) == norm(self.given))
            if key is not None:
                return _format(key, lambda card: True)
            known = _known_format(root)  # (a `key` configured for other files of a tree)
            if known is None:
                raise NotCardData(missing_key_text(path, self.given, _keys(root)))
            return known
        key = _spelling(root, lambda card, k: norm(k) == TYPE_KEYS[0])
        if key is not None:
            return _format(key, lambda card: True)
        key = _spelling(root, lambda card, k: norm(k) == BARE_TYPE and self.bare_card(card, k))
        if key is None:
            raise NotCardData(f"{path} holds no card data: {NO_TYPE_KEY}")
        return _format(key, lambda card: self.bare_card(card, key))

    def bare_card(self, card: Card, key: str) -> bool:
        """Whether a bare `type` is a card's: beside a `name`, with a key only cards have or
        a card type of the rules in its value (not a package's `"type": "module"`)."""
        if name_of(card) is None:
            return False
        return any(norm(k) in CARD_KEYS for k in card) or names_a_card_type([card[key]], self.words)


def _format(key: str, counts: Callable[[Card], bool]) -> Format:
    """The format whose type lines are the string values of `key` in the objects `counts`
    takes (the others holding it are only counted, for the places)."""

    def lists(root: Any) -> Lists:
        yield list(_holders(root, key)), ()

    def entries(cards: list[Any], locate: Locate) -> Entries:
        found = 0  # (cards with an empty type line too: the file holds cards)
        for card in cards:
            if counts(card):
                found += 1
                if card[key].strip():  # an empty type line is no type line, as in YAML
                    yield card_entry(card[key], locate(card), name_of(card))
                else:
                    yield Passed(name_of(card), locate.place(card))
        return found

    def sites(cards: list[Any]) -> Iterator[Site]:
        return ((card, counts(card)) for card in cards)

    return Format(key, EXPECTED, lists, entries, sites, lambda value: "")


def name_of(card: Card) -> str | None:
    """The card's name: its `name` (compared as keys are), if it is text."""
    return next((v for k, v in card.items() if type(v) is str and norm(k) == NAME_KEY), None)


def _objects(value: Any) -> Iterator[Card]:
    """Every object of a tree, in document order."""
    if type(value) is dict:
        yield value
        for item in value.values():
            if type(item) is dict or type(item) is list:
                yield from _objects(item)
    elif type(value) is list:
        for item in value:
            if type(item) is dict or type(item) is list:
                yield from _objects(item)


def _holders(value: Any, key: str) -> Iterator[Card]:
    """The objects holding a string under `key`, each where that string is in the text
    (an object's own line may come after those of objects inside it)."""
    if type(value) is dict:
        for name, item in value.items():
            if name == key and type(item) is str:
                yield value
            elif type(item) is dict or type(item) is list:
                yield from _holders(item, key)
    elif type(value) is list:
        for item in value:
            if type(item) is dict or type(item) is list:
                yield from _holders(item, key)


def _spelling(root: Any, wanted: Callable[[Card, str], bool]) -> str | None:
    """The first key, as the file spells it, that holds text in an object and is `wanted`."""
    for card in _objects(root):
        for key, value in card.items():
            if type(value) is str and wanted(card, key):
                return key
    return None


def _known_format(root: Any) -> Format | None:
    """Scryfall or MTGJSON, where the file is card data of that format."""
    for form in (SCRYFALL, MTGJSON):
        try:
            if any(checked for cards, _ in form.card_lists(root) for _, checked in form.sites(cards)):
                return form
        except ShapeError:
            continue
    return None


def _keys(root: Any) -> Iterator[str]:
    for card in _objects(root):
        yield from card
