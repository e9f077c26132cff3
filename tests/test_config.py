"""Configuration files: `[tool.typeline]` in pyproject.toml and `.typeline.yaml`.

Finding the file (from the working directory upward), reading and validating it, the
precedence command line > configuration > default, `--config`/`--no-config`, per-file
ignores, include/exclude on directory trees, and errors that name the file and key.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from conftest import run_cli

from mtg_typeline.config import KEYS, Config, ConfigError, find_config, load_config
from mtg_typeline.ruleset import rules_dir

DATA = Path(__file__).resolve().parent / "data" / "config"


KEY_LIST = (
    "edition, as-of, rules, format, output-file, strict, quiet, color, select, extend-select, ignore, "
    "fail-on, exit-zero, statistics, per-file-ignores, include, exclude, input-format, column, key, "
    "encoding, respect-gitignore, hidden, force-exclude, skip-non-card-files, fix, unsafe-fixes, "
    "max-member-size, max-member-ratio, error-on-unmatched-pattern, per-card-ignores, baseline"
)

CLEAN = "Creature — Elf Warrior\n"
INFO = "Emblem\n"  # TL207 info
WARNING = "Creature - Elf\n"  # TL101 warning
ERROR = "Creature — Forest\n"  # TL304 error
OLD_ONLY = "Scheme — Villain\n"  # TL305, cited 205.3p in 2020-08-07 and 205.3r in 2026-09-25

EVERY_KEY: dict[str, Any] = {
    "edition": "2020-08-07",
    "as-of": "2024-06-06",
    "rules": "rules/custom.yaml",
    "format": "json",
    "output-file": "report.json",
    "strict": True,
    "quiet": True,
    "color": False,
    "select": ["TL1", "TL3"],
    "extend-select": ["TL904"],
    "ignore": ["dash-form"],
    "fail-on": "info",
    "exit-zero": True,
    "statistics": True,
    "include": ["*.txt", "*.types"],
    "exclude": ["vendor", "drafts/*"],
    "input-format": "csv",
    "column": "Type Line",
    "key": "types",
    "encoding": "utf-8",
    "respect-gitignore": False,
    "hidden": True,
    "force-exclude": True,
    "skip-non-card-files": True,
    "fix": False,  # true would fix the cards of the command-line tests below: see test_fix.py
    "unsafe-fixes": True,
    "max-member-size": "8M",
    "max-member-ratio": 500,
    "error-on-unmatched-pattern": False,
    "per-card-ignores": {"State": ["TL201"], "tokens.xml": {"Bounty": ["unknown-subtype"]}},
    "baseline": "known.json",
    "per-file-ignores": {"legacy/*.txt": ["TL101", "word-case"], "*.types": []},
}


invoke = run_cli


def found(result: Result) -> list[tuple[str, int, str]]:
    """(path, line, code) of each finding in a `--format json` run."""
    return [(f["path"], f["line"], f["code"]) for f in json.loads(result.stdout)["findings"]]


def pyproject(folder: Path, body: str) -> Path:
    path = folder / "pyproject.toml"
    path.write_text(f'[project]\nname = "cards"\n\n[tool.typeline]\n{body}', encoding="utf-8")
    return path


def yaml_config(folder: Path, body: str) -> Path:
    path = folder / ".typeline.yaml"
    path.write_text(body, encoding="utf-8")
    return path


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working directory (resolved, as `Path.cwd()` reports it)."""
    folder = tmp_path.resolve() / "project"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def cards(folder: Path, text: str, name: str = "cards.txt") -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# find_config


def test_find_config_in_the_folder(tmp_path: Path) -> None:
    config = yaml_config(tmp_path, "strict: true\n")
    assert find_config(tmp_path) == config


def test_find_config_pyproject_with_the_table(tmp_path: Path) -> None:
    config = pyproject(tmp_path, "strict = true\n")
    assert find_config(tmp_path) == config


def test_find_config_with_an_empty_table(tmp_path: Path) -> None:
    config = pyproject(tmp_path, "")
    assert find_config(tmp_path) == config
    assert load_config(config).values == {}


def test_find_config_looks_upward(tmp_path: Path) -> None:
    config = pyproject(tmp_path, "strict = true\n")
    deep = tmp_path / "a" / "b" / "c"
    deep.mkdir(parents=True)
    assert find_config(deep) == config


def test_find_config_nearest_wins(tmp_path: Path) -> None:
    yaml_config(tmp_path, "strict: true\n")
    inner = tmp_path / "inner"
    inner.mkdir()
    near = pyproject(inner, "strict = false\n")
    assert find_config(inner) == near


def test_find_config_yaml_wins_over_pyproject_in_one_folder(tmp_path: Path) -> None:
    pyproject(tmp_path, "strict = true\n")
    config = yaml_config(tmp_path, "strict: false\n")
    assert find_config(tmp_path) == config


@pytest.mark.parametrize(
    "text",
    [
        '[project]\nname = "cards"\n',
        "[tool.ruff]\nline-length = 100\n",
        "",
        "this is [not toml\n",
        'tool = "typeline"\n',
        "tool = 1\n",
        "[tool]\ntypeline-extra = 1\n",
    ],
)
def test_find_config_passes_over_a_pyproject_without_the_table(tmp_path: Path, text: str) -> None:
    outer = yaml_config(tmp_path, "strict: true\n")
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "pyproject.toml").write_text(text, encoding="utf-8")
    assert find_config(inner) == outer


def test_find_config_passes_over_a_pyproject_that_is_not_utf8(tmp_path: Path) -> None:
    outer = yaml_config(tmp_path, "strict: true\n")
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "pyproject.toml").write_bytes(b"[tool.typeline]\nedition = '\xff'\n")
    assert find_config(inner) == outer


def test_find_config_passes_over_folders_of_the_same_name(tmp_path: Path) -> None:
    outer = yaml_config(tmp_path, "strict: true\n")
    inner = tmp_path / "inner"
    (inner / ".typeline.yaml").mkdir(parents=True)
    (inner / "pyproject.toml").mkdir()
    assert find_config(inner) == outer


def test_find_config_ignores_other_names(tmp_path: Path) -> None:
    inner = tmp_path / "inner"
    inner.mkdir()
    for name in ("typeline.yaml", ".typeline.yml", "setup.cfg", ".typeline.toml"):
        (inner / name).write_text("strict: true\n", encoding="utf-8")
    assert find_config(inner) == find_config(tmp_path)


# load_config


def test_load_every_key_from_toml() -> None:
    config = load_config(DATA / "every-key.toml")
    assert config == Config(DATA / "every-key.toml", EVERY_KEY)
    assert config.root == DATA


def test_load_every_key_from_yaml() -> None:
    config = load_config(DATA / "every-key.yaml")
    assert dict(config.values) == EVERY_KEY
    assert config.root == DATA


def test_every_key_is_covered_by_the_data_files() -> None:
    assert set(EVERY_KEY) == set(KEYS)


def test_no_config_root_is_the_working_directory(here: Path) -> None:
    assert Config().root == here
    assert dict(Config().values) == {}


def test_empty_yaml_is_no_settings(tmp_path: Path) -> None:
    for text in ("", "\n\n", "  \n"):
        assert dict(load_config(yaml_config(tmp_path, text)).values) == {}


def test_yaml_of_comments_only_is_no_settings(tmp_path: Path) -> None:
    config = yaml_config(tmp_path, "# nothing configured yet\n# strict: true\n")
    assert dict(load_config(config).values) == {}


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / ".typeline.yaml"
    path.write_bytes(b"\xef\xbb\xbfstrict: true\n")
    assert dict(load_config(path).values) == {"strict": True}
    toml = tmp_path / "pyproject.toml"
    toml.write_bytes(b"\xef\xbb\xbf[tool.typeline]\nstrict = true\n")
    assert dict(load_config(toml).values) == {"strict": True}


def test_yaml_booleans(tmp_path: Path) -> None:
    config = yaml_config(tmp_path, "strict: yes\nquiet: off\nexit-zero: True\n")
    assert dict(load_config(config).values) == {"strict": True, "quiet": False, "exit-zero": True}


def test_load_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.toml"
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == f"{path}: cannot read the configuration: No such file or directory"


def test_load_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / ".typeline.yaml"
    path.write_bytes(b"edition: '\xff'\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == f"{path}: the configuration is not UTF-8"


def test_load_pyproject_without_the_table(tmp_path: Path) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_text('[project]\nname = "cards"\n', encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == f"{path}: has no [tool.typeline] table"


def test_load_pyproject_with_a_table_that_is_not_one(tmp_path: Path) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_text("[tool]\ntypeline = 1\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == f"{path}: [tool.typeline] must be a table"


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("[tool.typeline\n", "line 1, column 15"),
        ("[tool.typeline]\nstrict = yes\n", "line 2, column 10"),
        ("[tool.typeline]\nstrict = true\nstrict = false\n", "line 3"),
    ],
)
def test_load_invalid_toml(tmp_path: Path, text: str, position: str) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value).startswith(f"{path}: not valid TOML: ")
    assert position in str(caught.value)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("select: [TL1\n", "2:1"),
        ("strict: true\n\tquiet: true\n", "2:1"),
        ("strict: a: b\n", "1:10"),
        ('edition: "2020\n', "2:1"),
    ],
)
def test_load_invalid_yaml_names_line_and_column(tmp_path: Path, text: str, where: str) -> None:
    path = yaml_config(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value).startswith(f"{path}:{where}: not valid YAML: ")


def test_load_yaml_duplicate_key(tmp_path: Path) -> None:
    path = yaml_config(tmp_path, "select: [TL1]\nstrict: true\nselect: [TL2]\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == f"{path}:3:1: duplicate key 'select' in the configuration (first on line 1)"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- TL301\n", "1:1: the configuration must be a mapping"),
        ("just words\n", "1:1: the configuration must be a mapping"),
        ("~: true\n", "1:1: a key in the configuration must be a string"),
    ],
)
def test_load_yaml_that_is_no_mapping_of_names(tmp_path: Path, text: str, message: str) -> None:
    path = yaml_config(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == f"{path}:{message}"


def test_load_unknown_key_toml(tmp_path: Path) -> None:
    path = pyproject(tmp_path, "strict = true\nextend-ignore = ['TL101']\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == (
        f"{path}: [tool.typeline]: unknown key 'extend-ignore' (the keys are: {KEY_LIST})"
    )


def test_load_unknown_key_yaml(tmp_path: Path) -> None:
    path = yaml_config(tmp_path, "strict: true\n  # a comment\nfail_on: warning\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert (
        str(caught.value)
        == f"{path}:3:1: unknown key 'fail_on'; did you mean 'fail-on'? (the keys are: {KEY_LIST})"
    )


@pytest.mark.parametrize(
    ("key", "toml", "value", "kind"),
    [
        ("strict", '"yes"', "'yes'", "true or false"),
        ("quiet", "1", "1", "true or false"),
        ("color", '"yes"', "'yes'", "true, false or one of auto, always, never"),
        ("exit-zero", '"false"', "'false'", "true or false"),
        ("statistics", "[]", "[]", "true or false"),
        ("edition", '""', "''", "a string"),
        ("edition", "2020", "2020", "a string"),
        (
            "format",
            "true",
            "True",
            "one of text, json, concise, json-lines, github, sarif, junit, gitlab, markdown, auto",
        ),
        ("rules", "false", "False", "a path or a list of paths (strings)"),
        ("extend-select", '["TL904", 4]', "['TL904', 4]", "a list of strings"),
        ("ignore", "{}", "{}", "a list of strings"),
        ("exclude", "[[]]", "[[]]", "a list of strings"),
        ("fail-on", '"warnings"', "'warnings'", "one of error, warning, info"),
        ("fail-on", '"Error"', "'Error'", "one of error, warning, info"),
        ("fail-on", "true", "True", "one of error, warning, info"),
        ("per-file-ignores", '["*.txt"]', "['*.txt']", "a mapping of glob patterns to lists of codes"),
    ],
)
def test_wrong_typed_value_toml(tmp_path: Path, key: str, toml: str, value: str, kind: str) -> None:
    path = pyproject(tmp_path, f"{key} = {toml}\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == f"{path}: [tool.typeline]: key {key!r} must be {kind}, not {value}"


@pytest.mark.parametrize(
    ("key", "yaml", "value", "kind"),
    [
        ("strict", '"yes"', "'yes'", "true or false"),
        ("quiet", "1", "1", "true or false"),
        ("statistics", "", "None", "true or false"),
        ("edition", "", "None", "a string"),
        (
            "format",
            "[json]",
            "['json']",
            "one of text, json, concise, json-lines, github, sarif, junit, gitlab, markdown, auto",
        ),
        ("rules", "~", "None", "a path or a list of paths (strings)"),
        ("select", "[TL301, 302]", "['TL301', 302]", "a list of strings"),
        ("ignore", "[TL101, ~]", "['TL101', None]", "a list of strings"),
        ("fail-on", "sometimes", "'sometimes'", "one of error, warning, info"),
        ("fail-on", "yes", "True", "one of error, warning, info"),
        ("per-file-ignores", "[a]", "['a']", "a mapping of glob patterns to lists of codes"),
        (
            "per-file-ignores",
            "{'*.txt': }",
            "{'*.txt': None}",
            "a mapping of glob patterns to lists of codes",
        ),
    ],
)
def test_wrong_typed_value_yaml(tmp_path: Path, key: str, yaml: str, value: str, kind: str) -> None:
    path = yaml_config(
        tmp_path, f"strict: true\n{key}: {yaml}\n" if key != "strict" else f"\n{key}: {yaml}\n"
    )
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == f"{path}:2:1: key {key!r} must be {kind}, not {value}"


def test_yaml_per_file_ignores_need_string_globs(tmp_path: Path) -> None:
    path = yaml_config(tmp_path, "per-file-ignores:\n  1: [TL101]\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(path) in str(caught.value)
    assert "'per-file-ignores'" in str(caught.value)


def test_yaml_edition_may_be_written_as_a_date(here: Path) -> None:
    # `edition: 2020-08-07` is how anyone writes a date in YAML; it must not be rejected
    yaml_config(here, "edition: 2020-08-07\n")
    result = invoke(["check", "--format", "json", "-"], OLD_ONLY)
    assert result.stderr == ""
    assert json.loads(result.stdout)["edition"] == "2020-08-07"


# The command line: where the configuration comes from


def test_pyproject_is_used(here: Path) -> None:
    pyproject(here, 'select = ["TL304"]\n')
    cards(here, WARNING + ERROR)
    assert found(invoke(["check", "--format", "json", "cards.txt"])) == [("cards.txt", 2, "TL304")]


def test_yaml_is_used(here: Path) -> None:
    yaml_config(here, "select: [TL101]\n")
    cards(here, WARNING + ERROR)
    assert found(invoke(["check", "--format", "json", "cards.txt"])) == [("cards.txt", 1, "TL101")]


def test_yaml_wins_over_pyproject_in_the_same_folder(here: Path) -> None:
    pyproject(here, 'select = ["TL304"]\n')
    yaml_config(here, "select: [TL101]\n")
    cards(here, WARNING + ERROR)
    assert found(invoke(["check", "--format", "json", "cards.txt"])) == [("cards.txt", 1, "TL101")]


def test_configuration_is_found_from_a_subdirectory(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pyproject(here, 'select = ["TL304"]\nformat = "json"\n')
    deep = here / "sets" / "old"
    cards(deep, WARNING + ERROR)
    monkeypatch.chdir(deep)
    assert found(invoke(["check", "cards.txt"])) == [("cards.txt", 2, "TL304")]


def test_a_pyproject_without_the_table_is_passed_over(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    yaml_config(here, "select: [TL101]\n")
    inner = here / "inner"
    inner.mkdir()
    (inner / "pyproject.toml").write_text('[project]\nname = "x"\n[tool.ruff]\nselect = ["E"]\n', "utf-8")
    cards(inner, WARNING + ERROR)
    monkeypatch.chdir(inner)
    assert found(invoke(["check", "--format", "json", "cards.txt"])) == [("cards.txt", 1, "TL101")]


def test_an_odd_pyproject_that_is_not_ours_is_passed_over(here: Path) -> None:
    (here / "pyproject.toml").write_text("tool = 1\n", encoding="utf-8")
    result = invoke(["check", "-q", "-"], ERROR)
    assert result.exit_code == 1
    assert result.stderr == ""


def test_the_nearest_configuration_wins(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    yaml_config(here, "select: [TL101]\n")
    inner = here / "inner"
    inner.mkdir()
    pyproject(inner, 'select = ["TL304"]\n')
    monkeypatch.chdir(inner)
    assert found(invoke(["check", "--format", "json", "-"], WARNING + ERROR)) == [("-", 2, "TL304")]


def test_config_option_names_the_file(here: Path) -> None:
    yaml_config(here, "select: [TL101]\n")
    (here / "ci.yaml").write_text("select: [TL304]\n", encoding="utf-8")
    result = invoke(["check", "--format", "json", "--config", "ci.yaml", "-"], WARNING + ERROR)
    assert found(result) == [("-", 2, "TL304")]


def test_config_option_reads_a_pyproject_anywhere(here: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    config = pyproject(elsewhere, 'select = ["TL304"]\n')
    result = invoke(["check", "--format", "json", "--config", str(config), "-"], WARNING + ERROR)
    assert found(result) == [("-", 2, "TL304")]


def test_config_option_to_a_missing_file(here: Path) -> None:
    result = invoke(["check", "--config", "missing.toml", "-"], CLEAN)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        "typeline: error: missing.toml: cannot read the configuration: No such file or directory\n"
    )


def test_config_option_to_a_folder(here: Path) -> None:
    (here / "conf").mkdir()
    result = invoke(["check", "--config", "conf", "-"], CLEAN)
    assert result.exit_code == 2
    assert result.stderr.startswith("typeline: error: conf: cannot read the configuration: ")


def test_config_option_to_a_pyproject_without_the_table(here: Path) -> None:
    (here / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    result = invoke(["check", "--config", "pyproject.toml", "-"], CLEAN)
    assert result.exit_code == 2
    assert result.stderr == "typeline: error: pyproject.toml: has no [tool.typeline] table\n"


def test_no_config_reads_none(here: Path) -> None:
    yaml_config(here, "select: [TL101]\nfail-on: [broken\n")
    result = invoke(["check", "--format", "json", "--no-config", "-"], WARNING + ERROR)
    assert result.exit_code == 1
    assert found(result) == [("-", 1, "TL101"), ("-", 2, "TL304")]


def test_a_broken_configuration_stops_the_run(here: Path) -> None:
    yaml_config(here, "select: [TL101]\nfail-on: [broken\n")
    result = invoke(["check", "-"], ERROR)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert re.fullmatch(
        rf"typeline: error: {re.escape(str(here / '.typeline.yaml'))}:\d+:\d+: not valid YAML: .+\n",
        result.stderr,
    )


# The command line: errors in the configuration name the file and the key


def test_unknown_key_in_pyproject(here: Path) -> None:
    path = pyproject(here, "strict = true\nverbose = true\n")
    result = invoke(["check", "-"], CLEAN)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"typeline: error: {path}: [tool.typeline]: unknown key 'verbose' (the keys are: {KEY_LIST})\n"
    )


def test_unknown_key_in_yaml(here: Path) -> None:
    path = yaml_config(here, "strict: true\nverbose: true\n")
    result = invoke(["check", "-"], CLEAN)
    assert result.exit_code == 2
    assert result.stderr == f"typeline: error: {path}:2:1: unknown key 'verbose' (the keys are: {KEY_LIST})\n"


def test_wrong_value_in_pyproject(here: Path) -> None:
    path = pyproject(here, 'fail-on = "sometimes"\n')
    result = invoke(["check", "-"], CLEAN)
    assert result.exit_code == 2
    assert result.stderr == (
        f"typeline: error: {path}: [tool.typeline]: key 'fail-on' must be one of error, warning, info, "
        "not 'sometimes'\n"
    )


def test_wrong_value_in_yaml(here: Path) -> None:
    path = yaml_config(here, "quiet: true\nstrict: 'yes'\n")
    result = invoke(["check", "-"], CLEAN)
    assert result.exit_code == 2
    assert result.stderr == f"typeline: error: {path}:2:1: key 'strict' must be true or false, not 'yes'\n"


def test_duplicate_key_in_yaml(here: Path) -> None:
    path = yaml_config(here, "strict: true\nstrict: false\n")
    result = invoke(["check", "-"], CLEAN)
    assert result.exit_code == 2
    assert result.stderr == (
        f"typeline: error: {path}:2:1: duplicate key 'strict' in the configuration (first on line 1)\n"
    )


def test_invalid_toml(here: Path) -> None:
    path = here / "pyproject.toml"
    path.write_text("[tool.typeline]\nstrict = true\nselect = [\n", encoding="utf-8")
    result = invoke(["check", "--config", str(path), "-"], CLEAN)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"typeline: error: {path}: not valid TOML: ")


def test_invalid_yaml(here: Path) -> None:
    path = yaml_config(here, "strict: true\nselect: [TL1\n")
    result = invoke(["check", "-"], CLEAN)
    assert result.exit_code == 2
    assert result.stderr == f"typeline: error: {path}:3:1: not valid YAML: did not find expected ',' or ']'\n"


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
    result = invoke(["check", "-"], CLEAN)
    assert result.exit_code == 2
    assert result.stderr.startswith("typeline: error: ")
    assert str(path) in result.stderr
    assert key in result.stderr


@pytest.mark.parametrize("value", ["xml", "statistics", "auto-ish"])
def test_unknown_format_in_the_configuration_names_the_file_and_key(here: Path, value: str) -> None:
    path = pyproject(here, f'format = "{value}"\n')
    result = invoke(["check", "-"], ERROR)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert str(path) in result.stderr
    assert "'format'" in result.stderr


def test_unknown_edition_in_the_configuration_is_an_error(here: Path) -> None:
    pyproject(here, 'edition = "1999-01-01"\n')
    result = invoke(["check", "-"], ERROR)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "1999-01-01" in result.stderr


# Precedence: command line > configuration > default


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
    got = tuple(invoke(["check", "-q", *args, "-"], text).exit_code for text in (CLEAN, INFO, WARNING, ERROR))
    assert got == statuses


def test_exit_zero_in_the_configuration_still_exits_2_for_unreadable_input(here: Path) -> None:
    pyproject(here, "exit-zero = true\n")
    assert invoke(["check", "-q", "missing.txt"]).exit_code == 2


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
    result = invoke(["check", "--format", "json", *args, "-"], MIXED)
    assert [code for _, _, code in found(result)] == codes


def test_yaml_selection(here: Path) -> None:
    yaml_config(here, "select:\n  - TL1\n  - subtype-type-mismatch\nignore: [word-case]\n")
    result = invoke(["check", "--format", "json", "-"], MIXED)
    assert [code for _, _, code in found(result)] == ["TL101", "TL304"]


def test_format_from_the_configuration_and_over_it(here: Path) -> None:
    pyproject(here, 'format = "json"\n')
    assert json.loads(invoke(["check", "-"], ERROR).stdout)["summary"]["errors"] == 1
    text = invoke(["check", "--format", "text", "-q", "-"], ERROR).stdout
    assert text.startswith("-:1:12: error TL304 subtype-type-mismatch\n")


def test_quiet_from_the_configuration(here: Path) -> None:
    pyproject(here, "quiet = true\n")
    assert invoke(["check", "-"], CLEAN).stdout == ""
    loud = invoke(["check", "--no-config", "-"], CLEAN).stdout
    assert loud == "No problems in 1 type line in 1 file.\n"


def test_color_from_the_configuration_and_over_it(here: Path) -> None:
    pyproject(here, "color = true\n")
    assert "\x1b[" in invoke(["check", "-"], ERROR).stdout
    assert "\x1b[" not in invoke(["check", "--no-color", "-"], ERROR).stdout


def test_no_color_from_the_configuration_and_over_it(here: Path) -> None:
    pyproject(here, "color = false\n")
    assert "\x1b[" not in invoke(["check", "-"], ERROR).stdout
    assert "\x1b[" in invoke(["check", "--color", "-"], ERROR).stdout


def test_statistics_from_the_configuration(here: Path) -> None:
    pyproject(here, 'statistics = true\nformat = "json"\n')
    result = invoke(["check", "-"], WARNING + ERROR)
    assert json.loads(result.stdout) == [
        {"code": "TL101", "name": "dash-form", "severity": "warning", "count": 1, "fixable": True},
        {"code": "TL304", "name": "subtype-type-mismatch", "severity": "error", "count": 1, "fixable": False},
    ]
    text = invoke(["check", "--format", "text", "-"], WARNING + ERROR).stdout
    assert text == (
        "1  TL101  dash-form              warning [*]\n1  TL304  subtype-type-mismatch  error\n2  in all\n"
    )


def test_edition_from_the_configuration_and_over_it(here: Path) -> None:
    yaml_config(here, "edition: '2020-08-07'\n")
    old = json.loads(invoke(["check", "--format", "json", "-"], OLD_ONLY).stdout)
    assert old["edition"] == "2020-08-07"
    assert old["findings"][0]["rules"] == ["205.3p"]
    new = json.loads(invoke(["check", "--format", "json", "--edition", "2026-09-25", "-"], OLD_ONLY).stdout)
    assert new["edition"] == "2026-09-25"
    assert new["findings"][0]["rules"] == ["205.3r"]


def old_rules(folder: Path, name: str = "custom.yaml") -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(rules_dir() / "2020-07-03.yaml", path)  # the file of 2020-07-03 … 2020-11-20
    return path


def test_rules_are_relative_to_the_configuration(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old_rules(here / "data")
    pyproject(here, 'rules = "data/custom.yaml"\n')
    deep = here / "sets"
    deep.mkdir()
    monkeypatch.chdir(deep)
    result = invoke(["check", "--format", "json", "-"], OLD_ONLY)
    assert result.stderr == ""
    assert json.loads(result.stdout)["edition"] == "2020-07-03"


def test_rules_are_relative_to_a_config_named_with_the_option(here: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    old_rules(elsewhere / "data")
    (elsewhere / "typeline.yaml").write_text("rules: data/custom.yaml\n", encoding="utf-8")
    result = invoke(
        ["check", "--format", "json", "--config", str(elsewhere / "typeline.yaml"), "-"], OLD_ONLY
    )
    assert json.loads(result.stdout)["edition"] == "2020-07-03"


def test_missing_rules_from_the_configuration_name_the_resolved_path(here: Path) -> None:
    pyproject(here, 'rules = "data/none.yaml"\n')
    result = invoke(["check", "-"], CLEAN)
    assert result.exit_code == 2
    assert str(here / "data" / "none.yaml") in result.stderr


def test_rules_option_is_relative_to_the_working_directory(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pyproject(here, "quiet = true\n")
    deep = here / "sets"
    old_rules(deep / "data")
    monkeypatch.chdir(deep)
    result = invoke(["check", "--format", "json", "--rules", "data/custom.yaml", "-"], OLD_ONLY)
    assert json.loads(result.stdout)["edition"] == "2020-07-03"


def test_edition_option_wins_over_configured_rules(here: Path) -> None:
    old_rules(here / "data")
    pyproject(here, 'rules = "data/custom.yaml"\n')
    result = invoke(["check", "--format", "json", "--edition", "2026-09-25", "-"], OLD_ONLY)
    assert result.stderr == ""
    assert json.loads(result.stdout)["edition"] == "2026-09-25"


def test_rules_option_wins_over_configured_edition(here: Path) -> None:
    old_rules(here / "data")
    pyproject(here, 'edition = "2026-09-25"\n')
    result = invoke(["check", "--format", "json", "--rules", "data/custom.yaml", "-"], OLD_ONLY)
    assert result.stderr == ""
    assert json.loads(result.stdout)["edition"] == "2020-07-03"


def test_edition_and_rules_both_configured_is_an_error(here: Path) -> None:
    old_rules(here / "data")
    pyproject(here, 'edition = "2026-09-25"\nrules = "data/custom.yaml"\n')
    result = invoke(["check", "-"], CLEAN)
    assert result.exit_code == 2
    assert "typeline: error: " in result.stderr


# per-file-ignores


def per_file_tree(root: Path) -> None:
    for name in ("legacy/a.txt", "legacy/deep/b.txt", "new/c.txt", "d.txt"):
        cards(root, WARNING + ERROR, name)


def test_per_file_ignores_on_a_nested_path(here: Path) -> None:
    per_file_tree(here)
    pyproject(here, '[tool.typeline.per-file-ignores]\n"legacy/*.txt" = ["dash-form"]\n"d.txt" = ["TL3"]\n')
    result = invoke(["check", "--format", "json", "."])
    # `*` stays within one folder (as in .gitignore): legacy/deep/b.txt is not matched
    assert found(result) == [
        ("d.txt", 1, "TL101"),
        ("legacy/a.txt", 2, "TL304"),
        ("legacy/deep/b.txt", 1, "TL101"),
        ("legacy/deep/b.txt", 2, "TL304"),
        ("new/c.txt", 1, "TL101"),
        ("new/c.txt", 2, "TL304"),
    ]


def test_per_file_ignores_for_files_named_on_the_command_line(here: Path) -> None:
    per_file_tree(here)
    yaml_config(here, "per-file-ignores:\n  legacy/*.txt: [TL101]\n")
    result = invoke(
        ["check", "--format", "json", "legacy/a.txt", "./legacy/a.txt", str(here / "legacy/a.txt")]
    )
    # three spellings of one file: one input, named as from the root, read once
    assert found(result) == [("legacy/a.txt", 2, "TL304")]


def test_per_file_ignores_from_a_subdirectory(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # globs in the file are read from the file's folder, wherever typeline is run
    per_file_tree(here)
    pyproject(here, '[tool.typeline.per-file-ignores]\n"legacy/*.txt" = ["TL101"]\n')
    monkeypatch.chdir(here / "legacy")
    result = invoke(["check", "--format", "json", "a.txt"])
    assert found(result) == [("a.txt", 2, "TL304")]


def test_per_file_ignores_of_everything(here: Path) -> None:
    per_file_tree(here)
    pyproject(here, '[tool.typeline.per-file-ignores]\n"new/*" = ["ALL"]\n')
    result = invoke(["check", "--format", "json", "new"])
    assert result.exit_code == 0
    assert found(result) == []


def test_per_file_ignores_never_hide_unreadable_input(here: Path) -> None:
    pyproject(here, '[tool.typeline.per-file-ignores]\n"*" = ["ALL"]\n')
    result = invoke(["check", "--format", "json", "missing.txt"])
    assert result.exit_code == 2
    assert found(result) == [("missing.txt", 1, "TL901")]


def test_per_file_ignores_are_replaced_by_nothing_on_the_command_line(here: Path) -> None:
    # there is no option for them: --no-config is how to see everything
    per_file_tree(here)
    pyproject(here, '[tool.typeline.per-file-ignores]\n"*.txt" = ["TL101"]\n')
    assert [c for _, _, c in found(invoke(["check", "--format", "json", "d.txt"]))] == ["TL304"]
    assert [c for _, _, c in found(invoke(["check", "--format", "json", "--no-config", "d.txt"]))] == [
        "TL101",
        "TL304",
    ]


# include / exclude on a directory tree


@pytest.fixture
def tree(here: Path) -> Path:
    """Files of several kinds, hidden ones and folders to exclude, each with one TL101."""
    root = here / "tree"
    for name in (
        "a.txt",
        "b.types",
        "notes.md",
        ".hidden.txt",
        ".git/x.txt",
        ".cache/deep/y.txt",
        "sub/c.txt",
        "sub/.e.txt",
        "sub/deeper/f.txt",
        "vendor/v.txt",
        "sub/vendor/w.txt",
        "drafts/d.txt",
    ):
        cards(root, WARNING, name)
    return root


def paths(result: Result) -> list[str]:
    return [path for path, _, _ in found(result)]


def test_default_include_is_txt_without_hidden_files(tree: Path) -> None:
    result = invoke(["check", "--format", "json", "tree"])
    assert paths(result) == [
        "tree/a.txt",
        "tree/drafts/d.txt",
        "tree/sub/c.txt",
        "tree/sub/deeper/f.txt",
        "tree/sub/vendor/w.txt",
        "tree/vendor/v.txt",
    ]
    assert json.loads(result.stdout)["summary"]["files"] == 6


def test_include_and_exclude_from_the_configuration(tree: Path) -> None:
    pyproject(tree.parent, 'include = ["*.txt", "*.types"]\nexclude = ["vendor", "drafts/*"]\n')
    result = invoke(["check", "--format", "json", "tree"])
    assert paths(result) == ["tree/a.txt", "tree/b.types", "tree/sub/c.txt", "tree/sub/deeper/f.txt"]


def test_include_and_exclude_from_yaml(tree: Path) -> None:
    yaml_config(tree.parent, "include: ['*.md']\nexclude: []\n")
    assert paths(invoke(["check", "--format", "json", "tree"])) == ["tree/notes.md"]


def test_exclude_a_path_relative_to_the_folder_given(tree: Path) -> None:
    pyproject(tree.parent, 'exclude = ["sub/vendor", "sub/deeper/*.txt"]\n')
    assert paths(invoke(["check", "--format", "json", "tree"])) == [
        "tree/a.txt",
        "tree/drafts/d.txt",
        "tree/sub/c.txt",
        "tree/vendor/v.txt",
    ]


def test_include_option_wins_over_the_configuration(tree: Path) -> None:
    pyproject(tree.parent, 'include = ["*.types"]\nexclude = ["sub"]\n')
    assert paths(invoke(["check", "--format", "json", "tree"])) == ["tree/b.types"]
    result = invoke(["check", "--format", "json", "--include", "*.md", "--include", "*.types", "tree"])
    assert paths(result) == ["tree/b.types", "tree/notes.md"]
    result = invoke(["check", "--format", "json", "--exclude", "drafts", "tree"])
    assert paths(result) == ["tree/b.types"]
    result = invoke(["check", "--format", "json", "--exclude", "nothing", "tree"])
    assert paths(result) == ["tree/b.types"]  # sub is excluded no more, but holds no *.types


def test_files_named_explicitly_are_read_whatever_the_globs(tree: Path) -> None:
    pyproject(tree.parent, 'include = ["*.types"]\nexclude = ["*.md", "sub"]\n')
    result = invoke(["check", "--format", "json", "tree/notes.md", "tree/sub/c.txt", "tree/.hidden.txt"])
    assert paths(result) == ["tree/.hidden.txt", "tree/notes.md", "tree/sub/c.txt"]


def test_a_tree_without_matching_files_warns(tree: Path) -> None:
    pyproject(tree.parent, 'include = ["*.none"]\n')
    result = invoke(["check", "--format", "json", "--no-error-on-unmatched-pattern", "tree"])
    assert result.exit_code == 0
    assert result.stderr == "typeline: warning: no files matching *.none under tree\n"
    assert json.loads(result.stdout)["summary"]["files"] == 0


def test_the_configured_tree_is_the_same_from_a_subdirectory(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pyproject(tree.parent, 'exclude = ["vendor", "deeper"]\n')
    monkeypatch.chdir(tree / "sub")
    # named from the top of the repository (tree/ holds .git: see discovery.Names)
    assert paths(invoke(["check", "--format", "json", "."])) == ["sub/c.txt"]


# The whole configuration at once


def test_every_key_through_the_command_line(here: Path) -> None:
    shutil.copyfile(DATA / "every-key.toml", here / "pyproject.toml")
    old_rules(here / "rules")
    cards(here, (DATA / "cards.txt").read_text(encoding="utf-8"), "legacy/cards.txt")
    cards(here, (DATA / "cards.txt").read_text(encoding="utf-8"), "vendor/cards.txt")
    # edition, rules and as-of together are refused; the rest is read as configured
    refused = invoke(["check", "."])
    assert refused.exit_code == 2
    assert refused.stderr == "typeline: error: --edition, --rules and --as-of exclude each other\n"
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
    result = invoke(["check", "."])
    # statistics in json, to report.json; TL1 and TL3 but not dash-form; word-case ignored in
    # legacy/; vendor/ excluded; exit zero although fail-on is info
    assert (result.exit_code, result.output) == (0, "")
    assert json.loads((here / "report.json").read_text(encoding="utf-8")) == [
        {"code": "TL304", "name": "subtype-type-mismatch", "severity": "error", "count": 1, "fixable": False}
    ]


def test_every_key_from_yaml_through_the_command_line(here: Path) -> None:
    text = (DATA / "every-key.yaml").read_text(encoding="utf-8").replace('edition: "2020-08-07"\n', "")
    text = text.replace("as-of: 2024-06-06\n", "")
    # the cards are text here: reading them as CSV is tested with the CSV reader
    text = text.replace("input-format: csv\ncolumn: Type Line\nkey: types\n", "")
    text = text.replace(
        "per-card-ignores:\n  State: [TL201]\n  tokens.xml:\n    Bounty: [unknown-subtype]\n", ""
    )
    yaml_config(here, text)
    old_rules(here / "rules")
    cards(here, (DATA / "cards.txt").read_text(encoding="utf-8"), "new/cards.txt")
    (here / "known.json").write_text('{"version": 1, "files": {}}', encoding="utf-8")  # the baseline
    result = invoke(["check", "."])
    assert (result.exit_code, result.output) == (0, "")
    assert json.loads((here / "report.json").read_text(encoding="utf-8")) == [
        {"code": "TL103", "name": "word-case", "severity": "warning", "count": 1, "fixable": True},
        {"code": "TL304", "name": "subtype-type-mismatch", "severity": "error", "count": 1, "fixable": False},
    ]
