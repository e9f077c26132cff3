"""The configuration through the command line: which file a run uses (found upward, named
with `--config`, none with `--no-config`), errors in it that name the file and the key and
stop the run, and every key at once from TOML and from YAML.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import run_cli
from helpers.configs import (
    CONFIGS,
    ERROR,
    KEY_LIST,
    WARNING,
    cards,
    found,
    old_rules,
    pyproject,
    refused,
    yaml_config,
)

# The command line: where the configuration comes from


def test_pyproject_is_used(here: Path) -> None:
    pyproject(here, 'select = ["TL304"]\n')
    cards(here, WARNING + ERROR)
    assert found(run_cli(["check", "--format", "json", "cards.txt"])) == [("cards.txt", 2, "TL304")]


def test_yaml_is_used(here: Path) -> None:
    yaml_config(here, "select: [TL101]\n")
    cards(here, WARNING + ERROR)
    assert found(run_cli(["check", "--format", "json", "cards.txt"])) == [("cards.txt", 1, "TL101")]


def test_yaml_wins_over_pyproject_in_the_same_folder(here: Path) -> None:
    pyproject(here, 'select = ["TL304"]\n')
    yaml_config(here, "select: [TL101]\n")
    cards(here, WARNING + ERROR)
    assert found(run_cli(["check", "--format", "json", "cards.txt"])) == [("cards.txt", 1, "TL101")]


def test_configuration_is_found_from_a_subdirectory(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pyproject(here, 'select = ["TL304"]\nformat = "json"\n')
    deep = here / "sets" / "old"
    cards(deep, WARNING + ERROR)
    monkeypatch.chdir(deep)
    assert found(run_cli(["check", "cards.txt"])) == [("cards.txt", 2, "TL304")]


def test_a_pyproject_without_the_table_is_passed_over(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    yaml_config(here, "select: [TL101]\n")
    inner = here / "inner"
    inner.mkdir()
    (inner / "pyproject.toml").write_text('[project]\nname = "x"\n[tool.ruff]\nselect = ["E"]\n', "utf-8")
    cards(inner, WARNING + ERROR)
    monkeypatch.chdir(inner)
    assert found(run_cli(["check", "--format", "json", "cards.txt"])) == [("cards.txt", 1, "TL101")]


def test_an_odd_pyproject_that_is_not_ours_is_passed_over(here: Path) -> None:
    (here / "pyproject.toml").write_text("tool = 1\n", encoding="utf-8")
    result = run_cli(["check", "-q", "-"], ERROR)
    assert result.exit_code == 1
    assert result.stderr == ""


def test_the_nearest_configuration_wins(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    yaml_config(here, "select: [TL101]\n")
    inner = here / "inner"
    inner.mkdir()
    pyproject(inner, 'select = ["TL304"]\n')
    monkeypatch.chdir(inner)
    assert found(run_cli(["check", "--format", "json", "-"], WARNING + ERROR)) == [("-", 2, "TL304")]


def test_config_option_names_the_file(here: Path) -> None:
    yaml_config(here, "select: [TL101]\n")
    (here / "ci.yaml").write_text("select: [TL304]\n", encoding="utf-8")
    result = run_cli(["check", "--format", "json", "--config", "ci.yaml", "-"], WARNING + ERROR)
    assert found(result) == [("-", 2, "TL304")]


def test_config_option_reads_a_pyproject_anywhere(here: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    config = pyproject(elsewhere, 'select = ["TL304"]\n')
    result = run_cli(["check", "--format", "json", "--config", str(config), "-"], WARNING + ERROR)
    assert found(result) == [("-", 2, "TL304")]


def test_config_option_to_a_missing_file(here: Path) -> None:
    assert refused("--config", "missing.toml") == (
        "missing.toml: cannot read the configuration: No such file or directory\n"
    )


def test_config_option_to_a_folder(here: Path) -> None:
    (here / "conf").mkdir()
    assert refused("--config", "conf").startswith("conf: cannot read the configuration: ")


def test_config_option_to_a_pyproject_without_the_table(here: Path) -> None:
    (here / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert refused("--config", "pyproject.toml") == "pyproject.toml: has no [tool.typeline] table\n"


def test_no_config_reads_none(here: Path) -> None:
    yaml_config(here, "select: [TL101]\nfail-on: [broken\n")
    result = run_cli(["check", "--format", "json", "--no-config", "-"], WARNING + ERROR)
    assert result.exit_code == 1
    assert found(result) == [("-", 1, "TL101"), ("-", 2, "TL304")]


def test_a_broken_configuration_stops_the_run(here: Path) -> None:
    yaml_config(here, "select: [TL101]\nfail-on: [broken\n")
    result = run_cli(["check", "-"], ERROR)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert re.fullmatch(
        rf"typeline: error: {re.escape(str(here / '.typeline.yaml'))}:\d+:\d+: not valid YAML: .+\n",
        result.stderr,
    )


# The command line: errors in the configuration name the file and the key


def test_unknown_key_in_pyproject(here: Path) -> None:
    path = pyproject(here, "strict = true\nverbose = true\n")
    assert refused() == f"{path}: [tool.typeline]: unknown key 'verbose' (the keys are: {KEY_LIST})\n"


def test_unknown_key_in_yaml(here: Path) -> None:
    path = yaml_config(here, "strict: true\nverbose: true\n")
    assert refused() == f"{path}:2:1: unknown key 'verbose' (the keys are: {KEY_LIST})\n"


def test_wrong_value_in_pyproject(here: Path) -> None:
    path = pyproject(here, 'fail-on = "sometimes"\n')
    assert refused() == (
        f"{path}: [tool.typeline]: key 'fail-on' must be one of error, warning, info, not 'sometimes'\n"
    )


def test_wrong_value_in_yaml(here: Path) -> None:
    path = yaml_config(here, "quiet: true\nstrict: 'yes'\n")
    assert refused() == f"{path}:2:1: key 'strict' must be true or false, not 'yes'\n"


def test_duplicate_key_in_yaml(here: Path) -> None:
    path = yaml_config(here, "strict: true\nstrict: false\n")
    assert refused() == f"{path}:2:1: duplicate key 'strict' in the configuration (first on line 1)\n"


def test_invalid_toml(here: Path) -> None:
    path = here / "pyproject.toml"
    path.write_text("[tool.typeline]\nstrict = true\nselect = [\n", encoding="utf-8")
    assert refused("--config", str(path)).startswith(f"{path}: not valid TOML: ")


def test_invalid_yaml(here: Path) -> None:
    path = yaml_config(here, "strict: true\nselect: [TL1\n")
    assert refused() == f"{path}:3:1: not valid YAML: did not find expected ',' or ']'\n"


@pytest.mark.parametrize(
    ("key", "body"),
    [
        ("select", 'select = ["TL999"]\n'),
        ("extend-select", 'extend-select = ["no-such-check"]\n'),
        ("ignore", 'ignore = ["TL3", "E501"]\n'),
        ("per-file-ignores", 'per-file-ignores = {"*.txt" = ["TL999"]}\n'),
    ],
)
def test_unknown_code_in_the_configuration_names_the_file_and_key(here: Path, key: str, body: str) -> None:
    path = pyproject(here, body)
    message = refused()
    assert str(path) in message
    assert key in message


@pytest.mark.parametrize("value", ["xml", "statistics", "auto-ish"])
def test_unknown_format_in_the_configuration_names_the_file_and_key(here: Path, value: str) -> None:
    path = pyproject(here, f'format = "{value}"\n')
    message = refused()
    assert str(path) in message
    assert "'format'" in message


def test_unknown_edition_in_the_configuration_is_an_error(here: Path) -> None:
    pyproject(here, 'edition = "1999-01-01"\n')
    assert "1999-01-01" in refused()


# The whole configuration at once

ORACLE = '[{"name": "Llanowar Elves", "type_line": "Creature — Elf Druid"}]'  # the `oracle` key's


def nameless(path: str) -> str:
    """The warning for a text input checked with an Oracle file."""
    return (
        f"typeline: warning: {path}: its type lines have no card names, so none of them can be "
        "compared with the Oracle file (--oracle)\n"
    )


def test_every_key_through_the_command_line(here: Path) -> None:
    shutil.copyfile(CONFIGS / "every-key.toml", here / "pyproject.toml")
    old_rules(here / "rules")
    cards(here, (CONFIGS / "cards.txt").read_text(encoding="utf-8"), "legacy/cards.txt")
    cards(here, (CONFIGS / "cards.txt").read_text(encoding="utf-8"), "vendor/cards.txt")
    # edition, rules and as-of together are refused; the rest is read as configured
    stopped = run_cli(["check", "."])
    assert stopped.exit_code == 2
    assert stopped.stderr == "typeline: error: --edition, --rules and --as-of exclude each other\n"
    pyproject_text = (
        (here / "pyproject.toml")
        .read_text(encoding="utf-8")
        .replace('edition = "2020-08-07"\n', "")
        .replace("as-of = 2024-06-06\n", "")
    )
    pyproject_text = pyproject_text.replace('input-format = "csv"\ncolumn = "Type Line"\nkey = "types"\n', "")
    pyproject_text = pyproject_text.split("\n[tool.typeline.per-card-ignores]")[0]  # no cards in text
    (here / "pyproject.toml").write_text(pyproject_text, encoding="utf-8")
    (here / "known.json").write_text('{"version": 1, "files": {}}', encoding="utf-8")  # the baseline
    (here / "oracle.json").write_text(ORACLE, encoding="utf-8")
    result = run_cli(["check", "."])
    # statistics in json, to report.json; TL1 and TL3 but not dash-form; word-case ignored in
    # legacy/; vendor/ excluded; exit zero although fail-on is info; the Oracle file read, and
    # a text input has no card names to compare
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", nameless("legacy/cards.txt"))
    assert json.loads((here / "report.json").read_text(encoding="utf-8")) == [
        {"code": "TL304", "name": "subtype-type-mismatch", "severity": "error", "count": 1, "fixable": False}
    ]


def test_every_key_from_yaml_through_the_command_line(here: Path) -> None:
    text = (CONFIGS / "every-key.yaml").read_text(encoding="utf-8").replace('edition: "2020-08-07"\n', "")
    text = text.replace("as-of: 2024-06-06\n", "")
    # the cards are text here: reading them as CSV is tested with the CSV reader
    text = text.replace("input-format: csv\ncolumn: Type Line\nkey: types\n", "")
    text = text.replace(
        "per-card-ignores:\n  State: [TL201]\n  tokens.xml:\n    Bounty: [unknown-subtype]\n", ""
    )
    yaml_config(here, text)
    old_rules(here / "rules")
    cards(here, (CONFIGS / "cards.txt").read_text(encoding="utf-8"), "new/cards.txt")
    (here / "known.json").write_text('{"version": 1, "files": {}}', encoding="utf-8")  # the baseline
    (here / "oracle.json").write_text(ORACLE, encoding="utf-8")
    result = run_cli(["check", "."])
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", nameless("new/cards.txt"))
    assert json.loads((here / "report.json").read_text(encoding="utf-8")) == [
        {"code": "TL103", "name": "word-case", "severity": "warning", "count": 1, "fixable": True},
        {"code": "TL304", "name": "subtype-type-mismatch", "severity": "error", "count": 1, "fixable": False},
    ]
