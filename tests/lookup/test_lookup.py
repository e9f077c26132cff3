"""`typeline lookup WORD [--as TYPE]`: exact output, JSON shapes and exit statuses on real words.

The dates are those of the Comprehensive Rules editions that first or last list a word (Time
Lord from 2023-10-13, Siege from 2023-04-14, Tribal until 2024-03-08): facts that newer
editions don't change. The rule of CR 205.3e, which the rule files cite as `choose-subtype`,
is checked against the CR texts where ../shared is present.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli, shared_path
from helpers import commands

from mtg_typeline.crimport.section import decode, effective_date, notes_end, split_lines
from mtg_typeline.lookup.choice import choice_rule, found_in, parts_of
from mtg_typeline.lookup.word import look_up
from mtg_typeline.ruleset import load_rules, shipped_editions

NEWEST = "2026-09-25"


def expect(args: list[str], text: str, status: int) -> None:
    commands.expect(["lookup", *args], text, status)


def expect_error(args: list[str], message: str) -> None:
    commands.expect_error(["lookup", *args], message)


def json_of(args: list[str], status: int) -> Any:
    return commands.json_of(["lookup", *args, "--format", "json"], status)


# -- what a word is ---------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["Goblin", "goblin", "GOBLIN", " Goblin "])
def test_a_creature_type_in_every_edition(word: str) -> None:
    expect(
        [word],
        f"Goblin: a creature type (205.3m) in the {NEWEST} edition\n"
        f"  creature type: 2009-07-11 to {NEWEST}\n",
        0,
    )


@pytest.mark.parametrize("words", [["Time Lord"], ["Time", "Lord"], ["time  lord"]])
def test_the_two_word_creature_type(words: list[str]) -> None:
    expect(
        words,
        f"Time Lord: a creature type (205.3m) in the {NEWEST} edition\n"
        f"  creature type: 2023-10-13 to {NEWEST}\n",
        0,
    )


def test_the_two_word_creature_type_before_its_first_edition() -> None:
    expect(
        ["Time Lord", "--edition", "2023-04-14"],
        "Time Lord: not a card type, supertype or subtype in the 2023-04-14 edition\n"
        f"  creature type: 2023-10-13 to {NEWEST}\n",
        1,
    )


def test_a_battle_type_from_its_first_edition() -> None:
    expect(
        ["Siege"],
        f"Siege: a battle type (205.3q) in the {NEWEST} edition\n  battle type: 2023-04-14 to {NEWEST}\n",
        0,
    )


def test_a_word_in_two_lists() -> None:
    expect(
        ["spacecraft"],
        f"Spacecraft: an artifact type (205.3g) and a planar type (205.3n) in the {NEWEST} edition\n"
        f"  planar type: 2023-10-13 to {NEWEST}\n"
        f"  artifact type: 2025-07-25 to {NEWEST}\n",
        0,
    )


@pytest.mark.parametrize("word", ["Urza's", "urza’s"])
def test_either_apostrophe(word: str) -> None:
    expect(
        [word],
        f"Urza’s: a land type (205.3i) in the {NEWEST} edition\n  land type: 2009-07-11 to {NEWEST}\n",
        0,
    )


def test_a_plane_of_two_words() -> None:
    expect(
        ["new phyrexia"],
        f"New Phyrexia: a planar type (205.3n) in the {NEWEST} edition\n"
        f"  planar type: 2012-06-01 to {NEWEST}\n",
        0,
    )


def test_a_card_type_without_subtypes() -> None:
    expect(
        ["Phenomenon"],
        "Phenomenon: a card type (205.2a) and a card type without subtypes (205.3r) "
        f"in the {NEWEST} edition\n"
        f"  card type: 2012-10-01 to {NEWEST}\n"
        f"  card type without subtypes: 2012-10-01 to {NEWEST}\n",
        0,
    )


def test_a_supertype() -> None:
    expect(
        ["basic"],
        f"Basic: a supertype (205.4a) in the {NEWEST} edition\n  supertype: 2009-07-11 to {NEWEST}\n",
        0,
    )


# -- renamed, dropped, nothing -----------------------------------------------------------------


def test_a_renamed_card_type_under_the_newest_edition() -> None:
    expect(
        ["Tribal"],
        f"Tribal: not a card type, supertype or subtype in the {NEWEST} edition\n"
        "  card type: 2009-07-11 to 2024-03-08\n"
        "  renamed: Tribal → Kindred in the 2024-06-07 edition; this edition has Kindred\n",
        1,
    )


def test_the_new_name_under_an_edition_older_than_the_rename() -> None:
    expect(
        ["Kindred", "--edition", "2020-08-07"],
        "Kindred: not a card type, supertype or subtype in the 2020-08-07 edition\n"
        f"  card type: 2024-06-07 to {NEWEST}\n"
        "  renamed: Tribal → Kindred in the 2024-06-07 edition; this edition has Tribal\n",
        1,
    )


def test_a_renamed_creature_type() -> None:
    expect(
        ["hound"],
        f"Hound: not a card type, supertype or subtype in the {NEWEST} edition\n"
        "  creature type: 2009-07-11 to 2020-06-01\n"
        "  renamed: Hound → Dog in the 2020-07-03 edition; this edition has Dog\n",
        1,
    )
    expect(
        ["Dog"],
        f"Dog: a creature type (205.3m) in the {NEWEST} edition\n"
        f"  creature type: 2020-07-03 to {NEWEST}\n"
        "  renamed: Hound → Dog in the 2020-07-03 edition\n",
        0,
    )


def test_a_rename_older_than_the_shipped_editions() -> None:
    expect(
        ["Summon"],
        f"Summon: not a card type, supertype or subtype in the {NEWEST} edition\n"
        "  in no shipped edition\n"
        "  renamed: Summon → Creature before the shipped editions; this edition has Creature\n",
        1,
    )


def test_nothing_with_no_close_match() -> None:
    expect(
        ["Quokka"],
        f"Quokka: not a card type, supertype or subtype in the {NEWEST} edition\n"
        "  in no shipped edition\n"
        "  close matches: none\n",
        1,
    )


def test_nothing_with_a_close_match() -> None:
    expect(
        ["Goblim"],
        f"Goblim: not a card type, supertype or subtype in the {NEWEST} edition\n"
        "  in no shipped edition\n"
        "  close matches: Goblin\n",
        1,
    )


def test_several_types_written_together() -> None:
    expect(
        ["Merfolk Wizard"],
        f"Merfolk Wizard: not a card type, supertype or subtype in the {NEWEST} edition\n"
        "  in no shipped edition\n"
        "  parts: Merfolk (creature type), Wizard (creature type)\n",
        1,
    )


def test_control_characters_are_shown_not_sent() -> None:
    result = run_cli(["lookup", "Gob\x1b[31mlin"])
    assert result.exit_code == 1
    assert result.stdout.startswith("Gob\u241b[31mlin: not a card type")
    assert "\x1b" not in result.stdout


def test_an_empty_word_is_a_usage_error() -> None:
    expect_error(["  "], "nothing to look up: give a word, such as Goblin or 'Time Lord'")


def test_unknown_edition() -> None:
    result = run_cli(["lookup", "Goblin", "--edition", "2023-05-01"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith("typeline: error: unknown edition '2023-05-01': ")


def test_as_of_picks_the_edition_in_force() -> None:
    assert json_of(["Siege", "--as-of", "2023-05-01"], 0)["edition"] == "2023-04-14"
    assert json_of(["Siege", "--as-of", "2023-04-13"], 1)["edition"] == "2022-11-18"


# -- --as TYPE: CR 205.3e ---------------------------------------------------------------------


def test_as_a_valid_choice() -> None:
    expect(
        ["Goblin", "--as", "creature"],
        f"yes: Goblin may be chosen as a creature type (205.3e, {NEWEST} edition)\n"
        "  Goblin is a creature type (205.3m)\n",
        0,
    )


def test_as_the_two_word_creature_type() -> None:
    expect(
        ["Time Lord", "--as", "Creature"],
        f"yes: Time Lord may be chosen as a creature type (205.3e, {NEWEST} edition)\n"
        "  Time Lord is a creature type (205.3m)\n",
        0,
    )


def test_as_a_creature_type_a_land_type_is_no_choice() -> None:
    expect(
        ["Forest", "--as", "creature"],
        f"no: Forest may not be chosen as a creature type (205.3e, {NEWEST} edition)\n"
        "  Forest is a land type (205.3i), not a creature type (205.3m)\n",
        1,
    )
    expect(
        ["Swamp", "--as", "CREATURE"],
        f"no: Swamp may not be chosen as a creature type (205.3e, {NEWEST} edition)\n"
        "  Swamp is a land type (205.3i), not a creature type (205.3m)\n",
        1,
    )


def test_as_two_subtypes_are_no_choice() -> None:
    expect(
        ["Merfolk Wizard", "--as", "creature"],
        f"no: Merfolk Wizard may not be chosen as a creature type (205.3e, {NEWEST} edition)\n"
        "  'Merfolk Wizard' is two subtypes, Merfolk and Wizard; a choice is one subtype\n",
        1,
    )
    expect(
        ["Time Lord Rogue", "--as", "creature"],
        f"no: Time Lord Rogue may not be chosen as a creature type (205.3e, {NEWEST} edition)\n"
        "  'Time Lord Rogue' is two subtypes, Time Lord and Rogue; a choice is one subtype\n",
        1,
    )


AS_CASES = [
    ("Artifact", "creature", 1, "Artifact is a card type (205.2a), not a creature type (205.3m)"),
    (
        "Goblim",
        "creature",
        1,
        "'Goblim' is not a creature type (205.3m) or any other type; did you mean Goblin?",
    ),
    ("Goblin", "conspiracy", 1, "Conspiracy has no subtypes (205.3r)"),
    (
        "Naga",
        "creature",
        1,
        "'Naga' is not a creature type (205.3m) in this edition (Naga → Snake in the 2024-06-07 edition): "
        "it has Snake",
    ),
    ("Arcane", "sorcery", 0, "Arcane is a spell type (205.3k)"),
    ("Elf", "kindred", 0, "Elf is a creature type (205.3m)"),
]


@pytest.mark.parametrize(("word", "card_type", "status", "reason"), AS_CASES)
def test_as_other_answers(word: str, card_type: str, status: int, reason: str) -> None:
    assert json_of([word, "--as", card_type], status)["choice"]["reason"] == reason


def test_as_under_an_edition_cites_its_own_rule() -> None:
    expect(
        ["Goblin", "--as", "creature", "--edition", "2009-07-11"],
        "yes: Goblin may be chosen as a creature type (204.3d, 2009-07-11 edition)\n"
        "  Goblin is a creature type (204.3k)\n",
        0,
    )
    expect(
        ["Time Lord", "--as", "creature", "--edition", "2023-04-14"],
        "no: Time Lord may not be chosen as a creature type (205.3e, 2023-04-14 edition)\n"
        "  'Time Lord' is not a creature type (205.3m) in this edition; it is a creature type in the "
        f"editions 2023-10-13 to {NEWEST}\n",
        1,
    )


def test_as_unknown_type_is_a_usage_error() -> None:
    types = (
        "Artifact, Battle, Conspiracy, Creature, Dungeon, Enchantment, Instant, Kindred, Land, "
        "Phenomenon, Plane, Planeswalker, Scheme, Sorcery, Vanguard"
    )
    expect_error(
        ["Goblin", "--as", "wizard"],
        f"--as 'wizard' is not a card type in the {NEWEST} edition; choose from {types}",
    )
    expect_error(
        ["Goblin", "--as", "tribal"],
        f"--as 'tribal' is not a card type in the {NEWEST} edition (Tribal → Kindred: this edition has "
        f"Kindred); choose from {types}",
    )


# -- JSON -------------------------------------------------------------------------------------


def test_json_of_a_known_word() -> None:
    assert json_of(["goblin"], 0) == {
        "version": 1,
        "query": "goblin",
        "word": "Goblin",
        "edition": NEWEST,
        "rules_files": [],
        "removed_by": None,
        "known": True,
        "found": [
            {
                "category": "creature",
                "name": "creature types",
                "rule": "205.3m",
                "entry": "Goblin",
                "added_by": None,
            }
        ],
        "editions": [
            {
                "category": "creature",
                "name": "creature types",
                "first": "2009-07-11",
                "last": NEWEST,
                "runs": [{"first": "2009-07-11", "last": NEWEST}],
            }
        ],
        "renames": [],
        "parts": [],
        "close_matches": [],
        "unset": None,
    }


def test_json_of_a_renamed_word() -> None:
    data = json_of(["Tribal"], 1)
    assert (data["known"], data["found"], data["parts"], data["close_matches"]) == (False, [], [], [])
    assert (data["editions"][0]["first"], data["editions"][0]["last"]) == ("2009-07-11", "2024-03-08")
    (rename,) = data["renames"]
    assert list(rename) == ["old", "new", "kind", "since", "source", "in_this_edition"]
    assert (rename["old"], rename["new"], rename["kind"]) == ("Tribal", "Kindred", "card_type")
    assert (rename["since"], rename["in_this_edition"]) == ("2024-06-07", "Kindred")


def test_json_of_a_choice() -> None:
    data = json_of(["Merfolk Wizard", "--as", "creature"], 1)
    assert data["choice"] == {
        "card_type": "Creature",
        "allowed": False,
        "rule": "205.3e",
        "categories": ["creature"],
        "reason": "'Merfolk Wizard' is two subtypes, Merfolk and Wizard; a choice is one subtype",
    }
    assert [p["text"] for p in data["parts"]] == ["Merfolk", "Wizard"]
    assert data["parts"][0]["found"][0]["category"] == "creature"
    assert "choice" not in json_of(["Merfolk Wizard"], 1)


def test_json_of_nothing() -> None:
    data = json_of(["Clamfolk"], 1)
    assert (data["known"], data["editions"], data["close_matches"]) == (False, [], [])
    assert json_of(["Goblim"], 1)["close_matches"] == ["Goblin"]


# -- the pieces -------------------------------------------------------------------------------


def test_found_in_follows_the_category_order() -> None:
    rules = load_rules(NEWEST)
    assert [f.category.key for f in found_in(rules, "spacecraft")] == ["artifact", "planar"]
    assert [f.category.key for f in found_in(rules, "conspiracy")] == ["card_types", "no_subtypes"]
    assert found_in(rules, "Time   Lord")[0].entry == "Time Lord"
    assert found_in(rules, "Clamfolk") == ()


def test_parts_take_the_longest_listed_entry() -> None:
    rules = load_rules(NEWEST)
    parts = parts_of(rules, "Legendary Time Lord Doctor")
    assert [(p.text, [f.category.key for f in p.found]) for p in parts] == [
        ("Legendary", ["supertypes"]),
        ("Time Lord", ["creature"]),
        ("Doctor", ["creature"]),
    ]
    assert parts_of(rules, "Goblin") == ()


def test_runs_of_editions_are_consecutive_shipped_editions() -> None:
    answer = look_up("Naga", None, None)
    ((first, last),) = answer.spans[0].runs
    editions = shipped_editions()
    assert (first, editions[editions.index(last) + 1]) == ("2014-09-25", "2024-06-07")


def _cr_texts() -> list[Path]:
    cr = shared_path("cr")
    return [*sorted((cr / "archive").glob("*.txt.gz")), cr / "2026-09-25-section-205.txt"]


def test_the_choice_rule_is_the_rule_on_choosing_a_subtype_in_every_edition() -> None:
    checked = 0
    for path in _cr_texts():
        lines = split_lines(decode(path.read_bytes(), str(path)))
        edition = effective_date(lines, str(path))
        if edition not in shipped_editions():
            continue
        rule = choice_rule(load_rules(edition))
        (text,) = [line for line in lines[notes_end(lines) :] if line.startswith(f"{rule} ")]
        assert "choose" in text and "subtype" in text, (edition, text)
        checked += 1
    assert checked == len(shipped_editions())


def test_every_shipped_rule_file_cites_the_choice_rule() -> None:
    for edition in shipped_editions():
        rules = load_rules(edition)
        (rule,) = rules.cite("choose-subtype")
        assert rule == ("204.3d" if edition < "2011-09-30" else "205.3e"), edition
        assert rules.summary(rule), edition  # `explain` and the JSON have words for it


def test_a_rule_file_may_cite_its_own_choice_rule(tmp_path: Path) -> None:
    text = Path(load_rules(NEWEST).path).read_text(encoding="utf-8")
    cited = tmp_path / "cited.yaml"
    cited.write_text(text.replace('choose-subtype: "205.3e"', 'choose-subtype: "205.3f"'), encoding="utf-8")
    assert choice_rule(load_rules(path=str(cited))) == "205.3f"
    without = tmp_path / "without.yaml"
    lines = [line for line in text.splitlines(keepends=True) if not line.startswith("  choose-subtype:")]
    without.write_text("".join(lines), encoding="utf-8")
    rules = load_rules(path=str(without))
    assert rules.cite("choose-subtype") == ()
    assert choice_rule(rules) == "205.3e"  # the fallback: the rule after no-gaining


# -- --rules: the user's rule files -------------------------------------------------------------


@pytest.fixture
def clam(tmp_path: Path) -> str:
    path = tmp_path / "clam.yaml"
    path.write_text("extends: newest\nadd:\n  creature: [Clamfolk]\nremove:\n  creature: [Goblin]\n")
    return str(path)


def test_a_word_a_custom_file_added(clam: str) -> None:
    expect(
        ["Clamfolk", "--rules", clam],
        f"Clamfolk: a creature type (added by clam.yaml) in the {NEWEST} edition with clam.yaml\n"
        "  in no shipped edition\n",
        0,
    )
    expect(
        ["clamfolk", "--rules", clam, "--as", "Kindred"],
        f"yes: Clamfolk may be chosen as a creature type (205.3e, {NEWEST} edition with clam.yaml)\n"
        "  Clamfolk is a creature type (added by clam.yaml)\n",
        0,
    )
    expect(  # without the file, it is only the Un-set cards' word
        ["Clamfolk", "--as", "Creature"],
        f"no: Clamfolk may not be chosen as a creature type (205.3e, {NEWEST} edition)\n"
        "  'Clamfolk' is not a creature type (205.3m) in this edition; it is a creature type only of "
        "Un-set and silver-bordered cards (Clam-I-Am), not of the rules\n",
        1,
    )


def test_a_word_a_custom_file_removed(clam: str) -> None:
    result = run_cli(["lookup", "Goblin", "--rules", clam])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:3] == [
        f"Goblin: not a card type, supertype or subtype in the {NEWEST} edition with clam.yaml",
        "  removed by clam.yaml",
        f"  creature type: 2009-07-11 to {NEWEST}",
    ]
    assert json_of(["Goblin", "--rules", clam], 1)["removed_by"] == "clam.yaml"
    assert json_of(["Goblin"], 0)["removed_by"] is None


def test_json_names_the_files_and_who_added_the_word(clam: str, tmp_path: Path) -> None:
    more = tmp_path / "more.yaml"
    more.write_text(f"extends: {clam}\nadd:\n  land: [Reef]\n")
    data = json_of(["Reef", "--rules", clam, "--rules", str(more)], 0)
    assert (data["edition"], data["rules_files"]) == (NEWEST, [clam, str(more)])
    assert data["found"] == [
        {"category": "land", "name": "land types", "rule": "205.3i", "entry": "Reef", "added_by": "more.yaml"}
    ]


def test_rules_and_an_edition_exclude_each_other(clam: str) -> None:
    expect_error(
        ["Goblin", "--rules", clam, "--edition", NEWEST],
        "--rules and --edition or --as-of exclude each other",
    )
    expect_error(
        ["Goblin", "--rules", clam, "--as-of", "2025-01-01"],
        "--rules and --edition or --as-of exclude each other",
    )


def test_an_unknown_type_for_as_names_the_custom_rules(clam: str) -> None:
    result = run_cli(["lookup", "Clamfolk", "--rules", clam, "--as", "Widget"])
    assert result.exit_code == 2
    assert f"--as 'Widget' is not a card type in the {NEWEST} edition with clam.yaml;" in result.stderr


def test_rule_files_of_the_same_name_are_told_apart_by_path(clam: str, tmp_path: Path) -> None:
    other = tmp_path / "more" / "clam.yaml"
    other.parent.mkdir()
    other.write_text(f"extends: {clam}\nadd:\n  land: [Reef]\n")
    result = run_cli(["lookup", "Reef", "--rules", clam, "--rules", str(other)])
    assert result.stdout.splitlines()[0] == (
        f"Reef: a land type (added by clam.yaml) in the {NEWEST} edition with {clam} and {other}"
    )
