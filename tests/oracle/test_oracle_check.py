"""`typeline check --oracle FILE`: real cards of the shared samples whose lines are still the
printed ones (`Tribal` before Kindred; a creature type changed since) found and fixed, in
every format `--fix` writes; the cards not compared counted, and listed with `--verbose`;
a text input warned about; the run as it was without `--oracle`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import DATA, run_cli, shared_path

ORACLE = DATA / "oracle" / "oracle-cards.json"
ATOMIC = DATA / "oracle" / "atomic-cards.json"
SAMPLES = ("forge/reeforge-2020/cardsfolder", "csv/tgnc-binder-2024-01-20-cards.csv")
SAMPLES += ("scryfall/scryfall-2019-list-constructed-mixed-layouts.json",)


def report(*args: str | Path) -> tuple[int, dict[str, object]]:
    result = run_cli(["check", "--format", "json", *args])
    return result.exit_code, json.loads(result.stdout)


def oracle_findings(document: dict[str, object]) -> list[tuple[str, str, str]]:
    findings = document["findings"]
    assert isinstance(findings, list)
    return sorted((f["card"], f["type_line"], f["suggestion"]) for f in findings if f["code"] == "TL910")


def copies(tmp_path: Path) -> list[Path]:
    """Copies of the samples that hold printed lines."""
    made = []
    for relative in SAMPLES:
        source, target = shared_path("samples", relative), tmp_path / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        (shutil.copytree if source.is_dir() else shutil.copyfile)(source, target)
        made.append(target)
    return made


PRINTED = [
    ("Altar of the Goyf", "Tribal Artifact — Lhurgoyf", "Kindred Artifact — Lhurgoyf"),
    ("Bitterblossom", "Tribal Enchantment — Faerie", "Kindred Enchantment — Faerie"),
    ("Not of This World", "Tribal Instant — Eldrazi", "Kindred Instant — Eldrazi"),
    ("Rootgrapple", "Tribal Instant — Treefolk", "Kindred Instant — Treefolk"),
]


def test_printed_lines_in_the_samples_found_then_fixed(tmp_path: Path) -> None:
    inputs = copies(tmp_path)
    status, document = report("--oracle", ORACLE, "--select", "TL910", *inputs)
    assert status == 1
    assert oracle_findings(document) == PRINTED
    assert document["summary"]["not_in_oracle"] > 0  # type: ignore[index]
    fixed = run_cli(["check", "--oracle", ORACLE, "--select", "TL910", "--fix", *inputs])
    assert fixed.exit_code == 0, fixed.output
    assert "Fixed 4 findings in 4 files." in fixed.stdout
    assert "Types:Kindred Enchantment Faerie\n" in (inputs[0] / "bitterblossom.txt").read_text(
        encoding="utf-8"
    )
    for path in inputs[1:]:
        assert "Tribal" not in path.read_text(encoding="utf-8")
    assert oracle_findings(report("--oracle", ORACLE, *inputs)[1]) == []


def test_a_creature_type_changed_since_between_two_real_sources(tmp_path: Path) -> None:
    """MTGJSON's Eldritch Moon has Thraben Foulbloods as a Zombie Dog, Scryfall's of 2019 as a
    Zombie Hound: each is an Oracle file for the other (made here from the samples)."""
    scryfall = json.loads(
        shared_path("samples", "scryfall", "scryfall-2019-emn-eldritch-moon.json").read_text()
    )
    (tmp_path / "oracle.json").write_text(json.dumps(scryfall), encoding="utf-8")
    target = tmp_path / "emn.json"
    shutil.copyfile(shared_path("samples", "mtgjson", "mtgjson-5.2.0-EMN.json"), target)
    as_of = ("--as-of", "2019-10-01")  # the edition the 2019 lines are right in
    status, document = report(*as_of, "--oracle", tmp_path / "oracle.json", "--select", "TL910", target)
    assert (status, oracle_findings(document)) == (
        1,
        [("Thraben Foulbloods", "Creature — Zombie Dog", "Creature — Zombie Hound")],
    )
    run_cli(["check", *as_of, "--oracle", tmp_path / "oracle.json", "--select", "TL910", "--fix", target])
    card = next(
        c for c in json.loads(target.read_text())["data"]["cards"] if c["name"] == "Thraben Foulbloods"
    )
    assert (card["type"], card["subtypes"]) == ("Creature — Zombie Hound", ["Zombie", "Hound"])


CARD = ("Bitterblossom", "Tribal Enchantment — Faerie")
DOCUMENTS = {
    "cards.json": json.dumps([{"name": CARD[0], "type_line": CARD[1]}]),
    "set.json": json.dumps(
        {
            "data": {
                "cards": [
                    {
                        "name": CARD[0],
                        "type": CARD[1],
                        "types": ["Tribal", "Enchantment"],
                        "subtypes": ["Faerie"],
                        "supertypes": [],
                    }
                ]
            }
        }
    ),
    "cards.jsonl": json.dumps({"name": CARD[0], "type_line": CARD[1]}) + "\n",
    "cards.csv": f"Name,Type\n{CARD[0]},{CARD[1]}\n",
    "cards.yaml": f"- name: {CARD[0]}\n  type_line: {CARD[1]}\n",
    "cards.xml": (
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_carddatabase version="4"><cards><card>'
        f"<name>{CARD[0]}</name><prop><type>{CARD[1]}</type></prop></card></cards></cockatrice_carddatabase>\n"
    ),
    "bitterblossom.txt": f"Name:{CARD[0]}\nTypes:Tribal Enchantment Faerie\n",
    "set": (
        "mse_version: 2.5.8\ncard:\n\tname: Bitterblossom\n"
        "\tsuper_type: <word-list-type-en>Tribal Enchantment</word-list-type-en>\n"
        "\tsub_type: <word-list-race-en>Faerie</word-list-race-en>\n"
    ),
    "draft.txt": (
        '[CustomCards]\n[{"name": "Bitterblossom", "mana_cost": "{1}{B}", "type": "Tribal Enchantment", '
        '"subtypes": ["Faerie"], "rarity": "rare"}]\n'
    ),
}


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_fixed_in_every_format(tmp_path: Path, name: str) -> None:
    folder = tmp_path / ("set.mse-set" if name == "set" else "in")
    folder.mkdir()
    path = folder / name
    path.write_text(DOCUMENTS[name], encoding="utf-8")
    status, document = report("--oracle", ORACLE, "--select", "TL910", path)
    assert (status, oracle_findings(document)) == (1, [(*CARD, "Kindred Enchantment — Faerie")])
    run_cli(["check", "--oracle", ORACLE, "--select", "TL910", "--fix", path])
    text = path.read_text(encoding="utf-8")
    assert "Kindred" in text and "Tribal" not in text
    assert report("--oracle", ORACLE, "--select", "TL910", path)[0] == 0


def test_verbose_lists_the_cards_not_compared(in_tmp: Path) -> None:
    cards = [{"name": "Llanowar Elves", "type_line": "Creature — Elf Druid"}]
    cards += [
        {"name": "Soldier", "type_line": "Token Creature — Soldier"},
        {"name": "Jace Beleren", "type_line": "Legendary Planeswalker — Jace"},
    ]
    Path("cards.json").write_text(json.dumps(cards, indent=1), encoding="utf-8")
    result = run_cli(["check", "-v", "--oracle", ATOMIC, "cards.json"])
    assert result.exit_code == 0
    assert "No problems in 3 type lines in 1 file.\n2 cards are not in the Oracle file.\n" in result.stdout
    listed = [line for line in result.stderr.splitlines() if "Oracle" in line]
    assert listed == [
        "typeline: cards.json:4:17: Llanowar Elves is not in the Oracle file",
        "typeline: cards.json:8:17: Soldier is not in the Oracle file (a token or an emblem)",
    ]


def test_a_text_input_is_warned_about_and_checked_as_usual(in_tmp: Path) -> None:
    Path("lines.txt").write_text("Creature — Elf\nCreature - Elf\n", encoding="utf-8")
    without = run_cli(["check", "lines.txt"])
    result = run_cli(["check", "--oracle", ORACLE, "lines.txt"])
    assert (result.exit_code, result.stdout) == (without.exit_code, without.stdout)
    assert result.stderr == (
        "typeline: warning: lines.txt: its type lines have no card names, so none of them can be "
        "compared with the Oracle file (--oracle)\n"
    )


def test_the_configuration_key_is_read_from_the_configuration_folder(here: Path) -> None:
    (here / "data").mkdir()
    shutil.copyfile(ORACLE, here / "data" / "oracle.json")
    (here / ".typeline.yaml").write_text("oracle: data/oracle.json\n", encoding="utf-8")
    (here / "cards.json").write_text(json.dumps([{"name": CARD[0], "type_line": CARD[1]}]), encoding="utf-8")
    status, document = report("--select", "TL910", "--config", here / ".typeline.yaml", here / "cards.json")
    assert (status, len(oracle_findings(document))) == (1, 1)


LOADED_AFTER = (
    "import sys\n"
    "from click.testing import CliRunner\n"
    "from mtg_typeline.main.commands import cli\n"
    "CliRunner().invoke(cli, sys.argv[1:])\n"
    "print('mtg_typeline.oracle' in sys.modules)\n"
)


@pytest.mark.parametrize(("oracle", "loaded"), [((), "False"), (("--oracle", str(ORACLE)), "True")])
def test_the_oracle_module_is_loaded_only_for_oracle(
    in_tmp: Path, oracle: tuple[str, ...], loaded: str
) -> None:
    """A run without --oracle doesn't pay for it."""
    import subprocess
    import sys

    Path("cards.json").write_text(json.dumps([{"name": CARD[0], "type_line": CARD[1]}]), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", LOADED_AFTER, "check", *oracle, "cards.json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == f"{loaded}\n"
