"""TL302 on a subtype written in another form than its list's: a plural (Elves, Humans) or a
hyphen for a space and the other way round (Elf-Warrior, Assembly Worker). Each has one right
reading: the one candidate named, and a safe fix that gives back the right line."""

from __future__ import annotations

import csv
import random

import pytest
from conftest import run_cli, shared_path
from helpers import fix_mutations

from mtg_typeline.checker import Checker
from mtg_typeline.fix.line import fix_line
from mtg_typeline.ruleset import load_rules

CHECKER = Checker(load_rules())


@pytest.mark.parametrize(
    ("wrong", "word", "meant", "right"),
    [
        ("Creature — Elves", "Elves", "Elf", "Creature — Elf"),
        ("Creature — Dwarves", "Dwarves", "Dwarf", "Creature — Dwarf"),
        ("Creature — Humans", "Humans", "Human", "Creature — Human"),
        ("Creature — Wizards", "Wizards", "Wizard", "Creature — Wizard"),
        ("Creature — Mice", "Mice", "Mouse", "Creature — Mouse"),
        ("Creature — Harpies", "Harpies", "Harpy", "Creature — Harpy"),
        (
            "Artifact Creature — Assembly Worker",
            "Assembly",
            "Assembly-Worker",
            "Artifact Creature — Assembly-Worker",
        ),
        (
            "Artifact Creature — Assembly Worker",
            "Worker",
            "Assembly-Worker",
            "Artifact Creature — Assembly-Worker",
        ),
        ("Creature — Elf-Warrior", "Elf-Warrior", "Elf Warrior", "Creature — Elf Warrior"),
        ("Creature — Human Time-Lord", "Time-Lord", "Time Lord", "Creature — Human Time Lord"),
        ("Land — Urza's-Mine", "Urza's-Mine", "Urza's Mine", "Land — Urza's Mine"),
    ],
)
def test_the_one_right_reading_is_named_and_fixed_safely(
    wrong: str, word: str, meant: str, right: str
) -> None:
    found = [f for f in CHECKER.check(wrong) if f.code == "TL302" and f"'{word}'" in f.message]
    assert len(found) == 1
    assert found[0].message.endswith(f"; did you mean {meant}?")
    assert found[0].suggestion == right
    assert found[0].fix is not None and found[0].fix.applicability == "safe"
    assert fix_line(wrong, CHECKER.check).text == right


def test_fix_writes_the_singular_without_unsafe_fixes() -> None:
    result = run_cli(["check", "--no-config", "--fix", "-"], stdin="Creature — Humans Wizards\n")
    assert result.stdout == "Creature — Human Wizard\n"


def test_a_plural_of_another_cards_subtype_is_named_with_what_it_is() -> None:
    found = [f for f in CHECKER.check("Artifact — Elves") if f.code == "TL302"]
    assert found[0].message.endswith("; did you mean Elf (a creature type)?")
    assert found[0].fix is None  # Elf on an artifact would be TL304


def test_a_hyphen_that_reads_two_ways_or_none_has_no_safe_fix() -> None:
    for line in ("Creature — Elf-Bogus", "Creature — Bogusses", "Creature — Elf-Warrior-Rogue-Shaman-Druid"):
        assert not [f for f in CHECKER.check(line) if f.fix and f.fix.applicability == "safe"], line


def valid_corpus_lines() -> list[str]:
    path = shared_path("corpus", "real-typelines-detail.tsv")
    with path.open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream, delimiter="\t", quoting=csv.QUOTE_NONE))
    kinds = {"card", "plane", "scheme", "phenomenon", "vanguard", "conspiracy", "dungeon", "token"}
    bad = {"joke", "noncr", "preview"}  # the lines right under the newest edition (its README)
    return [r["type_line"] for r in rows if r["kind"] in kinds and not set(r["flags"].split(",")) & bad]


def test_no_valid_corpus_line_gets_a_finding_and_every_form_is_restored() -> None:
    """On the shared corpus: a valid line gets no finding (so no fix), and each line with a
    subtype made plural or hyphenated (seeded) is fixed back to itself by safe fixes alone."""
    lines = valid_corpus_lines()
    assert not [line for line in lines if CHECKER.check(line)]
    for kind in ("plural", "hyphen"):
        pairs = [(line, fix_mutations.SAFE[kind](line, CHECKER.rules, random.Random(line))) for line in lines]
        spoilt = [(line, wrong) for line, wrong in pairs if wrong is not None]
        assert len(spoilt) > 1000, kind
        missed = [(w, got) for line, w in spoilt if (got := fix_line(w, CHECKER.check).text) != line]
        assert missed == [], kind
