"""A JSON text parsed once, and where in the text the values of one key are.

`json.loads` builds a tree that says nothing of where its values were, and places are needed
only for the few values with findings. So they are found when the first is asked for, for
the whole file at once: the key's string values are found in the text (`"type"` then `:` and
`"`, its quote not escaped, can only be a key in valid JSON) and paired, value by value in
document order, with the parsed ones. Where a value's counts differ (a duplicate key, the
key somewhere not walked) the file is parsed again with each such value replaced by its
number in the text, which is exact.
"""

from __future__ import annotations

import functools
import gc
import io
import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from mtg_typeline.sources.base import Edit, Locator, Offset, Region, SourceError
from mtg_typeline.sources.json_cards.writing import FileStyle, literal

Holder = dict[str, Any]  # an object holding a value of the key
Path = tuple[str | int, ...]  # keys and indexes from the root to a value
Site = tuple[Holder, bool]  # a holder; False: one only counted, whose place is never asked for
Walk = Callable[[Any], Iterator[Site]]
# Decodes the JSON string whose text starts at an offset: its value and the offset after it.
_scanstring: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]
JSON_SPACE = re.compile(r"[ \t\n\r]*")  # JSON's white space
# One escape of a JSON string; a surrogate pair is one character, as `json` decodes it.
_ESCAPE = re.compile(r"\\(?:u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)")
_INT_DIGITS = 4300  # Python's limit for turning digits into an int


class JsonText:
    """A JSON text, its tree, and the places of the string values of `key` in it.

    `walk` goes through a tree of this text (the parsed one, or the second parse's) and
    gives, in document order, the objects holding a string under `key`: every one the
    pairing must count, marked True where its place may be asked for. It must give the same
    sequence for both trees, which differ only in those strings."""

    def __init__(self, text: str, key: str, walk: Walk, freeze: bool = False) -> None:
        self.text = text
        self.key = key
        self.walk = walk
        self.options: dict[str, Any] = {}
        self.root = self.parse(freeze)
        self.offsets: dict[int, int] | None = None  # id(holder) → offset of its value
        self.style: FileStyle | None = None  # how the text writes characters, for rewrites
        self.cursor = (0, 1, 0)  # an offset, its line, the offset its line starts at

    def parse(self, freeze: bool) -> Any:
        """The tree of the text; `SourceError` at the parser's place if it is not JSON."""
        try:
            with _collector_paused(freeze):
                try:
                    return json.loads(self.text)
                except json.JSONDecodeError:
                    raise
                except ValueError:  # a number of more digits than Python turns into an int
                    self.options = {"parse_int": parse_int}
                    return json.loads(self.text, **self.options)
        except json.JSONDecodeError as exc:
            message = exc.msg.removesuffix(" at")  # "Invalid control character at"
            raise SourceError(f"not valid JSON: {message}", exc.lineno, exc.colno) from None
        except RecursionError:
            raise SourceError("the JSON is nested too deeply to read") from None

    def locate(self, holder: Holder) -> Locator:
        """Where the value of `key` in `holder` (a True site of the walk) is in the file."""
        offset = self.offset_of(holder)
        if offset is None:  # not for valid JSON, which is all that was parsed
            return Offset(1, 1)
        return self.locate_at(offset)

    def locate_at(self, offset: int) -> Locator:
        """Where the characters of the string literal whose text starts at `offset` (just
        after its quote) are in the file."""
        line, column = self.place(offset)
        value, end = _scanstring(self.text, offset)
        if end - offset - 1 == len(value):  # no escape: the text stands as it is
            return Offset(line, column)
        return _Escaped(self.text, offset, end - 1, line, column)

    def rewrite(self, holder: Holder, new: str) -> Edit | None:
        """The edit that makes the value of `key` in `holder` read `new`: the text between
        the literal's quotes, written in its own style (see `json_writing`)."""
        offset = self.offset_of(holder)
        return None if offset is None else self.literal_edit(offset, new)

    def literal_edit(self, offset: int, new: str) -> Edit | None:
        """The edit that makes the string literal whose text starts at `offset` (just after
        its quote) read `new`, written in its own style; None where that can't be exact."""
        value, end = _scanstring(self.text, offset)
        raw = self.text[offset : end - 1]
        written: str | None = raw
        if new != value:
            if self.style is None:
                self.style = FileStyle(self.text)
            written = literal(raw, value, new, self.style)
        if written is None:
            return None
        line, column = self.place(offset)
        return Edit(line, column, line, column + len(raw), written)  # a literal is on one line

    def offset_of(self, holder: Holder) -> int | None:
        """The offset of the value of `key` in `holder`, just after its opening quote."""
        if self.offsets is None:
            self.offsets = self.paired()
            if self.offsets is None:
                self.offsets = self.exact()
        return self.offsets.get(id(holder))

    def place_of(self, path: Path) -> tuple[int, int]:
        """Line and column of the value at `path` (the start of the text if not found)."""
        return self.place(_offset_of(self.text, path, self.options))

    def paired(self) -> dict[int, int] | None:
        """Places found by pairing each value's parsed and textual occurrences in order;
        None where a value occurs more often in the text than in the objects walked."""
        key = self.key
        counts: dict[str, int] = {}
        wanted: dict[int, tuple[str, int]] = {}
        for holder, checked in self.walk(self.root):
            value = holder[key]
            index = counts[value] = counts.get(value, 0)
            counts[value] = index + 1
            if checked:
                wanted[id(holder)] = (value, index)
        found: dict[str, list[int]] = {value: [] for value, _ in wanted.values()}
        for offset in self.literals():
            slots = found.get(_scanstring(self.text, offset)[0])
            if slots is not None:
                slots.append(offset)
        if any(len(slots) != counts[value] for value, slots in found.items()):
            return None
        return {holder: found[value][index] for holder, (value, index) in wanted.items()}

    def exact(self) -> dict[int, int]:
        """Places found by parsing the file again with each of the key's string values
        replaced by its number in the text: the same tree, whatever its duplicate keys. Each
        number follows a control character the text never escapes, so no value of the data can
        pass for one; a holder whose copy holds none is left unplaced (at the file's start)."""
        mark = _free_control(self.text)
        offsets = list(self.literals()) if mark is not None else []
        if mark is None or not offsets:
            return {}
        marked = io.StringIO()
        last = 0
        for number, offset in enumerate(offsets):
            marked.write(self.text[last:offset])
            marked.write(f"\\u{ord(mark):04x}{number}")
            last = _scanstring(self.text, offset)[1] - 1
        marked.write(self.text[last:])
        places: dict[int, int] = {}
        with _collector_paused():
            try:
                twin = json.loads(marked.getvalue(), **self.options)
            except (ValueError, RecursionError):  # not for the literals of valid JSON
                return places
            del marked
            key = self.key
            for (held, checked), (copy, _) in zip(self.walk(self.root), self.walk(twin), strict=False):
                index = _marker_index(copy.get(key), mark, len(offsets)) if checked else None
                if index is not None:
                    places[id(held)] = offsets[index]
            del twin  # freed while the collector is off: it would go through it
        return places

    def literals(self) -> Iterator[int]:
        """The offset of each string value of the key in the text, just after its quote: where
        a key literal decodes to the key, however it is written (`"type_\\u006cine"`)."""
        text, key = self.text, self.key
        for match in _key_literals(key).finditer(text):
            if match.group(1) == key or _decoded(text, match.start() + 1) == key:
                yield match.end()

    def place(self, offset: int) -> tuple[int, int]:
        """Line and column of an offset, counted on from the last one asked for (lines end
        at LF, CR LF or a CR alone, as `sources.edits` counts them)."""
        text = self.text
        start, line, line_start = self.cursor if offset >= self.cursor[0] else (0, 1, 0)
        newlines = text.count("\n", start, offset)
        if "\r" in text:
            newlines += text.count("\r", start, offset) - text.count("\r\n", start, offset)
        if newlines:
            line += newlines
            line_start = max(text.rfind("\n", start, offset), text.rfind("\r", start, offset)) + 1
        self.cursor = (offset, line, line_start)
        return line, offset - line_start + 1


@contextmanager
def _collector_paused(freeze: bool = False) -> Iterator[None]:
    """The garbage collector off while `json` builds a tree, which it would otherwise go
    through again and again (most of the parse's time on a big file). With `freeze`, what
    was built is then left out of later collections: the tree lives as long as the file is
    read, and a tree of JSON has no cycles to collect. Whoever asks for `freeze` undoes it
    (`gc.unfreeze`) when done with the tree."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
        if freeze:
            gc.freeze()
    finally:
        if enabled:
            gc.enable()


def parse_int(digits: str) -> int | str:
    """An int, or the digits themselves past Python's limit (no type line needs them)."""
    return int(digits) if len(digits) <= _INT_DIGITS else digits


@functools.cache
def _key_literals(key: str) -> re.Pattern[str]:
    """A key literal and the value's opening quote: the key as it stands (fast), or any string
    with an escape, to be decoded. A quote after a backslash is inside a string: never a key's."""
    any_escaped = r'[^"\\]*\\(?:[^"\\]|\\.)*'
    return re.compile(f'(?<!\\\\)"({re.escape(key)}|{any_escaped})"[ \\t\\n\\r]*:[ \\t\\n\\r]*"')


def _decoded(text: str, offset: int) -> str | None:
    """The JSON string whose text starts at `offset`, decoded (None if it can't be)."""
    try:
        return _scanstring(text, offset)[0]
    except ValueError:
        return None


def _marker_index(value: object, mark: str, count: int) -> int | None:
    """The number a marker of the second parse holds (None for a value that is no marker)."""
    if type(value) is not str or value[:1] != mark:
        return None
    digits = value[1:]
    if not (digits.isascii() and digits.isdecimal()) or len(digits) > len(str(count)):
        return None
    return int(digits) if int(digits) < count else None


def _free_control(text: str) -> str | None:
    """A control character no string of the text holds (JSON writes one only as a `\\u`
    escape), to mark values with; None in the unlikely text that escapes them all."""
    for code in (*range(0x08), *range(0x0E, 0x20)):  # not those with short escapes (`\\n`)
        if not re.search(f"\\\\u00{code:02x}", text, re.IGNORECASE):
            return chr(code)
    return None


class _Escaped:
    """A value written with escapes: where character i is, found by walking them (a JSON
    string is on one line)."""

    __slots__ = ("column", "line", "start", "stop", "text")

    def __init__(self, text: str, start: int, stop: int, line: int, column: int) -> None:
        self.text, self.start, self.stop, self.line, self.column = text, start, stop, line, column

    def region(self, start: int, end: int) -> Region:
        first = self.column + self.offset(start)
        last = self.column + self.offset(max(end, start + 1))
        return Region(self.line, first, self.line, max(last, first + 1))

    def offset(self, index: int) -> int:
        """Where character `index` starts, from the string's start (its end at most)."""
        done, at = 0, self.start
        for match in _ESCAPE.finditer(self.text, self.start, self.stop):
            plain = match.start() - at
            if index < done + plain:
                break
            done, at = done + plain, match.start()
            if index == done:
                return at - self.start
            done, at = done + 1, match.end()
        return min(at + index - done, self.stop) - self.start


def _offset_of(text: str, path: Path, options: dict[str, Any]) -> int:
    """The offset of the value at `path` in valid JSON (0 if it can't be found)."""
    scan = json.JSONDecoder(**options).raw_decode
    try:
        at = _skip(text, 0)
        for step in path:
            at = _skip(text, at + 1)  # past the bracket
            if isinstance(step, int):
                for _ in range(step):  # past a value and its comma
                    at = _skip(text, _skip(text, scan(text, at)[1]) + 1)
                continue
            found = at
            while text.startswith('"', at):  # the last member of that name, as `json` keeps
                key, at = _scanstring(text, at + 1)
                at = _skip(text, _skip(text, at) + 1)
                found = at if key == step else found
                at = _skip(text, scan(text, at)[1])
                at = _skip(text, at + 1) if text.startswith(",", at) else at
            at = found
    except (ValueError, RecursionError):
        return 0
    return at


def _skip(text: str, at: int) -> int:
    """The offset after the white space at `at`."""
    space = JSON_SPACE.match(text, at)
    return space.end() if space else at
