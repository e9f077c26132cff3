"""Custom rule files: `extends:` a shipped edition or another file, `add:`, `remove:`,
`lists:` and `name:`; every validation error at its `file:line:column`; `--rules` given
several times and the `rules` configuration key; the rule cache over a chain of files; and
the diagnostics that say which custom file added or removed an entry."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from conftest import run_cli

from mtg_typeline import ruleset
from mtg_typeline.checker import Checker
from mtg_typeline.errors import RulesDataError, UsageError
from mtg_typeline.ruleset import cache as rulecache
from mtg_typeline.ruleset import editions, load_rules, shipped_editions
from mtg_typeline.ruleset import userfiles as customload

SAMPLE = Path(__file__).parent / "data" / "samples" / "mse" / "TheCloneWars.mse-set-partial"
FAN_SET_FILE = Path(__file__).resolve().parents[1] / "examples" / "fanset.yaml"
NEWEST = shipped_editions()[-1]
OLDEST = shipped_editions()[0]
THREE_LINES = "extends: newest\nadd:\n  creature: [Clamfolk]\n"
# The words of the sample fan set that no list of the newest edition holds, by list; the
# same as examples/fanset.yaml.
FAN_SET = """\
extends: newest
name: The Clone Wars
add:
  creature: [Jedi, Sith, General]
  planeswalker: [Anakin]
  artifact: [Craft, Cruiser]
  battle: [Duel]
"""


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(name: str, text: str) -> Path:
    path = Path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def check(args: list[str], lines: str) -> Result:
    return run_cli(["check", "--no-config", *args, "-"], lines)


def findings(args: list[str], lines: str) -> list[dict[str, Any]]:
    result = check(["--format", "json", *args], lines)
    assert result.stderr == ""
    found: list[dict[str, Any]] = json.loads(result.stdout)["findings"]
    return found


def messages(args: list[str], lines: str) -> list[tuple[str, str]]:
    return [(f["code"], f["message"]) for f in findings(args, lines)]


# the smallest file, and what it changes


def test_the_three_line_file(here: Path) -> None:
    write("fanset.yaml", THREE_LINES)
    result = check(["--rules", "fanset.yaml"], "Creature — Clamfolk\nKindred Instant — Clamfolk Elf\n")
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        "No problems in 2 type lines in 1 file.\n",
        "",
    )
    assert check([], "Creature — Clamfolk\n").exit_code == 1  # not without the file


def test_provenance_in_the_text_report(here: Path) -> None:
    write("fanset.yaml", THREE_LINES)
    result = check(["--rules", "fanset.yaml"], "Land — Clamfolk\n")
    assert result.exit_code == 1
    assert result.stdout == (
        "-:1:8: error TL304 subtype-type-mismatch\n"
        "  Clamfolk is a creature type (added by fanset.yaml), but this object is not a creature or a "
        "kindred\n"
        "   |\n"
        " 1 | Land — Clamfolk\n"
        "   |        ^^^^^^^^\n"
        f"   = rules: 205.3d  {load_rules().summary('205.3d')}\n"
        "Found 1 error in 1 type line in 1 file.\n"
    )


def test_provenance_in_the_json_report(here: Path) -> None:
    write("sets/fanset.yaml", THREE_LINES)
    result = check(
        ["--format", "json", "--rules", "sets/fanset.yaml"], "Land — Clamfolk\nCreature — Forest\n"
    )
    document = json.loads(result.stdout)
    assert document["edition"] == NEWEST
    assert document["rules"] == {
        "name": f"{load_rules().name} + fanset.yaml",
        "files": [str(Path("sets/fanset.yaml"))],
    }
    first, second = document["findings"]
    assert first["message"] == (
        "Clamfolk is a creature type (added by fanset.yaml), but this object is not a creature or a kindred"
    )
    assert first["rules"] == ["205.3d"]  # the creature list's rule does not list Clamfolk
    # a shipped entry is reported as always
    assert second["message"] == "Forest is a land type (205.3i), but this object is not a land"
    assert second["rules"] == ["205.3d", "205.3i"]


def test_provenance_of_types_and_of_subtypes_before_the_dash(here: Path) -> None:
    write("un.yaml", "extends: newest\nadd:\n  supertypes: [Host]\n  creature: [Clamfolk]\n")
    lines = "Host Creature — Clamfolk\nCreature — Host\nClamfolk Creature\n"
    assert messages(["--rules", "un.yaml"], lines) == [
        ("TL308", "'Host' is a supertype (added by un.yaml); it belongs before the dash"),
        ("TL301", "'Clamfolk' is a creature type (added by un.yaml); subtypes go after a long dash"),
    ]
    found = findings(["--rules", "un.yaml"], lines)
    assert [f["rules"] for f in found] == [["205.3b"], ["205.3b"]]


def test_provenance_of_a_word_in_another_case(here: Path) -> None:
    write("un.yaml", "extends: newest\nadd:\n  supertypes: [Host]\n  creature: [Clamfolk]\n")
    found = findings(["--rules", "un.yaml"], "host Creature — clamfolk Elf\n")
    assert [(f["code"], f["message"], f["rules"]) for f in found] == [
        ("TL103", "'host' should be written 'Host' (added by un.yaml)", []),
        ("TL103", "'clamfolk' should be written 'Clamfolk' (added by un.yaml)", []),
    ]


def test_removed_words_are_unknown_and_say_who_removed_them(here: Path) -> None:
    write(
        "strict.yaml",
        "extends: newest\nremove:\n  creature: [Goblin]\n  supertypes: [Snow]\n"
        "  card_types: [Battle]\n  planar: [Dominaria]\n",
    )
    lines = "Creature — Goblin\nSnow Creature — Elf\nBattle — Siege\nPlane — Dominaria\nArtifact — Goblin\n"
    assert messages(["--rules", "strict.yaml"], lines) == [
        ("TL302", "'Goblin' is not a creature type (205.3m) or any other subtype (removed by strict.yaml)"),
        ("TL204", "'Snow' is not a supertype (removed by strict.yaml)"),
        ("TL201", "'Battle' is not a card type (removed by strict.yaml)"),
        ("TL306", "'Dominaria' is not a planar type (removed by strict.yaml)"),
        ("TL302", "'Goblin' is not an artifact type (205.3g) or any other subtype (removed by strict.yaml)"),
    ]
    rules = load_rules(path="strict.yaml")
    assert "Battle" not in rules.card_types
    assert all(s.key != "battle" for s in rules.lists)  # its only card type went


def test_a_new_card_type_with_a_list_of_its_own(here: Path) -> None:
    write(
        "host.yaml",
        "extends: newest\nadd:\n  card_types: [Host]\nlists:\n  host:\n    name: host types\n"
        "    card_types: [Host]\n    entries: [Parasite, Symbiote]\n",
    )
    assert (
        messages(["--rules", "host.yaml"], "Host — Parasite Symbiote\nArtifact Host — Parasite Clue\n") == []
    )
    assert messages(["--rules", "host.yaml"], "Host — Goblin\nCreature — Parasite\nHost — Parasit\n") == [
        ("TL304", "Goblin is a creature type (205.3m), but this object is not a creature or a kindred"),
        ("TL304", "Parasite is a host type (added by host.yaml), but this object is not a host"),
        (
            "TL302",
            "'Parasit' is not a host type (from host.yaml) or any other subtype; did you mean Parasite?",
        ),
    ]
    found = findings(["--rules", "host.yaml"], "Host — Parasit\n")
    assert found[0]["rules"] == []  # no rule of the CR lists host types


def test_a_new_card_type_alone_has_no_subtypes(here: Path) -> None:
    write("host.yaml", "extends: newest\nadd:\n  card_types: [Host]\n")
    assert messages(["--rules", "host.yaml"], "Legendary Host\nHost — Goblin\n") == [
        ("TL305", "this edition lists no subtypes for host"),
    ]


def test_an_unquoted_date_and_an_older_edition(here: Path) -> None:
    write("old.yaml", f"extends: {OLDEST}\nadd:\n  creature: [Clamfolk]\n")
    rules = load_rules(path="old.yaml")
    oldest = load_rules(OLDEST)
    assert rules.edition == OLDEST
    assert rules.section == oldest.section
    assert rules.citations == oldest.citations  # rule numbers are the base edition's
    assert rules.subtype_lists("Clamfolk")[0][0].rule == oldest.subtype_lists("Elf")[0][0].rule


def test_name_and_order_of_entries(here: Path) -> None:
    write("fanset.yaml", FAN_SET)
    rules = load_rules(path="fanset.yaml")
    newest = load_rules()
    assert rules.name == "The Clone Wars"
    creature = next(s for s in rules.lists if s.key == "creature")
    assert creature.entries[-3:] == ("Jedi", "Sith", "General")  # after the CR's own
    assert creature.entries[:-3] == next(s for s in newest.lists if s.key == "creature").entries
    assert rules.provenance.added_by("creature", "jedi") == "fanset.yaml"
    assert rules.provenance.added_by("creature", "Elf") is None


def test_the_fast_path_agrees_with_the_full_checks(here: Path) -> None:
    """Custom card types, supertypes, lists, phrases and removals reach the checker's fast
    path through the rule set's lists; it may only call a line clean when the checks agree."""
    write(
        "mixed.yaml",
        "extends: newest\nadd:\n  card_types: [Host]\n  supertypes: [Elite]\n"
        "  creature: [Clone Trooper, Jedi]\nremove:\n  creature: [Goblin]\n  supertypes: [World]\n"
        "lists:\n  host:\n    name: host types\n    card_types: [Host]\n    entries: [Parasite, Jedi]\n",
    )
    rules = load_rules(path="mixed.yaml")
    checker = Checker(rules)
    subtypes = sorted({e for s in rules.lists if not s.whole for e in s.entries} | {"Goblin", "World"})
    rng = random.Random("custom rules")
    clean = 0
    for _ in range(3000):
        types = rng.sample(rules.card_types, rng.randint(1, 2))
        own = [e for s in rules.lists_for(frozenset(types)) if not s.whole for e in s.entries]
        supertypes = rng.sample([*rules.supertypes, "World"], rng.randint(0, 1))
        words = [
            rng.choice(own if own and rng.random() < 0.8 else subtypes) for _ in range(rng.randint(0, 3))
        ]
        line = " ".join([*supertypes, *types]) + (" — " + " ".join(words) if words else "")
        if checker.is_clean(line):
            clean += 1
            assert checker.check_fully(line) == (), line
    assert 300 < clean < 2700  # both sides of the fence are reached


# the real fan set


def test_the_clone_wars_fan_set_passes_with_its_custom_file(here: Path) -> None:
    before = run_cli(["check", "--no-config", "--format", "json", str(SAMPLE)])
    assert before.exit_code == 1
    unknown = [re.match(r"'([^']+)' is not", f["message"]) for f in json.loads(before.stdout)["findings"]]
    assert sorted({m[1] for m in unknown if m}) == [
        "Anakin", "Craft", "Cruiser", "Duel", "General", "Jedi", "Sith",
    ]  # fmt: skip
    write("fanset.yaml", FAN_SET)
    after = run_cli(["check", "--no-config", str(SAMPLE), "--rules", "fanset.yaml"])
    assert (after.exit_code, after.stdout, after.stderr) == (
        0,
        "No problems in 13 type lines in 1 file.\n",
        "",
    )


def test_the_example_fan_set_file_is_the_one_tested() -> None:
    text = FAN_SET_FILE.read_text(encoding="utf-8")
    assert "\n".join(line for line in text.splitlines() if not line.startswith("#")) + "\n" == FAN_SET
    after = run_cli(["check", "--no-config", str(SAMPLE), "--rules", str(FAN_SET_FILE)])
    assert (after.exit_code, after.stdout) == (0, "No problems in 13 type lines in 1 file.\n")


# chains of files


def test_a_chain_of_files_relative_to_each_other(here: Path) -> None:
    write("common/base.yaml", "extends: newest\nadd:\n  creature: [Clamfolk]\n")
    write("sets/fanset.yaml", "extends: ../common/base.yaml\nadd:\n  creature: [Jedi]\n")
    rules = load_rules(path="sets/fanset.yaml")
    assert rules.provenance.files == (str(Path("common/base.yaml")), str(Path("sets/fanset.yaml")))
    assert messages(["--rules", "sets/fanset.yaml"], "Land — Clamfolk Jedi\n") == [
        (
            "TL304",
            "Clamfolk is a creature type (added by base.yaml), but this object is not a creature or a "
            "kindred",
        ),
        (
            "TL304",
            "Jedi is a creature type (added by fanset.yaml), but this object is not a creature or a kindred",
        ),
    ]


def test_a_chain_ending_in_a_full_file(here: Path) -> None:
    write("full.yaml", Path(load_rules().path).read_text(encoding="utf-8"))
    write("fanset.yaml", "extends: full.yaml\nremove:\n  creature: [Goblin]\n")
    rules = load_rules(path="fanset.yaml")
    assert rules.provenance.files == ("full.yaml", "fanset.yaml")
    assert not rules.subtype_lists("Goblin")


def test_a_later_file_removes_what_an_earlier_one_added(here: Path) -> None:
    write("base.yaml", THREE_LINES)
    write("fanset.yaml", "extends: base.yaml\nremove:\n  creature: [Clamfolk]\n")
    assert messages(["--rules", "fanset.yaml"], "Creature — Clamfolk\n") == [
        ("TL302", "'Clamfolk' is not a creature type (205.3m) or any other subtype (removed by fanset.yaml)"),
    ]


# --rules given several times, and the configuration key


def test_repeated_rules_apply_in_order(here: Path) -> None:
    write("one.yaml", THREE_LINES)
    write("two.yaml", "extends: newest\nname: Both\nadd:\n  creature: [Jedi]\n")
    result = check(
        ["--format", "json", "--rules", "one.yaml", "--rules", "two.yaml"], "Land — Clamfolk Jedi\n"
    )
    document = json.loads(result.stdout)
    assert document["rules"] == {"name": "Both", "files": ["one.yaml", "two.yaml"]}
    assert [f["message"].split(",")[0] for f in document["findings"]] == [
        "Clamfolk is a creature type (added by one.yaml)",
        "Jedi is a creature type (added by two.yaml)",
    ]


def test_a_custom_file_on_a_full_file_of_the_same_edition(here: Path) -> None:
    write("full.yaml", Path(load_rules().path).read_text(encoding="utf-8"))
    write("fanset.yaml", THREE_LINES)
    assert messages(["--rules", "full.yaml", "--rules", "fanset.yaml"], "Creature — Clamfolk\n") == []
    assert load_rules(path=("full.yaml", "fanset.yaml")).provenance.files == ("full.yaml", "fanset.yaml")


def test_a_later_full_file_replaces_what_came_before(here: Path) -> None:
    write("fanset.yaml", THREE_LINES)
    write("full.yaml", Path(load_rules().path).read_text(encoding="utf-8"))
    result = check(
        ["--format", "json", "--rules", "fanset.yaml", "--rules", "full.yaml"], "Creature — Clamfolk\n"
    )
    document = json.loads(result.stdout)
    assert "rules" not in document
    assert [f["code"] for f in document["findings"]] == ["TL302"]


def test_a_later_file_may_extend_an_earlier_one_by_path(here: Path) -> None:
    write("base.yaml", THREE_LINES)
    write("one.yaml", "extends: base.yaml\nadd:\n  creature: [Jedi]\n")
    write("two.yaml", "extends: base.yaml\nadd:\n  creature: [Sith]\n")
    rules = load_rules(path=("one.yaml", "two.yaml"))
    assert rules.provenance.files == ("base.yaml", "one.yaml", "two.yaml")
    assert all(rules.subtype_lists(word) for word in ("Clamfolk", "Jedi", "Sith"))


def test_the_rules_configuration_key(here: Path) -> None:
    write("rules/one.yaml", THREE_LINES)
    write("rules/two.yaml", "extends: newest\nadd:\n  creature: [Jedi]\n")
    write(".typeline.yaml", "rules: [rules/one.yaml, rules/two.yaml]\n")
    os.chdir(write("deep/x.txt", "").parent)
    result = run_cli(["check", "--format", "json", "-"], "Creature — Clamfolk Jedi\n")
    assert json.loads(result.stdout)["rules"]["files"] == [
        str(here / "rules/one.yaml"),
        str(here / "rules/two.yaml"),
    ]
    assert result.exit_code == 0
    write(str(here / ".typeline.yaml"), "rules: rules/one.yaml\n")
    assert run_cli(["check", "-"], "Creature — Clamfolk\n").exit_code == 0
    # --rules typed replaces the configured files
    typed = run_cli(["check", "--rules", str(here / "rules/two.yaml"), "-"], "Creature — Clamfolk Jedi\n")
    assert typed.exit_code == 1


@pytest.mark.parametrize(("value", "shown"), [("[]", "[]"), ("[rules/one.yaml, 3]", "['rules/one.yaml', 3]")])
def test_a_bad_rules_configuration_value(here: Path, value: str, shown: str) -> None:
    write(".typeline.yaml", f"rules: {value}\n")
    result = run_cli(["check", "-"], "Creature\n")
    assert result.exit_code == 2
    assert result.stderr == (
        f"typeline: error: {here / '.typeline.yaml'}:1:1: key 'rules' must be a path or a list of paths "
        f"(strings), not {shown}\n"
    )


def test_edition_and_rules_still_exclude_each_other(here: Path) -> None:
    write("fanset.yaml", THREE_LINES)
    result = check(["--edition", NEWEST, "--rules", "fanset.yaml"], "Creature\n")
    assert (result.exit_code, result.stderr) == (
        2,
        "typeline: error: --edition and --rules exclude each other\n",
    )


def test_a_full_rules_file_works_as_before(here: Path) -> None:
    write("mine.yaml", Path(load_rules().path).read_text(encoding="utf-8").replace("      - Zubera\n", ""))
    result = check(["--format", "json", "--rules", "mine.yaml"], "Creature — Zubera\n")
    document = json.loads(result.stdout)
    assert "rules" not in document
    assert document["findings"][0]["message"].startswith("'Zubera' is not a creature type (205.3m)")
    assert load_rules(path="mine.yaml").path == "mine.yaml"


# validation: every error, exactly where it is


def error(text: str, name: str = "custom.yaml") -> str:
    write(name, text)
    result = check(["--rules", name], "Creature\n")
    assert (result.exit_code, result.stdout) == (2, "")
    message = result.stderr
    assert message.startswith("typeline: error: ") and message.endswith("\n") and message.count("\n") == 1
    return message[len("typeline: error: ") : -1]


TYPE_FORM = "one capitalised word of letters, hyphens between its parts"
NOT_SUBTYPE = (
    "is not a subtype name (capitalised words of letters, apostrophes or hyphens inside a word, "
    "one space between words)"
)
CATEGORIES = (
    "artifact, enchantment, land, planeswalker, spell, creature, planar, dungeon, battle, card_types, "
    "supertypes"
)
ERRORS = [
    (
        "unknown-key",
        "extends: newest\nad:\n  creature: [X]\n",
        "2:1: unknown key 'ad' in the custom rule file (allowed: extends, name, add, remove, lists, schema)",
    ),
    (
        "no-extends",
        "name: Fan set\nadd:\n  creature: [X]\n",
        "2:1: 'add' belongs in a custom rule file, which needs 'extends:' (newest, an edition's date, or "
        "the path of the rule file it changes)",
    ),
    ("add-not-a-mapping", "extends: newest\nadd: [Clamfolk]\n", "2:6: add must be a mapping"),
    (
        "entries-not-a-list",
        "extends: newest\nadd:\n  creature: Clamfolk\n",
        "3:13: add.creature must be a list",
    ),
    (
        "entry-not-a-string",
        "extends: newest\nadd:\n  creature: [Clamfolk, 3]\n",
        "3:24: an entry of add.creature must be a string",
    ),
    ("empty-entries", "extends: newest\nadd:\n  creature: []\n", "3:13: add.creature must not be empty"),
    (
        "duplicate-key",
        "extends: newest\nadd:\n  creature: [A]\nadd:\n  creature: [B]\n",
        "4:1: duplicate key 'add' in the custom rule file (first on line 2)",
    ),
    (
        "duplicate-category",
        "extends: newest\nremove:\n  creature: [Elf]\n  creature: [Orc]\n",
        "4:3: duplicate key 'creature' in remove (first on line 3)",
    ),
    (
        "duplicate-entry",
        "extends: newest\nadd:\n  creature:\n    - Clamfolk\n    - clamfolk\n",
        "5:7: duplicate entry 'clamfolk' in add.creature (first on line 4)",
    ),
    (
        "already-there-in-another-case",
        "extends: newest\nadd:\n  creature: [Clamfolk, goblin]\n",
        "3:24: 'goblin' is already a creature type (205.3m), written 'Goblin'",
    ),
    (
        "a-supertype-as-a-subtype",
        "extends: newest\nadd:\n  creature: [Legendary]\n",
        "3:14: 'Legendary' is already a supertype (205.4a)",
    ),
    (
        "a-subtype-as-a-card-type",
        "extends: newest\nadd:\n  card_types: [Saga]\n",
        "3:16: 'Saga' is already an enchantment type (205.3h)",
    ),
    (
        "a-card-type-of-two-words",
        "extends: newest\nadd:\n  card_types: [Big Host]\n",
        "3:16: 'Big Host': a card type or supertype is one word",
    ),
    (
        "removing-what-is-not-there",
        "extends: newest\nremove:\n  creature: [Clamfolk]\n",
        "3:14: there is no creature type 'Clamfolk' to remove",
    ),
    (
        "removing-in-another-case",
        "extends: newest\nremove:\n  supertypes: [snow]\n",
        "3:16: there is no supertype 'snow' to remove (it is written 'Snow')",
    ),
    (
        "unknown-category",
        "extends: newest\nadd:\n  creatures: [Clamfolk]\n",
        f"3:3: unknown category 'creatures' in add (the categories are: {CATEGORIES})",
    ),
    (
        "unknown-category-to-remove",
        "extends: newest\nremove:\n  tribal: [Elf]\n",
        f"3:3: unknown category 'tribal' in remove (the categories are: {CATEGORIES})",
    ),
    ("missing-base", "extends: base.yaml\n", "1:10: extends 'base.yaml', but there is no file base.yaml"),
    ("extends-not-a-string", "extends: [newest]\n", "1:10: extends must be a string"),
    ("empty-name", 'extends: newest\nname: ""\n', "2:7: name must not be empty"),
    ("schema", "schema: 2\nextends: newest\n", "1:9: schema 2 is not supported (this tool reads 1)"),
    (
        "new-list-that-exists",
        "extends: newest\nlists:\n  creature:\n    name: more\n    card_types: [Creature]\n"
        "    entries: [A]\n",
        "3:3: there is already a list 'creature'; add to it under 'add:'",
    ),
    (
        "new-list-of-an-unknown-card-type",
        "extends: newest\nlists:\n  host:\n    name: host types\n    card_types: [Host]\n    entries: [A]\n",
        "5:18: 'Host' is not one of the card types of these rules",
    ),
    (
        "new-list-without-entries",
        "extends: newest\nlists:\n  host:\n    name: host types\n    card_types: [Creature]\n",
        "4:5: lists.host lacks the required key 'entries'",
    ),
    (
        "new-list-with-a-bad-key",
        "extends: newest\nlists:\n  Host:\n    name: host types\n    card_types: [Creature]\n"
        "    entries: [A]\n",
        "3:3: list key 'Host' must be lower case, like 'creature'",
    ),
    (
        "new-list-named-like-a-type-category",
        "extends: newest\nlists:\n  supertypes:\n    name: x\n    card_types: [Creature]\n    entries: [A]\n",
        "3:3: 'supertypes' is not a subtype list; add to it under 'add:'",
    ),
    (
        "new-list-with-a-bad-grouping",
        "extends: newest\nlists:\n  host:\n    name: host types\n    card_types: [Creature]\n"
        "    entries: [A]\n    grouping: all\n",
        "7:15: lists.host.grouping must be 'words' or 'whole'",
    ),
    (
        "a-card-type-not-capitalised",
        "extends: newest\nadd:\n  card_types: [host]\n",
        f"3:16: 'host' is not a type name ({TYPE_FORM})",
    ),
    (
        "a-supertype-with-a-digit",
        "extends: newest\nadd:\n  supertypes: [Snow2]\n",
        f"3:16: 'Snow2' is not a type name ({TYPE_FORM})",
    ),
    ("a-dash-as-a-subtype", 'extends: newest\nadd:\n  creature: ["—"]\n', f"3:14: '—' {NOT_SUBTYPE}"),
    ("slashes-as-a-subtype", 'extends: newest\nadd:\n  creature: ["//"]\n', f"3:14: '//' {NOT_SUBTYPE}"),
    (
        "a-dash-inside-a-subtype",
        'extends: newest\nadd:\n  creature: [Clamfolk, "Clam—folk"]\n',
        f"3:24: 'Clam—folk' {NOT_SUBTYPE}",
    ),
    (
        "a-subtype-not-capitalised",
        "extends: newest\nadd:\n  planar: [Isle of Clams]\n",
        f"3:12: 'Isle of Clams' {NOT_SUBTYPE}",
    ),
    (
        "a-new-lists-entry",
        "extends: newest\nadd:\n  card_types: [Host]\nlists:\n  host:\n    name: host types\n"
        "    card_types: [Host]\n    entries: [Big-]\n",
        f"8:15: 'Big-' {NOT_SUBTYPE}",
    ),
    (
        "new-list-of-a-card-type-without-subtypes",
        "extends: newest\nlists:\n  scheme:\n    name: scheme types\n    card_types: [Scheme]\n"
        "    entries: [Villain]\n",
        "5:18: 'Scheme' has no subtypes in these rules (no_subtypes, 205.3r)",
    ),
]


@pytest.mark.parametrize(("text", "expected"), [pytest.param(t, e, id=i) for i, t, e in ERRORS])
def test_validation_errors(here: Path, text: str, expected: str) -> None:
    assert error(text) == f"custom.yaml:{expected}"


def test_an_unknown_edition(here: Path) -> None:
    with pytest.raises(UsageError) as caught:
        load_rules("1999-01-01")
    assert error("extends: 1999-01-01\n") == f"custom.yaml:1:10: extends '1999-01-01': {caught.value}"


def test_adding_what_a_base_file_added(here: Path) -> None:
    write("base.yaml", THREE_LINES)
    assert error("extends: base.yaml\nadd:\n  creature: [clamfolk]\n") == (
        "custom.yaml:3:14: 'clamfolk' is already a creature type (added by base.yaml), written 'Clamfolk'"
    )


def test_a_cycle_names_the_chain(here: Path) -> None:
    write("sets/b.yaml", "extends: ../a.yaml\nadd:\n  creature: [B]\n")
    write("a.yaml", "extends: sets/b.yaml\n")
    assert error("extends: a.yaml\n", "top.yaml") == (
        f"{Path('sets/b.yaml')}:1:10: extends cycle: top.yaml → a.yaml → {Path('sets/b.yaml')} → a.yaml"
    )
    assert (
        error("extends: ./self.yaml\n", "self.yaml") == "self.yaml:1:10: extends cycle: self.yaml → self.yaml"
    )


def test_an_error_in_a_base_file_names_the_base_file(here: Path) -> None:
    write("base.yaml", "extends: newest\nadd:\n  creature: [ELF]\n")
    assert error("extends: base.yaml\n") == (
        "base.yaml:3:14: 'ELF' is already a creature type (205.3m), written 'Elf'"
    )


def test_a_later_file_must_extend_what_it_is_applied_on(here: Path) -> None:
    write("one.yaml", THREE_LINES)
    write("old.yaml", f"extends: '{OLDEST}'\n")
    result = check(["--rules", "one.yaml", "--rules", "old.yaml"], "Creature\n")
    assert result.stderr == (
        f"typeline: error: old.yaml:1:10: extends '{OLDEST}', but it is applied on the {NEWEST} edition "
        "(from one.yaml)\n"
    )
    write("base.yaml", THREE_LINES)
    write("two.yaml", "extends: base.yaml\n")
    result = check(["--rules", "one.yaml", "--rules", "two.yaml"], "Creature\n")
    assert result.stderr == (
        "typeline: error: two.yaml:1:10: extends 'base.yaml', which is not one of the rule files before it "
        "(one.yaml)\n"
    )


def test_a_file_adds_to_a_list_it_makes(here: Path) -> None:
    write(
        "custom.yaml",
        "extends: newest\nadd:\n  card_types: [Host]\n  host: [Big One]\nlists:\n  host:\n"
        "    name: host types\n    card_types: [Host]\n    entries: [Small]\n",
    )
    rules = load_rules(path="custom.yaml")
    assert next(s for s in rules.lists if s.key == "host").entries == ("Small", "Big One")
    assert messages(["--rules", "custom.yaml"], "Host — Small Big One\n") == []
    assert error("extends: custom.yaml\nadd:\n  host: [small]\n", "twice.yaml") == (
        "twice.yaml:3:10: 'small' is already a host type (added by custom.yaml), written 'Small'"
    )


@pytest.mark.parametrize("written", ["Urza's", "Urza’s"])
def test_remove_takes_either_apostrophe(here: Path, written: str) -> None:
    write("custom.yaml", f'extends: newest\nremove:\n  land: ["{written}"]\n')
    rules = load_rules(path="custom.yaml")
    assert "Urza’s" not in next(s for s in rules.lists if s.key == "land").entries
    assert rules.provenance.removed[("land", "urza's")] == ("Urza’s", "custom.yaml")
    assert error('extends: newest\nremove:\n  land: ["urza\'s"]\n', "other.yaml") == (
        "other.yaml:3:10: there is no land type \"urza's\" to remove (it is written 'Urza’s')"
    )


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("      - Zubera\n", '      - "Zu—bera"\n', f"9: 'Zu—bera' {NOT_SUBTYPE}"),
        ("      - Zubera\n", '      - "//"\n', f"9: '//' {NOT_SUBTYPE}"),
        (
            "  entries: [Basic, Legendary, Ongoing, Snow, World]\n",
            "  entries: [Basic, legendary]\n",
            f"20: 'legendary' is not a type name ({TYPE_FORM})",
        ),
    ],
)
def test_a_full_rule_file_holds_type_names(here: Path, old: str, new: str, expected: str) -> None:
    text = Path(load_rules().path).read_text(encoding="utf-8")
    assert text.count(old) == 1
    line = text[: text.index(old)].count("\n") + 1
    name = f"full-{len(new)}.yaml"  # a name of its own: a process keeps each full file it read
    assert error(text.replace(old, new), name) == f"{name}:{line}:{expected}"


def test_every_shipped_rule_file_holds_type_names() -> None:
    for path in sorted(ruleset.rules_dir().glob("20*.yaml")):
        ruleset.parse_rules(str(path), path.read_text(encoding="utf-8"))  # raises on a bad entry


def test_the_python_api_raises_rules_data_errors(here: Path) -> None:
    write("custom.yaml", "extends: newest\nremove:\n  creature: [Clamfolk]\n")
    with pytest.raises(RulesDataError):
        load_rules(path="custom.yaml")
    with pytest.raises(UsageError):
        load_rules(path=())


# the rule cache over a chain


@pytest.fixture
def cache(here: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = here / "cache"
    monkeypatch.setenv("TYPELINE_CACHE_DIR", str(folder))
    return folder


def test_a_warm_cache_reads_no_file_of_the_chain(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write("base.yaml", THREE_LINES)
    write("top.yaml", "extends: base.yaml\nadd:\n  creature: [Jedi]\n")
    cold = load_rules(path="top.yaml")
    assert any(cache.iterdir())

    def refuse(*args: object) -> None:
        raise AssertionError("the files were read again")

    monkeypatch.setattr(customload.Loader, "load", refuse)
    warm = load_rules(path="top.yaml")
    assert rulecache.to_data(warm) == rulecache.to_data(cold)
    assert warm.provenance == cold.provenance
    assert warm.path == cold.path


def test_an_edit_anywhere_in_the_chain_is_seen(cache: Path) -> None:
    base = write("base.yaml", THREE_LINES)
    write("top.yaml", "extends: base.yaml\nadd:\n  creature: [Jedi]\n")
    assert load_rules(path="top.yaml").subtype_lists("Clamfolk")
    base.write_text(THREE_LINES.replace("Clamfolk", "Clamfolk, Sith"), encoding="utf-8")
    assert load_rules(path="top.yaml").subtype_lists("Sith")
    # the same size: the modification time tells
    base.write_text(THREE_LINES.replace("Clamfolk", "Clamfork"), encoding="utf-8")
    info = base.stat()
    os.utime(base, ns=(info.st_atime_ns, info.st_mtime_ns + 5_000_000_000))
    rules = load_rules(path="top.yaml")
    assert rules.subtype_lists("Clamfork") and not rules.subtype_lists("Clamfolk")
    base.unlink()
    with pytest.raises(RulesDataError, match=r"there is no file base\.yaml"):
        load_rules(path="top.yaml")


def test_each_spelling_of_a_path_names_its_files_as_given(cache: Path) -> None:
    write("fanset.yaml", THREE_LINES)
    assert load_rules(path="fanset.yaml").provenance.files == ("fanset.yaml",)
    absolute = str(Path("fanset.yaml").resolve())
    assert load_rules(path=absolute).provenance.files == (absolute,)
    assert load_rules(path="fanset.yaml").provenance.files == ("fanset.yaml",)


def test_a_full_file_alone_keeps_its_own_cache_entry(cache: Path) -> None:
    write("full.yaml", Path(load_rules().path).read_text(encoding="utf-8"))
    editions.load_rule_file.cache_clear()
    first = load_rules(path="full.yaml")
    assert load_rules(path="full.yaml") is first  # the same rule set, as before
    assert first.provenance.files == ()


@pytest.mark.slow
def test_a_warm_start_with_a_custom_file_reads_no_yaml(cache: Path) -> None:
    write("base.yaml", THREE_LINES)
    write("top.yaml", "extends: base.yaml\nadd:\n  creature: [Jedi]\n")
    code = (
        "import sys; from mtg_typeline import check_line, load_rules;"
        "found = check_line('Land — Jedi', load_rules(path='top.yaml'));"
        "print([f.code for f in found], 'yaml' in sys.modules)"
    )
    env = {**os.environ, "TYPELINE_CACHE_DIR": str(cache)}

    def run() -> str:
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        return done.stdout.strip()

    assert run() == "['TL304'] True"
    assert run() == "['TL304'] False"
