"""Edges of the options, configuration and rule files that a user can run into."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli, write

from mtg_typeline.ruleset import rules_dir

FOREST = "Creature — Forest\n"


@pytest.mark.usefixtures("in_tmp")
def test_a_broken_pyproject_that_configures_typeline_is_an_error() -> None:
    write("pyproject.toml", "[tool.typeline\nquiet = true\n")
    result = run_cli(["check", "-"], FOREST)
    assert result.exit_code == 2
    assert "pyproject.toml: not valid TOML" in result.stderr


@pytest.mark.usefixtures("in_tmp")
def test_a_pyproject_that_only_mentions_typeline_elsewhere_is_passed_over() -> None:
    write("pyproject.toml", '[project]\nname = "typeline-user\n')
    assert run_cli(["check", "-"], FOREST).exit_code == 1


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("schema: 1", 'schema: "1"', "schema must be a whole number"),
        ('section: "205"', "section: 205", "section must be a string"),
        ("      - Zubera\n", "      - Zubera\n      - 5\n", "must be a string"),
    ],
)
def test_rule_file_values_keep_their_types(tmp_path: Path, old: str, new: str, message: str) -> None:
    text = (rules_dir() / "2026-09-25.yaml").read_text(encoding="utf-8")
    assert old in text
    mine = tmp_path / "mine.yaml"
    mine.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = run_cli(["check", "--rules", str(mine), "-"], FOREST)
    assert result.exit_code == 2
    assert message in result.stderr


def test_a_utf16_rule_file_is_named_as_such(tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_bytes((rules_dir() / "2026-09-25.yaml").read_text(encoding="utf-8").encode("utf-16"))
    result = run_cli(["check", "--rules", str(mine), "-"], FOREST)
    assert result.exit_code == 2
    assert f"{mine}:1:1: the rule file is UTF-16" in result.stderr


def test_no_color_means_no_styles_at_all() -> None:
    result = run_cli(["check", "-"], FOREST, env={"NO_COLOR": "1", "FORCE_COLOR": "1"})
    assert "\x1b[" not in result.stdout
    styled = run_cli(["check", "-"], FOREST, env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert "\x1b[" in styled.stdout


@pytest.mark.parametrize("fmt", ["sarif", "junit", "gitlab", "markdown"])
def test_statistics_refuse_report_formats(fmt: str) -> None:
    result = run_cli(["check", "--statistics", "--format", fmt, "-"], FOREST)
    assert result.exit_code == 2
    assert "--statistics" in result.stderr


def test_statistics_as_json_lines() -> None:
    result = run_cli(["check", "--statistics", "--format", "json-lines", "-"], FOREST + "Creature - Elf\n")
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["code"] for row in rows] == ["TL101", "TL304"]


def test_an_input_named_twice_is_read_once(in_tmp: Path) -> None:
    (in_tmp / "cards").mkdir()
    (in_tmp / "cards" / "a.txt").write_text(FOREST, encoding="utf-8")
    result = run_cli(["check", "--format", "json", "cards", "cards/a.txt"])
    assert json.loads(result.stdout)["summary"]["files"] == 1
    assert len(json.loads(result.stdout)["findings"]) == 1


def test_exclude_may_name_the_path_as_given(in_tmp: Path) -> None:
    (in_tmp / "cards" / "drafts").mkdir(parents=True)
    (in_tmp / "cards" / "a.txt").write_text("Creature — Goblin\n", encoding="utf-8")
    (in_tmp / "cards" / "drafts" / "d.txt").write_text(FOREST, encoding="utf-8")
    for pattern in ("cards/drafts", "drafts", "**/drafts"):
        result = run_cli(["check", "--format", "json", "--exclude", pattern, "cards"])
        assert json.loads(result.stdout)["summary"]["files"] == 1, pattern


def test_a_suppression_may_name_a_code_prefix() -> None:
    assert run_cli(["check", "-"], "Creature — Forest  # typeline: ignore[TL3]\n").exit_code == 0
    assert run_cli(["check", "-"], "Creature — Forest  # typeline: ignore[TL2]\n").exit_code == 1


def test_explain_says_which_edition_its_examples_are_for() -> None:
    result = run_cli(["explain", "TL202", "--edition", "2020-08-07"])
    assert "Examples (under the 2026-09-25 edition):" in result.stdout


@pytest.mark.parametrize("option", ["--select", "--extend-select", "--ignore"])
@pytest.mark.parametrize("value", ["", ",", " , "])
def test_a_selector_option_with_nothing_in_it_is_a_usage_error(option: str, value: str) -> None:
    result = run_cli(["check", option, value, "-"], FOREST)
    assert result.exit_code == 2
    assert result.stderr == f"typeline: error: {option} {value!r}: give codes, prefixes or names\n"


@pytest.mark.parametrize(
    ("option", "said"),
    [
        ("--write-baseline", "give a file name"),
        ("--baseline", "give a file name"),
        ("--oracle", "give a file name"),
        ("--config", "give a file name"),
        ("--key", "give a key"),
    ],
)
def test_a_file_or_key_option_given_empty_is_a_usage_error(option: str, said: str) -> None:
    """An empty shell variable (`--baseline "$BASELINE"`): not a run that quietly does
    without the file, or writes no baseline, as `-o ''` is not either."""
    result = run_cli(["check", option, "", "-"], FOREST)
    assert result.exit_code == 2
    assert result.stderr == f"typeline: error: {option} '': {said}\n"


@pytest.mark.usefixtures("in_tmp")
def test_a_baseline_is_not_written_to_a_file_named_as_standard_output() -> None:
    result = run_cli(["check", "--write-baseline", "-", "-"], FOREST)
    assert result.exit_code == 2
    assert result.stderr == (
        "typeline: error: --write-baseline -: give a file name; a baseline is a file, "
        "read back with --baseline\n"
    )
    assert not Path("-").exists()
    assert run_cli(["check", "--write-baseline", "./-", "-"], FOREST).exit_code == 0
    assert Path("-").is_file()


@pytest.mark.usefixtures("in_tmp")
def test_an_empty_configured_selection_still_selects_nothing() -> None:
    write(".typeline.yaml", "select: []\n")
    assert run_cli(["check", "-"], FOREST).exit_code == 0


def test_diff_with_exit_zero_exits_zero() -> None:
    result = run_cli(["check", "--diff", "--exit-zero", "-"], "Creature - Elf\n")
    assert (result.exit_code, result.stderr) == (0, "Would fix 1 finding in 1 file.\n")
    assert result.stdout.startswith("--- -\n+++ -\n")
    assert run_cli(["check", "--diff", "-"], "Creature - Elf\n").exit_code == 1
