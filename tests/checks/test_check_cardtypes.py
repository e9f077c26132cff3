"""The checks of card types and supertypes (TL2xx, checks/cardtypes.py): unknown, obsolete
and missing card types, unknown supertypes and their order, duplicates, emblems. Each pins
the code, severity, rules cited, message, suggestion and the text the finding points at.
"""

from __future__ import annotations

import pytest
from helpers.checking import OLDEST, found, marked, only

from mtg_typeline.findings import Severity


def test_misspelt_card_type() -> None:
    line = "Creture — Goblin"
    finding = only(line, "TL201")
    assert finding.suggestion == "Creature — Goblin"
    assert "did you mean Creature?" in finding.message
    assert marked(line, finding) == "Creture"


def test_tribal_is_obsolete_in_the_newest_edition() -> None:
    line = "Tribal Instant — Elf"
    finding = only(line, "TL202")
    assert finding.severity is Severity.ERROR
    assert finding.suggestion == "Kindred Instant — Elf"
    assert marked(line, finding) == "Tribal"
    assert "Kindred" in finding.message
    assert found("Kindred Instant — Elf") == ()


def test_kindred_is_too_new_for_the_2020_edition() -> None:
    assert found("Tribal Instant — Elf", OLDEST) == ()
    line = "Kindred Instant — Elf"
    finding = only(line, "TL202", OLDEST)
    assert finding.suggestion == "Tribal Instant — Elf"
    assert marked(line, finding) == "Kindred"
    assert "Tribal" in finding.message


def test_no_card_type() -> None:
    line = "Goblin Wizard"
    result = found(line)
    assert {f.code for f in result} == {"TL203", "TL301"}
    missing = [f for f in result if f.code == "TL203"]
    assert len(missing) == 1
    assert missing[0].rules == ("205.1", "205.2a")
    assert marked(line, missing[0]) == "Goblin Wizard"


def test_misspelt_supertype() -> None:
    line = "Legendery Creature — Elf"
    finding = only(line, "TL204")
    assert finding.suggestion == "Legendary Creature — Elf"
    assert "did you mean Legendary?" in finding.message
    assert marked(line, finding) == "Legendery"


def test_supertype_after_card_type() -> None:
    line = "Creature Legendary — Elf"
    finding = only(line, "TL205")
    assert finding.severity is Severity.WARNING
    assert finding.suggestion == "Legendary Creature — Elf"
    assert marked(line, finding) == "Legendary"
    assert finding.message == "the supertype 'Legendary' stands after a card type; supertypes come first"


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("Creature Legendary Snow — Elf", "'Legendary' and 'Snow'"),
        ("Creature Legendary Snow World — Elf", "'Legendary', 'Snow' and 'World'"),
        ("Artifact Legendary Creature Snow — Golem", "'Legendary' and 'Snow'"),
    ],
)
def test_supertypes_after_a_card_type_are_named_together(line: str, names: str) -> None:
    finding = only(line, "TL205")
    assert finding.message == f"the supertypes {names} stand after a card type; supertypes come first"
    assert marked(line, finding) == "Legendary"


@pytest.mark.parametrize("line", ["Emblem — Liliana", "Emblem"])
def test_emblem_is_information_only(line: str) -> None:
    finding = only(line, "TL207")
    assert finding.severity is Severity.INFO
    assert marked(line, finding) == "Emblem"
