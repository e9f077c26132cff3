"""CSV and TSV card lists: the real exports, the type and name columns found by header or
`--column`, places inside quoted cells, broken quoting, encodings, and streaming."""

from __future__ import annotations

import hashlib
import io
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import entries_of, run_cli, shared_path

from mtg_typeline.ruleset import load_rules
from mtg_typeline.sources import SourceSettings, reader_for
from mtg_typeline.sources.base import Batch, CharMap, Entry, Offset, Region, SourceError, resolve
from mtg_typeline.sources.inputs import detect

SAMPLES = Path(__file__).parent / "data" / "samples" / "csv"
CPCAGLE = SAMPLES / "cpcagle-xln-cards-noheader.csv"
GRAGON = SAMPLES / "tgnc-binder-2024-02-25-gragonLeech-cards.csv"
Found = tuple[str, int, int, int, str, str | None]


def check(args: Sequence[str], stdin: bytes | None = None) -> tuple[int, dict[str, Any]]:
    result = run_cli(["check", "--format", "json", *args], stdin=stdin)
    return result.exit_code, json.loads(result.stdout)


def found(document: dict[str, Any]) -> list[Found]:
    return [
        (Path(f["path"]).name, f["line"], f["column"], f["end_column"], f["code"], f["card"])
        for f in document["findings"]
    ]


def write(name: str, data: str | bytes) -> str:
    Path(name).write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return name


def entries(data: bytes, path: str = "cards.csv", column: str | None = None) -> list[Entry]:
    """The entry of every row with a type cell."""
    read = reader_for("csv", SourceSettings(column=column))
    return entries_of(read(io.BytesIO(data), path, lambda n: None))


def region(entry: Entry, start: int, end: int) -> Region:
    return resolve(entry.locate).region(start, end)


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


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


# Broken files


def test_an_unclosed_quote_in_the_type_cell() -> None:
    data = b'name,type\nA,Creature - Elf\nB,"Creature - Elf\nC,Creature - Elf\n'
    status, doc = check([write("u.csv", data)])
    assert status == 2
    assert found(doc) == [("u.csv", 2, 11, 14, "TL101", "A"), ("u.csv", 3, 3, 4, "TL905", None)]
    assert (
        doc["findings"][1]["message"] == "a quoted field is not closed: its quote runs to the end of the file"
    )


def test_an_unclosed_quote_after_the_type_cell_at_the_end_without_newline() -> None:
    status, doc = check([write("u.csv", b'name,type,text\nA,Creature - Elf,"Flying')])
    assert status == 2
    assert found(doc) == [("u.csv", 2, 11, 14, "TL101", "A"), ("u.csv", 2, 18, 19, "TL905", None)]


UNCLOSED = "a quoted field is not closed: its quote runs to the end of the file"


@pytest.mark.parametrize(
    ("data", "options", "found_before", "place"),
    [
        pytest.param('name,"foo', [], [], (1, 6), id="header-without-newline"),
        pytest.param('name,"foo\n', [], [], (1, 6), id="header-with-newline"),
        pytest.param('name,type,"notes\nA,Creature - Elf\n', [], [], (1, 11), id="header-last-cell"),
        pytest.param('name,type\n"A,Creature - Elf\n', [], [], (2, 1), id="first-row-first-cell"),
        pytest.param('name,type\nA,"Creature - Elf\n', ["--column", "2"], [], (2, 3), id="column-name"),
        pytest.param('A,B,"Creature - Elf\n', ["--column", "3"], [], (1, 5), id="no-header-type-cell"),
        pytest.param(
            'A,Creature - Elf,"x\n',
            ["--column", "2"],
            [("t.csv", 1, 11, 14, "TL101", None)],
            (1, 18),
            id="no-header-after-the-type-cell",
        ),
        pytest.param(
            'type,name\nCreature - Elf,"A\n',
            [],
            [("t.csv", 2, 9, 12, "TL101", "A")],
            (2, 16),
            id="in-the-name-cell",
        ),
        pytest.param(
            'type,name\nCreature - Elf,"A',
            [],
            [("t.csv", 2, 9, 12, "TL101", "A")],
            (2, 16),
            id="in-the-name-cell-without-newline",
        ),
    ],
)
def test_an_unclosed_quote_anywhere_is_reported_and_the_next_file_checked(
    data: str, options: list[str], found_before: list[Found], place: tuple[int, int]
) -> None:
    """A quote that runs to the end of the file, in the header row or the first row (with
    or without a header), is one TL905 at the quote; the file named after it is checked."""
    status, doc = check([*options, write("t.csv", data), write("z.txt", "Creature - Elf\n")])
    assert status == 2
    assert found(doc) == sorted(
        [*found_before, ("t.csv", *place, place[1] + 1, "TL905", None), ("z.txt", 1, 9, 12, "TL101", None)]
    )
    assert [f["message"] for f in doc["findings"] if f["code"] == "TL905"] == [UNCLOSED]


def test_an_unclosed_quote_in_a_header_without_type_column_is_no_internal_error() -> None:
    result = run_cli(["check", write("a.csv", 'name,"foo'), write("bad.txt", "Creature - Elf\n")])
    assert result.exit_code == 2
    assert "internal error" not in result.stderr
    assert "a.csv:1:6: error TL905" in result.stdout
    assert "bad.txt:1:9: warning TL101" in result.stdout


# Encodings


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_utf16_and_utf32_with_a_byte_order_mark_are_read(encoding: str) -> None:
    """Columns count characters, as in UTF-8 (an astral character is one); the file is not
    fixed (the fixer writes UTF-8), and stays as it is."""
    text = 'name,type\n"Æther, 🜁",Creature - Elf\nB,"Creature\nElf - Goblin"\n'
    data = ("\ufeff" + text).encode(encoding) if encoding[-3:] in ("-le", "-be") else text.encode(encoding)
    status, doc = check([write("u.csv", data)])
    assert (status, doc["summary"]["type_lines"]) == (1, 2)
    assert found(doc) == [
        ("u.csv", 2, 20, 23, "TL101", "Æther, 🜁"),
        ("u.csv", 3, 12, 13, "TL102", "B"),  # the line break inside the quoted cell
        ("u.csv", 4, 1, 4, "TL301", "B"),
        ("u.csv", 4, 4, 7, "TL101", "B"),
    ]
    result = run_cli(["check", "--fix", "u.csv"])
    assert (result.exit_code, "Fixed" in result.stdout) == (1, False)
    assert Path("u.csv").read_bytes() == data


def test_utf16_without_a_byte_order_mark_is_not_utf8() -> None:
    data = "name,type\nA,Creature - Elf\n".encode("utf-16-le")
    status, doc = check([write("u.csv", data), write("z.txt", "Creature - Elf\n")])
    assert status == 2
    assert found(doc) == [("u.csv", 1, 2, 3, "TL905", None), ("z.txt", 1, 9, 12, "TL101", None)]
    message = doc["findings"][0]["message"]
    assert message == "u.csv is not UTF-8 text: it holds NUL bytes (UTF-16 without a byte-order mark?)"


def test_utf16_that_is_not_valid_utf16() -> None:
    """A lone surrogate (one character, as an editor shows it): in the type cell an error
    at its place; in the name, shown as U+FFFD."""
    bad = b"\x00\xd8"  # a high surrogate, alone
    head = "\ufeffname,type\n".encode("utf-16-le")
    data = head + "A".encode("utf-16-le") + bad + ",Creature - Elf\nB,Creature ".encode("utf-16-le") + bad
    status, doc = check([write("u.csv", data + "\n".encode("utf-16-le"))])
    assert status == 2
    assert found(doc) == [("u.csv", 2, 12, 15, "TL101", "A\ufffd"), ("u.csv", 3, 12, 13, "TL905", None)]
    message = doc["findings"][1]["message"]
    assert message == "u.csv is not valid UTF-16 text (a character that can't be decoded)"


def test_a_field_over_the_csv_limit_is_reported_where_its_record_starts() -> None:
    data = 'name,type\nA,Creature - Elf\nB,"Creature\n' + ("x" * 1000 + "\n") * 200
    status, doc = check([write("big.csv", data)])
    assert status == 2
    assert found(doc) == [("big.csv", 2, 11, 14, "TL101", "A"), ("big.csv", 3, 1, 2, "TL905", None)]
    assert doc["findings"][1]["message"].startswith("not valid CSV: field larger than field limit")


def test_bytes_that_are_not_utf8() -> None:
    status, doc = check([write("n.csv", b'name,type\nA\xe9,Creature - Elf\nB,"Creature \xff Elf"\n')])
    assert status == 2
    assert found(doc) == [("n.csv", 2, 12, 15, "TL101", "A\ufffd"), ("n.csv", 3, 13, 14, "TL905", None)]
    assert doc["findings"][1]["message"] == (
        "n.csv is not UTF-8 text (byte 0xff); if it is Windows-1252, give --encoding cp1252"
    )


def test_a_binary_file_is_no_crash() -> None:
    status, doc = check(["--input-format", "csv", write("x.bin", bytes(range(256)) * 40)])
    assert status in (0, 1, 2)
    assert all(f["code"].startswith("TL") for f in doc["findings"])


# Format detection, streaming, progress


@pytest.mark.parametrize(
    ("name", "fmt"),
    [("cards.csv", "csv"), ("DECK.TSV", "csv"), ("set.yaml", "yaml"), ("set.yml", "yaml")],
)
def test_detection_by_extension(name: str, fmt: str) -> None:
    assert detect(name, b"name,type\n") == fmt


def test_detection_reads_a_tsv_through_the_command_line() -> None:
    status, doc = check([write("list.tsv", "name\ttype_line\nA\tCreature - Elf\n")])
    assert status == 0
    assert found(doc) == [("list.tsv", 2, 11, 14, "TL101", "A")]


@pytest.mark.parametrize(
    ("head", "fmt"),
    [
        pytest.param(b"name,type_line\nA,Creature\n", "csv", id="csv-header"),
        pytest.param(b"\xef\xbb\xbf\nName;Card Type;Set\n", "csv", id="semicolons-bom-blank-line"),
        pytest.param(b'"Name"\t"Type"\n', "csv", id="tab-quoted"),
        pytest.param(b"# my cards\n- name: A\n  type_line: Creature\n", "yaml", id="yaml-list"),
        pytest.param(b"---\ncards:\n  - name: A\n    type: Creature\n", "yaml", id="yaml-document"),
        pytest.param(b"Creature \xe2\x80\x94 Elf\nInstant\n", "text", id="type-lines"),
        pytest.param(b"Creature, Goblin\n", "text", id="a-comma-in-a-line"),
        pytest.param(b"name,cost\nA,1\n", "text", id="a-table-without-a-type-column"),
        pytest.param(b"title: my notes\n", "text", id="yaml-without-a-type-key"),
    ],
)
def test_detection_of_input_without_a_telling_name(head: bytes, fmt: str) -> None:
    assert detect("-", head) == fmt
    assert detect("cards", head) == fmt
    assert detect("cards.txt", head) == "text"  # a .txt file is type lines (or a Forge script)


def test_standard_input_read_as_a_table_and_fixed_in_place() -> None:
    data = 'name,type_line\r\nA,Creature - Elf\r\nB,"Tribal Instant"\r\n'
    status, doc = check(["-"], data.encode())
    assert status == 1
    assert found(doc) == [("-", 2, 11, 14, "TL101", "A"), ("-", 3, 4, 10, "TL202", "B")]
    result = run_cli(["check", "--fix", "-"], data)
    assert result.stdout_bytes == 'name,type_line\r\nA,Creature — Elf\r\nB,"Kindred Instant"\r\n'.encode()


class Trickle(io.BytesIO):
    """Standard input that gives a few bytes at a time, as a slow pipe does."""

    def read1(self, size: int = -1) -> bytes:
        return super().read1(5 if size < 0 else min(size, 5))

    def read(self, size: int | None = -1) -> bytes:
        return super().read(5 if size is None or size < 0 else min(size, 5))


def test_standard_input_that_comes_slowly_is_still_told_apart() -> None:
    status, doc = check(["-"], Trickle(b"name,type\nA,creature \xe2\x80\x94 Goblin\n"))  # type: ignore[arg-type]
    assert (status, found(doc)) == (0, [("-", 2, 3, 11, "TL103", "A")])
    long_yaml = (
        b"- name: x\n  notes: " + b"z" * 10_000 + b"\n- name: A\n  type_line: creature \xe2\x80\x94 Goblin\n"
    )
    status, doc = check(["-"], Trickle(long_yaml))  # type: ignore[arg-type]
    assert found(doc) == [("-", 4, 14, 22, "TL103", "A")]


@pytest.mark.parametrize(
    "data",
    [b"Creature \xe2\x80\x94 Elf\rInstant\r", b"name,type\rx,Creature - Elf\r", b'a,"b\rc\r', b"\r\r\n"],
)
def test_carriage_returns_in_content_that_is_sniffed_never_crash(data: bytes) -> None:
    result = run_cli(["check", "-"], data)
    assert result.exit_code in (0, 1)
    assert "internal error" not in result.stderr


def test_a_commented_first_line_is_no_table_header() -> None:
    assert detect("-", b"# exported\nname,type\nA,Creature\n") == "text"


def test_column_or_key_tell_standard_input_that_doesnt_tell_itself() -> None:
    status, doc = check(["--column", "kind", "-"], b"name,kind\nA,creature \xe2\x80\x94 Goblin\n")
    assert found(doc) == [("-", 2, 3, 11, "TL103", "A")]
    status, doc = check(["--key", "t", "-"], b"- name: A\n  t: creature \xe2\x80\x94 Goblin\n")
    assert found(doc) == [("-", 2, 6, 14, "TL103", "A")]
    status, doc = check(["--column", "kind", "-"], b"name,type\nA,Instant\n")  # it tells: no such column
    assert status == 2 and doc["findings"][0]["code"] == "TL905"


class CountingStream(io.BytesIO):
    """A stream that remembers how far it has been read."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.most = 0

    def read(self, size: int | None = -1) -> bytes:
        chunk = super().read(size)
        self.most = max(self.most, self.tell())
        return chunk

    def read1(self, size: int = -1) -> bytes:
        chunk = super().read1(size)
        self.most = max(self.most, self.tell())
        return chunk

    def readinto(self, buffer: Any) -> int:
        count = super().readinto(buffer)
        self.most = max(self.most, self.tell())
        return count


def test_rows_are_streamed_and_progress_is_told() -> None:
    rows = "".join(f"Card {n},Creature \u2014 Elf\n" for n in range(200_000))
    data = f"name,type\nFirst,Creature - Elf\n{rows}Last,Creature - Elf\n".encode()
    stream = CountingStream(data)
    told: list[int] = []
    read = reader_for("csv", SourceSettings(rules=load_rules()))(stream, "big.csv", told.append)
    first = next(read)
    assert isinstance(first, Batch) and first.entry is not None
    assert (first.texts[0], first.entry(0).card) == ("Creature - Elf", "First")
    assert stream.most < len(data) // 10  # the first rows came before the file was read
    batches = [first, *read]
    assert all(isinstance(batch, Batch) for batch in batches)
    assert sum(len(batch.texts) - batch.empty for batch in batches) == 200_002  # each a type line
    assert sum(told) == len(data)
    last = batches[-1]  # (the file's end is no row)
    assert last.texts[-1] == "Creature - Elf" and last.entry is not None
    entry = last.entry(len(last.texts) - 1)
    assert entry.card == "Last"
    assert resolve(entry.locate).region(0, 1) == Region(200_003, 6, 200_003, 7)


def test_entries_out_of_order_of_resolution_still_find_their_places() -> None:
    """An entry keeps what it needs: placing it after later rows were read still works."""
    rows = "".join(f"Card {n},Creature - Elf {n}\n" for n in range(20_000))
    got = entries(f"name,type\n{rows}".encode())
    assert region(got[0], 15, 16) == Region(2, 23, 2, 24)
    assert region(got[-1], 9, 12) == Region(20_001, 21, 20_001, 24)


def test_offsets_for_plain_cells() -> None:
    (entry,) = entries(b"name,type\nA,Creature - Elf\n")
    assert isinstance(resolve(entry.locate), Offset)


def test_source_error_is_the_only_error() -> None:
    with pytest.raises(SourceError):
        entries(b'name,type\nA,"Creature')


def test_a_record_too_long_to_keep_is_placed_at_its_first_line_column_one() -> None:
    text = "\n".join("x" * 99 for _ in range(1000))  # a cell under the field limit
    long = ",".join(f'"{text}"' for _ in range(4))  # a record longer than the blocks kept
    data = f"name,type,a,b,c,d\nA,Creature - Elf,{long}\nB,Creature - Elf,,,,\n".encode()
    first, second = entries(data)
    assert region(first, 8, 11) == Region(2, 1, 2, 2)
    assert region(second, 8, 11) == Region(3999, 11, 3999, 14)
