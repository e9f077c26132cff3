"""`--fix` in Scryfall and MTGJSON JSON: a literal keeps its style (escapes, ASCII or not,
one line or pretty printed), and an MTGJSON card's arrays change with its type string.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers.rewriting import FUZZ, LINES, applied, entries, rewritten
from hypothesis import given
from hypothesis import strategies as st

SCRYFALL = rewritten("scryfall")
MTGJSON = rewritten("mtgjson")


@pytest.mark.parametrize(
    ("data", "new", "expected"),
    [
        pytest.param(  # a raw dash in a file that writes non-ASCII as it is
            '{"name": "Æther Elf", "type_line": "Creature - Elf"}\n',
            "Creature — Elf",
            '{"name": "Æther Elf", "type_line": "Creature — Elf"}\n',
            id="raw",
        ),
        pytest.param(  # an ASCII-only file (ensure_ascii): escaped
            '{"name": "Elf", "type_line": "Creature - Elf"}',
            "Creature — Elf",
            '{"name": "Elf", "type_line": "Creature \\u2014 Elf"}',
            id="ascii-file",
        ),
        pytest.param(  # the escape the literal used is kept, the change written beside it
            '{"name": "Æ", "type_line": "Creature \\u2014 elf"}',
            "Creature — Elf",
            '{"name": "Æ", "type_line": "Creature \\u2014 Elf"}',
            id="kept-escape",
        ),
        pytest.param(  # the case of the file's hex digits; a surrogate pair beyond the BMP
            '{"name": "\\u00C6", "type_line": "Creature - Elf"}',
            "Creature — Elf 🂡",
            '{"name": "\\u00C6", "type_line": "Creature \\u2014 Elf \\uD83C\\uDCA1"}',
            id="upper-hex",
        ),
        pytest.param(  # quotes, backslashes and control characters always escaped
            '{"type_line": "Creature - Elf"}',
            'Creature "Elf" \\\t',
            '{"type_line": "Creature \\"Elf\\" \\\\\\t"}',
            id="always-escaped",
        ),
        pytest.param(  # `\/` kept, and a new slash escaped, in a file that escapes slashes
            '{"name": "A \\/ B", "type_line": "Instant \\/\\/ sorcery"}',
            "Instant // Sorcery",
            '{"name": "A \\/ B", "type_line": "Instant \\/\\/ Sorcery"}',
            id="slash",
        ),
        pytest.param(  # the file has the dash only escaped, though not all ASCII
            '[{"name": "Ærna", "type_line": "Creature \\u2014 Elf"}, {"type_line": "Creature - Elf"}]',
            "Creature — Elf",
            '[{"name": "Ærna", "type_line": "Creature \\u2014 Elf"}, {"type_line": "Creature \\u2014 Elf"}]',
            id="escaped-elsewhere",
        ),
    ],
)
def test_json_literal_keeps_its_style(data: str, new: str, expected: str) -> None:
    found = entries("scryfall", data)
    (entry,) = [e for e in found if e.text != new]
    assert entry.rewrite is not None
    out = applied(data, entry.rewrite(new))
    assert out == expected
    assert [e.text for e in entries("scryfall", out)] == [new] * len(found)


def test_json_duplicate_key_rewrites_the_value_json_keeps() -> None:
    data = '{"type_line": "Sorcery", "name": "A", "type_line": "Creature - Elf"}'
    assert (
        SCRYFALL(data, "Creature — Elf")
        == '{"type_line": "Sorcery", "name": "A", "type_line": "Creature \\u2014 Elf"}'
    )


def test_json_pretty_printed_multi_face_card_each_line_its_own_literal() -> None:
    data = (
        "{\r\n"
        '  "name": "A // B",\r\n'
        '  "type_line": "Creature - Elf // Sorcery",\r\n'
        '  "card_faces": [\r\n'
        '    {"name": "A", "type_line": "Creature - Elf"},\r\n'
        '    {"name": "B", "type_line": "sorcery"}\r\n'
        "  ]\r\n"
        "}\r\n"
    )
    combined, face, other = entries("scryfall", data)
    assert (combined.text, face.text, other.text) == (
        "Creature - Elf // Sorcery",
        "Creature - Elf",
        "sorcery",
    )
    assert combined.rewrite and face.rewrite and other.rewrite
    out = applied(
        data,
        combined.rewrite("Creature — Elf // Sorcery"),
        face.rewrite("Creature — Elf"),
        other.rewrite("Sorcery"),
    )
    assert out == data.replace(" - ", " \\u2014 ").replace('"sorcery"', '"Sorcery"')
    assert [e.text for e in entries("scryfall", out)] == [
        "Creature — Elf // Sorcery",
        "Creature — Elf",
        "Sorcery",
    ]


def test_mtgjson_type() -> None:
    card = '{"name": "Æ", "type": "Creature - Elf", "types": ["Creature"], "supertypes": [], "subtypes": []}'
    data = f'{{"data": {{"cards": [{card}]}}}}'
    assert MTGJSON(data, "Creature — Elf") == data.replace("Creature - Elf", "Creature — Elf")


MTGJSON_CARD = (
    '{{"name": "A", "subtypes": {subtypes}, "supertypes": {supertypes}, '
    '"text": "a \\"{{quoted}}\\" [brace] \\\\", "type": "{type}", "types": {types}}}'
)


def mtgjson_file(type: str, supertypes: str = "[]", types: str = '["Creature"]', subtypes: str = "[]") -> str:
    card = MTGJSON_CARD.format(type=type, supertypes=supertypes, types=types, subtypes=subtypes)
    return f'{{"data": {{"cards": [{{"name": "B", "type": "Instant", "types": ["Instant"]}}, {card}]}}}}'


def mtgjson_card_fields(data: str) -> dict[str, Any]:
    return {key: value for key, value in json.loads(data)["data"]["cards"][1].items() if key != "text"}


@pytest.mark.parametrize(
    ("before", "after", "fixed"),
    [
        pytest.param(  # a rename the rules made, in `types`; the escaped dash stays escaped
            ("Tribal Instant \\u2014 Elf", "[]", '["Tribal", "Instant"]', '["Elf"]'),
            "Kindred Instant \u2014 Elf",
            ("Kindred Instant \\u2014 Elf", "[]", '["Kindred", "Instant"]', '["Elf"]'),
            id="types",
        ),
        pytest.param(  # a word's case, in `supertypes`; its element written in its own escapes
            ("legendary Creature \u2014 Elf", '["l\\u0065gendary"]', '["Creature"]', '["Elf"]'),
            "Legendary Creature \u2014 Elf",
            ("Legendary Creature \u2014 Elf", '["L\\u0065gendary"]', '["Creature"]', '["Elf"]'),
            id="supertypes",
        ),
        pytest.param(  # a renamed subtype, and one of two words in an element of its own
            ("Creature \u2014 Hound Time lord", "[]", '["Creature"]', '[\n  "Hound",\n  "Time lord"\n]'),
            "Creature \u2014 Dog Time Lord",
            ("Creature \u2014 Dog Time Lord", "[]", '["Creature"]', '[\n  "Dog",\n  "Time Lord"\n]'),
            id="subtypes",
        ),
        pytest.param(  # the order of the words only: the arrays stay
            ("Creature Legendary \u2014 Elf", '["Legendary"]', '["Creature"]', '["Elf"]'),
            "Legendary Creature \u2014 Elf",
            ("Legendary Creature \u2014 Elf", '["Legendary"]', '["Creature"]', '["Elf"]'),
            id="order",
        ),
        pytest.param(  # case and order at once: each word stays in its own array
            (
                "artifact legendary creature \u2014 goblin",
                '["legendary"]',
                '["artifact", "creature"]',
                '["goblin"]',
            ),
            "Legendary Artifact Creature \u2014 Goblin",
            (
                "Legendary Artifact Creature \u2014 Goblin",
                '["Legendary"]',
                '["Artifact", "Creature"]',
                '["Goblin"]',
            ),
            id="case-and-order",
        ),
        pytest.param(  # arrays that disagreed: the string alone, which ends the disagreement
            ("Creature Goblin", "[]", '["Creature"]', '["Goblin"]'),
            "Creature \u2014 Goblin",
            ("Creature \\u2014 Goblin", "[]", '["Creature"]', '["Goblin"]'),  # an ASCII file
            id="disagreeing",
        ),
    ],
)
def test_mtgjson_fix_changes_the_arrays_with_the_type(
    before: tuple[str, str, str, str], after: str, fixed: tuple[str, str, str, str]
) -> None:
    data = mtgjson_file(*before)
    (_, entry) = entries("mtgjson", data)
    assert entry.rewrite is not None
    out = applied(data, entry.rewrite(after))
    assert out == mtgjson_file(*fixed)
    card = mtgjson_card_fields(out)
    assert [e.notes for e in entries("mtgjson", out)] == [(), ()]  # no TL907 left
    assert card["type"] == after


def test_mtgjson_fix_that_changes_the_number_of_words_in_agreeing_arrays_is_not_made() -> None:
    data = mtgjson_file("Creature Creature \\u2014 Elf", types='["Creature", "Creature"]', subtypes='["Elf"]')
    (_, entry) = entries("mtgjson", data)
    assert entry.notes == () and entry.rewrite is not None
    assert entry.rewrite("Creature \u2014 Elf") is None
    assert entry.rewrite("Creature Creature \u2014 Elf") is not None  # itself: written as it is


def test_mtgjson_fix_on_the_command_line_leaves_no_disagreement(tmp_path: Path) -> None:
    from conftest import run_cli

    path = tmp_path / "set.json"
    path.write_text(
        mtgjson_file("Tribal Enchantment - Faerie", types='["Tribal", "Enchantment"]', subtypes='["Faerie"]')
    )
    result = run_cli(["check", "--fix", str(path)])
    assert result.exit_code == 0, result.output
    assert mtgjson_card_fields(path.read_text()) == {
        "name": "A",
        "subtypes": ["Faerie"],
        "supertypes": [],
        "type": "Kindred Enchantment \u2014 Faerie",
        "types": ["Kindred", "Enchantment"],
    }
    again = run_cli(["check", "--diff", str(path)])
    assert (again.exit_code, again.output) == (0, "No fixes available.\n")


def test_json_lone_surrogate_is_not_written() -> None:
    (entry,) = entries("scryfall", '{"type_line": "Creature \\ud800 - Elf"}')
    assert entry.rewrite is not None
    assert entry.text == "Creature \ufffd - Elf"
    assert entry.rewrite("Creature \ufffd — Elf") is None


@FUZZ
@given(old=LINES, new=LINES, ascii_only=st.booleans(), indent=st.sampled_from([None, 2]))
def test_json_any_text_as_json_writes_it(old: str, new: str, ascii_only: bool, indent: int | None) -> None:
    data = json.dumps([{"name": "Æ", "type_line": old}], ensure_ascii=ascii_only, indent=indent)
    (entry,) = entries("scryfall", data)
    assert entry.rewrite is not None
    assert applied(data, entry.rewrite(old)) == data
    out = applied(data, entry.rewrite(new))
    assert json.loads(out) == [{"name": "Æ", "type_line": new}]
    assert out == json.dumps([{"name": "Æ", "type_line": new}], ensure_ascii=ascii_only, indent=indent)
