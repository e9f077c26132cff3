"""Scryfall card files: where their cards and type lines are.

A file is a card object, a list of them (bulk data), or a `list` object with `data`; each
card's `type_line` and each `card_faces[].type_line` is an entry, with TL906 on the combined
line when it is not the faces' lines joined by ` // `. The lines of `all_parts` are not checked
(only counted, so that the places of the others come out right). An object that is no card
of a game (`shapes.not_a_card`: an art-series card, a checklist card, a sticker sheet) and a
card with no type line are passed over (`Passed`), to be counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from mtg_typeline.findings import FACES_DISAGREE, Severity
from mtg_typeline.sources.base import Entry, Note, Passed
from mtg_typeline.sources.json_cards.places import Site
from mtg_typeline.sources.json_cards.shapes import (
    Card,
    Entries,
    Format,
    Lists,
    Locate,
    ShapeError,
    card_entry,
    card_name,
    found_text,
    holding,
    not_a_card,
    not_card,
)


def _scryfall_lists(root: Any) -> Lists:
    if type(root) is list:
        yield root, ()
    elif type(root) is dict and root.get("object") == "error":
        raise ShapeError(f"a Scryfall error object: {root.get('details', '')}")
    elif type(root) is dict and type(root.get("data")) is list:
        yield root["data"], ("data",)
    elif type(root) is dict and ("type_line" in root or "card_faces" in root or root.get("object") == "card"):
        yield [root], ()
    else:
        raise ShapeError(found_text(SCRYFALL, root))


def _scryfall_entries(cards: list[Any], locate: Locate) -> Entries:
    count = 0
    for card in cards:
        if type(card) is not dict:
            raise not_card(cards, card)
        if (passed := _passed(card)) is not None:
            count += 1
            yield passed._replace(place=locate.place(card))
            continue
        if card.get("card_faces"):
            entries = _faced(card, locate)
            count += len(entries)
            yield from entries
            continue
        text = card.get("type_line")
        if type(text) is str:
            name = card.get("name")
            count += 1
            yield card_entry(text, locate(card), name if type(name) is str else None)
    return count


def _passed(card: Card) -> Passed | None:
    """The card passed over: no card of a game, or a card with no type line at all."""
    text = card.get("type_line")
    if (passed := not_a_card(card, text)) is not None:
        return passed
    if "type_line" in card or holding(card.get("card_faces"), "type_line") or card.get("object") != "card":
        return None  # (an object of another kind, a set's, is no card; a type line not text, an error)
    return Passed(card_name(card), (1, 1))


def _faced(card: Card, locate: Locate) -> list[Entry]:
    """The lines of a card of several faces, each face's and the combined one, in file order;
    TL906 on the combined one when it is not the faces' lines joined."""
    faces = card["card_faces"]
    held = holding(faces, "type_line")
    entries = [
        card_entry(face["type_line"], locate(face), card_name(face) or card_name(card)) for face in held
    ]
    text = card.get("type_line")
    if type(text) is not str:
        return entries  # a reversible card: its faces' lines only
    notes: tuple[Note, ...] = ()
    joined = " // ".join(face["type_line"] for face in held)
    if held and len(held) == len(faces) and text != joined:
        message = "the card's type line is not its faces' type lines joined by ' // '"
        notes = (Note(FACES_DISAGREE, Severity.ERROR, message, suggestion=joined),)
    combined = card_entry(text, locate(card), card_name(card), notes)
    keys = list(card)
    first = keys.index("type_line") < keys.index("card_faces")
    return [combined, *entries] if first else [*entries, combined]


def _scryfall_sites(cards: list[Any]) -> Iterator[Site]:
    for card in cards:
        if type(card) is not dict:
            continue
        if "card_faces" not in card and "all_parts" not in card:
            if type(card.get("type_line")) is str:
                yield card, True
            continue
        keys = list(card)
        for key in sorted({"type_line", "card_faces", "all_parts"}.intersection(keys), key=keys.index):
            if key == "type_line":
                yield from [(card, True)] if type(card[key]) is str else []
            else:
                yield from ((part, key == "card_faces") for part in holding(card[key], "type_line"))


def _scryfall_hint(value: Any) -> str:
    """A pointer to MTGJSON, where the data looks like it."""
    if type(value) is dict and {"meta", "types", "faceName", "uuid", "cards"} & value.keys():
        return " (it looks like MTGJSON: --input-format mtgjson)"
    return ""


SCRYFALL = Format(
    "type_line", "Scryfall cards: a card object, a list of them, or a list object with `data`",
    _scryfall_lists, _scryfall_entries, _scryfall_sites, _scryfall_hint,
)  # fmt: skip
