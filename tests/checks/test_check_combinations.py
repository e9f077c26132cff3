"""The checks of types that are each listed but do not go together (TL208-TL210,
checks/combinations.py): kindred alone, a planeswalker without Legendary, a supertype on an
object it means nothing on. Each cites the rule its edition's rule file records, and is
silent under an edition without that rule."""

from __future__ import annotations

import pytest
from helpers.checking import NEWEST, checker, codes, found, marked, only

from mtg_typeline.findings import Severity
from mtg_typeline.fix.line import fix_line
from mtg_typeline.ruleset import load_rules, shipped_editions


@pytest.mark.parametrize(
    ("line", "edition", "word"),
    [
        ("Kindred — Elf", NEWEST, "Kindred"),
        ("Legendary Kindred — Elf", NEWEST, "Kindred"),
        ("Tribal — Elf", "2020-08-07", "Tribal"),
        ("Kindred // Instant", NEWEST, "Kindred"),
    ],
)
def test_kindred_alone_is_an_error(line: str, edition: str, word: str) -> None:
    finding = only(line, "TL208", edition)
    assert finding.severity is Severity.ERROR
    assert finding.rules == ("308.1", "300.2b")
    assert marked(line, finding) == word


def test_kindred_with_another_card_type_or_a_misspelt_one_is_not_kindred_alone() -> None:
    assert "TL208" not in codes("Kindred Instant — Elf")
    assert codes("Kindred Sorcerry — Elf") == ["TL201"]  # the missing type may be that word


def test_a_planeswalker_without_legendary_warns_and_the_fix_adds_it_first() -> None:
    for line, fixed in [
        ("Planeswalker — Jace", "Legendary Planeswalker — Jace"),
        ("Snow Planeswalker — Jace", "Legendary Snow Planeswalker — Jace"),
        ("Token Planeswalker — Jace", "Token Legendary Planeswalker — Jace"),
    ]:
        finding = only(line, "TL209")
        assert finding.severity is Severity.WARNING
        assert finding.rules == ("306.4",)
        assert "right as printed" in finding.message
        assert finding.suggestion == fixed
        assert fix_line(line, checker().check).text == fixed
        assert found(fixed) == ()


def test_planeswalkers_need_no_legendary_before_the_uniqueness_rule_went() -> None:
    assert codes("Planeswalker — Jace", "2017-08-25") == []
    assert codes("Planeswalker — Jace", "2017-09-29") == ["TL209"]


@pytest.mark.parametrize(
    ("line", "word", "rule"),
    [
        ("Basic Creature — Elf", "Basic", "205.4c"),
        ("Ongoing Creature — Elf", "Ongoing", "205.4h"),
        ("World Instant", "World", "205.4f"),
        ("Basic Snow Artifact", "Basic", "205.4c"),
    ],
)
def test_a_supertype_without_meaning_warns(line: str, word: str, rule: str) -> None:
    finding = only(line, "TL210")
    assert finding.severity is Severity.WARNING
    assert finding.rules == (rule,)
    assert marked(line, finding) == word


@pytest.mark.parametrize(
    "line",
    ["Basic Land — Forest", "Basic Snow Land — Island", "World Enchantment", "Legendary World Creature",
     "Ongoing Scheme", "Legendary Sorcery", "Snow Instant", "Legendary Enchantment Artifact"],
)  # fmt: skip
def test_supertypes_where_they_mean_something_are_clean(line: str) -> None:
    assert found(line) == ()
    assert checker().is_clean(line)


def test_the_rule_numbers_follow_the_edition() -> None:
    old = only("World Instant", "TL210", "2010-02-01")
    assert old.rules == ("204.4e",)
    kindred = only("Tribal — Elf", "TL208", "2009-07-11")
    assert kindred.rules == ("308.1",)  # 300.2b came in 2010-02-01


def test_every_edition_cites_a_rule_it_records() -> None:
    for edition in shipped_editions():
        rules = load_rules(edition)
        for finding in checker(edition).check_fully("Tribal — Elf // World Instant // Planeswalker"):
            if finding.code in ("TL208", "TL209", "TL210"):
                assert finding.rules, (edition, finding.code)
                assert set(finding.rules) <= set(rules.citations.values()), (edition, finding.code)
