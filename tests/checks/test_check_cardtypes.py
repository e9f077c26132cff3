"""The checks of card types and supertypes (TL2xx, checks/cardtypes.py): unknown, obsolete
and missing card types, unknown supertypes and their order, duplicates, emblems. Each pins
the code, severity, rules cited, message, suggestion and the text the finding points at.
"""

from __future__ import annotations

import pytest
from helpers.checking import NEWEST, OLDEST, found, marked, only

from mtg_typeline.findings import Severity


@pytest.mark.parametrize(
    ("line", "code", "misspelt", "word"),
    [
        ("Creture — Goblin", "TL201", "Creture", "Creature"),
        ("Legendery Creature — Elf", "TL204", "Legendery", "Legendary"),
    ],
)
def test_a_misspelt_card_type_or_supertype_names_the_close_word(
    line: str, code: str, misspelt: str, word: str
) -> None:
    finding = only(line, code)
    assert finding.suggestion == line.replace(misspelt, word)
    assert f"did you mean {word}?" in finding.message
    assert marked(line, finding) == misspelt


@pytest.mark.parametrize(
    ("edition", "line", "fixed"),
    [
        (NEWEST, "Tribal Instant — Elf", "Kindred Instant — Elf"),  # Tribal is obsolete
        (OLDEST, "Kindred Instant — Elf", "Tribal Instant — Elf"),  # Kindred is too new
    ],
)
def test_kindred_by_the_other_editions_name_is_obsolete(edition: str, line: str, fixed: str) -> None:
    finding = only(line, "TL202", edition)
    assert finding.severity is Severity.ERROR
    assert finding.suggestion == fixed
    assert marked(line, finding) == line.split(maxsplit=1)[0]
    assert fixed.split(maxsplit=1)[0] in finding.message
    assert found(fixed, edition) == ()


def test_no_card_type() -> None:
    line = "Goblin Wizard"
    result = found(line)
    assert {f.code for f in result} == {"TL203", "TL301"}
    missing = [f for f in result if f.code == "TL203"]
    assert len(missing) == 1
    assert missing[0].rules == ("205.1", "205.2a")
    assert marked(line, missing[0]) == "Goblin Wizard"


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


_AURA_OBJECTS = ("Creature", "Player", "Land", "Artifact", "Enchantment", "Permanent", "Wall")
ENCHANT_FORMS = [(f"Enchant {o}", "Enchantment — Aura") for o in _AURA_OBJECTS] + [
    ("Enchant World", "World Enchantment")
]


@pytest.mark.parametrize(("line", "now"), ENCHANT_FORMS)
def test_an_obsolete_enchant_form_is_one_obsolete_card_type(line: str, now: str) -> None:
    # one finding on both words, as Summon is one: not a story per word (TL201, TL204, TL301)
    finding = only(line, "TL202")
    assert (finding.message, marked(line, finding)) == (
        f"'{line}' is no longer a card type: it is now {now}",
        line,
    )
    assert finding.suggestion == now and finding.fix is not None and found(now) == ()
