"""Close matches for a misspelt word, fast enough for many thousands of unknown words.

Candidates within two deleted letters of the word (either side) are found through an index
of deletion variants, then ranked by difflib's similarity ratio with the usual 0.75 cutoff.
Listed types are short, so the index stays small; a word far longer than any candidate has
no match and costs nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from difflib import SequenceMatcher
from functools import lru_cache

CUTOFF = 0.75
MAX_DELETES = 2


def _variants(word: str) -> set[str]:
    """`word` with up to MAX_DELETES (2) letters taken out, never all of them: each pair of
    places sliced out at once (the variants of a word are built for every unknown word a
    run meets)."""
    size = len(word)
    found = {word}
    if size > 1:
        found.update([word[:i] + word[i + 1 :] for i in range(size)])
    if size > 2:
        found.update([word[:i] + word[i + 1 : j] + word[j + 1 :] for i, j in _pairs(size)])
    return found


@lru_cache(maxsize=64)
def _pairs(size: int) -> tuple[tuple[int, int], ...]:
    """Each pair of places in a word of `size` letters, in order."""
    return tuple((i, j) for i in range(size) for j in range(i + 1, size))


class _Variants:
    """The deletion variants of every key of every candidate list met, each with the keys
    that have it: a key's variants are worked out once, however many lists hold it (the
    lists of a creature and of an artifact creature share every creature type). Also a
    matcher for each key met, the key its second sequence: what difflib works out of the
    second sequence (where each letter stands, how often) is worked out once. The lists are
    the package's own vocabularies (the editions' lists, types, settings, check names), so
    what is kept stays small."""

    __slots__ = ("keys", "matchers", "variants")

    def __init__(self) -> None:
        self.keys: set[str] = set()
        self.variants: dict[str, set[str]] = {}
        self.matchers: dict[str, SequenceMatcher[str]] = {}

    def add(self, keys: Iterable[str]) -> None:
        variants = self.variants
        for key in keys:
            if key not in self.keys:
                self.keys.add(key)
                for variant in _variants(key):
                    variants.setdefault(variant, set()).add(key)

    def sharing(self, key: str) -> set[str]:
        """The keys met that share a deletion variant with `key`."""
        variants = self.variants
        pool: set[str] = set()
        for variant in _variants(key):
            found = variants.get(variant)
            if found is not None:
                pool |= found
        return pool

    def matcher(self, key: str) -> SequenceMatcher[str]:
        matcher = self.matchers.get(key)
        if matcher is None:
            matcher = self.matchers[key] = SequenceMatcher(None, "", key)
        return matcher


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

    def near(self, key: str) -> set[str]:
        """The keys of the list that share a deletion variant with `key`."""
        if len(key) > self.longest + MAX_DELETES:
            return set()
        return _KNOWN.sharing(key) & self.keys


@lru_cache(maxsize=64)
def _index(candidates: tuple[str, ...]) -> _Index:
    return _Index(candidates)


@lru_cache(maxsize=4096)
def close_matches(word: str, candidates: tuple[str, ...], limit: int = 3) -> tuple[str, ...]:
    """Listed words close to `word`, best first, compared case-insensitively."""
    index = _index(candidates)
    key = word.casefold()
    scored = []
    for near in index.near(key):
        matcher = _KNOWN.matcher(near)  # the word is the first sequence, each candidate the second
        matcher.set_seq1(key)
        # the two quick ratios are upper bounds of ratio(), as in difflib.get_close_matches
        if matcher.real_quick_ratio() >= CUTOFF and matcher.quick_ratio() >= CUTOFF:
            score = matcher.ratio()
            if score >= CUTOFF:
                scored.append((score, near))
    best = sorted(scored, reverse=True)  # ties as difflib breaks them
    return tuple(index.by_key[k] for _, k in best[:limit])


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
