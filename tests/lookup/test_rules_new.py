"""`typeline rules new FILE --from PATH…`: a custom rule file drafted from a set's unknown
subtypes (TL302), each in the list its card types call for, with a card that uses it; and the
check that follows with `--rules FILE` finds none of them unknown.

The fan set `tests/data/samples/fanset/starforge.json` uses a word of its own under each kind of
card type: creature (and kindred: Tidecaller stands on a creature and a kindred instant, so it
is a creature type), planeswalker, artifact, land and enchantment; one word (Shellback) on an
artifact creature and on a creature, which the creature settles; one (Automaton) on an artifact
creature alone, for the designer to place; and `Yes`, which YAML would read as true unquoted.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from conftest import DATA, ROOT, run_cli, shared_path, write

from mtg_typeline.main.rules import spread_from

pytestmark = pytest.mark.usefixtures("in_tmp")

FANSET = DATA / "samples" / "fanset" / "starforge.json"
CLONE_WARS = DATA / "samples" / "mse" / "TheCloneWars.mse-set-partial"


def unknown_words(*args: str | Path) -> list[str]:
    """The words TL302 reports in a check of `args` (concise output)."""
    result = run_cli(["check", "--format", "concise", "--select", "TL302", *args])
    return [line.split("'")[1] for line in result.stdout.splitlines() if " TL302 " in line]


def drafted_text() -> str:
    return Path("fan.yaml").read_text(encoding="utf-8")


def test_each_word_goes_in_the_list_its_card_types_call_for() -> None:
    result = run_cli(["rules", "new", "fan.yaml", "--from", FANSET])
    assert result.exit_code == 0, result.output
    drafted = yaml.safe_load(drafted_text())
    assert drafted == {
        "extends": "newest",
        "add": {
            "artifact": ["Lattice"],
            "enchantment": ["Pact"],
            "land": ["Spire"],
            "planeswalker": ["Orrin"],
            "creature": ["Shellback", "Tidecaller", "Warden", "Yes"],
        },
    }
    assert result.stdout.startswith("Wrote fan.yaml: 8 subtypes added, from 13 type lines in 1 file; 1 word")


def test_each_word_names_a_card_that_uses_it() -> None:
    run_cli(["rules", "new", "fan.yaml", "--from", FANSET])
    text = drafted_text()
    assert "    - Lattice  # Skyforge Lattice\n" in text
    assert "    - Shellback  # Shellback Hatchling\n" in text  # the card that settles its list
    assert "    - Orrin  # Orrin the Unbound; close to Sorin: a misspelling?\n" in text
    assert '    - "Yes"  # The Yes-Men\n' in text


def test_a_word_whose_list_is_not_settled_is_left_commented_for_the_designer() -> None:
    run_cli(["rules", "new", "fan.yaml", "--from", FANSET])
    text = drafted_text()
    assert "#   Automaton: artifact or creature  (Brass Sentinel)\n" in text
    assert unknown_words("--rules", "fan.yaml", FANSET) == ["Automaton"]
    write("fan.yaml", text.replace("  creature:\n", "  creature:\n    - Automaton\n"))
    assert unknown_words("--rules", "fan.yaml", FANSET) == []


def test_the_check_after_it_finds_no_unknown_subtype_in_the_clone_wars() -> None:
    assert unknown_words(CLONE_WARS)
    result = run_cli(["rules", "new", "clone.yaml", "--from", CLONE_WARS])
    assert result.exit_code == 0, result.output
    assert unknown_words("--rules", "clone.yaml", CLONE_WARS) == []
    assert run_cli(["check", "--rules", "clone.yaml", CLONE_WARS]).exit_code == 0
    drafted = yaml.safe_load(Path("clone.yaml").read_text(encoding="utf-8"))["add"]
    handmade = yaml.safe_load((ROOT / "examples" / "fanset.yaml").read_text(encoding="utf-8"))["add"]
    assert {key: sorted(words) for key, words in drafted.items()} == {
        key: sorted(words) for key, words in handmade.items()
    }


def test_the_shared_mse_sample_too() -> None:
    sample = shared_path("samples", "mse", "TheCloneWars.mse-set-partial")
    assert run_cli(["rules", "new", "shared.yaml", "--from", sample]).exit_code == 0
    assert unknown_words("--rules", "shared.yaml", sample) == []


def test_several_paths_follow_one_from() -> None:
    write("more.txt", "Creature — Gloomkin\n")
    result = run_cli(["rules", "new", "fan.yaml", "--from", FANSET, "more.txt", "--force"])
    assert result.exit_code == 0, result.output
    creature = yaml.safe_load(drafted_text())["add"]["creature"]
    assert "Gloomkin" in creature and "Tidecaller" in creature
    assert "    - Gloomkin  # Creature — Gloomkin (more.txt:1)\n" in drafted_text()


def test_standard_input() -> None:
    result = run_cli(["rules", "new", "fan.yaml", "--from", "-"], stdin="Legendary Planeswalker — Orrin\n")
    assert result.exit_code == 0, result.output
    assert yaml.safe_load(drafted_text())["add"] == {"planeswalker": ["Orrin"]}


def test_inputs_without_unknown_words_write_nothing() -> None:
    write("good.txt", "Creature — Goblin Wizard\nArtifact — Equipment\n")
    result = run_cli(["rules", "new", "fan.yaml", "--from", "good.txt"])
    said = "No unknown subtypes in 2 type lines in 1 file: fan.yaml not written.\n"
    assert (result.exit_code, result.stdout) == (0, said)
    assert not Path("fan.yaml").exists()


def test_an_existing_file_is_kept_without_force() -> None:
    write("fan.yaml", "extends: newest\n")
    result = run_cli(["rules", "new", "fan.yaml", "--from", FANSET])
    said = "typeline: error: fan.yaml exists; give --force to replace it\n"
    assert (result.exit_code, result.stderr) == (2, said)
    assert drafted_text() == "extends: newest\n"


def test_force_replaces_an_existing_file_whole() -> None:
    write("fan.yaml", "extends: newest\n")
    result = run_cli(["rules", "new", "fan.yaml", "--force", "--from", FANSET])
    assert result.exit_code == 0, result.output
    assert "Tidecaller" in yaml.safe_load(drafted_text())["add"]["creature"]
    assert sorted(p.name for p in Path().iterdir()) == ["fan.yaml"]  # no temporary file left


def test_an_unreadable_input_is_said_and_the_rest_drafted() -> None:
    result = run_cli(["rules", "new", "fan.yaml", "--from", "missing.txt", FANSET])
    assert result.exit_code == 2
    assert result.stderr.startswith("typeline: missing.txt:1:1: TL901 cannot read missing.txt")
    assert "Tidecaller" in yaml.safe_load(drafted_text())["add"]["creature"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["fan.yaml"], "Missing option '--from'"),
        (["--from", "cards.txt"], "Missing argument 'FILE'"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str) -> None:
    result = run_cli(["rules", "new", *args])
    assert result.exit_code == 2
    assert message in result.stderr
    assert not Path("fan.yaml").exists()


def test_the_words_after_from_are_its_values_up_to_the_next_option() -> None:
    assert spread_from(["f.yaml", "--from", "a", "-", "--force", "b"]) == [
        "f.yaml", "--from", "a", "--from", "-", "--force", "b",
    ]  # fmt: skip
    spread = spread_from(["--from", "-x", "b", "--", "--from"])
    assert spread == ["--from", "-x", "--from", "b", "--", "--from"]


def test_the_draft_shown_in_the_documentation_is_the_one_written() -> None:
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    shown = page.split("Its file, `/tmp/clonewars.yaml`:\n\n```yaml\n", 1)[1].split("```", 1)[0]
    run_cli(["rules", "new", "fan.yaml", "--from", CLONE_WARS])
    assert shown == drafted_text().replace(str(CLONE_WARS), CLONE_WARS.relative_to(ROOT).as_posix())
