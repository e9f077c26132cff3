"""A window on the text of a byte stream, read a chunk at a time: what the streaming JSON
reader (`json_cards.stream`) holds of a file of hundreds of megabytes.

The bytes are decoded as UTF-8 as they come (a BOM at the start dropped; bytes that are not
UTF-8 are a `SourceError` at their place, counted as `base.read_text` counts it). Offsets are
counted in characters from the start of the text, as if it were held whole; text before an
offset the reader is done with is let go (`release`), and lines are counted as far as it goes,
so that any offset from there on can still be placed (line and column, as `JsonText.place`
counts them: lines end at LF, CR LF or a CR alone).
"""

from __future__ import annotations

import codecs
from collections.abc import Callable
from typing import BinaryIO

from mtg_typeline.sources import UTF8_BOM
from mtg_typeline.sources.base import SourceError

CHUNK = 1 << 20  # bytes read at a time
# Keys that only card data has: text that can't be parsed but holds one is broken card data
CARD_MARKERS = ('"type_line"', '"types"', '"supertypes"', '"subtypes"')


class Window:
    """The text of `stream` from offset `base` on, as far as it has been read."""

    def __init__(
        self, stream: BinaryIO, path: str, progress: Callable[[int], None], chunk: int = CHUNK
    ) -> None:
        self.stream, self.path, self.progress, self.chunk = stream, path, progress, chunk
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.text = ""
        self.base = 0  # the offset of text[0]
        self.eof = False
        self.started = False  # past the BOM
        self.feeds = 0  # line feeds in the text decoded, and the characters after the last one
        self.after_feed = 0  # (for the place of a byte that is not UTF-8)
        self.cursor = (0, 1, 0)  # an offset, its line, the offset its line starts at
        self.returns = False  # whether a CR was read (then lines may end at one)
        self.gone_feeds = self.gone_after = 0  # line feeds let go of; characters after the last
        self.marked = False  # whether the text let go held a key only card data has
        # bytes that are not UTF-8, met in the last chunk read: said when the text past them
        # is asked for (what comes before them is read, its cards checked)
        self.broken: SourceError | None = None

    @property
    def end(self) -> int:
        """The offset after the text read so far."""
        return self.base + len(self.text)

    def more(self) -> bool:
        """Read another chunk onto the text; False at the end of the stream."""
        if self.eof:
            return False
        self.text += self.read()
        return True

    def read(self) -> str:
        """The text of the next chunk of the stream (the end of it noted in `eof`); where it
        holds bytes that are not UTF-8, the text before them, and the error next time."""
        if self.broken is not None:
            raise self.broken
        data = self.stream.read(self.chunk)
        self.progress(len(data))
        final = not data
        if not self.started:
            data = self.head(data)
        try:
            text = self.decoder.decode(data, final)
        except UnicodeDecodeError as exc:
            self.broken = self.not_utf8(exc.object, exc.start)
            text, final = exc.object[: exc.start].decode("utf-8"), False
        self.eof = final
        self.count_feeds(text)
        self.returns = self.returns or "\r" in text
        return text

    def head(self, data: bytes) -> bytes:
        """The first bytes less a UTF-8 BOM (read on until there are three to tell)."""
        while data and len(data) < len(UTF8_BOM) and UTF8_BOM.startswith(data):
            extra = self.stream.read(self.chunk)
            if not extra:
                break
            self.progress(len(extra))
            data += extra
        self.started = True
        return data.removeprefix(UTF8_BOM)

    def count_feeds(self, text: str) -> None:
        feeds = text.count("\n")
        self.feeds += feeds
        self.after_feed = len(text) - text.rfind("\n") - 1 if feeds else self.after_feed + len(text)

    def not_utf8(self, data: bytes, start: int) -> SourceError:
        """The error of the byte at `start` of `data`, the bytes after the text decoded."""
        before = data[:start].decode("utf-8")
        feeds = before.count("\n")
        column = len(before) - before.rfind("\n") if feeds else self.after_feed + len(before) + 1
        message = f"{self.path} is not UTF-8 text (byte 0x{data[start]:02x})"
        return SourceError(message, self.feeds + feeds + 1, column)

    def rest(self) -> str:
        """The text from `base` to the end of the stream, all of it read (joined once: a
        string grown a chunk at a time would be copied again for each)."""
        pieces = [self.text]
        while not self.eof:
            pieces.append(self.read())
        self.text = "".join(pieces)
        return self.text

    def release(self, offset: int) -> None:
        """Let go of the text before `offset` (lines counted up to it first)."""
        if offset <= self.base:
            return
        if offset > self.cursor[0]:
            self.place(offset)
        cut = offset - self.base
        feeds = self.text.count("\n", 0, cut)
        self.gone_feeds += feeds
        self.gone_after = cut - self.text.rfind("\n", 0, cut) - 1 if feeds else self.gone_after + cut
        if not self.marked:
            self.marked = any(self.text.find(marker, 0, cut) >= 0 for marker in CARD_MARKERS)
        self.text = self.text[cut:]
        self.base = offset

    def place(self, offset: int) -> tuple[int, int]:
        """Line and column of an offset at or after the last one placed and `base`."""
        start, line, line_start = self.cursor
        if offset < start or offset < self.base:
            raise ValueError(f"offset {offset} is behind the window")
        text, first, last = self.text, start - self.base, offset - self.base
        newlines = text.count("\n", first, last)
        if self.returns:
            newlines += text.count("\r", first, last) - text.count("\r\n", first, last)
        if newlines:
            line += newlines
            found = text.rfind("\n", first, last)
            if self.returns:
                found = max(found, text.rfind("\r", first, last))
            line_start = self.base + found + 1
        self.cursor = (offset, line, line_start)
        return line, offset - line_start + 1

    def json_place(self, offset: int) -> tuple[int, int]:
        """Line and column of an offset at or after `base` as json's errors count them (lines
        end at LF alone)."""
        index = offset - self.base
        feeds = self.text.count("\n", 0, index)
        if feeds:
            return self.gone_feeds + feeds + 1, index - self.text.rfind("\n", 0, index)
        return self.gone_feeds + 1, self.gone_after + index + 1

    def holds_cards(self) -> bool:
        """Whether the text (let go of, or held) names a key only card data has."""
        return self.marked or any(marker in self.text for marker in CARD_MARKERS)
