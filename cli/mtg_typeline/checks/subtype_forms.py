"""A subtype written in another form than its list's: a plural (Elves for Elf, Humans for
Human) or a hyphen where the list has a space and the other way round (Elf-Warrior for Elf
Warrior, Assembly Worker for Assembly-Worker, Time-Lord for Time Lord).

Such a word has one right reading, so TL302 (unknown-subtype) offers it as the one candidate,
with a safe fix, before any close spelling: a misspelling guess would offer Human or Inhuman
for Humans, Wizard or Lizard for Wizards, and nothing at all for Elves. Only entries of the
object's own lists are read so, as for every TL302 fix (see `subtype_guesses`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from mtg_typeline.notation import fold
from mtg_typeline.parser import Word
from mtg_typeline.records import NamedTuple
from mtg_typeline.spelling import singular_forms

MAX_PIECES = 4  # a hyphenated word of more parts is left to the message alone


class Form(NamedTuple):
    """The right text for [start, end) of the line: the word, or the words it spans."""

    start: int
    end: int
    text: str


def singular_entries(word: str, entries: tuple[str, ...]) -> list[str]:
    """The entries `word` is a plural of (Elves: Elf), in the order of `entries`."""
    forms = singular_forms(fold(word))
    if not forms:
        return []
    by_fold = _by_fold(entries)
    found = sorted(place for form in set(forms) for place in by_fold.get(form, ()))
    return list(dict.fromkeys(entry for _, entry in found))


@lru_cache(maxsize=64)
def _by_fold(entries: tuple[str, ...]) -> dict[str, list[tuple[int, str]]]:
    """Each entry of `entries` with its place there, under its folded form: made once for
    each list of entries (a plural-looking word would otherwise fold them all)."""
    by_fold: dict[str, list[tuple[int, str]]] = {}
    for place, entry in enumerate(entries):
        by_fold.setdefault(fold(entry), []).append((place, entry))
    return by_fold


def written_form(
    words: tuple[Word, ...], index: int, entries: Sequence[str], parts: list[str]
) -> Form | None:
    """The one right reading of `words[index]`, which no list holds, from `entries` (the
    object's own) and `parts` (the words of those entries of several words that the words
    around it would complete: Time, before Lord), or None."""
    word = words[index]
    singular = singular_entries(word.text, (*entries, *parts) if parts else tuple(entries))
    if len(singular) == 1:
        return Form(word.start, word.end, singular[0])
    return _joined(words, index, entries) or _spaced(words, index, entries)


def _joined(words: tuple[Word, ...], index: int, entries: Sequence[str]) -> Form | None:
    """A hyphenated entry written as words (Assembly Worker): the words it spans, joined."""
    if len(words) < 2:
        return None  # (a hyphenated entry spans two words or more)
    keys = [w.key for w in words]
    for entry in (e for e in entries if "-" in e):
        parts = [fold(p) for p in entry.split("-")]
        for place in range(len(parts)):
            start = index - place
            if start >= 0 and keys[start : start + len(parts)] == parts:
                return Form(words[start].start, words[start + len(parts) - 1].end, entry)
    return None


def _spaced(words: tuple[Word, ...], index: int, entries: Sequence[str]) -> Form | None:
    """A hyphenated word whose pieces, written apart, are entries or make up entries of
    several words with the words around them (Elf-Warrior, Time-Lord, Human-Time Lord;
    Urza's-Power-Plant, where Power-Plant keeps its hyphen). None unless exactly one way of
    cutting it reads so."""
    word = words[index]
    parts = word.text.split("-")
    if not 2 <= len(parts) <= MAX_PIECES or not all(parts):
        return None
    before, after = [w.key for w in words[:index]], [w.key for w in words[index + 1 :]]
    phrases = [tuple(fold(p) for p in e.split(" ")) for e in entries if " " in e]
    singles = {fold(e) for e in entries}
    readings = set()
    for pieces in _cuts(parts):
        keys = [*before, *(fold(p) for p in pieces), *after]
        if all(_covered(keys, at, singles, phrases) for at in range(index, index + len(pieces))):
            readings.add(" ".join(_spelled(p, entries) for p in pieces))
    return Form(word.start, word.end, readings.pop()) if len(readings) == 1 else None


def _cuts(parts: list[str]) -> list[list[str]]:
    """Every way of cutting the word `parts` make at one hyphen or more (a-b-c: a b-c, a-b c,
    a b c)."""
    ways = []
    for mask in range(1, 2 ** (len(parts) - 1)):
        pieces = [parts[0]]
        for at, part in enumerate(parts[1:]):
            if mask >> at & 1:
                pieces.append(part)
            else:
                pieces[-1] += "-" + part
        ways.append(pieces)
    return ways


def _covered(keys: list[str], at: int, singles: set[str], phrases: list[tuple[str, ...]]) -> bool:
    """Whether the word at `at` is an entry, or a word of a multi-word entry whose other
    words stand around it."""
    if keys[at] in singles:
        return True
    for phrase in phrases:
        for place, part in enumerate(phrase):
            start = at - place
            if part == keys[at] and start >= 0 and tuple(keys[start : start + len(phrase)]) == phrase:
                return True
    return False


def _spelled(part: str, entries: Sequence[str]) -> str:
    """`part` as its entry spells it (elf: Elf), with the apostrophe it was written with
    (Urza's stays straight where the list has Urza’s: either is right)."""
    found = next((w for entry in entries for w in entry.split(" ") if fold(w) == fold(part)), part)
    return found.replace("\u2019", "'").replace("\u2018", "'") if "'" in part else found
