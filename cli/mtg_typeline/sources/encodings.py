"""Text and table inputs in an encoding other than UTF-8 (`--encoding`), and a guess at the
encoding of bytes that are not UTF-8, for the message that says so.

A text file or a table read with `--encoding` is turned into UTF-8 as it is read, so that
every reader and the fixer work on UTF-8 as they always do; lines and columns, counted in
characters, are the file's own. Bytes the encoding can't decode are carried through as
they are (Python's "surrogateescape"), so they are reported where they stand and a fixed
file is written back in its encoding byte for byte, but for the type lines fixed. JSON,
YAML and XML say their own encoding (UTF-8 by their standards; XML in its declaration), so
`--encoding` is for the formats that don't.

The guess (`likely_encoding`) uses the standard library alone: bytes that are not UTF-8
in a file exported on Western Windows (what a spreadsheet's "CSV" gives there) decode as
Windows-1252, whose 0x80–0x9F are the typographic dashes and quotes a type line holds; bytes
that Windows-1252 leaves undefined point to Latin-1. A statistical detector would add a
runtime dependency to tell apart encodings that this project's users rarely meet.
"""

from __future__ import annotations

import codecs
import io
from typing import Any, BinaryIO

from mtg_typeline.sources.base import SourceError

ENCODED_FORMATS = frozenset({"text", "csv"})  # the formats `--encoding` is for
_UTF8 = "utf-8"
_ESCAPE = "surrogateescape"
_CHUNK = 1 << 16
_NAMES = {"cp1252": "Windows-1252", "latin-1": "Latin-1 (ISO-8859-1)"}


def codec_of(name: str) -> str:
    """The codec of an encoding's name (`cp1252`, `Windows-1252`, `latin_1`); `LookupError`
    for a name Python doesn't know or that is no text encoding (`rot13`, `base64`)."""
    info = codecs.lookup(name)
    if not getattr(info, "_is_text_encoding", True):
        raise LookupError(name)
    return info.name


def to_utf8(data: bytes, codec: str) -> bytes:
    """Bytes in `codec` as UTF-8 (bytes it can't decode kept as they are); `UnicodeError`
    where no error handler helps (a UTF-16 input without its mark)."""
    if codec == _UTF8:
        return data
    return data.decode(codec, _ESCAPE).encode(_UTF8, _ESCAPE)


def from_utf8(data: bytes, codec: str) -> bytes:
    """UTF-8 bytes back in `codec` (`to_utf8` undone); `UnicodeEncodeError` for a character
    `codec` has no byte for."""
    if codec == _UTF8:
        return data
    return data.decode(_UTF8, _ESCAPE).encode(codec, _ESCAPE)


def encodable(text: str, codec: str) -> bool:
    """Whether `codec` can write `text`."""
    try:
        text.encode(codec)
    except UnicodeEncodeError:
        return False
    return True


def head_in_utf8(head: bytes, codec: str) -> bytes:
    """The first bytes of an input in `codec` as UTF-8, for telling its format (a character
    cut at the end is left out)."""
    if codec == _UTF8:
        return head
    decoder = codecs.getincrementaldecoder(codec)(_ESCAPE)
    try:
        return str(decoder.decode(head, False)).encode(_UTF8, _ESCAPE)
    except UnicodeError:  # (a UTF-16 input without its mark): the reader says what is wrong
        return head


def utf8_stream(stream: BinaryIO, codec: str, path: str) -> BinaryIO:
    """`stream` (the input `path`), in `codec`, read as UTF-8; what it can't decode at all
    is a `SourceError`."""
    if codec == _UTF8:
        return stream
    return io.BufferedReader(_Recoded(stream, codec, path), buffer_size=_CHUNK)


class _Recoded(io.RawIOBase):
    """The bytes of a stream in another encoding, decoded as they are read and given as UTF-8."""

    def __init__(self, stream: BinaryIO, codec: str, path: str) -> None:
        super().__init__()
        self.stream = stream
        self.codec = codec
        self.path = path
        self.decoder = codecs.getincrementaldecoder(codec)(_ESCAPE)
        self.ready = b""
        self.done = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while not self.ready and not self.done:
            data = self.stream.read(_CHUNK)
            self.done = not data
            try:
                self.ready = str(self.decoder.decode(data, self.done)).encode(_UTF8, _ESCAPE)
            except UnicodeError as exc:  # one no error handler covers (UTF-16's missing mark)
                raise SourceError(f"{self.path} is not valid {self.codec.upper()} text: {exc}") from None
        count = min(len(buffer), len(self.ready))
        buffer[:count] = self.ready[:count]
        self.ready = self.ready[count:]
        return count


def likely_encoding(data: bytes) -> str:
    """The encoding bytes that are not UTF-8 are most likely in (see the module's docstring)."""
    try:
        data.decode("cp1252")
    except UnicodeDecodeError:
        return "latin-1"
    return "cp1252"


def encoding_hint(data: bytes) -> str:
    """The end of a message about bytes that are not UTF-8: the likely encoding, and the
    option that reads it."""
    codec = likely_encoding(data)
    return f"; if it is {_NAMES[codec]}, give --encoding {codec}"
