"""Where the cards of a JSON Lines file's line are: a line is read as a card list of one
(`[` + line + `]`) by the JSON card reader, as a `.json` file is placed and rewritten, and
each place and edit moved to its line of the file (the column less the `[`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from mtg_typeline.sources.base import Edit, Entry, Locator, Passed, Region, Rewrite, SourceError, resolve
from mtg_typeline.sources.json_cards import CardDocument
from mtg_typeline.sources.json_cards.generic import AnyShape
from mtg_typeline.sources.json_cards.shapes import Format

Rewritten = Edit | tuple[Edit, ...] | None


class LinePlaces:
    """Where a line's type lines are and how they are rewritten, worked out from the JSON
    card reader's reading of the line when first asked (only lines with findings, or fixes,
    ask). The quick reading's `where` is called for the same objects in the same order as
    the JSON card reader's, so the `index`th call of one is the `index`th of the other."""

    __slots__ = ("calls", "form", "line", "number", "passed", "path", "places", "wheres")

    def __init__(self, line: str, number: int, form: Format | AnyShape, path: str) -> None:
        self.line, self.number, self.form, self.path = line, number, form, path
        self.calls = self.passed = 0
        self.wheres: list[tuple[Callable[[], Locator], Rewrite]] | None = None
        self.places: list[Callable[[], tuple[int, int]]] = []

    def __call__(self, card: Any) -> tuple[Callable[[], Locator], Rewrite]:
        """The `where` of the quick reading: the place and rewrite of its `index`th call."""
        index = self.calls
        self.calls += 1
        return partial(self.locate, index), partial(self.rewrite, index)

    def place(self, card: Any) -> Callable[[], tuple[int, int]]:
        """The place of the quick reading's `index`th object passed over, as the JSON card
        reader places it (asked in the same order)."""
        index = self.passed
        self.passed += 1
        return partial(self.passed_place, index)

    def passed_place(self, index: int) -> tuple[int, int]:
        self.read()
        return place_on(*self.places[index](), *self.origin())

    def locate(self, index: int) -> Locator:
        return OnLine(resolve(self.read()[index][0]), *self.origin())

    def rewrite(self, index: int, new: str) -> Rewritten:
        return moved_edits(self.read()[index][1](new), *self.origin())

    def origin(self) -> tuple[int, int]:
        """Where the text read starts in the file: its line and column (a line's: column 1)."""
        return self.number, 1

    def read(self) -> list[tuple[Callable[[], Locator], Rewrite]]:
        """The JSON card reader's `where` of each object, in the order it is asked for."""
        if self.wheres is None:
            document = CardDocument(f"[{self.line}]", self.form, False, self.path)
            recorded = Recorded(document)
            shape = document.form
            for cards, _ in shape.card_lists(document.root):
                for _entry in shape.entries(cards, recorded):
                    pass
            self.wheres, self.places = recorded.wheres, recorded.places
        return self.wheres


class Recorded:
    """The JSON card reader's places of a line's objects (`shapes.Locate`), recorded in the
    order they are asked for."""

    __slots__ = ("document", "places", "wheres")

    def __init__(self, document: CardDocument) -> None:
        self.document = document
        self.wheres: list[tuple[Callable[[], Locator], Rewrite]] = []
        self.places: list[Callable[[], tuple[int, int]]] = []

    def __call__(self, card: Any) -> tuple[Callable[[], Locator], Rewrite]:
        self.wheres.append(self.document.where(card))
        return self.wheres[-1]

    def place(self, card: Any) -> Callable[[], tuple[int, int]]:
        self.places.append(partial(self.document.object_place, card))
        return self.places[-1]


def read_whole(
    line: str, number: int, form: Format | AnyShape, path: str, start: int = 1
) -> Iterator[Entry | Passed]:
    """The entries of a line read by the JSON card reader as a card list of one, moved to
    line `number` of the file (the text from column `start` on). A line of two values
    (`{…},{…}`, which the list of one would take as two cards) is no line of JSON Lines: a
    `SourceError` at the second."""
    try:
        json.loads(line)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":  # (placed as in the list of one: after its `[`)
            raise SourceError(
                f"not valid JSON: {exc.msg}", exc.lineno, exc.colno + (exc.lineno == 1)
            ) from None
    except (ValueError, RecursionError):
        pass  # (the JSON card reader says what is wrong)
    for entry in CardDocument(f"[{line}]", form, False, path).entries():
        yield moved_passed(entry, number, start) if isinstance(entry, Passed) else moved(entry, number, start)


def moved_passed(passed: Passed, number: int, start: int = 1) -> Passed:
    """An object passed over in a line's card list of one, placed on line `number`."""
    return passed._replace(place=partial(place_passed, passed, number, start))


def place_passed(passed: Passed, number: int, start: int = 1) -> tuple[int, int]:
    return place_on(*passed.where(), number, start)


def moved(entry: Entry, number: int, start: int = 1) -> Entry:
    """An entry of a line's card list of one, placed and rewritten on line `number` (the
    text read from column `start` on)."""
    text, locate, card, notes, path, rewrite, comment = entry
    moved = None if rewrite is None else lambda new: moved_edits(rewrite(new), number, start)
    # (made whole rather than by `_replace`, a tenth of the time of a line)
    return Entry(text, lambda: OnLine(resolve(locate), number, start), card, notes, path, moved, comment)


class OnLine:
    """The places of a line's card list of one, on line `number` of the file (the text read
    from column `start` on)."""

    __slots__ = ("inner", "number", "start")

    def __init__(self, inner: Locator, number: int, start: int = 1) -> None:
        self.inner = inner
        self.number = number
        self.start = start

    def region(self, start: int, end: int) -> Region:
        found = self.inner.region(start, end)
        line, column = place_on(found.line, found.column, self.number, self.start)
        end_line, end_column = place_on(found.end_line, found.end_column, self.number, self.start)
        return Region(line, column, end_line, end_column)


def place_on(line: int, column: int, number: int, start: int = 1) -> tuple[int, int]:
    """A place in `[` + text + `]` as a place in the file, the text starting at column
    `start` of line `number` (the `[` is on the first line)."""
    return number + line - 1, (column + start - 2 if line == 1 else column)


def moved_edits(made: Rewritten, number: int, start: int = 1) -> Rewritten:
    if made is None:
        return None
    if isinstance(made, Edit):
        return moved_edit(made, number, start)
    return tuple(moved_edit(edit, number, start) for edit in made)


def moved_edit(edit: Edit, number: int, start: int = 1) -> Edit:
    line, column = place_on(edit.line, edit.column, number, start)
    end_line, end_column = place_on(edit.end_line, edit.end_column, number, start)
    return Edit(line, column, end_line, end_column, edit.text)


def holds_surrogate(entry: Entry | Passed) -> bool:
    """Whether an entry (or an object passed over) holds half a surrogate (from an escape
    such as `\\ud800` alone), which the JSON card reader makes U+FFFD: text that holds one
    can't be encoded."""
    texts = [entry.card]
    if isinstance(entry, Entry):
        texts += [entry.text, *(f"{note.message}{note.suggestion}" for note in entry.notes)]
    try:
        for text in texts:
            (text or "").encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
