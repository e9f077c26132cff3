"""`typeline rules list|show|diff|import`: exact output on the shipped editions.

The expected text is written out literally; the editions named (2009-07-11 … 2026-09-25)
are facts of the Comprehensive Rules and stay as they are when newer editions are shipped.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli, shared_path
from helpers.commands import expect, expect_error, json_of

from mtg_typeline.lookup.show import CATEGORIES
from mtg_typeline.ruleset import load_rules, rules_dir, shipped_editions

NEWEST = "2026-09-25"

LIST_HEAD = (
    "edition      sec  card  super  artif  ench  land  walker  spell  creat  planar  dung  battle  none"
)
LIST_ROWS = (
    "2009-07-11   204     8      4      3     2    12       9      1    217       -     -       -     -",
    "2011-07-15   204    11      5      3     2    12      15      2    223      30     -       -     2",
    "2011-09-30   205    11      5      3     3    12      15      2    224      30     -       -     2",
    "2022-11-18   205    14      5     11     9    13      76      4    280      43     1       -     4",
    "2023-04-14   205    15      5     12     9    14      76      4    281      62     1       1     4",
)


# -- rules list -------------------------------------------------------------------------------


def test_list_shows_every_edition_oldest_first_with_counts() -> None:
    lines = run_cli(["rules", "list"]).stdout.splitlines()
    editions = shipped_editions()
    assert lines[0] == LIST_HEAD
    assert [line[:10] for line in lines[1:-1]] == list(editions)
    rows = {line[:10]: line for line in lines[1:-1]}
    for row in LIST_ROWS:
        assert rows[row[:10]] == row
    assert lines[-1] == f"{len(editions)} editions; * marks the default, the newest"


def test_list_marks_the_newest_as_the_default() -> None:
    lines = run_cli(["rules", "list"]).stdout.splitlines()
    marked = [line for line in lines[1:-1] if line[10] == "*"]
    assert marked == [lines[-2]]
    assert marked[0].startswith(f"{shipped_editions()[-1]}*  205")


def test_list_json() -> None:
    data = json_of(["rules", "list", "--format", "json"])
    assert list(data) == ["version", "default", "editions"]
    assert data["version"] == 1
    assert data["default"] == shipped_editions()[-1]
    assert [e["edition"] for e in data["editions"]] == list(shipped_editions())
    by_date = {e["edition"]: e for e in data["editions"]}
    assert by_date["2009-07-11"] == {
        "edition": "2009-07-11",
        "file": "2009-07-11.yaml",
        "section": "204",
        "default": False,
        "counts": {
            "card_types": 8, "supertypes": 4, "artifact": 3, "enchantment": 2, "land": 12,
            "planeswalker": 9, "spell": 1, "creature": 217,
        },
    }  # fmt: skip
    newest = by_date[NEWEST]["counts"]
    assert newest == {
        "card_types": 15, "supertypes": 5, "artifact": 23, "enchantment": 13, "land": 17,
        "planeswalker": 80, "spell": 5, "creature": 324, "planar": 82, "dungeon": 1, "battle": 1,
        "no_subtypes": 4,
    }  # fmt: skip
    assert sum(e["default"] for e in data["editions"]) == 1


def test_list_counts_agree_with_the_rule_sets() -> None:
    data = json_of(["rules", "list", "--format", "json"])
    for row in data["editions"]:
        rules = load_rules(row["edition"])
        assert row["counts"]["creature"] == len(next(s for s in rules.lists if s.key == "creature").entries)
        assert row["counts"]["card_types"] == len(rules.card_types)


# -- rules show -------------------------------------------------------------------------------


def test_show_one_category() -> None:
    expect(
        ["rules", "show", "battle"],
        f"edition {NEWEST}, section 205\n\nbattle: battle types, rule 205.3q, of Battle (1)\n  Siege\n",
    )


def test_show_one_category_of_an_older_edition() -> None:
    expect(
        ["rules", "show", "spell", "--edition", "2020-08-07"],
        "edition 2020-08-07, section 205\n\n"
        "spell: spell types, rule 205.3k, of Instant and Sorcery (3)\n  Adventure\n  Arcane\n  Trap\n",
    )
    expect(
        ["rules", "show", "no_subtypes", "--edition", "2009-10-01"],
        "edition 2009-10-01, section 204\n\n"
        "no_subtypes: card types without subtypes, rule 204.3n (1)\n  Vanguard\n",
    )


def test_show_everything_of_an_edition() -> None:
    lines = run_cli(["rules", "show", "--edition", "2009-07-11"]).stdout.splitlines()
    assert [line for line in lines if line and not line.startswith("  ")] == [
        "edition 2009-07-11, section 204",
        "card_types: card types, rule 204.2a (8)",
        "supertypes: supertypes, rule 204.4a (4)",
        "artifact: artifact types, rule 204.3f, of Artifact (3)",
        "enchantment: enchantment types, rule 204.3g, of Enchantment (2)",
        "land: land types, rule 204.3h, of Land (12)",
        "planeswalker: planeswalker types, rule 204.3i, of Planeswalker (9)",
        "spell: spell types, rule 204.3j, of Instant and Sorcery (1)",
        "creature: creature types, rule 204.3k, of Creature and Tribal (217)",
    ]
    assert "  Tribal" in lines and "  Goblin" in lines


def test_show_json() -> None:
    data = json_of(["rules", "show", "--format", "json"])
    assert list(data) == ["version", "edition", "rules_files", "section", "categories"]
    assert (data["version"], data["edition"], data["rules_files"], data["section"]) == (1, NEWEST, [], "205")
    assert [c["category"] for c in data["categories"]] == list(CATEGORIES)
    card_types, creature = data["categories"][0], data["categories"][7]
    assert list(card_types) == ["category", "name", "rule", "entries", "added"]
    assert card_types["added"] == {}
    assert (card_types["name"], card_types["rule"]) == ("card types", "205.2a")
    assert "Kindred" in card_types["entries"] and "Tribal" not in card_types["entries"]
    assert list(creature) == ["category", "name", "rule", "entries", "card_types", "grouping", "added"]
    assert creature["card_types"] == ["Creature", "Kindred"]
    assert (creature["grouping"], data["categories"][8]["grouping"]) == ("words", "whole")
    assert creature["entries"][0] == "Time Lord" and len(creature["entries"]) == 324


def test_show_as_of_picks_the_edition_in_force() -> None:
    data = json_of(["rules", "show", "battle", "--as-of", "2023-05-01", "--format", "json"])
    assert data["edition"] == "2023-04-14"
    assert data["categories"][0]["entries"] == ["Siege"]


def test_show_unknown_category_lists_them() -> None:
    expect_error(
        ["rules", "show", "creatures"],
        "unknown category 'creatures': choose from card_types, supertypes, artifact, enchantment, land, "
        "planeswalker, spell, creature, planar, dungeon, battle, no_subtypes; did you mean creature?",
    )


def test_show_a_list_the_edition_lacks() -> None:
    expect_error(
        ["rules", "show", "battle", "--edition", "2020-08-07"],
        "the 2020-08-07 edition has no battle list (it has card_types, supertypes, artifact, enchantment, "
        "land, planeswalker, spell, creature, planar, no_subtypes)",
    )


def test_show_unknown_edition() -> None:
    result = run_cli(["rules", "show", "--edition", "2023-05-01"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith("typeline: error: unknown edition '2023-05-01': ")
    assert result.stderr.endswith("`--as-of 2023-05-01` gives the edition in force on that day, 2023-04-14\n")


def test_show_edition_and_as_of_exclude_each_other() -> None:
    expect_error(
        ["rules", "show", "--edition", NEWEST, "--as-of", "2024-01-01"],
        "--edition and --as-of exclude each other",
    )


# -- rules diff -------------------------------------------------------------------------------

DIFF_2020_2026 = """\
from the 2020-08-07 edition to the 2026-09-25 edition
card_types: card types, rule 205.2a
  added: Battle, Dungeon
  renamed: Tribal → Kindred (2024-06-07)
supertypes: supertypes, rule 205.4a: no change
artifact: artifact types, rule 205.3g
  added: Attraction, Blood, Bobblehead, Book, Heartwood, Incubator, Infinity, Junk, Lander, Map,
         Mutagen, Powerstone, Spacecraft, Stone, Vibranium
enchantment: enchantment types, rule 205.3h
  added: Background, Case, Class, Plan, Role, Room, Rune, Shard
land: land types, rule 205.3i
  added: Cave, Planet, Sphere, Town
planeswalker: planeswalker types, rule 205.3j
  added: Bahamut, Comet, Dakkon, Dellian, Dihada, Ellywick, Elminster, Grist, Guff, Jared, Jeska,
         Kaito, Lolth, Minsc, Mordenkainen, Niko, Quintorius, Sivitri, Szat, Tasha, Tyvar, Urza,
         Vronos, Zariel
spell: spell types, rule 205.3k
  added: Lesson, Omen
creature: creature types, rule 205.3m
  card types: Creature and Tribal → Creature and Kindred
  added: Time Lord, Alien, Armadillo, Astartes, Balloon, Bard, Beaver, Beholder, Bison, Capybara,
         Child, Clown, Coyote, C’tan, Custodes, Cyberman, Dalek, Detective, Doctor, Drix, Echidna,
         Employee, Eternal, Fractal, Gamer, Gamma, Giraffe, Gith, Glimmer, Gnoll, Guest, Halfling,
         Hamster, Hedgehog, Hero, Inhuman, Inkling, Inquisitor, Kangaroo, Kree, Llama, Lemur,
         Lobster, Mite, Moogle, Mount, Necron, Performer, Phyrexian, Platypus, Porcupine, Possum,
         Primarch, Qu, Raccoon, Ranger, Robot, Scientist, Seal, Shi’ar, Skrull, Skunk, Sloth, Snail,
         Sorcerer, Spy, Symbiote, Synth, Tiefling, Toy, Tyranid, Utrom, Varmint, Villain, Walrus,
         Weasel
  renamed: Cephalid → Octopus (2024-06-07; Octopus was listed already),
           Naga → Snake (2024-06-07; Snake was listed already),
           Viashino → Lizard (2024-06-07; Lizard was listed already)
planar: planar types, rule 205.3n
  added: The Abyss, Alfava Metraxis, Amonkhet, Androzani Minor, Antausia, Apalapucia, Arcavios,
         Avishkar, Capenna, Cridhe, The Dalek Asylum, Darillium, Earth, Echoir, Eldraine, Fiora,
         Gallifrey, Gargantikar, Gobakhan, Horsehead Nebula, Ikoria, Ixalan, Kandoka, Kylem,
         The Library, Mars, Moon, Necros, New Earth, Outside Mutter’s Spiral, Shenmeng, Skaro,
         Spacecraft, Tarkir, Theros, Time, Trenzalore, Unknown Planet, Zhalfir
dungeon: dungeon types, rule 205.3p: new list
  added: Undercity
battle: battle types, rule 205.3q: new list
  added: Siege
no_subtypes: card types without subtypes, rule 205.3p → 205.3r
"""


def test_diff_2020_to_2026() -> None:
    expect(["rules", "diff", "2020-08-07", NEWEST], DIFF_2020_2026)


def test_diff_across_the_renumbering_of_2011() -> None:
    expect(
        ["rules", "diff", "2011-07-15", "2011-09-30"],
        """\
from the 2011-07-15 edition to the 2011-09-30 edition
section: 204 → 205
card_types: card types, rule 204.2a → 205.2a
supertypes: supertypes, rule 204.4a → 205.4a
artifact: artifact types, rule 204.3f → 205.3g
enchantment: enchantment types, rule 204.3g → 205.3h
  added: Curse
land: land types, rule 204.3h → 205.3i
planeswalker: planeswalker types, rule 204.3i → 205.3j
spell: spell types, rule 204.3j → 205.3k
creature: creature types, rule 204.3k → 205.3m
  added: Werewolf
planar: planar types, rule 204.3m → 205.3n
no_subtypes: card types without subtypes, rule 204.3n → 205.3p
cited rules:
  type-line: 204.1 → 205.1
  subtype-syntax: 204.3b → 205.3b
  correlation: 204.3c → 205.3c
  choose-subtype: 204.3d → 205.3e
  obsolete-subtypes: 204.3e → 205.3f
  basic-meaning: 204.4c → 205.4c
  world-meaning: 204.4e → 205.4e
  ongoing-meaning: 204.4g → 205.4g
  no-gaining: (none) → 205.3d
""",
    )


def test_diff_shows_a_creature_type_renamed() -> None:
    lines = run_cli(["rules", "diff", "2020-06-01", "2020-07-03"]).stdout.splitlines()
    assert "creature: creature types, rule 205.3m" in lines
    assert "  renamed: Hound → Dog (2020-07-03)" in lines
    assert not any(line.startswith(("  added: Dog", "  removed: Hound")) for line in lines)


def test_diff_from_newer_to_older_renames_the_other_way() -> None:
    lines = run_cli(["rules", "diff", "2024-06-07", "2024-03-08"]).stdout.splitlines()
    assert lines[:3] == [
        "from the 2024-06-07 edition to the 2024-03-08 edition",
        "card_types: card types, rule 205.2a",
        "  renamed: Kindred → Tribal (2024-06-07)",
    ]
    assert "  card types: Creature and Kindred → Creature and Tribal" in lines
    assert "  added: Cephalid, Naga, Viashino" in lines


def test_diff_of_an_edition_with_itself() -> None:
    lines = run_cli(["rules", "diff", NEWEST, NEWEST]).stdout.splitlines()
    assert lines[0] == f"from the {NEWEST} edition to the {NEWEST} edition"
    assert all(line.endswith(": no change") for line in lines[1:])
    assert len(lines) == 1 + len(CATEGORIES)


def test_diff_json() -> None:
    data = json_of(["rules", "diff", "2020-08-07", NEWEST, "--format", "json"])
    assert list(data) == ["version", "old", "new", "section", "categories", "citations"]
    assert (data["old"], data["new"], data["section"]) == ("2020-08-07", NEWEST, {"old": "205", "new": "205"})
    assert data["citations"] == []
    by_key = {c["category"]: c for c in data["categories"]}
    assert list(by_key) == list(CATEGORIES)
    assert by_key["card_types"] == {
        "category": "card_types",
        "name": "card types",
        "status": "changed",
        "rule": {"old": "205.2a", "new": "205.2a"},
        "added": ["Battle", "Dungeon"],
        "removed": [],
        "renamed": [{"old": "Tribal", "new": "Kindred", "since": "2024-06-07", "merged": False}],
    }
    assert by_key["battle"] == {
        "category": "battle",
        "name": "battle types",
        "status": "added",
        "rule": {"old": None, "new": "205.3q"},
        "card_types": {"old": None, "new": ["Battle"]},
        "added": ["Siege"],
        "removed": [],
        "renamed": [],
    }
    creature = by_key["creature"]
    assert creature["card_types"] == {"old": ["Creature", "Tribal"], "new": ["Creature", "Kindred"]}
    assert "Time Lord" in creature["added"]
    assert {"old": "Naga", "new": "Snake", "since": "2024-06-07", "merged": True} in creature["renamed"]
    assert by_key["no_subtypes"]["rule"] == {"old": "205.3p", "new": "205.3r"}
    assert by_key["supertypes"]["status"] == "same"


def test_diff_json_citations_and_section() -> None:
    data = json_of(["rules", "diff", "2011-07-15", "2011-09-30", "--format", "json"])
    assert data["section"] == {"old": "204", "new": "205"}
    assert {"meaning": "no-gaining", "old": None, "new": "205.3d"} in data["citations"]


@pytest.mark.parametrize("args", [["2020-08-07", "2099-01-01"], ["2019-13-01", NEWEST]])
def test_diff_unknown_edition(args: list[str]) -> None:
    result = run_cli(["rules", "diff", *args])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith("typeline: error: unknown edition ")


# -- rules import -----------------------------------------------------------------------------


def test_import_writes_the_rule_file_to_standard_output() -> None:
    source = shared_path("cr", f"{NEWEST}-section-205.txt")
    result = run_cli(["rules", "import", str(source)])
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == (rules_dir() / f"{NEWEST}.yaml").read_text(encoding="utf-8")


def test_import_writes_the_rule_file_to_a_file(tmp_path: Path) -> None:
    source = shared_path("cr", "archive", "2011-09-30.txt.gz")
    target = tmp_path / "rules.yaml"
    target.write_text("old contents\n", encoding="utf-8")
    result = run_cli(["rules", "import", str(source), "-o", str(target)])
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    assert target.read_bytes() == (rules_dir() / "2011-09-30.yaml").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rules.yaml"]  # no temporary file left


def test_import_of_a_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "CR.txt"
    expect_error(
        ["rules", "import", str(missing)], f"{missing}: cannot read the CR text: No such file or directory"
    )


def test_import_of_a_text_that_is_no_cr_leaves_the_output_alone(tmp_path: Path) -> None:
    source, target = tmp_path / "notes.txt", tmp_path / "rules.yaml"
    source.write_text("Some notes.\n", encoding="utf-8")
    target.write_text("old contents\n", encoding="utf-8")
    result = run_cli(["rules", "import", str(source), "-o", str(target)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"typeline: error: {source}:1: no effective date: ")
    assert target.read_text(encoding="utf-8") == "old contents\n"


def test_show_with_the_users_rule_files(tmp_path: Path) -> None:
    path = tmp_path / "clam.yaml"
    path.write_text("extends: newest\nadd:\n  creature: [Clamfolk]\n  card_types: [Host]\n")
    result = run_cli(["rules", "show", "creature", "--rules", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"edition {NEWEST} with clam.yaml, section 205"
    assert lines[2] == "creature: creature types, rule 205.3m, of Creature and Kindred (325)"
    assert "  Clamfolk  (added by clam.yaml)" in lines and "  Goblin" in lines
    data = json_of(["rules", "show", "--rules", str(path), "--format", "json"])
    assert data["rules_files"] == [str(path)]
    by_key = {c["category"]: c for c in data["categories"]}
    assert by_key["creature"]["added"] == {"Clamfolk": "clam.yaml"}
    assert (
        by_key["card_types"]["added"] == {"Host": "clam.yaml"} and "Host" in by_key["card_types"]["entries"]
    )
    assert by_key["land"]["added"] == {}


def test_show_a_list_of_the_users_own_has_no_rule(tmp_path: Path) -> None:
    path = tmp_path / "ships.yaml"
    path.write_text(
        "extends: newest\nadd:\n  card_types: [Starship]\n"
        "lists:\n  starship:\n    name: starship types\n    card_types: [Starship]\n    entries: [Cruiser]\n"
    )
    result = run_cli(["rules", "show", "starship", "--rules", str(path)])
    assert result.stdout.splitlines()[2:] == [
        "starship: starship types, of Starship (1)",
        "  Cruiser  (added by ships.yaml)",
    ]
