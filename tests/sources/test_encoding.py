"""`--encoding NAME` (and the configuration's `encoding`) for text and table inputs: read in
that encoding, fixed and written back in it; an unknown name is a usage error; bytes that
are not UTF-8, read without it, are reported with the likely encoding and the option."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli

# A spreadsheet's "CSV" export on Western Windows: Windows-1252, a long dash as 0x97.
WINDOWS_CSV = "name,type\nCafé Elf,Creature — Elf\nGob,Creature — Goblin Wizzard\n"
WINDOWS_TEXT = "Creature — Elf\nCreature — Elff\n"


def check(*args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli(["check", "--format", "json", *args])
    return result.exit_code, json.loads(result.stdout)


def write(tmp_path: Path, name: str, text: str, codec: str) -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(codec))
    return path


@pytest.mark.parametrize(
    ("name", "text", "code", "line", "column"),
    [("cards.csv", WINDOWS_CSV, "TL905", 2, 19), ("lines.txt", WINDOWS_TEXT, "TL902", 1, 10)],
)
def test_windows_1252_read_as_utf8_names_the_encoding_and_the_option(
    tmp_path: Path, name: str, text: str, code: str, line: int, column: int
) -> None:
    path = write(tmp_path, name, text, "cp1252")
    status, document = check(str(path))
    assert status == 2
    (finding,) = document["findings"]
    assert (finding["code"], finding["line"], finding["column"]) == (code, line, column)
    assert finding["message"].endswith("; if it is Windows-1252, give --encoding cp1252")


def test_bytes_windows_1252_leaves_undefined_point_to_latin_1(tmp_path: Path) -> None:
    path = tmp_path / "lines.txt"
    path.write_bytes(b"Creature \x81 Elf\n")
    status, document = check(str(path))
    assert status == 2
    assert document["findings"][0]["message"].endswith(
        "; if it is Latin-1 (ISO-8859-1), give --encoding latin-1"
    )


@pytest.mark.parametrize("given", [["--encoding", "cp1252"], ["--encoding", "Windows-1252"]])
def test_encoding_reads_text_and_tables_with_their_places(tmp_path: Path, given: list[str]) -> None:
    table = write(tmp_path, "cards.csv", WINDOWS_CSV, "cp1252")
    lines = write(tmp_path, "lines.txt", WINDOWS_TEXT, "cp1252")
    status, document = check(*given, str(table), str(lines))
    assert status == 1
    found = [
        (Path(f["path"]).name, f["line"], f["column"], f["code"], f["card"]) for f in document["findings"]
    ]
    wizzard = WINDOWS_CSV.splitlines()[2].index("Wizzard") + 1
    assert found == [("cards.csv", 3, wizzard, "TL302", "Gob"), ("lines.txt", 2, 12, "TL302", None)]


def test_the_configured_encoding_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "lines.txt", WINDOWS_TEXT, "cp1252")
    (tmp_path / ".typeline.yaml").write_text("encoding: cp1252\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    status, document = check("lines.txt")
    assert (status, [f["code"] for f in document["findings"]]) == (1, ["TL302"])


@pytest.mark.parametrize("name", ["nope", "rot13", ""])
def test_an_unknown_encoding_is_a_usage_error(tmp_path: Path, name: str) -> None:
    path = write(tmp_path, "lines.txt", WINDOWS_TEXT, "cp1252")
    result = run_cli(["check", "--encoding", name, str(path)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"typeline: error: --encoding: {name!r} is not an encoding Python knows for text; give one such as "
        "cp1252 (Windows-1252), latin-1, utf-16 or mac-roman\n"
    )


def test_an_unknown_configured_encoding_names_the_file_and_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".typeline.yaml").write_text("encoding: klingon\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run_cli(["check", "-"], stdin=b"Creature\n")
    assert result.exit_code == 2
    assert result.stderr.startswith(
        f"typeline: error: {tmp_path / '.typeline.yaml'}: key 'encoding': 'klingon' is"
    )


@pytest.mark.parametrize(
    ("name", "text"),
    [("lines.txt", "Creature - Elf\nCafé — Elf\n"), ("cards.csv", "n,type\nCafé,Creature - Elf\n")],
)
def test_fix_writes_the_file_back_in_its_encoding(tmp_path: Path, name: str, text: str) -> None:
    path = write(tmp_path, name, text, "cp1252")
    result = run_cli(["check", "--encoding", "cp1252", "--fix", str(path)])
    assert "Fixed 1 finding in 1 file." in result.stderr + result.stdout
    assert path.read_bytes() == text.replace("Creature - Elf", "Creature — Elf").encode("cp1252")


def test_diff_shows_the_change_in_the_files_own_bytes(tmp_path: Path) -> None:
    path = write(tmp_path, "lines.txt", "Creature - Elf\n", "cp1252")
    result = run_cli(["check", "--encoding", "cp1252", "--diff", str(path)])
    assert result.exit_code == 1
    assert b"-Creature - Elf\n+Creature \x97 Elf\n" in result.stdout_bytes  # patch applies it to the file
    assert path.read_bytes() == b"Creature - Elf\n"


def test_a_fix_the_encoding_cant_write_is_left_with_a_warning(tmp_path: Path) -> None:
    path = write(tmp_path, "lines.txt", "Creature - Elf\ncreature\n", "latin-1")  # Latin-1 has no long dash
    result = run_cli(["check", "--encoding", "latin-1", "--fix", str(path)])
    assert path.read_bytes() == b"Creature - Elf\nCreature\n"  # the other line is fixed
    assert "lines.txt:1: the fixed type line can't be written back exactly here" in result.stderr


def test_utf16_tables_are_fixed_and_written_back_with_their_mark(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.csv", "name,type\nA,Creature - Elf\n", "utf-16")
    result = run_cli(["check", "--encoding", "utf-16", "--fix", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_bytes() == "name,type\nA,Creature — Elf\n".encode("utf-16")


def test_input_the_encoding_cant_decode_at_all_is_tl905(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_bytes(b"name,type\nA,Creature - Elf\n")  # UTF-16 needs its byte-order mark
    for extra in ([], ["--fix"]):
        status, document = check("--encoding", "utf-16", *extra, str(path))
        assert status == 2
        assert [f["code"] for f in document["findings"]] == ["TL905"]
        assert document["findings"][0]["message"].startswith(f"{path} is not valid UTF-16 text")
    assert path.read_bytes() == b"name,type\nA,Creature - Elf\n"


def test_fixing_standard_input_writes_it_out_in_its_encoding() -> None:
    result = run_cli(
        ["check", "--encoding", "cp1252", "--fix", "-"], stdin="Creature - Elf\n".encode("cp1252")
    )
    assert result.stdout_bytes == b"Creature \x97 Elf\n"
