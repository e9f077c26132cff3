"""`spelling.close_matches` against difflib itself, by brute force over every candidate: a
candidate is suggested when difflib's ratio (the word the first sequence, the candidate the
second, both case-folded) is at least the cutoff and the two are within two deleted letters
each of a common form, which is a longest common subsequence no more than two letters
shorter than either (one letter for a word of two); best ratio first, ties as difflib's
`get_close_matches` breaks them. This holds the index to difflib's ranking and shows that
its candidates are never fewer than those difflib would accept within that distance, on
every word of the corpus and on misspellings of every listed entry: letters dropped, added,
changed, swapped, and the case changed."""

from __future__ import annotations

import csv
import random
from difflib import SequenceMatcher

from conftest import shared_path

from mtg_typeline import spelling
from mtg_typeline.ruleset import RuleSet, load_rules

LETTERS = "abcdefghijklmnopqrstuvwxyz'-"


def _common(a: str, b: str) -> int:
    """The length of the longest common subsequence of `a` and `b`."""
    row = [0] * (len(b) + 1)
    for char in a:
        previous = 0
        for j, other in enumerate(b, 1):
            previous, row[j] = row[j], previous + 1 if char == other else max(row[j], row[j - 1])
    return row[-1]


def _within_deletions(a: str, b: str) -> bool:
    most = spelling.MAX_DELETES
    allowed = max(len(a) - min(most, len(a) - 1), len(b) - min(most, len(b) - 1))
    return abs(len(a) - len(b)) <= spelling.MAX_DELETES and _common(a, b) >= allowed


def brute_force(word: str, candidates: tuple[str, ...], limit: int = 3) -> tuple[str, ...]:
    """Every candidate scored by a fresh difflib matcher (the quick bounds first: they are
    upper bounds of the ratio, as `get_close_matches` uses them)."""
    by_key: dict[str, str] = {}
    for candidate in candidates:
        by_key.setdefault(candidate.casefold(), candidate)
    key = word.casefold()
    scored = []
    for other in by_key:
        if abs(len(key) - len(other)) > spelling.MAX_DELETES:
            continue  # (no common form within two deletions each: a cheap test first)
        matcher = SequenceMatcher(None, key, other)
        if matcher.real_quick_ratio() < spelling.CUTOFF or matcher.quick_ratio() < spelling.CUTOFF:
            continue
        score = matcher.ratio()
        if score >= spelling.CUTOFF and _within_deletions(key, other):
            scored.append((score, other))
    return tuple(by_key[k] for _, k in sorted(scored, reverse=True)[:limit])


def _misspellings(entry: str, rng: random.Random) -> set[str]:
    """A random edit of each kind, two changed letters, and the case changed."""
    found = {entry.upper(), entry.lower(), entry.swapcase()}
    at = rng.randrange(len(entry))
    found.add(entry[:at] + entry[at + 1 :])
    found.add(entry[:at] + rng.choice(LETTERS) + entry[at:])
    found.add(entry[:at] + rng.choice(LETTERS) + entry[at + 1 :])
    found.add(entry[:at] + entry[at + 1 : at + 2] + entry[at : at + 1] + entry[at + 2 :])
    changed = entry[:at] + rng.choice(LETTERS) + entry[at + 1 :]
    at = rng.randrange(len(entry))
    found.add(changed[:at] + rng.choice(LETTERS) + changed[at + 1 :])
    return found - {""}


def _lists(rules: RuleSet) -> list[tuple[str, ...]]:
    every = tuple(e for s in rules.lists for e in s.entries)
    creature = next(s.entries for s in rules.lists if s.key == "creature")
    return [every, tuple(creature), tuple(rules.card_types), tuple(rules.supertypes)]


Differ = list[tuple[str, tuple[str, ...], tuple[str, ...]]]


def _differences(words: set[str], lists: list[tuple[str, ...]]) -> Differ:
    spelling.close_matches.cache_clear()
    differ = []
    for candidates in lists:
        for word in sorted(words):
            got, wanted = spelling.close_matches(word, candidates), brute_force(word, candidates)
            if got != wanted:
                differ.append((word, got, wanted))
    return differ


def test_the_same_as_difflib_on_misspelt_entries() -> None:
    rules = load_rules()
    rng = random.Random(20260925)
    words = {w for s in rules.lists for e in s.entries[::2] for w in _misspellings(e, rng)}
    assert len(words) > 2000
    assert _differences(words, _lists(rules)) == []


def test_the_same_as_difflib_on_the_corpus_words() -> None:
    path = shared_path("corpus", "real-typelines-detail.tsv")
    with path.open(encoding="utf-8", newline="") as stream:
        rows = csv.DictReader(stream, delimiter="\t", quoting=csv.QUOTE_NONE)
        words = {w for row in rows for w in row["type_line"].replace("\u2014", " ").split()}
    assert _differences(words, _lists(load_rules())) == []


def test_the_brute_force_sees_the_distance() -> None:
    """Goblim is one letter from Goblin; Salamander is a difflib match of Lander (ratio 0.75)
    but seven letters longer, past the index's distance, so neither suggests it."""
    assert brute_force("Goblim", ("Goblin", "Kobold")) == ("Goblin",)
    assert SequenceMatcher(None, "salamander", "lander").ratio() >= spelling.CUTOFF
    assert brute_force("Salamander", ("Lander",)) == spelling.close_matches("Salamander", ("Lander",)) == ()
