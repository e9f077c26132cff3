"""Scryfall and MTGJSON card files: every type line in them, placed exactly in the file.

Scryfall: a card object, a list of them (bulk data), or a `list` object with `data`; each
card's `type_line` and each `card_faces[].type_line` (TL906 when the combined line is not the
faces' lines joined by ` // `). MTGJSON: a set file (with or without `meta`, or the bare set),
AtomicCards, AllPrintings, or a list of cards; each card's `type` (TL907 when it disagrees with
its `supertypes`/`types`/`subtypes`). References (`all_parts`, `foreignData`) are not checked.

A file parsed whole (`CardDocument`; a big one is read as a stream by `json_cards.stream`,
through `json_cards.reader`) is parsed once by `json.loads`; the places of the type lines are worked out by
`json_cards.places` when a finding first needs one. Valid JSON that holds no card at all (a
`package.json`, an empty file) is `NotCardData`, which a directory search passes over.

This module holds the parsed file; where each format keeps its cards is in
`json_scryfall` and `json_mtgjson`, and what the two share in `json_shapes`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from mtg_typeline.sources.base import (
    Edit,
    Entry,
    Locator,
    NotCardData,
    Passed,
    Rewrite,
    SourceError,
)
from mtg_typeline.sources.json_cards.generic import AnyShape
from mtg_typeline.sources.json_cards.mtgjson import MTGJSON
from mtg_typeline.sources.json_cards.mtgjson_fields import array_literals, arrays_after
from mtg_typeline.sources.json_cards.places import JSON_SPACE, JsonText, Path, Site
from mtg_typeline.sources.json_cards.shapes import (
    Card,
    Entries,
    Format,
    ShapeError,
    found_text,
    none_found_text,
)
from mtg_typeline.sources.json_cards.window import CARD_MARKERS

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class CardDocument(JsonText):
    """One parsed card file: its entries, in file order, placed by `JsonText`."""

    def __init__(self, text: str, form: Format | AnyShape, freeze: bool, path: str = "-") -> None:
        if JSON_SPACE.fullmatch(text):  # (not `strip`, which would copy a big file's text)
            raise NotCardData(f"the file is empty; expected {form.expected}")
        try:
            super().__init__(text, form.key if isinstance(form, Format) else "", self.sites, freeze)
        except SourceError as exc:
            if any(marker in text for marker in CARD_MARKERS):
                raise
            # broken JSON that names no card field (a tsconfig.json with comments): not
            # card data, which a directory search passes over
            raise NotCardData(exc.message, exc.line, exc.column) from None
        # a card list of any shape: its type key is known once it is parsed
        self.form = form if isinstance(form, Format) else form.format_for(self.root, path)
        self.key = self.form.key
        self.surrogates = _SURROGATE_ESCAPE.search(text) is not None

    def entries(self) -> Iterator[Entry | Passed]:
        """The entries of the file, in file order, and the objects passed over."""
        form, found, first = self.form, 0, None
        try:
            for cards, path in form.card_lists(self.root):
                first = first if first and first[0] else (cards, path)  # the first non-empty
                entries = form.entries(cards, _Placing(self))
                try:
                    found += yield from _cleaned(entries) if self.surrogates else entries
                except ShapeError as exc:
                    raise self.error(exc.message, (*path, *exc.path)) from None
        except ShapeError as exc:
            raise self.error(exc.message, exc.path) from None
        if first is None:
            raise self.error(found_text(form, self.root), ())
        if not found and first[0]:
            raise self.error(none_found_text(form, first[0]), first[1])

    def where(self, holder: Card) -> tuple[Callable[[], Locator], Rewrite]:
        """How the type line of an object is placed and rewritten, worked out when asked."""
        return partial(self.locate, holder), partial(self.rewrite_card, holder)

    def object_place(self, card: Card) -> tuple[int, int]:
        """Where an object passed over is: its type line's value, where it has one, else the
        object itself (looked for among the card lists: asked only to list it)."""
        offset = self.offset_of(card)
        if offset is not None:
            return self.place(offset - 1)  # its opening quote
        for cards, path in self.form.card_lists(self.root):
            for index, item in enumerate(cards):
                if item is card:
                    return self.place_of((*path, index))
        return 1, 1

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
        except ShapeError:
            return False

    def sites(self, root: Any) -> Iterator[Site]:
        """The objects of a tree holding a type line, in document order (see `JsonText`)."""
        for cards, _ in self.form.card_lists(root):
            yield from self.form.sites(cards)


class _Placing:
    """How a format's cards are placed in a document (`shapes.Locate`)."""

    __slots__ = ("document",)

    def __init__(self, document: CardDocument) -> None:
        self.document = document

    def __call__(self, card: Card) -> tuple[Callable[[], Locator], Rewrite]:
        return self.document.where(card)

    def place(self, card: Card) -> Callable[[], tuple[int, int]]:
        return partial(self.document.object_place, card)


def _cleaned(entries: Entries) -> Entries:
    """The entries with each lone surrogate (from an escape such as `\\ud800` alone) made
    U+FFFD, one character for one: such text can't be written out as UTF-8."""
    count = 0
    for entry in entries:
        count += 1
        if isinstance(entry, Passed):
            yield entry._replace(card=surrogates_replaced(entry.card))
            continue
        fixed = surrogates_replaced
        notes = tuple(note._replace(message=fixed(note.message), suggestion=fixed(note.suggestion))
                      for note in entry.notes)  # fmt: skip
        yield entry._replace(text=fixed(entry.text), card=fixed(entry.card), notes=notes)
    return count


def surrogates_replaced(text: str | None) -> Any:
    """`text` with each lone surrogate (from an escape such as `\\ud800` alone) made U+FFFD,
    one character for one, so that it can be written out."""
    return text and _LONE_SURROGATE.sub("\ufffd", text)
