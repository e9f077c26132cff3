"""Lines at the edges of the notation: odd white space, stray dashes, empty faces, renamed
and current words together. Each expects exactly the findings a person would want."""

from __future__ import annotations

import pytest

from mtg_typeline.checker import Checker
from mtg_typeline.ruleset import load_rules

CHECKER = Checker(load_rules())


def found(line: str) -> list[tuple[str, int, int, str | None]]:
    return [(f.code, f.column, f.end_column, f.suggestion) for f in CHECKER.check_fully(line)]


@pytest.mark.parametrize("space", ["\u00a0", "\u2009", "\u3000", "\t", "  "])
def test_a_two_word_type_with_odd_space_is_only_a_spacing_warning(space: str) -> None:
    line = f"Creature — Time{space}Lord"
    assert [code for code, *_ in found(line)] == ["TL102"]
    assert found(line)[0][3] == "Creature — Time Lord"


@pytest.mark.parametrize("name", ["Serra's  Realm", "Serra's\tRealm", "Bolas's  Meditation Realm"])
def test_a_planar_name_with_odd_space_is_only_a_spacing_warning(name: str) -> None:
    assert [code for code, *_ in found(f"Plane — {name}")] == ["TL102"]


def test_two_empty_faces_are_one_finding() -> None:
    assert found("//") == [("TL106", 1, 3, None)]


def test_a_dash_at_the_end_is_removed_cleanly() -> None:
    assert found("Creature — Goblin —") == [("TL105", 18, 20, "Creature — Goblin")]
    assert found("Creature — -Goblin")[0][3] == "Creature — Goblin"


def test_a_dash_with_nothing_after_it_is_one_finding() -> None:
    assert found("Creature — ") == [("TL104", 9, 12, "Creature")]


def test_the_renamed_word_is_the_duplicate_to_drop() -> None:
    codes = {code: suggestion for code, _, _, suggestion in found("Tribal Kindred Instant — Elf")}
    assert codes["TL206"] == "Kindred Instant — Elf"


def test_a_phrase_is_not_grouped_across_a_second_dash() -> None:
    line = "Legendary Creature — Time — Lord"
    for code, start, end, _ in found(line):
        assert "—" not in line[start - 1 : end - 1] or code == "TL105", code


def test_long_runs_of_white_space_are_checked_like_short_ones() -> None:
    line = "Creature" + " " * 980 + "— Goblin"  # just under the 1,000-character limit
    assert [code for code, *_ in found(line)] == ["TL101"]
