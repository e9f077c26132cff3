"""What every reader gives the engine: type lines, where their characters are in the file,
the card they belong to, the comment a suppression may stand in, and the reader's own
findings about the input (not text, not valid in its format, data that disagrees with
itself around a type line). Readers read, nothing more: the engine checks and filters.

A reader turns one input into `Entry`s, or, for the formats whose lines mostly repeat (a
text file, a table), into `Batch`es of many type lines, whose entries are made only for
the lines with findings. Each entry's `text` is the type line as the checker sees it
(rebuilt where the format stores it in pieces, as Forge and Magic Set Editor do) and its
`locate` tells, for a span of that text, where those characters are in the file. Placing
is only needed for lines with findings, so `locate` may be a function that works it out on
first use (the JSON readers find string positions only then).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import BinaryIO, Protocol

from mtg_typeline.findings import Finding, Severity
from mtg_typeline.records import NamedTuple
from mtg_typeline.sources import UTF8_BOM


class Place(NamedTuple):
    """A file position: 1-based line, 1-based column counted in characters."""

    line: int
    column: int


class Region(NamedTuple):
    """Where a span of a type line is in the file: the place of its first character, and the
    place just after its last one (`end_column` exclusive, on `end_line`, which is `line`
    unless the span runs onto another line, as a folded YAML value or a CSV cell over lines
    can)."""

    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def spanning(cls, places: Sequence[Place], start: int, end: int, *, next_ends: bool = True) -> Region:
        """The region of characters [start, end) of a text whose characters are at `places`
        (one more: the place after the last), from the first character to just after the
        furthest one. With `next_ends`, where the next character is on the same line, the
        region ends where it starts (a character written as several, an escape, is then
        covered whole); else one column after the last. At least one column wide."""
        last = len(places) - 1
        start = min(max(start, 0), last)
        end = min(max(end, start + 1), last)
        first = places[start]
        if end <= start:  # at the end of the text: the column there
            return cls(first.line, first.column, first.line, first.column + 1)
        final = max(places[start:end])
        stop = places[end]
        if not next_ends or stop.line != final.line or stop < final:
            stop = Place(final.line, final.column + 1)
        if stop.line == first.line:
            return cls(first.line, first.column, first.line, max(stop.column, first.column + 1))
        return cls(first.line, first.column, stop.line, stop.column)


class Locator(Protocol):
    def region(self, start: int, end: int) -> Region:
        """Where characters [start, end) of the entry's text are in the file."""
        ...


class Offset:
    """A type line that stands in the file as it is, on one line, from `column` on."""

    __slots__ = ("column", "line")

    def __init__(self, line: int, column: int = 1) -> None:
        self.line = line
        self.column = column

    def region(self, start: int, end: int) -> Region:
        return Region(self.line, self.column + start, self.line, self.column + max(end, start + 1))


class CharMap:
    """A type line whose characters are scattered in the file (escapes, markup, several
    lines, a rebuilt line): the place of each character, and of the point just after the
    last one. A character the reader made up (the dash of a rebuilt line) takes the place of
    the file text it stands for."""

    __slots__ = ("places",)

    def __init__(self, places: Sequence[Place]) -> None:
        if not places:
            raise ValueError("a CharMap needs at least the place after the text")
        self.places = tuple(places)

    def region(self, start: int, end: int) -> Region:
        return Region.spanning(self.places, start, end)


class Note(NamedTuple):
    """A finding about the card data around a type line rather than the line itself (a
    combined line that disagrees with its faces, a type string that disagrees with its
    arrays). `code` is (code, name), as `findings.FACES_DISAGREE` is; the span is in the
    entry's text."""

    code: tuple[str, str]
    severity: Severity
    message: str
    start: int = 0
    end: int = 0  # 0: to the end of the text
    suggestion: str | None = None


class Edit(NamedTuple):
    """A change to a file: replace what stands from (line, column) up to (end_line,
    end_column), end exclusive (1-based, columns in characters), by `text`, written in the
    file's own notation (escaped, quoted, marked up as the format and the file need)."""

    line: int
    column: int
    end_line: int
    end_column: int
    text: str


Rewrite = Callable[[str], "Edit | tuple[Edit, ...] | None"]


class Comment(NamedTuple):
    """The comment that ends the line of an entry's value in the file, where an inline
    suppression (`# typeline: ignore[…]`) can stand: the line's number (counted at line
    feeds, as `Place` does), its text without the line break, and where in it the comment's
    `#` is (0-based, in characters). Readers give it as they find it; whether it says
    anything is for the filters. `removable`: the comment is part of the line the fixer
    rewrites (a text file's line), so a directive that silences nothing can be taken out."""

    line: int
    text: str
    start: int
    removable: bool = False


class Entry(NamedTuple):
    """One type line of an input.

    `rewrite`, for `--fix`: given the corrected type line, the edit of the file that makes
    the file hold it instead of `text` (the whole value rewritten in the same style,
    everything around it untouched), or a tuple of edits made together or not at all (where
    the line is stored in several values, as Magic Set Editor stores a face's types), or
    None where the reader can't write it safely; None
    for a reader that doesn't fix, or for a line the reader can never write (one whose
    text stands for others too, such as a YAML alias). Lines and columns of an edit are
    counted as `sources.edits` says; given `text` itself, the edit leaves the file as it is."""

    text: str
    locate: Locator | Callable[[], Locator]
    card: str | None = None
    notes: tuple[Note, ...] = ()
    path: str | None = None  # the file it is in, when not the input itself (a set's card file)
    rewrite: Rewrite | None = None
    comment: Comment | None = None  # the comment on the value's line, where the format has them


class Batch(NamedTuple):
    """Many type lines at once, in file order: `texts[i]` is the type line of a line (a row)
    of the file, or None where that holds none (a blank line, a comment, a row without a
    type cell); `empty` of them are None. The engine checks them together and asks for no
    more than it needs:

    - `entry` None: each text stands alone on its line of the file (a text file's line,
      before any comment), `texts[0]` on line `first`, from column 1; `comments` holds, by
      index, the comment that ends a line.
    - else `entry(i)` is the entry of `texts[i]`, with its place, card and rewrite, made
      when asked (for the lines with findings), before the reader is asked for more."""

    texts: Sequence[str | None]
    first: int = 1
    entry: Callable[[int], Entry] | None = None
    comments: Mapping[int, Comment] = MappingProxyType({})
    empty: int = 0


class SourceError(Exception):
    """The input is not valid in its format: one finding at the parser's position (exit 2);
    `path` names the file the position is in when not the input itself (a set's card file)."""

    def __init__(self, message: str, line: int = 1, column: int = 1, path: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.path = path


class NotCardData(SourceError):
    """The input is valid in its format but holds no card data the reader knows (a
    `package.json`, a CSV without a type column). An error for a file named as an input;
    a file a directory search came upon is passed over quietly."""


NO_TYPE_LINE = "no type line"
NOT_A_CARD = "not a card"
NOT_IN_ORACLE = "not in the Oracle file"


class Passed(NamedTuple):
    """An object of card data a reader found and did not check, so that the run can count it
    and `--verbose` can list it: a card with no type line (`NO_TYPE_LINE`: a Cockatrice card
    without `<type>`, a row whose type cell is empty), or an object that is not a card of a
    game (`NOT_A_CARD`: a checklist card, a sticker sheet, an art-series card; `why` says how
    it was told), or, with `--oracle`, a card the engine could not compare (`NOT_IN_ORACLE`:
    the Oracle file doesn't hold it, or it is a token; `why` says which, when not the first).
    Its place is that of the object in the file, worked out when asked where finding it costs
    a search (`place` a function); `path` as an `Entry`'s. A reader whose format's own
    program refuses the card yields its finding (TL905) too."""

    card: str | None
    place: tuple[int, int] | Callable[[], tuple[int, int]]
    kind: str = NO_TYPE_LINE
    why: str = ""
    path: str | None = None

    def where(self) -> tuple[int, int]:
        """Line and column of the object."""
        place = self.place
        return place if isinstance(place, tuple) else place()

    def portable(self, listed: bool) -> Passed:
        """This object as it is sent to another process: placed where it is listed (`listed`,
        `--verbose`), its place (never read then) left out, (0, 0), where it isn't, as working
        it out can cost a search and a place worked out on demand can't cross."""
        if isinstance(self.place, tuple):
            return self
        return self._replace(place=self.where() if listed else (0, 0))


class Unsplittable(Exception):
    """A part of a file that its reader can't read alone (see `engine.split`): what the part
    holds is told by the reading of the whole file alone (a NUL byte or bytes that are not
    UTF-8, which the text reader tells once for the whole file and the JSON Lines reader
    where it stops; a JSON Lines file's first part with no card)."""


# what a reader yields; a `Finding` is about the input itself
Item = Entry | Batch | Finding | Passed


class Reader(Protocol):
    """A format's reader: the type lines of one input, in file order (entries and
    batches), and its own findings about the input (TL902, TL906, TL907, placed in the file).

    `stream` is the binary input, `path` its name as given ("-" for standard input). It
    raises `SourceError` when the input is not valid in the format (entries already yielded
    stay checked); it never lets another exception out for bad input. It may call `progress`
    with a number of bytes read, now and then, for the progress bar."""

    def __call__(self, stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Item]: ...


def resolve(locate: Locator | Callable[[], Locator]) -> Locator:
    """The locator of an entry, worked out now if the reader deferred it."""
    if isinstance(locate, (Offset, CharMap)) or hasattr(locate, "region"):
        return locate
    return locate()


def read_text(stream: BinaryIO, path: str) -> str:
    """The whole input as text (UTF-8, a BOM dropped), for the formats parsed whole. Bytes
    that are not UTF-8 are a `SourceError` at their place."""
    return decoded(stream.read(), path)


def decoded(data: bytes, path: str) -> str:
    """The bytes of a whole input as text, as `read_text` reads them."""
    data = data.removeprefix(UTF8_BOM)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        raise SourceError(f"{path} is not UTF-8 text (byte 0x{data[exc.start]:02x})", line, column) from None
