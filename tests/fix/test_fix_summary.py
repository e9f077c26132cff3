"""The last line of the human formats on fixes: what --fix would fix and what only
--unsafe-fixes would (as ruff prints it), and after --fix what was left and why."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli

# a safe fix (the dash), a guess (Goblim: Goblin) and a finding with no fix (Forest)
LINES = "Creature - Elf\nCreature — Goblim\nCreature — Forest\n"


@pytest.mark.parametrize("fmt", ["text", "concise"])
def test_the_fixable_count_and_the_hidden_guesses(fmt: str) -> None:
    result = run_cli(["check", "--no-config", "--format", fmt, "-"], LINES)
    assert result.stdout.splitlines()[-1] == "[*] 1 fixable with --fix (1 more with --unsafe-fixes)."


def test_with_unsafe_fixes_the_guesses_count_as_fixable() -> None:
    result = run_cli(["check", "--no-config", "--format", "concise", "--unsafe-fixes", "-"], LINES)
    assert result.stdout.splitlines()[-1] == "[*] 2 fixable with --fix."


def test_guesses_alone_name_both_flags() -> None:
    result = run_cli(["check", "--no-config", "--format", "concise", "-"], "Creature — Goblim\n")
    assert result.stdout.splitlines()[-1] == "[*] 1 fixable with --fix --unsafe-fixes."


def test_nothing_fixable_says_nothing_more() -> None:
    result = run_cli(["check", "--no-config", "--format", "concise", "-"], "Creature — Forest\n")
    assert result.stdout.splitlines()[-1] == "Found 1 error in 1 type line in 1 file."


def test_after_fix_what_was_left_and_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("cards.txt").write_text(LINES, encoding="utf-8")
    result = run_cli(["check", "--no-config", "--fix", "--format", "concise", "cards.txt"])
    assert result.stdout.splitlines()[-3:] == [
        "Fixed 1 finding in 1 file.",
        "Found 2 errors in 3 type lines in 1 file.",
        "2 left: 1 needs --unsafe-fixes, 1 has no automatic fix.",
    ]


def test_quiet_and_machine_formats_have_no_such_line() -> None:
    assert "fixable" not in run_cli(["check", "--no-config", "-q", "-"], LINES).stdout
    for fmt in ("json", "github", "sarif", "junit", "gitlab", "markdown", "json-lines"):
        assert (
            "fixable with --fix" not in run_cli(["check", "--no-config", "--format", fmt, "-"], LINES).stdout
        )
