"""CSV and TSV card lists: the real exports, the type and name columns found by header or
`--column`, delimiters, and places inside quoted cells. Broken tables, encodings, telling
a table apart and streaming are in test_source_csv_reading.py.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from conftest import DATA, run_cli, shared_path, write
from helpers.tables import check, entries, found, region

from mtg_typeline.sources.base import CharMap, Region, resolve

SAMPLES = DATA / "samples" / "csv"
CPCAGLE = SAMPLES / "cpcagle-xln-cards-noheader.csv"
GRAGON = SAMPLES / "tgnc-binder-2024-02-25-gragonLeech-cards.csv"
pytestmark = pytest.mark.usefixtures("in_tmp")


# The real exports


def test_the_copies_are_the_shared_files() -> None:
    manifest = shared_path("samples", "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()
    sums = {line.split("\t")[0]: line.split("\t")[2] for line in manifest}
    for copy in (CPCAGLE, GRAGON):
        assert hashlib.sha256(copy.read_bytes()).hexdigest() == sums[f"csv/{copy.name}"]


def test_binder_2024_01_has_one_true_finding_tribal() -> None:
    """677 rows, type line in ` Type` (a header written with a space after each comma). Under
    2026-09-25 the one finding is Altar of the Goyf's Tribal (Kindred since 2024-06-07); the
    rest, with ` // ` faces, Cyrillic-free names with commas in quotes, is clean."""
    path = shared_path("samples", "csv", "tgnc-binder-2024-01-20-cards.csv")
    status, doc = check([str(path)])
    assert status == 1
    assert doc["summary"]["type_lines"] == 677
    assert found(doc) == [(path.name, 313, 234, 240, "TL202", "Altar of the Goyf")]
    line = path.read_text(encoding="utf-8").splitlines()[312]
    assert line[233:239] == "Tribal"
    assert doc["findings"][0]["suggestion"] == "Kindred Artifact — Lhurgoyf"


def test_binder_2024_02_is_clean() -> None:
    """163 rows, type line in `types`, Cyrillic `ru_name`, a trailing empty column: no finding."""
    status, doc = check([str(GRAGON)])
    assert (status, doc["summary"]["type_lines"], doc["findings"]) == (0, 163, [])


def test_a_file_without_header_needs_column() -> None:
    status, doc = check([str(CPCAGLE)])
    assert status == 2
    assert found(doc) == [(CPCAGLE.name, 1, 1, 2, "TL905", None)]
    message = doc["findings"][0]["message"]
    assert "'1', 'Adanto Vanguard', 'Creature - Vampire Soldier 1/1', '1W', 'Uncommon'" in message
    assert "--column NAME, or --column NUMBER" in message


def test_the_headerless_ixalan_list_by_column_number() -> None:
    """289 rows, all data (row 1 too). Each type cell holds what the file has: an ASCII dash
    (TL101 on 187 rows), the power and toughness glued on (`1/1`: TL302, 152 rows) or the
    loyalty (`(Loyalty: 3)`: two TL302 on 5 rows), and Hound, a Dog since 2020 (TL303)."""
    status, doc = check(["--column", "3", str(CPCAGLE)])
    assert status == 1
    assert doc["summary"]["type_lines"] == 289
    codes = [f["code"] for f in doc["findings"]]
    assert (codes.count("TL101"), codes.count("TL302"), codes.count("TL303"), len(codes)) == (
        187,
        162,
        1,
        350,
    )
    assert found(doc)[:2] == [
        (CPCAGLE.name, 1, 27, 30, "TL101", None),
        (CPCAGLE.name, 1, 46, 49, "TL302", None),
    ]
    assert (CPCAGLE.name, 11, 33, 38, "TL303", None) in found(doc)
    assert (CPCAGLE.name, 60, 59, 68, "TL302", None) in found(doc)  # after `"Jace: Cunning Castaway"`
    lines = CPCAGLE.read_text(encoding="utf-8").splitlines()
    for finding in doc["findings"]:  # each finding points at its words in the file
        text = lines[finding["line"] - 1][finding["column"] - 1 : finding["end_column"] - 1]
        if finding["code"] == "TL101":
            assert text == " - "
        elif finding["code"] == "TL302":
            assert re.fullmatch(r"[\d*]+/[\d*]+|\(Loyalty:|\d\)", text), text
        else:
            assert text == "Hound"


# Columns


@pytest.mark.parametrize(
    ("header", "column"),
    [
        ("name,type_line,set", 2),
        ("Name, Type Line ,Set", 2),
        ("NAME,TypeLine,SET", 2),
        ("name,type-line", 2),
        ("Name,Type", 2),
        ("name,types", 2),
        ("Card Name,Card Type", 2),
        ("type,name,type_line", 3),  # type_line is preferred over type
        ("Types,Type", 2),  # type over types
    ],
)
def test_the_type_column_is_found_by_header(header: str, column: int) -> None:
    cells = ["Grizzly Bears", "Creature — Bear", "M10"]
    if header.startswith("type,"):
        cells = ["Sorcery - Arcane", "Grizzly Bears", "Creature - Bear"]
    elif header.startswith("Types,"):
        cells = ["Sorcery - Arcane", "Creature - Bear"]
    data = f"{header}\n{','.join(cells)}\n".encode()
    (entry,) = entries(data)
    assert entry.text == cells[column - 1]
    before = sum(len(cell) + 1 for cell in cells[: column - 1])
    assert region(entry, 0, 1) == Region(2, before + 1, 2, before + 2)


@pytest.mark.parametrize(
    ("header", "card"),
    [("name,type", "Grizzly Bears"), ("Card Name,type", "Grizzly Bears"), ("card,type", "Grizzly Bears")],
)
def test_the_card_name_column(header: str, card: str) -> None:
    (entry,) = entries(f"{header}\nGrizzly Bears,Creature — Bear\n".encode())
    assert entry.card == card


def test_no_name_column_no_card() -> None:
    (entry,) = entries(b"set,type\nM10,Creature - Bear\n")
    assert entry.card is None


def test_column_by_name() -> None:
    data = b"Card,Kind,Printed\nGrizzly Bears,Creature - Bear,Creature \xe2\x80\x94 Bear\n"
    assert [e.text for e in entries(data, column="Printed")] == ["Creature — Bear"]
    assert [e.text for e in entries(data, column=" kind ")] == ["Creature - Bear"]


def test_column_by_number_with_a_header_skips_the_header() -> None:
    data = b"name,printed,set\nGrizzly Bears,Creature - Bear,M10\n"
    (entry,) = entries(data, column="2")
    assert (entry.text, entry.card, region(entry, 0, 1)) == (
        "Creature - Bear",
        "Grizzly Bears",
        Region(2, 15, 2, 16),
    )


def test_column_by_number_without_header_reads_row_one() -> None:
    data = b"Grizzly Bears,Creature - Bear\nLlanowar Elves,Creature - Elf Druid\n"
    assert [(e.text, region(e, 0, 1)) for e in entries(data, column="2")] == [
        ("Creature - Bear", Region(1, 15, 1, 16)),
        ("Creature - Elf Druid", Region(2, 16, 2, 17)),
    ]


def test_a_clean_first_data_row_is_counted() -> None:
    status, doc = check(
        ["--column", "2", write("list.csv", "Grizzly Bears,Creature — Bear\nX,Creature - Elf\n")]
    )
    assert (status, doc["summary"]["type_lines"], found(doc)) == (
        0,
        2,
        [("list.csv", 2, 11, 14, "TL101", None)],
    )


@pytest.mark.parametrize(
    ("column", "message"),
    [
        ("7", "--column 7: the first row has 2 columns"),
        ("Printed", "no column 'Printed': the header has 'name', 'type'"),
        ("²", "no column '²': the header has 'name', 'type'"),  # a digit, but not a number
    ],
)
def test_a_column_that_is_not_there(column: str, message: str) -> None:
    status, doc = check(["--column", column, write("c.csv", "name,type\nA,Creature - Elf\n")])
    assert status == 2
    assert found(doc) == [("c.csv", 1, 1, 2, "TL905", None)]
    assert doc["findings"][0]["message"] == message


@pytest.mark.parametrize("column", ["0", " 00 "])
def test_column_zero_is_a_usage_error_before_any_file_is_read(column: str) -> None:
    result = run_cli(["check", "--column", column, "missing.csv"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"typeline: error: --column {column.strip()}: column numbers start at 1\n"


def test_column_zero_in_the_configuration_is_a_usage_error() -> None:
    write("pyproject.toml", '[tool.typeline]\ncolumn = "0"\n')
    result = run_cli(["check", write("c.csv", "name,type\nA,Creature - Elf\n")])
    assert result.exit_code == 2
    assert "--column 0: column numbers start at 1" in result.stderr


def test_a_directory_search_passes_over_a_table_without_type_column() -> None:
    Path("sets").mkdir()
    write("sets/prices.csv", "name,price\nGrizzly Bears,0.10\n")
    write("sets/cards.csv", "name,type\nGrizzly Bears,Creature - Bear\n")
    status, doc = check(["sets"])
    assert found(doc) == [("cards.csv", 2, 23, 26, "TL101", "Grizzly Bears")]
    assert status == 0


# Delimiters


def test_tsv_by_extension() -> None:
    status, doc = check([write("deck.tsv", "name\ttype\tnote\nA, the First\tCreature - Elf\tx, y\n")])
    assert (status, found(doc)) == (0, [("deck.tsv", 2, 22, 25, "TL101", "A, the First")])


def test_tabs_sniffed_without_extension() -> None:
    status, doc = check(["--input-format", "csv", "-"], stdin=b"name\ttype\nA\tCreature - Elf\n")
    assert status == 0
    assert found(doc) == [("-", 2, 11, 14, "TL101", "A")]


def test_semicolons_when_the_header_uses_them() -> None:
    (entry,) = entries(b"name;type;price\nA;Creature - Elf;0,10\n")
    assert (entry.text, entry.card, region(entry, 0, 1)) == ("Creature - Elf", "A", Region(2, 3, 2, 4))


# Quoting and places


def test_doubled_quotes_count_two_file_characters() -> None:
    data = 'name,type_line\n"Elf ""Ranger""","Creature — Elf ""Ranger"" Scout"\n'.encode()
    (entry,) = entries(data)
    assert entry.text == 'Creature — Elf "Ranger" Scout'
    assert entry.card == 'Elf "Ranger"'
    where = resolve(entry.locate)
    assert isinstance(where, CharMap)
    assert where.region(0, 1) == Region(2, 19, 2, 20)  # one column after the opening quote
    assert where.region(15, 23) == Region(2, 34, 2, 44)  # `""Ranger""`: ten file characters
    assert where.region(24, 29) == Region(2, 45, 2, 50)
    status, doc = check([write("q.csv", data)])
    assert status == 1
    assert found(doc) == [("q.csv", 2, 34, 44, "TL302", 'Elf "Ranger"')]


def test_a_cell_over_several_lines_places_each_character_on_its_line() -> None:
    data = b'name,type\r\n"Bears,\r\nGrizzly","Creature \xe2\x80\x94\r\nBear Wizzard"\r\nX,Artifact\r\n'
    (first, second) = entries(data)
    assert (first.text, first.card, second.text) == (
        "Creature —\r\nBear Wizzard",
        "Bears,\r\nGrizzly",
        "Artifact",
    )
    where = resolve(first.locate)
    assert where.region(0, 8) == Region(3, 11, 3, 19)
    assert where.region(12, 16) == Region(4, 1, 4, 5)
    assert where.region(17, 24) == Region(4, 6, 4, 13)
    assert region(second, 0, 1) == Region(5, 3, 5, 4)
    status, doc = check([write("m.csv", data)])
    assert status == 1
    assert found(doc) == [  # the line break after the dash is uneven spacing: to the line's end
        ("m.csv", 3, 19, 23, "TL101", "Bears,\r\nGrizzly"),
        ("m.csv", 4, 6, 13, "TL302", "Bears,\r\nGrizzly"),
    ]


def test_a_quote_inside_an_unquoted_cell_and_after_a_closing_quote() -> None:
    """csv.reader keeps both as characters of the cell; the places follow it."""
    (plain, after) = entries(b'name,type\nA,Creature 12" Elf\nB,"Creature"  - Elf\n')
    assert (plain.text, after.text) == ('Creature 12" Elf', "Creature  - Elf")
    assert region(plain, 12, 13) == Region(2, 15, 2, 16)
    assert region(after, 8, 11) == Region(3, 13, 3, 16)


def test_crlf_cr_bom_and_a_trailing_empty_column() -> None:
    for newline in ("\r\n", "\r", "\n"):
        data = "\ufeffname,type,\nА Елф,Creature - Elf,\n".replace("\n", newline).encode()
        status, doc = check([write("e.csv", data)])
        assert status == 0
        assert found(doc) == [("e.csv", 2, 15, 18, "TL101", "А Елф")], newline


def test_empty_type_cells_blank_and_short_rows_are_not_type_lines() -> None:
    data = b"name,type,set\nA,,M10\n\nB\nC, ,M10\nD,Creature \xe2\x80\x94 Elf,M10\n"
    assert [e.text for e in entries(data)] == ["Creature — Elf"]
    status, doc = check([write("s.csv", data)])
    assert (status, doc["summary"]["type_lines"], doc["findings"]) == (0, 1, [])


@pytest.mark.parametrize("data", [b"", b"\xef\xbb\xbf", b"\n\n", b"name,type\n"])
def test_empty_files(data: bytes) -> None:
    status, doc = check([write("empty.csv", data)])
    assert (status, doc["summary"]["type_lines"], doc["findings"]) == (0, 0, [])
