"""One face of a Draftmancer custom card: its type line rebuilt from `type` and `subtypes`,
where each character of it is in the file, and the edits that write a fixed line back.

The line is `type`, then, where `subtypes` holds any, the dash and the subtypes joined by a
space (`Legendary Creature — Elder Hamster`), as Draftmancer shows a card. Each character
points at its place in the string literal it comes from; the dash, and the space between
two subtypes, point at the first character of the subtype after them.

A fix is written back field by field: the words before the dash into `type`, each subtype
into its own element of `subtypes`, each literal in its own style. A fix that changes the
number of subtypes' words, or brings in a dash where the card has no subtypes (a word moved
across the dash), can't be written into these fields, and is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from mtg_typeline.notation import CANONICAL_DASH
from mtg_typeline.sources.base import Edit, Locator, Region
from mtg_typeline.sources.json_cards.mtgjson_fields import array_literals
from mtg_typeline.sources.json_cards.places import JsonText

Face = dict[str, Any]
_ANY_DASH = re.compile(r"[\u2012-\u2015]|\s-+\s")  # a dash a line may be written with


def line_of(kind: str, subtypes: Sequence[str]) -> str:
    """The type line of a face: its `type`, and its subtypes after the dash."""
    return f"{kind}{CANONICAL_DASH}{' '.join(subtypes)}" if subtypes else kind


class FaceLine:
    """The type line of one face (whose `type` is a string and `subtypes`, if any, a list of
    strings), placed and rewritten in the file `document` holds."""

    def __init__(self, document: JsonText, face: Face) -> None:
        self.document = document
        self.face = face
        self.kind: str = face["type"]
        self.subtypes: list[str] = list(face.get("subtypes") or ())
        self.text = line_of(self.kind, self.subtypes)

    def offsets(self) -> tuple[int, list[int]] | None:
        """The offsets of the `type` literal and of each `subtypes` element (just after the
        quote); None where they can't be found (not for the valid JSON that was parsed)."""
        start = self.document.offset_of(self.face)
        if start is None:
            return None
        found = array_literals(self.document.text, start, ("subtypes",)) if self.subtypes else {}
        elements = [] if found is None else found.get("subtypes", [])
        return (start, elements) if len(elements) == len(self.subtypes) else None

    def locate(self) -> Locator:
        """Where each character of the line is (at the `type` literal where the subtypes'
        literals can't be found)."""
        offsets = self.offsets()
        document = self.document
        if offsets is None:
            return document.locate(self.face)
        start, elements = offsets
        pieces = [_Piece(0, len(self.kind), document.locate_at(start))]
        at = len(self.kind)
        for index, (subtype, offset) in enumerate(zip(self.subtypes, elements, strict=True)):
            gap = len(CANONICAL_DASH) if index == 0 else 1
            here = document.locate_at(offset)
            pieces.append(_Piece(at, at + gap, _Point(here.region(0, 1))))
            pieces.append(_Piece(at + gap, at + gap + len(subtype), here))
            at += gap + len(subtype)
        return _Pieces(pieces)

    def rewrite(self, new: str) -> Edit | tuple[Edit, ...] | None:
        """The edits that make the face read `new` (see the module's docstring)."""
        split = self.split(new)
        offsets = self.offsets()
        if split is None or offsets is None:
            return None
        kind, subtypes = split
        start, elements = offsets
        changes = [(start, self.kind, kind)]
        changes += [(at, old, now) for at, old, now in zip(elements, self.subtypes, subtypes, strict=True)]
        changed = [(at, now) for at, old, now in changes if old != now] or [(start, kind)]
        edits = [self.document.literal_edit(at, now) for at, now in changed]
        if any(edit is None for edit in edits):
            return None
        made = tuple(edit for edit in edits if edit is not None)
        return made[0] if len(made) == 1 else made

    def split(self, new: str) -> tuple[str, list[str]] | None:
        """`new` as a `type` and as many subtypes as the face has, each of as many words;
        None where it can't be."""
        if not self.subtypes:
            brought_in = "\u2014" in new and not _ANY_DASH.search(self.kind)
            return None if brought_in else (new, [])
        before = self.kind.count(CANONICAL_DASH)
        parts = new.split(CANONICAL_DASH)
        if len(parts) != before + 2:
            return None
        words = parts[-1].split(" ")
        sizes = [len(subtype.split(" ")) for subtype in self.subtypes]
        if len(words) != sum(sizes):
            return None
        subtypes, at = [], 0
        for size in sizes:
            subtypes.append(" ".join(words[at : at + size]))
            at += size
        return CANONICAL_DASH.join(parts[:-1]), subtypes


class _Piece:
    """Characters [start, end) of the line, placed by `locator` (from its own 0)."""

    __slots__ = ("end", "locator", "start")

    def __init__(self, start: int, end: int, locator: Locator) -> None:
        self.start, self.end, self.locator = start, end, locator


class _Point:
    """Characters the line puts in (the dash, a space) placed at one place of the file."""

    __slots__ = ("place",)

    def __init__(self, place: Region) -> None:
        self.place = place

    def region(self, start: int, end: int) -> Region:
        return self.place


class _Pieces:
    """A line made of pieces from several places: a span within one piece is placed by it; a
    span over several runs from where its first character is to where its last one ends."""

    __slots__ = ("pieces",)

    def __init__(self, pieces: list[_Piece]) -> None:
        self.pieces = pieces

    def region(self, start: int, end: int) -> Region:
        end = max(end, start + 1)
        first, last = self.piece(start), self.piece(end - 1)
        head = first.locator.region(start - first.start, min(end, first.end) - first.start)
        if first is last:
            return head
        tail = last.locator.region(max(start, last.start) - last.start, end - last.start)
        return Region(head.line, head.column, tail.end_line, tail.end_column)

    def piece(self, index: int) -> _Piece:
        """The piece of character `index` (the last piece past the end)."""
        return next((piece for piece in self.pieces if index < piece.end), self.pieces[-1])
