"""Line ends: LF, CR LF and a CR alone (classic Mac OS exports) all end a line, in every
reader, as Python's universal newlines do; findings are placed at the same line and column
whichever a file uses, and `--fix` writes back each line's own end."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from conftest import run_cli

from mtg_typeline.sources.base import Batch
from mtg_typeline.sources.text import BLOCK_BYTES, read

# One file of each format, written with LF; each holds fixable findings past its first line.
FILES = {
    "cards.txt": "# a set\ncreature - elf\n\nArtifact — Equipment  # fine\nlegendary creature -- goblin\n",
    "script.txt": "Name:Grizzly Bears\nManaCost:1 G\nTypes:creature Bear\nPT:2/2\n",
    "cards.json": (
        '[\n  {"name": "A",\n   "type_line": "creature - elf"},\n  {"name": "B", "type_line": "Instant"}\n]\n'
    ),
    "cards.csv": "name,type\nA,creature - elf\nB,Instant\n",
    "cards.yaml": "- name: A\n  type_line: creature - elf\n- name: B\n  type_line: Instant\n",
    "cards.xml": (
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_carddatabase version="4">\n<cards>\n<card>\n'
        "  <name>A</name>\n  <prop><type>creature - elf</type></prop>\n</card>\n</cards>\n"
        "</cockatrice_carddatabase>\n"
    ),
    "card a": "mse_version: 2.5.8\ncard:\n\tname: A\n\tsuper_type: creature\n\tsub_type: elf\n",
}
FORMATS = {"script.txt": "forge", "card a": "mse"}
# The readers whose fixes are written whatever the line ends (the others write no fix past a
# line ended by a CR alone: see docs/fixing.md, Fixing card data)
FIXED = list(FILES)


def _check(path: Path, *args: str) -> tuple[int, list[tuple[object, ...]]]:
    fmt = FORMATS.get(path.name)
    given = ["--input-format", fmt] if fmt else []
    result = run_cli(["check", "--format", "json", *given, *args, str(path)])
    findings = json.loads(result.stdout)["findings"] if result.stdout else []
    keys = ("line", "column", "end_line", "end_column", "code", "type_line")
    return result.exit_code, [tuple(f[k] for k in keys) for f in findings]


def _written(folder: Path, name: str, ends: str) -> Path:
    folder.mkdir()
    path = folder / name
    path.write_bytes(FILES[name].replace("\n", ends).encode("utf-8"))
    return path


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("ends", ["\r", "\r\n"])
def test_findings_are_placed_alike_whatever_the_line_ends(tmp_path: Path, name: str, ends: str) -> None:
    expected = _check(_written(tmp_path / "lf", name, "\n"))
    assert expected[1] and all(finding[0] > 1 for finding in expected[1])  # (past the first line)
    assert _check(_written(tmp_path / "other", name, ends)) == expected


@pytest.mark.parametrize("name", FIXED)
@pytest.mark.parametrize("ends", ["\r", "\r\n"])
def test_fix_keeps_the_line_ends(tmp_path: Path, name: str, ends: str) -> None:
    lf = _written(tmp_path / "lf", name, "\n")
    other = _written(tmp_path / "other", name, ends)
    for path in (lf, other):
        _check(path, "--fix")
    fixed = lf.read_text(encoding="utf-8")
    assert fixed != FILES[name]
    assert other.read_bytes() == fixed.replace("\n", ends).encode("utf-8")


def test_fix_keeps_each_line_its_own_end(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_bytes(b"creature - elf\rinstant\r\nartifact -- equipment\n\rsorcery\r")
    status, _ = _check(path, "--fix")
    assert status == 0
    assert path.read_bytes() == "Creature — Elf\rInstant\r\nArtifact — Equipment\n\rSorcery\r".encode()


def _lines(data: bytes) -> list[str | None]:
    lines: list[str | None] = []
    for item in read(io.BytesIO(data), "x.txt", lambda size: None):
        assert isinstance(item, Batch)
        lines += item.texts
    return lines


@pytest.mark.parametrize("end", [b"\r\n", b"\r"])
def test_a_line_end_across_two_blocks_is_one(end: bytes) -> None:
    count = (BLOCK_BYTES - 1) // 8
    before = b"Instant\n" * count
    last = b"Sorcery" + b"s" * (BLOCK_BYTES - 8 - len(before))  # its end's CR: a block's last byte
    data = before + last + end + "Creature — Elf".encode() + b"\r"
    assert data[BLOCK_BYTES - 1 : BLOCK_BYTES] == b"\r"
    assert _lines(data) == ["Instant"] * count + [last.decode(), "Creature — Elf"]
