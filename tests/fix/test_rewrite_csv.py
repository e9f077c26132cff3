"""`--fix` in CSV and TSV tables: a cell keeps its quoting and its delimiter."""

from __future__ import annotations

import io

import pytest
from helpers.rewriting import FUZZ, LINES, applied, entries, rewritten
from hypothesis import given
from hypothesis import strategies as st

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
