"""Names the user gets nearly right: a code or name of a check (`explain`, `--select`,
`--ignore`, `per-file-ignores`), a configuration key (`fail_on` for `fail-on`) and a string
where a list is expected (`ignore = "TL101"`, read as a list of one)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli

from mtg_typeline.config import load_config
from mtg_typeline.errors import UsageError
from mtg_typeline.filters import expand

GUESSES = [
    ("unknown-subtyp", "unknown-subtype (TL302)"),
    ("unknown-subtypes", "unknown-subtype (TL302)"),
    ("TL3O2", "TL302 (unknown-subtype)"),
    ("301", "TL301 (subtype-before-dash)"),
    ("case", "word-case (TL103)"),
    ("dash", "dash-form (TL101), extra-dash (TL105), subtype-before-dash (TL301) or type-after-dash (TL308)"),
]


@pytest.mark.parametrize(("token", "meant"), GUESSES)
def test_explain_says_which_check_was_meant(token: str, meant: str) -> None:
    result = run_cli(["explain", token])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"typeline: error: no check is called '{token}'; `typeline codes` lists them; did you mean {meant}?\n"
    )


@pytest.mark.parametrize("option", ["--select", "--extend-select", "--ignore"])
@pytest.mark.parametrize(("token", "meant"), GUESSES[:2])
def test_selectors_say_which_check_was_meant(option: str, token: str, meant: str) -> None:
    result = run_cli(["check", "--no-config", option, f"TL101,{token}", "-"], stdin="Creature — Elf\n")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.endswith(
        f"'{token}' is no code, code prefix or name (see `typeline codes`); did you mean {meant}?\n"
    )


@pytest.mark.parametrize("token", ["TL999", "TL4", "E501", "T"])
def test_a_well_formed_code_or_nothing_close_gets_no_guess(token: str) -> None:
    with pytest.raises(UsageError) as caught:
        expand([token])
    assert "did you mean" not in str(caught.value)


def pyproject(folder: Path, body: str) -> Path:
    """`[tool.typeline]` with `body` in `folder`/pyproject.toml."""
    return written(folder / "pyproject.toml", f"[tool.typeline]\n{body}")


def yaml_config(folder: Path, body: str) -> Path:
    return written(folder / ".typeline.yaml", body)


def written(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("key", "meant"), [("fail_on", "fail-on"), ("Exit_Zero", "exit-zero"), ("colour", "color")]
)
def test_a_config_key_nearly_right_says_which_was_meant(tmp_path: Path, key: str, meant: str) -> None:
    for path in (pyproject(tmp_path, f"{key} = true\n"), yaml_config(tmp_path, f"{key}: true\n")):
        result = run_cli(["check", "--config", str(path), "-"], stdin="Creature — Elf\n")
        assert result.exit_code == 2
        assert f"unknown key '{key}'; did you mean '{meant}'? (the keys are: " in result.stderr, path


def test_a_per_file_ignores_value_nearly_right_says_which_was_meant(tmp_path: Path) -> None:
    path = pyproject(tmp_path, '[tool.typeline.per-file-ignores]\n"*.txt" = ["unknown-subtyp"]\n')
    result = run_cli(["check", "--config", str(path), "-"], stdin="Creature — Elf\n")
    assert result.exit_code == 2
    assert result.stderr.endswith("; did you mean unknown-subtype (TL302)?\n")


@pytest.mark.parametrize("key", ["select", "extend-select", "ignore", "include", "exclude"])
def test_a_string_where_a_list_is_expected_is_a_list_of_one(tmp_path: Path, key: str) -> None:
    value = "*.txt" if key in ("include", "exclude") else "TL302"
    assert load_config(pyproject(tmp_path, f'{key} = "{value}"\n')).values[key] == [value]
    assert load_config(yaml_config(tmp_path, f"{key}: '{value}'\n")).values[key] == [value]


def test_per_file_ignores_take_one_code_as_a_string(tmp_path: Path) -> None:
    path = pyproject(tmp_path, '[tool.typeline.per-file-ignores]\n"*.txt" = "TL302"\n')
    assert load_config(path).values["per-file-ignores"] == {"*.txt": ["TL302"]}
    (tmp_path / "cards.txt").write_text("Creature — Elfs\n", encoding="utf-8")
    result = run_cli(["check", "--config", str(path), str(tmp_path / "cards.txt")])
    assert (result.exit_code, result.stderr) == (0, "")


def test_ignore_as_a_string_ignores_the_code(tmp_path: Path) -> None:
    path = pyproject(tmp_path, 'ignore = "TL302"\n')
    result = run_cli(["check", "--config", str(path), "-"], stdin="Creature — Elfs\n")
    assert (result.exit_code, result.stderr) == (0, "")


def test_as_of_in_the_configuration_takes_a_date_without_its_zeros(tmp_path: Path) -> None:
    assert load_config(pyproject(tmp_path, 'as-of = "2024-6-1"\n')).values["as-of"] == "2024-06-01"


def test_rules_show_says_which_category_was_meant() -> None:
    result = run_cli(["rules", "show", "creatures"])
    assert result.exit_code == 2
    assert result.stderr.endswith("; did you mean creature?\n")
