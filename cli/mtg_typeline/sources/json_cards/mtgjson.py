"""MTGJSON card files: where their cards and type lines are.

A file is a set file (with or without `meta`, or the bare set), AtomicCards, AllPrintings, or
a list of cards; each card's `type` is an entry, with TL907 when it disagrees with its
`supertypes`/`types`/`subtypes` (see `mtgjson_fields`). The lines of `foreignData` are not
checked (only counted, so that the places of the others come out right). An object that is
no card of a game (`shapes.not_a_card`: a checklist card typed `Card`, a sticker sheet) and a
card with no type line are passed over (`Passed`), to be counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from mtg_typeline.sources.base import Passed
from mtg_typeline.sources.json_cards.mtgjson_fields import fields_notes
from mtg_typeline.sources.json_cards.places import Path, Site
from mtg_typeline.sources.json_cards.shapes import (
    Card,
    Entries,
    Format,
    Lists,
    Locate,
    ShapeError,
    card_entry,
    found_text,
    holding,
    not_a_card,
    not_card,
)

SET_LISTS = ("cards", "tokens")


def _mtgjson_lists(root: Any) -> Lists:
    if type(root) is list:
        yield root, ()
        return
    if type(root) is not dict:
        raise ShapeError(found_text(MTGJSON, root))
    body, path = (root["data"], ("data",)) if "data" in root else (root, ())
    if type(body) is list:
        yield body, path
    elif type(body) is not dict:
        raise ShapeError(found_text(MTGJSON, body), path)
    elif is_card(body) or any(type(body.get(key)) is list for key in SET_LISTS):
        yield from _set_lists(body, path)
    else:  # AtomicCards: name → faces; AllPrintings: code → set; AllIdentifiers: uuid → card
        for name, value in body.items():
            if type(value) is list:
                yield value, (*path, name)
            elif type(value) is dict:
                yield from _set_lists(value, (*path, name))


def _set_lists(value: dict[str, Any], path: Path) -> Lists:
    if is_card(value):
        yield [value], path
        return
    for key, cards in value.items():
        if key in SET_LISTS and type(cards) is list:
            yield cards, (*path, key)


def is_card(value: dict[str, Any]) -> bool:
    """Whether an object of a set file's place is a card (AllIdentifiers: uuid → card)."""
    return type(value.get("type")) is str and type(value.get("types")) is list


def _card_type(card: Card) -> Any:
    """The `type` of an object that is a card: one with `types` (a list; Magic-Spoiler's
    string), `uuid` or `layout`. A `type` alone is another list's (SetList's "core")."""
    return card.get("type") if "types" in card or "uuid" in card or "layout" in card else None


def _mtgjson_entries(cards: list[Any], locate: Locate) -> Entries:
    count = 0
    for card in cards:
        if type(card) is not dict:
            raise not_card(cards, card)
        text = _card_type(card)
        if (passed := _passed(card, text)) is not None:
            count += 1
            yield passed._replace(place=locate.place(card))
        elif type(text) is str:
            name = card.get("faceName") or card.get("name")
            count += 1
            notes = fields_notes(card, text)
            yield card_entry(text, locate(card), name if type(name) is str else None, notes)
    return count


def _passed(card: Card, text: Any) -> Passed | None:
    """The object passed over: no card of a game (`shapes.not_a_card`), or a card (one with
    `types`, `uuid` or `layout`) with no type line."""
    if (passed := not_a_card(card, text)) is not None:
        return passed
    if text is None and ("types" in card or "uuid" in card or "layout" in card):
        name = card.get("faceName") or card.get("name")
        return Passed(name if type(name) is str else None, (1, 1))
    return None


def _mtgjson_sites(cards: list[Any]) -> Iterator[Site]:
    for card in cards:
        if type(card) is not dict:
            continue
        text = _card_type(card)
        foreign = holding(card.get("foreignData"), "type")
        if type(text) is not str:
            yield from ((data, False) for data in foreign)
            continue
        keys = list(card) if foreign else []
        if keys and keys.index("foreignData") < keys.index("type"):  # the text's order, not the values'
            yield from ((data, False) for data in foreign)
            foreign = []
        yield card, True
        yield from ((data, False) for data in foreign)


def _mtgjson_hint(value: Any) -> str:
    """A pointer to Scryfall, where the data looks like it."""
    if type(value) is dict and ("type_line" in value or value.get("object") in ("card", "list")):
        return " (it looks like Scryfall: --input-format scryfall)"
    return ""


MTGJSON = Format(
    "type", "MTGJSON cards: a set file, AtomicCards, AllPrintings or a list of card objects",
    _mtgjson_lists, _mtgjson_entries, _mtgjson_sites, _mtgjson_hint,
    "an MTGJSON card", "`types`, `uuid` or `layout`",
)  # fmt: skip
