"""Naming an edition: `newest` wherever an edition is named, a date typed without its zeros
(2026-9-25) read as the date it is, and a date that is no edition's answered with the nearest
editions and, where the command has it, `--as-of`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

from mtg_typeline.ruleset import load_rules, shipped_editions

EDITIONS = shipped_editions()
NEWEST = EDITIONS[-1]
BETWEEN = "2024-06-01"  # between two shipped editions
BEFORE, AFTER = "2024-03-08", "2024-06-07"


def short(date: str) -> str:
    """2024-06-07 as a person may type it: 2024-6-7."""
    year, month, day = date.split("-")
    return f"{year}-{int(month)}-{int(day)}"


def edition_of_run(*args: str) -> str:
    result = run_cli(["check", "--no-config", "--format", "json", *args, "-"], stdin="Creature — Elf\n")
    assert result.exit_code == 0, result.stderr
    edition: str = json.loads(result.stdout)["edition"]
    return edition


@pytest.mark.parametrize(("name", "date"), [("newest", NEWEST), ("Newest", NEWEST), (short(AFTER), AFTER)])
def test_check_takes_newest_and_a_date_without_its_zeros(name: str, date: str) -> None:
    assert edition_of_run("--edition", name) == date


def test_as_of_takes_a_date_without_its_zeros() -> None:
    assert edition_of_run("--as-of", short(BETWEEN)) == BEFORE


def test_the_configuration_names_the_newest_edition(tmp_path: Path) -> None:
    config = tmp_path / "pyproject.toml"
    config.write_text('[tool.typeline]\nedition = "newest"\n', encoding="utf-8")
    result = run_cli(["check", "--config", str(config), "--format", "json", "-"], "Elf\n")
    assert json.loads(result.stdout)["edition"] == NEWEST


def test_the_python_api_takes_newest() -> None:
    assert load_rules("newest").edition == NEWEST
    assert load_rules(short(AFTER)).edition == AFTER


def test_rules_diff_compares_with_newest() -> None:
    result = run_cli(["rules", "diff", AFTER, "newest"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(f"from the {AFTER} edition to the {NEWEST} edition\n")


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "show", "card_types", "--edition", "newest"],
        ["lookup", "Elf", "--edition", "newest"],
        ["explain", "TL302", "--edition", "newest"],
        ["codes", "--edition", "newest"],
    ],
)
def test_every_command_with_an_edition_takes_newest(args: list[str]) -> None:
    result = run_cli(args)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == run_cli([*args[:-1], NEWEST]).stdout


def test_rules_show_of_an_edition_points_to_the_edition_option() -> None:
    result = run_cli(["rules", "show", "newest"])
    assert result.exit_code == 2
    assert result.stderr.endswith("; to show an edition, give --edition newest\n")


@pytest.mark.parametrize("given", [BETWEEN, short(BETWEEN)])
def test_a_date_between_editions_names_the_nearest_and_as_of(given: str) -> None:
    result = run_cli(["check", "--no-config", "--edition", given, "-"], stdin="Creature — Elf\n")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"typeline: error: unknown edition '{given}': ")
    assert result.stderr.endswith(
        f"; the editions nearest {BETWEEN} are {BEFORE} and {AFTER}; "
        f"`--as-of {BETWEEN}` gives the edition in force on that day, {BEFORE}\n"
    )


def test_a_command_without_as_of_names_the_nearest_editions_only() -> None:
    result = run_cli(["rules", "diff", BETWEEN, "newest"])
    assert result.exit_code == 2
    assert "--as-of" not in result.stderr
    assert result.stderr.endswith(
        f"the editions nearest {BETWEEN} are {BEFORE} and {AFTER}; "
        f"the edition in force on that day is {BEFORE}\n"
    )


def test_as_of_newest_points_to_the_edition_option() -> None:
    result = run_cli(["check", "--no-config", "--as-of", "newest", "-"], stdin="Elf\n")
    assert result.exit_code == 2
    assert result.stderr.endswith("; for the newest edition, give --edition newest\n")


def test_newest_is_offered_to_the_shell_first() -> None:
    from mtg_typeline.main.complete import complete_edition

    offered = complete_edition(None, None, "new")  # type: ignore[arg-type]
    assert [item.value for item in offered] == ["newest"]
