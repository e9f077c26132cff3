"""Cockatrice card databases (`cards.xml`, `tokens.xml`, Magic-Spoiler files; versions 3 and
4): the `<type>` of each `<card>` (`<card><type>` in version 3, `<card><prop><type>` in 4),
with the card's `<name>`. A card with no `<type>` (or only an empty one: a token entry, a
card with only `<maintype>`) is handed over as `Passed`, at its `<card>`, to be counted.

The file is streamed through expat in chunks, so memory holds one card and a few chunks
whatever the file's size; `xml_encoding` hands expat the chunks as UTF-8. Expat gives byte
offsets; `cockatrice_places` turns them into columns in characters, keeps the raw text of a
`<type>`, and maps its characters back to the file only for a line with findings (entity
references, CDATA, line breaks inside the element).

Documents that declare entities are refused before any entity can expand (the "billion
laughs"), and external entities are never fetched: expat is given no handler for them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, BinaryIO
from xml.parsers import expat

from mtg_typeline.sources.base import Edit, Entry, NotCardData, Offset, Passed, SourceError
from mtg_typeline.sources.cockatrice.encoding import CHUNK, encoding_of, utf8_chunks
from mtg_typeline.sources.cockatrice.places import Fed, character_places
from mtg_typeline.sources.cockatrice.writing import type_edit

if TYPE_CHECKING:
    from mtg_typeline.sources import ReaderFunc, SourceSettings

_DATABASE_ROOTS = ("cockatrice_carddatabase",)  # roots of card data even without a <card>
# The roots whose <card>s are a database's cards: a deck (`<cockatrice_deck>`, whose <card>s
# name cards by number and name) or a print order also has <card> elements, but no card data
_CARD_ROOTS = (*_DATABASE_ROOTS, "cards")


def make_reader(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of Cockatrice XML (it needs no settings)."""
    return read_cockatrice


def read_cockatrice(stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Entry | Passed]:
    """The type lines of a Cockatrice card database, card by card, in file order."""
    cards = _Cards(path)
    first = stream.read(CHUNK)
    encoding = encoding_of(first, path)
    cards.fed.notation.utf8 = encoding == "utf-8"
    for data, size in utf8_chunks(stream, first, encoding, path):
        cards.parse(data, final=False)
        yield from cards.take()
        progress(size)
    if not cards.fed.blank:  # an empty file holds no cards and is no error
        cards.parse(b"", final=True)
    yield from cards.take()
    if cards.root is not None and cards.other_xml():
        place = cards.root_place if cards.carded else (1, 1)
        raise NotCardData(_not_a_database(path, cards.root, cards.carded), *place)


def _not_a_database(path: str, root: str, carded: bool) -> str:
    """Why a file whose root is `root` holds no card data (`carded`: it has <card>s)."""
    if carded:
        known = " or ".join(f"<{name}>" for name in _CARD_ROOTS)
        return f"{path} holds no card data: its root element is <{root}>, not a card database's ({known})"
    no_card = f"{path} holds no card data: no <card>, and the root element is <{root}>"
    return f"{no_card}, not <{_DATABASE_ROOTS[0]}>"


class _Cards:
    """The expat handlers and what they gather: where the parser is among the elements, the
    current card's name and type lines, and the entries ready to hand out."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.fed = Fed()
        self.parser = _parser(self)
        self.stack: list[str] = []
        self.card_depth = -1  # the depth of the open <card>, or -1
        self.name: list[str] | None = None  # the open <name>'s text
        self.card_name: str | None = None
        self.type: _Type | None = None  # the open <type>
        self.types: list[_Type] = []
        self.ready: list[Entry | Passed] = []
        self.card_place = (1, 1)  # the open <card>'s line and column
        self.error: SourceError | None = None
        self.root: str | None = None  # the root element's name
        self.root_place = (1, 1)  # its line and column
        self.carded = False  # a <card> was seen

    def other_xml(self) -> bool:
        """Whether the file so far is XML of another kind (a `pom.xml`, a web page, a deck),
        which a directory search passes over: a root whose <card>s are no database's, or no
        <card> yet under a root that is no card database's."""
        return self.foreign or (not self.carded and self.root not in _DATABASE_ROOTS)

    @property
    def foreign(self) -> bool:
        """Whether the root element is known and no card database's: its <card>s are not read."""
        return self.root is not None and self.root not in _CARD_ROOTS

    def parse(self, data: bytes, *, final: bool) -> None:
        self.fed.add(data)
        try:
            self.parser.Parse(data, final)
        except expat.ExpatError as exc:
            self.error = self.failure(exc)
        except SourceError as exc:  # raised by a handler: a refused declaration
            self.error = exc

    def take(self) -> Iterator[Entry | Passed]:
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
        if self.root is None:
            self.root, self.root_place = tag, self.here()[:2]
        if self.foreign:
            self.carded = self.carded or tag == "card"
        elif tag == "card":
            self.card_depth, self.card_name, self.types = depth, None, []
            self.carded, self.card_place = True, self.here()[:2]
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
            entries = [t.entry(self.card_name) for t in self.types if t.text]
            self.ready.extend(entries or [Passed(self.card_name, self.card_place)])
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
            found.writable = found.writable and notation.utf8
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
            text,
            lambda: character_places(text, raw.decode("utf-8", "replace"), line, column),
            card,
            rewrite=rewrite,
        )

    def rewrite(self, new: str) -> Edit | None:
        """The edit that makes the element read `new` (see `xml_writing.type_edit`)."""
        assert self.raw is not None and self.start is not None
        return type_edit(self.raw, self.text, self.start[:2], self.style, new)
