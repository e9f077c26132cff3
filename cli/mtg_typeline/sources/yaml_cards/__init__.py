"""YAML card files (custom sets, fan sets): a `type_line` key at any depth.

Any shape is read: a list of cards, cards inside sets inside blocks, several documents. In
every mapping, the value of a `type_line` key is a type line when it is a string; so is the
value of a `type` key in a mapping that has a `name` and no `type_line` (a card: a bare
`type` is common outside card data), or of the key named with `--key`. The `name` of the
same mapping names the card. Keys are compared without case, spaces, `_` and `-`; a type key
written with `-` (`type-line`) counts only beside a `name` unless it is the one of `--key`, as
kebab case is the spelling of configurations and rule files (this project's own
`citations: {type-line: "205.1"}`) more than of cards.

The parser's events are followed (PyYAML's, from libyaml where it is there): no tree of the
document is built, only the mappings open at the moment are held, and a scalar is looked at
closer only when it is the value of a key that matters. Events tell where each scalar starts
and ends; the place of each character of a type line (quotes, escapes, folded and block
scalars accounted for, see `yaml_cards.scalars`) is worked out only for lines with findings, on the
file's lines (counted at line feeds: the parser's own lines, which a NEL, LS or PS ends too, are
not used). The file's text is held in memory whole.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Iterator
from functools import partial
from typing import BinaryIO

import yaml
from yaml.events import (
    AliasEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

from mtg_typeline.sources import SourceSettings
from mtg_typeline.sources.base import Entry, Locator, NotCardData, Passed, SourceError, read_text, resolve
from mtg_typeline.sources.cardkeys import (
    BARE_TYPE,
    CARD_KEYS,
    NAME_KEY,
    NO_TYPE_KEY,
    TYPE_KEYS,
    card_words,
    missing_key_text,
    names_a_card_type,
    norm,
)
from mtg_typeline.sources.edits import LineIndex
from mtg_typeline.sources.yaml_cards.comments import comment_of
from mtg_typeline.sources.yaml_cards.scalars import Scalar, locate
from mtg_typeline.sources.yaml_cards.writing import ScalarWriter

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVER = Resolver()
_STR = "tag:yaml.org,2002:str"
_NULL = "tag:yaml.org,2002:null"
_KEBAB = "-"  # on the end of a type key that was written with `-` (never on a compared key)


def make_reader(
    fmt: str, settings: SourceSettings
) -> Callable[[BinaryIO, str, Callable[[int], None]], Iterator[Entry | Passed]]:
    """The reader of YAML card files (`fmt` is "yaml")."""
    keys = (norm(settings.key),) if settings.key else TYPE_KEYS
    words = card_words(settings)

    def read(stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Entry | Passed]:
        text = read_text(stream, path)
        progress(_bytes_read(stream, text))
        found, seen = yield from _documents(text, keys, words)
        if found:
            return
        if settings.key:
            raise NotCardData(missing_key_text(path, settings.key, seen))
        raise NotCardData(f"{path} holds no card data: {NO_TYPE_KEY}")

    return read


def _broken(text: str, keys: tuple[str, ...]) -> type[SourceError]:
    """What YAML that can't be parsed is: broken card data where a line has a type key, else
    not card data (a template with `{{ }}`), which a directory search passes over."""
    found = (norm(match.group(1)) for match in _KEY_LINE.finditer(text))
    return SourceError if any(key in keys for key in found) else NotCardData


_KEY_LINE = re.compile(r"^[ \t-]*[\"']?([A-Za-z][\w \t-]*?)[\"']?[ \t]*:", re.MULTILINE)


def _documents(
    text: str, keys: tuple[str, ...], words: Callable[[], frozenset[str]]
) -> Generator[Entry | Passed, None, tuple[bool, list[str]]]:
    """Every type line of every document, in file order (a card whose type key is empty or
    null: `Passed`, a card with no type line); returns whether the file has a type key or no
    document but empty ones (False: YAML that holds no card data), and the keys of its
    mappings as written, in file order."""
    cards = _Cards(text, keys, words)
    try:
        for event in yaml.parse(text, Loader=_Loader):
            for entry in cards.take(event):
                # an empty type line is no type line, as in a table
                yield entry if entry.text.strip() else Passed(entry.card, partial(_start, entry))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = cards.lines().place(mark.index) if mark else (1, 1)
        message = f"not valid YAML: {exc.problem or exc.context or exc}"
        raise _broken(text, keys)(message, line, column) from None
    except yaml.YAMLError as exc:  # a character YAML does not allow (libyaml gives a byte offset)
        where = getattr(exc, "position", None)
        line, column = _byte_place(text, where) if isinstance(where, int) else (1, 1)
        raise _broken(text, keys)(f"not valid YAML: {getattr(exc, 'reason', exc)}", line, column) from None
    return cards.found or not cards.documents, list(cards.norms)


class _Frame:
    """An open mapping or sequence (in flow style or not): in a mapping, the key whose value
    comes next, and the string values of the keys that matter (with whether a fix may
    rewrite them: not one with an anchor or an alias, whose text stands for others too); the
    entries of inner mappings held back while an own type line of this mapping, earlier in
    the file, is not known yet."""

    __slots__ = ("carded", "flow", "held", "key", "mapping", "strings", "want_key")

    def __init__(self, mapping: bool, flow: bool) -> None:
        self.mapping = mapping
        self.flow = flow
        self.want_key = mapping
        self.key: str | None = None
        self.strings: list[tuple[str, Scalar, bool]] = []
        self.held: list[tuple[int, Entry]] | None = None
        self.carded = False  # a key only cards have (`CARD_KEYS`)


class _Cards:
    """Follows the parser's events (no node tree is built, so memory holds the text and the
    open mappings only) and gives each mapping's type lines when the mapping ends."""

    def __init__(self, text: str, keys: tuple[str, ...], words: Callable[[], frozenset[str]]) -> None:
        self.text = text
        self.words = words  # the card types of the rules, in lower case
        self.line_index: LineIndex | None = None
        self.writer = ScalarWriter(text, self.lines)
        self.keys = keys
        self.wanted = {*keys, *(key + _KEBAB for key in keys), NAME_KEY}
        self.stack: list[_Frame] = []
        self.anchors: dict[str, ScalarEvent] = {}  # scalars with an anchor, for their aliases
        self.norms: dict[str, str] = {}  # keys as written: compared
        self.found = False
        self.documents = 0

    def take(self, event: yaml.Event) -> list[Entry]:
        """The entries that `event` completes, in file order."""
        if isinstance(event, ScalarEvent):
            if event.anchor:
                self.anchors[event.anchor] = event
            self.value(event)
            return []
        kind = event.__class__
        if kind is MappingStartEvent or kind is SequenceStartEvent:
            self.documents += not self.stack
            self.stack.append(_Frame(kind is MappingStartEvent, bool(event.flow_style)))  # type: ignore[attr-defined]
        elif kind is MappingEndEvent or kind is SequenceEndEvent:
            frame = self.stack.pop()
            ready = self.card(frame) if frame.mapping else []
            self.value(None)
            return self.hand_on(ready)
        elif isinstance(event, AliasEvent):  # a scalar's value; a collection is read where it is
            self.value(self.anchors.get(event.anchor or ""), alias=True)
        return []

    def value(self, event: ScalarEvent | None, *, alias: bool = False) -> None:
        """A scalar (or a collection just ended: None) where the innermost mapping is; only
        the values of the keys that matter are looked at closer."""
        if not self.stack:
            self.documents += event is not None and not alias and _scalar(event).tag != _NULL
            return
        frame = self.stack[-1]
        if not frame.mapping:
            return
        if frame.want_key:
            frame.key = self.norms.get(event.value) if event is not None else None
            if frame.key is None and event is not None:
                frame.key = self.norms[event.value] = self.compared(event.value)
            frame.carded = frame.carded or frame.key in CARD_KEYS
        elif frame.key in self.wanted and event is not None and (scalar := _scalar(event)).tag == _STR:
            frame.strings.append((frame.key, scalar, not alias and not event.anchor))
            if frame.key != NAME_KEY and frame.held is None:
                frame.held = []
        elif frame.key in self.wanted and frame.key != NAME_KEY and event is not None and scalar.tag == _NULL:
            frame.strings.append((frame.key, scalar._replace(value=""), False))  # a card's empty type
        frame.want_key = not frame.want_key

    def compared(self, key: str) -> str:
        """A key as compared; a type key written with `-`, when no `--key` is given, marked
        with `_KEBAB` on its end (it counts only beside a `name`)."""
        compared = norm(key)
        kebab = "-" in key and compared in TYPE_KEYS and self.keys == TYPE_KEYS
        return compared + _KEBAB if kebab else compared

    def card(self, frame: _Frame) -> list[tuple[int, Entry]]:
        """The type lines of a mapping that ends: the string values of its best type key,
        and the entries held back in it, in file order."""
        name = next((value.value for key, value, _ in frame.strings if key == NAME_KEY), None)
        ready = list(frame.held or ())
        chosen = [values for wanted in self.keys if (values := self.values(frame, wanted, name))]
        if chosen:  # the first type key with a type line; else one that is empty
            self.found = True
            values = next((values for values in chosen if any(v.value.strip() for v, _ in values)), chosen[0])
            ready += [(v.start, self.entry(v, fixable, frame.flow, name)) for v, fixable in values]
        return sorted(ready, key=lambda pair: pair[0])

    def values(self, frame: _Frame, wanted: str, name: str | None) -> list[tuple[Scalar, bool]]:
        """The string values of a type key in a mapping (with whether a fix may rewrite
        them): a key written with `-` counts only beside a `name`; a bare `type`, so common
        outside card data, only in a card's mapping (`bare_card`)."""
        keys = (wanted, wanted + _KEBAB) if name is not None else (wanted,)
        values = [(value, fixable) for key, value, fixable in frame.strings if key in keys]
        if wanted == BARE_TYPE and self.keys == TYPE_KEYS and not self.bare_card(frame, name, values):
            return []
        return values

    def bare_card(self, frame: _Frame, name: str | None, values: list[tuple[Scalar, bool]]) -> bool:
        """Whether a bare `type` is a card's: beside a `name`, with a key only cards have or
        a card type of the rules in its value (not a data source's `type: prometheus`)."""
        if name is None:
            return False
        return frame.carded or names_a_card_type((v.value for v, _ in values), self.words)

    def entry(self, value: Scalar, fixable: bool, flow: bool, name: str | None) -> Entry:
        rewrite = partial(self.writer.rewrite, value, flow) if fixable else None
        comment = comment_of(self.text, value, self.lines)
        return Entry(value.value, partial(self.locate, value), name, rewrite=rewrite, comment=comment)

    def locate(self, value: Scalar) -> Locator:
        return locate(self.text, value, self.lines())

    def lines(self) -> LineIndex:
        """The lines of the text, found when a place is first wanted (a parser's mark, an
        edit, a finding's place)."""
        if self.line_index is None:
            self.line_index = LineIndex(self.text)
        return self.line_index

    def hand_on(self, ready: list[tuple[int, Entry]]) -> list[Entry]:
        """Entries to give now, or to hold in the nearest mapping waiting for its own."""
        holder = next((frame.held for frame in reversed(self.stack) if frame.held is not None), None)
        if holder is None:
            return [entry for _, entry in ready]
        holder.extend(ready)
        return []


def _start(entry: Entry) -> tuple[int, int]:
    """Where an entry's value starts in the file."""
    line, column, *_ = resolve(entry.locate).region(0, 0)
    return line, column


def _scalar(event: ScalarEvent) -> Scalar:
    """A scalar event, its tag resolved as PyYAML's safe loader resolves it."""
    tag = event.tag
    if tag in (None, "!"):
        tag = _RESOLVER.resolve(ScalarNode, event.value, event.implicit)  # type: ignore[no-untyped-call]
    start, end = event.start_mark, event.end_mark
    assert start is not None and end is not None  # the parser marks every event
    return Scalar(event.value, event.style or "", str(tag), start.index, end.index)  # indexes: characters


def _byte_place(text: str, offset: int) -> tuple[int, int]:
    """The line and column of a byte offset of the UTF-8 text."""
    before = text.encode("utf-8", "surrogatepass")[:offset].decode("utf-8", "replace")
    return before.count("\n") + 1, len(before) - before.rfind("\n")


def _bytes_read(stream: BinaryIO, text: str) -> int:
    try:
        return stream.tell()
    except (OSError, ValueError):  # a pipe
        return len(text)
