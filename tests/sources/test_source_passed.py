"""The objects readers pass over rather than check, counted the same way in every reader: the
cards with no type line, and the objects of card files that are no cards of a game
(art-series cards, checklist cards, sticker sheets), by Scryfall's layout or the whole type
line, the same in Scryfall and MTGJSON."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from conftest import DATA, passed_of, run_cli

from mtg_typeline.sources import SourceSettings, reader_for
from mtg_typeline.sources.base import NO_TYPE_LINE, NOT_A_CARD, SourceError

PASSED = DATA / "passed"


def passed(path: Path, fmt: str) -> list[tuple[str | None, tuple[int, int], str, str]]:
    """What the reader of `fmt` passed over in the file at `path`."""
    read = reader_for(fmt, SourceSettings())
    return passed_of(read(io.BytesIO(path.read_bytes()), path.name, lambda n: None))


def test_cockatrice_cards_without_a_type_are_passed_over_at_their_card() -> None:
    assert passed(PASSED / "tokens.xml", "cockatrice") == [
        ("Goblin", (4, 5), NO_TYPE_LINE, ""),  # only a <maintype>
        ("Treasure", (12, 5), NO_TYPE_LINE, ""),
    ]


def test_scryfall_objects_that_are_no_cards_and_a_card_without_a_type_line() -> None:
    found = passed(PASSED / "cards.scryfall.json", "scryfall")
    assert [(name, kind, why) for name, _, kind, why in found] == [
        ("Eldritch Moon Checklist", NOT_A_CARD, "type line Card"),
        ("Unfinity Sticker Sheet", NOT_A_CARD, "type line Stickers"),
        ("Mirror Art Card", NOT_A_CARD, "layout art_series"),
        ("Unprinted Card", NO_TYPE_LINE, ""),
    ]


def test_mtgjson_passes_over_the_same_objects_by_their_type() -> None:
    found = passed(PASSED / "set.mtgjson.json", "mtgjson")
    assert [(name, kind, why) for name, _, kind, why in found] == [
        ("Test Checklist", NOT_A_CARD, "type line Card"),
        ("Sticker Sheet", NOT_A_CARD, "type line Stickers"),
        ("Typeless", NO_TYPE_LINE, ""),
    ]
    line = (PASSED / "set.mtgjson.json").read_text(encoding="utf-8").splitlines()[2]
    assert found[0][1] == (3, line.index('"Card"') + 1)  # at the type line's value


def test_a_forge_face_without_types_is_counted_and_still_an_error() -> None:
    read = reader_for("forge", SourceSettings())
    items = read(io.BytesIO((PASSED / "nameless.txt").read_bytes()), "nameless.txt", lambda n: None)
    assert passed_of([next(items)]) == [("Nameless Wonder", (1, 1), NO_TYPE_LINE, "")]
    with pytest.raises(SourceError, match="has no Types: line"):
        next(items)


def test_the_text_summary_says_how_many_and_verbose_lists_them() -> None:
    result = run_cli(["check", "-v", "--no-config", PASSED / "tokens.xml", PASSED / "cards.scryfall.json"])
    lines = result.stdout.splitlines()  # after the summary, before the line on fixes
    assert lines[-4:-1] == ["Found 1 warning in 3 type lines in 2 files.", "3 cards have no type line.",
                            "3 objects are not cards."]  # fmt: skip
    listed = [line for line in result.stderr.splitlines() if line.endswith(("type line", ")"))]
    assert any(line.endswith("passed/tokens.xml:4:5: Goblin has no type line") for line in listed)
    assert any(line.endswith("Mirror Art Card is not a card (layout art_series)") for line in listed)


def test_one_of_each_is_said_in_the_singular() -> None:
    result = run_cli(["check", "--no-config", PASSED / "set.mtgjson.json", "--format", "concise"])
    assert result.stdout.splitlines()[-2:] == ["1 card has no type line.", "2 objects are not cards."]


def test_a_forge_face_without_types_is_counted_beside_its_error() -> None:
    result = run_cli(["check", "--no-config", PASSED / "nameless.txt", "--input-format", "forge"])
    assert result.exit_code == 2
    assert "TL905" in result.stdout and "1 card has no type line." in result.stdout


def test_machine_formats_count_them_in_their_summary() -> None:
    path = PASSED / "cards.scryfall.json"
    summary = json.loads(run_cli(["check", "--no-config", path, "--format", "json"]).stdout)["summary"]
    assert (summary["no_type_line"], summary["not_cards"]) == (1, 3)
    sarif = json.loads(run_cli(["check", "--no-config", path, "--format", "sarif"]).stdout)
    properties = sarif["runs"][0]["invocations"][0]["properties"]
    assert properties == {"cardsWithNoTypeLine": 1, "objectsNotCards": 3}


def test_outputs_are_as_they_were_without_such_objects(tmp_path: Path) -> None:
    cards = tmp_path / "cards.json"
    bear = '[{"object": "card", "name": "Bear", "type_line": "Creature — Bear"}]\n'
    cards.write_text(bear, encoding="utf-8")
    summary = json.loads(run_cli(["check", "--no-config", cards, "--format", "json"]).stdout)["summary"]
    assert set(summary) == {"files", "type_lines", "errors", "warnings", "infos"}
    sarif = json.loads(run_cli(["check", "--no-config", cards, "--format", "sarif"]).stdout)
    assert "properties" not in sarif["runs"][0]["invocations"][0]
    assert run_cli(["check", "--no-config", cards]).stdout == "No problems in 1 type line in 1 file.\n"


def test_a_table_row_with_an_empty_type_cell_is_a_card_with_no_type_line(tmp_path: Path) -> None:
    """A row that holds a card (a cell not blank) and no type cell, or an empty one, is
    counted at its first line; a blank line holds no card."""
    table = tmp_path / "cards.csv"
    table.write_text(
        'name,set,type\nGoblin,TST,Creature — Goblin\nTreasure,TST,\n\nShort\n"Two\nLines",TST," "\n',
        encoding="utf-8",
    )
    assert passed(table, "csv") == [
        ("Treasure", (3, 1), NO_TYPE_LINE, ""),
        ("Short", (5, 1), NO_TYPE_LINE, ""),
        ("Two\nLines", (6, 1), NO_TYPE_LINE, ""),
    ]


def test_a_yaml_card_whose_type_key_is_null_or_empty_has_no_type_line(tmp_path: Path) -> None:
    """An empty or null type key beside a name is a card with no type line; a null one
    yields to another type key that holds a line."""
    cards = tmp_path / "cards.yaml"
    cards.write_text(
        "- name: Goblin\n  type_line: Creature — Goblin\n- name: Treasure\n  type_line:\n"
        '- name: Blank\n  type_line: ""\n- name: Both\n  type_line: null\n  type: Creature — Elf\n',
        encoding="utf-8",
    )
    assert passed(cards, "yaml") == [
        ("Treasure", (4, 13), NO_TYPE_LINE, ""),
        ("Blank", (6, 15), NO_TYPE_LINE, ""),
    ]
    result = run_cli(["check", str(cards)])
    assert "2 type lines" in result.stdout and "2 cards have no type line." in result.stdout


def test_a_set_card_with_no_type_on_any_face_is_counted_in_its_own_file(tmp_path: Path) -> None:
    """A Magic Set Editor card with a name and no type, inline in `set` or in a card file,
    is counted at its name, in the file it is in."""
    folder = tmp_path / "fan.mse-set"
    folder.mkdir()
    (folder / "set").write_text(
        "mse_version: 2.0.0\ngame: magic\ncard:\n\tname: Goblin\n\tsuper_type: Creature\n\tsub_type: Goblin\n"
        "card:\n\tname: Blank Card\n\tsuper_type: \n\tsub_type: \ninclude_file: card two\n",
        encoding="utf-8",
    )
    (folder / "card two").write_text("card:\n\tname: Other\n\trule_text: hi\n", encoding="utf-8")
    result = run_cli(["check", "-v", str(folder)])
    assert "1 type line" in result.stdout and "2 cards have no type line." in result.stdout
    assert "fan.mse-set/set:8:2: Blank Card has no type line" in result.stderr
    assert "fan.mse-set/card two:2:2: Other has no type line" in result.stderr


def test_json_lines_pass_over_objects_on_their_own_lines(tmp_path: Path) -> None:
    """Streamed JSON Lines place the objects they pass over as the JSON card reader does,
    on the line each is on, whether the line is read quickly or whole (white space around
    the object)."""
    lines = [
        '{"object": "card", "name": "Goblin", "type_line": "Creature — Goblin", "layout": "normal"}',
        '{"object": "card", "name": "Mirror Art Card", "type_line": "Card", "layout": "art_series"}',
        ' {"object": "card", "name": "Spaced Checklist", "type_line": "Card", "layout": "normal"} ',
        '{"object": "card", "name": "Unprinted", "layout": "normal"}',
    ]
    cards = tmp_path / "cards.jsonl"
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert passed(cards, "jsonl") == [
        ("Mirror Art Card", (2, lines[1].index('"Card"') + 1), NOT_A_CARD, "layout art_series"),
        ("Spaced Checklist", (3, lines[2].index('"Card"') + 1), NOT_A_CARD, "type line Card"),
        ("Unprinted", (4, 1), NO_TYPE_LINE, ""),
    ]
