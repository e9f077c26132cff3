"""YAML card files: type lines at any depth, the card's name beside them, the place of each
character in every scalar style, broken and odd files, aliases and several documents."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import DATA, ROOT, entries_of, property_settings, run_cli
from hypothesis import given
from hypothesis import strategies as st

from mtg_typeline.sources import SourceSettings, reader_for
from mtg_typeline.sources.base import CharMap, Entry, Offset, SourceError, resolve
from mtg_typeline.sources.edits import LineIndex
from mtg_typeline.sources.yaml_cards import scalars as yaml_scalars

CONTROL = "not valid YAML: control characters are not allowed"
FAN_SET = DATA / "yaml" / "tidewater-fan-set.yaml"


def check(args: Sequence[str]) -> tuple[int, dict[str, Any]]:
    result = run_cli(["check", "--format", "json", *args])
    return result.exit_code, json.loads(result.stdout)


def found(document: dict[str, Any]) -> list[tuple[int, int, int, str, str | None]]:
    return [(f["line"], f["column"], f["end_column"], f["code"], f["card"]) for f in document["findings"]]


def entries(text: str | bytes, key: str | None = None) -> list[Entry]:
    data = text.encode("utf-8") if isinstance(text, str) else text
    read = reader_for("yaml", SourceSettings(key=key))
    return entries_of(read(io.BytesIO(data), "set.yaml", lambda n: None))


def one(text: str) -> Entry:
    (entry,) = entries(text)
    return entry


def places(entry: Entry) -> list[tuple[int, int]]:
    """The (line, column) of each character of the entry's text and of the point after it."""
    where = resolve(entry.locate)
    return [where.region(i, i + 1)[:2] for i in range(len(entry.text) + 1)]


def write(name: str, data: str | bytes) -> str:
    Path(name).write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return name


pytestmark = pytest.mark.usefixtures("in_tmp")


# A fan set


def test_the_fan_set_gives_exactly_its_true_findings() -> None:
    """Twelve type lines in blocks, sets, tokens and a second document. The findings: the
    set's own creature type Clamfolk (TL302, four times), Tribal (Kindred since 2024), an
    ASCII dash, made-up or misspelt subtypes, each where it stands in its scalar: plain,
    quoted with `''`, double-quoted with `\\u2014`, folded, literal, over two lines."""
    status, doc = check([str(FAN_SET)])
    assert status == 1
    assert doc["summary"]["type_lines"] == 12
    assert found(doc) == [
        (16, 35, 43, "TL302", "Shellback Forager"),
        (26, 25, 31, "TL202", "Kelp-Strider's Oath"),
        (29, 28, 31, "TL101", "Tidepool Shrine"),
        (32, 45, 54, "TL302", "Urchin Warden"),  # `Urchin''s`: nine characters in the file
        (37, 15, 25, "TL302", "The Drowned Bell"),  # folded: second line
        (40, 32, 39, "TL302", "Saltmarsh Herald"),  # literal block
        (43, 15, 23, "TL302", "Reefspire Colossus"),  # a plain scalar over two lines
        (60, 28, 36, "TL302", "Clam"),  # a token's `type`
        (67, 28, 36, "TL302", "Shellback Forager"),  # the second document
        (67, 37, 43, "TL302", "Shellback Forager"),
    ]
    lines = FAN_SET.read_text(encoding="utf-8").splitlines()
    words = [lines[f["line"] - 1][f["column"] - 1 : f["end_column"] - 1] for f in doc["findings"]]
    assert words == [
        *("Clamfolk", "Tribal", " - ", "Urchin''s", "Equipement", "Wizzard", "Clamfolk"),
        *("Clamfolk", "Clamfolk", "Scoutt"),
    ]


def test_the_fan_set_entries() -> None:
    """type_line beats type in one mapping; a `type` that is a list, a null type_line, and a
    card reached again through an alias are not type lines."""
    got = [(e.text, e.card) for e in entries(FAN_SET.read_bytes())]
    assert got == [
        ("Creature — Clamfolk Scout", "Shellback Forager"),
        ("Creature — Merfolk Wizard", "Brinewalker Sage"),
        ("Tribal Instant — Merfolk", "Kelp-Strider's Oath"),
        ("Land - Island", "Tidepool Shrine"),
        ("Artifact Creature — Urchin's Construct", "Urchin Warden"),
        ("Legendary Artifact — Equipement", "The Drowned Bell"),
        ("Creature — Human Wizzard", "Saltmarsh Herald"),
        ("Artifact Creature — Golem Clamfolk", "Reefspire Colossus"),
        ("Instant", "Moonpull Current"),
        ("Enchantment — Aura Curse", "Surge of the Deep"),
        ("Token Creature — Clamfolk", "Clam"),
        ("Creature — Clamfolk Scoutt", "Shellback Forager"),
    ]


def test_key_names_the_type_key() -> None:
    text = "cards:\n  - name: A\n    printed: Creature - Elf\n    type_line: Creature — Elf\n"
    assert [(e.text, e.card) for e in entries(text, key="printed")] == [("Creature - Elf", "A")]
    status, doc = check(["--key", "printed", write("k.yaml", text)])
    assert (status, found(doc)) == (0, [(3, 22, 25, "TL101", "A")])


def test_keys_are_compared_without_case_and_separators() -> None:
    text = "- Name: A\n  Type Line: Creature - Elf\n- name: B\n  TYPE: Instant\n- typeLine: Sorcery\n"
    text += "- {Type-Line: Land, NAME: C}\n- {name: D, type_line: Artifact, TYPE-LINE: Kindred}\n"
    assert [(e.text, e.card) for e in entries(text)] == [
        ("Creature - Elf", "A"),
        ("Instant", "B"),
        ("Sorcery", None),
        ("Land", "C"),
        ("Artifact", "D"),
        ("Kindred", "D"),
    ]
    status, doc = check([write("k.yaml", "name: x\nType-Line: Creature - Elf\n")])
    assert (status, found(doc)) == (0, [(2, 20, 23, "TL101", "x")])


def test_a_type_key_written_with_a_hyphen_counts_only_beside_a_name() -> None:
    """Kebab case is the spelling of configurations and rule files more than of cards: the
    rule files' own `citations: {type-line: "205.1"}` is no card."""
    text = "citations: {type-line: '205.1', subtype-syntax: '205.3b'}\n"
    with pytest.raises(SourceError, match="holds no card data"):
        entries(text)
    assert [e.text for e in entries(text, key="type-line")] == ["205.1"]
    rules = ROOT / "rules" / "2026-09-25.yaml"
    status, doc = check([str(rules)])
    assert (status, [f["code"] for f in doc["findings"]], doc["summary"]["type_lines"]) == (2, ["TL905"], 0)


@pytest.mark.parametrize(
    "key", ["printed-type-line", "printed_type_line", "Printed Type Line", "printedTypeLine"]
)
def test_key_is_compared_without_case_and_separators(key: str) -> None:
    text = (
        "- {printed_type_line: Creature - Elf}\n- {Printed-Type-Line: Land}\n- {printed type line: Instant}\n"
    )
    text += "- {printed_type: Sorcery, printedtypeline-: Artifact}\n"
    assert [e.text for e in entries(text, key=key)] == ["Creature - Elf", "Land", "Instant", "Artifact"]


def test_values_that_are_not_strings_are_skipped() -> None:
    values = ("12", "true", "{name: x}", "''", "[Elf]", "~", "Creature")
    text = "".join(f"- {{name: A, type: {value}}}\n" for value in values)
    assert [e.text for e in entries(text)] == ["Creature"]


def test_a_bare_type_is_a_type_line_only_beside_a_name() -> None:
    """`type: string` in a schema, `type: bind` in a compose file are not cards."""
    text = "properties:\n  id: {type: string}\nvolumes:\n  - type: Creature\n    name: data\n"
    assert [(e.text, e.card) for e in entries(text)] == [("Creature", "data")]
    assert [e.text for e in entries("- {type: string}\n- {type_line: Creature}\n")] == ["Creature"]
    assert [e.text for e in entries("- {type: string}\n", key="type")] == ["string"]


# Places in every scalar style


def test_a_plain_scalar_is_an_offset() -> None:
    entry = one("name: A\ntype_line: Creature — Elf  # a comment\n")
    assert isinstance(resolve(entry.locate), Offset)
    assert places(entry)[0] == (2, 12)


def test_single_quotes_doubled() -> None:
    entry = one("type_line: 'Land — Urza''s Tower'\n")
    assert entry.text == "Land — Urza's Tower"
    assert isinstance(resolve(entry.locate), CharMap)
    got = places(entry)
    assert got[:12] == [(1, c) for c in range(13, 25)]
    assert got[11:] == [(1, 24), (1, 26), (1, 27), (1, 28), (1, 29), (1, 30), (1, 31), (1, 32), (1, 33)]


def test_double_quotes_and_their_escapes() -> None:
    entry = one('type_line: "Creature \\u2014 Elf\\x20\\U0001F600\\t\\\\"\n')
    assert entry.text == "Creature — Elf \U0001f600\t\\"
    got = places(entry)
    assert got[8:11] == [(1, 21), (1, 22), (1, 28)]  # `\u2014`: six file characters for one
    assert got[14:] == [(1, 32), (1, 36), (1, 46), (1, 48), (1, 50)]


def test_an_escaped_line_break_joins_lines() -> None:
    entry = one('type_line: "Creature — Elf \\\n    Wizzard"\n')
    assert entry.text == "Creature — Elf Wizzard"
    assert places(entry)[15:] == [(2, 5), (2, 6), (2, 7), (2, 8), (2, 9), (2, 10), (2, 11), (2, 12)]


def test_quoted_scalars_over_lines_fold() -> None:
    entry = one("type_line: 'Creature —   \n   Elf\n\n   Druid'\n")
    assert entry.text == "Creature — Elf\nDruid"
    got = places(entry)
    assert got[9:11] == [(1, 22), (1, 26)]  # the folded space stands at the line's end
    assert got[11:15] == [(2, 4), (2, 5), (2, 6), (3, 1)]  # the empty line is the newline
    assert got[15] == (4, 4)


def test_a_plain_scalar_over_lines_folds() -> None:
    entry = one("cards:\n- type_line: Legendary Creature —\n    Human   Wizard\n")
    assert entry.text == "Legendary Creature — Human   Wizard"
    got = places(entry)
    assert got[19:22] == [(2, 33), (2, 34), (3, 5)]  # the folded space: at the line break
    assert got[-1] == (3, 19)


@pytest.mark.parametrize(
    ("header", "value"),
    [
        ("|", "Creature — Elf\nDruid\n"),
        ("|-", "Creature — Elf\nDruid"),
        ("|+", "Creature — Elf\nDruid\n\n"),
        (">", "Creature — Elf Druid\n"),
        (">-", "Creature — Elf Druid"),
        ("|2-", "Creature — Elf\nDruid"),
    ],
)
def test_block_scalars(header: str, value: str) -> None:
    entry = one(f"card:\n  type_line: {header}\n    Creature — Elf\n    Druid\n\nnext: 1\n")
    assert entry.text == value
    got = places(entry)
    assert got[0] == (3, 5)
    assert got[15:20] == [(4, 5), (4, 6), (4, 7), (4, 8), (4, 9)]
    assert got[14] == (3, 19)  # the newline or the folded space: the line's end
    assert got[20:] == [(4, 10), (5, 1), (6, 1)][: len(got) - 20]  # kept line breaks where they are


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("type_line: !!str Creature - Elf\n", 1, 27),
        ("type_line: &t Creature - Elf\nb: *t\n", 1, 24),
        ('type_line: !!str "Creature - Elf"\n', 1, 28),
        ("type_line: &a !!str\n  Creature - Elf\n", 2, 12),
        ("- {name: A, type_line: Creature - Elf}\n", 1, 33),
        ("? type_line\n: Creature - Elf\n", 2, 12),
        ("type_line:   Creature\t- Elf   # tab\n", 1, 23),
    ],
)
def test_tags_anchors_flow_mappings_and_tabs(text: str, line: int, column: int) -> None:
    entry = one(text)
    assert resolve(entry.locate).region(9, 10)[:2] == (line, column)  # the hyphen


def test_a_finding_inside_a_block_scalar() -> None:
    status, doc = check([write("b.yaml", "name: A\ntype_line: >\n  Creature —\n  Elf Wizzard\n")])
    assert (status, found(doc)) == (1, [(4, 7, 14, "TL302", "A"), (4, 14, 15, "TL102", "A")])  # the kept \\n


def test_crlf_and_bom() -> None:
    data = '\ufeffname: A\r\ntype_line: "Creature -\r\n  Elf"\r\nother: x\r\n'.encode()
    entry = one(data.decode("utf-8"))
    assert entry.text == "Creature - Elf"
    assert places(entry)[8:11] == [(2, 21), (2, 22), (2, 23)]
    status, doc = check([write("c.yaml", data)])
    assert (status, found(doc)) == (0, [(2, 21, 24, "TL101", "A")])


def test_a_lone_cr_ends_a_line() -> None:
    """As in an edit (`sources.edits`) and every other reader: LF, CR LF and a CR alone."""
    status, doc = check([write("cr.yaml", "a: 1\rname: X\rtype_line: Creature - Elf\r")])
    assert (status, found(doc)) == (0, [(3, 20, 23, "TL101", "X")])


# Lines are the file's lines, ended by LF, CR LF or a CR alone (see `sources.edits`): U+2028,
# U+2029 and U+0085, which PyYAML also takes for line breaks, are characters of their line.
ODD_BREAKS = [
    pytest.param("\u2028", id="LS"),
    pytest.param("\u2029", id="PS"),
    pytest.param("\x85", id="NEL"),
]


def file_text_at(data: str, line: int, column: int, end_column: int) -> str:
    """The characters of a file at a place, its lines split at line feeds only."""
    assert line <= data.count("\n") + 1, (line, data)
    return data.removeprefix("\ufeff").split("\n")[line - 1][column - 1 : end_column - 1]


@pytest.mark.parametrize("odd", ODD_BREAKS)
@pytest.mark.parametrize(
    ("template", "line"),
    [
        pytest.param('name: "A~B"\ntype_line: Creature — elf\n', 2, id="double-quoted-name-before"),
        pytest.param("name: 'A~B'\ntype_line: Creature — elf\n", 2, id="single-quoted-name-before"),
        pytest.param('? "k~ey"\n: 1\nname: A\ntype_line: Creature — elf\n', 4, id="key-before"),
        pytest.param("- {name: 'A~B', type_line: Creature — elf}\n", 1, id="flow-same-line"),
        pytest.param('? "type~line"\n: Creature — elf\nname: A\n', 2, id="in-the-type-key"),
        pytest.param('name: A\ntype_line: "Creature~ — elf"\n', 2, id="double-quoted-type-line"),
        pytest.param("name: A\ntype_line: 'Creature~ — elf'\n", 2, id="single-quoted-type-line"),
        pytest.param("name: A\ntype_line: Creature~ — elf\n", 2, id="plain-type-line"),
        pytest.param("name: A\ntype_line: |\n  Creature~  — elf\n", 3, id="literal-type-line"),
        pytest.param("name: A\ntype_line: >-\n  Creature~  — elf\n", 3, id="folded-type-line"),
        pytest.param("type_line: Creature — elf\nname: 'A~B'\n", 1, id="name-after"),
        pytest.param('\ufeffname: "Æ~B"\r\ntype_line: "Ä — Creature~ — elf"\r\n', 2, id="bom-crlf-non-ascii"),
    ],
)
def test_odd_line_breaks_do_not_start_a_line(template: str, line: int, odd: str) -> None:
    """Wherever the character is (`~` in the template), in a key or a value of any style."""
    data = template.replace("~", odd)
    status, doc = check([write("odd.yaml", data)])
    assert status in (0, 1), doc
    (elf,) = [f for f in doc["findings"] if f["code"] == "TL103"]
    assert elf["line"] == line
    assert file_text_at(data, elf["line"], elf["column"], elf["end_column"]) == "elf"


def test_a_line_separator_before_a_finding_is_one_column() -> None:
    """The reports of the tester, exactly."""
    status, doc = check([write("q.yaml", 'name: "A\u2028B"\ntype_line: Creature - Elf\n')])
    assert (status, found(doc)) == (0, [(2, 20, 23, "TL101", "A\u2028B")])
    status, doc = check([write("r.yaml", 'name: C\ntype_line: "Creature\u2028- elf"\n')])
    assert [(f["line"], f["column"], f["code"]) for f in doc["findings"]] == [
        (2, 21, "TL101"),
        (2, 24, "TL103"),
    ]


@pytest.mark.parametrize("odd", ODD_BREAKS)
@pytest.mark.parametrize(
    ("template", "line", "column"),
    [
        pytest.param("name: A~B\ntype_line: x\n", 2, 1, id="plain-value-broken"),
        pytest.param('name: "A~B"\ntype_line: [x\n', 3, 1, id="after-a-quoted-value"),
        pytest.param('\ufeffname: "Æ~B" x: y\r\n', 1, 13, id="same-line-bom-crlf"),
        pytest.param('"k~ey": 1\n', 1, 7, id="implicit-key-over-two-lines"),  # PyYAML's 1.1 rule
        pytest.param('name: A\n{"type~line": Creature, name: A}\n', 2, 13, id="flow-key"),
    ],
)
def test_odd_line_breaks_in_the_place_of_a_yaml_error(
    template: str, line: int, column: int, odd: str
) -> None:
    status, doc = check([write("odd.yaml", template.replace("~", odd))])
    assert (status, found(doc)) == (2, [(line, column, column + 1, "TL905", None)])


ODD_CHARACTERS = [
    *"Creature Elf—-",
    " ",
    "'",
    '"',
    "\\",
    ":",
    "#",
    "é",
    "\n",
    "\r",
    "\t",
    "\u2028",
    "\u2029",
    "\x85",
]
ODD_TEXT = st.text(st.sampled_from(ODD_CHARACTERS), min_size=1, max_size=24)


@property_settings(200)
@given(
    name=ODD_TEXT,
    line=ODD_TEXT,
    style=st.sampled_from([None, "'", '"', "|", ">"]),
    unicode=st.booleans(),
    width=st.sampled_from([8, 1000]),  # 8: scalars folded over several lines
)
def test_each_letter_of_a_type_line_is_placed_where_the_file_has_it(
    name: str, line: str, style: str | None, unicode: bool, width: int
) -> None:
    """In any scalar style PyYAML writes, after a name holding any line break."""
    data = yaml.safe_dump(
        [{"name": name, "type_line": line}], default_style=style, allow_unicode=unicode, width=width
    )
    got = entries(data) if line.strip() else []
    for entry in got:
        where = resolve(entry.locate)
        for i, char in enumerate(entry.text):
            if char.isascii() and char.isalpha():
                place = where.region(i, i + 1)
                assert file_text_at(data, place.line, place.column, place.column + 1) == char, (i, data)


# Shapes and broken files


def test_several_documents_are_all_read() -> None:
    text = "name: A\ntype: Creature — Elf\n---\nname: B\ntype: Instant\n...\n---\n- type_line: Sorcery\n"
    assert [(e.text, e.card) for e in entries(text)] == [
        ("Creature — Elf", "A"),
        ("Instant", "B"),
        ("Sorcery", None),
    ]


def test_entries_come_in_file_order_around_nested_cards() -> None:
    """A card's own type line is held until its mapping ends (its name may come last), and
    the faces inside it after that line wait for it; faces before it go first."""
    text = (
        "- type_line: Creature — Elf // Sorcery — Adventure\n"
        "  card_faces:\n"
        "    - {name: Elf Face, type_line: Creature — Elf}\n"
        "    - {name: Spell Face, type_line: Sorcery — Adventure}\n"
        "  name: Elf // Spell\n"
        "- card_faces:\n"
        "    - {name: Front, type_line: Artifact}\n"
        "  type_line: Artifact // Land\n"
        "  name: Two Faces\n"
    )
    assert [(e.text, e.card) for e in entries(text)] == [
        ("Creature — Elf // Sorcery — Adventure", "Elf // Spell"),
        ("Creature — Elf", "Elf Face"),
        ("Sorcery — Adventure", "Spell Face"),
        ("Artifact", "Front"),
        ("Artifact // Land", "Two Faces"),
    ]


def test_aliases_of_strings_and_merge_keys() -> None:
    text = (
        "base: &base {rarity: common}\n"
        "names: [&n Grizzly Bears]\n"
        "cards:\n"
        "  - <<: *base\n"
        "    name: *n\n"
        "    type_line: &t Creature - Bear\n"
        "  - {name: Second Bear, type_line: *t}\n"
    )
    got = entries(text)
    assert [(e.text, e.card) for e in got] == [
        ("Creature - Bear", "Grizzly Bears"),
        ("Creature - Bear", "Second Bear"),
    ]
    assert [resolve(e.locate).region(8, 11)[:2] for e in got] == [(6, 27), (6, 27)]  # where the text is


def test_a_loop_of_aliases_ends() -> None:
    text = "a: &x [*x, {type_line: Creature - Elf}]\nb: *x\n"
    assert [e.text for e in entries(text)] == ["Creature - Elf"]


def test_many_aliases_are_not_expanded() -> None:
    rows = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    rows += [f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]" for a, b in zip("abcdefg", "bcdefgh", strict=True)]
    rows.append("i: [*h, *h, *h, *h, *h, *h, *h, *h, *h, {type_line: Creature - Elf}]")
    assert [e.text for e in entries("\n".join(rows) + "\n")] == ["Creature - Elf"]


def test_broken_yaml_after_a_good_document() -> None:
    text = "name: A\ntype_line: Creature - Elf\n---\ncards:\n  - name: B\n    type_line: [unclosed\n"
    status, doc = check([write("broken.yaml", text)])
    assert status == 2
    assert found(doc) == [(2, 20, 23, "TL101", "A"), (7, 1, 2, "TL905", None)]
    assert doc["findings"][1]["message"] == "not valid YAML: did not find expected ',' or ']'"


@pytest.mark.parametrize(
    ("data", "line", "column", "message"),
    [
        (b"name: A\ntype_line: Creature \xff Elf\n", 2, 21, "c.yaml is not UTF-8 text (byte 0xff)"),
        (
            b'name: A\ntype_line: "Creature \x01 Elf"\n',
            2,
            22,
            "not valid YAML: control characters are not allowed",
        ),
        (
            "name: Ärger\ntype: Sorcery\x07\n".encode(),
            2,
            14,
            "not valid YAML: control characters are not allowed",
        ),
        (b"a: [" * 1200, 1, 4000, "not valid YAML: exceeded maximum nesting depth"),
        (b"- type: 'open\n", 2, 1, "not valid YAML: found unexpected end of stream"),
    ],
)
def test_files_that_are_not_yaml(data: bytes, line: int, column: int, message: str) -> None:
    status, doc = check([write("c.yaml", data)])
    assert status == 2
    assert found(doc) == [(line, column, column + 1, "TL905", None)]
    assert doc["findings"][0]["message"] == message


@pytest.mark.parametrize("data", [b"", b"\xef\xbb\xbf", b"# only a comment\n", b"---\n...\n"])
def test_empty_files(data: bytes) -> None:
    status, doc = check([write("e.yml", data)])
    assert (status, doc["summary"]["type_lines"], doc["findings"]) == (0, 0, [])


@pytest.mark.parametrize("text", ["just a scalar\n", "jobs:\n  build:\n    runs-on: ubuntu\n", "- 1\n- 2\n"])
def test_yaml_without_cards(text: str) -> None:
    """An error for a file named as an input; a directory search passes over it quietly."""
    status, doc = check([write("other.yml", text)])
    assert status == 2
    assert found(doc) == [(1, 1, 2, "TL905", None)]
    assert (
        doc["findings"][0]["message"]
        == "other.yml holds no card data: no type_line key, nor a type beside a name, with a text value"
    )
    Path("sets").mkdir()
    write("sets/other.yml", text)
    write("sets/cards.yaml", "name: A\ntype: Creature - Elf\n")
    status, doc = check(["sets"])
    assert (status, found(doc)) == (0, [(2, 15, 18, "TL101", "A")])


def test_the_reader_raises_only_source_errors() -> None:
    with pytest.raises(SourceError):
        entries("a: [")


@pytest.mark.parametrize("quote", ['"', "'"])
def test_a_quoted_line_ending_in_blanks_keeps_its_columns(quote: str) -> None:
    write("set.yaml", f"name: A\ntype_line: {quote}Creature — elf {quote}\n")
    status, doc = check(["set.yaml"])
    assert (status, found(doc)) == (0, [(2, 24, 27, "TL103", "A"), (2, 27, 28, "TL102", "A")])


def test_a_scalar_form_not_followed_is_placed_at_its_first_character() -> None:
    text = 'type_line: !!str "Creature"\n'
    node = yaml_scalars.Scalar("not its value", '"', "tag:yaml.org,2002:str", 11, len(text) - 1)
    assert tuple(yaml_scalars.locate(text, node, LineIndex(text)).region(0, 1)) == (1, 19, 1, 20)


GRAFANA = """apiVersion: 1
datasources:
  - name: Prometheus
    type: prometheus
    access: proxy
    url: http://prometheus:9090
  - name: Loki
    type: loki
"""


def test_a_type_beside_a_name_is_a_card_only_with_a_card_key_or_a_card_type() -> None:
    with pytest.raises(SourceError, match="holds no card data"):
        entries(GRAFANA)
    with pytest.raises(SourceError, match="holds no card data"):
        entries("volumes:\n  - type: bind\n    name: data\n")
    text = "- {name: A, type: Elf, mana_cost: '{G}'}\n- {name: B, type: legendary creature}\n"
    text += "- {name: C, type: bind}\n"
    assert [(e.text, e.card) for e in entries(text)] == [("Elf", "A"), ("legendary creature", "B")]
    assert [e.text for e in entries("- {name: C, type: bind}\n", key="type")] == ["bind"]


def test_a_directory_search_passes_over_a_grafana_data_source() -> None:
    Path("conf").mkdir()
    write("conf/datasources.yaml", GRAFANA)
    write("conf/cards.yaml", "name: A\ntype: Creature - Elf\n")
    status, doc = check(["conf"])
    assert (status, found(doc)) == (0, [(2, 15, 18, "TL101", "A")])
    assert doc["summary"]["files"] == 1
