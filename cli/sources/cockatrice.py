"""Cockatrice card databases (`cards.xml`, `tokens.xml`, Magic-Spoiler files; versions 3 and
4): the `<type>` of each `<card>` (`<card><type>` in version 3, `<card><prop><type>` in 4),
with the card's `<name>`.

The file is streamed through expat in chunks, so memory holds one card and a few chunks
whatever the file's size. Expat gives byte offsets (and, in some versions, columns in bytes);
`_Fed` keeps the bytes lately given to it to turn an offset into a column in characters and
to cut out the raw text of a `<type>`, whose characters are mapped back to the file only for
a line with findings (entity references, CDATA, line breaks inside the element).

Documents that declare entities are refused before any entity can expand (the "billion
laughs"), and external entities are never fetched: expat is given no handler for them.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, BinaryIO
from xml.parsers import expat

from mtg_typeline.sources.base import CharMap, Edit, Entry, Locator, NotCardData, Offset, Place, SourceError
from mtg_typeline.sources.xml_writing import Notation, type_edit

if TYPE_CHECKING:
    from mtg_typeline.sources import ReaderFunc, SourceSettings

CHUNK = 64 * 1024
_KEEP = 2 * CHUNK  # bytes kept behind the newest: expat may still report a place in them
_CONTINUATION = bytes(range(0x80, 0xC0))  # UTF-8 bytes that don't start a character
_DECLARED = re.compile(rb"""^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']""")
_UTF8 = frozenset({"utf-8", "ascii"})
_SIGNATURES = (
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
    (b"<\x00?\x00", "utf-16-le"),
    (b"\x00<\x00?", "utf-16-be"),
)
# Raw XML text as the parser reads it: markup that makes no character, a reference, a line
# break, or one character.
_RAW = re.compile(r"<!--.*?(?:-->|\Z)|<\?.*?(?:\?>|\Z)|<[^>]*>?|&[^;]*;?|\r\n|.", re.DOTALL)
_CHARACTER = re.compile(r"\r\n|.", re.DOTALL)
_DATABASE_ROOTS = ("cockatrice_carddatabase",)  # roots of card data even without a <card>


def make_reader(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of Cockatrice XML (it needs no settings)."""
    return read_cockatrice


def read_cockatrice(stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Entry]:
    """The type lines of a Cockatrice card database, card by card, in file order."""
    cards = _Cards(path)
    first = stream.read(CHUNK)
    encoding = _encoding(first, path)
    cards.fed.notation.utf8 = encoding == "utf-8"
    for data, size in _utf8_chunks(stream, first, encoding, path):
        cards.parse(data, final=False)
        yield from cards.take()
        progress(size)
    if not cards.fed.blank:  # an empty file holds no cards and is no error
        cards.parse(b"", final=True)
    yield from cards.take()
    if cards.root is not None and cards.other_xml():
        message = f"{path} holds no card data: no <card>, and the root element is <{cards.root}>"
        raise NotCardData(f"{message}, not <{_DATABASE_ROOTS[0]}>")


def _utf8_chunks(stream: BinaryIO, first: bytes, encoding: str, path: str) -> Iterator[tuple[bytes, int]]:
    """The input (its first chunk read already) as UTF-8 in chunks, with the number of input
    bytes each stands for: a UTF-8 BOM dropped, another encoding (declared, or UTF-16)
    decoded, so that expat always reads UTF-8 and every offset it gives is one `_Fed` can
    place."""
    size = len(first)
    if encoding == "utf-8":
        data = first.removeprefix(b"\xef\xbb\xbf")
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


def _encoding(head: bytes, path: str) -> str:
    """The encoding of a document from its first bytes: a BOM, or its XML declaration."""
    for start, encoding in _SIGNATURES:
        if head.startswith(start):
            return encoding
    declared = _DECLARED.match(head.removeprefix(b"\xef\xbb\xbf"))
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


class _Fed:
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
        self.notation.note(chunk, self.end, self.data.endswith(b"\r"))
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


class _Cards:
    """The expat handlers and what they gather: where the parser is among the elements, the
    current card's name and type lines, and the entries ready to hand out."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.fed = _Fed()
        self.parser = _parser(self)
        self.stack: list[str] = []
        self.card_depth = -1  # the depth of the open <card>, or -1
        self.name: list[str] | None = None  # the open <name>'s text
        self.card_name: str | None = None
        self.type: _Type | None = None  # the open <type>
        self.types: list[_Type] = []
        self.ready: list[Entry] = []
        self.error: SourceError | None = None
        self.root: str | None = None  # the root element's name
        self.carded = False  # a <card> was seen

    def other_xml(self) -> bool:
        """Whether the file so far is XML of another kind (a `pom.xml`, a web page), which a
        directory search passes over: no <card> yet, under a root that is no card database's."""
        return not self.carded and self.root not in _DATABASE_ROOTS

    def parse(self, data: bytes, *, final: bool) -> None:
        self.fed.add(data)
        try:
            self.parser.Parse(data, final)
        except expat.ExpatError as exc:
            self.error = self.failure(exc)
        except SourceError as exc:  # raised by a handler: a refused declaration
            self.error = exc

    def take(self) -> Iterator[Entry]:
        """The entries of the cards closed so far; then the parse error, if there was one."""
        ready, self.ready = self.ready, []
        yield from ready
        if self.error is not None:
            raise self.error

    def failure(self, exc: expat.ExpatError) -> SourceError:
        parser = self.parser
        column = self.fed.column(parser.ErrorByteIndex) or parser.ErrorColumnNumber + 1
        message = f"{self.path} is not well-formed XML: {expat.ErrorString(exc.code)}"
        return (NotCardData if self.other_xml() else SourceError)(message, parser.ErrorLineNumber, column)

    def here(self) -> tuple[int, int, int]:
        """The parser's place: line, column in characters, byte offset."""
        parser = self.parser
        offset = parser.CurrentByteIndex
        column = self.fed.column(offset) or parser.CurrentColumnNumber + 1
        return parser.CurrentLineNumber, column, offset

    def start(self, tag: str, attributes: object) -> None:
        depth = len(self.stack)
        parent = self.stack[-1] if self.stack else ""
        self.stack.append(tag)
        self.root = self.root or tag
        if tag == "card":
            self.card_depth, self.card_name, self.types = depth, None, []
            self.carded = True
        elif self.card_depth < 0 or self.type is not None or self.name is not None:
            self.markup()  # an element inside <type>
            return
        elif tag == "name" and depth == self.card_depth + 1:
            self.name = []
        elif tag == "type" and (
            depth == self.card_depth + 1 or (parent == "prop" and depth == self.card_depth + 2)
        ):
            self.type = _Type(depth)

    def end(self, tag: str) -> None:
        self.stack.pop()
        depth = len(self.stack)
        if self.type is not None and depth == self.type.depth:
            self.close_type()
        elif self.name is not None and depth == self.card_depth + 1:
            self.card_name = "".join(self.name).strip()  # tokens.xml pads names to keep them apart
            self.name = None
        elif depth == self.card_depth:
            self.ready.extend(t.entry(self.card_name) for t in self.types if t.text)
            self.card_depth, self.types = -1, []

    def text(self, data: str) -> None:
        if self.type is not None:
            if self.type.start is None:
                self.open_type()
            self.type.parts.append(data)
        elif self.name is not None:
            self.name.append(data)

    def cdata(self) -> None:
        if self.type is not None and self.type.start is None:
            self.open_type()
        self.markup()

    def markup(self, *ignored: object) -> None:
        """Markup inside a <type> (CDATA, a comment, an element, a processing instruction):
        its text is not rewritten."""
        if self.type is not None:
            self.type.writable = False

    def open_type(self) -> None:
        """The first text of a <type>: remember where it starts and keep its bytes."""
        assert self.type is not None
        self.type.start = self.here()
        self.fed.pin = self.type.start[2]

    def close_type(self) -> None:
        assert self.type is not None
        found, self.type = self.type, None
        fed = self.fed
        if found.start is not None:
            found.raw = fed.cut(found.start[2], self.parser.CurrentByteIndex)
            notation = fed.notation
            lone = notation.lone_cr is not None and notation.lone_cr < self.parser.CurrentByteIndex
            found.writable = found.writable and notation.utf8 and not lone
            found.style = (notation.ascii, bool(notation.hex_refs))
        fed.pin = None
        self.types.append(found)

    def refuse_entities(self, name: str, *ignored: object) -> None:
        line, column, _ = self.here()
        raise SourceError(
            f"{self.path} declares the entity {name!r}; documents that declare entities are not "
            "read (their expansion can be made to exhaust memory)",
            line,
            column,
        )

    def skipped(self, name: str, is_parameter: bool) -> None:
        line, column, _ = self.here()
        raise SourceError(f"{self.path} uses the entity &{name}; that it does not declare", line, column)


def _parser(cards: _Cards) -> expat.XMLParserType:
    parser = expat.ParserCreate(encoding="UTF-8")
    parser.StartElementHandler = cards.start
    parser.EndElementHandler = cards.end
    parser.CharacterDataHandler = cards.text
    parser.StartCdataSectionHandler = cards.cdata
    parser.CommentHandler = cards.markup
    parser.ProcessingInstructionHandler = cards.markup
    parser.EntityDeclHandler = cards.refuse_entities
    parser.SkippedEntityHandler = cards.skipped
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    return parser


class _Type:
    """One <type> element: its text, where its text starts, its raw bytes in the file;
    whether a fix may rewrite it, and how the file wrote characters up to it (all ASCII,
    hexadecimal references)."""

    __slots__ = ("depth", "parts", "raw", "start", "style", "writable")

    def __init__(self, depth: int) -> None:
        self.depth = depth
        self.parts: list[str] = []
        self.start: tuple[int, int, int] | None = None  # line, column, byte offset
        self.raw: bytes | None = None
        self.writable = True
        self.style = (False, False)

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def entry(self, card: str | None) -> Entry:
        text = self.text
        assert self.start is not None  # a <type> with text has a start
        line, column, _ = self.start
        raw = self.raw
        rewrite = self.rewrite if self.writable and raw is not None else None
        if raw is None or ("\n" not in text and raw == text.encode()):
            return Entry(text, Offset(line, column), card, rewrite=rewrite)  # as it stands in the file
        return Entry(
            text, lambda: _mapped(text, raw.decode("utf-8", "replace"), line, column), card, rewrite=rewrite
        )

    def rewrite(self, new: str) -> Edit | None:
        """The edit that makes the element read `new` (see `xml_writing.type_edit`)."""
        assert self.raw is not None and self.start is not None
        return type_edit(self.raw, self.text, self.start[:2], self.style, new)


def _mapped(text: str, raw: str, line: int, column: int) -> Locator:
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
