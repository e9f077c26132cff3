"""JSON Lines of card objects: each line's card placed on its own line, a bad line one TL905
and the lines after it still checked, `--fix` writing the type values back, and the format
told from the name and the first lines."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import DATA, run_cli
from helpers.cardjson import check, found, write

from mtg_typeline.sources.inputs import detect

JSONL = DATA / "jsonl"
ELF_LINE = '{"object":"card","name":"Elff Lord","type_line":"Creature — Elff"}'


def test_scryfall_lines_each_placed_and_a_broken_line_is_one_finding() -> None:
    status, document = check(JSONL / "scryfall-cards.jsonl")
    broken = (JSONL / "scryfall-cards.jsonl").read_text(encoding="utf-8").split("\n")[2]
    elff = (JSONL / "scryfall-cards.jsonl").read_text(encoding="utf-8").split("\n")[4].index("Elff") + 1
    assert status == 2
    assert found(document) == [
        (3, broken.rindex('"') + 1, broken.rindex('"') + 2, "TL905", None),
        (5, elff, elff + 4, "TL302", "Elvish Harbinger"),
    ]
    assert document["summary"]["type_lines"] == 9  # two faces and the line of each card but the cut one


def test_mtgjson_lines_fixed_in_the_type_and_its_arrays(tmp_path: Path) -> None:
    path = tmp_path / "cards.jsonl"
    shutil.copy(JSONL / "mtgjson-cards.jsonl", path)
    before = path.read_text(encoding="utf-8")
    result = run_cli(["check", "--fix", "--unsafe-fixes", str(path)])
    assert result.exit_code == 0, result.output
    expected = before.replace('"subtypes":["Elff"]', '"subtypes":["Elf"]').replace(
        "Creature — Elff", "Creature — Elf"
    )
    assert path.read_text(encoding="utf-8") == expected != before


def test_blank_lines_crlf_and_lines_that_are_not_cards(tmp_path: Path) -> None:
    not_a_card = '{"object": "card", "name": "X", "type_line": 3}'
    text = f"\r\n{ELF_LINE}\r\n[1, 2]\r\n   \r\n{not_a_card}\r\n  {ELF_LINE}\r\n"
    status, document = check(write(tmp_path, text, "cards.jsonl"))
    column = ELF_LINE.index('Elff"') + 1
    assert status == 2
    assert [(line, start, code) for line, start, _, code, _ in found(document)] == [
        (2, column, "TL302"),
        (3, 1, "TL905"),  # a list, not a card
        (5, 1, "TL905"),  # no type line
        (6, column + 2, "TL302"),
    ]


def test_a_file_of_other_objects_is_not_card_data(tmp_path: Path) -> None:
    path = write(tmp_path, '{"event": "start"}\n{"event": "stop"}\n', "log.jsonl")
    status, document = check(path)
    assert status == 2
    assert [f["code"] for f in document["findings"]] == ["TL905"]
    searched = run_cli(["check", "--format", "json", str(tmp_path)])
    assert searched.exit_code == 0, searched.output
    assert json.loads(searched.stdout)["summary"]["files"] == 0


def test_standard_input_told_by_its_lines() -> None:
    result = run_cli(["check", "--format", "json", "-"], stdin=f"{ELF_LINE}\n{ELF_LINE}\n")
    assert result.exit_code == 1
    assert [(f["line"], f["code"]) for f in json.loads(result.stdout)["findings"]] == [
        (1, "TL302"),
        (2, "TL302"),
    ]


@pytest.mark.parametrize(
    ("name", "head", "expected"),
    [
        ("cards.jsonl", b"", "jsonl"),
        ("cards.ndjson", b"{}", "jsonl"),
        ("-", f"{ELF_LINE}\n\n{ELF_LINE}\n".encode(), "jsonl"),
        ("cards.json", f"{ELF_LINE}\r\n{ELF_LINE}".encode(), "scryfall"),  # the second line may be cut
        ("cards.json", f"{ELF_LINE}\r\n{ELF_LINE}\r\n".encode(), "jsonl"),
        ("cards.json", f"{ELF_LINE}\n".encode(), "scryfall"),  # one card on one line: JSON
        ("cards.json", f"[\n{ELF_LINE},\n{ELF_LINE}\n]\n".encode(), "scryfall"),
        ("cards.json", b'{\n  "object": "card",\n  "type_line": "Creature"\n}\n', "scryfall"),
    ],
)
def test_json_lines_told_by_name_or_first_lines(name: str, head: bytes, expected: str) -> None:
    assert detect(name, head) == expected
