"""Silencing one card, not a code: `per-card-ignores` in the configuration (a card's name in
any file, or under a glob), TL904 for an entry that silenced nothing, and the baseline of
known findings kept by file, card and code (`--write-baseline FILE`, `--baseline FILE`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli

# three cards: two helper entries of a token file, one real typo
CARDS = [
    {"name": "State", "type_line": "Card — State"},
    {"name": "Goblin", "type_line": "Token Creature — Gobln"},
    {"name": "Bounty", "type_line": "Card — Bounty"},
]


@pytest.fixture
def here(repo: Path) -> Path:
    """A repository holding tokens.json (CARDS) as the working directory."""
    (repo / "tokens.json").write_text(json.dumps(CARDS), encoding="utf-8")
    return repo


def config(here: Path, text: str) -> None:
    (here / ".typeline.yaml").write_text(text, encoding="utf-8")


def found(*args: str) -> tuple[int, list[tuple[str, str | None, str]]]:
    result = run_cli(["check", "--format", "json", *args])
    assert result.exit_code in (0, 1), result.stderr
    report: dict[str, Any] = json.loads(result.stdout)
    return result.exit_code, [(f["path"], f.get("card"), f["code"]) for f in report["findings"]]


def test_without_per_card_ignores_every_card_is_reported(here: Path) -> None:
    status, findings = found("tokens.json")
    assert status == 1
    assert [card for _, card, _ in findings] == ["State", "Goblin", "Bounty"]


def test_a_card_named_is_silenced_and_the_others_still_reported(here: Path) -> None:
    config(here, "per-card-ignores:\n  State: [TL201]\n")
    assert found("tokens.json") == (
        1,
        [("tokens.json", "Goblin", "TL302"), ("tokens.json", "Bounty", "TL201")],
    )


def test_only_the_codes_named_are_silenced_for_the_card(here: Path) -> None:
    config(here, "per-card-ignores:\n  Goblin: [TL201]\n")
    assert ("tokens.json", "Goblin", "TL302") in found("tokens.json")[1]


def test_a_glob_limits_the_cards_to_its_files(here: Path) -> None:
    config(
        here,
        "per-card-ignores:\n  '*.json':\n    Bounty: [unknown-card-type]\n  other.xml:\n    State: [TL201]\n",
    )
    cards = [card for _, card, _ in found("tokens.json")[1]]
    assert cards == ["State", "Goblin"]


def test_the_toml_form(here: Path) -> None:
    (here / "pyproject.toml").write_text(
        '[tool.typeline.per-card-ignores]\nState = ["TL201"]\n"tokens.*" = { Bounty = ["TL201"] }\n',
        encoding="utf-8",
    )
    assert found("tokens.json") == (1, [("tokens.json", "Goblin", "TL302")])


def test_an_entry_that_silenced_nothing_is_tl904_when_selected(here: Path) -> None:
    config(here, "per-card-ignores:\n  State: [TL201]\n  Ghost: [TL302]\n")
    assert ("tokens.json", "State", "TL201") not in found("tokens.json")[1]
    assert not [f for f in found("tokens.json")[1] if f[2] == "TL904"]  # off by default
    result = run_cli(["check", "--format", "concise", "--extend-select", "TL904", "tokens.json"])
    unused = [line for line in result.stdout.splitlines() if "TL904" in line]
    assert len(unused) == 1
    assert unused[0].startswith(".typeline.yaml:1:1: TL904 [warning] the per-card suppression of 'Ghost'")


@pytest.mark.parametrize(
    "text",
    [
        "per-card-ignores: [State]\n",
        "per-card-ignores:\n  State: TL201\n",
        "per-card-ignores:\n  State: [TL201]\n  x.json: {}\n",
    ],
)
def test_a_badly_shaped_per_card_ignores_is_refused(here: Path, text: str) -> None:
    config(here, text)
    result = run_cli(["check", "tokens.json"])
    assert result.exit_code == 2
    assert "key 'per-card-ignores' must be a mapping of card names to lists of codes" in result.stderr


def test_an_unknown_code_in_per_card_ignores_names_the_file_and_card(here: Path) -> None:
    config(here, "per-card-ignores:\n  State: [TL999]\n")
    result = run_cli(["check", "tokens.json"])
    assert result.exit_code == 2
    assert ".typeline.yaml: per-card-ignores 'State'" in result.stderr and "'TL999'" in result.stderr


def test_a_baseline_silences_the_known_findings_not_new_ones(here: Path) -> None:
    result = run_cli(["check", "--write-baseline", "known.json", "tokens.json"])
    assert result.exit_code == 0
    assert result.stderr == "typeline: wrote a baseline of 3 findings in 1 file to known.json\n"
    assert found("--baseline", "known.json", "tokens.json") == (0, [])
    cards = [{"name": "New", "type_line": "Creature — Elff"}, *reversed(CARDS)]  # moved, and one new
    (here / "tokens.json").write_text(json.dumps(cards), encoding="utf-8")
    assert found("--baseline", "known.json", "tokens.json") == (1, [("tokens.json", "New", "TL302")])


def test_a_baseline_of_text_lines_is_kept_by_the_line_not_its_number(here: Path) -> None:
    (here / "a.txt").write_text("Creature — Forest\n", encoding="utf-8")
    assert run_cli(["check", "--write-baseline", "known.json", "a.txt"]).exit_code == 0
    (here / "a.txt").write_text("Creature — Elf\nCreature — Forest\nLand — Goblin\n", encoding="utf-8")
    status, findings = found("--baseline", "known.json", "a.txt")
    assert (status, [code for _, _, code in findings]) == (1, ["TL304"])  # Land — Goblin, new


def test_a_baseline_counts_each_known_finding_once(here: Path) -> None:
    (here / "a.txt").write_text("Creature — Forest\n", encoding="utf-8")
    run_cli(["check", "--write-baseline", "known.json", "a.txt"])
    (here / "a.txt").write_text("Creature — Forest\nCreature — Forest\n", encoding="utf-8")
    assert len(found("--baseline", "known.json", "a.txt")[1]) == 1


@pytest.mark.parametrize("text", ["not json", "[]", '{"version": 1, "files": {"a": {"b": {"TL1": "x"}}}}'])
def test_a_file_that_is_no_baseline_is_a_usage_error(here: Path, text: str) -> None:
    (here / "known.json").write_text(text, encoding="utf-8")
    result = run_cli(["check", "--baseline", "known.json", "tokens.json"])
    assert result.exit_code == 2
    assert result.stderr.startswith("typeline: error: --baseline known.json: not a baseline")


def test_a_missing_baseline_is_a_usage_error(here: Path) -> None:
    result = run_cli(["check", "--baseline", "missing.json", "tokens.json"])
    assert result.exit_code == 2
    assert result.stderr.startswith("typeline: error: --baseline missing.json: cannot read it")


def test_a_configured_baseline_is_read_from_the_configurations_folder(here: Path) -> None:
    (here / "ci").mkdir()
    assert run_cli(["check", "--write-baseline", "ci/known.json", "tokens.json"]).exit_code == 0
    config(here, "baseline: ci/known.json\n")
    (here / "sub").mkdir()
    (here / "sub" / "t.txt").write_text("Creature — Elf\n", encoding="utf-8")
    assert found("tokens.json") == (0, [])
