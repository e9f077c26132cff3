"""Close matches for a misspelt word, fast enough for many thousands of unknown words.

Candidates within two deleted letters of the word (either side) are found through an index
of deletion variants, then ranked by difflib's similarity ratio with the usual 0.75 cutoff.
Listed types are short, so the index stays small; a word far longer than any candidate has
no match and costs nothing. A word's candidates among every list met are found and scored
once (`_Variants.scored`): each list then keeps those it holds, in the same order.

The ratio is difflib's, counted here for short words (`matched`): the letters of the blocks
SequenceMatcher matches, found the way it finds them (the longest block common to both,
earliest in the word, then earliest in the candidate, then the same on each side of it).
For the short words of the lists this is several times quicker than a SequenceMatcher; a
candidate of 200 letters or more (where difflib sets some letters aside as junk) is scored
by difflib itself. Before that, a candidate is passed over where the bounds difflib's own
quick ratios give are already under the cutoff: its length, then the letters it has in
common with the word (most of the candidates an index gives fail there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

CUTOFF = 0.75
MAX_DELETES = 2
_SHORT = 200  # difflib's threshold of its junk heuristic: shorter candidates have no junk
_SCORED = 8192  # the words whose scored candidates are kept (cleared when full)


def _variants(word: str) -> list[str]:
    """`word` with up to MAX_DELETES (2) letters taken out, never all of them (a variant
    twice where a letter is doubled). The variants of a word are made for every unknown
    word a run meets, so each is one join of two slices made once for its length: a letter
    cut out of the word, or one more cut out of such a variant, past the letter it lacks."""
    size = len(word)
    if size < 2:
        return [word]
    ones = [word[a] + word[b] for a, b in _cuts(size)]
    if size == 2:
        return [word, *ones]
    shorter = _cuts(size - 1)
    return [word, *ones, *[one[a] + one[b] for at, one in enumerate(ones) for a, b in shorter[at:]]]


@lru_cache(maxsize=64)
def _cuts(size: int) -> tuple[tuple[slice, slice], ...]:
    """The slices that leave out one letter of a word of `size` letters, by its place."""
    return tuple((slice(0, i), slice(i + 1, None)) for i in range(size))


class _Variants:
    """The deletion variants of every key of every candidate list met, each with the keys
    that have it: a key's variants are worked out once, however many lists hold it (the
    lists of a creature and of an artifact creature share every creature type). Also, for
    each word asked about, its keys met at or above the cutoff with their ratios, best
    first (`scored`). Keys added later don't undo what a word was scored against: they
    are kept apart as well (`added`, one table a time keys are added after a word was
    scored), and a word asked about again is scored against them alone. The lists are the
    package's own vocabularies (the editions' lists, types, settings, check names), so what
    is kept stays small."""

    __slots__ = ("added", "keys", "scores", "variants")

    def __init__(self) -> None:
        self.keys: set[str] = set()
        self.variants: dict[str, set[str]] = {}
        # each word's scored keys, with how many of `added` had come when it was scored
        self.scores: dict[str, tuple[int, list[tuple[float, str]]]] = {}
        self.added: list[dict[str, set[str]]] = []

    def add(self, keys: Iterable[str]) -> None:
        new = [key for key in dict.fromkeys(keys) if key not in self.keys]
        if not new:
            return
        self.keys.update(new)
        get = self.variants.get
        # (words scored before these keys came are scored against them alone: kept apart too)
        later: dict[str, set[str]] | None = {} if self.scores else None
        for key in new:
            for variant in _variants(key):
                found = get(variant)
                if found is None:
                    self.variants[variant] = {key}  # (no empty set made for a variant met before)
                else:
                    found.add(key)
                if later is not None:
                    later.setdefault(variant, set()).add(key)
        if later is not None:
            self.added.append(later)

    def scored(self, key: str) -> list[tuple[float, str]]:
        """The keys met that share a deletion variant with `key` and whose ratio to it is at
        least the cutoff, with that ratio, best first (ties as difflib breaks them)."""
        known, adds = self.scores.get(key), len(self.added)
        if known is not None and known[0] == adds:
            return known[1]
        if known is None:
            if len(self.scores) >= _SCORED:
                self.scores.clear()
                self.added.clear()
                adds = 0
            found = sorted(_scores(key, _sharing(key, [self.variants])), reverse=True)
        else:  # (scored before keys were added: only those can be more)
            found = sorted([*known[1], *_scores(key, _sharing(key, self.added[known[0] :]))], reverse=True)
        self.scores[key] = (adds, found)
        return found


def _sharing(key: str, tables: list[dict[str, set[str]]]) -> set[str]:
    """The keys of `tables` that share a deletion variant with `key`."""
    mine = _variants(key)
    return set().union(*[found for table in tables for found in map(table.get, mine) if found is not None])


def _scores(key: str, near: Iterable[str]) -> Iterable[tuple[float, str]]:
    """(ratio, candidate) for each of `near` whose ratio to `key` is at least the cutoff."""
    size = len(key)
    letters: dict[str, int] = {}  # (counted here: a Counter costs more than the words are long)
    for letter in key:
        letters[letter] = letters.get(letter, 0) + 1
    for other in near:
        total = size + len(other)
        if 2.0 * min(size, len(other)) / total < CUTOFF:
            continue  # (the bound of difflib's real_quick_ratio: the lengths alone)
        if 2.0 * _common(letters, other) / total < CUTOFF:
            continue  # (the bound of its quick_ratio: no order can match more letters)
        if len(other) < _SHORT:
            score = 2.0 * matched(key, other) / total
        else:  # (loaded only here: no listed word is so long)
            from difflib import SequenceMatcher

            score = SequenceMatcher(None, key, other).ratio()
        if score >= CUTOFF:
            yield score, other


def _common(letters: dict[str, int], other: str) -> int:
    """How many letters `other` has in common with the word whose letters (with how many
    times each) are `letters`, counted as sets with repeats: what any matching can match
    at most (difflib's quick_ratio counts so); most candidates fail the cutoff by it alone."""
    left = letters.copy()
    common = 0
    for letter in other:
        count = left.get(letter)
        if count:
            left[letter] = count - 1
            common += 1
    return common


def matched(a: str, b: str) -> int:
    """How many letters difflib's `SequenceMatcher(None, a, b)` matches, for a `b` shorter
    than 200 letters (no junk): the longest block common to both, the earliest in `a` of
    those and then the earliest in `b`, then the same in the pieces before and after it."""
    total = 0
    pending = [(0, len(a), 0, len(b))]
    while pending:
        alo, ahi, blo, bhi = pending.pop()
        piece, size, at = b[blo:bhi], 0, 0
        for i in range(alo, ahi):  # each start, growing the longest block yet
            while i + size < ahi and a[i : i + size + 1] in piece:
                size += 1
                at = i
        if not size:
            continue
        total += size
        j = blo + piece.find(a[at : at + size])
        if alo < at and blo < j:
            pending.append((alo, at, blo, j))
        if at + size < ahi and j + size < bhi:
            pending.append((at + size, ahi, j + size, bhi))
    return total


_KNOWN = _Variants()


class _Index:
    """The candidates of one list: each case-folded key with its first spelling (its
    deletion variants are kept with every list's, in `_KNOWN`)."""

    __slots__ = ("by_key", "keys", "longest")

    def __init__(self, candidates: tuple[str, ...]) -> None:
        self.by_key: dict[str, str] = {}
        for candidate in candidates:
            self.by_key.setdefault(candidate.casefold(), candidate)
        self.keys = frozenset(self.by_key)
        self.longest = max((len(k) for k in self.by_key), default=0)
        _KNOWN.add(self.by_key)

    def close(self, word: str, limit: int = 3) -> tuple[str, ...]:
        """The candidates close to `word`, best first, compared case-insensitively."""
        key = word.casefold()
        if len(key) > self.longest + MAX_DELETES:
            return ()  # (longer than any candidate by more than two letters: none within reach)
        keys, found = self.keys, []
        for _, near in _KNOWN.scored(key):
            if near in keys:
                found.append(self.by_key[near])
                if len(found) == limit:
                    break
        return tuple(found)


@lru_cache(maxsize=64)
def _index(candidates: tuple[str, ...]) -> _Index:
    return _Index(candidates)


def matcher(candidates: tuple[str, ...]) -> Callable[[str], tuple[str, ...]]:
    """`close_matches` against `candidates`, for a caller that asks about many words with
    the same candidates (a long tuple is not hashed again for each word)."""
    return _index(candidates).close


@lru_cache(maxsize=4096)
def close_matches(word: str, candidates: tuple[str, ...], limit: int = 3) -> tuple[str, ...]:
    """Listed words close to `word`, best first, compared case-insensitively."""
    return _index(candidates).close(word, limit)


# Plurals English makes otherwise than with -s, -es, -ies or -ves, as type words have them.
_IRREGULAR = {"mice": "mouse", "oxen": "ox", "fungi": "fungus", "pegasi": "pegasus", "cyclopes": "cyclops"}


def singular_forms(word: str) -> tuple[str, ...]:
    """What `word` (case-folded) may be the plural of: Elves → elf, elfe, elve; Harpies →
    harpy, harpie; Foxes → fox, foxe. A guess for each English rule; the caller keeps those
    a list has."""
    key = word.casefold()
    found = [_IRREGULAR[key]] if key in _IRREGULAR else []
    if key.endswith("ves"):
        found += [key[:-3] + "f", key[:-3] + "fe"]
    if key.endswith("ies"):
        found.append(key[:-3] + "y")
    if key.endswith("es"):
        found.append(key[:-2])
    if key.endswith("s") and len(key) > 2:
        found.append(key[:-1])
    return tuple(found)
