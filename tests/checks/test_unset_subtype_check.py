"""Subtypes printed only on Un-set and silver-bordered cards (rules/unset-subtypes.yaml): TL302
names what the word is, with one card that prints it, and guesses no listed word of another
meaning (Cow is no Clown, Donkey no Monkey)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli
from helpers.checking import codes, found, marked, only

from mtg_typeline.ruleset import load_rules, shipped_editions
from mtg_typeline.ruleset.unset_subtypes import unset_subtype

WHAT = "only of Un-set and silver-bordered cards"


@pytest.mark.parametrize(
    ("line", "word", "card", "adds"),
    [
        ("Creature — Cow", "Cow", "Hungry Hungry Heifer", "`add: {creature: [Cow]}`"),
        ("Creature — Donkey Wizard", "Donkey", "Assquatch", "`add: {creature: [Donkey]}`"),
        (
            "Artifact Creature — Cyborg Advisor",
            "Cyborg",
            "Rules Lawyer",
            "`add: {artifact: [Cyborg]}` or `add: {creature: [Cyborg]}`",
        ),
    ],
)
def test_an_unset_subtype_is_named_and_not_guessed(line: str, word: str, card: str, adds: str) -> None:
    finding = only(line, "TL302")
    assert finding.message == (
        f"'{word}' is a creature type {WHAT} ({card}), not of the rules; to check such cards, add it "
        f"to a rule file given with --rules ({adds})"
    )
    assert finding.suggestion is None and finding.fix is None
    assert "did you mean" not in finding.message
    assert marked(line, finding) == word


def test_under_another_card_type_it_is_still_named_as_what_it_is() -> None:
    finding = only("Artifact — Cow", "TL302")
    cow = f"'Cow' is a creature type {WHAT} (Hungry Hungry Heifer), not of the rules;"
    assert finding.message.startswith(cow)
    assert finding.rules == ("205.3g",)  # the list of the object's own type, as for any TL302
    assert finding.fix is None


@pytest.mark.parametrize("edition", [shipped_editions()[0], shipped_editions()[-1]])
def test_every_edition_names_it(edition: str) -> None:
    finding = only("Creature — Cow", "TL302", edition)
    assert WHAT in finding.message and finding.fix is None
    # as for any word: the remedy of a rule file only under the newest edition
    assert ("--rules" in finding.message) == (edition == shipped_editions()[-1])


@pytest.mark.parametrize("text", ["cow", "COW"])
def test_the_word_is_matched_as_printed(text: str) -> None:
    """As every subtype on a line: another case is another word (here, a typo of a listed one)."""
    finding = only(f"Creature — {text}", "TL302")
    assert WHAT not in finding.message
    assert unset_subtype(text) is None and unset_subtype(text, any_case=True) is not None


def test_a_word_the_rules_list_is_not_an_unset_subtype() -> None:
    """Squirrel and Chicken (renamed Bird) are on Un-set cards too, but the rules know them."""
    assert codes("Creature — Squirrel") == []
    assert codes("Creature — Chicken") == ["TL303"]
    assert unset_subtype("Squirrel") is None and unset_subtype("Chicken") is None


def test_a_custom_rule_file_that_lists_it_makes_it_a_subtype(tmp_path: Path) -> None:
    rules = tmp_path / "unsets.yaml"
    rules.write_text("extends: newest\nadd:\n  creature: [Cow]\n", encoding="utf-8")
    result = run_cli(["check", "--no-config", "--rules", str(rules), "-"], stdin="Creature — Cow\n")
    assert result.exit_code == 0, result.output


def test_the_fix_leaves_an_unset_subtype_alone() -> None:
    result = run_cli(["check", "--no-config", "--fix", "--unsafe-fixes", "-"], stdin="Creature — Cow\n")
    assert result.exit_code == 1
    assert "Clown" not in result.output
    assert found("Creature — Cow")[0].code == "TL302"
    assert load_rules().subtype_lists("Cow") == ()
