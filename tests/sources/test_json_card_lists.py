"""JSON card lists of any shape (`--input-format json`, and JSON of neither Scryfall's nor
MTGJSON's keys): the type field found as in YAML card files or named with `--key`; the
MTGJSON reader's message on such a list says what it found; a `--key` no object has."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli

from mtg_typeline.sources.cardkeys import NO_TYPE_KEY
from mtg_typeline.sources.inputs import Reading, detect, tell_format

Found = tuple[int, int, str, "str | None"]  # line, column, code, card
DESIGNER = '[{"name": "Clam Diver", "type": "Creature — Elff"},\n {"name": "Reef", "type": "Land"}]\n'


def check(*args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli(["check", "--format", "json", *args])
    return result.exit_code, json.loads(result.stdout)


def found(document: dict[str, Any]) -> list[Found]:
    return [(f["line"], f["column"], f["code"], f["card"]) for f in document["findings"]]


def write(tmp_path: Path, text: str, name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("given", [[], ["--input-format", "json"]])
def test_a_designers_card_list_is_read_with_its_cards_and_places(tmp_path: Path, given: list[str]) -> None:
    status, document = check(*given, str(write(tmp_path, DESIGNER)))
    assert status == 1
    assert found(document) == [(1, DESIGNER.index("Elff") + 1, "TL302", "Clam Diver")]
    assert document["summary"]["type_lines"] == 2


def test_json_of_neither_format_is_told_as_a_card_list() -> None:
    assert detect("cards.json", DESIGNER.encode()) == "json"
    assert detect("cards.json", b'[{"name": "A", "type_line": "Creature"}]') == "scryfall"
    # with --key, JSON is a card list of any shape: the key names its type field
    assert tell_format("s.json", b'{"object": "card"}', Reading(key="cardType")) == "json"


@pytest.mark.parametrize("given", [[], ["--input-format", "json"]])
def test_key_names_the_type_field_of_a_json_card_list(tmp_path: Path, given: list[str]) -> None:
    text = '[{"title": "Clam Diver", "name": "Clam Diver", "cardType": "Creature — Elff"}]'
    status, document = check(*given, "--key", "cardType", str(write(tmp_path, text)))
    assert status == 1
    assert found(document) == [(1, text.index("Elff") + 1, "TL302", "Clam Diver")]


def test_key_is_compared_as_yaml_compares_keys(tmp_path: Path) -> None:
    text = '{"set": {"cards": [{"Name": "A", "Card Type": "Creature — Elff"}]}}'
    status, document = check("--key", "card_type", str(write(tmp_path, text)))
    assert (status, found(document)) == (1, [(1, text.index("Elff") + 1, "TL302", "A")])


def test_type_lines_at_any_depth_in_file_order(tmp_path: Path) -> None:
    face = {"name": "B", "type_line": "Creature — Elff"}
    card = {"name": "A", "faces": [face], "type_line": "Artifact — Elff"}
    text = json.dumps({"sets": [{"cards": [card]}]}, ensure_ascii=False)
    status, document = check("--input-format", "json", str(write(tmp_path, text)))
    assert status == 1
    elff = [text.index("Creature — Elff") + 12, text.index("Artifact — Elff") + 12]
    assert [(f["column"], f["card"]) for f in document["findings"]] == [(elff[0], "B"), (elff[1], "A")]


def test_a_bare_type_that_is_not_a_cards_is_not_read(tmp_path: Path) -> None:
    package = write(tmp_path, '{"name": "tool", "type": "module", "version": "1.0.0"}', "package.json")
    status, document = check(str(package))
    assert status == 2
    assert document["findings"][0]["message"] == f"{package} holds no card data: {NO_TYPE_KEY}"
    searched = run_cli(["check", "--format", "json", str(tmp_path)])
    assert (searched.exit_code, json.loads(searched.stdout)["findings"]) == (0, [])  # passed over


def test_fix_writes_the_card_list_back_in_place(tmp_path: Path) -> None:
    path = write(tmp_path, '[{"name": "A", "cardType": "creature \\u2014 Elf"}]\n')
    result = run_cli(["check", "--key", "cardType", "--fix", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8") == '[{"name": "A", "cardType": "Creature \\u2014 Elf"}]\n'


def test_mtgjson_on_a_card_list_says_what_it_found(tmp_path: Path) -> None:
    status, document = check("--input-format", "mtgjson", str(write(tmp_path, DESIGNER)))
    assert status == 2
    message = document["findings"][0]["message"]
    assert "no object here has" not in message
    assert message == (
        "2 objects here have a `type`, but none is an MTGJSON card (one with `types`, `uuid` or "
        "`layout`); a card list of another shape is read with --input-format json"
    )


def test_mtgjson_points_to_the_key_of_another_type_field(tmp_path: Path) -> None:
    path = write(tmp_path, '[{"name": "A", "cardType": "Creature — Elf"}]')
    status, document = check("--input-format", "mtgjson", str(path))
    assert status == 2
    hint = "(a card list of another shape: --input-format json --key cardType)"
    assert document["findings"][0]["message"].endswith(hint)


@pytest.mark.parametrize(
    ("fmt", "name"), [("mtgjson", "cards.json"), ("scryfall", "cards.json"), (None, "cards.jsonl")]
)
def test_a_key_holding_half_a_surrogate_is_named_escaped_and_the_rest_reported(
    tmp_path: Path, fmt: str | None, name: str
) -> None:
    """A key written with an escape such as `\\ud800` alone: no text can be written with half
    a surrogate in it, so the hint writes it escaped; the other inputs' findings stand."""
    if name.endswith(".jsonl"):
        text = '{"name": "a", "type_li\\ud800ne": "x"}\n{"name": "b", "type_line": "Creature"}\n'
    else:
        text = '[{"name": "A", "type_li\\ud800ne": "Creature \u2014 Elf"}]'
    path = write(tmp_path, text, name)
    good = write(tmp_path, "Creature \u2014 Elff\n", "lines.txt")
    inputs = ["--input-format", fmt, str(path)] if fmt else [str(path), str(good)]  # (the format: of both)
    status, document = check(*inputs)
    assert status == 2
    messages = [f["message"] for f in document["findings"]]
    assert any(
        m.endswith("(a card list of another shape: --input-format json --key type_li\\ud800ne)")
        for m in messages
    )
    assert any(m.startswith("'Elff' is not a creature type") for m in messages) == (fmt is None)


@pytest.mark.parametrize(
    ("name", "text", "keys"),
    [
        ("a.json", '[{"name": "A", "type": "Creature — Elf"}]', "'name', 'type'"),
        ("a.yaml", "- name: A\n  type: Creature — Elf\n", "'name', 'type'"),
    ],
)
def test_a_key_no_object_has_names_the_file_the_key_and_the_keys_found(
    tmp_path: Path, name: str, text: str, keys: str
) -> None:
    bad = write(tmp_path, text, name)
    good = write(tmp_path, "Creature — Elff\n", "lines.txt")
    status, document = check("--key", "cardType", str(bad), str(good))
    assert status == 2
    messages = {(f["path"], f["code"]): f["message"] for f in document["findings"]}
    assert messages[(str(bad), "TL905")] == (
        f"{bad} has no object with the key 'cardType' (--key) holding text; the keys found: {keys}"
    )
    assert (str(good), "TL302") in messages  # the other input is still checked


def test_a_key_scryfall_data_doesnt_hold_leaves_it_read_as_scryfall(tmp_path: Path) -> None:
    text = '[{"object": "card", "name": "Elff Lord", "type_line": "Creature — Elff"}]'
    path = write(tmp_path, text, "scryfall.json")
    status, document = check("--key", "cardType", str(path))
    assert (status, found(document)) == (1, [(1, text.index('Elff"') + 1, "TL302", "Elff Lord")])
