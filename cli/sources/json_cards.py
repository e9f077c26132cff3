"""Scryfall and MTGJSON card files: every type line in them, placed exactly in the file.

Scryfall: a card object, a list of them (bulk data), or a `list` object with `data`; each
card's `type_line` and each `card_faces[].type_line` (TL906 when the combined line is not the
faces' lines joined by ` // `). MTGJSON: a set file (with or without `meta`, or the bare set),
AtomicCards, AllPrintings, or a list of cards; each card's `type` (TL907 when it disagrees with
its `supertypes`/`types`/`subtypes`). References (`all_parts`, `foreignData`) are not checked.

The file is parsed once by `json.loads`; the places of the type lines are worked out by
`json_places` when a finding first needs one. Valid JSON that holds no card at all (a
`package.json`, an empty file) is `NotCardData`, which a directory search passes over.
"""

from __future__ import annotations

import gc
import io
import json
import re
from collections.abc import Callable, Generator, Iterator
from functools import partial
from typing import Any, BinaryIO, NamedTuple

from mtg_typeline import codes
from mtg_typeline.findings import Severity
from mtg_typeline.sources import ReaderFunc, SourceSettings
from mtg_typeline.sources.base import Edit, Entry, Locator, NotCardData, Note, Rewrite, SourceError, read_text
from mtg_typeline.sources.json_places import JsonText, Path, Site
from mtg_typeline.sources.mtgjson_fields import array_literals, arrays_after, fields_notes

Card = dict[str, Any]
Locate = Callable[[Card], tuple[Callable[[], Locator], Rewrite]]  # how a card's line is placed and rewritten
Lists = Iterator[tuple[list[Any], Path]]
Entries = Generator[Entry, None, int]  # returns how many it yielded
_BLANK = re.compile(r"[ \t\n\r]*")  # JSON's white space
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class _ShapeError(Exception):
    """Valid JSON that is not card data: what was expected, and the path of what was found."""

    def __init__(self, message: str, path: Path = ()) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


class _Format(NamedTuple):
    """What differs between Scryfall and MTGJSON."""

    key: str  # the key of the type line
    expected: str
    card_lists: Callable[[Any], Lists]
    entries: Callable[[list[Any], Locate], Entries]
    sites: Callable[[list[Any]], Iterator[Site]]


def make_reader(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of Scryfall JSON (`fmt == "scryfall"`) or of MTGJSON (`"mtgjson"`)."""
    form = SCRYFALL if fmt == "scryfall" else MTGJSON

    def read(stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Entry]:
        data = stream.read()
        progress(len(data))
        text = read_text(io.BytesIO(data), path)  # the BytesIO shares `data`: no copy
        del data
        freeze = gc.get_freeze_count() == 0  # nothing else frozen: ours to undo after
        try:
            yield from _Document(text, form, freeze).entries()
        finally:
            if freeze:
                gc.unfreeze()

    return read


class _Document(JsonText):
    """One parsed card file: its entries, in file order, placed by `JsonText`."""

    def __init__(self, text: str, form: _Format, freeze: bool) -> None:
        if _BLANK.fullmatch(text):  # (not `strip`, which would copy a big file's text)
            raise NotCardData(f"the file is empty; expected {form.expected}")
        self.form = form
        super().__init__(text, form.key, self.sites, freeze)
        self.surrogates = _SURROGATE_ESCAPE.search(text) is not None

    def entries(self) -> Iterator[Entry]:
        """The entries of the file, in file order."""
        form, found, first = self.form, 0, None
        try:
            for cards, path in form.card_lists(self.root):
                first = first if first and first[0] else (cards, path)  # the first non-empty
                entries = form.entries(cards, self.where)
                try:
                    found += yield from _cleaned(entries) if self.surrogates else entries
                except _ShapeError as exc:
                    raise self.error(exc.message, (*path, *exc.path)) from None
        except _ShapeError as exc:
            raise self.error(exc.message, exc.path) from None
        if first is None:
            raise self.error(_found(form, self.root), ())
        if not found and first[0]:
            sample = next((card for card in first[0] if type(card) is dict), None)
            hint = _hint(form, sample)
            raise self.error(f"no object here has a `{form.key}`: expected {form.expected}{hint}", first[1])

    def where(self, holder: Card) -> tuple[Callable[[], Locator], Rewrite]:
        """How the type line of an object is placed and rewritten, worked out when asked."""
        return partial(self.locate, holder), partial(self.rewrite_card, holder)

    def rewrite_card(self, holder: Card, new: str) -> Edit | tuple[Edit, ...] | None:
        """The edits that make a card's line read `new`; in MTGJSON, also of the words the
        fix changes in the card's arrays (see `mtgjson_fields`), or none at all."""
        edit = self.rewrite(holder, new)
        if edit is None or self.form is not MTGJSON:
            return edit
        changed = arrays_after(holder, holder[self.key], new)
        offset = self.offset_of(holder)
        if not changed or offset is None:
            return None if changed is None else edit
        places = array_literals(self.text, offset, tuple(changed))
        edits = [edit]
        for key, items in changed.items():
            starts = (places or {}).get(key)
            if starts is None or len(starts) != len(items):
                return None
            for start, value, item in zip(starts, holder[key], items, strict=True):
                if item == value:
                    continue
                made = self.literal_edit(start, item)
                if made is None:
                    return None
                edits.append(made)
        return tuple(edits)

    def error(self, message: str, path: Path) -> SourceError:
        """A shape error, at the offending value: `NotCardData` when the file holds no type
        line at all (a `package.json`), so that a directory search passes it over."""
        line, column = self.place_of(path)
        return (SourceError if self.holds_cards() else NotCardData)(message, line, column)

    def holds_cards(self) -> bool:
        """Whether any object of the file holds a type line to check (a wrong item among
        cards is an error in card data, not a file of other data)."""
        try:
            return any(checked for _, checked in self.sites(self.root))
        except _ShapeError:
            return False

    def sites(self, root: Any) -> Iterator[Site]:
        """The objects of a tree holding a type line, in document order (see `JsonText`)."""
        for cards, _ in self.form.card_lists(root):
            yield from self.form.sites(cards)


def _cleaned(entries: Entries) -> Entries:
    """The entries with each lone surrogate (from an escape such as `\\ud800` alone) made
    U+FFFD, one character for one: such text can't be written out as UTF-8."""
    count = 0
    for entry in entries:
        count += 1
        notes = tuple(note._replace(message=_replaced(note.message), suggestion=_replaced(note.suggestion))
                      for note in entry.notes)  # fmt: skip
        yield entry._replace(text=_replaced(entry.text), card=_replaced(entry.card), notes=notes)
    return count


def _replaced(text: str | None) -> Any:
    return text and _LONE_SURROGATE.sub("\ufffd", text)


# Scryfall


def _scryfall_lists(root: Any) -> Lists:
    if type(root) is list:
        yield root, ()
    elif type(root) is dict and root.get("object") == "error":
        raise _ShapeError(f"a Scryfall error object: {root.get('details', '')}")
    elif type(root) is dict and type(root.get("data")) is list:
        yield root["data"], ("data",)
    elif type(root) is dict and ("type_line" in root or "card_faces" in root or root.get("object") == "card"):
        yield [root], ()
    else:
        raise _ShapeError(_found(SCRYFALL, root))


def _scryfall_entries(cards: list[Any], locate: Locate) -> Entries:
    count = 0
    for card in cards:
        if type(card) is not dict:
            raise _not_card(cards, card)
        if card.get("card_faces"):
            entries = _faced(card, locate)
            count += len(entries)
            yield from entries
            continue
        text = card.get("type_line")
        if type(text) is str:
            name = card.get("name")
            count += 1
            yield _entry(text, locate(card), name if type(name) is str else None)
    return count


def _faced(card: Card, locate: Locate) -> list[Entry]:
    """The lines of a card of several faces, each face's and the combined one, in file order;
    TL906 on the combined one when it is not the faces' lines joined."""
    faces = card["card_faces"]
    held = _holding(faces, "type_line")
    entries = [_entry(face["type_line"], locate(face), _name(face) or _name(card)) for face in held]
    text = card.get("type_line")
    if type(text) is not str:
        return entries  # a reversible card: its faces' lines only
    notes: tuple[Note, ...] = ()
    joined = " // ".join(face["type_line"] for face in held)
    if held and len(held) == len(faces) and text != joined:
        message = "the card's type line is not its faces' type lines joined by ' // '"
        notes = (Note(codes.FACES_DISAGREE, Severity.ERROR, message, suggestion=joined),)
    combined = _entry(text, locate(card), _name(card), notes)
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
                yield from ((part, key == "card_faces") for part in _holding(card[key], "type_line"))


# MTGJSON

_SET_LISTS = ("cards", "tokens")


def _mtgjson_lists(root: Any) -> Lists:
    if type(root) is list:
        yield root, ()
        return
    if type(root) is not dict:
        raise _ShapeError(_found(MTGJSON, root))
    body, path = (root["data"], ("data",)) if "data" in root else (root, ())
    if type(body) is list:
        yield body, path
    elif type(body) is not dict:
        raise _ShapeError(_found(MTGJSON, body), path)
    elif _is_card(body) or any(type(body.get(key)) is list for key in _SET_LISTS):
        yield from _set_lists(body, path)
    else:  # AtomicCards: name → faces; AllPrintings: code → set; AllIdentifiers: uuid → card
        for name, value in body.items():
            if type(value) is list:
                yield value, (*path, name)
            elif type(value) is dict:
                yield from _set_lists(value, (*path, name))


def _set_lists(value: dict[str, Any], path: Path) -> Lists:
    if _is_card(value):
        yield [value], path
        return
    for key, cards in value.items():
        if key in _SET_LISTS and type(cards) is list:
            yield cards, (*path, key)


def _is_card(value: dict[str, Any]) -> bool:
    return type(value.get("type")) is str and type(value.get("types")) is list


def _card_type(card: Card) -> Any:
    """The `type` of an object that is a card: one with `types` (a list; Magic-Spoiler's
    string), `uuid` or `layout`. A `type` alone is another list's (SetList's "core")."""
    return card.get("type") if "types" in card or "uuid" in card or "layout" in card else None


def _mtgjson_entries(cards: list[Any], locate: Locate) -> Entries:
    count = 0
    for card in cards:
        if type(card) is not dict:
            raise _not_card(cards, card)
        text = _card_type(card)
        if type(text) is str:
            name = card.get("faceName") or card.get("name")
            count += 1
            notes = fields_notes(card, text)
            yield _entry(text, locate(card), name if type(name) is str else None, notes)
    return count


def _mtgjson_sites(cards: list[Any]) -> Iterator[Site]:
    for card in cards:
        if type(card) is not dict:
            continue
        text = _card_type(card)
        foreign = _holding(card.get("foreignData"), "type")
        if type(text) is not str:
            yield from ((data, False) for data in foreign)
            continue
        keys = list(card) if foreign else []
        if keys and keys.index("foreignData") < keys.index("type"):  # the text's order, not the values'
            yield from ((data, False) for data in foreign)
            foreign = []
        yield card, True
        yield from ((data, False) for data in foreign)


# Shared


def _entry(
    text: str, where: tuple[Callable[[], Locator], Rewrite], card: str | None, notes: tuple[Note, ...] = ()
) -> Entry:
    return Entry(text, where[0], card, notes, None, where[1])


def _holding(items: Any, key: str) -> list[Card]:
    """The objects of a list that hold a string under `key`."""
    if type(items) is not list:
        return []
    return [item for item in items if type(item) is dict and type(item.get(key)) is str]


def _name(card: Card) -> str | None:
    name = card.get("name")
    return name if type(name) is str else None


def _not_card(cards: list[Any], item: Any) -> _ShapeError:
    index = next(i for i, card in enumerate(cards) if card is item)
    return _ShapeError(f"expected a card object, found {_describe(item)}", (index,))


def _describe(value: Any) -> str:
    if type(value) is bool or value is None:
        return json.dumps(value)
    if isinstance(value, dict | list | str):
        return "an object" if type(value) is dict else "a list" if type(value) is list else "a string"
    return "a number"


def _found(form: _Format, value: Any) -> str:
    return f"expected {form.expected}; found {_describe(value)}{_hint(form, value)}"


def _hint(form: _Format, value: Any) -> str:
    """A pointer to the other JSON format, where the data looks like it."""
    if type(value) is not dict:
        return ""
    if form is SCRYFALL and {"meta", "types", "faceName", "uuid", "cards"} & value.keys():
        return " (it looks like MTGJSON: --input-format mtgjson)"
    if form is MTGJSON and ("type_line" in value or value.get("object") in ("card", "list")):
        return " (it looks like Scryfall: --input-format scryfall)"
    return ""


SCRYFALL = _Format(
    "type_line", "Scryfall cards: a card object, a list of them, or a list object with `data`",
    _scryfall_lists, _scryfall_entries, _scryfall_sites,
)  # fmt: skip
MTGJSON = _Format(
    "type", "MTGJSON cards: a set file, AtomicCards, AllPrintings or a list of card objects",
    _mtgjson_lists, _mtgjson_entries, _mtgjson_sites,
)  # fmt: skip
