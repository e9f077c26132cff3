"""Scryfall and MTGJSON JSON: every shape of file and exact places (escapes, one line,
pretty printed, CRLF, BOM, keys written with escapes).

Broken and wrong files are in test_source_json_wrong.py, the real samples and telling the
two formats apart in test_source_json_samples.py, TL906 and TL907 in
checks/test_check_carddata.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers.cardjson import BAD, CARD, entries, findings_of, mtg_card

from mtg_typeline.sources import json_cards
from mtg_typeline.sources.base import resolve
from mtg_typeline.sources.json_cards.scryfall import SCRYFALL

# Scryfall shapes


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


def test_foreign_data_before_the_card_with_its_type_is_never_taken_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the second parse changes the values: the walk must not depend on them
    card = {"foreignData": [{"language": "German", "type": BAD}], **mtg_card()}
    text = json.dumps([card], ensure_ascii=False)
    monkeypatch.setattr(json_cards.CardDocument, "paired", lambda self: None)
    (entry,) = entries(text.encode(), "mtgjson")
    start = text.rindex('"type": "') + len('"type": "')  # the card's own `type`
    assert tuple(resolve(entry.locate).region(0, 1)) == (1, start + 1, 1, start + 2)
    assert text.index(BAD) < start  # the foreign one comes first


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
    monkeypatch.setattr(json_cards.CardDocument, "paired", lambda self: None)
    assert [tuple(resolve(e.locate).region(0, 4)) for e in entries(text, "mtgjson")] == paired
    assert len(set(paired)) == 4


def test_pairing_counts_references_and_leaves_only_duplicates_to_the_second_parse() -> None:
    def paired(text: str, form: Any) -> Any:
        return json_cards.CardDocument(text, form, False).paired()

    foreign = [{"foreignData": [{"type": BAD}], **mtg_card()}, {**mtg_card(), "foreignData": [{"type": BAD}]}]
    assert paired(json.dumps(foreign, ensure_ascii=False), json_cards.MTGJSON) is not None
    parts = [
        {"all_parts": [{"type_line": BAD}], "type_line": BAD},
        {"type_line": BAD, "all_parts": [{"type_line": BAD}]},
    ]
    assert paired(json.dumps(parts, ensure_ascii=False), SCRYFALL) is not None
    assert paired(f'[{{"type_line": "{BAD}", "type_line": "{BAD}"}}]', SCRYFALL) is None


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
    monkeypatch.setattr(json_cards.CardDocument, "paired", lambda self: None)
    exact = [tuple(resolve(e.locate).region(0, 1)) for e in entries(ESCAPED_KEY.encode(), "scryfall")]
    assert exact == paired == [(1, 30, 1, 31), (2, 34, 2, 35)]
    # a value the text scan missed keeps no place rather than another card's
    monkeypatch.setattr(json_cards.CardDocument, "literals", lambda self: iter([]))
    assert [tuple(resolve(e.locate).region(0, 1)) for e in entries(ESCAPED_KEY.encode(), "scryfall")] == [
        (1, 1, 1, 2),
        (1, 1, 1, 2),
    ]
