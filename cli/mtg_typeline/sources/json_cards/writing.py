"""Writing a corrected type line back into a JSON string literal, in the literal's own style.

The characters the correction leaves alone keep their exact text in the file (an escape
stays the same escape, with the same case of hex digits). A character the correction brings
in is written as the same literal wrote it, if it has it; else as the file writes it: every
non-ASCII character as a `\\uXXXX` escape (a surrogate pair beyond the BMP) in a file that
is all ASCII (`ensure_ascii`), a character the file only ever escapes escaped, `/` as `\\/`
in a file that escapes it; else as it is. `"`, `\\` and control characters are always
escaped, as JSON requires.
"""

from __future__ import annotations

import json
import re

from mtg_typeline.sources.edits import common_ends

# One character of a literal's text: an escape (a surrogate pair is one) or one character.
_PIECE = re.compile(
    r"\\(?:u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)|.", re.DOTALL
)
_UNESCAPED = r"(?<!\\)(?:\\\\)*"  # a backslash that is not itself escaped comes next
_HEX_LETTER = re.compile(_UNESCAPED + r"\\u[0-9a-fA-F]{0,3}[a-fA-F]")
_SLASH = re.compile(_UNESCAPED + r"\\/")
_SHORT = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class FileStyle:
    """How a JSON text writes characters, for those a literal doesn't show (looked at once,
    when the first literal of the file is rewritten)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.ascii_only = text.isascii()
        letter = _HEX_LETTER.search(text)
        self.upper_hex = letter is not None and letter.group()[-1].isupper()
        self.escaped_slash = _SLASH.search(text) is not None
        self.known: dict[str, str] = {}  # non-ASCII characters: how the file writes them

    def written(self, char: str) -> str:
        """How the file writes a character a literal doesn't show."""
        if char in _SHORT:
            return _SHORT[char]
        code = ord(char)
        if code < 0x20 or (code >= 0x80 and self.ascii_only):
            return _escape(code, self.upper_hex)
        if char == "/":
            return "\\/" if self.escaped_slash else "/"
        if code < 0x80:
            return char
        found = self.known.get(char)
        if found is None:
            found = self.known[char] = self.non_ascii(char)
        return found

    def non_ascii(self, char: str) -> str:
        """A non-ASCII character is written as it is, unless the file has it only escaped."""
        escape = _escape(ord(char), self.upper_hex)
        if char not in self.text and re.search(_UNESCAPED + re.escape(escape), self.text, re.IGNORECASE):
            return escape
        return char


def literal(raw: str, value: str, new: str, style: FileStyle) -> str | None:
    """The text of a literal (between its quotes) that reads as `new`, written as `raw`
    (which reads as `value`) is written; None where it can't be done exactly (a lone
    surrogate, which can't become UTF-8 text)."""
    if new == value:
        return raw
    if _LONE_SURROGATE.search(value) or _LONE_SURROGATE.search(new):
        return None
    pieces = _PIECE.findall(raw)
    if len(pieces) != len(value):
        return None  # (valid JSON always matches: one piece a character)
    forms: dict[str, str] = {}
    for char, piece in zip(value, pieces, strict=True):
        forms.setdefault(char, piece)
    start, end = common_ends(value, new)
    middle = "".join(forms.get(char) or style.written(char) for char in new[start : len(new) - end])
    written = "".join(pieces[:start]) + middle + "".join(pieces[len(pieces) - end :])
    return written if _reads(written) == new else None


def _escape(code: int, upper: bool) -> str:
    """`\\uXXXX`, a surrogate pair for a character beyond the BMP."""
    if code > 0xFFFF:
        code -= 0x10000
        return _escape(0xD800 + (code >> 10), upper) + _escape(0xDC00 + (code & 0x3FF), upper)
    digits = f"{code:04X}" if upper else f"{code:04x}"
    return "\\u" + digits


def _reads(written: str) -> str | None:
    try:
        value = json.loads(f'"{written}"')
    except ValueError:
        return None
    return value if isinstance(value, str) else None
