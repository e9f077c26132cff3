"""Configuration files, `[tool.typeline]` in pyproject.toml and `.typeline.yaml`
(`config.find_config`, `config.load_config`): finding the file from the working directory
upward, reading and validating it, and errors that name the file, line and key.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli
from helpers.configs import (
    CONFIGS,
    KEY_LIST,
    OLD_ONLY,
    pyproject,
    yaml_config,
)

from mtg_typeline.config import KEYS, Config, ConfigError, find_config, load_config

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
    "delimiter": ",",
    "key": "types",
    "encoding": "utf-8",
    "respect-gitignore": False,
    "hidden": True,
    "force-exclude": True,
    "skip-non-card-files": True,
    "fix": False,  # true would fix the cards of test_config_command_line.py
    "unsafe-fixes": True,
    "max-member-size": "8M",
    "max-member-ratio": 500,
    "error-on-unmatched-pattern": False,
    "per-card-ignores": {"State": ["TL201"], "tokens.xml": {"Bounty": ["unknown-subtype"]}},
    "baseline": "known.json",
    "oracle": "oracle.json",
    "jobs": 2,
    "per-file-ignores": {"legacy/*.txt": ["TL101", "word-case"], "*.types": []},
}


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


@pytest.mark.parametrize(
    "text",
    [
        "[tool.typeline]\nstrict = true\n",
        "[ tool . typeline ]\nstrict = true\n",
        '[tool."typeline"]\nstrict = true\n',
        "[tool.'typeline']\nstrict = true\n",
        "[tool]\ntypeline.strict = true\n",
        "[tool]\ntypeline = { strict = true }\n",
        'tool.typeline.strict = true\n[project]\nname = "cards"\n',
        "tool = { typeline = { strict = true } }\n",
        '[project]\ndependencies = ["mtg-typeline"]\n[tool.typeline]\nstrict = true\n',
    ],
)
def test_find_config_finds_the_table_however_toml_writes_it(tmp_path: Path, text: str) -> None:
    yaml_config(tmp_path, "strict: false\n")
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "pyproject.toml").write_text(text, encoding="utf-8")
    assert find_config(inner) == inner / "pyproject.toml"
    assert load_config(inner / "pyproject.toml").values == {"strict": True}


@pytest.mark.parametrize(
    "text",
    [
        '[project]\nname = "cards"\ndependencies = ["mtg-typeline>=0.1"]\n',
        '[project.optional-dependencies]\ndev = ["mtg_typeline", "pytest"]\n',
        "# checked by mtg-typeline in CI\n[tool.ruff]\nline-length = 100\n",
    ],
)
def test_a_pyproject_that_names_the_package_alone_is_not_parsed(
    tmp_path: Path, text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Naming the package (a dependency, a comment) is no `typeline` key: the file is
    passed over without being parsed."""
    import tomllib

    def loads(*args: object, **kwargs: object) -> object:
        raise AssertionError("parsed")

    monkeypatch.setattr(tomllib, "loads", loads)
    outer = yaml_config(tmp_path, "strict: true\n")
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "pyproject.toml").write_text(text, encoding="utf-8")
    assert find_config(inner) == outer


def test_find_config_passes_over_a_pyproject_that_is_not_utf8(tmp_path: Path) -> None:
    outer = yaml_config(tmp_path, "strict: true\n")
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "pyproject.toml").write_bytes(b"[project]\nname = '\xff'\n")
    assert find_config(inner) == outer


def test_find_config_takes_a_pyproject_of_ours_that_is_not_utf8(tmp_path: Path) -> None:
    """Not TOML (which is UTF-8), but ours: loading it says so, as a broken table of ours."""
    yaml_config(tmp_path, "strict: true\n")
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "pyproject.toml").write_bytes(b"[tool.typeline]\nedition = '\xff'\n")
    assert find_config(inner) == inner / "pyproject.toml"


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
    config = load_config(CONFIGS / "every-key.toml")
    assert config == Config(CONFIGS / "every-key.toml", EVERY_KEY)
    assert config.root == CONFIGS


def test_load_every_key_from_yaml() -> None:
    config = load_config(CONFIGS / "every-key.yaml")
    assert dict(config.values) == EVERY_KEY
    assert config.root == CONFIGS


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
    result = run_cli(["check", "--format", "json", "-"], OLD_ONLY)
    assert result.stderr == ""
    assert json.loads(result.stdout)["edition"] == "2020-08-07"
