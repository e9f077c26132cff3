"""`--oracle FILE`: each card of the user's data compared, face by face, with the type line
the Oracle card reference gives it (CR 205.3f: the Oracle text decides a card's subtypes),
so a database still holding printed lines (pre-errata creature types, `Tribal`, a planeswalker
without Legendary) can find them: TL910 oracle-mismatch, whose safe fix writes the Oracle line.

The Oracle file is read once per run (`oracle.reading`), keeping a name and a type line per
card and per face. A card is found by its name as the user's data writes it (`oracle.names`:
case, apostrophes, accents, `A // B` or one face's name, an Alchemy `A-` name); a token, an
emblem and a card the file doesn't hold are passed over, counted (`--verbose` lists them).
Lines are compared word by word: a dash written another way or a word in other case is left
to the checks of the line's form.

Loaded only by a run given `--oracle`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from mtg_typeline.display import count
from mtg_typeline.errors import UsageError
from mtg_typeline.findings import MALFORMED, ORACLE_MISMATCH, Finding, Fix, Severity, Span, input_finding
from mtg_typeline.notation import EMBLEM, FACE_SEPARATOR, TOKEN, fold
from mtg_typeline.oracle.names import FACES, keys_to_try, name_key
from mtg_typeline.oracle.reading import EXPECTED, Broken, Faces, NotOracle, read_oracle
from mtg_typeline.records import NamedTuple
from mtg_typeline.sources.base import Batch, Entry, Item

_DASH = re.compile(r"(?:^|\s)[-\u2010-\u2015]+(?=\s|$)|[\u2013-\u2015]")  # a dash, however written
MAX_QUOTED = 60


class Compared(NamedTuple):
    """What comparing a card with the Oracle file came to: its findings (placed in its type
    line, as the checker's are), or, when it was passed over (`passed`), why (`why`: "" for a
    card the file doesn't hold)."""

    found: tuple[Finding, ...] = ()
    passed: bool = False
    why: str = ""


class Oracle:
    """The Oracle type lines of one Oracle file, by card and face name, and the inputs met
    whose type lines have no card names (`nameless`)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.cards: dict[str, str] = {}  # a card's name key -> its line (faces joined)
        self.faces: dict[str, str | None] = {}  # a face's name key -> its line; None: two disagree
        self.nameless: dict[str, None] = {}

    def take(self, name: str, faces: Faces) -> None:
        """Keep a card of the Oracle file (the first of a name wins: a reprint says the same)."""
        self.cards.setdefault(name_key(name), FACE_SEPARATOR.join(line for _, line in faces))
        if len(faces) > 1:
            for face, line in faces:
                key = name_key(face)
                self.faces[key] = line if self.faces.get(key, line) == line else None

    def line_of(self, card: str) -> str | None:
        """The Oracle type line of a card of the user's data, by its name; None if unknown."""
        keys = keys_to_try(card)
        for key in keys:
            line = self.cards.get(key) or self.faces.get(key)
            if line:
                return line
        parts = [self.cards.get(key) or self.faces.get(key) for key in keys[0].split(FACES)]
        return FACE_SEPARATOR.join(parts) if len(parts) > 1 and all(parts) else None  # type: ignore[arg-type]

    def compare(self, card: str, text: str, rules: tuple[str, ...]) -> Compared:
        """The findings of a card's type line against its Oracle line; `rules` cited."""
        mine = face_spans(text)
        if any(_is_token(text[start:end]) for start, end in mine):
            return Compared(passed=True, why="a token or an emblem")
        oracle = self.line_of(card)
        if oracle is None:
            return Compared(passed=True)
        theirs = oracle.split(FACE_SEPARATOR)
        if len(theirs) != len(mine):
            why = f"{count(len(mine), 'face')} here, {len(theirs)} in the Oracle file"
            return Compared(passed=True, why=why)
        found = tuple(
            _mismatch(card, text, span, line, rules)
            for span, line in zip(mine, theirs, strict=True)
            if words(text[span[0] : span[1]]) != words(line)
        )
        return Compared(found)

    def expand(self, items: Iterator[Item], path: str) -> Iterator[Item]:
        """What a reader gives, with each type line of a batch as its `Entry` (each card is
        compared by its name); an input whose type lines have no card names is noted in
        `nameless`."""
        named = unnamed = False
        for item in items:
            if type(item) is Batch:
                if item.entry is None:
                    unnamed = unnamed or len(item.texts) > item.empty
                    yield item
                    continue
                for index, text in enumerate(item.texts):
                    if text is not None:
                        entry = item.entry(index)
                        named, unnamed = named or entry.card is not None, unnamed or entry.card is None
                        yield entry
            else:
                if type(item) is Entry:
                    named, unnamed = named or item.card is not None, unnamed or item.card is None
                yield item
        if unnamed and not named:
            self.nameless.setdefault(path)


def load_oracle(path: str, shown_as: str) -> tuple[Oracle | None, Finding | None]:
    """The Oracle file at `path` (named `shown_as` in messages), read; or, when it is not
    valid JSON, None and the TL905 that says where. A file that can't be read, or of neither
    shape, is a usage error."""
    oracle = Oracle(shown_as)
    try:
        with open(path, encoding="utf-8-sig") as file:
            read_oracle(file, oracle.take)
    except OSError as exc:
        raise UsageError(f"--oracle: cannot read {shown_as}: {exc.strerror or exc}") from None
    except NotOracle as exc:
        raise UsageError(f"--oracle: {shown_as} is not an Oracle file: {exc}; {EXPECTED}") from None
    except Broken as exc:
        message = f"{shown_as} is not a valid Oracle file: {exc.message}; the Oracle check did not run"
        return None, input_finding(MALFORMED, shown_as, message, exc.line, exc.column, exc.column + 1)
    except RecursionError:
        return None, input_finding(MALFORMED, shown_as, f"{shown_as} is nested too deeply to read", 1, 1, 2)
    if not oracle.cards:
        raise UsageError(f"--oracle: {shown_as} holds no cards; {EXPECTED}")
    return oracle, None


def face_spans(text: str) -> list[tuple[int, int]]:
    """Where each face of a type line is in it (without the spaces around it)."""
    spans, start = [], 0
    for part in text.split("//"):
        end = start + len(part)
        stripped = part.strip()
        at = start + (part.find(stripped) if stripped else 0)
        spans.append((at, at + len(stripped)))
        start = end + 2
    return spans


def words(face: str) -> list[str]:
    """The words of a face as they are compared: dashes left out, case and apostrophes folded."""
    return [fold(word) for word in _DASH.sub(" ", face).split()]


def _is_token(face: str) -> bool:
    first = face.split(maxsplit=1)[:1]
    return bool(first) and fold(first[0]) in (fold(TOKEN), fold(EMBLEM))


def _mismatch(card: str, text: str, span: tuple[int, int], oracle: str, rules: tuple[str, ...]) -> Finding:
    """TL910 for one face: its line, the Oracle one, the words that differ; the fix writes
    the Oracle line in its place."""
    start, end = span
    face = text[start:end]
    message = (
        f"'{_quoted(face)}' is not the Oracle type line of {_quoted(card)}, '{_quoted(oracle)}': "
        f"{_difference(face, oracle)}"
    )
    fixed = text[:start] + oracle + text[end:]
    return Finding(
        *ORACLE_MISMATCH, Severity.ERROR, message, rules, text, start + 1, max(end, start + 1) + 1,
        fixed, Fix(Span(start, end), oracle),
    )  # fmt: skip


def _difference(face: str, oracle: str) -> str:
    """The words the Oracle line has that this one lacks, and the other way round."""
    mine, theirs = _DASH.sub(" ", face).split(), _DASH.sub(" ", oracle).split()
    added = _missing(theirs, mine)
    dropped = _missing(mine, theirs)
    if not added and not dropped:
        return "the same words in another order"
    parts = []
    if added:
        parts.append(f"the Oracle line has {', '.join(added)}")
    if dropped:
        parts.append(f"this line has {', '.join(dropped)}, which the Oracle line hasn't")
    return "; ".join(parts)


def _missing(words_of: list[str], other: list[str]) -> list[str]:
    """The words of `words_of` not in `other` (each as often as it is missing)."""
    left = [fold(word) for word in other]
    missing = []
    for word in words_of:
        if fold(word) in left:
            left.remove(fold(word))
        else:
            missing.append(word)
    return missing


def _quoted(text: str) -> str:
    return text if len(text) <= MAX_QUOTED else text[: MAX_QUOTED - 1] + "\u2026"
