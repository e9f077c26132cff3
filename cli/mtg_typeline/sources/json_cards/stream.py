"""Big Scryfall and MTGJSON files read as a stream: a Scryfall bulk file (a list of cards),
an MTGJSON AllPrintings, AtomicCards, AllIdentifiers or set file, hundreds of megabytes each.

The structure around the cards (the root list or object, MTGJSON's `data`, its sets and
their `cards` and `tokens`) is walked here over a `Window` on the text; each card, and each
value that is not walked (`meta`, a set's `booster`), is decoded alone by json's own scanner
at its offset, and let go of once its entries are read. So what is held is a window of the
text and one card, whatever the size of the file, and the offset of each card is known as it
passes: where a card has findings (or `--fix` an edit), it is read again alone as a card list
of one by the JSON card reader (`lineplaces`), as a line of JSON Lines is, and its places moved
to where the card starts. Its rewrites are written in the card's own style (`json_writing`
looks at the card's text, not the file's): they tell whether a fix can be written, which is
all a check asks; `--fix` and `--diff` read the file whole.

The entries and places are those of the file parsed whole (`CardDocument`), with the cards
of the same lists in the same order; an object of a collection (AllPrintings' set, or
AllIdentifiers' card) is told by its members as they come. A file whose data is not where
those files keep it (a Scryfall `list` object, a `data` that is neither an object nor a
list) is read whole. JSON that is not valid is one TL905 at the place json's parser gives it
(worked out by parsing the rest of the file after the structure walked so far, only then),
as are bytes that are not UTF-8; the cards before it stay checked, as in any reader.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Iterator
from typing import Any

from mtg_typeline.sources.base import Entry, NotCardData, Passed, SourceError
from mtg_typeline.sources.json_cards.lineplaces import LinePlaces, holds_surrogate, read_whole
from mtg_typeline.sources.json_cards.mtgjson import MTGJSON, SET_LISTS, is_card
from mtg_typeline.sources.json_cards.places import JSON_SPACE, parse_int
from mtg_typeline.sources.json_cards.shapes import (
    Card,
    Entries,
    Format,
    ShapeError,
    found_text,
    none_found_text,
    not_card,
)
from mtg_typeline.sources.json_cards.window import Window

Scan = Callable[[str, int], tuple[Any, int]]
Walked = Generator[Entry | Passed, None, Any]  # what a part walked gives; returns what json would say of it
_MARGIN = 16  # characters from the window's end in which a value may fail only for being cut off
_SCAN: Scan = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
_SCAN_BIG: Scan = json.JSONDecoder(parse_int=parse_int).scan_once  # type: ignore[attr-defined]


class StreamedCards:
    """The entries of a card file of `form` read from `window`, card by card."""

    def __init__(self, window: Window, form: Format, path: str) -> None:
        self.window, self.form, self.path = window, form, path
        self.end = 0  # the offset after the value last walked
        self.hold: int | None = None  # text kept from here on: an object that may be a card
        self.found = 0  # cards met: entries and objects passed over
        self.first: tuple[int, int] | None = None  # the place of the first non-empty list (or last)
        self.first_cards: list[Any] = []  # its items, while no card is met
        self.scan = _SCAN

    def streamed(self) -> bool:
        """Whether the file is read as a stream: a root list (both formats) or an MTGJSON
        object; else it is read whole (the window is left as it is, to be read on)."""
        root = self.char(self.skip(0))
        return root == "[" or (root == "{" and self.form is MTGJSON)

    def entries(self) -> Iterator[Entry | Passed]:
        """The entries of the file, in file order, and the objects passed over."""
        at = self.skip(0)
        place = self.window.place(at)
        stub: Any = []
        if self.char(at) == "[":
            yield from self.card_list(at, "")
        else:
            stub = yield from self.mtgjson_root(at)
        tail = self.skip(self.end)
        if self.char(tail):
            self.broken("null", tail)  # "Extra data"
        if self.first is None:
            raise self.error(found_text(self.form, stub), place)
        if not self.found and self.first_cards:
            raise self.error(none_found_text(self.form, self.first_cards), self.first)

    def mtgjson_root(self, at: int) -> Walked:
        """An MTGJSON file's root object: `meta` and `data`, or the data itself (a bare set);
        what json would say of it where it holds no card list (its members, shallowly)."""
        if self.first_key(at) not in ("meta", "data"):
            return (yield from self.body(at, ""))
        stub: dict[str, Any] = {}
        for key, value, prefix in self.members(at, ""):
            if key == "data" and self.char(value) in ("[", "{"):
                stub[key] = yield from self.body(value, prefix)
            else:
                stub[key] = _shallow(self.decode(value, prefix))
                if key == "data":
                    raise self.error(found_text(MTGJSON, stub[key]), self.window.place(value))
        return stub

    def body(self, at: int, prefix: str) -> Walked:
        """MTGJSON's data: a list of cards, a set, or a collection (AllPrintings: code → set;
        AtomicCards: name → faces; AllIdentifiers: uuid → card), told by its first members: a
        set has values that are neither objects nor lists before its first that is."""
        if self.char(at) == "[":
            yield from self.card_list(at, prefix)
            return []
        stub: dict[str, Any] = {}
        mode = ""
        for key, value, inner in self.members(at, prefix):
            char = self.char(value)
            if key in SET_LISTS and char == "[" and mode != "collection":
                mode = "set"
                stub[key] = yield from self.card_list(value, inner)
            elif char in ("[", "{") and mode != "set":
                mode = "collection"
                lists = self.card_list(value, inner) if char == "[" else self.collected(value, inner)
                stub[key] = yield from lists
            else:
                mode = mode or "set"
                stub[key] = _shallow(self.decode(value, inner))
        return stub

    def collected(self, at: int, prefix: str) -> Walked:
        """An object of a collection: a set (its `cards` and `tokens`), or a card."""
        self.hold = at  # (until it turns out to be a set: then its cards are let go of)
        held: dict[str, Any] | None = {}
        for key, value, inner in self.members(at, prefix):
            if key in SET_LISTS and self.char(value) == "[":
                held, self.hold = None, None
                yield from self.card_list(value, inner)
            elif held is not None:
                held[key] = self.decode(value, inner)
            else:
                self.decode(value, inner)
        end, self.hold = self.end, None
        if held is not None and is_card(held):
            if self.list_met(at) and not self.found:
                self.first_cards.append(held)
            yield from self.card(held, at, end)
        self.end = end
        return {}

    def card_list(self, at: int, prefix: str) -> Walked:
        """A list of cards: each decoded, its entries read, and let go of."""
        tracked = self.list_met(at)
        for start, state in self.items(at, prefix):
            card = self.decode(start, state)
            end = self.end
            if tracked and not self.found:
                self.first_cards.append(card)
            if type(card) is not dict:
                raise self.error(not_card([card], card).message, self.window.place(start))
            yield from self.card(card, start, end)
            self.end = end
        return []

    def list_met(self, at: int) -> bool:
        """Note a card list at `at`: the first non-empty one is where the file's error is
        placed when it holds no card. Whether it may be that one (its items to be kept)."""
        if self.first is None or not self.first_cards:
            self.first, self.first_cards = self.window.place(at), []
            return True
        return False

    def card(self, card: Card, start: int, end: int) -> Walked:
        """The entries of a card whose text is [start, end) of the file."""
        window = self.window
        text = window.text[start - window.base : end - window.base]
        line, places = _CardPlaces.at(window.place(start), text, self.form, self.path)
        try:
            made, count = _collected(self.form.entries([card], places))
        except ShapeError as exc:
            raise self.error(exc.message, window.place(start)) from None
        if made and "\\" in text and any(map(holds_surrogate, made)):
            made = list(read_whole(text, line, self.form, self.path, places.column))
        self.found += count
        for item in made:
            yield item._replace(place=item.where()) if isinstance(item, Passed) else item

    def members(self, at: int, prefix: str) -> Iterator[tuple[str, int, str]]:
        """The members of the object at `at`: each key, the offset of its value, and the text
        that stands for the objects and lists around the value (for `broken`). The caller walks
        each value, leaving `end` after it; `end` is left after the object."""
        inner = prefix + '{"":'
        for at_key, state in self.items(at, prefix, keyed=True):
            if self.char(at_key) != '"':
                self.broken(state, at_key)
            key = self.decode(at_key, state)
            colon = self.skip(self.end)
            if self.char(colon) != ":":
                self.broken(state, at_key)
            yield key, self.skip(colon + 1), inner

    def items(self, at: int, prefix: str, *, keyed: bool = False) -> Iterator[tuple[int, str]]:
        """The offsets of the items of the list (or the members of the object: `keyed`) at
        `at`, each with the text that stands for what is around it (for `broken`); the
        caller walks each, leaving `end` after it; `end` is left after the list."""
        inner, close = (prefix + "{", "}") if keyed else (prefix + "[", "]")
        walked = inner + ('"":null' if keyed else "null")  # (after an item)
        at, state = self.skip(at + 1), inner
        if self.char(at) == close:
            self.end = at + 1
            return
        while True:
            yield at, state
            after = self.skip(self.end)
            if self.char(after) == close:
                self.end = after + 1
                return
            if self.char(after) != ",":
                self.broken(walked, after)
            at, state = self.skip(after + 1), walked + ","

    def first_key(self, at: int) -> str | None:
        """The first key of the object at `at` (None if it has none)."""
        start = self.skip(at + 1)
        if self.char(start) != '"':
            return None
        key = self.decode(start, "{")
        return key if type(key) is str else None

    def decode(self, at: int, prefix: str) -> Any:
        """The JSON value at `at`, decoded (more text read as it needs); `end` left after it."""
        window = self.window
        while True:
            text, index = window.text, at - window.base
            cut = False  # an error that more text may clear: a string cut off by the window
            try:
                value, end = self.scan(text, index)
            except StopIteration as exc:
                failed = exc.value
            except json.JSONDecodeError as exc:
                failed, cut = exc.pos, exc.msg.startswith("Unterminated string")
            except ValueError:  # a number of more digits than Python turns into an int
                self.scan = _SCAN_BIG
                continue
            except RecursionError:
                raise self.nested() from None
            else:
                if end < len(text) or window.eof:  # (a number may go on past the window)
                    self.end = window.base + end
                    return value
                failed = end
            if window.eof or (failed < len(text) - _MARGIN and not cut):
                self.broken(prefix, at)
            window.release(at if self.hold is None else self.hold)
            window.more()

    def skip(self, at: int) -> int:
        """The offset of the first character at or after `at` that is not white space."""
        window = self.window
        while True:
            index = JSON_SPACE.match(window.text, at - window.base).end()  # type: ignore[union-attr]
            if index < len(window.text) or not window.more():
                return window.base + index

    def char(self, at: int) -> str:
        """The character at `at` ("" at the end of the text)."""
        window = self.window
        while at >= window.end:
            if not window.more():
                return ""
        return window.text[at - window.base]

    def broken(self, prefix: str, at: int) -> None:
        """Raise the error of JSON that is not valid from `at` on, `prefix` standing for the
        objects and lists around it: json's parser is given that and the rest of the file,
        and its error is the one it gives the whole file."""
        window = self.window
        rest = window.rest()[at - window.base :]
        try:
            json.loads(prefix + rest, parse_int=parse_int)
        except json.JSONDecodeError as exc:
            line, column = window.json_place(at + max(exc.pos - len(prefix), 0))
            error = SourceError if window.holds_cards() else NotCardData
            raise error(f"not valid JSON: {exc.msg.removesuffix(' at')}", line, column) from None
        except RecursionError:
            raise self.nested() from None
        raise SourceError("not valid JSON", *window.json_place(at))  # (not for a walk of valid JSON)

    def nested(self) -> SourceError:
        """The error of JSON nested too deeply for json's parser: `NotCardData` in a file
        that names no key only card data has."""
        self.window.rest()
        error = SourceError if self.window.holds_cards() else NotCardData
        return error("the JSON is nested too deeply to read")

    def error(self, message: str, place: tuple[int, int]) -> SourceError:
        """A shape error at `place`: `NotCardData` while no card is met (a `package.json`)."""
        return (SourceError if self.found else NotCardData)(message, *place)


class _CardPlaces(LinePlaces):
    """A card's places, from where the card starts in the file (placed as the card passes:
    its entries may be placed and rewritten later, when the window has moved on)."""

    __slots__ = ("column",)

    column: int

    @classmethod
    def at(cls, place: tuple[int, int], text: str, form: Format, path: str) -> tuple[int, _CardPlaces]:
        """The places of a card whose `text` starts at `place`, and its line."""
        places = cls(text, place[0], form, path)
        places.column = place[1]
        return place[0], places

    def origin(self) -> tuple[int, int]:
        return self.number, self.column


def _shallow(value: Any) -> Any:
    """A value as kept for what json would say of its object: a list or an object empty."""
    return type(value)() if type(value) is dict or type(value) is list else value


def _collected(entries: Entries) -> tuple[list[Entry | Passed], int]:
    """What a format's entries give, and the number of cards they met."""
    made: list[Entry | Passed] = []
    while True:
        try:
            made.append(next(entries))
        except StopIteration as stop:
            return made, stop.value
