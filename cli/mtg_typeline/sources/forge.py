"""Forge card scripts (`cardsfolder/*.txt`, `tokenscripts/*.txt`): one card a file, a face's
type line in its `Types:` line, a second face after a line `ALTERNATE`.

Forge writes the type line without its dash (`Types:Legendary Creature Human Wizard`), so the
reader puts it back: supertypes and card types are known from the rules of the run, and the
dash goes before the first word after them that is neither (a word before the first of them,
such as `Host`, stays before the dash); every word after it is a subtype, so a
supertype written among the subtypes stays there for the checker to report. Multi-word
subtypes (`Time Lord`, `Serra's Realm`) come through whole, since nothing after the dash is
split. Each character of the rebuilt line points at its place in the `Types:` line; the dash
points at the space it stands for.

Keys are read as Forge reads them: the text before the first colon, compared exactly; the
value trimmed; blank lines and `#` comments skipped; LF, CR LF and a CR alone all end a line.
A script is small and read whole. A face with a name and no type line (no `Types:`, or an
empty one) is counted (`Passed`) as every reader's card with no type line is, and is also
TL905: Forge can't make a card of it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache, partial
from typing import TYPE_CHECKING, BinaryIO

from mtg_typeline.notation import CANONICAL_DASH, EMBLEM, TOKEN, fold
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset import RuleSet, load_rules
from mtg_typeline.sources.base import (
    CharMap,
    Edit,
    Entry,
    Locator,
    Offset,
    Passed,
    Place,
    SourceError,
    decoded,
)
from mtg_typeline.sources.edits import LINE_END, common_ends
from mtg_typeline.spelling import close_matches

if TYPE_CHECKING:
    from mtg_typeline.sources import ReaderFunc, SourceSettings

_WORD = re.compile(r"\S+")
_KEYS = ("Types:", "Name:", "ALTERNATE")  # what the lines the reader reads start with
_NOT_TYPES = frozenset({fold(TOKEN), fold(EMBLEM)})  # words card data puts among the types
_LONGEST_PHRASE = 4  # words in the longest listed subtype, and then some


class _Types(NamedTuple):
    """One `Types:` line: its line number, the column of its value, the value trimmed."""

    line: int
    column: int
    value: str


class _Face:
    """The fields of one face the reader needs."""

    __slots__ = ("name", "name_line", "types")

    def __init__(self) -> None:
        self.name: str | None = None
        self.name_line = 0
        self.types: list[_Types] = []


def make_reader(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of Forge scripts, rebuilding lines with the rules of the run."""
    splitter = _Splitter(settings.rules or _default_rules())

    def read(stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Entry | Passed]:
        data = stream.read()
        progress(len(data))
        text = decoded(data, path)
        untyped = []  # the faces with a name and no type line
        for face in _faces(text):
            typed = False
            for types in face.types:
                if types.value:
                    typed = True
                    yield splitter.entry(types, face.name)
            if not typed and face.name is not None:
                untyped.append(face)
        for face in untyped:  # counted as every reader counts them, and an error all the same
            yield Passed(face.name, _place_of(face))
        if untyped:
            raise _no_types(untyped[0])

    return read


def _place_of(face: _Face) -> tuple[int, int]:
    """Where a face with no type line is: its empty `Types:` line, or its `Name:` line."""
    return (face.types[0].line, 1) if face.types else (face.name_line, 1)


def _no_types(face: _Face) -> SourceError:
    """A face with a name and no type line is a script Forge can't make a card of: an error
    at its empty `Types:` line, or at its `Name:` line, given to the reader to raise once the
    file's type lines have been handed out (and its faces with none counted), so that none
    goes unchecked."""
    if face.types:
        return SourceError(f"the Types: line of {face.name!r} is empty", *_place_of(face))
    return SourceError(f"the card script of {face.name!r} has no Types: line", *_place_of(face))


@cache
def _default_rules() -> RuleSet:
    """The rules of the default edition, for a caller that gives none."""
    return load_rules()


def _faces(text: str) -> list[_Face]:
    """The faces of a script, in file order (a file without `Name:` or `Types:` has none)."""
    face = _Face()
    faces = [face]
    lines = LINE_END.split(text) if "\r" in text else text.split("\n")
    for number, line in enumerate(lines, 1):
        if not line.startswith(_KEYS):  # (a comment, a blank line, a key of no interest)
            continue
        if line.startswith("Types:"):
            value = line[6:]
            lead = len(value) - len(value.lstrip())
            face.types.append(_record(_Types, (number, 7 + lead, value.strip())))
        elif line.startswith("Name:"):
            face.name = line[5:].strip()
            face.name_line = number
        elif line.rstrip() == "ALTERNATE":
            face = _Face()
            faces.append(face)
    return [face for face in faces if face.name is not None or face.types]


_record = tuple.__new__  # (a record made whole, without its constructor's call: once a script)


_GAPS_KEPT = 16384  # `Types:` values whose gap a reader remembers (cleared when full)


class _Splitter:
    """Puts the dash back into a `Types:` value, knowing the supertypes and card types."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.type_words = (*rules.card_types, *rules.supertypes)
        self.known: dict[str, bool] = {}
        # the first words of the listed subtypes of several words (folded)
        self.phrase_starts = {
            words[0]
            for sublist in rules.lists
            for entry in sublist.entries
            if len(words := fold(entry).split()) > 1
        }
        self.gaps: dict[str, tuple[int, int] | None] = {}  # `gap` of the values met lately

    def entry(self, types: _Types, card: str | None) -> Entry:
        """The entry of one `Types:` line: the rebuilt line, its places, the face's name."""
        line, column, value = types
        gap = self.gap(value)
        rewrite = partial(self.rewrite, types)
        if gap is None:  # (its fields by place: a script's one entry, made whole)
            return _record(Entry, (value, Offset(line, column), card, (), None, rewrite, None))
        before, after = gap
        text = value[:before] + CANONICAL_DASH + value[after:]

        def locate() -> Locator:
            places = [Place(line, column + i) for i in range(before)]
            places += [Place(line, column + before)] * len(CANONICAL_DASH)
            places += [Place(line, column + i) for i in range(after, len(value) + 1)]
            return CharMap(places)

        return _record(Entry, (text, locate, card, (), None, rewrite, None))

    def rebuilt(self, value: str) -> str:
        """The type line a `Types:` value stands for: the dash put back."""
        gap = self.gap(value)
        return value if gap is None else value[: gap[0]] + CANONICAL_DASH + value[gap[1] :]

    def rewrite(self, types: _Types, new: str) -> Edit | None:
        """The edit that makes a `Types:` line read as `new`: its value (after the colon and
        the blanks after it) written without the dash. None where no value reads as `new`,
        which includes a change to the dash alone (Forge writes none)."""
        line, column, value = types
        written = self.unbuilt(value, new)
        if written is None or (new != self.rebuilt(value) and not self.reads_as(written, new)):
            return None
        return Edit(line, column, line, column + len(value), written)

    def reads_as(self, value: str, new: str) -> bool:
        """Whether a value, written after `Types:`, is read back as the line `new`."""
        return bool(value) and value == value.strip() and "\n" not in value and self.rebuilt(value) == new

    def unbuilt(self, value: str, new: str) -> str | None:
        """The value for a new line: where the change leaves the dash and its gap alone, the
        changed characters put in place (other blanks kept as they are); else the new line
        with its dash made one space."""
        old = self.rebuilt(value)
        if new == old:
            return value
        head, tail = common_ends(old, new)
        gap = self.gap(value)
        dash = (len(old), len(old)) if gap is None else (gap[0], gap[0] + len(CANONICAL_DASH))
        middle = new[head : len(new) - tail]
        before_dash = len(old) - tail <= dash[0]
        if "\u2014" not in middle and (before_dash or head >= dash[1]):
            shift = 0 if before_dash or gap is None else gap[1] - gap[0] - len(CANONICAL_DASH)
            return value[: head + shift] + middle + value[len(old) - tail + shift :]
        return new.replace(CANONICAL_DASH, " ", 1)

    def gap(self, value: str) -> tuple[int, int] | None:
        """The white space the dash replaces (from the end of the last type to the first
        subtype), or None when the line needs no dash: all its words from the first type on
        are types, or none is. Words before the first type (a word the rules don't list, such
        as `Host` on an Unstable card) are no reason to leave the dash out. Remembered for
        each value (a tree of scripts repeats its `Types:` values)."""
        gaps = self.gaps
        if value in gaps:
            return gaps[value]
        if len(gaps) >= _GAPS_KEPT:
            gaps.clear()
        found = gaps[value] = self._gap(value)
        return found

    def _gap(self, value: str) -> tuple[int, int] | None:
        words = list(_WORD.finditer(value))
        first = next((i for i, word in enumerate(words) if self._is_type(words, i)), None)
        if first is None:
            return None
        for index in range(first + 1, len(words)):
            if not self._is_type(words, index):
                return (words[index - 1].end(), words[index].start())
        return None

    def _is_type(self, words: list[re.Match[str]], index: int) -> bool:
        """Whether the word at `index` goes before the dash (and no subtype starts there)."""
        return self.is_type_word(words[index].group()) and not self.starts_subtype(words[index:])

    def is_type_word(self, word: str) -> bool:
        """A supertype, card type, a word card data writes among them (Token), a type the
        rules renamed (Tribal), or a misspelt one: it goes before the dash."""
        found = self.known.get(word)
        if found is None:
            rules = self.rules
            found = bool(
                rules.card_type(word)
                or rules.supertype(word)
                or fold(word) in _NOT_TYPES
                or rules.type_rename(word)
                or (
                    not rules.subtype_lists(word)
                    and not rules.subtype_rename(word)
                    and close_matches(word, self.type_words)
                )
            )
            if len(self.known) < 4096:
                self.known[word] = found
        return found

    def starts_subtype(self, words: list[re.Match[str]]) -> bool:
        """Whether a listed subtype of several words starts here (none starts with a type word
        in the shipped lists; a custom rule file may have one)."""
        if fold(words[0].group()) not in self.phrase_starts:
            return False
        for count in range(min(_LONGEST_PHRASE, len(words)), 1, -1):
            if self.rules.subtype_lists(" ".join(w.group() for w in words[:count])):
                return True
        return False
