"""The checker's fast path: `is_clean` may only say True when the full checks find nothing.

Lines are built from the edition's own vocabulary (supertypes, card types, Token, subtypes
from the right lists and the wrong ones, renamed words, Time Lord, planes) and then spoilt
a little (case, duplicates, spacing, dashes, faces), so that many are clean and many are
nearly clean: the places a shortcut goes wrong. One builder serves hypothesis (which
shrinks a counterexample) and a seeded random run (which proves the builder reaches both
sides of the fence).
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from conftest import DATA, property_settings
from helpers.typelines import RandomPicker, build_line, rules, type_lines
from hypothesis import given

from mtg_typeline.checker import MAX_LINE_CHARS, Checker

EDITIONS = ("2026-09-25", "2020-08-07")
CORPUS = DATA / "corpus-typelines.tsv"


@cache
def checker(edition: str) -> Checker:
    return Checker(rules(edition))


def assert_fast_path_sound(line: str, edition: str) -> bool:
    """Is `line` clean by the fast path? If so, the full checks must agree."""
    clean = checker(edition).is_clean(line)
    if clean:
        assert checker(edition).check_fully(line) == (), line
    return clean


FAST = property_settings(500)


@FAST
@given(line=type_lines("2026-09-25"))
def test_fast_path_is_sound_newest(line: str) -> None:
    assert_fast_path_sound(line, "2026-09-25")


@FAST
@given(line=type_lines("2020-08-07"))
def test_fast_path_is_sound_oldest(line: str) -> None:
    assert_fast_path_sound(line, "2020-08-07")


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_builder_reaches_both_sides(edition: str) -> None:
    """A seeded run: the implication holds, and lines land on both sides of the fast path."""
    pick = RandomPicker(random.Random(f"fastpath-{edition}"))
    clean = total = 0
    fully_clean = 0
    for _ in range(1500):
        line = build_line(pick, edition)
        total += 1
        clean += assert_fast_path_sound(line, edition)
        fully_clean += checker(edition).check_fully(line) == ()
    assert clean >= total // 10, (clean, total)
    assert total - fully_clean >= total // 3, (fully_clean, total)
    # the fast path takes most of what the full checks find clean
    assert clean >= fully_clean // 2, (clean, fully_clean)


@pytest.mark.parametrize(
    "line",
    [
        "Land — Urza's Urza’s",
        "Land — Urza’s Urza's",
        "Creature — C’tan C'tan",
    ],
)
def test_duplicates_in_either_apostrophe_are_not_clean(line: str) -> None:
    assert checker("2026-09-25").check_fully(line) != ()
    assert not checker("2026-09-25").is_clean(line)


def test_an_overlong_line_of_clean_faces_is_not_clean() -> None:
    """Over MAX_LINE_CHARS the full check reports TL903, so the fast path may not pass it."""
    line = " // ".join(["Legendary Creature — Goblin Wizard"] * 40)
    assert len(line) > MAX_LINE_CHARS
    assert [f.code for f in checker("2026-09-25").check_fully(line)] == ["TL903"]
    assert not checker("2026-09-25").is_clean(line)
    assert [f.code for f in checker("2026-09-25").check(line)] == ["TL903"]


@pytest.mark.parametrize(
    ("edition", "line"),
    [
        ("2026-09-25", "Creature — Goblin Wizard"),
        ("2026-09-25", "Legendary Creature — Elf Warrior"),
        ("2026-09-25", "Basic Land — Forest"),
        ("2026-09-25", "Basic Snow Land — Forest"),
        ("2026-09-25", "Artifact Creature — Assembly-Worker"),
        ("2026-09-25", "Land — Urza's Power-Plant"),
        ("2026-09-25", "Land — Urza’s Mine"),
        ("2026-09-25", "Kindred Instant — Elf"),
        ("2026-09-25", "Token Creature — Goblin"),
        ("2026-09-25", "Token Legendary Artifact Creature — Construct"),
        ("2026-09-25", "Instant // Sorcery"),
        ("2026-09-25", "Enchantment — Room // Enchantment — Room"),
        ("2026-09-25", "Creature — Human Knight // Sorcery — Adventure"),
        ("2026-09-25", "Legendary Planeswalker — Jace"),
        ("2026-09-25", "Land Creature — Forest Dryad"),
        ("2026-09-25", "Battle — Siege"),
        ("2026-09-25", "Legendary Creature — Time Lord Human"),
        ("2026-09-25", "Legendary Creature — Human Time Lord Rogue // Sorcery — Adventure"),
        ("2026-09-25", "Kindred Instant — Time Lord"),
        ("2026-09-25", "Ongoing Scheme"),
        ("2026-09-25", "Artifact"),
        ("2020-08-07", "Tribal Instant — Elf"),
        ("2020-08-07", "Creature — Human Wizard"),
    ],
)
def test_clean_real_lines_take_the_fast_path(edition: str, line: str) -> None:
    assert checker(edition).is_clean(line)
    assert checker(edition).check_fully(line) == ()


@pytest.mark.parametrize(
    "line",
    [
        "creature — Goblin",
        "Creature — goblin",
        "Creature — Forest",
        "Creature - Goblin",
        "Creature — Goblin ",
        " Creature — Goblin",
        "Creature —  Goblin",
        "Creature — Goblin Goblin",
        "Creature Creature — Goblin",
        "Creature Legendary — Elf",
        "Token",
        "Creature Token — Goblin",
        "Tribal Instant — Elf",
        "Plane — Dominaria Zendikar",
        "Scheme — Goblin",
        "Instant //",
        "Instant//Sorcery",
        "Emblem — Liliana",
        "Creature — Goblin — Wizard",
        "Creature — Time Lordship",
        "Creature — Time Lord Time Lord",
        "Creature — Time  Lord",
        "Creature — Time\x1fLord",
        "Creature — Time\x1fLord Time Lord",
        "Artifact — Time Lord",
        "Time Lord — Creature",
        "Instant — Time Lord",
    ],
)
def test_lines_with_findings_are_not_clean(line: str) -> None:
    assert checker("2026-09-25").check_fully(line) != ()
    assert not checker("2026-09-25").is_clean(line)


def test_the_fast_path_takes_most_of_the_real_corpus() -> None:
    """On real data (almost all correct) the fast path must do most of the work."""
    lines = [row.split("\t")[0] for row in CORPUS.read_text(encoding="utf-8").splitlines()[1:]]
    newest = checker("2026-09-25")
    fully_clean = [line for line in lines if newest.check_fully(line) == ()]
    fast = [line for line in lines if newest.is_clean(line)]
    assert set(fast) <= set(fully_clean)
    assert len(fast) >= 0.95 * len(fully_clean), (len(fast), len(fully_clean))
