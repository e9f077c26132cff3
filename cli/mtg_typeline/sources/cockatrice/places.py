"""Where things are in a Cockatrice file being read: expat's byte offsets turned into
columns in characters, and the place of each character of a `<type>`'s text.

Expat gives byte offsets (and, in some versions, columns in bytes); `Fed` keeps the bytes
lately given to it to turn an offset into a column in characters and to cut out the raw
text of a `<type>`. `character_places` maps that text's characters back to the file, which is
needed only for a line with findings (entity references, CDATA, line breaks inside the
element).
"""

from __future__ import annotations

import re

from mtg_typeline.sources.base import CharMap, Locator, Offset, Place
from mtg_typeline.sources.cockatrice.encoding import CHUNK
from mtg_typeline.sources.cockatrice.writing import Notation

_KEEP = 2 * CHUNK  # bytes kept behind the newest: expat may still report a place in them
_CONTINUATION = bytes(range(0x80, 0xC0))  # UTF-8 bytes that don't start a character
# Raw XML text as the parser reads it: markup that makes no character, a reference, a line
# break, or one character.
_RAW = re.compile(r"<!--.*?(?:-->|\Z)|<\?.*?(?:\?>|\Z)|<[^>]*>?|&[^;]*;?|\r\n|.", re.DOTALL)
_CHARACTER = re.compile(r"\r\n|.", re.DOTALL)


class Fed:
    """The UTF-8 bytes lately given to the parser (from `base` on), to turn expat's byte
    offsets into columns in characters and to cut out raw text. Bytes are dropped once they
    are more than `_KEEP` behind, unless a `<type>` being read started in them (`pin`)."""

    def __init__(self) -> None:
        self.base = 0
        self.data = b""
        self.column0 = 0  # characters on the line of `base` before it
        self.pin: int | None = None
        self.memo = (0, 0)  # the last offset placed and the characters before it on its line
        self.blank = True  # nothing but white space so far
        self.notation = Notation()  # how the text so far is written, for rewriting

    @property
    def end(self) -> int:
        return self.base + len(self.data)

    def add(self, chunk: bytes) -> None:
        self.blank = self.blank and not chunk.strip()
        self.notation.note(chunk)
        keep = self.end - _KEEP if self.pin is None else min(self.pin, self.end - _KEEP)
        if keep > self.base:
            dropped = self.data[: keep - self.base]
            self.column0 = _after_break(dropped, self.column0)
            self.data = self.data[keep - self.base :] + chunk
            self.base = keep
        else:
            self.data += chunk

    def column(self, offset: int) -> int | None:
        """The 1-based column in characters of a byte offset; None if it is no longer kept.
        Offsets asked for mostly grow, so the count goes on from the last one when it can."""
        at = offset - self.base
        if not 0 <= at <= len(self.data):
            return None
        last, before = self.memo
        start = last - self.base
        if not 0 <= start <= at:
            start, before = 0, self.column0
        before = _after_break(self.data[start:at], before)
        self.memo = (offset, before)
        return before + 1

    def cut(self, start: int, stop: int) -> bytes | None:
        """The bytes between two offsets, if still kept."""
        if start < self.base or stop > self.end:
            return None
        return self.data[start - self.base : stop - self.base]


def _after_break(data: bytes, before: int) -> int:
    """The characters on the last line of `data`, counting `before` if `data` has no break."""
    at = max(data.rfind(b"\n"), data.rfind(b"\r"))
    if at < 0:
        return before + len(data.translate(None, _CONTINUATION))
    return len(data[at + 1 :].translate(None, _CONTINUATION))


def character_places(text: str, raw: str, line: int, column: int) -> Locator:
    """The place of each character of `text`, read off its raw form in the file: a reference
    is one character, CDATA markup, comments, tags and processing instructions none, CR LF
    one. Where the two don't match up (it can't happen), the place where the text starts."""
    places: list[Place] = []
    start, at = Offset(line, column), 0
    while at < len(raw):
        if raw.startswith("<![CDATA[", at):
            stop = raw.find("]]>", at)
            stop = len(raw) if stop < 0 else stop
            line, column = _moved(raw[at : at + 9], line, column)
            for piece in _CHARACTER.findall(raw, at + 9, stop):
                places.append(Place(line, column))
                line, column = _moved(piece, line, column)
            line, column = _moved(raw[stop : stop + 3], line, column)
            at = stop + 3
            continue
        match = _RAW.match(raw, at)
        assert match is not None  # the last alternative takes any character
        piece, at = match.group(), match.end()
        if piece[0] != "<" or len(piece) == 1:
            places.append(Place(line, column))
        line, column = _moved(piece, line, column)
    places.append(Place(line, column))
    return CharMap(places) if len(places) == len(text) + 1 else start


def _moved(piece: str, line: int, column: int) -> tuple[int, int]:
    """The place after `piece` of the file, from the place of its start."""
    last = max(piece.rfind("\n"), piece.rfind("\r"))
    if last < 0:
        return line, column + len(piece)
    breaks = piece.count("\n") + piece.count("\r") - piece.count("\r\n")
    return line + breaks, len(piece) - last
