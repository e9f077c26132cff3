"""The delimiter of a table: given with `--delimiter` (or the `delimiter` key), or the pipe
told from a header or the first rows; a table whose delimiter can't be told is one TL905
naming `--delimiter`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import DATA, run_cli, write

from mtg_typeline.sources.inputs import detect

TABLES = DATA / "tables"
ENGINE = TABLES / "engine-cards-pipe.txt"  # a game engine's card data: no header, `|` between cells


def findings(args: list[str], stdin: str | None = None) -> tuple[int, list[tuple[int, int, str]]]:
    result = run_cli(["check", "--format", "json", *args], stdin=stdin)
    found = json.loads(result.stdout)["findings"]
    return result.exit_code, [(f["line"], f["column"], f["code"]) for f in found]


def column_of(path: Path, line: int, text: str) -> int:
    return path.read_text(encoding="utf-8").splitlines()[line - 1].index(text) + 1


def test_a_pipe_table_without_header_told_by_its_rows() -> None:
    status, found = findings(["--input-format", "csv", "--column", "6", str(ENGINE)])
    assert status == 1
    dashes = [(line, column_of(ENGINE, line, " - "), "TL101") for line in (3, 4, 5, 6, 8, 10)]
    assert found == sorted([*dashes, (10, column_of(ENGINE, 10, "Angle"), "TL302")])


def test_a_pipe_table_fixed_in_its_type_cells(tmp_path: Path) -> None:
    path = tmp_path / "cards.txt"
    shutil.copy(ENGINE, path)
    before = path.read_text(encoding="utf-8")
    result = run_cli(
        ["check", "--input-format", "csv", "--column", "6", "--fix", "--unsafe-fixes", str(path)]
    )
    assert result.exit_code == 0, result.output
    assert " - " not in before.replace("|Creature - ", "").replace(
        "Legendary Creature - ", ""
    )  # (dashes alone)
    expected = before.replace(" - ", " — ").replace("— Angle|", "— Angel|")
    assert path.read_text(encoding="utf-8") == expected != before


def test_a_pipe_header_read_from_standard_input() -> None:
    path = TABLES / "collection-pipe-header.psv"
    status, found = findings(["-"], stdin=path.read_text(encoding="utf-8"))
    assert (status, found) == (1, [(4, column_of(path, 4, "Instnat"), "TL201")])
    assert detect("-", path.read_bytes()) == "csv"


def test_delimiter_given_and_configured(in_tmp: Path) -> None:
    write("cards.csv", "Name:Type\nGrizzly Bears:Creature — Baer\n")
    expected = (1, [(2, len("Grizzly Bears:Creature — ") + 1, "TL302")])
    assert findings(["--delimiter", ":", "cards.csv"]) == expected
    write("pyproject.toml", '[tool.typeline]\ndelimiter = ":"\n')
    assert findings(["cards.csv"]) == expected
    write("cards.tsv", "Name\tType\nGrizzly Bears\tCreature — Baer\n")
    assert findings(["--no-config", "--delimiter", "tab", "cards.tsv"])[1] == [(2, 26, "TL302")]


def test_a_bad_delimiter_is_a_usage_error(in_tmp: Path) -> None:
    write("cards.csv", "Name,Type\n")
    result = run_cli(["check", "--delimiter", "ab", "cards.csv"])
    assert result.exit_code == 2
    assert "--delimiter: 'ab' is not a delimiter" in result.stderr


def test_a_table_whose_delimiter_cant_be_told(in_tmp: Path) -> None:
    write("cards.csv", "Llanowar Elves|DOM,168\nGrizzly Bears|M19,176\n")
    status, found = findings(["--column", "2", "cards.csv"])
    assert (status, found) == (2, [(1, 1, "TL905")])
    result = run_cli(["check", "--column", "2", "cards.csv"])
    assert "can't tell the delimiter" in result.stdout and "--delimiter" in result.stdout


@pytest.mark.parametrize("name", ["cards.csv", "cards.txt"])
def test_a_table_read_whole_as_one_column_names_delimiter(in_tmp: Path, name: str) -> None:
    write(name, "Name:Type\nGrizzly Bears:Creature — Bear\n")
    result = run_cli(["check", "--input-format", "csv", name])
    assert result.exit_code == 2
    assert "no type-line column" in result.stdout and "give another with --delimiter" in result.stdout
