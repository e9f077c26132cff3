"""Draftmancer card lists (`--input-format draftmancer`): the custom cards a fan set drafts
with, in the `[CustomCards]` section of a text file (`*.txt`, `*.draftmancer.txt`).

The section is a JSON array of card objects, written loosely (`#` comment lines, trailing
commas: see `draftmancer.loose`); the other sections (`[Settings]`, `[Layouts]`, slots of
card names) are not read. Each card's type line is rebuilt from its `type` and `subtypes`
(`"Legendary Creature"`, `["Elder", "Hamster"]`: `Legendary Creature — Elder Hamster`),
and so is that of its `back` face and of each card object in its `related_cards` (the faces
Draftmancer reads with a type); findings are placed at the words in those values, and a fix
is written back into them (`draftmancer.faces`).

What Draftmancer refuses is a TL905 at its place, and the other cards are still checked: a
card with no `type` (also counted, as every reader counts a card with no type line; unless
it has the name of a card above it: Draftmancer reads it as another printing of that card,
with its type; the printings of Magic's own cards that Draftmancer knows can't be told
here), a `type` that is not a string, `subtypes` that are not a list of strings, an entry of
the array that is not an object. JSON that can't be read is one TL905 where it breaks. A
file with no `[CustomCards]` section holds no custom cards (`NotCardData`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

from mtg_typeline.findings import MALFORMED, Finding, input_finding
from mtg_typeline.sources import ReaderFunc, SourceSettings
from mtg_typeline.sources.base import Entry, Item, NotCardData, Passed, SourceError, read_text
from mtg_typeline.sources.draftmancer.faces import Face, FaceLine
from mtg_typeline.sources.draftmancer.loose import sections
from mtg_typeline.sources.json_cards import surrogates_replaced
from mtg_typeline.sources.json_cards.places import JsonText, Path, Site

_CARD, _FACE, _OTHER = range(3)  # what an object holding a `type` is, for the walk
_UNTYPED = (
    "Draftmancer takes a card without one only as another printing of a card above it or of Magic's own"
)


def make_reader(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of Draftmancer card lists (`fmt == "draftmancer"`)."""

    def read(stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Item]:
        text = read_text(stream, path)
        progress(len(text.encode("utf-8", "surrogatepass")))
        found = False
        for section in sections(text):
            found = True
            try:
                yield from _Section(JsonText(section, "type", _sites), path).items()
            except RecursionError:
                raise SourceError("the JSON is nested too deeply to read") from None
        if not found:
            raise NotCardData("no [CustomCards] section: the card list holds no custom cards")

    return read


class _Section:
    """The cards of one `[CustomCards]` section, parsed."""

    def __init__(self, document: JsonText, path: str) -> None:
        self.document = document
        self.path = path
        self.typed: set[str] = set()  # the names of the cards with a type so far

    def items(self) -> Iterator[Item]:
        cards = self.document.root
        if type(cards) is not list:
            found = _kind(cards)
            yield self.malformed((), f"expected a JSON array of cards after [CustomCards], found {found}")
            return
        for index, card in enumerate(cards):
            if type(card) is not dict:
                yield self.malformed((index,), f"expected a card object, found {_kind(card)}")
                continue
            yield from self.card_items(card, index)

    def card_items(self, card: Face, index: int) -> Iterator[Item]:
        """The lines of a card, its back face and its related cards, or what is wrong."""
        name = _name(card)
        if "type" in card or name not in self.typed:  # (else another printing of a card above)
            yield from self.face_items(card, (index,), f"the card {name!r}" if name else f"card {index + 1}")
        if name is not None and "type" in card:
            self.typed.add(name)
        owner = f" of {name!r}" if name else f" of card {index + 1}"
        back = card.get("back")
        if type(back) is dict:
            yield from self.face_items(back, (index, "back"), _called("the back face", back, owner))
        elif "back" in card:
            yield self.malformed((index, "back"), f"the back face{owner} is not an object")
        related = card.get("related_cards")
        for number, other in enumerate(related if type(related) is list else ()):
            if type(other) is dict:
                where = (index, "related_cards", number)
                yield from self.face_items(other, where, _called("the related card", other, owner))

    def face_items(self, face: Face, where: Path, what: str) -> Iterator[Item]:
        """The entry of a face's line, or a TL905 at what Draftmancer would refuse in it."""
        if "type" not in face:  # counted as every reader's card with no type line, and refused
            yield Passed(surrogates_replaced(_name(face)), self.document.place_of(where))
            yield self.malformed(where, f"{what} has no type: {_UNTYPED}")
        elif type(face["type"]) is not str:
            yield self.malformed((*where, "type"), f"the type of {what} is not a string")
        elif not _strings(face.get("subtypes")):
            yield self.malformed((*where, "subtypes"), f"the subtypes of {what} are not a list of strings")
        else:
            line = FaceLine(self.document, face)
            # (a lone surrogate escaped in JSON made U+FFFD, as the JSON readers make it)
            text, card = surrogates_replaced(line.text), surrogates_replaced(_name(face))
            yield Entry(text, line.locate, card, rewrite=line.rewrite)

    def malformed(self, where: Path, message: str) -> Finding:
        line, column = self.document.place_of(where)
        return input_finding(MALFORMED, self.path, surrogates_replaced(message), line, column, column + 1)


def _sites(root: Any) -> Iterator[Site]:
    """Every object holding a string `type`, in the order of the text; those of the faces
    read (a card, its back, its related cards) marked True."""
    if type(root) is list:
        for card in root:
            if type(card) is dict:
                yield from _object_sites(card, _CARD)


def _object_sites(value: dict[str, Any], role: int) -> Iterator[Site]:
    for key, item in value.items():
        if key == "type":
            if type(item) is str:
                yield value, role != _OTHER
        elif type(item) is dict:
            yield from _object_sites(item, _FACE if role == _CARD and key == "back" else _OTHER)
        elif type(item) is list:
            yield from _list_sites(item, _FACE if role == _CARD and key == "related_cards" else _OTHER)


def _list_sites(items: list[Any], role: int) -> Iterator[Site]:
    for item in items:
        if type(item) is dict:
            yield from _object_sites(item, role)
        elif type(item) is list:
            yield from _list_sites(item, _OTHER)


def _strings(value: Any) -> bool:
    """Whether `subtypes` is absent (None) or a list of strings."""
    return value is None or (type(value) is list and all(type(item) is str for item in value))


def _name(face: Face) -> str | None:
    name = face.get("name")
    return name if type(name) is str else None


def _called(what: str, face: Face, owner: str) -> str:
    name = _name(face)
    return f"{what} {name!r}{owner}" if name else f"{what}{owner}"


def _kind(value: Any) -> str:
    kinds: dict[type, str] = {list: "a list", str: "a string", dict: "an object"}
    return kinds.get(type(value), "a number or a constant")
