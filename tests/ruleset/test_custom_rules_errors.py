"""Custom rule files that are wrong: every validation error at its `file:line:column`, as
one line and exit status 2 from the command line, and as `RulesDataError` from the Python
API; cycles, unknown editions, and base files named in the errors that are theirs.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import write
from helpers.customfiles import NEWEST, OLDEST, THREE_LINES, check, messages

from mtg_typeline import ruleset
from mtg_typeline.errors import RulesDataError, UsageError
from mtg_typeline.ruleset import load_rules

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


def test_each_of_thousands_of_entries_is_known_to_the_entries_added_after_it(here: Path) -> None:
    """An added entry is looked up among those before it (kept in an index that each
    addition brings up to date): one of 3,000 added by a base file, written in another case
    after ten new ones, is told as its first writing; so is a card type among them."""
    words = [f"Clam{chr(97 + i // 676)}{chr(97 + i // 26 % 26)}{chr(97 + i % 26)}" for i in range(3000)]
    write("base.yaml", "extends: newest\nadd:\n  creature:\n" + "".join(f"    - {w}\n" for w in words))
    new = "".join(f"    - Newt{chr(97 + i)}\n" for i in range(10))
    assert error(f"extends: base.yaml\nadd:\n  creature:\n{new}    - {words[1234].upper()}\n") == (
        f"custom.yaml:14:7: '{words[1234].upper()}' is already a creature type (added by base.yaml), "
        f"written '{words[1234]}'"
    )
    assert error(f"extends: base.yaml\nadd:\n  creature:\n{new}    - Artifact\n") == (
        "custom.yaml:14:7: 'Artifact' is already a card type (205.2a)"
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
