"""Configuration files and option values made to break a reader: YAML aliases that nest a
few bytes into a value of billions of items, numbers of thousands of digits (Python's `int`
refuses more than 4,300), NUL and control characters, a pyproject.toml of ours that is not
UTF-8. Each is an error that names the file (and the line and column where it can), in a
message of bounded length, or is read as the user means it; never an internal error."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli

pytestmark = pytest.mark.usefixtures("here")

HUGE = "9" * 5000


def laughs(levels: int) -> str:
    """A YAML value of a few hundred bytes whose nine lists of nine, `levels` deep, hold 9**levels items."""
    anchors = ['&a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels):
        anchors.append(f"&{chr(97 + level)} [" + ", ".join([f"*{chr(96 + level)}"] * 9) + "]")
    return "[" + ", ".join(anchors) + "]"


def cards(folder: Path) -> None:
    (folder / "cards.txt").write_text("Creature \u2014 Elf\n", encoding="utf-8")


def test_a_value_of_aliases_is_shown_short(here: Path) -> None:
    cards(here)
    (here / ".typeline.yaml").write_text(f"jobs: {laughs(9)}\n", encoding="utf-8")
    result = run_cli(["check", "cards.txt"])
    assert result.exit_code == 2
    said = result.stderr
    assert said.startswith(
        f"typeline: error: {here / '.typeline.yaml'}:1:1: key 'jobs' must be a whole number"
    )
    assert said.endswith("...\n") and len(said) < 300


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (f"jobs: {HUGE}\n", "1:7: key 'jobs': a number too long to read (over 4,300 digits)"),
        ('rules: "a\\0b"\n', "1:1: key 'rules' holds a NUL character (\\0)"),
        ('output-file: "\\0"\n', "1:1: key 'output-file' holds a NUL character (\\0)"),
        ('encoding: "\\0"\n', "1:1: key 'encoding' holds a NUL character (\\0)"),
        ('per-file-ignores: {"a\\0": [TL101]}\n', "1:1: key 'per-file-ignores' holds a NUL character (\\0)"),
        (
            "select: [TL3]\n# \u00e9\x07\n",
            "2:4: not valid YAML: unacceptable character #x0007: control characters are not allowed",
        ),
    ],
)
def test_a_yaml_configuration_that_no_run_can_use_is_said_with_its_place(
    here: Path, text: str, message: str
) -> None:
    cards(here)
    (here / ".typeline.yaml").write_text(text, encoding="utf-8")
    result = run_cli(["check", "cards.txt"])
    assert result.exit_code == 2
    assert result.stderr == f"typeline: error: {here / '.typeline.yaml'}:{message}\n"


def test_a_pyproject_of_another_tool_with_a_long_number_is_passed_over(here: Path) -> None:
    cards(here)
    (here / "pyproject.toml").write_text(
        f'[project]\nname = "cards"\n[tool.other]\nx = {HUGE}\n', encoding="utf-8"
    )
    result = run_cli(["check", "cards.txt"])
    assert result.exit_code == 0 and result.stderr == ""


def test_our_table_with_a_long_number_is_an_error(here: Path) -> None:
    cards(here)
    (here / "pyproject.toml").write_text(f"[tool.typeline]\njobs = {HUGE}\n", encoding="utf-8")
    result = run_cli(["check", "cards.txt"])
    assert result.exit_code == 2
    assert result.stderr == (
        f"typeline: error: {here / 'pyproject.toml'}: not valid TOML: "
        "a number too long to read (over 4,300 digits)\n"
    )


def test_our_table_in_a_pyproject_that_is_not_utf8_is_an_error_not_passed_over(here: Path) -> None:
    cards(here)
    (here / "cards.txt").write_text("Creature Goblin\n", encoding="utf-8")
    (here / "pyproject.toml").write_bytes(b'[tool.typeline]\n# caf\xe9\nignore = ["TL301"]\n')
    result = run_cli(["check", "cards.txt"])
    assert result.exit_code == 2
    assert result.stderr == f"typeline: error: {here / 'pyproject.toml'}: the configuration is not UTF-8\n"


def test_a_pyproject_of_another_tool_that_is_not_utf8_is_passed_over(here: Path) -> None:
    cards(here)
    (here / "pyproject.toml").write_bytes(b'[project]\nname = "caf\xe9"\n')
    assert run_cli(["check", "cards.txt"]).exit_code == 0


@pytest.mark.parametrize(
    ("args", "status", "said"),
    [
        (["--max-member-size", HUGE], 2, "give a size in bytes, or with K, M or G (64M)"),
        (["--max-member-size", "0" * 5000 + "64M"], 0, ""),
        (["--column", HUGE], 2, ": the first row has 2 columns"),
        (["--column", "0" * 5000 + "2"], 0, ""),
        (["--column", "0" * 5000], 2, "--column " + "0" * 5000 + ": column numbers start at 1"),
    ],
)
def test_numbers_of_thousands_of_digits_on_the_command_line(
    here: Path, args: list[str], status: int, said: str
) -> None:
    (here / "cards.csv").write_text("name,type\nLlanowar Elves,Creature \u2014 Elf Druid\n", encoding="utf-8")
    result = run_cli(["check", "--no-config", *args, "cards.csv"])
    assert result.exit_code == status
    assert said in result.output + result.stderr


@pytest.mark.parametrize(
    ("text", "args", "message"),
    [
        (
            'edition: "2024-06-08"\n',
            [],
            "key 'edition': unknown edition '2024-06-08': give the exact effective date of a shipped edition",
        ),
        ('column: "0"\n', [], "key 'column': --column 0: column numbers start at 1"),
    ],
)
def test_a_configured_value_no_run_can_take_names_the_file_and_key(
    here: Path, text: str, args: list[str], message: str
) -> None:
    cards(here)
    (here / ".typeline.yaml").write_text(text, encoding="utf-8")
    result = run_cli(["check", *args, "cards.txt"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"typeline: error: {here / '.typeline.yaml'}: {message}")


def test_of_two_configured_values_no_run_can_take_the_first_is_named_with_its_own_error(here: Path) -> None:
    cards(here)
    for text, message in (
        ('column: "0"\nedition: "2024-06-08"\n', "key 'column': --column 0: column numbers start at 1"),
        ('edition: "2024-06-08"\ncolumn: "0"\n', "key 'edition': unknown edition '2024-06-08'"),
    ):
        (here / ".typeline.yaml").write_text(text, encoding="utf-8")
        result = run_cli(["check", "cards.txt"])
        assert result.exit_code == 2
        assert result.stderr.startswith(f"typeline: error: {here / '.typeline.yaml'}: {message}")


def test_configured_values_wrong_only_together_are_said_as_they_are(here: Path) -> None:
    cards(here)
    (here / ".typeline.yaml").write_text('edition: "2020-08-07"\nas-of: "2020-01-01"\n', encoding="utf-8")
    result = run_cli(["check", "cards.txt"])
    assert result.exit_code == 2
    assert result.stderr == "typeline: error: --edition and --as-of exclude each other\n"


def test_a_typed_value_no_run_can_take_is_the_option_s_error(here: Path) -> None:
    cards(here)
    (here / ".typeline.yaml").write_text("strict: true\n", encoding="utf-8")
    result = run_cli(["check", "--column", "0", "cards.txt"])
    assert result.exit_code == 2
    assert result.stderr == "typeline: error: --column 0: column numbers start at 1\n"
