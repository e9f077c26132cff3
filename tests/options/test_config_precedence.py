"""Precedence: command line > configuration > default, for the exit status, the selection,
the format, quiet, colour, statistics, the edition and rule files (relative to the file that
names them).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli
from helpers.configs import (
    CLEAN,
    ERROR,
    INFO,
    OLD_ONLY,
    WARNING,
    found,
    old_rules,
    pyproject,
    refused,
    yaml_config,
)


@pytest.mark.parametrize(
    ("body", "args", "statuses"),
    [
        # exit statuses for clean, info, warning and error input
        ("", [], (0, 0, 0, 1)),
        ('fail-on = "warning"\n', [], (0, 0, 1, 1)),
        ('fail-on = "info"\n', [], (0, 1, 1, 1)),
        ('fail-on = "warning"\n', ["--fail-on", "error"], (0, 0, 0, 1)),
        ('fail-on = "error"\n', ["--fail-on", "info"], (0, 1, 1, 1)),
        ('fail-on = "error"\n', ["--strict"], (0, 0, 1, 1)),
        ('fail-on = "info"\n', ["--strict"], (0, 0, 1, 1)),
        ("strict = true\n", [], (0, 0, 1, 1)),
        ("strict = true\n", ["--fail-on", "error"], (0, 0, 0, 1)),
        ("strict = true\n", ["--fail-on", "info"], (0, 1, 1, 1)),
        ("strict = false\n", ["--strict"], (0, 0, 1, 1)),
        ('strict = true\nfail-on = "info"\n', [], (0, 1, 1, 1)),  # fail-on is given: strict yields
        ('strict = true\nfail-on = "error"\n', [], (0, 0, 0, 1)),
        ("exit-zero = true\n", [], (0, 0, 0, 0)),
        ('exit-zero = true\nfail-on = "info"\n', [], (0, 0, 0, 0)),
        ("exit-zero = false\n", ["--exit-zero"], (0, 0, 0, 0)),
        ("exit-zero = false\n", [], (0, 0, 0, 1)),
        ('ignore = ["TL304"]\n', [], (0, 0, 0, 0)),
        ('select = ["TL101"]\n', ["--strict"], (0, 0, 1, 0)),
        ('select = ["TL101"]\n', ["--select", "TL304"], (0, 0, 0, 1)),
    ],
)
def test_exit_status_precedence(here: Path, body: str, args: list[str], statuses: tuple[int, ...]) -> None:
    pyproject(here, body)
    got = tuple(
        run_cli(["check", "-q", *args, "-"], text).exit_code for text in (CLEAN, INFO, WARNING, ERROR)
    )
    assert got == statuses


def test_exit_zero_in_the_configuration_still_exits_2_for_unreadable_input(here: Path) -> None:
    pyproject(here, "exit-zero = true\n")
    assert run_cli(["check", "-q", "missing.txt"]).exit_code == 2


MIXED = WARNING + ERROR + "creature — Elf\n" + INFO


@pytest.mark.parametrize(
    ("body", "args", "codes"),
    [
        ('select = ["TL304"]\n', [], ["TL304"]),
        ('select = ["TL304"]\n', ["--select", "TL101"], ["TL101"]),
        ('select = ["TL304"]\n', ["--select", "TL1"], ["TL101", "TL103"]),
        ('select = ["TL304"]\n', ["--extend-select", "TL207"], ["TL304", "TL207"]),
        ('extend-select = ["TL904"]\nselect = ["TL1"]\n', [], ["TL101", "TL103"]),
        ('ignore = ["TL1"]\n', [], ["TL304", "TL207"]),
        ('ignore = ["word-case", "emblem"]\n', [], ["TL101", "TL304"]),
        ('ignore = ["TL1"]\n', ["--ignore", "TL2"], ["TL101", "TL304", "TL103"]),
        ('select = ["dash-form", "TL3"]\nignore = ["TL304"]\n', [], ["TL101"]),
        ('select = ["TL101,TL304"]\n', [], ["TL101", "TL304"]),
    ],
)
def test_selection_precedence(here: Path, body: str, args: list[str], codes: list[str]) -> None:
    pyproject(here, body)
    result = run_cli(["check", "--format", "json", *args, "-"], MIXED)
    assert [code for _, _, code in found(result)] == codes


def test_yaml_selection(here: Path) -> None:
    yaml_config(here, "select:\n  - TL1\n  - subtype-type-mismatch\nignore: [word-case]\n")
    result = run_cli(["check", "--format", "json", "-"], MIXED)
    assert [code for _, _, code in found(result)] == ["TL101", "TL304"]


def test_format_from_the_configuration_and_over_it(here: Path) -> None:
    pyproject(here, 'format = "json"\n')
    assert json.loads(run_cli(["check", "-"], ERROR).stdout)["summary"]["errors"] == 1
    text = run_cli(["check", "--format", "text", "-q", "-"], ERROR).stdout
    assert text.startswith("-:1:12: error TL304 subtype-type-mismatch\n")


def test_quiet_from_the_configuration(here: Path) -> None:
    pyproject(here, "quiet = true\n")
    assert run_cli(["check", "-"], CLEAN).stdout == ""
    loud = run_cli(["check", "--no-config", "-"], CLEAN).stdout
    assert loud == "No problems in 1 type line in 1 file.\n"


def test_color_from_the_configuration_and_over_it(here: Path) -> None:
    pyproject(here, "color = true\n")
    assert "\x1b[" in run_cli(["check", "-"], ERROR).stdout
    assert "\x1b[" not in run_cli(["check", "--no-color", "-"], ERROR).stdout


def test_no_color_from_the_configuration_and_over_it(here: Path) -> None:
    pyproject(here, "color = false\n")
    assert "\x1b[" not in run_cli(["check", "-"], ERROR).stdout
    assert "\x1b[" in run_cli(["check", "--color", "-"], ERROR).stdout


def test_statistics_from_the_configuration(here: Path) -> None:
    pyproject(here, 'statistics = true\nformat = "json"\n')
    result = run_cli(["check", "-"], WARNING + ERROR)
    assert json.loads(result.stdout) == [
        {"code": "TL101", "name": "dash-form", "severity": "warning", "count": 1, "fixable": True},
        {"code": "TL304", "name": "subtype-type-mismatch", "severity": "error", "count": 1, "fixable": False},
    ]
    text = run_cli(["check", "--format", "text", "-"], WARNING + ERROR).stdout
    assert text == (
        "1  TL101  dash-form              warning [*]\n1  TL304  subtype-type-mismatch  error\n2  in all\n"
    )


def test_edition_from_the_configuration_and_over_it(here: Path) -> None:
    yaml_config(here, "edition: '2020-08-07'\n")
    old = json.loads(run_cli(["check", "--format", "json", "-"], OLD_ONLY).stdout)
    assert old["edition"] == "2020-08-07"
    assert old["findings"][0]["rules"] == ["205.3p"]
    new = json.loads(run_cli(["check", "--format", "json", "--edition", "2026-09-25", "-"], OLD_ONLY).stdout)
    assert new["edition"] == "2026-09-25"
    assert new["findings"][0]["rules"] == ["205.3r"]


def edition_used(*args: str) -> str:
    """The edition a run of `typeline check --format json ARGS -` used, with nothing said on
    standard error."""
    result = run_cli(["check", "--format", "json", *args, "-"], OLD_ONLY)
    assert result.stderr == ""
    return str(json.loads(result.stdout)["edition"])


def test_rules_are_relative_to_the_configuration(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old_rules(here / "data")
    pyproject(here, 'rules = "data/custom.yaml"\n')
    deep = here / "sets"
    deep.mkdir()
    monkeypatch.chdir(deep)
    assert edition_used() == "2020-07-03"


def test_rules_are_relative_to_a_config_named_with_the_option(here: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    old_rules(elsewhere / "data")
    (elsewhere / "typeline.yaml").write_text("rules: data/custom.yaml\n", encoding="utf-8")
    assert edition_used("--config", str(elsewhere / "typeline.yaml")) == "2020-07-03"


def test_missing_rules_from_the_configuration_name_the_resolved_path(here: Path) -> None:
    pyproject(here, 'rules = "data/none.yaml"\n')
    assert str(here / "data" / "none.yaml") in refused()


def test_rules_option_is_relative_to_the_working_directory(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pyproject(here, "quiet = true\n")
    deep = here / "sets"
    old_rules(deep / "data")
    monkeypatch.chdir(deep)
    assert edition_used("--rules", "data/custom.yaml") == "2020-07-03"


def test_edition_option_wins_over_configured_rules(here: Path) -> None:
    old_rules(here / "data")
    pyproject(here, 'rules = "data/custom.yaml"\n')
    assert edition_used("--edition", "2026-09-25") == "2026-09-25"


def test_rules_option_wins_over_configured_edition(here: Path) -> None:
    old_rules(here / "data")
    pyproject(here, 'edition = "2026-09-25"\n')
    assert edition_used("--rules", "data/custom.yaml") == "2020-07-03"


def test_edition_and_rules_both_configured_is_an_error(here: Path) -> None:
    old_rules(here / "data")
    pyproject(here, 'edition = "2026-09-25"\nrules = "data/custom.yaml"\n')
    assert refused()  # one line on standard error, exit status 2
