"""The input problems (TL9xx, checks/inputs.py) found while reading a text input: a path that
can't be read (TL901), bytes that are not UTF-8 text or a binary file (TL902), a line far
longer than any type line (TL903). The other inputs are still checked.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli, write
from helpers.inputs import FOREST, check_json, control_characters, places

pytestmark = pytest.mark.usefixtures("in_tmp")


# Missing and unreadable paths


def test_missing_path_among_good_ones() -> None:
    write("a.txt", f"Creature — Elf\n{FOREST}\n")
    write("b.txt", f"{FOREST}\n")
    status, doc = check_json(["a.txt", "missing.txt", "b.txt"])
    assert status == 2
    assert places(doc) == [
        ("a.txt", 2, 12, "TL304"),
        ("b.txt", 1, 12, "TL304"),
        ("missing.txt", 1, 1, "TL901"),
    ]
    missing = doc["findings"][2]
    assert missing["name"] == "unreadable-input"
    assert missing["severity"] == "error"
    assert "missing.txt" in missing["message"]
    assert (doc["summary"]["files"], doc["summary"]["type_lines"]) == (2, 3)


def test_missing_path_in_text_output() -> None:
    result = run_cli(["check", "--no-color", "missing.txt"])
    assert result.exit_code == 2
    assert result.stdout.startswith(
        "missing.txt:1:1: error TL901 unreadable-input\n  cannot read missing.txt"
    )


def test_only_missing_paths_still_exit_2_in_strict_and_quiet_runs() -> None:
    assert run_cli(["check", "--strict", "-q", "gone.txt", "also-gone.txt"]).exit_code == 2


def test_unreadable_file(in_tmp: Path) -> None:
    # a path under a regular file can't be opened, even by root (permissions would not stop it)
    write("cards.txt", "Creature — Elf\n")
    status, doc = check_json(["cards.txt/inner.txt", "cards.txt"])
    assert status == 2
    assert places(doc) == [("cards.txt/inner.txt", 1, 1, "TL901")]
    assert "Not a directory" in doc["findings"][0]["message"]
    assert doc["summary"]["type_lines"] == 1


# Not UTF-8, binary


def test_non_utf8_line_in_the_middle() -> None:
    write(
        "mixed.txt", b"Creature \xe2\x80\x94 Elf\nCreat\xffure \xe2\x80\x94 Elf\n" + FOREST.encode() + b"\n"
    )
    status, doc = check_json(["mixed.txt"])
    assert status == 2
    assert places(doc) == [("mixed.txt", 2, 6, "TL902"), ("mixed.txt", 3, 12, "TL304")]
    assert doc["findings"][0]["name"] == "not-text"


def test_non_utf8_column_counts_characters_not_bytes() -> None:
    write("late.txt", "Creature — Elf\n".encode() + "Creature — Él".encode() + b"\xc0\n")
    status, doc = check_json(["late.txt"])
    assert status == 2
    assert places(doc) == [("late.txt", 2, 14, "TL902")]


def test_every_non_utf8_line_is_counted() -> None:
    bad = b"Creat\xffure \xe2\x80\x94 Elf\n"
    write("bad.txt", b"Creature \xe2\x80\x94 Elf\n" + bad + b"Artifact\n" + bad + b"Land \xfe\n")
    status, doc = check_json(["bad.txt"])
    assert status == 2
    [finding] = doc["findings"]
    assert (finding["line"], finding["column"], finding["code"]) == (2, 6, "TL902")
    assert "2 more lines" in finding["message"]  # lines 4 and 5


def test_non_utf8_on_stdin() -> None:
    status, doc = check_json(["-"], stdin=b"Land\n\xff\xfe\n")
    assert status == 2
    assert places(doc) == [("-", 2, 1, "TL902")]


def test_binary_file_is_reported_and_others_still_checked() -> None:
    write("cards.bin.txt", "Creature\x00 — Elf\nCreature — Forest\n")
    write("cards.txt", f"{FOREST}\n")
    status, doc = check_json(["cards.bin.txt", "cards.txt"])
    assert status == 2
    assert places(doc) == [("cards.bin.txt", 1, 9, "TL902"), ("cards.txt", 1, 12, "TL304")]
    assert "binary" in doc["findings"][0]["message"]


def test_a_nul_byte_past_the_start_says_the_lines_before_it_were_checked() -> None:
    """Past the first 8 KiB looked at, a NUL byte ends the reading where it is: the lines
    before it are checked (and said), those from it on are not, and the message says so."""
    write("late.txt", "Creature \u2014 Elf\n" * 1000 + f"{FOREST}\nArt\x00ifact\n{FOREST}\n")
    status, doc = check_json(["late.txt"])
    assert status == 2
    assert places(doc) == [("late.txt", 1001, 12, "TL304"), ("late.txt", 1002, 4, "TL902")]
    assert doc["findings"][1]["message"] == (
        "a NUL byte: the file is binary from here; this line and the rest are not checked"
    )


def test_binary_file_is_one_finding_not_a_stream_of_garbage() -> None:
    """A PNG's first lines are not UTF-8 and control characters before its first NUL byte:
    the file is reported once as not text, never checked as type lines."""
    write("image.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00")
    write("cards.txt", f"{FOREST}\n")
    status, doc = check_json(["image.txt", "cards.txt"])
    assert status == 2
    assert [code for path, _, _, code in places(doc) if path == "image.txt"] == ["TL902"]
    assert ("cards.txt", 1, 12, "TL304") in places(doc)


def test_binary_file_text_output_stays_printable() -> None:
    write("blob.txt", bytes(range(256)) * 4)
    result = run_cli(["check", "--no-color", "blob.txt"])
    assert result.exit_code == 2
    assert "error TL902 not-text" in result.stdout
    assert control_characters(result.output) == set()


# A huge line


def test_one_megabyte_line_text(in_tmp: Path) -> None:
    write("huge.txt", "Creature — " + "Elf " * 262_144 + f"\n{FOREST}\n")
    result = run_cli(["check", "--no-color", "huge.txt"])
    assert result.exit_code == 1
    assert len(result.output) < 5_000
    assert "huge.txt:1:1: error TL903 line-too-long" in result.stdout
    assert "huge.txt:2:12: error TL304" in result.stdout  # the next line is still checked


def test_one_megabyte_line_json() -> None:
    write("huge.txt", "x" * 1_048_576 + "\n")
    result = run_cli(["check", "--format", "json", "huge.txt"])
    assert result.exit_code == 1
    assert len(result.output) < 5_000
    [finding] = json.loads(result.stdout)["findings"]
    assert (finding["code"], finding["name"], finding["line"], finding["column"]) == (
        "TL903",
        "line-too-long",
        1,
        1,
    )


def test_one_megabyte_line_on_stdin() -> None:
    result = run_cli(["check", "--no-color", "-"], stdin="Land " * 210_000)
    assert result.exit_code == 1
    assert len(result.output) < 5_000
    assert "TL903" in result.stdout
