"""An MTGJSON card's `type` string and its `supertypes`, `types` and `subtypes` arrays.

The two say the same thing twice, so they can disagree (TL907), and a fix of the string must
not make them disagree: where it changes words the arrays hold (`Tribal` to `Kindred`, a
word's case, a misspelling), the same words are changed in the arrays, element by element,
each literal written in its own style. A fix that moves words between the arrays or changes
their number is not made where the arrays agreed with the line before it.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from mtg_typeline.findings import FIELDS_DISAGREE, Severity
from mtg_typeline.notation import fold
from mtg_typeline.sources.base import Note
from mtg_typeline.sources.json_cards.places import JSON_SPACE

Card = dict[str, Any]
ARRAYS = ("supertypes", "types", "subtypes")
_DASH = re.compile(r"\s+-+\s+|\s*[\u2012-\u2015]\s*")
# Decodes the JSON string whose text starts at an offset: its value and the offset after it.
_scanstring: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]
# Reads the JSON value at an offset: the value and the offset after it.
_scan_value: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def arrays_of(card: Card) -> tuple[list[str], list[str], list[str]] | None:
    """The card's three arrays, where all are lists of strings (Magic-Spoiler's `types` is a
    string: nothing to compare with)."""
    found = tuple(card.get(key) for key in ARRAYS)
    if all(type(items) is list and all(type(item) is str for item in items) for items in found):
        return found  # type: ignore[return-value]
    return None


def agree(text: str, supertypes: Sequence[str], types: Sequence[str], subtypes: Sequence[str]) -> bool:
    """Whether a type string holds the words of the arrays: the same words before and after
    the dash, in any order, either apostrophe. MTGJSON's conventions (`Token` in `types`,
    `type` "Card", `Ongoing` a supertype) keep them the same."""
    head = " ".join((*supertypes, *types))
    if text == (f"{head} — {' '.join(subtypes)}" if subtypes else head):
        return True
    before, after = (*_DASH.split(text, maxsplit=1), "")[:2]
    return (_words(before), _words(after)) == (_words(head), _words(" ".join(subtypes)))


def fields_notes(card: Card, text: str) -> tuple[Note, ...]:
    """TL907 when the type string and the card's arrays don't hold the same words."""
    if _written_from(card, text):  # (most cards, and this runs for every card of a file)
        return ()
    arrays = arrays_of(card)
    if arrays is None or agree(text, *arrays):
        return ()
    supertypes, types, subtypes = arrays
    head = " ".join((*supertypes, *types))
    made = f"{head} — {' '.join(subtypes)}" if subtypes else head
    message = f"the type line disagrees with the card's supertypes, types and subtypes, which make '{made}'"
    return (Note(FIELDS_DISAGREE, Severity.ERROR, message),)


def _written_from(card: Card, text: str) -> bool:
    """Whether the type string is the card's arrays written out as MTGJSON writes them (the
    first test of `agree`, made without `arrays_of`: `join` itself refuses an item that is
    not a string)."""
    supertypes, types, subtypes = card.get("supertypes"), card.get("types"), card.get("subtypes")
    if type(supertypes) is not list or type(types) is not list or type(subtypes) is not list:
        return False
    try:
        head = " ".join(supertypes + types)
        return text == (f"{head} — {' '.join(subtypes)}" if subtypes else head)
    except TypeError:
        return False


def arrays_after(card: Card, old: str, new: str) -> dict[str, list[str]] | None:
    """The arrays a fix of the type string from `old` to `new` needs, as {key: new array}
    for those that change ({} for none); None where the fix would make arrays that agreed
    with the line disagree and the words can't be changed one for one."""
    arrays = arrays_of(card)
    if arrays is None or agree(new, *arrays) or not agree(old, *arrays):
        return {}  # nothing to compare, nothing to change, or a disagreement already there
    supertypes, types, subtypes = (list(items) for items in arrays)
    old_parts = (*_DASH.split(old, maxsplit=1), "")[:2]
    new_parts = (*_DASH.split(new, maxsplit=1), "")[:2]
    lists = ((supertypes, types), (subtypes,))  # the arrays of the words before and after the dash
    for old_part, new_part, holders in zip(old_parts, new_parts, lists, strict=True):
        pairs = _changed_words(old_part, new_part)
        if pairs is None:
            return None
        for gone, come in pairs:
            if not _replace_word(holders, gone, come):
                return None
    if not agree(new, supertypes, types, subtypes):
        return None
    made = dict(zip(ARRAYS, (supertypes, types, subtypes), strict=True))
    return {key: made[key] for key in ARRAYS if made[key] != card[key]}


def array_literals(text: str, value_at: int, keys: Sequence[str]) -> dict[str, list[int]] | None:
    """For the object whose member's string value starts at `value_at` (just after its
    quote), the offset just after the opening quote of each element of the arrays under
    `keys` that are arrays of strings; None where the object can't be found."""
    try:
        return _array_literals(text, value_at, keys)
    except (ValueError, StopIteration, IndexError):  # not for the valid JSON that was parsed
        return None


def _array_literals(text: str, value_at: int, keys: Sequence[str]) -> dict[str, list[int]] | None:
    start = _object_start(text, value_at - 1)
    if start is None:
        return None
    found: dict[str, list[int]] = {}
    at = JSON_SPACE.match(text, start + 1).end()  # type: ignore[union-attr]
    while at < len(text) and text[at] == '"':
        key, at = _scanstring(text, at + 1)
        at = JSON_SPACE.match(text, at).end()  # type: ignore[union-attr]
        at = JSON_SPACE.match(text, at + 1).end()  # type: ignore[union-attr]  # past the colon
        if key in keys and text.startswith("[", at):
            offsets, at = _string_elements(text, at)
            if offsets is not None:
                found[key] = offsets
        else:
            _, at = _scan_value(text, at)
        at = JSON_SPACE.match(text, at).end()  # type: ignore[union-attr]
        if not text.startswith(",", at):
            break
        at = JSON_SPACE.match(text, at + 1).end()  # type: ignore[union-attr]
    return found


def _string_elements(text: str, at: int) -> tuple[list[int] | None, int]:
    """The offsets (after the quote) of the elements of the array at `at`, None if one is
    not a string, and the offset after the array."""
    offsets: list[int] | None = []
    at = JSON_SPACE.match(text, at + 1).end()  # type: ignore[union-attr]
    while not text.startswith("]", at):
        if text.startswith('"', at) and offsets is not None:
            offsets.append(at + 1)
            _, at = _scanstring(text, at + 1)
        else:
            offsets = None
            _, at = _scan_value(text, at)
        at = JSON_SPACE.match(text, at).end()  # type: ignore[union-attr]
        if text.startswith(",", at):
            at = JSON_SPACE.match(text, at + 1).end()  # type: ignore[union-attr]
    return offsets, at + 1


def _object_start(text: str, quote: int) -> int | None:
    """The offset of the `{` of the object a string literal starting at `quote` stands in,
    found by reading back over the text before it (outside strings, as the literal is)."""
    depth, at = 0, quote - 1
    while at >= 0:
        char = text[at]
        if char == '"':  # the end of a string: back to its opening quote, one not escaped
            at = text.rfind('"', 0, at)
            while at > 0 and _escaped(text, at):
                at = text.rfind('"', 0, at)
            if at < 0:
                return None
        elif char in "}]":
            depth += 1
        elif char in "{[":
            if depth == 0:
                return at if char == "{" else None
            depth -= 1
        at -= 1
    return None


def _escaped(text: str, quote: int) -> bool:
    """Whether the quote at `quote` follows an odd number of backslashes."""
    at = quote
    while at > 0 and text[at - 1] == "\\":
        at -= 1
    return (quote - at) % 2 == 1


def _changed_words(old: str, new: str) -> list[tuple[str, str]] | None:
    """The words of `old` a fix replaced and what by; [] where the words are the same in any
    order; None where their number changed or the pairing is a guess. A word whose case
    alone changed is paired with itself wherever the fix moved it; at most one other word (a
    rename, a misspelling) may remain, paired with the one new word left."""
    old_words, new_words = old.split(), new.split()
    gone = Counter(_folded(old_words)) - Counter(_folded(new_words))
    come = Counter(_folded(new_words)) - Counter(_folded(old_words))
    if sum(gone.values()) != sum(come.values()) or len(old_words) != len(new_words):
        return None
    gone_words = [word for word in old_words if _take(gone, word)]
    come_words = [word for word in new_words if _take(come, word)]
    pairs: list[tuple[str, str]] = []
    for word in list(gone_words):
        same = next((other for other in come_words if fold(other) == fold(word)), None)
        if same is not None:
            pairs.append((word, same))
            gone_words.remove(word)
            come_words.remove(same)
    if len(gone_words) > 1:
        return None
    return pairs + list(zip(gone_words, come_words, strict=True))


def _take(counts: Counter[str], word: str) -> bool:
    key = _plain(word)
    if counts[key] <= 0:
        return False
    counts[key] -= 1
    return True


def _replace_word(holders: Sequence[list[str]], gone: str, come: str) -> bool:
    """Replace the word `gone` where it stands in an element of the arrays (a subtype such
    as Time Lord holds two words) by `come`; False where no element holds it."""
    key = _plain(gone)
    for items in holders:
        for index, item in enumerate(items):
            words = item.split(" ")
            for place, word in enumerate(words):
                if _plain(word) == key:
                    words[place] = come
                    items[index] = " ".join(words)
                    return True
    return False


def _folded(words: list[str]) -> list[str]:
    return [_plain(word) for word in words]


def _words(text: str) -> list[str]:
    return sorted(_plain(text).split())


def _plain(text: str) -> str:
    """The text with the curly apostrophe made straight (MTGJSON and lines use either)."""
    return text.replace("\u2019", "'")
