"""Reading CSV and TSV that is not plain: broken quoting (reported where it starts, the next
file still checked), encodings, bytes that are not text; telling a table from its name or
its first bytes, on standard input too; rows streamed with progress told, and places
resolved in any order.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import run_cli, write
from helpers.streams import CountingStream
from helpers.tables import Found, check, entries, found, region
from hypothesis import given
from hypothesis import strategies as st

from mtg_typeline.ruleset import load_rules
from mtg_typeline.sources import SourceSettings, inputs, reader_for
from mtg_typeline.sources.base import Batch, Offset, Region, SourceError, resolve
from mtg_typeline.sources.inputs import detect

pytestmark = pytest.mark.usefixtures("in_tmp")


# Broken files


def test_an_unclosed_quote_in_the_type_cell() -> None:
    data = b'name,type\nA,Creature - Elf\nB,"Creature - Elf\nC,Creature - Elf\n'
    status, doc = check([write("u.csv", data)])
    assert status == 2
    assert found(doc) == [("u.csv", 2, 11, 14, "TL101", "A"), ("u.csv", 3, 3, 4, "TL905", None)]
    assert (
        doc["findings"][1]["message"] == "a quoted field is not closed: its quote runs to the end of the file"
    )


def test_cells_longer_than_the_csv_module_reads_by_default() -> None:
    """The csv module stops at cells of 131,072 characters; an image kept in a cell (base64)
    passes that, and so may a type cell: the table is read on, and the long type cell is a
    line too long to be a type line (TL903), as in a text file."""
    data = (
        "name,type,image\nA,Creature - Elf,"
        + "x" * 300_000
        + "\nB,"
        + "Creature " * 20_000
        + ",x\nC,Creature - Elf,y\n"
    ).encode()
    status, doc = check([write("long.csv", data)])
    assert status == 1
    assert found(doc) == [
        ("long.csv", 2, 11, 14, "TL101", "A"),
        ("long.csv", 3, 3, 180_003, "TL903", "B"),
        ("long.csv", 4, 11, 14, "TL101", "C"),
    ]


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


def test_an_unclosed_quote_before_200_kb_is_said_as_one_not_as_a_field_too_large() -> None:
    """Past the csv module's default bound on a cell (131,072 characters), the quote that
    runs to the end of the file is what is wrong, and what is said."""
    data = 'name,type\nA,Creature - Elf\nB,"Creature\n' + ("x" * 1000 + "\n") * 200
    status, doc = check([write("big.csv", data)])
    assert status == 2
    assert found(doc) == [("big.csv", 2, 11, 14, "TL101", "A"), ("big.csv", 3, 3, 4, "TL905", None)]
    assert (
        doc["findings"][1]["message"] == "a quoted field is not closed: its quote runs to the end of the file"
    )


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


@given(
    folder=st.text(alphabet="ab./\\", max_size=5),
    name=st.sampled_from(["cards.csv", "deck.TSV", ".csv", "..yml", "a.b.yaml", "set", "x.json", "notes"]),
    tail=st.text(alphabet="/\\", max_size=2),
)
def test_detection_reads_a_name_as_os_path_does(folder: str, name: str, tail: str) -> None:
    """The name's last part is taken apart by hand on POSIX: as `os.path.basename` takes it."""
    path = f"{folder}{name}{tail}"
    by_hand = detect(path, b"name,type\n")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(inputs, "POSIX_PATHS", False)  # (the other way: `os.path.basename`)
        assert detect(path, b"name,type\n") == by_hand


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
