"""Where each character of a YAML scalar's value is in the file.

A parser gives where a scalar starts and ends; its value is made from that text by YAML's
rules for its style: quotes, `''` and backslash escapes, line breaks folded into spaces, the
indentation and chomping of block scalars. These functions follow the same rules over the
file's text, keeping each character's offset, so that a finding in a type line written in any
style points at its own characters.

Offsets become places with the file's lines, counted at line feeds as everywhere else (an
editor, a CI annotation, the edits of `--fix`: see `sources.edits`), not the parser's lines:
PyYAML, following YAML 1.1, also ends a line at a CR alone, NEL, LS and PS.
"""

from __future__ import annotations

import re

from mtg_typeline.records import NamedTuple
from mtg_typeline.sources.base import CharMap, Locator, Offset
from mtg_typeline.sources.edits import LineIndex

_BREAKS = "\r\n\x85\u2028\u2029"
_BLANKS = " \t"
_ESCAPES = {
    "0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f",
    "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85",
    "_": "\xa0", "L": "\u2028", "P": "\u2029",
}  # fmt: skip
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}
Pairs = list[tuple[str, int, int]]  # a scalar's characters: (character, offset in the file, width)


class Scalar(NamedTuple):
    """A scalar of the file: its value, style and tag, the offsets (in characters of the
    text) where it starts and ends."""

    value: str
    style: str
    tag: str
    start: int
    end: int


def locate(text: str, node: Scalar, lines: LineIndex) -> Locator:
    """Where each character of a scalar's value is in the file whose lines are `lines`."""
    pairs = characters(text, node)
    start = value_start(text, node.start) + (1 if node.style in ("'", '"') else 0)
    if pairs is None:  # a form not followed: its first character, past a tag and a quote
        return Offset(*lines.place(start))
    offsets = [offset for _, offset, _ in pairs]
    offsets.append(pairs[-1][1] + pairs[-1][2] if pairs else start)
    places = lines.places(offsets)
    first = places[0]
    if all(p.line == first.line and p.column == first.column + i for i, p in enumerate(places)):
        return Offset(first.line, first.column)
    return CharMap(places)


def characters(text: str, node: Scalar) -> Pairs | None:
    """The characters of a scalar with their places, or None if they don't give its value."""
    start, end, style = value_start(text, node.start), node.end, node.style
    if style in ("|", ">"):
        candidates = _block(text, start, end, style == ">")
    elif style in ("'", '"'):
        candidates = [_flow(text, start + 1, end - 1, style)]
    else:
        candidates = [_flow(text, start, end, "")]
    return next((p for p in candidates if "".join(char for char, _, _ in p) == node.value), None)


def value_start(text: str, index: int) -> int:
    """Where a scalar's value starts: after its tag and anchor (`!!str &name value`), with
    which the node's start mark begins."""
    while text.startswith(("!", "&"), index):
        while index < len(text) and text[index] not in _BLANKS + _BREAKS:
            index += 1
        while index < len(text) and text[index] in _BLANKS + _BREAKS:
            index += 1
    return index


def _flow(text: str, start: int, end: int, quote: str) -> Pairs:
    """A plain or quoted scalar's characters: escapes decoded, and each line break folded as
    YAML folds it (one break is a space, each empty line after it a newline, the blanks around
    it dropped), the folded character placed at the break."""
    pairs: Pairs = []
    index = start
    while index < end:
        char = text[index]
        if char in _BREAKS:
            index = _fold(text, index, end, pairs, escaped=False)
        elif quote == "'" and text.startswith("''", index):
            pairs.append(("'", index, 2))
            index += 2
        elif quote == '"' and char == "\\" and index + 1 < end:
            index = _escape(text, index, end, pairs)
        elif char in _BLANKS:
            stop = _skip(text, index, end, _BLANKS)
            if stop == end or text[stop] not in _BREAKS:  # blanks before a break are dropped
                pairs.extend((text[i], i, 1) for i in range(index, stop))
            index = stop
        else:
            pairs.append((char, index, 1))
            index += 1
    return pairs


def _fold(text: str, index: int, end: int, pairs: Pairs, *, escaped: bool) -> int:
    """Fold the line break at `index` (and the empty lines after it) into `pairs`; the index
    of the next character of the scalar."""
    first = index
    index = _break_end(text, index)
    empty: list[int] = []
    while True:
        index = _skip(text, index, end, _BLANKS)
        if index >= end or text[index] not in _BREAKS:
            break
        empty.append(index)
        index = _break_end(text, index)
    if _line_break(text, first) != "\n" and not escaped:
        pairs.append((text[first], first, 1))
    elif not empty and not escaped:
        pairs.append((" ", first, 1))
    pairs.extend((_line_break(text, at), at, 1) for at in empty)
    return index


def _escape(text: str, index: int, end: int, pairs: Pairs) -> int:
    """One escape of a double-quoted scalar at `index` (the backslash)."""
    code = text[index + 1]
    if code in _BREAKS:  # an escaped line break: the lines join with nothing between
        return _fold(text, index + 1, end, pairs, escaped=True)
    if code in _HEX_ESCAPES:
        digits = _HEX_ESCAPES[code]
        value = text[index + 2 : index + 2 + digits]
        pairs.append((chr(int(value, 16)), index, 2 + digits))
        return index + 2 + digits
    pairs.append((_ESCAPES.get(code, code), index, 2))
    return index + 2


def _block(text: str, start: int, end: int, folded: bool) -> list[Pairs]:
    """A literal (`|`) or folded (`>`) block scalar's characters. The indentation is the one,
    of those the lines allow, that gives the parsed value (an explicit indentation indicator
    counts from the parent's, which the nodes don't tell)."""
    header = re.match(r"[|>]([+-]?)([1-9]?)([+-]?)[^\r\n\x85\u2028\u2029]*", text[start:end])
    if header is None:
        return []
    chomp = header.group(1) or header.group(3)
    index = _break_end(text, start + header.end())
    lines = _lines(text, index, end)
    widest = max((len(body) - len(body.lstrip(" ")) for body, _ in lines if body.strip()), default=0)
    return [_block_body(text, lines, indent, folded, chomp) for indent in range(widest, -1, -1)]


def _lines(text: str, index: int, end: int) -> list[tuple[str, int]]:
    """The lines of text[index:end]: (body without its break, offset of its first character)."""
    found = []
    while index < end:
        stop = index
        while stop < end and text[stop] not in _BREAKS:
            stop += 1
        found.append((text[index:stop], index))
        index = _break_end(text, stop) if stop < end else end
    return found


def _block_body(text: str, lines: list[tuple[str, int]], indent: int, folded: bool, chomp: str) -> Pairs:
    """A block scalar's characters with the given indentation (PyYAML's scanning steps)."""
    pairs: Pairs = []
    breaks: list[int] = []  # the breaks of the empty lines since the last content line
    last_break: int | None = None  # the break after the last content line
    previous_plain = False  # the last content line started with no blank
    for body, offset in lines:
        if len(body) <= indent and not body.strip():
            if _is_break(text, offset + len(body)):
                breaks.append(offset + len(body))
            continue
        plain = body[indent : indent + 1] not in ("", " ", "\t")
        if last_break is not None:
            if folded and previous_plain and plain and _line_break(text, last_break) == "\n":
                if not breaks:
                    pairs.append((" ", last_break, 1))
            else:
                pairs.append((_line_break(text, last_break), last_break, 1))
        pairs.extend((_line_break(text, at), at, 1) for at in breaks)
        breaks = []
        pairs.extend((body[i], offset + i, 1) for i in range(indent, len(body)))
        last_break, previous_plain = offset + len(body), plain
    if last_break is not None and chomp != "-" and _is_break(text, last_break):
        pairs.append((_line_break(text, last_break), last_break, 1))
    if chomp == "+":
        pairs.extend((_line_break(text, at), at, 1) for at in breaks)
    return pairs


def _line_break(text: str, index: int) -> str:
    """What a line break in a scalar stands for: LS and PS themselves, the others a newline."""
    return text[index] if text[index] in "\u2028\u2029" else "\n"


def _is_break(text: str, index: int) -> bool:
    return index < len(text) and text[index] in _BREAKS


def _break_end(text: str, index: int) -> int:
    """The index after the line break at `index` (CR LF is one break)."""
    return index + (2 if text.startswith("\r\n", index) else 1)


def _skip(text: str, index: int, end: int, chars: str) -> int:
    while index < end and text[index] in chars:
        index += 1
    return index
