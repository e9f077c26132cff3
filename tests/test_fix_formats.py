"""`--fix` in card data: each reader's `Entry.rewrite` writes a corrected type line back in the
file's own notation (escapes, quoting, scalar styles, references, Forge's line without its
dash, MSE markup), so that the file re-reads to the new line and keeps every byte outside the
value; where it can't do that exactly it writes nothing."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import entries_of, property_settings
from hypothesis import given
from hypothesis import strategies as st

from mtg_typeline.fix.data import Made, apply_edits
from mtg_typeline.sources import SourceSettings, reader_for
from mtg_typeline.sources.base import Edit, Entry
from mtg_typeline.sources.mse import read_folder

Rewritten = Callable[[str, str], str | None]


def entries(fmt: str, data: str | bytes, path: str = "input", **settings: str) -> list[Entry]:
    """The entries of an input (a table's clean rows too)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    read = reader_for(fmt, SourceSettings(**settings))  # type: ignore[arg-type]
    return entries_of(read(io.BytesIO(raw), path, lambda n: None))


def applied(data: str, *edits: Made | None) -> str:
    """The text with the edits made, as `--fix` makes them (none refused)."""
    assert all(edit is not None for edit in edits), edits
    done = apply_edits(data.encode("utf-8"), [(edit, 1) for edit in edits if edit is not None])
    assert not done.refused
    return done.data.decode("utf-8")


def rewritten(fmt: str, **settings: str) -> Rewritten:
    """A function: the input with its one entry rewritten to a new line (None: not written),
    checked to re-read as that line and to be unchanged by rewriting the entry as it is."""

    def run(data: str, new: str) -> str | None:
        (entry,) = entries(fmt, data, **settings)
        assert entry.rewrite is not None
        assert applied(data, entry.rewrite(entry.text)) == data
        edit = entry.rewrite(new)
        if edit is None:
            return None
        out = applied(data, edit)
        assert [e.text for e in entries(fmt, out, **settings)] == [new]
        return out

    return run


# JSON

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


# CSV and TSV

CSV = rewritten("csv")


@pytest.mark.parametrize(
    ("data", "new", "expected"),
    [
        pytest.param(
            "name,type\nA,Creature - Elf\n", "Creature — Elf", "name,type\nA,Creature — Elf\n", id="unquoted"
        ),
        pytest.param(
            'name,type,cost\r\nA,"Creature - Elf",1\r\n',
            'Creature — "Elf"',
            'name,type,cost\r\nA,"Creature — ""Elf""",1\r\n',
            id="quoted",
        ),
        pytest.param(
            "name,type\nA,Creature - Elf",
            "Creature, Elf",
            'name,type\nA,"Creature, Elf"',
            id="needs-quotes",
        ),
        pytest.param(
            "name,type\nA,Creature - Elf\n",
            'Creature "Elf"',
            'name,type\nA,"Creature ""Elf"""\n',
            id="quote-needs-quotes",
        ),
        pytest.param(
            'name;type;x\n"A";"Creature\n - Elf";x\n',
            "Creature — Elf",
            'name;type;x\n"A";"Creature — Elf";x\n',
            id="multi-line-cell",
        ),
        pytest.param(
            "name\ttype\nA\tCreature - Elf\n", "Creature, — Elf", "name\ttype\nA\tCreature, — Elf\n", id="tsv"
        ),
        pytest.param("\ufeffname,type\nA,creature\n", "Creature", "\ufeffname,type\nA,Creature\n", id="bom"),
    ],
)
def test_csv_cell_keeps_its_quoting(data: str, new: str, expected: str) -> None:
    assert CSV(data, new) == expected


def test_csv_text_after_a_closing_quote_is_not_written() -> None:
    assert CSV('name,type\nA,"Creature" - Elf\n', "Creature — Elf") is None


def test_csv_lone_cr_line_ends_are_written_too() -> None:
    data = "name,type\rA,Creature - Elf\r"
    assert CSV(data, "Creature — Elf") == data.replace("Creature - Elf", "Creature — Elf")


# YAML

YAML = rewritten("yaml")
CARD = "- name: A\n  type_line: {}  # the type\n  cost: 1\n"


@pytest.mark.parametrize(
    ("value", "new", "written"),
    [
        pytest.param("Creature - Elf", "Creature — Elf", "Creature — Elf", id="plain"),
        pytest.param("Creature - Elf", "Creature: — Elf", '"Creature: \\u2014 Elf"', id="plain-to-double"),
        pytest.param("Creature - Elf", "True", '"True"', id="plain-not-a-string"),
        pytest.param("Creature - Elf", "Creature — Elf #2", '"Creature \\u2014 Elf #2"', id="plain-comment"),
        pytest.param("'Creature - Elf'", "Creature — Elf's", "'Creature — Elf''s'", id="single"),
        pytest.param(
            "'Creature - Elf'", "Creature — Elf\x07", '"Creature \\u2014 Elf\\a"', id="single-to-double"
        ),
        pytest.param(
            '"Creature \\u2014 elf"', "Creature — Elf", '"Creature \\u2014 Elf"', id="double-escape"
        ),
        pytest.param('"Creature - Elf"', 'Creature — "Elf"', '"Creature \\u2014 \\"Elf\\""', id="double"),
        pytest.param('"Creature — elf"', "Creature — Elf", '"Creature — Elf"', id="double-raw"),
        pytest.param("!!str true", "True", "!!str True", id="tagged"),
    ],
)
def test_yaml_scalar_keeps_its_style(value: str, new: str, written: str) -> None:
    data = CARD.format(value)
    if "—" in value:  # a file not all ASCII: a new dash is written as it is
        written = written.replace("\\u2014", "—")
    assert YAML(data, new) == data.replace(value, written)


@pytest.mark.parametrize(
    ("data", "new", "expected"),
    [
        pytest.param(
            "- name: A\n  type_line: |-\n    Creature - Elf\n  cost: 1\n",
            "Creature — Elf",
            "- name: A\n  type_line: |-\n    Creature — Elf\n  cost: 1\n",
            id="literal",
        ),
        pytest.param(
            "- name: A\n  type_line: >-\n    Legendary\n    creature - Elf\n\n# end\n",
            "Legendary Creature — Elf",
            "- name: A\n  type_line: >-\n    Legendary\n    Creature — Elf\n\n# end\n",
            id="folded",
        ),
        pytest.param(
            "- name: A\r\n  type_line: Legendary\r\n    creature - Elf\r\n",
            "Legendary Creature — Elf",
            "- name: A\r\n  type_line: Legendary\r\n    Creature — Elf\r\n",
            id="plain-two-lines",
        ),
        pytest.param(
            '- name: A\n  type_line: "Creature -\n    Elf"\n',
            "Creature — Elf",
            '- name: A\n  type_line: "Creature \\u2014\n    Elf"\n',
            id="double-two-lines",
        ),
        pytest.param(
            "- {name: A, type_line: Creature - Elf}\n",
            "Creature — Elf",
            "- {name: A, type_line: Creature — Elf}\n",
            id="flow",
        ),
        pytest.param(
            "- {name: A, type_line: Creature - Elf}\n",
            "Creature, Elf",
            '- {name: A, type_line: "Creature, Elf"}\n',
            id="flow-comma",
        ),
    ],
)
def test_yaml_layout_is_kept(data: str, new: str, expected: str) -> None:
    assert YAML(data, new) == expected


@pytest.mark.parametrize(
    ("data", "new"),
    [
        pytest.param(
            "- name: A\n  type_line: >\n    Legendary\n    Creature\n",
            "LegendaryCreature\n",
            id="across-a-fold",
        ),
        pytest.param(
            "- name: A\n  type_line: |2-\n      Creature - Elf\n",
            "Creature — Elf",
            id="indentation-indicator",
        ),
        pytest.param(
            "- name: A\n  type_line: Legendary\n    Creature\n",
            "Legendary Creature: Elf",
            id="multi-line-plain",
        ),
    ],
)
def test_yaml_scalars_that_cant_be_written_exactly(data: str, new: str) -> None:
    assert YAML(data, new) is None


def test_yaml_anchored_and_aliased_scalars_are_not_written() -> None:
    data = "- name: A\n  type_line: &line Creature - Elf\n- name: B\n  type_line: *line\n"
    assert [e.rewrite for e in entries("yaml", data)] == [None, None]


# Cockatrice XML

XML = rewritten("cockatrice")
DATABASE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_carddatabase version="4">\n<cards>\n<card>\n'
    "  <name>{name}</name>\n  <prop><type>{value}</type></prop>\n</card>\n</cards>\n"
    "</cockatrice_carddatabase>\n"
)


@pytest.mark.parametrize(
    ("name", "value", "new", "written"),
    [
        pytest.param("Æther", "Creature - Elf", "Creature — Elf", "Creature — Elf", id="raw"),
        pytest.param("Aether", "Creature - Elf", "Creature — Elf", "Creature &#8212; Elf", id="ascii-file"),
        pytest.param(
            "Æther", "Creature &#8212; elf", "Creature — Elf", "Creature &#8212; Elf", id="kept-reference"
        ),
        pytest.param(
            "Æ",
            "Creature &#x2014; Elf",
            "Legendary Creature — Elf",
            "Legendary Creature &#x2014; Elf",
            id="hex",
        ),
        pytest.param(
            "Æ",
            "Creature - Elf &amp; Elf",
            "Creature — <Elf> & Elf",
            "Creature — &lt;Elf&gt; &amp; Elf",
            id="escaped",
        ),
        pytest.param(
            "Æ", "Creature - Elf&apos;s", "Creature — Elf's", "Creature — Elf&apos;s", id="kept-apos"
        ),
    ],
)
def test_cockatrice_type_text(name: str, value: str, new: str, written: str) -> None:
    data = DATABASE.format(name=name, value=value)
    assert XML(data, new) == DATABASE.format(name=name, value=written)


@pytest.mark.parametrize(
    "value",
    [
        "<![CDATA[Creature - Elf]]>",
        "Creature <!-- x -->- Elf",
        "<!-- x -->Creature - Elf",
        "Creature - Elf<?pi x?>",
    ],
)
def test_cockatrice_markup_inside_type_is_not_written(value: str) -> None:
    (entry,) = entries("cockatrice", DATABASE.format(name="A", value=value))
    assert entry.rewrite is None


def test_cockatrice_crlf_file_and_lone_cr_file() -> None:
    data = DATABASE.format(name="Æ", value="Creature - Elf").replace("\n", "\r\n")
    assert XML(data, "Creature — Elf") == data.replace("Creature - Elf", "Creature — Elf")
    lone = DATABASE.format(name="Æ", value="Creature - Elf").replace("\n", "\r")
    assert XML(lone, "Creature — Elf") == lone.replace("Creature - Elf", "Creature — Elf")


def test_cockatrice_other_encodings_are_not_written() -> None:
    data = DATABASE.format(name="\xc6", value="Creature - Elf").replace("UTF-8", "ISO-8859-1")
    (entry,) = entries("cockatrice", data.encode("latin-1"))
    assert entry.text == "Creature - Elf" and entry.rewrite is None


# Forge

FORGE = rewritten("forge")


@pytest.mark.parametrize(
    ("line", "new", "expected"),
    [
        pytest.param(
            "Types:creature Human Wizard", "Creature — Human Wizard", "Types:Creature Human Wizard", id="case"
        ),
        pytest.param(
            "Types: Creature Human  wizard ",
            "Creature — Human  Wizard",
            "Types: Creature Human  Wizard ",
            id="blanks-kept",
        ),
        pytest.param(  # the gap the dash stands for is kept
            "Types:Creature Legendary  Human Wizard",
            "Legendary Creature — Human Wizard",
            "Types:Legendary Creature  Human Wizard",
            id="gap-kept",
        ),
        pytest.param(  # a change across the dash: the line written again, its dash one space
            "Types:Creature Legendary  Human Wizard",
            "Legendary Creature — Human",
            "Types:Legendary Creature Human",
            id="across-the-dash",
        ),
        pytest.param(
            "Types:Tribal Instant Elf", "Kindred Instant — Elf", "Types:Kindred Instant Elf", id="rename"
        ),
    ],
)
def test_forge_types_written_without_the_dash(line: str, new: str, expected: str) -> None:
    data = f"Name:A\r\nManaCost:G\r\n{line}\r\nOracle:x\r\n"
    assert FORGE(data, new) == data.replace(line, expected)


def test_forge_change_of_the_dash_alone_is_not_written() -> None:
    """Forge writes no dash: a line whose only change is its dash can't be written (None:
    the finding stays)."""
    assert FORGE("Name:A\nTypes:Creature Elf\n", "Creature - Elf") is None


# Magic Set Editor

MSE_CARD = (
    "mse_version: 2.5.8\ncard:\n\tname: A\n\tsuper_type: {}\n"
    "\tsuper_type_2: <word-list-type-en></word-list-type-en>\n\tsub_type: {}\n"
)
TYPE = "<word-list-type-en>{}</word-list-type-en>"
RACE = "<word-list-race-en>{}</word-list-race-en>"
CLASS = "<atom-sep> </atom-sep><word-list-class-en>{}</word-list-class-en>"


def mse(text: str, new: str) -> str | None:
    """The set file with its one face rewritten (see `rewritten`)."""
    return rewritten("mse")(text, new)


@pytest.mark.parametrize(
    ("supertypes", "subtypes", "new", "expected"),
    [
        pytest.param(
            TYPE.format("legendary creature"),
            RACE.format("Elf"),
            "Legendary Creature — Elf",
            (TYPE.format("Legendary Creature"), RACE.format("Elf")),
            id="case",
        ),
        pytest.param(
            TYPE.format("Creature"),
            RACE.format("elf") + CLASS.format("warrior"),
            "Creature — Elf Warrior",
            (TYPE.format("Creature"), RACE.format("Elf") + CLASS.format("Warrior")),
            id="two-word-lists",
        ),
        pytest.param(
            TYPE.format("Tribal Instant"),
            RACE.format("Elf"),
            "Kindred Instant — Elf",
            (TYPE.format("Kindred Instant"), RACE.format("Elf")),
            id="rename",
        ),
        pytest.param(
            "Legendary  Creature",
            "Elf",
            "Legendary Creature — Elf",
            ("Legendary Creature", "Elf"),
            id="untagged",
        ),
        pytest.param(
            TYPE.format("legendary creature"),
            RACE.format("elf") + CLASS.format("warrior"),
            "Legendary Creature — Elf Warrior",
            (TYPE.format("Legendary Creature"), RACE.format("Elf") + CLASS.format("Warrior")),
            id="both-fields",
        ),
    ],
)
def test_mse_word_list_text(supertypes: str, subtypes: str, new: str, expected: tuple[str, str]) -> None:
    assert mse(MSE_CARD.format(supertypes, subtypes), new) == MSE_CARD.format(*expected)


@pytest.mark.parametrize(
    ("supertypes", "subtypes", "new"),
    [
        pytest.param(
            TYPE.format("Creature"),
            RACE.format("Elf"),
            "Creature — Elf Warrior",
            id="a-word-added-across-tags",
        ),
        pytest.param(TYPE.format("Creature"), RACE.format("Elf"), "Creature - Elf", id="the-made-up-dash"),
        pytest.param(TYPE.format("Creature"), RACE.format("Elf"), "Creature — <b>Elf", id="markup"),
    ],
)
def test_mse_changes_outside_one_word_list_are_not_written(supertypes: str, subtypes: str, new: str) -> None:
    assert mse(MSE_CARD.format(supertypes, subtypes), new) is None


def test_mse_zip_members_are_rewritten_in_their_text(tmp_path: Path) -> None:
    import zipfile

    path = tmp_path / "a.mse-set"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("set", MSE_CARD.format(TYPE.format("creature"), RACE.format("Elf")))
    (entry,) = entries("mse", path.read_bytes(), str(path))
    assert entry.text == "creature — Elf" and entry.path == f"{path}/set" and entry.rewrite is not None
    assert entry.rewrite("Creature — Elf") == Edit(4, 14, 4, 61, TYPE.format("Creature"))


# The real samples, every format

SAMPLES = Path(__file__).parent / "data" / "samples"
FAN_SET = Path(__file__).parent / "data" / "yaml" / "tidewater-fan-set.yaml"
Sample = tuple[str, str, dict[str, str]]  # format, path under the samples' root, reader settings


def sample_inputs(root: Path = SAMPLES) -> list[Sample]:
    found: list[Sample] = []
    for fmt, folder, pattern in (
        ("scryfall", "scryfall", "*.json"), ("mtgjson", "mtgjson", "*.json"), ("csv", "csv", "*.csv"),
        ("cockatrice", "cockatrice", "*.xml"), ("forge", "forge", "**/*.txt"),
    ):  # fmt: skip
        for path in sorted((root / folder).glob(pattern)):
            settings = {"column": "3"} if "noheader" in path.name else {}
            found.append((fmt, str(path.relative_to(root)), settings))
    found += [("mse", str(path.relative_to(root)), {}) for path in sorted((root / "mse").glob("*"))]
    return found


SAMPLE_INPUTS = sample_inputs()


@pytest.fixture
def copy(tmp_path: Path) -> Callable[[Path, str], Path]:
    """A copy of a sample (a file or an MSE set folder) under tmp_path."""
    import shutil

    def make(root: Path, relative: str) -> Path:
        source, target = root / relative, tmp_path / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target)
        else:
            shutil.copyfile(source, target)
        return target

    return make


def read_sample(fmt: str, path: Path, settings: dict[str, str]) -> list[Entry]:
    if path.is_dir():
        return list(read_folder(str(path), SourceSettings()))
    return entries(fmt, path.read_bytes(), str(path), **settings)


def files_of(path: Path) -> dict[str, bytes]:
    """The bytes of a sample's files (a folder's every file)."""
    files = sorted(path.iterdir()) if path.is_dir() else [path]
    return {str(file): file.read_bytes() for file in files}


def write_edits(path: Path, found: list[Entry], edits: list[Edit | None]) -> None:
    """Make each entry's edit (none where it is None) in its file, all of a file at once."""
    by_file: dict[str, list[tuple[Edit, int]]] = {}
    for entry, edit in zip(found, edits, strict=True):
        if edit is not None:
            by_file.setdefault(entry.path or str(path), []).append((edit, 1))
    for file, made in by_file.items():
        done = apply_edits(Path(file).read_bytes(), made)
        assert not done.refused, (file, done.refused)
        Path(file).write_bytes(done.data)


def outside(data: bytes, edit: Edit) -> tuple[bytes, bytes]:
    """The bytes of a file before and after the place of an edit."""
    bom = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
    lines = data[len(bom) :].decode("utf-8").split("\n")
    start = sum(len(line) + 1 for line in lines[: edit.line - 1]) + edit.column - 1
    end = sum(len(line) + 1 for line in lines[: edit.end_line - 1]) + edit.end_column - 1
    text = "\n".join(lines)
    return bom + text[:start].encode(), text[end:].encode()


@pytest.mark.parametrize(("fmt", "relative", "settings"), SAMPLE_INPUTS)
def test_sample_rewritten_as_it_is_stays_byte_identical(
    fmt: str, relative: str, settings: dict[str, str], copy: Callable[[Path, str], Path]
) -> None:
    path = copy(SAMPLES, relative)
    before = files_of(path)
    found = read_sample(fmt, path, settings)
    assert found
    edits = [entry.rewrite(entry.text) if entry.rewrite else None for entry in found]
    assert None not in edits
    write_edits(path, found, edits)
    assert files_of(path) == before


@pytest.mark.parametrize(("fmt", "relative", "settings"), SAMPLE_INPUTS)
def test_sample_safe_fixes_change_only_their_value(
    fmt: str, relative: str, settings: dict[str, str], copy: Callable[[Path, str], Path]
) -> None:
    from mtg_typeline.checker import Checker
    from mtg_typeline.fix.line import fix_line
    from mtg_typeline.ruleset import load_rules

    checker = Checker(load_rules())
    path = copy(SAMPLES, relative)
    found = read_sample(fmt, path, settings)
    for index, entry in enumerate(found):
        fixed = fix_line(entry.text, checker.check).text
        if fixed == entry.text:
            continue
        assert entry.rewrite is not None
        edit = entry.rewrite(fixed)
        assert edit is not None, (entry.text, fixed)
        file = Path(entry.path or str(path))
        original = file.read_bytes()
        write_edits(path, [entry], [edit])
        changed = file.read_bytes()
        head, tail = outside(original, edit)
        assert changed.startswith(head) and changed.endswith(tail) and changed != original
        assert read_sample(fmt, path, settings)[index].text == fixed
        file.write_bytes(original)


def _case(text: str) -> str:
    return text[:1].swapcase() + text[1:]


def _dash(text: str) -> str:
    return text.replace(" — ", " - ")


def _escapes(text: str) -> str:
    """Characters that need escaping or quoting, on the end of the last word (no word added,
    so an MTGJSON card's arrays follow the change)."""
    return text + '&"Elf"<Elf>\\/'


MUTATIONS = {"case": _case, "dash": _dash, "escapes": _escapes}
# Changes a format can't write: Forge and MSE make the dash up; MSE markup is never written.
NOT_WRITTEN = {("forge", "dash"), ("mse", "dash"), ("mse", "escapes")}
# Forge writes a line whose words after the types have no dash only with one.
SOME_WRITTEN = {("forge", "escapes")}


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
@pytest.mark.parametrize(("fmt", "relative", "settings"), SAMPLE_INPUTS)
def test_sample_mutated_and_restored(
    fmt: str, relative: str, settings: dict[str, str], mutation: str, copy: Callable[[Path, str], Path]
) -> None:
    """Every line of a sample changed at once (the case of its first letter, its dash, or
    characters that need escaping or quoting) re-reads as changed, and changing the lines
    back gives the file's bytes again (except after quoting was added)."""
    path = copy(SAMPLES, relative)
    before = files_of(path)
    found = read_sample(fmt, path, settings)
    wanted = [MUTATIONS[mutation](entry.text) for entry in found]
    edits = [
        e.rewrite(new) if e.rewrite and new != e.text else None for e, new in zip(found, wanted, strict=True)
    ]
    refused = [
        e.text for e, new, edit in zip(found, wanted, edits, strict=True) if new != e.text and edit is None
    ]
    if (fmt, mutation) in NOT_WRITTEN:
        assert len(refused) == sum(new != e.text for e, new in zip(found, wanted, strict=True))
        return
    assert not refused or (fmt, mutation) in SOME_WRITTEN, refused
    write_edits(path, found, edits)
    again = read_sample(fmt, path, settings)
    expected = [e.text if edit is None else new for e, new, edit in zip(found, wanted, edits, strict=True)]
    assert [e.text for e in again] == expected
    if mutation == "escapes":
        return
    back = [
        e.rewrite(old.text) if e.rewrite and old.text != e.text else None
        for e, old in zip(again, found, strict=True)
    ]
    write_edits(path, again, back)
    if _ascii_only(files_of(path)) and not _ascii_only(before):
        # the mutation took the file's last non-ASCII characters: its dashes come back
        # escaped, as in a file that is all ASCII; the lines are the same
        assert [e.text for e in read_sample(fmt, path, settings)] == [e.text for e in found]
        return
    assert files_of(path) == before


def _ascii_only(files: dict[str, bytes]) -> bool:
    return all(data.isascii() for data in files.values())


def shared_inputs() -> list[Sample]:
    from conftest import SHARED_DIR

    root = SHARED_DIR / "samples"
    return sample_inputs(root) if root.is_dir() else []


@pytest.mark.parametrize("mutation", ["case", "dash"])
@pytest.mark.parametrize(("fmt", "relative", "settings"), shared_inputs() or [("-", "-", {})])
def test_shared_samples_mutated_and_restored(
    fmt: str, relative: str, settings: dict[str, str], mutation: str, copy: Callable[[Path, str], Path]
) -> None:
    """The same over every sample in ../shared (the larger files too), where it is."""
    from conftest import shared_path

    root = shared_path("samples")
    path = copy(root, relative)
    before = files_of(path)
    found = read_sample(fmt, path, settings)
    assert None not in [entry.rewrite(entry.text) if entry.rewrite else None for entry in found]
    wanted = [MUTATIONS[mutation](entry.text) for entry in found]
    edits = [
        e.rewrite(new) if e.rewrite and new != e.text else None for e, new in zip(found, wanted, strict=True)
    ]
    if (fmt, mutation) in NOT_WRITTEN:
        return
    assert all(edit is not None for e, new, edit in zip(found, wanted, edits, strict=True) if new != e.text)
    write_edits(path, found, edits)
    again = read_sample(fmt, path, settings)
    assert [e.text for e in again] == wanted
    back = [
        e.rewrite(old.text) if e.rewrite and old.text != e.text else None
        for e, old in zip(again, found, strict=True)
    ]
    write_edits(path, again, back)
    assert [e.text for e in read_sample(fmt, path, settings)] == [e.text for e in found]
    if not (_ascii_only(files_of(path)) and not _ascii_only(before)):
        assert files_of(path) == before


# The command line

CLI_INPUTS = [
    pytest.param("scryfall", [], id="scryfall"),
    pytest.param("mtgjson", [], id="mtgjson"),
    pytest.param("csv/tgnc-binder-2024-02-25-gragonLeech-cards.csv", [], id="csv"),
    pytest.param("csv/cpcagle-xln-cards-noheader.csv", ["--column", "3"], id="csv-column"),
    pytest.param("cockatrice", [], id="cockatrice"),
    pytest.param("forge", [], id="forge"),
    pytest.param("mse/TheCloneWars.mse-set-partial", [], id="mse"),
    pytest.param("yaml", [], id="yaml"),
]


def value_patterns(relative: str, root: Path, options: list[str]) -> dict[str, re.Pattern[str]]:
    """For each file of a sample, a pattern its text matches as long as only its type-line
    values (as their readers place them) differ."""
    settings = {"column": options[1]} if options else {}
    regions: dict[str, list[tuple[int, int]]] = {}
    for fmt, path in _sample_files(root / relative):
        for entry in read_sample(fmt, path, settings):
            assert entry.rewrite is not None
            edit = entry.rewrite(entry.text)
            assert edit is not None
            file = entry.path or str(path)
            text = Path(file).read_bytes().decode("utf-8").removeprefix("\ufeff")
            regions.setdefault(file, []).append(_offsets(text, edit))
    patterns = {}
    for file, spans in regions.items():
        text = Path(file).read_bytes().decode("utf-8")
        shift = 1 if text.startswith("\ufeff") else 0
        pieces, at = [], 0
        for start, end in sorted(spans):
            pieces += [re.escape(text[at : start + shift]), "(.*?)"]
            at = end + shift
        patterns[file] = re.compile("".join([*pieces, re.escape(text[at:])]), re.DOTALL)
    return patterns


def _sample_files(path: Path) -> list[tuple[str, Path]]:
    from mtg_typeline.sources.inputs import detect

    if path.name.endswith(".mse-set-partial"):
        return [("mse", path)]
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    return [(detect(str(file), file.read_bytes()[:4096]), file) for file in files]


def _offsets(text: str, edit: Edit) -> tuple[int, int]:
    starts = [0] + [i + 1 for i, char in enumerate(text) if char == "\n"]
    return starts[edit.line - 1] + edit.column - 1, starts[edit.end_line - 1] + edit.end_column - 1


@pytest.mark.parametrize(("relative", "options"), CLI_INPUTS)
def test_cli_fix_changes_only_type_line_values_and_settles(
    relative: str, options: list[str], tmp_path: Path, copy: Callable[[Path, str], Path]
) -> None:
    from conftest import run_cli

    root = SAMPLES if relative != "yaml" else FAN_SET.parent.parent
    path = copy(root, relative)
    patterns = value_patterns(relative, tmp_path, options)
    before = {file: (Path(file).read_bytes(), Path(file).stat().st_mtime_ns) for file in files_of_tree(path)}
    first = run_cli(["check", "--fix", "--format", "json", *options, str(path)])
    assert first.exit_code in (0, 1), first.output
    changed = 0
    for file, (data, mtime) in before.items():
        now = Path(file).read_bytes()
        if now == data:
            assert Path(file).stat().st_mtime_ns == mtime  # a file with nothing to fix is not written
            continue
        changed += 1
        assert patterns[file].fullmatch(now.decode("utf-8")), file
    assert changed == EXPECTED_CHANGED[relative]
    after = {file: Path(file).read_bytes() for file in before}
    second = run_cli(["check", "--fix", "--format", "json", *options, str(path)])
    assert second.exit_code == first.exit_code
    assert {file: Path(file).read_bytes() for file in before} == after
    assert json.loads(second.stdout)["findings"] == json.loads(first.stdout)["findings"]


def files_of_tree(path: Path) -> list[str]:
    return [str(p) for p in sorted(path.rglob("*")) if p.is_file()] if path.is_dir() else [str(path)]


# Files `--fix` changes in each sample (the fixable findings of the samples: dashes written
# as hyphens, a Tribal become Kindred, a misspelt subtype with one close candidate).
EXPECTED_CHANGED = {
    "scryfall": 0,
    "mtgjson": 1,
    "csv/tgnc-binder-2024-02-25-gragonLeech-cards.csv": 0,
    "csv/cpcagle-xln-cards-noheader.csv": 1,
    "cockatrice": 1,
    "forge": 2,
    "mse/TheCloneWars.mse-set-partial": 0,
    "yaml": 1,
}


# Any text, in any notation the writers of these formats use

# Type-line-like text with what needs care in a file: quotes, backslashes, markup characters,
# delimiters, a dash, non-ASCII and astral characters, controls (never a lone surrogate,
# which no UTF-8 file holds).
LINES = st.text(
    st.sampled_from(
        [
            *"Creature Elf—-",
            " ",
            '"',
            "'",
            "\\",
            "/",
            "<",
            ">",
            "&",
            ",",
            ";",
            ":",
            "#",
            "\t",
            "é",
            "🂡",
            "\x01",
        ]
    ),
    min_size=1,
    max_size=24,
)
FUZZ = property_settings(300)


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


@FUZZ
@given(old=LINES, new=LINES, delimiter=st.sampled_from([",", ";", "\t"]), quote_all=st.booleans())
def test_csv_any_text_as_csv_writes_it(old: str, new: str, delimiter: str, quote_all: bool) -> None:
    import csv

    def table(cell: str, quoted: bool) -> str:
        out = io.StringIO()
        writer = csv.writer(out, delimiter=delimiter, quoting=csv.QUOTE_ALL if quoted else csv.QUOTE_MINIMAL)
        writer.writerows([["name", "type"], ["A", cell], ["B", "Creature"]])
        return out.getvalue()

    if not old.strip():  # a blank cell is no type line
        return
    data = table(old, quote_all)
    (entry, _) = entries("csv", data, "cards.tsv" if delimiter == "\t" else "cards.csv")
    assert entry.rewrite is not None
    assert applied(data, entry.rewrite(old)) == data
    out = applied(data, entry.rewrite(new))
    lines = data.split("\r\n")  # (no line break in these cells)
    quoted = quote_all or any(char in old + new for char in delimiter + '"')  # a quoted cell stays quoted
    cell = '"' + new.replace('"', '""') + '"' if quoted else new
    lines[1] = lines[1][: lines[1].index(delimiter) + 1] + cell
    assert out == "\r\n".join(lines)


# What YAML's parser (1.1, as PyYAML) takes for line breaks and the file's lines don't: the
# edits are placed on the lines of the file (`sources.edits`), a name holding them comes first.
YAML_BREAKS = st.text(
    st.sampled_from([*"Creature Elf—-", " ", "\r", "\n", "\x85", "\u2028", "\u2029"]), min_size=1, max_size=24
)
YAML_NAMES = st.sampled_from(["A", "Æ\u2028B\x85C\u2029D"])


@FUZZ
@given(
    old=LINES | YAML_BREAKS,
    new=LINES | YAML_BREAKS,
    name=YAML_NAMES,
    style=st.sampled_from([None, "'", '"', "|", ">"]),
    unicode=st.booleans(),
    flow=st.booleans(),
    width=st.sampled_from([8, 1000]),  # 8: scalars folded over several lines
)
def test_yaml_any_text_as_pyyaml_writes_it(
    old: str, new: str, name: str, style: str | None, unicode: bool, flow: bool, width: int
) -> None:
    import yaml

    cards = [{"name": name, "type_line": old}, {"name": "B", "type_line": "Creature"}]
    data = yaml.safe_dump(
        cards, default_style=style, allow_unicode=unicode, default_flow_style=flow, width=width
    )
    found = entries("yaml", data)
    if len(found) == 1:  # a blank line is no type line
        assert not old.strip()
        return
    entry = found[0]
    # What the file says, which is not always what was dumped: PyYAML folds a more-indented
    # line at a space and reads that fold back as a line break (' :::: :' -> ' ::::\n:').
    read = yaml.safe_load(data)
    written = read[0]["type_line"]
    assert entry.text == written
    assert entry.rewrite is not None
    assert applied(data, entry.rewrite(written)) == data
    edit = entry.rewrite(new)
    if edit is None:  # only a change in a scalar over several lines, across its line breaks
        assert written_over_lines(entry)
        return
    out = applied(data, edit)
    assert yaml.safe_load(out) == [{**read[0], "type_line": new}, cards[1]]
    head, tail = outside(data.encode(), edit)
    assert out.encode().startswith(head) and out.encode().endswith(tail)


def written_over_lines(entry: Entry) -> bool:
    """Whether the value of an entry is written over several lines, as YAML's parser counts
    them (a NEL, LS or PS ends one too)."""
    assert entry.rewrite is not None
    edit = entry.rewrite(entry.text)
    assert isinstance(edit, Edit)
    return any(char in "\r\n\x85\u2028\u2029" for char in edit.text)


@FUZZ
@given(old=LINES, new=LINES, ascii_only=st.booleans())
def test_cockatrice_any_text_as_xml_writes_it(old: str, new: str, ascii_only: bool) -> None:
    from xml.sax.saxutils import escape

    def database(value: str) -> str:  # an ASCII-only file writes references
        text = escape(value)
        if ascii_only:
            text = text.encode("ascii", "xmlcharrefreplace").decode()
        return DATABASE.format(name="A" if ascii_only else "Æ", value=text)

    if "\x01" in old + new:  # no XML 1.0 document holds it
        return
    data = database(old)
    (entry,) = entries("cockatrice", data)
    if old != old.strip() or "\t" in old:  # white space the reader keeps; compare as read
        assert entry.text == old
    assert entry.rewrite is not None
    assert applied(data, entry.rewrite(old)) == data
    out = applied(data, entry.rewrite(new))
    assert [e.text for e in entries("cockatrice", out)] == [new]
    assert out == database(new)
