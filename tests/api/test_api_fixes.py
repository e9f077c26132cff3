"""`Report.fixed_bytes` is what `typeline check --fix` writes, safe fixes or unsafe too, on
every fixable file of the shared samples and of the test data; each fix is edits of the
input whose offsets and places select the characters it replaces."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import ROOT, SHARED_DIR, run_cli, shared_path

from mtg_typeline import Report, check_path, check_text

DATA = ROOT / "tests" / "data"


def _files(folder: Path) -> list[Path]:
    """The files of `folder` a check can fix (a set folder's files are fixed with the set)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*") if p.is_file() and not (p.parent / "set").is_file())


def _fixable(report: Report) -> bool:
    return any(finding.fix is not None for finding in report.findings)


FILES = [str(p.relative_to(ROOT.parent)) for p in [*_files(SHARED_DIR / "samples"), *_files(DATA)]]


@pytest.mark.parametrize("name", FILES or ["shared/samples (absent)"])
@pytest.mark.parametrize("unsafe", [False, True], ids=["safe", "unsafe"])
def test_fixed_bytes_are_what_fix_writes(name: str, unsafe: bool, tmp_path: Path) -> None:
    source = ROOT.parent / name
    if not source.exists():
        shared_path(name)
    copy = tmp_path / source.name
    shutil.copyfile(source, copy)
    report = check_path(copy)
    if not _fixable(report):
        return
    run_cli(["check", "--no-config", "--fix", *(["--unsafe-fixes"] if unsafe else []), str(copy)])
    assert report.fixed_bytes(unsafe) == copy.read_bytes()


def test_fixing_standard_input_is_what_fix_prints() -> None:
    data = "legendary creature - elf\r\nCreature — Elf Warrior\r\nartifact  creature — Golem\r\n".encode()
    done = run_cli(["check", "--no-config", "--fix", "-"], stdin=data)
    assert check_text(data).fixed_bytes() == done.stdout_bytes
    assert check_text(data.decode()).fixed_text() == done.stdout_bytes.decode()


def test_nothing_is_written_by_fixing(tmp_path: Path) -> None:
    card = tmp_path / "cards.txt"
    card.write_bytes(b"legendary creature - elf\n")
    report = check_path(card)
    assert report.fixed_text() == "Legendary Creature — Elf\n"
    assert card.read_bytes() == b"legendary creature - elf\n"


YAML_SET = """\
cards:
  - name: Hidden Grove
    type: "Land - Forest"
  - name: Gray Elf
    type: Creature — Elf
"""


def test_a_fix_of_card_data_is_an_edit_of_its_value() -> None:
    report = check_text(YAML_SET, path="set.yaml")
    (finding,) = report.fixable
    assert finding.code == "TL101" and finding.card == "Hidden Grove"
    assert finding.fix is not None
    (edit,) = finding.fix.edits
    start, end = edit.place.offset, edit.place.end_offset
    assert start is not None and end is not None
    assert YAML_SET[start:end] == '"Land - Forest"'
    assert YAML_SET[:start] + edit.text + YAML_SET[end:] == report.fixed_text()
    assert (edit.place.line, edit.place.column) == (3, YAML_SET.splitlines()[2].index('"') + 1)


def test_each_fix_of_a_text_line_is_an_edit_of_its_characters() -> None:
    text = "Creature — Elf\nlegendary creature - elf\n"
    report = check_text(text)
    for finding in report.fixable:
        assert finding.fix is not None
        (edit,) = finding.fix.edits
        assert (edit.place.offset, edit.place.end_offset) == (
            text.index("legendary") + finding.fix.start,
            text.index("legendary") + finding.fix.end,
        )
        assert edit.place.line == 2 and edit.path == "-"
