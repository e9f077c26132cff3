"""Configuration found per file: each input is checked with the configuration file nearest
above it (its rules, selection, per-file ignores, reading), a named directory is searched
with the one nearest above it, an input with none above it and standard input take the
run's (the working directory's), `--config` forces one for all, and `--verbose` says which
file applied to which input."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli

from mtg_typeline.options import Options

CUSTOM = "Creature — Clamfolk\n"  # TL302 unless the fan set's rule file adds Clamfolk
DASH = "Creature - Elf\n"  # TL101 warning


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory beside a fan set's repository (`tmp_path/fanset`)."""
    (tmp_path / "home").mkdir()
    fanset = tmp_path / "fanset"
    (fanset / "cards").mkdir(parents=True)
    (fanset / "fan.yaml").write_text("extends: newest\nadd:\n  creature: [Clamfolk]\n", encoding="utf-8")
    (fanset / ".typeline.yaml").write_text("rules: [fan.yaml]\nignore: [TL101]\n", encoding="utf-8")
    (fanset / "cards" / "a.txt").write_text(CUSTOM + DASH, encoding="utf-8")
    monkeypatch.chdir(tmp_path / "home")
    return tmp_path / "home"


def codes(*args: str, stdin: str | None = None) -> tuple[int, list[tuple[str, str]]]:
    """The exit status and (file name, code) of each finding of `typeline check --format json`."""
    result = run_cli(["check", "--format", "json", *args], stdin=stdin)
    assert result.exit_code in (0, 1), result.stderr
    report: dict[str, Any] = json.loads(result.stdout)
    return result.exit_code, [(Path(f["path"]).name, f["code"]) for f in report["findings"]]


def test_a_directory_elsewhere_is_checked_with_its_own_configuration(home: Path) -> None:
    assert codes("../fanset/cards") == (0, [])


def test_a_file_elsewhere_is_checked_with_its_own_configuration(home: Path) -> None:
    assert codes("../fanset/cards/a.txt") == (0, [])


def test_the_nearest_configuration_wins_over_the_working_directorys(home: Path) -> None:
    (home / ".typeline.yaml").write_text("select: [TL101]\n", encoding="utf-8")
    (home / "b.txt").write_text(DASH, encoding="utf-8")
    status, found = codes("b.txt", "../fanset/cards")
    assert (status, found) == (0, [("b.txt", "TL101")])  # fan set's file: its rules, its ignore


def test_an_input_with_no_configuration_above_it_takes_the_runs(home: Path, tmp_path: Path) -> None:
    (home / ".typeline.yaml").write_text("ignore: [TL101]\n", encoding="utf-8")
    (tmp_path / "loose").mkdir()
    (tmp_path / "loose" / "c.txt").write_text(DASH, encoding="utf-8")
    assert codes("../loose/c.txt") == (0, [])


def test_inputs_under_different_rules_and_editions_in_one_run(home: Path, tmp_path: Path) -> None:
    old = tmp_path / "old"
    old.mkdir()
    (old / ".typeline.yaml").write_text("edition: '2020-08-07'\n", encoding="utf-8")
    (old / "d.txt").write_text("Kindred Creature — Elf\n", encoding="utf-8")  # no kindred in 2020
    status, found = codes("../old", "../fanset/cards/a.txt")
    assert status == 1
    assert found and {name for name, _ in found} == {"d.txt"}


def test_standard_input_takes_the_working_directorys_configuration(home: Path) -> None:
    (home / ".typeline.yaml").write_text("select: [TL302]\n", encoding="utf-8")
    status, found = codes("-", "../fanset/cards", stdin=CUSTOM + DASH)
    assert (status, found) == (1, [("-", "TL302")])


def test_config_forces_one_file_for_all(home: Path) -> None:
    (home / "mine.yaml").write_text("select: [TL101]\n", encoding="utf-8")
    assert codes("--config", "mine.yaml", "../fanset/cards") == (0, [("a.txt", "TL101")])


def test_no_config_reads_none_for_any_input(home: Path) -> None:
    assert codes("--no-config", "../fanset/cards") == (1, [("a.txt", "TL302"), ("a.txt", "TL101")])


def test_per_file_ignores_are_read_from_their_configurations_folder(home: Path, tmp_path: Path) -> None:
    (tmp_path / "fanset" / ".typeline.yaml").write_text(
        "rules: fan.yaml\nper-file-ignores:\n  cards/a.txt: [TL101]\n", encoding="utf-8"
    )
    (tmp_path / "fanset" / "cards" / "b.txt").write_text(DASH, encoding="utf-8")
    assert codes("../fanset") == (0, [("b.txt", "TL101")])


def test_a_directory_is_searched_with_its_configurations_excludes(home: Path, tmp_path: Path) -> None:
    (tmp_path / "fanset" / ".typeline.yaml").write_text("exclude: [cards]\n", encoding="utf-8")
    (tmp_path / "fanset" / "e.txt").write_text(DASH, encoding="utf-8")
    assert codes("../fanset") == (0, [("e.txt", "TL101")])


def test_fix_follows_each_inputs_configuration(home: Path, tmp_path: Path) -> None:
    (home / "b.txt").write_text(DASH, encoding="utf-8")
    result = run_cli(["check", "--fix", "b.txt", "../fanset/cards/a.txt"])
    assert result.exit_code == 0, result.output
    assert (home / "b.txt").read_text(encoding="utf-8") == "Creature — Elf\n"
    assert (tmp_path / "fanset" / "cards" / "a.txt").read_text(encoding="utf-8") == CUSTOM + DASH


def test_verbose_says_which_configuration_applied_to_which_input(home: Path, tmp_path: Path) -> None:
    (home / "b.txt").write_text(DASH, encoding="utf-8")
    result = run_cli(["check", "-v", "b.txt", "../fanset/cards"])
    config = tmp_path / "fanset" / ".typeline.yaml"
    said = [line for line in result.stderr.splitlines() if line.startswith("typeline: configuration:")]
    assert said[0] == "typeline: configuration: none found"
    assert said[1].startswith(f"typeline: configuration: {config} (rules {tmp_path / 'fanset' / 'fan.yaml'}")
    assert said[1].endswith(f"for 1 input: {tmp_path / 'fanset' / 'cards' / 'a.txt'}")


def test_a_bad_configuration_of_an_input_names_its_file(home: Path, tmp_path: Path) -> None:
    (tmp_path / "fanset" / ".typeline.yaml").write_text("colour: true\n", encoding="utf-8")
    result = run_cli(["check", "../fanset/cards"])
    assert result.exit_code == 2
    assert f"{tmp_path / 'fanset' / '.typeline.yaml'}:1:1: unknown key 'colour'" in result.stderr


def test_a_files_own_configuration_says_how_it_is_read(home: Path, tmp_path: Path) -> None:
    """Reading settings (`encoding`, the zip limits) are an input's own configuration's too."""
    old = tmp_path / "old"
    old.mkdir()
    (old / ".typeline.yaml").write_text("encoding: cp1252\n", encoding="utf-8")
    (old / "cards.txt").write_bytes("Creature — Elf\n".encode("cp1252"))
    assert codes("../old/cards.txt") == (0, [])
    (old / ".typeline.yaml").write_text("", encoding="utf-8")  # read as UTF-8: TL902
    result = run_cli(["check", "--format", "json", "../old/cards.txt"])
    assert [f["code"] for f in json.loads(result.stdout)["findings"]] == ["TL902"]


def _nested_tree(root: Path) -> list[str]:
    """A tree whose folders come under three configurations, met in turn: the files of a
    folder with one of its own come between files under the configuration above it."""
    (root / "nested" / "inner").mkdir(parents=True)
    (root / ".typeline.yaml").write_text("ignore: [TL101]\n", encoding="utf-8")
    (root / "nested" / ".typeline.yaml").write_text("select: [TL101]\n", encoding="utf-8")
    (root / "nested" / "inner" / "pyproject.toml").write_text(
        '[tool.typeline]\nselect = ["TL302"]\n', encoding="utf-8"
    )
    names = ["a.txt", "nested/b.txt", "nested/inner/c.txt", "nested/inner/d.txt", "nested/z.txt", "z.txt"]
    for name in names:
        (root / name).write_text(CUSTOM + DASH, encoding="utf-8")
    return names


@pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are forked: POSIX only")
def test_a_tree_under_several_configurations_reports_the_same_with_workers(home: Path) -> None:
    _nested_tree(home)
    serial = run_cli(["check", "-v", "--format", "json", "--jobs", "1", "."])
    pooled = run_cli(["check", "-v", "--format", "json", "--jobs", "2", "."])
    assert serial.exit_code == 1
    assert (pooled.exit_code, pooled.stdout, pooled.stderr) == (
        serial.exit_code,
        serial.stdout,
        serial.stderr,
    )
    by_file = {(Path(f["path"]).as_posix(), f["code"]) for f in json.loads(pooled.stdout)["findings"]}
    assert by_file == {
        ("a.txt", "TL302"),
        ("nested/b.txt", "TL101"),
        ("nested/inner/c.txt", "TL302"),
        ("nested/inner/d.txt", "TL302"),
        ("nested/z.txt", "TL101"),
        ("z.txt", "TL302"),
    }


def _options(monkeypatch: pytest.MonkeyPatch, *args: str) -> Options:
    """The options a `typeline check ARGS` run settles on (the run itself left out)."""
    settled: list[Options] = []
    monkeypatch.setattr(
        "mtg_typeline.main.running.start", lambda options, paths: settled.append(options) or 0
    )
    assert run_cli(["check", *args]).exit_code == 0
    return settled[0]


def test_the_scopes_of_a_tree_at_once_are_those_of_each_input(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mtg_typeline.discovery import Input, Names
    from mtg_typeline.engine.scopes import Configs, Scopes

    names = _nested_tree(home)
    inputs = [Input(name, named=False, searched=True) for name in names]
    inputs.insert(3, Input("-", stdin=True))
    options = _options(monkeypatch, ".")
    one_by_one = Scopes(Configs(options), Names(str(home)))
    at_once = Scopes(Configs(options), Names(str(home)))
    assert [scope.config for scope in at_once.of_each(inputs)] == [
        one_by_one.of(item).config for item in inputs
    ]
    assert at_once.met == one_by_one.met
    assert len(at_once.met) == 2


def test_each_folder_is_looked_in_once_for_a_configuration(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mtg_typeline import config
    from mtg_typeline.engine.scopes import Configs

    _nested_tree(home)
    for deep in ("nested/inner/x/y", "nested/inner/x/w", "other/v"):
        (home / deep).mkdir(parents=True)
    configs = Configs(_options(monkeypatch, "."))
    looked: list[str] = []
    here = config.config_here
    monkeypatch.setattr(
        "mtg_typeline.engine.scopes.config_here", lambda folder: looked.append(folder) or here(folder)
    )
    inner = str(home / "nested" / "inner" / "pyproject.toml")
    assert configs.config_in(str(home / "nested" / "inner" / "x" / "y")) == inner
    assert configs.config_in(str(home / "nested" / "inner" / "x" / "w")) == inner
    assert configs.config_in(str(home / "nested" / "inner" / "x" / "y")) == inner
    assert configs.config_in(str(home / "other" / "v")) == str(home / ".typeline.yaml")
    assert looked == [
        str(home / "nested" / "inner" / "x" / "y"),
        str(home / "nested" / "inner" / "x"),
        str(home / "nested" / "inner"),
        str(home / "nested" / "inner" / "x" / "w"),
        str(home / "other" / "v"),
        str(home / "other"),
        str(home),
    ]
