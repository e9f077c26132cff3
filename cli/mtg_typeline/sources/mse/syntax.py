"""The text of Magic Set Editor files: numbered lines, keys, and the cards and
`include_file:` lines of a file, in file order.

MSE 2 files are indented text: a line is `key: value`, tabs give the depth, and a key whose
value is empty on its line takes the lines indented one tab deeper as a multi-line value.
Cards are top-level `card:` blocks, inline in `set` or in `card <name>` files that `set`
names with `include_file:` lines. Keys are compared as MSE compares them: `_` and space are
the same (`super type` in files of MSE 0.3), case ignored. Only the keys of a card's name
and type fields are kept; how a set's files are found and read is in `sources.mse`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TypeAlias

from mtg_typeline.records import NamedTuple
from mtg_typeline.sources import UTF8_BOM
from mtg_typeline.sources.base import NotCardData, Place, SourceError
from mtg_typeline.sources.mse.markup import Field

_PROGRESS_BYTES = 1 << 20
FIELD = re.compile(r"(name|super type|sub type)(?: ([2-9]))?\Z")  # a kept key; group 2: its face
_KEY = re.compile(r"[\w -]+\Z")  # the keys MSE writes: words, spaces, underscores, hyphens
_TOP_KEYS = frozenset({"mse version", "card", "include file"})


class Lines:
    """Numbered lines of a file as text (UTF-8, a BOM dropped; CR, LF and CRLF end a line,
    as in MSE and in an edit: see `sources.edits`); bytes that are not UTF-8 are a
    `SourceError` at their place."""

    def __init__(self, stream: IO[bytes], progress: Callable[[int], None]) -> None:
        self.stream = stream
        self.progress = progress

    def __iter__(self) -> Iterator[tuple[int, str]]:
        number = 0
        pending = 0
        for raw in self.stream:
            pending += len(raw)
            if pending >= _PROGRESS_BYTES:
                self.progress(pending)
                pending = 0
            body = raw[:-1] if raw.endswith(b"\n") else raw
            body = body[:-1] if body.endswith(b"\r") else body
            for part in body.split(b"\r"):
                number += 1
                yield number, _decode(part, number)
        self.progress(pending)


def _decode(data: bytes, number: int) -> str:
    if number == 1 and data.startswith(UTF8_BOM):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        column = len(data[: exc.start].decode("utf-8", "replace")) + 1
        raise SourceError(f"not UTF-8 text (byte 0x{data[exc.start]:02x})", number, column) from None


def _canonical(key: str) -> str:
    """A key as MSE compares keys: `_` and spaces alike, case ignored."""
    return " ".join(key.replace("_", " ").split()).lower()


class Include(NamedTuple):
    name: str
    place: Place


Card: TypeAlias = dict[str, Field]
Event: TypeAlias = Card | Include


def cards(lines: Iterable[tuple[int, str]]) -> Iterator[Card]:
    return (event for event in parse(lines) if not isinstance(event, Include))


def parse(lines: Iterable[tuple[int, str]]) -> Iterator[Event]:
    """The cards (their name and type fields) and `include_file:` lines of an MSE file, in
    file order. A top-level line that is not `key: value`, or a file without `mse_version:`,
    `card:` or `include_file:`, is not MSE."""
    parser = _Parser()
    for number, line in lines:
        yield from parser.feed(number, line)
    if parser.card is not None:
        yield parser.card
    if not parser.known:
        message = "not a Magic Set Editor file: no `mse_version:`, `card:` or `include_file:` line"
        raise NotCardData(message, 1, 1)


class _Parser:
    """The state of reading an MSE file line by line: the card being read, and the field
    whose multi-line value is being read."""

    def __init__(self) -> None:
        self.card: Card | None = None
        self.field: Field | None = None
        self.known = False  # a top-level key only MSE files have was seen

    def feed(self, number: int, line: str) -> Iterator[Event]:
        tabs = len(line) - len(line.lstrip("\t"))
        if self.field is not None and tabs >= 2:
            self.field.add(line[2:], number, 3)  # MSE takes off exactly the expected indent
            return
        self.field = None
        depth, start = _indent(line, tabs)
        if start >= len(line) or line[start] == "#" or not line[start:].strip():
            return  # blank line or comment
        if depth == 0:
            yield from self._top(number, line, start)
        elif depth == 1 and self.card is not None:
            self._card_key(self.card, number, line, start)

    def _top(self, number: int, line: str, start: int) -> Iterator[Event]:
        colon = line.find(":", start)
        key = _canonical(line[start:colon]) if colon >= 0 else ""
        if not key or not _KEY.match(key):
            # (before any key only MSE files have: not a set at all, such as a Git LFS pointer)
            error = SourceError if self.known else NotCardData
            raise error("not a Magic Set Editor file: expected `key: value` here", number, start + 1)
        if self.card is not None:
            yield self.card
            self.card = None
        self.known = self.known or key in _TOP_KEYS
        if key == "card":
            self.card = {}
        elif key == "include file":
            value = line[colon + 1 :].strip()
            yield Include(value, Place(number, len(line) - len(line[colon + 1 :].lstrip()) + 1))

    def _card_key(self, card: Card, number: int, line: str, start: int) -> None:
        colon = line.find(":", start)
        if colon < 0:
            return
        key = _canonical(line[start:colon])
        if not FIELD.match(key):
            return
        value = line[colon + 1 :].lstrip(" \t")
        field = Field(Place(number, start + 1))
        if value:
            field.add(value, number, len(line) - len(value) + 1)
        else:
            self.field = field  # its value is on the lines below, one tab deeper
        card[key] = field


def _indent(line: str, tabs: int) -> tuple[int, int]:
    """The depth of a key line and where its key starts: tabs, and (as MSE forgives) eight
    spaces for a tab."""
    depth, start = tabs, tabs
    while line.startswith("        ", start):
        depth += 1
        start += 8
    return depth, start
