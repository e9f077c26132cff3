"""Reading an Oracle file a piece at a time: each card decoded alone, only its name and the
Oracle type line of each face kept, so that a bulk file of 100-200 MB costs a few MiB.

Two shapes are read, told by their first bytes:

- Scryfall's "Oracle Cards" bulk file: a JSON array of card objects (`name`, `type_line`,
  `layout`, and `card_faces`, each with its own `name` and `type_line`, for a card of several
  faces); a Scryfall `list` object (`{"object": "list", "data": [...]}`) is read the same way.
- MTGJSON's `AtomicCards.json`: `{"meta": {...}, "data": {"Card Name": [face, ...]}}`, each
  face with `name`, `faceName` (a card of several faces), `type` and `side`.

The text is read in chunks; each element of the array (each member of `data`) is decoded by
the standard library's decoder where it starts, so the file is never held whole. An element
cut by the end of a chunk is decoded again once more text is read; one that does not decode
with the rest of the file read, or within `MAX_VALUE` characters, is the file's error, at
its line and column.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any, TextIO

CHUNK = 1 << 20  # characters read at a time
MAX_VALUE = 16 << 20  # no card is near this long: a value that isn't done by then is broken
# Objects of Scryfall's Oracle file that are no card of the game, so none to match: a token
# (a card of the data may be named as one is, and is passed over as one), an emblem, the
# art cards of a set
NOT_CARDS = frozenset({"token", "double_faced_token", "emblem", "art_series"})
_SPACE = re.compile(r"[ \t\n\r]*")
EXPECTED = (
    "expected Scryfall's Oracle Cards bulk file (a JSON array of card objects) or MTGJSON's "
    "AtomicCards.json (an object whose `data` maps each card name to its faces)"
)


class NotOracle(Exception):
    """The file is valid JSON (so far) but not one of the shapes read."""


class Broken(Exception):
    """The file is not valid JSON (or not UTF-8): where, and why."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


Faces = list[tuple[str, str]]  # (face name, Oracle type line), in the card's order
Take = Callable[[str, Faces], None]  # given a card's name and faces


class _Text:
    """The file's text, read ahead a chunk at a time, with the place of any offset in it."""

    def __init__(self, file: TextIO) -> None:
        self.file = file
        self.buf = ""
        self.pos = 0
        self.eof = False
        self.lines = 0  # line breaks in the text dropped before `buf`
        self.tail = 0  # characters after the last of them
        self.decoder = json.JSONDecoder()

    def more(self) -> bool:
        """Read the next chunk (dropping what is done); False at the end of the file."""
        if self.eof:
            return False
        try:
            chunk = self.file.read(CHUNK)
        except UnicodeDecodeError as exc:
            raise Broken(f"not UTF-8 text ({exc.reason})", *self.place(len(self.buf))) from None
        if not chunk:
            self.eof = True
            return False
        done = self.buf[: self.pos]
        breaks = done.count("\n")
        self.tail = len(done) - done.rfind("\n") - 1 if breaks else self.tail + len(done)
        self.lines += breaks
        self.buf = self.buf[self.pos :] + chunk
        self.pos = 0
        return True

    def place(self, offset: int) -> tuple[int, int]:
        """Line and column (1-based) of an offset into `buf`."""
        line = self.lines + self.buf.count("\n", 0, offset) + 1
        start = self.buf.rfind("\n", 0, offset)
        column = offset - start if start >= 0 else self.tail + offset + 1
        return line, column

    def peek(self) -> str:
        """The next character that is not white space ("" at the end of the file)."""
        while True:
            self.pos = _SPACE.match(self.buf, self.pos).end()  # type: ignore[union-attr]
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self.more():
                return ""

    def expect(self, chars: str) -> str:
        """The next character, which must be one of `chars`; taken."""
        char = self.peek()
        if not char or char not in chars:
            shown = " or ".join(f"'{c}'" for c in chars)
            found = f"'{char}'" if char else "the end of the file"
            raise Broken(f"expected {shown}, found {found}", *self.place(self.pos))
        self.pos += 1
        return char

    def value(self) -> Any:
        """The JSON value that starts at the next character, decoded and taken."""
        self.peek()
        while True:
            try:
                found, end = self.decoder.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as exc:
                if len(self.buf) - self.pos < MAX_VALUE and self.more():
                    continue
                raise Broken(exc.msg, *self.place(exc.pos)) from None
            if end < len(self.buf) or not self.more():  # (a number may go on in the next chunk)
                self.pos = end
                return found


def read_oracle(file: TextIO, take: Take) -> None:
    """Read an Oracle file, giving `take` each card's name and faces. Raises `NotOracle` for
    another shape, `Broken` for text that is not valid JSON."""
    text = _Text(file)
    first = text.peek()
    if first == "[":
        _array(text, take)
    elif first == "{":
        _object(text, take)
    else:
        raise NotOracle("it is not a JSON array or object" if first else "it is empty")
    if text.peek():
        raise Broken("extra data after the JSON value", *text.place(text.pos))


def _array(text: _Text, take: Take) -> None:
    """A JSON array of Scryfall card objects."""
    for card in _items(text, "[", "]"):
        if not isinstance(card, dict) or not isinstance(card.get("name"), str):
            raise NotOracle("an element of its array is not a card object with a `name`")
        faces = scryfall_faces(card)
        if faces:
            take(card["name"], faces)


def _items(text: _Text, start: str, end: str) -> Iterator[Any]:
    """The values of an array (`[`, `]`) read one at a time."""
    text.expect(start)
    if text.peek() == end:
        text.pos += 1
        return
    while True:
        yield text.value()
        if text.expect("," + end) == end:
            return


def _object(text: _Text, take: Take) -> None:
    """An object whose `data` is MTGJSON's cards by name, or a Scryfall list's array."""
    text.expect("{")
    seen = False
    while text.peek() != "}":
        key = text.value()
        text.expect(":")
        if key == "data" and text.peek() == "{":
            _atomic(text, take)
            seen = True
        elif key == "data" and text.peek() == "[":
            _array(text, take)
            seen = True
        else:
            text.value()  # `meta`, and a Scryfall list's own fields: small
        if text.expect(",}") == "}":
            break
    else:
        text.pos += 1
    if not seen:
        raise NotOracle("its object has no `data` holding cards")


def _atomic(text: _Text, take: Take) -> None:
    """MTGJSON's `data`: each card's name, then the list of its faces."""
    text.expect("{")
    if text.peek() == "}":
        text.pos += 1
        return
    while True:
        name = text.value()
        text.expect(":")
        faces = mtgjson_faces(text.value())
        if faces is None:
            raise NotOracle(f"the value of {json.dumps(name)[:60]} in its `data` is not a list of faces")
        if faces:
            take(str(name), faces)
        if text.expect(",}") == "}":
            return


def scryfall_faces(card: dict[str, Any]) -> Faces:
    """The faces of a Scryfall card object, each with its Oracle type line ([] for an object
    that is no card of the game, or has no type line)."""
    if card.get("layout") in NOT_CARDS:
        return []
    faces = card.get("card_faces")
    if isinstance(faces, list) and faces:
        pairs = [(face.get("name"), face.get("type_line")) for face in faces if isinstance(face, dict)]
        if len(pairs) == len(faces) and all(isinstance(n, str) and isinstance(t, str) for n, t in pairs):
            return pairs  # type: ignore[return-value]
    line = card.get("type_line")
    return [(card["name"], line)] if isinstance(line, str) else []


def mtgjson_faces(value: Any) -> Faces | None:
    """The faces of an MTGJSON card (a list of face objects), in the order of their `side`;
    None when `value` is not a list of faces. Objects with no side are printings of one face
    (an Un-card's variants): one face if they agree, none to compare with if they don't."""
    if not isinstance(value, list) or not all(isinstance(face, dict) for face in value):
        return None
    kept = [f for f in value if f.get("layout") not in NOT_CARDS]
    found = [(str(f.get("side") or ""), f.get("faceName") or f.get("name"), f.get("type")) for f in kept]
    if not all(isinstance(name, str) and isinstance(line, str) for _, name, line in found):
        return None
    sides: dict[str, set[tuple[str, str]]] = {}
    for side, name, line in found:
        sides.setdefault(side, set()).add((name, line))
    if any(len(faces) > 1 for faces in sides.values()):
        return []
    return [next(iter(sides[side])) for side in sorted(sides)]
