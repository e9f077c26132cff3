"""What the Scryfall and MTGJSON readers share: the `Format` that tells them apart, the
error of valid JSON that is not card data, and the small helpers both make entries with.

The reader (`json_cards`) and each format (`json_scryfall`, `json_mtgjson`) import this
module, and it imports none of them, so there is no cycle between them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Iterator
from typing import Any, Protocol

from mtg_typeline.records import NamedTuple
from mtg_typeline.sources.base import NOT_A_CARD, Entry, Locator, Note, Passed, Rewrite
from mtg_typeline.sources.json_cards.places import Path, Site

Card = dict[str, Any]
Lists = Iterator[tuple[list[Any], Path]]
Entries = Generator[Entry | Passed, None, int]  # returns how many cards it met
# Objects of card files that are not cards of a game, told by their layout or their whole
# type line, the same in Scryfall and MTGJSON: art-series cards, checklist cards (`Card`),
# sticker sheets (`Stickers`). Tokens and emblems are pieces of a game: they are checked.
NOT_CARD_LAYOUTS = frozenset({"art_series"})
NOT_CARD_TYPES = frozenset({"Card", "Stickers"})


class Locate(Protocol):
    """How the objects of a card list are placed: a card's line, placed and rewritten
    (called), and the place of a card passed over, worked out when asked (`place`)."""

    def __call__(self, card: Card) -> tuple[Callable[[], Locator], Rewrite]: ...

    def place(self, card: Card) -> Callable[[], tuple[int, int]]: ...


def not_a_card(card: Card, text: Any) -> Passed | None:
    """The object passed over, if `card` (whose type line is `text`) is no card of a game."""
    layout = card.get("layout")
    if type(layout) is str and layout in NOT_CARD_LAYOUTS:
        return Passed(card_name(card), (1, 1), NOT_A_CARD, f"layout {layout}")
    if type(text) is str and text.strip() in NOT_CARD_TYPES:
        return Passed(card_name(card), (1, 1), NOT_A_CARD, f"type line {text.strip()}")
    return None


class ShapeError(Exception):
    """Valid JSON that is not card data: what was expected, and the path of what was found."""

    def __init__(self, message: str, path: Path = ()) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


class Format(NamedTuple):
    """What differs between Scryfall and MTGJSON."""

    key: str  # the key of the type line
    expected: str
    card_lists: Callable[[Any], Lists]
    entries: Callable[[list[Any], Locate], Entries]
    sites: Callable[[list[Any]], Iterator[Site]]
    hint: Callable[[Any], str]  # a pointer to the other format, where a value looks like it
    name: str = "a card"  # what a card of the format is called
    marks: str = ""  # what tells a card of the format from other objects holding its key


def card_entry(
    text: str, where: tuple[Callable[[], Locator], Rewrite], card: str | None, notes: tuple[Note, ...] = ()
) -> Entry:
    return Entry(text, where[0], card, notes, None, where[1])


def holding(items: Any, key: str) -> list[Card]:
    """The objects of a list that hold a string under `key`."""
    if type(items) is not list:
        return []
    return [item for item in items if type(item) is dict and type(item.get(key)) is str]


def card_name(card: Card) -> str | None:
    name = card.get("name")
    return name if type(name) is str else None


def not_card(cards: list[Any], item: Any) -> ShapeError:
    index = next(i for i, card in enumerate(cards) if card is item)
    return ShapeError(f"expected a card object, found {_describe(item)}", (index,))


def _describe(value: Any) -> str:
    if type(value) is bool or value is None:
        return json.dumps(value)
    if isinstance(value, dict | list | str):
        return "an object" if type(value) is dict else "a list" if type(value) is list else "a string"
    return "a number"


def found_text(form: Format, value: Any) -> str:
    return f"expected {form.expected}; found {_describe(value)}{form.hint(value)}"


def none_found_text(form: Format, cards: list[Any]) -> str:
    """What is wrong with a list of objects none of which holds a type line of `form`: the
    truth about what they hold, and the reading that takes them where one may."""
    holders = holding(cards, form.key)
    if holders:  # MTGJSON's `type` in objects that are not MTGJSON cards
        many = len(holders) > 1
        return (
            f"{len(holders)} {'objects' if many else 'object'} here {'have' if many else 'has'} a "
            f"`{form.key}`, but none is {form.name} (one with {form.marks}); a card list of "
            "another shape is read with --input-format json"
        )
    sample = next((card for card in cards if type(card) is dict), None)
    return f"no object here has a `{form.key}`: expected {form.expected}{form.hint(sample) or _other(sample)}"


def _other(sample: Any) -> str:
    """A pointer to the generic reader, for an object with a text value under a type key."""
    if type(sample) is not dict:
        return ""
    key = next((k for k, v in sample.items() if type(v) is str and "type" in k.lower()), None)
    if key is None:
        return ""
    # (a key of the file: half a surrogate, from an escape such as `\ud800` alone, written escaped)
    shown = key.encode("utf-8", "backslashreplace").decode("utf-8")
    return f" (a card list of another shape: --input-format json --key {shown})"
