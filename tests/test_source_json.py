"""Scryfall and MTGJSON JSON: every shape of file, exact places (escapes, one line, pretty
printed, CRLF, BOM), TL906 and TL907 and MTGJSON's conventions that are not them, broken and
wrong files, and the real samples with their findings."""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli, shared_path

from mtg_typeline.sources import SNIFF_BYTES, SourceSettings, json_cards, reader_for
from mtg_typeline.sources.base import Entry, NotCardData, SourceError, resolve
from mtg_typeline.sources.cardkeys import NO_TYPE_KEY
from mtg_typeline.sources.inputs import detect

SAMPLES = Path(__file__).parent / "data" / "samples"
Found = tuple[int, int, int, str, "str | None"]  # line, column, end column, code, card
BAD = "Creature — Elff"  # one TL302 on Elff, text columns 12 to 16


def check(path: Path | str, fmt: str = "auto") -> tuple[int, dict[str, Any]]:
    result = run_cli(["check", "--format", "json", "--input-format", fmt, str(path)])
    return result.exit_code, json.loads(result.stdout)


def found(document: dict[str, Any]) -> list[Found]:
    return [(f["line"], f["column"], f["end_column"], f["code"], f["card"]) for f in document["findings"]]


def write(tmp_path: Path, data: str | bytes, name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def findings_of(tmp_path: Path, data: str | bytes, fmt: str) -> list[Found]:
    return found(check(write(tmp_path, data), fmt)[1])


def entries(data: bytes, fmt: str, progress: list[int] | None = None) -> list[Entry]:
    told = progress if progress is not None else []
    return list(reader_for(fmt, SourceSettings())(io.BytesIO(data), "cards.json", told.append))


def error_of(data: str | bytes, fmt: str) -> SourceError:
    with pytest.raises(SourceError) as raised:
        entries(data.encode("utf-8") if isinstance(data, str) else data, fmt)
    return raised.value


# Scryfall shapes


CARD = '{"object": "card", "name": "Elff Lord", "type_line": "Creature — Elff"}'


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        (CARD, 1, 66),  # one card object
        (f"[{CARD}]", 1, 67),  # a list of cards
        (f'{{"object": "list", "has_more": false, "data": [{CARD}]}}', 1, 113),  # a list object
        (f"[\n{CARD.replace('Elff', 'Elf')},\n{CARD}\n]", 3, 66),  # bulk data: a card a line
    ],
)
def test_scryfall_shapes(tmp_path: Path, text: str, line: int, column: int) -> None:
    assert findings_of(tmp_path, text, "scryfall") == [(line, column, column + 4, "TL302", "Elff Lord")]


def test_faces_are_checked_each_with_its_name_and_the_combined_line_with_the_cards(tmp_path: Path) -> None:
    card = {
        "name": "Elff // Bolt",
        "type_line": "Creature — Elff // Instant",
        "card_faces": [
            {"name": "Elff", "type_line": "Creature — Elff"},
            {"name": "Bolt", "type_line": "Instant"},
        ],
    }
    text = json.dumps(card, ensure_ascii=False, indent=2)
    assert findings_of(tmp_path, text, "scryfall") == [
        (3, 28, 32, "TL302", "Elff // Bolt"),
        (7, 32, 36, "TL302", "Elff"),
    ]


def test_faces_before_the_combined_line_are_yielded_first() -> None:
    card = '{"name": "A // B", "card_faces": [{"type_line": "Instant"}, {"type_line": "Sorcery"}],'
    card += ' "type_line": "Instant // Sorcery"}'
    assert [e.text for e in entries(card.encode(), "scryfall")] == [
        "Instant",
        "Sorcery",
        "Instant // Sorcery",
    ]


def test_a_reversible_card_has_only_its_faces_lines(tmp_path: Path) -> None:
    card = {
        "name": "Zndrsplt // Zndrsplt",
        "layout": "reversible_card",
        "card_faces": [{"name": "Zndrsplt", "type_line": BAD}, {"name": "Zndrsplt", "type_line": BAD}],
    }
    text = json.dumps(card, ensure_ascii=False)
    assert [e.text for e in entries(text.encode(), "scryfall")] == [BAD, BAD]
    assert findings_of(tmp_path, text, "scryfall") == [
        (1, 124, 128, "TL302", "Zndrsplt"),
        (1, 178, 182, "TL302", "Zndrsplt"),
    ]


def test_references_and_printed_lines_are_not_checked_but_counted_for_places(tmp_path: Path) -> None:
    # `all_parts` names the card itself, with the same (wrong) line, before the card's own
    card = {
        "all_parts": [{"object": "related_card", "name": "Elff Lord", "type_line": BAD}],
        "name": "Elff Lord",
        "printed_type_line": "Kreatur — Elff",
        "type_line": BAD,
    }
    text = json.dumps(card, ensure_ascii=False)
    assert [e.text for e in entries(text.encode(), "scryfall")] == [BAD]
    assert findings_of(tmp_path, text, "scryfall") == [(1, 183, 187, "TL302", "Elff Lord")]


# TL906


def test_tl906_a_combined_line_that_is_not_the_faces_joined(tmp_path: Path) -> None:
    card = {
        "name": "Who // What // When // Where // Why",
        "type_line": "Instant",
        "card_faces": [
            {"name": name, "type_line": "Instant"} for name in ("Who", "What", "When", "Where", "Why")
        ],
    }
    status, document = check(write(tmp_path, json.dumps(card, indent=2)), "scryfall")
    assert status == 1
    assert found(document) == [(3, 17, 24, "TL906", "Who // What // When // Where // Why")]
    (finding,) = document["findings"]
    assert finding["suggestion"] == " // ".join(["Instant"] * 5)
    assert finding["type_line"] == "Instant"
    assert finding["severity"] == "error"


@pytest.mark.parametrize(
    "card",
    [
        {
            "type_line": "Instant // Sorcery",
            "card_faces": [{"type_line": "Instant"}, {"type_line": "Sorcery"}],
        },
        {"card_faces": [{"type_line": "Instant"}, {"type_line": "Sorcery"}]},  # reversible: no combined line
        {
            "type_line": "Instant // Sorcery",
            "card_faces": [{"name": "A"}, {"type_line": "Sorcery"}],
        },  # a face without
        {"type_line": "Instant // Sorcery", "card_faces": []},
    ],
)
def test_tl906_not_without_a_disagreement(tmp_path: Path, card: dict[str, Any]) -> None:
    assert findings_of(tmp_path, json.dumps(card), "scryfall") == []


# MTGJSON shapes


def mtg_card(type_line: str = BAD, **fields: Any) -> dict[str, Any]:
    words, _, subtypes = type_line.partition(" — ")
    arrays = {"supertypes": [], "types": words.split(), "subtypes": subtypes.split()}
    return {"name": "Elff Lord", **arrays, "type": type_line, **fields}


CARDS = [mtg_card("Creature — Elf", name="Good"), mtg_card()]


@pytest.mark.parametrize(
    "document",
    [
        {
            "meta": {"version": "5.2.0"},
            "data": {"code": "TST", "type": "expansion", "cards": CARDS, "tokens": []},
        },
        {"data": {"code": "TST", "cards": [], "tokens": CARDS}},  # `data` only
        {"baseSetSize": 2, "cards": CARDS, "code": "TST"},  # the bare set
        {"meta": {}, "data": {"Good": CARDS[:1], "Elff Lord": CARDS[1:]}},  # AtomicCards
        {"Good": CARDS[:1], "Elff Lord": CARDS[1:]},  # AtomicCards without `data`
        {
            "meta": {},
            "data": {"AAA": {"cards": CARDS[:1]}, "TST": {"cards": [], "tokens": CARDS[1:]}},
        },  # AllPrintings
        CARDS,  # a list of cards
        {"data": {"uuid-1": CARDS[0], "uuid-2": CARDS[1]}},  # AllIdentifiers
    ],
)
def test_mtgjson_shapes(document: Any) -> None:
    read = entries(json.dumps(document, ensure_ascii=False).encode(), "mtgjson")
    assert [(e.text, e.card, e.notes) for e in read] == [
        ("Creature — Elf", "Good", ()),
        (BAD, "Elff Lord", ()),
    ]


def test_mtgjson_place_and_the_face_name(tmp_path: Path) -> None:
    faces = [
        mtg_card("Instant", name="Wear // Tear", faceName="Wear"),
        mtg_card(name="Wear // Tear", faceName="Elff"),
    ]
    text = json.dumps({"meta": {}, "data": {"cards": faces}}, ensure_ascii=False)
    assert findings_of(tmp_path, text, "mtgjson") == [(1, 262, 266, "TL302", "Elff")]


def test_foreign_data_is_not_checked_but_counted_for_places(tmp_path: Path) -> None:
    card = {"foreignData": [{"language": "German", "name": "X", "type": BAD}], **mtg_card()}
    text = json.dumps([card], ensure_ascii=False)
    assert [e.text for e in entries(text.encode(), "mtgjson")] == [BAD]
    assert findings_of(tmp_path, text, "mtgjson") == [(1, 188, 192, "TL302", "Elff Lord")]


# TL907


@pytest.mark.parametrize(
    ("type_line", "arrays"),
    [
        ("Creature — Elf Warrior", ([], ["Creature"], ["Elf"])),
        ("Legendary Creature — Elf", ([], ["Creature"], ["Elf"])),
        ("Creature — Elf", ([], ["Artifact", "Creature"], ["Elf"])),
        ("Creature — Elf", ([], ["Creature"], ["Goblin"])),
        ("Creature", ([], ["Creature"], ["Elf"])),
        ("Elf — Creature", ([], ["Creature"], ["Elf"])),  # the words on the wrong sides
    ],
)
def test_tl907_a_type_string_that_disagrees_with_its_arrays(
    tmp_path: Path, type_line: str, arrays: tuple[list[str], list[str], list[str]]
) -> None:
    card = {
        "name": "X",
        "supertypes": arrays[0],
        "types": arrays[1],
        "subtypes": arrays[2],
        "type": type_line,
    }
    (entry,) = entries(json.dumps([card], ensure_ascii=False).encode(), "mtgjson")
    (note,) = entry.notes
    assert note.code == ("TL907", "type-fields-disagree")
    head = " ".join(arrays[0] + arrays[1])
    made = f"{head} — {' '.join(arrays[2])}" if arrays[2] else head
    assert note.message.endswith(f"which make '{made}'")
    codes_found = [f[3] for f in findings_of(tmp_path, json.dumps([card], ensure_ascii=False), "mtgjson")]
    assert "TL907" in codes_found


def test_tl907_place_is_the_whole_type_string(tmp_path: Path) -> None:
    card = {
        "name": "X",
        "supertypes": [],
        "types": ["Creature"],
        "subtypes": ["Elf"],
        "type": "Creature — Elf Warrior",
    }
    assert findings_of(tmp_path, json.dumps([card], ensure_ascii=False), "mtgjson") == [
        (1, 87, 109, "TL907", "X")
    ]


@pytest.mark.parametrize(
    ("type_line", "supertypes", "types", "subtypes"),
    [
        ("Token Creature — Zombie", [], ["Token", "Creature"], ["Zombie"]),  # Token in `types`
        ("Card", [], ["Card"], []),  # the checklist card
        ("Token", [], ["Token"], []),  # the back of an Unstable double-faced token
        ("Emblem — Liliana", [], ["Emblem"], ["Liliana"]),
        ("Ongoing Scheme", ["Ongoing"], ["Scheme"], []),
        ("Host Creature — Dwarf", ["Host"], ["Creature"], ["Dwarf"]),
        ("Phenomenon", [], ["Phenomenon"], []),
        ("Plane — Serra’s Realm", [], ["Plane"], ["Serra’s Realm"]),  # one entry of two words
        ("Plane — Serra’s Realm", [], ["Plane"], ["Serra's Realm"]),  # either apostrophe
        ("Legendary Creature — Time Lord Doctor", ["Legendary"], ["Creature"], ["Time Lord", "Doctor"]),
        ("Basic Snow Land — Forest", ["Basic", "Snow"], ["Land"], ["Forest"]),
        ("Creature - Elf", [], ["Creature"], ["Elf"]),  # an ASCII dash (TL101, not TL907)
        ("Creature — Human Knight", [], ["Creature"], ["Knight", "Human"]),  # another order
        ("Creature — Elf", None, ["Creature"], None),  # arrays left out: nothing to compare
        ("Creature — Elf", [], "Creature ", []),  # not lists (Magic-Spoiler's `types` string)
        ("Creature — Elf", [], ["Creature", 3], ["Elf"]),  # not strings
    ],
)
def test_tl907_not_for_mtgjson_conventions(
    type_line: str, supertypes: Any, types: Any, subtypes: Any
) -> None:
    card = {"name": "X", "type": type_line, "supertypes": supertypes, "types": types, "subtypes": subtypes}
    card = {key: value for key, value in card.items() if value is not None}
    (entry,) = entries(json.dumps([card], ensure_ascii=False).encode(), "mtgjson")
    assert entry.notes == ()


def test_magic_spoiler_json_reads_without_tl907() -> None:
    cards = [
        {"name": "Inspiring Veteran", "superTypes": [], "subTypes": ["Human", "Knight"],
         "type": "Creature - Human Knight", "types": "Creature "},
        {"name": "Glass Casket", "superTypes": [], "subTypes": [], "type": "Artifact", "types": "Artifact"},
    ]  # fmt: skip
    read = entries(json.dumps(cards, indent=4).encode(), "mtgjson")
    assert [(e.text, e.card, e.notes) for e in read] == [
        ("Creature - Human Knight", "Inspiring Veteran", ()),
        ("Artifact", "Glass Casket", ()),
    ]


# Exact places


def test_escapes_are_counted_as_they_stand_in_the_file(tmp_path: Path) -> None:
    # `\u2013` is 6 characters for 1; `\"`, `\\` and `\/` 2; a surrogate pair 12
    text = r'[{"name": "N", "type_line": "Creature \u2013 \"Elf\\\/"}]'
    assert findings_of(tmp_path, text, "scryfall") == [(1, 38, 46, "TL101", "N"), (1, 46, 55, "TL302", "N")]
    text = r'[{"name": "\ud83d\ude00", "type_line": "\ud83d\ude00 Creature \u2014 Elff"}]'
    assert findings_of(tmp_path, text, "scryfall") == [
        (1, 41, 53, "TL204", "\U0001f600"),
        (1, 70, 74, "TL302", "\U0001f600"),
    ]


def test_a_span_over_the_end_of_an_escaped_line(tmp_path: Path) -> None:
    text = r'{"type_line": "Creature \u2014 ", "name": "N"}'  # a dash with nothing after it
    assert findings_of(tmp_path, text, "scryfall") == [(1, 24, 32, "TL104", "N")]


def test_non_ascii_text_counts_characters_not_bytes(tmp_path: Path) -> None:
    text = '[{"name": "Éowyn — ☃", "type_line": "Legendary Créature — Elff"}]'
    assert findings_of(tmp_path, text, "scryfall") == [(1, 48, 56, "TL201", "Éowyn — ☃")]


def test_one_huge_line_places_columns_far_out(tmp_path: Path) -> None:
    cards = [
        {"name": f"Card {n}", "type_line": "Creature — Elf", "oracle_text": "x" * 200} for n in range(2000)
    ]
    cards.append({"name": "Last", "type_line": BAD})
    text = json.dumps(cards, ensure_ascii=False)
    column = text.rindex("Elff") + 1
    assert column > 400_000
    assert findings_of(tmp_path, text, "scryfall") == [(1, column, column + 4, "TL302", "Last")]


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_pretty_printed_and_crlf(tmp_path: Path, newline: str) -> None:
    cards = [mtg_card("Creature — Elf", name="Good"), mtg_card(name="Bad")]
    text = json.dumps({"meta": {}, "data": {"cards": cards}}, ensure_ascii=False, indent=2).replace(
        "\n", newline
    )
    assert findings_of(tmp_path, text, "mtgjson") == [(25, 29, 33, "TL302", "Bad")]


def test_bom_is_not_a_column(tmp_path: Path) -> None:
    data = "\ufeff" + f"[{CARD}]"
    assert findings_of(tmp_path, data.encode("utf-8"), "scryfall") == [(1, 67, 71, "TL302", "Elff Lord")]


def test_duplicate_keys_are_placed_where_json_takes_them_from(tmp_path: Path) -> None:
    # `json` keeps the last of two keys: three occurrences of the line in the text, two parsed
    text = f'[{{"name": "A", "type_line": "{BAD}", "type_line": "{BAD}"}},\n'
    text += f'{{"name": "B", "type_line": "{BAD}"}}]'
    assert findings_of(tmp_path, text, "scryfall") == [(1, 73, 77, "TL302", "A"), (2, 40, 44, "TL302", "B")]
    twice = f'{{"data": [{{"name": "A", "type_line": "{BAD}"}}], '
    twice += f'"data": [{{"name": "B", "type_line": "{BAD}"}}]}}'
    assert findings_of(tmp_path, twice, "scryfall") == [(1, 107, 111, "TL302", "B")]


def test_the_exact_method_agrees_with_pairing(monkeypatch: pytest.MonkeyPatch) -> None:
    text = json.dumps(
        {
            "data": [
                mtg_card(foreignData=[{"type": BAD}]),
                mtg_card("Instant"),
                mtg_card(),
                mtg_card("Creature - Elf"),
            ]
        },
        ensure_ascii=False,
    ).encode()
    paired = [tuple(resolve(e.locate).region(0, 4)) for e in entries(text, "mtgjson")]
    monkeypatch.setattr(json_cards._Document, "paired", lambda self: None)
    assert [tuple(resolve(e.locate).region(0, 4)) for e in entries(text, "mtgjson")] == paired
    assert len(set(paired)) == 4


def test_pairing_counts_references_and_leaves_only_duplicates_to_the_second_parse() -> None:
    def paired(text: str, form: Any) -> Any:
        return json_cards._Document(text, form, False).paired()

    foreign = [{"foreignData": [{"type": BAD}], **mtg_card()}, {**mtg_card(), "foreignData": [{"type": BAD}]}]
    assert paired(json.dumps(foreign, ensure_ascii=False), json_cards.MTGJSON) is not None
    parts = [
        {"all_parts": [{"type_line": BAD}], "type_line": BAD},
        {"type_line": BAD, "all_parts": [{"type_line": BAD}]},
    ]
    assert paired(json.dumps(parts, ensure_ascii=False), json_cards.SCRYFALL) is not None
    assert paired(f'[{{"type_line": "{BAD}", "type_line": "{BAD}"}}]', json_cards.SCRYFALL) is None


def test_lone_surrogates_become_replacement_characters(tmp_path: Path) -> None:
    text = r'[{"name": "D\udc00", "type_line": "Creature \ud800 Elf"}]'
    assert findings_of(tmp_path, text, "scryfall") == [
        (1, 45, 51, "TL201", "D\ufffd"),
        (1, 52, 55, "TL301", "D\ufffd"),
    ]
    (entry,) = entries(text.encode(), "scryfall")
    assert entry.text == "Creature \ufffd Elf"


def test_progress_is_told_the_bytes_read() -> None:
    told: list[int] = []
    data = f"[{CARD}]".encode()
    entries(data, "scryfall", told)
    assert told == [len(data)]


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
        (SAMPLES / "scryfall" / "scryfall-2025-card-khm-alrund-modal-dfc.json", 0, []),
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


# Real samples


def sample(kind: str, name: str) -> Path:
    """A copied sample (tests/data/samples), or a big one from ../shared/samples."""
    copy = SAMPLES / ("mtgjson" if kind == "cockatrice" else kind) / name
    return copy if copy.exists() else shared_path("samples", kind, name)


UST_HOST = [
    (26624, "Adorable Kitten"), (80082, "Ordinary Pony"), (96293, "Shaggy Camel"),
    (114782, "Crafty Octopus"), (135134, "Mer Man"), (147337, "Numbing Jellyfish"),
    (177133, "Big Boa Constrictor"), (180918, "Dirty Rat"), (244714, "Stinging Scorpion"),
    (259386, "Bumbling Pangolin"), (261164, "Common Iguana"), (265803, "Feisty Stegosaurus"),
    (345356, "Eager Beaver"), (378317, "Mother Kangaroo"), (401990, "Wild Crocodile"),
    (442326, "Angelic Rocket"), (477339, "Gnome-Made Engine"), (487063, "Labro Bot"),
    (515647, "Voracious Vacuum"),
]  # fmt: skip
# Un-set creature types that are in no list of the rules: Cyborg, Killbot, Brainiac, Vampyre, …
UST_UNKNOWN = [
    (28464, "Aerial Toastmaster"), (40434, "Chivalrous Chevalier"), (43457, "Do-It-Yourself Seraph"),
    (56992, "Jackknight"), (58910, "Knight of the Kitchen Sink"), (61080, "Knight of the Kitchen Sink"),
    (63448, "Knight of the Kitchen Sink"), (65616, "Knight of the Kitchen Sink"),
    (67843, "Knight of the Kitchen Sink"), (69961, "Knight of the Kitchen Sink"),
    (72087, "Knight of the Widget"), (77947, "Old Guard"), (85554, "Riveting Rigger"),
    (92262, "Rules Lawyer"), (107523, "Blurry Beeble"), (109569, "Chipper Chopper"),
    (131697, "Kindly Cognician"), (151850, "Socketed Sprocketer"), (201841, "Inhumaniac"),
    (210014, "Old-Fashioned Vampire"), (220617, "Skull Saucer"), (255891, "The Big Idea"),
    (282789, "Goblin Haberdasher"), (302018, "Painiac"), (343598, "Druid of the Sacred Beaker"),
    (391862, "Shellephant"), (395666, "Slaying Mantis"), (453991, "Curious Killbot"),
    (455506, "Delighted Killbot"), (457027, "Despondent Killbot"), (458540, "Enraged Killbot"),
    (748221, "Brainiac"),
]  # fmt: skip
# The backs of Unstable's double-faced tokens: `type` "Token", no card type
UST_TOKEN_BACKS = [
    (736497, "Angel"), (739261, "Spirit"), (742930, "Thopter"), (745655, "Vampire"), (747419, "Zombie"),
    (750020, "Elemental"), (753496, "Beast"), (755276, "Saproling"), (759318, "Elemental"),
    (761150, "Clue"),
]  # fmt: skip
AKH_NAGA = [
    (13, 1005, "Desiccated Naga"), (80, 1223, "Weaver of Currents"), (96, 1210, "Watchful Naga"),
    (97, 1230, "Vizier of the Menagerie"), (113, 1210, "Naga Vitalist"), (116, 1212, "Hooded Brawler"),
    (217, 1221, "Tah-Crop Skirmisher"), (218, 1206, "Slither Blade"), (227, 1205, "Naga Oracle"),
]  # fmt: skip

# (folder, file, format, type lines, {(code, line, column, card)}); every finding is true
# under the default edition 2026-09-25 (see each comment).
REAL: list[tuple[str, str, str, int, set[tuple[str, int, int, str]]]] = [
    # Naga is now Snake (2024-06-07)
    ("scryfall", "scryfall-2019-akh-amonkhet.json", "scryfall", 317, {("TL303", *naga) for naga in AKH_NAGA}),
    ("scryfall", "scryfall-2019-eld-throne-of-eldraine.json", "scryfall", 309, set()),
    # Hound is now Dog (2020-07-03)
    ("scryfall", "scryfall-2019-emn-eldritch-moon.json", "scryfall", 238, {
        ("TL303", 100, 994, "Thraben Foulbloods")}),
    ("scryfall", "scryfall-2019-f17-fnm-2017-dfc-tokens.json", "scryfall", 18, set()),
    # Host is no supertype of the rules; an emblem's line is only noted; Tribal is now Kindred;
    # the 2019 combined line of the five-way split card is "Instant", its faces' joined are not
    ("scryfall", "scryfall-2019-list-constructed-mixed-layouts.json", "scryfall", 40, {
        ("TL204", 987, 30, "Voracious Vacuum"), ("TL207", 1139, 21, "Ob Nixilis Reignited Emblem"),
        ("TL202", 1850, 21, "Rootgrapple"), ("TL906", 2184, 21, "Who // What // When // Where // Why")}),
    ("scryfall", "scryfall-2019-parc-promotional-schemes.json", "scryfall", 5, set()),
    ("scryfall", "scryfall-2019-phop-promotional-planes.json", "scryfall", 6, set()),
    ("scryfall", "scryfall-2019-pr2-player-rewards-2002-tokens.json", "scryfall", 6, set()),
    ("scryfall", "scryfall-2019-pvan-vanguard-series.json", "scryfall", 32, set()),
    ("scryfall", "scryfall-2019-sok-saviors-of-kamigawa.json", "scryfall", 175, set()),
    ("scryfall", "scryfall-2025-card-khm-alrund-modal-dfc.json", "scryfall", 3, set()),
    ("scryfall", "scryfall-2025-card-ori-jace-vryns-prodigy-transform.json", "scryfall", 3, set()),
    ("scryfall", "scryfall-2025-card-sld-zndrsplt-reversible-card.json", "scryfall", 2, set()),
    ("scryfall", "scryfall-2025-list-search-e-mid-page1.json", "scryfall", 243, set()),
    ("scryfall", "scryfall-2025-list-search-jace-vryns-prodigy-all-languages.json", "scryfall", 48, set()),
    # the checklist card's line is "Card"; two emblems
    ("mtgjson", "mtgjson-5.2.0-EMN.json", "mtgjson", 234, {
        ("TL201", 1, 1326065, "Eldritch Moon Checklist"),
        ("TL207", 1, 1339044, "Liliana, the Last Hope Emblem"),
        ("TL207", 1, 1339952, "Tamiyo, Field Researcher Emblem")}),
    ("mtgjson", "mtgjson-5.2.0-OARC.json", "mtgjson", 45, set()),
    ("mtgjson", "mtgjson-5.2.0-OPCA.json", "mtgjson", 86, set()),
    ("mtgjson", "mtgjson-5.2.0-PVAN.json", "mtgjson", 32, set()),
    ("mtgjson", "mtgjson-5.2.0-SOK.json", "mtgjson", 170, set()),
    # Host; Un-set creature types; the card "capital offense" is written "instant"; token backs
    ("mtgjson", "mtgjson-5.2.0-UST.json", "mtgjson", 298, {("TL204", 1, c, n) for c, n in UST_HOST}
        | {("TL302", 1, c, n) for c, n in UST_UNKNOWN} | {("TL103", 1, 179164, "capital offense")}
        | {("TL203", 1, c, n) for c, n in UST_TOKEN_BACKS}),
    ("mtgjson", "mtgjson-repo-test-golden-atomic_cards.json", "mtgjson", 5, set()),
    ("mtgjson", "mtgjson-repo-test-golden-set_TST.json", "mtgjson", 5, set()),
    # Magic-Spoiler's ASCII dashes
    ("cockatrice", "magic-spoiler-2019-PELD.json", "mtgjson", 6, {
        ("TL101", 86, 26, "Inspiring Veteran"), ("TL101", 115, 29, "Kenrith's Transformation"),
        ("TL101", 145, 26, "Piper of the Swarm")}),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "name", "fmt", "lines", "expected"), REAL, ids=[r[1] for r in REAL])
def test_real_samples(
    kind: str, name: str, fmt: str, lines: int, expected: set[tuple[str, int, int, str]]
) -> None:
    path = sample(kind, name)
    status, document = check(path)
    findings = document["findings"]
    assert {(f["code"], f["line"], f["column"], f["card"]) for f in findings} == expected
    assert len(findings) == len(expected)
    assert document["summary"]["type_lines"] == lines
    assert status == (1 if any(f["severity"] == "error" for f in findings) else 0)
    assert_on_their_literals(path, findings)


def assert_on_their_literals(path: Path, findings: Sequence[dict[str, Any]]) -> None:
    """Each finding lies inside a JSON string in the file that is its whole type line (the
    samples write their type lines without escapes)."""
    lines = path.read_text(encoding="utf-8-sig").split("\n")
    for finding in findings:
        line = lines[finding["line"] - 1]
        start = line.rindex('"', 0, finding["column"] - 1) + 1
        stop = line.index('"', finding["end_column"] - 1)
        assert line[start:stop] == finding["type_line"], finding


def test_the_copies_are_the_shared_files() -> None:
    manifest = shared_path("samples", "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()
    sums = dict(line.split("\t")[::2] for line in manifest[1:])
    copies = sorted((SAMPLES / "scryfall").glob("*.json")) + sorted((SAMPLES / "mtgjson").glob("*.json"))
    assert len(copies) == 11
    for copy in copies:
        shared = (
            f"cockatrice/{copy.name}"
            if copy.name.startswith("magic-spoiler")
            else f"{copy.parent.name}/{copy.name}"
        )
        assert hashlib.sha256(copy.read_bytes()).hexdigest() == sums[shared]


@pytest.mark.parametrize(("kind", "name", "fmt"), [r[:3] for r in REAL], ids=[r[1] for r in REAL])
def test_detect_picks_the_format_of_each_real_sample(kind: str, name: str, fmt: str) -> None:
    path = sample(kind, name)
    with path.open("rb") as stream:
        assert detect(str(path), stream.read(SNIFF_BYTES)) == fmt


def set_without_meta(cards: list[dict[str, Any]]) -> str:
    """An MTGJSON set of `data` alone, its keys in MTGJSON's order: the `booster` section
    (sheets of card uuids with their weights) fills the first 64 KiB."""
    sheet = {f"{n:08x}-0000-4000-8000-{n:012x}": 1 for n in range(3000)}
    booster = {
        "default": {
            "boosters": [{"contents": {"common": 10}, "weight": 1}],
            "boostersTotalWeight": 1,
            "sheets": {"common": {"cards": sheet, "foil": False, "totalWeight": 3000}},
        }
    }
    body = {"baseSetSize": len(cards), "block": "Test", "booster": booster, "cards": cards, "code": "TST"}
    return json.dumps({"data": body}, ensure_ascii=False, indent=2)


def test_a_set_whose_booster_section_fills_the_head_is_read_as_mtgjson(tmp_path: Path) -> None:
    path = write(tmp_path, set_without_meta([mtg_card(uuid="u-1")]))
    head = path.read_bytes()[:SNIFF_BYTES]
    assert len(head) == SNIFF_BYTES
    assert not any(key in head for key in (b'"meta"', b'"uuid"', b'"types"', b'"supertypes"'))
    assert detect(str(path), head) == "mtgjson"
    status, document = check(path)
    assert status == 1
    (finding,) = document["findings"]
    assert (finding["code"], finding["card"]) == ("TL302", "Elff Lord")
    assert document["summary"]["type_lines"] == 1


def test_a_face_whose_other_languages_fill_the_head_is_read_as_mtgjson() -> None:
    foreign = [
        {"language": "German", "name": "Abnutzung", "text": "x" * SNIFF_BYTES, "type": "Spontanzauber"}
    ]
    face = {
        "artist": "A",
        "faceName": "Wear",
        "foreignData": foreign,
        **mtg_card("Instant", name="Wear // Tear"),
    }
    head = json.dumps([face]).encode()[:SNIFF_BYTES]
    assert not any(key in head for key in (b'"meta"', b'"uuid"', b'"types"', b'"supertypes"'))
    assert detect("faces.json", head) == "mtgjson"


@pytest.mark.parametrize("key", ["baseSetSize", "faceName"])
def test_keys_scryfall_never_has_tell_mtgjson(key: str) -> None:
    assert detect("x.json", f'{{"{key}": 1}}'.encode()) == "mtgjson"
    assert detect("x.json", f'{{"object": "card", "{key}": 1}}'.encode()) == "scryfall"


# Keys written with escapes


ESCAPED_KEY = '[{"name": "B", "type_line": "0"},\n{"name": "A", "type_\\u006cine": "Creature - elf"}]'


def test_a_key_written_with_an_escape_is_placed(tmp_path: Path) -> None:
    # "Creature - elf" starts at column 34 of line 2; the dash at 42, "elf" at 45
    expected = [(1, 30, 31, "TL201", "B"), (2, 42, 45, "TL101", "A"), (2, 45, 48, "TL103", "A")]
    assert findings_of(tmp_path, ESCAPED_KEY, "scryfall") == expected


def test_the_exact_method_places_escaped_keys_and_never_takes_data_for_a_marker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paired = [tuple(resolve(e.locate).region(0, 1)) for e in entries(ESCAPED_KEY.encode(), "scryfall")]
    monkeypatch.setattr(json_cards._Document, "paired", lambda self: None)
    exact = [tuple(resolve(e.locate).region(0, 1)) for e in entries(ESCAPED_KEY.encode(), "scryfall")]
    assert exact == paired == [(1, 30, 1, 31), (2, 34, 2, 35)]
    # a value the text scan missed keeps no place rather than another card's
    monkeypatch.setattr(json_cards._Document, "literals", lambda self: iter([]))
    assert [tuple(resolve(e.locate).region(0, 1)) for e in entries(ESCAPED_KEY.encode(), "scryfall")] == [
        (1, 1, 1, 2),
        (1, 1, 1, 2),
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


def test_foreign_data_before_the_card_with_its_type_is_never_taken_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the second parse changes the values: the walk must not depend on them
    card = {"foreignData": [{"language": "German", "type": BAD}], **mtg_card()}
    text = json.dumps([card], ensure_ascii=False)
    monkeypatch.setattr(json_cards._Document, "paired", lambda self: None)
    (entry,) = entries(text.encode(), "mtgjson")
    start = text.rindex('"type": "') + len('"type": "')  # the card's own `type`
    assert tuple(resolve(entry.locate).region(0, 1)) == (1, start + 1, 1, start + 2)
    assert text.index(BAD) < start  # the foreign one comes first
