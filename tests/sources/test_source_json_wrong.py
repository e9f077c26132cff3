"""JSON that is broken, or valid but not card data: one error at the parser's place, TL905
for a file named that holds no cards, passed over by a directory search, and no traceback
for hostile values.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from conftest import DATA, run_cli
from helpers.cardjson import BAD, CARD, Found, check, entries, error_of, findings_of, found, mtg_card, write

from mtg_typeline.sources import SourceSettings, reader_for
from mtg_typeline.sources.base import Entry, NotCardData, SourceError
from mtg_typeline.sources.cardkeys import NO_TYPE_KEY
from mtg_typeline.sources.inputs import detect

# Broken and wrong files


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ('[{"type_line": "Créature — Elf" x}]', 1, 33, "not valid JSON: Expecting ',' delimiter"),
        (
            '[\n  {"type_line": "Creature"},\n  {"type_line": "Elf",}\n]',
            3,
            23,
            "not valid JSON: Expecting property name enclosed in double quotes",
        ),
        ('[{"type_line": "Creature\t— Elf"}]', 1, 25, "not valid JSON: Invalid control character"),
        ('[{"type_line": "Creature"}', 1, 27, "not valid JSON: Expecting ',' delimiter"),
        ('[{"type_line": "Creature"}] [', 1, 29, "not valid JSON: Extra data"),
    ],
)
def test_broken_json_is_one_error_at_the_parsers_place(
    text: str, line: int, column: int, message: str
) -> None:
    error = error_of(text, "scryfall")
    assert (error.line, error.column, error.message) == (line, column, message)
    assert type(error) is SourceError  # broken data: an error even where a search came upon it


SCRYFALL_EXPECTED = "expected Scryfall cards: a card object, a list of them, or a list object with `data`"
MTGJSON_EXPECTED = "expected MTGJSON cards: a set file, AtomicCards, AllPrintings or a list of card objects"
TO_MTGJSON = " (it looks like MTGJSON: --input-format mtgjson)"
TO_SCRYFALL = " (it looks like Scryfall: --input-format scryfall)"


@pytest.mark.parametrize(
    ("fmt", "text", "line", "column", "message"),
    [
        ("scryfall", "42", 1, 1, f"{SCRYFALL_EXPECTED}; found a number"),
        ("scryfall", '\n  "Creature"', 2, 3, f"{SCRYFALL_EXPECTED}; found a string"),
        ("scryfall", "[1, 2]", 1, 2, "expected a card object, found a number"),
        ("scryfall", '{"a": 1}', 1, 1, f"{SCRYFALL_EXPECTED}; found an object"),
        ("scryfall", "{}", 1, 1, f"{SCRYFALL_EXPECTED}; found an object"),
        ("scryfall", '{"object": "error", "details": "No card found"}', 1, 1,
         "a Scryfall error object: No card found"),
        ("scryfall", '{"object": "list", "data": [{"object": "set"}]}', 1, 28,
         f"no object here has a `type_line`: {SCRYFALL_EXPECTED}"),
        ("scryfall", '{"meta": {}, "data": {"cards": []}}', 1, 1,
         f"{SCRYFALL_EXPECTED}; found an object{TO_MTGJSON}"),
        ("scryfall", '[{"name": "A", "types": ["Creature"], "type": "Creature"}]', 1, 1,
         f"no object here has a `type_line`: {SCRYFALL_EXPECTED}{TO_MTGJSON}"),
        ("mtgjson", "null", 1, 1, f"{MTGJSON_EXPECTED}; found null"),
        ("mtgjson", '{"meta": {}, "data": 5}', 1, 22, f"{MTGJSON_EXPECTED}; found a number"),
        ("mtgjson", '{"meta": {}, "data": {"a": 1}}', 1, 1, f"{MTGJSON_EXPECTED}; found an object"),
        ("mtgjson", '{"data": {"cards": [true]}}', 1, 21, "expected a card object, found true"),
        ("mtgjson", '{"data": {"X": {"cards": [{"type": "Creature"}, [], {}]}, "X": 2}}', 1, 1,
         f"{MTGJSON_EXPECTED}; found an object"),
        ("mtgjson", '{"object": "list", "data": [{"type_line": "Creature"}]}', 1, 28,
         f"no object here has a `type`: {MTGJSON_EXPECTED}{TO_SCRYFALL}"),
    ],
)  # fmt: skip
def test_valid_json_that_is_not_cards(fmt: str, text: str, line: int, column: int, message: str) -> None:
    error = error_of(text, fmt)
    assert (error.line, error.column, error.message) == (line, column, message)
    assert type(error) is NotCardData  # no card in it: a directory search passes it over


def test_a_wrong_item_after_cards_leaves_them_checked(tmp_path: Path) -> None:
    text = '{"data": {"cards": [\n' + json.dumps(mtg_card(), ensure_ascii=False) + ',\n  "x"]}}'
    status, document = check(write(tmp_path, text), "mtgjson")
    assert status == 2
    assert found(document) == [(2, 106, 110, "TL302", "Elff Lord"), (3, 3, 4, "TL905", None)]
    assert document["findings"][1]["message"] == "expected a card object, found a string"


@pytest.mark.parametrize(
    ("data", "line", "column", "message"),
    [
        (b"", 1, 1, f"the file is empty; {SCRYFALL_EXPECTED}"),
        (b" \r\n\t\n", 1, 1, f"the file is empty; {SCRYFALL_EXPECTED}"),
        (b"\xef\xbb\xbf", 1, 1, f"the file is empty; {SCRYFALL_EXPECTED}"),
        (
            '[{"type_line": "Créature '.encode() + b'\xff"}]',
            1,
            26,
            "cards.json is not UTF-8 text (byte 0xff)",
        ),
        (b"[" * 100_000 + b"]" * 100_000, 1, 1, "the JSON is nested too deeply to read"),
    ],
)
def test_empty_not_utf8_and_too_deep(data: bytes, line: int, column: int, message: str) -> None:
    error = error_of(data, "scryfall")
    assert (error.line, error.column, error.message) == (line, column, message)


def test_empty_lists_are_no_cards_and_no_error() -> None:
    assert entries(b"[]", "scryfall") == []
    assert entries(b'{"object": "list", "data": []}', "scryfall") == []
    assert entries(b'{"meta": {}, "data": {"cards": [], "tokens": []}}', "mtgjson") == []


# Valid JSON that is no card data: an error when named, passed over by a directory search

PACKAGE = '{"name": "my-package", "type": "module", "version": "1.0.0"}'
# A TypeScript package: a string `type` with `types` beside it, as an MTGJSON card has them.
TS_PACKAGE = json.dumps(
    {"name": "my-package", "version": "1.0.0", "type": "module", "types": "./index.d.ts",
     "keywords": ["cards"], "scripts": {"build": "tsc"}, "repository": {"type": "git", "url": "x"}},
    indent=2,
)  # fmt: skip
TSCONFIG = json.dumps(
    {"compilerOptions": {"target": "es2020", "strict": True, "types": ["node"]},
     "include": ["src"], "references": [{"path": "./lib"}]},
    indent=2,
)  # fmt: skip


@pytest.mark.parametrize(
    ("data", "fmt"),
    [
        ("", "scryfall"), (" \r\n\t\n", "mtgjson"), ("\ufeff\n", "scryfall"),
        ("{}", "scryfall"), ("{}", "mtgjson"), ("[1, 2, 3]", "scryfall"), ("[1, 2, 3]", "mtgjson"),
        (PACKAGE, "scryfall"), (PACKAGE, "mtgjson"), (TS_PACKAGE, "scryfall"), (TS_PACKAGE, "mtgjson"),
        (TSCONFIG, "scryfall"), (TSCONFIG, "mtgjson"),
        ('{"object": "list", "data": [{"object": "set", "code": "emn"}]}', "scryfall"),
        ('{"meta": {"version": "5.2.0"}, "data": {"code": "TST", "name": "Test"}}', "mtgjson"),
        ('[{"all_parts": [{"type_line": "Creature"}]}]', "scryfall"),  # references only
        ('[{"foreignData": [{"type": "Kreatur"}]}]', "mtgjson"),
    ],
)  # fmt: skip
def test_valid_json_without_a_card_is_not_card_data(data: str, fmt: str) -> None:
    with pytest.raises(NotCardData):
        entries(data.encode("utf-8"), fmt)


def test_a_package_with_type_and_types_is_not_read_as_a_card() -> None:
    read: list[Entry] = []
    with pytest.raises(NotCardData) as raised:
        read.extend(reader_for("mtgjson", SourceSettings())(io.BytesIO(TS_PACKAGE.encode()), "p.json", print))
    assert read == []
    assert (raised.value.line, raised.value.column) == (7, 5)  # the first keyword
    assert detect("package.json", TS_PACKAGE.encode()) == "mtgjson"  # by `types`: read as MTGJSON


@pytest.mark.parametrize(
    ("text", "fmt", "column"),
    [
        (f'["x", {CARD}]', "scryfall", 2),  # before the cards
        (f"[{CARD}, 3]", "scryfall", len(CARD) + 4),  # after them
        ('{"A": [1], "B": [' + json.dumps(mtg_card(), ensure_ascii=False) + "]}", "mtgjson", 8),
        ('{"data": {"cards": [true, ' + json.dumps(mtg_card(), ensure_ascii=False) + "]}}", "mtgjson", 21),
    ],
)
def test_a_wrong_item_in_card_data_is_an_error_wherever_it_is(text: str, fmt: str, column: int) -> None:
    error = error_of(text, fmt)
    assert type(error) is SourceError
    assert (error.line, error.column) == (1, column)


@pytest.mark.parametrize(
    ("cards", "status", "expected"),
    [
        (DATA / "samples" / "scryfall" / "scryfall-2025-card-khm-alrund-modal-dfc.json", 0, []),
        (f"[{CARD}]", 1, [(1, 67, 71, "TL302", "Elff Lord")]),
    ],
)
def test_a_directory_search_passes_over_json_without_cards(
    tmp_path: Path, cards: Path | str, status: int, expected: list[Found]
) -> None:
    write(tmp_path, PACKAGE, "package.json")
    write(tmp_path, TS_PACKAGE, "web/package.json")
    write(tmp_path, TSCONFIG, "web/tsconfig.json")
    write(tmp_path, "{}\n", "data.json")
    write(tmp_path, "", "empty.json")
    card_file = write(tmp_path, cards.read_bytes() if isinstance(cards, Path) else cards, "set/cards.json")
    result = run_cli(["check", "--format", "json", str(tmp_path)])
    document = json.loads(result.stdout)
    assert result.exit_code == status
    assert found(document) == expected
    assert {f["path"] for f in document["findings"]} <= {str(card_file)}
    assert document["summary"]["files"] == 1
    assert document["summary"]["type_lines"] == (3 if expected == [] else 1)


def test_a_file_named_that_holds_no_cards_is_tl905(tmp_path: Path) -> None:
    path = write(tmp_path, PACKAGE, "package.json")
    status, document = check(path)
    assert status == 2
    assert found(document) == [(1, 1, 2, "TL905", None)]
    (finding,) = document["findings"]
    assert finding["path"] == str(path)
    # JSON of neither Scryfall's nor MTGJSON's keys is read as a card list of any shape
    assert finding["message"] == f"{path} holds no card data: {NO_TYPE_KEY}"
    assert finding["severity"] == "error"


@pytest.mark.parametrize(
    ("data", "name"), [(TS_PACKAGE, "package.json"), (TSCONFIG, "tsconfig.json"), ("", "e.json")]
)
def test_every_file_named_without_cards_is_tl905_among_card_files(
    tmp_path: Path, data: str, name: str
) -> None:
    path = write(tmp_path, data, name)
    cards = write(tmp_path, f"[{CARD}]", "cards.json")
    result = run_cli(["check", "--format", "json", str(path), str(cards)])
    document = json.loads(result.stdout)
    assert result.exit_code == 2
    assert [(f["path"], f["code"]) for f in document["findings"]] == [
        (str(cards), "TL302"),
        (str(path), "TL905"),
    ]


# MTGJSON lists that are not cards

SET_LIST = json.dumps(
    {
        "meta": {"date": "2024-01-01", "version": "5.2.2"},
        "data": [
            {"baseSetSize": 383, "code": "10E", "name": "Tenth Edition", "type": "core"},
            {"code": "DDU", "name": "Duel Decks: Elves vs. Inventors", "type": "duel_deck"},
        ],
    },
    indent=2,
)
DECK_LIST = json.dumps(
    {
        "meta": {"date": "2024-01-01", "version": "5.2.2"},
        "data": [{"code": "DDU", "fileName": "ElvesVsInventors_DDU", "name": "Elves", "type": "Duel Deck"}],
    }
)


@pytest.mark.parametrize("text", [SET_LIST, DECK_LIST])
def test_mtgjson_set_and_deck_lists_are_not_card_data(tmp_path: Path, text: str) -> None:
    with pytest.raises(NotCardData):
        entries(text.encode(), "mtgjson")
    write(tmp_path, text, "SetList.json")
    card_file = write(tmp_path, json.dumps([mtg_card(uuid="u-1")], ensure_ascii=False), "set/cards.json")
    document = json.loads(run_cli(["check", "--format", "json", str(tmp_path)]).stdout)
    assert [(f["path"], f["code"]) for f in document["findings"]] == [(str(card_file), "TL302")]
    assert document["summary"]["files"] == 1


def test_numbers_longer_than_python_turns_into_ints_are_read(tmp_path: Path) -> None:
    text = '[{"n": ' + "1" * 5000 + ', "name": "N", "type_line": "' + BAD + '"}, 3]'
    assert findings_of(tmp_path, text, "scryfall") == [
        (1, 5048, 5052, "TL302", "N"),
        (1, 5056, 5057, "TL905", None),
    ]


def test_no_traceback_for_hostile_values(tmp_path: Path) -> None:
    cards = [
        {"name": 3, "type_line": "Creature — Elf"},
        {"name": None, "type_line": None, "card_faces": {"a": 1}},
        {"name": ["x"], "type_line": "x" * 100_000},
        {"type_line": "Creature \u0000 — Elf", "card_faces": [None, 3, {"type_line": 5}]},
    ]
    status, document = check(write(tmp_path, json.dumps(cards)))
    assert status == 1
    assert {f["code"] for f in document["findings"]} == {"TL903", "TL201"}
    assert all(f["card"] is None for f in document["findings"])
