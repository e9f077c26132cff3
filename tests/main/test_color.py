"""`typeline check --color WHEN` with FORCE_COLOR and NO_COLOR, the `color` key of the
configuration, and a terminal: when the text output is styled, and that styling is all that
changes.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import run_cli
from helpers.reports import ERROR, ERROR_TEXT, SGR

from mtg_typeline.main.check import color_words
from mtg_typeline.reporters.text import wants_color


def styled(args: list[str], env: dict[str, str | None] | None = None) -> bool:
    """Whether `typeline check ARGS -` styles its text output (standard input: an error)."""
    result = run_cli(["check", "--no-config", *args], ERROR, env=env)
    assert SGR.sub("", result.stdout) == ERROR_TEXT, result.output
    return bool(SGR.search(result.stdout))


# --color WHEN


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--color", "always", "-"], True),
        (["--color=always", "-"], True),
        (["--color", "-"], True),  # alone: always, as when it was a flag
        (["-", "--color"], True),
        (["--color", "never", "-"], False),
        (["--color=never", "-"], False),
        (["--no-color", "-"], False),
        (["--color", "auto", "-"], False),  # not a terminal
        (["-"], False),
        (["--color", "--no-color", "-"], False),  # the last one wins
        (["--no-color", "--color", "-"], True),
        (["--color", "never", "--color", "always", "-"], True),
    ],
)
def test_color_when(repo: Path, args: list[str], expected: bool) -> None:
    assert styled(args) is expected


def test_color_alone_before_a_path_takes_no_value(repo: Path) -> None:
    (repo / "cards.txt").write_text(ERROR, encoding="utf-8")
    result = run_cli(["check", "--no-config", "--color", "cards.txt"])
    assert result.exit_code == 1
    assert SGR.search(result.stdout)
    assert SGR.sub("", result.stdout).startswith("cards.txt:1:12: error TL304")


def test_a_bad_color_value_is_a_usage_error(repo: Path) -> None:
    result = run_cli(["check", "--color=sometimes", "-"], ERROR)
    assert result.exit_code == 2
    assert "'sometimes' is not one of 'auto', 'always', 'never'" in result.stderr


def test_after_a_double_dash_color_is_a_path(repo: Path) -> None:
    result = run_cli(["check", "--no-config", "--", "--color"])
    assert result.exit_code == 2
    assert "cannot read --color: No such file or directory" in result.stdout


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"FORCE_COLOR": "1"}, True),
        ({"FORCE_COLOR": "0"}, True),  # any value but the empty string, as force-color.org says
        ({"FORCE_COLOR": ""}, False),  # empty: as if unset
        ({"NO_COLOR": "1"}, False),
        ({"NO_COLOR": "1", "FORCE_COLOR": "1"}, False),  # NO_COLOR wins
        ({"NO_COLOR": "", "FORCE_COLOR": "1"}, True),
    ],
)
def test_color_auto_follows_force_color_and_no_color(
    repo: Path, env: dict[str, str | None], expected: bool
) -> None:
    assert styled(["-"], env) is expected
    assert styled(["--color", "auto", "-"], env) is expected


@pytest.mark.parametrize(
    "env", [{"NO_COLOR": "1"}, {"FORCE_COLOR": "1"}, {"NO_COLOR": "1", "FORCE_COLOR": "1"}]
)
def test_color_always_and_never_beat_the_variables(repo: Path, env: dict[str, str | None]) -> None:
    assert styled(["--color", "always", "-"], env) is True
    assert styled(["--color", "never", "-"], env) is False
    assert styled(["--no-color", "-"], env) is False


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("environ", "expected"),
    [({}, True), ({"FORCE_COLOR": ""}, True), ({"NO_COLOR": ""}, True), ({"NO_COLOR": "x"}, False)],
)
def test_a_terminal_is_styled_unless_no_color(environ: dict[str, str], expected: bool) -> None:
    assert wants_color(_Terminal(), environ) is expected
    assert wants_color(io.StringIO(), environ) is False


@pytest.mark.parametrize(
    ("value", "env", "expected"),
    [
        ('"always"', {}, True),
        ("true", {}, True),
        ('"never"', {"FORCE_COLOR": "1"}, False),
        ("false", {"FORCE_COLOR": "1"}, False),
        ('"auto"', {}, False),
        ('"auto"', {"FORCE_COLOR": "1"}, True),
    ],
)
def test_color_key_of_the_configuration(
    repo: Path, value: str, env: dict[str, str | None], expected: bool
) -> None:
    (repo / "pyproject.toml").write_text(f"[tool.typeline]\ncolor = {value}\n", encoding="utf-8")
    result = run_cli(["check", "-"], ERROR, env=env)
    assert bool(SGR.search(result.stdout)) is expected
    over = run_cli(["check", "--color", "never" if expected else "always", "-"], ERROR, env=env)
    assert bool(SGR.search(over.stdout)) is not expected


def test_color_words_leave_option_values_and_the_rest_alone() -> None:
    valued = ["--key", "--column", "-o"]
    assert color_words(["--key", "--color", "a.yaml"], valued) == ["--key", "--color", "a.yaml"]
    assert color_words(["--color", "never", "x"], valued) == ["--color=never", "x"]
    assert color_words(["--color", "x"], valued) == ["--color=always", "x"]
    assert color_words(["--color"], valued) == ["--color=always"]
    assert color_words(["--", "--no-color"], valued) == ["--", "--no-color"]
    assert color_words(["--no-color", "--", "--color"], valued) == ["--color=never", "--", "--color"]
