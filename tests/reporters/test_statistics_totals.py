"""`--statistics` (text): a last line with the findings in all, and after --fix the
findings fixed."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli

LINES = "Creature - Elf\nCreature - Goblin\nCreature — Forest\n"  # two fixable, one not


def test_the_table_ends_with_the_total() -> None:
    result = run_cli(["check", "--no-config", "--statistics", "-"], LINES)
    rows = result.stdout.splitlines()
    counted = sum(int(row.split()[0]) for row in rows[:-1])
    assert rows[-1] == f"{counted}  in all"
    assert counted == 3


def test_after_fix_the_total_says_how_many_were_fixed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("cards.txt").write_text(LINES, encoding="utf-8")
    result = run_cli(["check", "--no-config", "--statistics", "--fix", "cards.txt"])
    assert result.stdout.splitlines() == [
        "1  TL304  subtype-type-mismatch  error",
        "1  in all, 2 fixed",
    ]


def test_nothing_to_count_prints_nothing() -> None:
    assert run_cli(["check", "--no-config", "--statistics", "-"], "Creature — Elf\n").stdout == ""


def test_json_statistics_are_as_they_were() -> None:
    result = run_cli(["check", "--no-config", "--statistics", "--format", "json", "-"], LINES)
    assert "in all" not in result.stdout
