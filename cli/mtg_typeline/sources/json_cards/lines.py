"""JSON Lines of card objects (`--input-format jsonl`): one Scryfall or MTGJSON card a line,
as `jq -c` writes bulk data and as tools keep test data.

Each line is read as a card list of one (`[` + line + `]`) by the JSON card reader, so a
line is a card of the same shapes the whole-file readers take, placed and rewritten as they
place and rewrite, then moved to its line of the file (the column less the `[`). Which
shape the lines are (Scryfall, MTGJSON, another with `--key`) is told once, from the start
of the file, as a `.json` file's is. A line that is not JSON, or not a card, is one TL905
at its place, and the lines after it are still read; blank lines are passed over. A file in
which no line holds a card (a log kept as JSON Lines) is `NotCardData`, which a directory
search passes over.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import BinaryIO

from mtg_typeline.findings import MALFORMED, Finding, input_finding
from mtg_typeline.sources import SNIFF_BYTES, ReaderFunc, SourceSettings
from mtg_typeline.sources.base import (
    Edit,
    Entry,
    Item,
    Locator,
    NotCardData,
    Passed,
    Region,
    SourceError,
    read_text,
    resolve,
)
from mtg_typeline.sources.edits import LINE_END
from mtg_typeline.sources.inputs import json_kind
from mtg_typeline.sources.json_cards import CardDocument
from mtg_typeline.sources.json_cards.generic import AnyShape
from mtg_typeline.sources.json_cards.mtgjson import MTGJSON
from mtg_typeline.sources.json_cards.scryfall import SCRYFALL
from mtg_typeline.sources.json_cards.shapes import Format


def make_reader(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of JSON Lines of card objects (`fmt == "jsonl"`)."""

    def read(stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Item]:
        text = read_text(stream, path)
        progress(len(text))
        form = _form_of(text, settings)
        lines = text.split("\n") if "\r" not in text else LINE_END.split(text)
        del text
        yield from _read_lines(lines, form, path)

    return read


def _form_of(text: str, settings: SourceSettings) -> Format | AnyShape:
    """The card shape of the lines, told from the start of the file as `detect` tells a
    `.json` file's (with `--key`: a card list of any shape)."""
    kind = "json" if settings.key is not None else json_kind(text[:SNIFF_BYTES].encode("utf-8", "replace"))
    return {"scryfall": SCRYFALL, "mtgjson": MTGJSON}.get(kind) or AnyShape(settings)


def _read_lines(lines: list[str], form: Format | AnyShape, path: str) -> Iterator[Item]:
    """The entries of every line, and a TL905 for each line that is not a card. Lines that
    hold no card are held back until one does: if none does, the file is not card data."""
    held: list[Finding] = []
    cards = False
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            for entry in CardDocument(f"[{line}]", form, False, path).entries():
                if not cards:
                    cards = True
                    yield from held
                yield _moved_passed(entry, number) if isinstance(entry, Passed) else _moved(entry, number)
        except NotCardData as exc:
            if not cards:
                held.append(_bad_line(exc, number, path))
                continue
            yield _bad_line(exc, number, path)
        except SourceError as exc:
            yield _bad_line(exc, number, path)
    if not cards and held:
        raise NotCardData(f"no line holds a card: {held[0].message}", held[0].line, held[0].column)


def _bad_line(exc: SourceError, number: int, path: str) -> Finding:
    column = max(exc.column - 1, 1) if exc.line == 1 else exc.column
    return input_finding(MALFORMED, path, exc.message, number + exc.line - 1, column, column + 1)


def _moved(entry: Entry, number: int) -> Entry:
    """An entry of a line's card list of one, placed and rewritten on line `number`."""
    text, locate, card, notes, path, rewrite, comment = entry
    moved = None if rewrite is None else lambda new: _moved_edits(rewrite(new), number)
    # (made whole rather than by `_replace`, a tenth of the time of a line)
    return Entry(text, lambda: _OnLine(resolve(locate), number), card, notes, path, moved, comment)


def _moved_passed(passed: Passed, number: int) -> Passed:
    """An object passed over in a line's card list of one, placed on line `number`."""
    return passed._replace(place=partial(_place_passed, passed, number))


def _place_passed(passed: Passed, number: int) -> tuple[int, int]:
    return _place(*passed.where(), number)


class _OnLine:
    """The places of a line's card list of one, on line `number` of the file."""

    __slots__ = ("inner", "number")

    def __init__(self, inner: Locator, number: int) -> None:
        self.inner = inner
        self.number = number

    def region(self, start: int, end: int) -> Region:
        found = self.inner.region(start, end)
        line, column = _place(found.line, found.column, self.number)
        end_line, end_column = _place(found.end_line, found.end_column, self.number)
        return Region(line, column, end_line, end_column)


def _place(line: int, column: int, number: int) -> tuple[int, int]:
    """A place in `[` + line + `]` as a place in the file (the `[` is on the first line)."""
    return number + line - 1, (column - 1 if line == 1 else column)


def _moved_edits(made: Edit | tuple[Edit, ...] | None, number: int) -> Edit | tuple[Edit, ...] | None:
    if made is None:
        return None
    if isinstance(made, Edit):
        return _moved_edit(made, number)
    return tuple(_moved_edit(edit, number) for edit in made)


def _moved_edit(edit: Edit, number: int) -> Edit:
    line, column = _place(edit.line, edit.column, number)
    end_line, end_column = _place(edit.end_line, edit.end_column, number)
    return Edit(line, column, end_line, end_column, edit.text)
