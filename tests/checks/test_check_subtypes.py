"""The checks of subtypes (TL3xx, checks/subtypes.py and checks/subtype_guesses.py): subtypes
before the dash, unknown (with the close words offered) and obsolete subtypes, subtypes of
a type the object lacks, objects without subtypes, planar types, duplicates, types after the
dash. Each pins the code, rules cited, message, suggestion and the text pointed at.
"""

from __future__ import annotations

import pytest
from conftest import DATA
from helpers.checking import NEWEST, OLDEST, checker, codes, found, marked, only

from mtg_typeline.findings import Severity


def test_subtype_before_the_dash() -> None:
    line = "Creature Goblin"
    finding = only(line, "TL301")
    assert finding.rules[0] == "205.3b"
    assert finding.suggestion == "Creature — Goblin"
    assert marked(line, finding) == "Goblin"


def test_misspelt_subtype() -> None:
    line = "Creature — Goblim"
    finding = only(line, "TL302")
    assert finding.rules == ("205.3m",)
    assert "did you mean Goblin?" in finding.message
    assert finding.suggestion == "Creature — Goblin"
    assert marked(line, finding) == "Goblim"


@pytest.mark.parametrize(
    ("line", "word", "hint"),
    [
        ("Land — Goblim", "Goblim", "did you mean Goblin (a creature type)?"),
        ("Creature — Desret Bird Ape Druid", "Desret", "did you mean Desert (a land type)?"),
        ("Artifact — Craft", "Craft", "did you mean Rat or Cat (each a creature type)?"),
    ],
)
def test_a_close_subtype_of_a_type_the_object_lacks_is_named_but_not_the_fix(
    line: str, word: str, hint: str
) -> None:
    """Replacing the word with it would only turn TL302 into TL304 (subtype-type-mismatch)."""
    finding = only(line, "TL302")
    assert marked(line, finding) == word
    assert finding.message.endswith(hint)
    assert finding.fix is None
    assert finding.suggestion is None


def test_a_close_subtype_of_any_of_the_objects_own_types_is_the_fix() -> None:
    line = "Land Creature — Goblim"
    finding = only(line, "TL302")
    assert finding.message.endswith("did you mean Goblin?")
    assert finding.fix is not None
    assert finding.fix.replacement == "Goblin"
    assert found(finding.suggestion or "") == ()


@pytest.mark.parametrize(
    ("line", "fixed"),
    [
        ("Legendary Creature — Timk Lord Doctor", "Legendary Creature — Time Lord Doctor"),
        ("Legendary Creature — Time Lrod Doctor", "Legendary Creature — Time Lord Doctor"),
    ],
)
def test_a_misspelt_word_of_a_two_word_subtype_is_fixed_to_make_it_whole(line: str, fixed: str) -> None:
    """Time alone is a planar type; before Lord it is the start of the creature type Time Lord."""
    (finding,) = [f for f in found(line) if f.code == "TL302" and f.fix is not None]
    assert finding.suggestion == fixed
    assert found(fixed) == ()


def test_the_start_of_a_two_word_subtype_is_no_fix_on_its_own() -> None:
    finding = only("Creature — Timk", "TL302")
    assert finding.fix is None
    assert finding.message.endswith("did you mean Time (a planar type)?")


def test_no_subtype_fix_in_the_corpus_gives_a_subtype_of_another_card_type() -> None:
    """Real lines with unknown subtypes: an unsafe fix never trades TL302 for TL304."""
    text = (DATA / "corpus-typelines.tsv").read_text(encoding="utf-8")
    lines = sorted({row.split("\t")[0] for row in text.splitlines()[1:]})
    fixed = []
    for line in lines:
        for finding in checker().check(line):
            if finding.code in ("TL302", "TL306") and finding.fix is not None:
                span, word = finding.fix.span, finding.fix.replacement
                fixed.append(line[: span.start] + word + line[span.end :])
    assert len(fixed) >= 4  # misspelt subtypes with one close entry (Un-set words get none: Cow)
    assert [line for line in fixed if "TL304" in codes(line)] == []


def test_hyphenated_types_are_one_word() -> None:
    line = "Land — Power"
    finding = only(line, "TL302")
    assert marked(line, finding) == "Power"
    worker = only("Artifact Creature — Assembly", "TL302")
    assert marked("Artifact Creature — Assembly", worker) == "Assembly"


@pytest.mark.parametrize(
    ("line", "old", "new", "list_rule"),
    [
        ("Creature — Hound", "Hound", "Dog", "205.3m"),
        ("Creature — Bull", "Bull", "Ox", "205.3m"),  # renamed before the oldest edition
        ("Plane — Kaladesh", "Kaladesh", "Avishkar", "205.3n"),
    ],
)
def test_a_renamed_subtype_suggests_its_new_name(line: str, old: str, new: str, list_rule: str) -> None:
    finding = only(line, "TL303")
    assert finding.rules == ("205.3f", list_rule)  # the obsolete subtypes, then the list
    assert finding.suggestion == line.replace(old, new)
    assert new in finding.message
    assert marked(line, finding) == old


def test_land_type_on_a_creature() -> None:
    line = "Creature — Forest"
    finding = only(line, "TL304")
    assert finding.severity is Severity.ERROR
    assert finding.rules == ("205.3d", "205.3i")
    assert "Forest is a land type (205.3i), but this object is not a land" in finding.message
    assert marked(line, finding) == "Forest"
    assert finding.type_line == line


def test_land_creature_takes_subtypes_of_both_lists() -> None:
    assert found("Land Creature — Forest Dryad") == ()


def test_a_creature_type_on_an_artifact() -> None:
    line = "Artifact — Time Lord"
    finding = only(line, "TL304")
    assert marked(line, finding) == "Time Lord"


@pytest.mark.parametrize(("edition", "rule"), [(NEWEST, "205.3r"), (OLDEST, "205.3p")])
def test_scheme_has_no_subtypes(edition: str, rule: str) -> None:
    line = "Scheme — X"
    finding = only(line, "TL305", edition)
    assert finding.rules == (rule,)
    assert marked(line, finding) == "X"


def test_two_planes_are_not_one_planar_type() -> None:
    line = "Plane — Dominaria Zendikar"
    finding = only(line, "TL306")
    assert finding.rules == ("205.3n", "205.3b")
    assert marked(line, finding) == "Dominaria Zendikar"


def test_type_after_the_dash() -> None:
    line = "Creature — Legendary Elf"
    finding = only(line, "TL308")
    assert marked(line, finding) == "Legendary"


@pytest.mark.parametrize(
    ("line", "edition", "word", "said"),
    [
        ("Creature — Elf Tribal", NEWEST, "Tribal", "'Tribal' is no longer a card type: it is now Kindred"),
        ("Creature — Elf Summon", NEWEST, "Summon", "'Summon' is no longer a card type: it is now Creature"),
        (
            "Creature — Elf Kindred",
            OLDEST,
            "Kindred",
            "'Kindred' is not a card type in the 2020-08-07 edition; it was called Tribal",
        ),
    ],
)
def test_an_old_card_type_name_after_the_dash_is_a_type_after_the_dash(
    line: str, edition: str, word: str, said: str
) -> None:
    finding = only(line, "TL308", edition)
    assert marked(line, finding) == word
    assert finding.message.startswith(said)
    assert finding.message.endswith("; it belongs before the dash")
    assert "205.2a" in finding.rules
