"""Writing a corrected type line back into a YAML scalar, in the scalar's own style.

Only the characters the correction changes are rewritten, in place, where they stand on one
line of the scalar: a plain scalar stays plain, a single-quoted one single-quoted (`''` for a
quote), a double-quoted one keeps its escapes (a character it wrote as `\\u2014` is written
so again) and a block scalar keeps its lines. The scalar so written is read back by the YAML
parser, alone in a document of the same context (block or flow), and must give the
corrected line exactly. A plain or single-quoted scalar on one line that can't hold the new
text (a `: ` or ` #` in a plain one, a control character) becomes double-quoted; in every
other case where that reading fails (a change across a folded line break, a block scalar with
an explicit indentation) nothing is written, and the finding stays.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import yaml
from yaml.events import ScalarEvent
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

from mtg_typeline.sources.base import Edit
from mtg_typeline.sources.edits import LineIndex, common_ends, edit_between
from mtg_typeline.sources.yaml_cards.scalars import Pairs, Scalar, characters, value_start

# The scalar must read the same with libyaml and with PyYAML's own parser (they differ at the
# edges: libyaml takes a tab inside a plain scalar that PyYAML refuses).
_LOADERS = tuple(dict.fromkeys([getattr(yaml, "CSafeLoader", yaml.SafeLoader), yaml.SafeLoader]))
_RESOLVER = Resolver()
_STR = "tag:yaml.org,2002:str"
_BREAKS = "\r\n\x85\u2028\u2029"
_INDENTED = re.compile(r"[|>][+-]?[1-9]")  # a block scalar's explicit indentation
_HEX_LETTER = re.compile(r"\\(?:x[0-9a-fA-F]?|u[0-9a-fA-F]{0,3}|U[0-9a-fA-F]{0,7})[a-fA-F]")
_SHORT = {
    '"': '\\"', "\\": "\\\\", "\0": "\\0", "\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n",
    "\v": "\\v", "\f": "\\f", "\r": "\\r", "\x1b": "\\e", "\x85": "\\N", "\u2028": "\\L", "\u2029": "\\P",
}  # fmt: skip


class ScalarWriter:
    """Rewrites the scalars of one YAML text."""

    def __init__(self, text: str, lines: Callable[[], LineIndex]) -> None:
        self.text = text
        self.lines = lines  # the text's lines, shared with the places of findings
        self.ascii_only: bool | None = None
        self.upper_hex = True

    def rewrite(self, node: Scalar, flow: bool, new: str) -> Edit | None:
        """The edit that makes a scalar (in a flow collection if `flow`) read `new`: the
        whole scalar, from its first character (after a tag) to its end; None where it
        can't be written exactly."""
        text = self.text
        start = value_start(text, node.start)
        written = text[start : node.end] if new == node.value else self.written(node, start, flow, new)
        if written is None:
            return None
        return edit_between(self.lines(), start, node.end, written)

    def written(self, node: Scalar, start: int, flow: bool, new: str) -> str | None:
        """The scalar's new text, read back to be sure it gives `new`."""
        text = self.text
        pairs = characters(text, node)
        if pairs is None or (node.style in ("|", ">") and _INDENTED.match(text, start)):
            return None
        tag = text[node.start : start]
        candidate = self.in_place(node, start, pairs, new)
        if candidate is not None and _reads(tag + candidate, flow) == new:
            return candidate
        if node.style in ("", "'") and not any(char in _BREAKS for char in text[start : node.end]):
            quoted = '"' + "".join(self.escaped(char) for char in new) + '"'
            if _reads(tag + quoted, flow) == new:
                return quoted
        return None

    def in_place(self, node: Scalar, start: int, pairs: Pairs, new: str) -> str | None:
        """The scalar with the characters that change rewritten where they stand, in its
        style; None when they don't stand on one line."""
        text, old = self.text, node.value
        head, tail = common_ends(old, new)
        stop = len(old) - tail
        if head < stop:
            begin, finish = pairs[head][1], pairs[stop - 1][1] + pairs[stop - 1][2]
        elif old:
            begin = finish = pairs[head][1] if head < len(old) else pairs[-1][1] + pairs[-1][2]
        else:
            return None
        if any(char in _BREAKS for char in text[begin:finish]):
            return None
        middle = self.encoded(new[head : len(new) - tail], node.style, pairs)
        return None if middle is None else text[start:begin] + middle + text[finish : node.end]

    def encoded(self, middle: str, style: str, pairs: Pairs) -> str | None:
        """New characters in a scalar's style (the double-quoted style keeps the escapes
        the scalar used for the same characters)."""
        if style != '"':
            if any(char in _BREAKS for char in middle):
                return None
            return middle.replace("'", "''") if style == "'" else middle
        text = self.text
        forms: dict[str, str] = {}
        for char, offset, width in pairs:
            written = text[offset : offset + width]
            if written == char or written.startswith("\\"):
                forms.setdefault(char, written)
        return "".join(forms.get(char) or self.escaped(char) for char in middle)

    def escaped(self, char: str) -> str:
        """A character in a double-quoted scalar where the scalar has no form for it."""
        if self.ascii_only is None:
            self.ascii_only = self.text.isascii()
            letter = _HEX_LETTER.search(self.text)
            self.upper_hex = letter is None or letter.group()[-1].isupper()
        if char in _SHORT:
            return _SHORT[char]
        code = ord(char)
        printable = (code >= 0xA0 and code not in (0xFEFF, 0xFFFE, 0xFFFF)) or 0x20 <= code < 0x7F
        if printable and (code < 0x80 or not self.ascii_only):
            return char
        width, kind = (2, "x") if code < 0x100 else (4, "u") if code < 0x10000 else (8, "U")
        digits = f"{code:0{width}X}" if self.upper_hex else f"{code:0{width}x}"
        return f"\\{kind}{digits}"


def _reads(scalar: str, flow: bool) -> str | None:
    """What a scalar's text reads as, alone as the value of a mapping (`flow`: as the item
    of a flow sequence); None if it is not one string scalar, or the parsers differ."""
    document = f"[{scalar}]" if flow else f"x: {scalar}"
    values = {_value(document, loader, flow) for loader in _LOADERS}
    return values.pop() if len(values) == 1 else None


def _value(document: str, loader: type[yaml.SafeLoader], flow: bool) -> str | None:
    try:
        events = list(yaml.parse(document, Loader=loader))
    except yaml.YAMLError:
        return None
    scalars = [event for event in events if isinstance(event, ScalarEvent)]
    if len(events) != (7 if flow else 8) or len(scalars) != (1 if flow else 2):
        return None
    event = scalars[-1]
    tag = event.tag
    if tag in (None, "!"):
        tag = _RESOLVER.resolve(ScalarNode, event.value, event.implicit)  # type: ignore[no-untyped-call]
    return event.value if tag == _STR else None
