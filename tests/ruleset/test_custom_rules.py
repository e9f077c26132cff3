"""Custom rule files: `extends:` a shipped edition or another file, `add:`, `remove:`,
`lists:` and `name:`; `--rules` given several times and the `rules` configuration key; the
rule cache over a chain of files; and the diagnostics that say which custom file added or
removed an entry. Every validation error is in test_custom_rules_errors.py.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import DATA, ROOT, run_cli, write
from helpers.customfiles import NEWEST, OLDEST, THREE_LINES, check, findings, messages

from mtg_typeline.checker import Checker
from mtg_typeline.errors import RulesDataError
from mtg_typeline.ruleset import cache, editions, load_rules, userfiles

SAMPLE = DATA / "samples" / "mse" / "TheCloneWars.mse-set-partial"
FAN_SET_FILE = ROOT / "examples" / "fanset.yaml"
pytestmark = pytest.mark.usefixtures("here")  # each test in a working directory of its own
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


# the rule cache over a chain


def test_a_warm_cache_reads_no_file_of_the_chain(rule_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write("base.yaml", THREE_LINES)
    write("top.yaml", "extends: base.yaml\nadd:\n  creature: [Jedi]\n")
    cold = load_rules(path="top.yaml")
    assert any(rule_cache.iterdir())

    def refuse(*args: object) -> None:
        raise AssertionError("the files were read again")

    monkeypatch.setattr(userfiles.Loader, "load", refuse)
    warm = load_rules(path="top.yaml")
    assert cache.to_data(warm) == cache.to_data(cold)
    assert warm.provenance == cold.provenance
    assert warm.path == cold.path


def test_an_edit_anywhere_in_the_chain_is_seen(rule_cache: Path) -> None:
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


def test_each_spelling_of_a_path_names_its_files_as_given(rule_cache: Path) -> None:
    write("fanset.yaml", THREE_LINES)
    assert load_rules(path="fanset.yaml").provenance.files == ("fanset.yaml",)
    absolute = str(Path("fanset.yaml").resolve())
    assert load_rules(path=absolute).provenance.files == (absolute,)
    assert load_rules(path="fanset.yaml").provenance.files == ("fanset.yaml",)


def test_a_full_file_alone_keeps_its_own_cache_entry(rule_cache: Path) -> None:
    write("full.yaml", Path(load_rules().path).read_text(encoding="utf-8"))
    editions.load_rule_file.cache_clear()
    first = load_rules(path="full.yaml")
    assert load_rules(path="full.yaml") is first  # the same rule set, as before
    assert first.provenance.files == ()


@pytest.mark.slow
def test_a_warm_start_with_a_custom_file_reads_no_yaml(rule_cache: Path) -> None:
    write("base.yaml", THREE_LINES)
    write("top.yaml", "extends: base.yaml\nadd:\n  creature: [Jedi]\n")
    code = (
        "import sys; from mtg_typeline import check_line, load_rules;"
        "found = check_line('Land — Jedi', load_rules(path='top.yaml'));"
        "print([f.code for f in found], 'yaml' in sys.modules)"
    )
    env = {**os.environ, "TYPELINE_CACHE_DIR": str(rule_cache)}

    def run() -> str:
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        return done.stdout.strip()

    assert run() == "['TL304'] True"
    assert run() == "['TL304'] False"
