"""A named directory that yields no file to read is an error (exit 2) that names it, so a
mistyped path in CI can't pass as a clean run; `--no-error-on-unmatched-pattern` (or the
key `error-on-unmatched-pattern: false`) makes it the warning it was. Named files, as
pre-commit passes them, are never such an error, even when --force-exclude leaves them all
out."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, run_cli


def test_an_empty_directory_is_an_error_naming_it(repo: Path) -> None:
    (repo / "cards").mkdir()
    result = run_cli(["check", "cards"])
    assert result.exit_code == 2
    assert result.stderr.startswith("typeline: error: no files matching *.txt")
    assert "under cards" in result.stderr and "--no-error-on-unmatched-pattern" in result.stderr


def test_include_globs_that_match_nothing_are_an_error(repo: Path) -> None:
    (repo / "cards").mkdir()
    (repo / "cards" / "a.txt").write_text("Creature — Elf\n", encoding="utf-8")
    result = run_cli(["check", "--include", "*.csv", "cards"])
    assert result.exit_code == 2
    assert "no files matching *.csv under cards" in result.stderr


def test_every_empty_directory_is_named_and_nothing_is_checked(repo: Path) -> None:
    for name in ("a", "b"):
        (repo / name).mkdir()
    (repo / "ok.txt").write_text("Creature — Forest\n", encoding="utf-8")
    result = run_cli(["check", "--format", "concise", "ok.txt", "a", "b"])
    assert result.exit_code == 2
    assert "under a; no files matching" in result.stderr and "under b" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("args", "config"),
    [(["--no-error-on-unmatched-pattern"], ""), ([], "error-on-unmatched-pattern: false\n")],
)
def test_an_empty_run_allowed_is_a_warning(repo: Path, args: list[str], config: str) -> None:
    (repo / ".typeline.yaml").write_text(config, encoding="utf-8")
    (repo / "cards").mkdir()
    result = run_cli(["check", "--format", "json", *args, "cards"])
    assert result.exit_code == 0
    assert result.stderr.startswith("typeline: warning: no files matching *.txt")
    assert json.loads(result.stdout)["summary"]["files"] == 0


def test_the_flag_typed_wins_over_the_configuration(repo: Path) -> None:
    (repo / ".typeline.yaml").write_text("error-on-unmatched-pattern: false\n", encoding="utf-8")
    (repo / "cards").mkdir()
    assert run_cli(["check", "--error-on-unmatched-pattern", "cards"]).exit_code == 2


def test_a_directory_with_files_is_no_error(repo: Path) -> None:
    (repo / "cards").mkdir()
    (repo / "cards" / "a.txt").write_text("Creature — Elf\n", encoding="utf-8")
    assert run_cli(["check", "cards"]).exit_code == 0


def hook_arguments() -> list[list[str]]:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    return [shlex.split(hook["entry"])[1:] for hook in hooks]


@pytest.mark.parametrize("entry", hook_arguments())
def test_files_a_hook_names_and_force_exclude_leaves_out_are_no_error(repo: Path, entry: list[str]) -> None:
    (repo / ".typeline.yaml").write_text("exclude: [drafts]\n", encoding="utf-8")
    (repo / "drafts").mkdir()
    (repo / "drafts" / "a.txt").write_text("Creature — Forest\n", encoding="utf-8")
    result = run_cli([*entry, "drafts/a.txt"])
    assert (result.exit_code, result.stderr) == (0, "")
