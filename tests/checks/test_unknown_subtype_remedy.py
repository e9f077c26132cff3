"""TL302 on a word no list holds, nor anything like it: the message and `explain` say how
to make it known (a rule file given with --rules), naming the list of the type it stands under."""

from __future__ import annotations

from conftest import run_cli

from mtg_typeline import check_line, load_rules
from mtg_typeline.ruleset import shipped_editions


def _message(line: str) -> str:
    (finding,) = [f for f in check_line(line, load_rules()) if f.code == "TL302"]
    return finding.message


def test_a_word_of_ones_own_is_told_how_to_add_it() -> None:
    message = _message("Creature — Quokka")  # (Clamfolk, a word of joke cards, says so instead)
    assert "--rules" in message
    assert "`add: {creature: [Quokka]}`" in message


def test_each_list_of_the_object_is_named() -> None:
    message = _message("Artifact Creature — Quokka")
    assert "`add: {artifact: [Quokka]}` or `add: {creature: [Quokka]}`" in message


def test_a_likely_misspelling_gets_no_remedy() -> None:
    assert "--rules" not in _message("Creature — Goblim")


def test_explain_leads_with_the_remedy() -> None:
    result = run_cli(["explain", "TL302"])
    assert result.exit_code == 0
    paragraphs = result.stdout.split("\n\n")
    assert "--rules" in paragraphs[2]  # after the heading and the one-line summary
    assert "add:" in paragraphs[2]


def test_a_word_no_rule_file_could_hold_gets_no_remedy() -> None:
    assert "--rules" not in _message("Creature — 100%")
    assert "--rules" not in _message("Creature — clamfolk")


def test_an_older_edition_gets_no_remedy() -> None:
    """An unknown word there is likelier one a later edition added (Vehicle, in 2010)."""
    (finding,) = [
        f for f in check_line("Artifact — Vehicle", load_rules(shipped_editions()[0])) if f.code == "TL302"
    ]
    assert "--rules" not in finding.message
