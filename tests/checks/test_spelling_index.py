"""The deletion index of `spelling.close_matches` suggests exactly what the plain algorithm
does (every candidate within two deletions, ranked by difflib's ratio, ties as difflib
breaks them), on the words of the corpus, misspellings made from the listed entries, and
the words the check tests use; and it spends no full ratio on a candidate whose quick
bounds are already below the cutoff."""

from __future__ import annotations

import csv
import functools
import random
from difflib import SequenceMatcher
from itertools import combinations

import pytest
from conftest import shared_path
from hypothesis import given
from hypothesis import strategies as st

from mtg_typeline import spelling
from mtg_typeline.ruleset import RuleSet, load_rules

CHECK_TEST_WORDS = ("Goblim", "Equipmint", "Timk", "Elfe", "Wizzard", "Artifcat", "Legendery", "Snw", "Zz")


def _oracle_variants(word: str) -> set[str]:
    found = {word}
    for count in range(1, min(spelling.MAX_DELETES, len(word) - 1) + 1):
        for gaps in combinations(range(len(word)), count):
            found.add("".join(c for i, c in enumerate(word) if i not in gaps))
    return found


@functools.cache
def _oracle_index(candidates: tuple[str, ...]) -> tuple[dict[str, str], dict[str, set[str]]]:
    by_key: dict[str, str] = {}
    for candidate in candidates:
        by_key.setdefault(candidate.casefold(), candidate)
    variants: dict[str, set[str]] = {}
    for key in by_key:
        for variant in _oracle_variants(key):
            variants.setdefault(variant, set()).add(key)
    return by_key, variants


def oracle(word: str, candidates: tuple[str, ...], limit: int = 3) -> tuple[str, ...]:
    """The suggestions as the index gave them before it was made faster: every candidate
    sharing a deletion variant, scored by a fresh SequenceMatcher each."""
    by_key, variants = _oracle_index(candidates)
    key = word.casefold()
    near = {k for v in _oracle_variants(key) for k in variants.get(v, ())}
    scored = [(SequenceMatcher(None, key, k).ratio(), k) for k in near]
    best = sorted((s for s in scored if s[0] >= spelling.CUTOFF), reverse=True)
    return tuple(by_key[k] for _, k in best[:limit])


def _candidate_lists(rules: RuleSet) -> list[tuple[str, ...]]:
    every = tuple(e for s in rules.lists for e in s.entries)
    return [tuple(s.entries) for s in rules.lists] + [every, tuple(rules.card_types), tuple(rules.supertypes)]


def _misspelt(entry: str) -> list[str]:
    """A letter dropped, doubled, swapped with the next, or changed, at a few places."""
    out = []
    for i in range(0, len(entry), 3):
        out += [entry[:i] + entry[i + 1 :], entry[:i] + entry[i] + entry[i:]]
        out.append(entry[:i] + entry[i + 1 : i + 2] + entry[i : i + 1] + entry[i + 2 :])
        out.append(entry[:i] + "e" + entry[i + 1 :])
    return out


def _corpus_words() -> set[str]:
    path = shared_path("corpus", "real-typelines-detail.tsv")
    with path.open(encoding="utf-8", newline="") as stream:
        rows = csv.DictReader(stream, delimiter="\t", quoting=csv.QUOTE_NONE)
        return {w for row in rows for w in row["type_line"].replace("\u2014", " ").split()}


Differ = list[tuple[str, tuple[str, ...], tuple[str, ...]]]


def _check(words: set[str], candidates: tuple[str, ...]) -> Differ:
    differ = []
    for word in sorted(words):
        got, wanted = spelling.close_matches(word, candidates), oracle(word, candidates)
        if got != wanted:
            differ.append((word, got, wanted))
    return differ


@pytest.mark.parametrize("edition", ["2026-09-25", "2010-02-01"])
def test_same_suggestions_as_the_plain_algorithm(edition: str) -> None:
    rules = load_rules(edition)
    words = set(CHECK_TEST_WORDS)
    for sublist in rules.lists:
        for entry in sublist.entries[::4]:
            words.update(_misspelt(entry))
    for candidates in _candidate_lists(rules):
        assert _check(words, candidates) == []


def test_same_suggestions_on_the_corpus_words() -> None:
    words = _corpus_words()
    for candidates in _candidate_lists(load_rules()):
        assert _check(words, candidates) == []


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The (word, candidate) pairs whose matching letters are counted, from a fresh start."""
    pairs: list[tuple[str, str]] = []
    matched = spelling.matched

    def counting(a: str, b: str) -> int:
        pairs.append((a, b))
        return matched(a, b)

    monkeypatch.setattr(spelling, "matched", counting)
    spelling.close_matches.cache_clear()
    spelling._KNOWN.scores.clear()
    return pairs


def test_no_full_ratio_below_the_quick_bounds(counted: list[tuple[str, str]]) -> None:
    """'Go' is within two deletions of 'Gobo' (a candidate of the index), but its length
    alone bounds the ratio under the cutoff: its matching letters are never counted."""
    candidates = ("Goblin", "Go", "Gobos", "Kobold")
    assert spelling.close_matches("Gobo", candidates) == oracle("Gobo", candidates) == ("Gobos",)
    assert ("gobo", "go") not in counted and ("gobo", "gobos") in counted


def test_no_full_ratio_below_the_letters_in_common(counted: list[tuple[str, str]]) -> None:
    """'Gabe' shares a deletion variant with 'Gobo' (gb) and has its length, but the two
    have only two letters in common: the ratio can't reach the cutoff, and the matching
    letters are never counted."""
    candidates = ("Goblin", "Gabe", "Gobos")
    assert spelling.close_matches("Gobo", candidates) == oracle("Gobo", candidates) == ("Gobos",)
    assert ("gobo", "gabe") not in counted and ("gobo", "gobos") in counted


@given(st.text("aeilnorst'-", max_size=14), st.text("aeilnorst'-", max_size=14))
def test_letters_in_common_are_difflibs_quick_bound(a: str, b: str) -> None:
    letters: dict[str, int] = {}
    for letter in a:
        letters[letter] = letters.get(letter, 0) + 1
    common = spelling._common(letters, b)
    assert common * 2 == round(SequenceMatcher(None, a, b).quick_ratio() * (len(a) + len(b)))
    assert common >= spelling.matched(a, b)


@given(st.text("abcde", max_size=9))
def test_deletion_variants_are_every_word_two_letters_shorter_or_less(word: str) -> None:
    assert set(spelling._variants(word)) == _oracle_variants(word)


def test_a_word_is_scored_once_for_every_list(counted: list[tuple[str, str]]) -> None:
    """A word asked about against a second list that shares candidates with the first is
    not scored again; a list bringing new candidates makes it scored anew, with them."""
    assert spelling.close_matches("Goblim", ("Goblin", "Elf")) == ("Goblin",)
    assert ("goblim", "goblin") in counted
    counted.clear()
    assert spelling.close_matches("Goblim", ("Elf", "Goblin")) == ("Goblin",)
    assert counted == []
    wider = ("Goblim's", "Goblin", "Goblix")
    assert spelling.close_matches("Goblim", wider) == ("Goblim's", "Goblix", "Goblin")
    assert ("goblim", "goblix") in counted


@pytest.mark.parametrize(
    ("a", "b"),
    [("", ""), ("a", ""), ("abab", "baba"), ("goblin", "globin"), ("aaab", "abaa"), ("elf'", "'elf")],
)
def test_matched_letters_are_difflibs(a: str, b: str) -> None:
    blocks = SequenceMatcher(None, a, b).get_matching_blocks()
    assert spelling.matched(a, b) == sum(block.size for block in blocks)


@given(st.text("aeilnorst'-", max_size=14), st.text("aeilnorst'-", max_size=14))
def test_matched_letters_are_difflibs_on_any_words(a: str, b: str) -> None:
    blocks = SequenceMatcher(None, a, b).get_matching_blocks()
    assert spelling.matched(a, b) == sum(block.size for block in blocks)


def test_a_candidate_of_200_letters_is_scored_by_difflib_itself() -> None:
    """Past 199 letters difflib sets frequent letters aside as junk, which changes its ratio:
    such a candidate (no list has one; a rule file could) is scored by difflib."""
    chosen = random.Random(3)
    long = "".join(chosen.choice("ab") for _ in range(212))
    word = long[:100] + "c" + long[101:]
    plain = 2 * spelling.matched(word, long) / (2 * len(long))
    assert SequenceMatcher(None, word, long).ratio() < spelling.CUTOFF <= plain
    spelling.close_matches.cache_clear()
    assert spelling.close_matches(word, (long, "Goblin")) == oracle(word, (long, "Goblin")) == ()


def test_keys_added_later_are_scored_alone(counted: list[tuple[str, str]]) -> None:
    """A word asked about again once a list brought new candidates is scored against them
    alone: what it was scored against before is kept, and still ranked with them."""
    assert spelling.close_matches("Goblim", ("Goblin", "Elf")) == ("Goblin",)
    counted.clear()  # (Goblime: a key no other test brings)
    assert spelling.close_matches("Goblim", ("Goblin", "Goblime")) == ("Goblime", "Goblin")
    assert ("goblim", "goblime") in counted and ("goblim", "goblin") not in counted
