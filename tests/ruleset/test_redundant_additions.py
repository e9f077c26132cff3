"""A custom rule file that adds a word the rules it extends already have (an edition came to
list a set's own word): a warning naming the edition since which the rules have it, on
standard error of `check`, `lookup` and `rules show`; the run goes on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import run_cli

from mtg_typeline import load_rules
from mtg_typeline.ruleset import shipped_editions

WORD = "Hero"  # a creature type of the newest edition, not of the oldest


@pytest.fixture
def fanset(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "fanset.yaml"
    path.write_text(f"extends: newest\nadd:\n  creature: [{WORD}, Clamfolk]\n", encoding="utf-8")
    return path


def _has(edition: str) -> bool:
    return WORD in next(s for s in load_rules(edition).lists if s.key == "creature").entries


def _warned_since(stderr: str) -> str:
    match = re.fullmatch(
        rf"typeline: warning: fanset\.yaml:3:14: '{WORD}' is already a creature type \(205\.3m\): "
        r"it is in the rules since the (\S+) edition; you can remove it from this file\n",
        stderr,
    )
    assert match, stderr
    return match[1]


@pytest.mark.usefixtures("fanset")
def test_check_warns_and_goes_on() -> None:
    for _ in range(2):  # read, then from the rule cache: said both times
        result = run_cli(
            ["check", "--no-config", "--rules", "fanset.yaml", "-"], f"Creature — {WORD} Clamfolk\n"
        )
        assert result.exit_code == 0
        assert result.stdout == "No problems in 1 type line in 1 file.\n"
        since = _warned_since(result.stderr)
    editions = shipped_editions()
    assert _has(since)
    assert all(_has(e) for e in editions if e >= since)
    assert not _has(editions[editions.index(since) - 1])


@pytest.mark.usefixtures("fanset")
@pytest.mark.parametrize("args", [["lookup", WORD], ["rules", "show", "creature"]])
def test_lookup_and_rules_show_warn_too(args: list[str]) -> None:
    result = run_cli([*args, "--rules", "fanset.yaml"])
    assert result.exit_code == 0
    _warned_since(result.stderr)


@pytest.mark.parametrize("entries", [f"[{WORD.upper()}]", "[Clamfolk, Clamfolk]"])
def test_a_word_written_otherwise_or_twice_is_still_an_error(
    entries: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("fanset.yaml").write_text(f"extends: newest\nadd:\n  creature: {entries}\n", encoding="utf-8")
    result = run_cli(["check", "--no-config", "--rules", "fanset.yaml", "-"], "Creature — Elf\n")
    assert result.exit_code == 2
    assert result.stderr.startswith("typeline: error: fanset.yaml:3:")
    assert "warning" not in result.stderr
