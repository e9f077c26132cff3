"""The encoding of an XML input, and the input read as UTF-8 in chunks for expat.

Expat is always given UTF-8, so that every byte offset it reports is one the reader can
place: a UTF-8 BOM is dropped, and a document in another encoding (a UTF-16 BOM or
signature, or an encoding named in its XML declaration) is decoded chunk by chunk and
encoded again.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from typing import BinaryIO

from mtg_typeline.sources import UTF8_BOM
from mtg_typeline.sources.base import SourceError

CHUNK = 64 * 1024
_DECLARED = re.compile(rb"""^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']""")
_UTF8 = frozenset({"utf-8", "ascii"})
_SIGNATURES = (
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
    (b"<\x00?\x00", "utf-16-le"),
    (b"\x00<\x00?", "utf-16-be"),
)


def utf8_chunks(stream: BinaryIO, first: bytes, encoding: str, path: str) -> Iterator[tuple[bytes, int]]:
    """The input (its first chunk read already) as UTF-8 in chunks, with the number of input
    bytes each stands for: a UTF-8 BOM dropped, another encoding (declared, or UTF-16)
    decoded, so that expat always reads UTF-8 and every offset it gives is one the reader
    can place."""
    size = len(first)
    if encoding == "utf-8":
        data = first.removeprefix(UTF8_BOM)
        while data:
            yield data, size
            data = stream.read(CHUNK)
            size = len(data)
        return
    # Another encoding is read through a decoder; a byte it can't decode becomes U+FFFD, which
    # the checker then reports where it stands (a type line has no use for it).
    decoder = codecs.getincrementaldecoder(encoding)("replace")
    final = not first
    data = first
    while True:
        try:
            text = decoder.decode(data, final)
        except UnicodeError as exc:  # a codec that fails even when told to replace
            raise SourceError(f"{path} is not {encoding} text: {exc}", 1, 1) from None
        yield text.encode("utf-8", "replace"), size
        if final:
            return
        data = stream.read(CHUNK)
        size, final = len(data), not data


def encoding_of(head: bytes, path: str) -> str:
    """The encoding of a document from its first bytes: a BOM, or its XML declaration."""
    for start, encoding in _SIGNATURES:
        if head.startswith(start):
            return encoding
    declared = _DECLARED.match(head.removeprefix(UTF8_BOM))
    if not declared:
        return "utf-8"
    name = declared.group(1).decode("ascii")
    try:
        found = codecs.lookup(name)
    except LookupError:
        found = None
    if found is None or not getattr(found, "_is_text_encoding", True):  # base64 and the like
        raise SourceError(f"{path} declares an encoding this reader does not know: {name}", 1, 1)
    return "utf-8" if found.name in _UTF8 else found.name
