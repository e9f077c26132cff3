"""Writing a corrected type line back as the text of an XML element, in the text's own
notation.

The characters the correction leaves alone keep their exact text in the file (a reference
stays the same reference). A character it brings in is written as the element wrote it, if
it has it (`&#8212;` for the dash of an element that wrote its dash so); else `&`, `<` and
`>` as `&amp;`, `&lt;` and `&gt;`, a non-ASCII character as a numeric reference in a file
that is all ASCII (hexadecimal if the file writes them so), anything else as it is.
"""

from __future__ import annotations

import re
from xml.parsers import expat

from mtg_typeline.sources.base import Edit
from mtg_typeline.sources.edits import common_ends

_PIECE = re.compile(r"&[^;]*;|.", re.DOTALL)  # one character of element text, as written
_ESCAPED = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
# Characters XML 1.0 does not allow in a document at all.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


class Notation:
    """What rewriting needs to know of an XML input, noted chunk by chunk as it is read:
    whether it is UTF-8 (set by the reader), whether all of it so far is ASCII, and whether
    its first numeric reference is hexadecimal (None: none yet)."""

    def __init__(self) -> None:
        self.utf8 = True
        self.ascii = True
        self.hex_refs: bool | None = None

    def note(self, chunk: bytes) -> None:
        """Note the next chunk of the input."""
        self.ascii = self.ascii and chunk.isascii()
        if self.hex_refs is None and (at := chunk.find(b"&#")) >= 0 and at + 2 < len(chunk):
            self.hex_refs = chunk[at + 2 : at + 3] in (b"x", b"X")


def type_edit(
    raw: bytes, value: str, start: tuple[int, int], style: tuple[bool, bool], new: str
) -> Edit | None:
    """The edit that makes an element whose text (from its first character to its end tag)
    is `raw`, read as `value`, and starts at (line, column) `start`, read `new` instead;
    `style`: whether the file was all ASCII, whether it writes hexadecimal references. None
    for text over several lines, or text that can't be written exactly."""
    text = raw.decode("utf-8", "replace")
    if "\r" in text or "\n" in text:
        return None
    written = element_text(text, value, new, *style)
    if written is None:
        return None
    line, column = start
    return Edit(line, column, line, column + len(text), written)


def element_text(raw: str, value: str, new: str, ascii_only: bool, hex_refs: bool) -> str | None:
    """The text of an element that reads as `new`, written as `raw` (which reads as
    `value`: characters and references only, no markup) is written; None where that
    can't be done (a character XML doesn't allow)."""
    if new == value:
        return raw
    pieces = _PIECE.findall(raw)
    if len(pieces) != len(value) or _NOT_XML.search(new):
        return None
    forms: dict[str, str] = {}
    for char, piece in zip(value, pieces, strict=True):
        forms.setdefault(char, piece)
    head, tail = common_ends(value, new)
    middle = new[head : len(new) - tail]
    written = "".join(forms.get(char) or _written(char, ascii_only, hex_refs) for char in middle)
    result = "".join(pieces[:head]) + written + "".join(pieces[len(pieces) - tail :])
    return result if _reads(result) == new else None


def _written(char: str, ascii_only: bool, hex_refs: bool) -> str:
    if char in _ESCAPED:
        return _ESCAPED[char]
    if ord(char) < 0x80 or not ascii_only:
        return char
    return f"&#x{ord(char):X};" if hex_refs else f"&#{ord(char)};"


def _reads(text: str) -> str | None:
    """What element text reads as (None if it is not well-formed)."""
    parts: list[str] = []
    parser = expat.ParserCreate(encoding="UTF-8")
    parser.CharacterDataHandler = parts.append
    try:
        parser.Parse(f"<t>{text}</t>".encode(), True)
    except expat.ExpatError:
        return None
    return "".join(parts)
