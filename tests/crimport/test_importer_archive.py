"""`typeline rules import --archive DIR --out-dir DIR [SOURCE ...]` (`crimport.archive`): every
edition of an archive as rule files, one per change of the rules, and their index; bad input
is one line and exit status 2, and leaves the folder as it was.

A small archive is made here from the test text of `cr_texts`; the real archive reproducing
the shipped `rules/` is in test_importer.py."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest
from conftest import run_cli
from helpers.cr_texts import SMALL

from mtg_typeline.crimport import archive, import_cr
from mtg_typeline.ruleset.index import read_index_file

OLD = b"the file as it was\n"
SAME_RULES = SMALL.replace("March 3, 2031", "April 1, 2031")
MORE_RULES = SMALL.replace("March 3, 2031", "May 5, 2031").replace("Goblin, and", "Goblin, Human, and")


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The working folder: `arch/` with two editions of the same rules (one gzipped),
    `later.txt` with more rules, and `cr.txt`, a text of its own."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "arch").mkdir()
    (tmp_path / "arch" / "2031-03-03.txt").write_text(SMALL, encoding="utf-8")
    (tmp_path / "arch" / "2031-04-01.txt.gz").write_bytes(gzip.compress(SAME_RULES.encode("utf-8")))
    (tmp_path / "later.txt").write_text(MORE_RULES, encoding="utf-8")
    (tmp_path / "cr.txt").write_text(SMALL, encoding="utf-8")
    return tmp_path


def listing(path: Path) -> list[str]:
    return sorted(p.name for p in path.iterdir())


def import_archive(*extra: str, out: str = "out") -> tuple[int, str, str]:
    result = run_cli(["rules", "import", "--archive", "arch", "--out-dir", out, *extra])
    return result.exit_code, result.stdout, result.stderr


def test_an_archive_gives_a_rule_file_per_change_and_the_index(folder: Path) -> None:
    assert import_archive("later.txt") == (0, "2 rule files, 3 editions: out\n", "")
    out = folder / "out"
    assert listing(out) == ["2031-03-03.yaml", "2031-05-05.yaml", "index.yaml"]
    assert (out / "2031-03-03.yaml").read_text(encoding="utf-8") == import_cr(SMALL.encode(), "small")
    assert (out / "2031-05-05.yaml").read_text(encoding="utf-8") == import_cr(MORE_RULES.encode(), "more")
    index = read_index_file(str(out / "index.yaml"), str(out))
    assert index["editions"] == {
        "2031-03-03": "2031-03-03.yaml",
        "2031-04-01": "2031-03-03.yaml",
        "2031-05-05": "2031-05-05.yaml",
    }
    assert [entry[3] for entry in index["entries"]] == [
        [("2031-03-03", "2031-03-03.txt"), ("2031-04-01", "2031-04-01.txt.gz")],
        [("2031-05-05", "later.txt")],
    ]


def test_files_in_the_folder_are_replaced_never_deleted(folder: Path) -> None:
    out = folder / "out"
    out.mkdir()
    (out / "2031-03-03.yaml").write_bytes(OLD)
    (out / "notes.txt").write_bytes(OLD)
    assert import_archive()[0] == 0
    assert listing(out) == ["2031-03-03.yaml", "index.yaml", "notes.txt"]
    assert (out / "2031-03-03.yaml").read_bytes() != OLD
    assert (out / "notes.txt").read_bytes() == OLD


USAGE = [
    (["--archive", "arch"], "--archive needs --out-dir DIR, the folder the rule files and index.yaml go to"),
    (["--out-dir", "out", "cr.txt"], "--out-dir goes with --archive DIR; one text is written with -o FILE"),
    (
        ["--archive", "arch", "--out-dir", "out", "-o", "x.yaml"],
        "-o writes one rule file; with --archive the rule files go to --out-dir",
    ),
    ([], "nothing to import: give a CR text, or --archive DIR --out-dir DIR"),
    (["cr.txt", "cr.txt"], "give one CR text, not 2; a folder of them: --archive DIR --out-dir DIR"),
    (
        ["--archive", "missing", "--out-dir", "out"],
        "missing: cannot read the archive: No such file or directory",
    ),
    (["--archive", "cr.txt", "--out-dir", "out"], "cr.txt: cannot read the archive: Not a directory"),
    (["--archive", "empty", "--out-dir", "out"], "empty: no CR texts (*.txt.gz, *.txt) in it"),
    (
        ["--archive", "arch", "--out-dir", "out", "none.txt"],
        "none.txt: cannot read the CR text: No such file or directory",
    ),
]


@pytest.mark.parametrize(("args", "message"), USAGE)
def test_bad_input_is_one_line_and_writes_nothing(folder: Path, args: list[str], message: str) -> None:
    (folder / "empty").mkdir()
    before = listing(folder)
    result = run_cli(["rules", "import", *args])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"typeline: error: {message}\n")
    assert listing(folder) == before


def test_a_text_that_does_not_import_leaves_the_folder_as_it_was(folder: Path) -> None:
    (folder / "arch" / "notes.txt").write_text("Notes on the rules, not the rules.\n", encoding="utf-8")
    (folder / "out").mkdir()
    (folder / "out" / "2031-03-03.yaml").write_bytes(OLD)
    status, stdout, stderr = import_archive()
    assert (status, stdout) == (2, "")
    assert stderr.startswith(f"typeline: error: {Path('arch', 'notes.txt')}:1: no effective date: ")
    assert listing(folder / "out") == ["2031-03-03.yaml"]
    assert (folder / "out" / "2031-03-03.yaml").read_bytes() == OLD


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("cr.txt", "cr.txt: cannot write: not a folder"),
        ("cr.txt/out", "cr.txt/out: cannot write: Not a directory"),
        ("taken", f"{Path('taken', 'index.yaml')}: cannot write: Is a directory"),
    ],
)
def test_a_folder_that_cant_be_written_is_left_as_it_was(folder: Path, out: str, message: str) -> None:
    (folder / "taken" / "index.yaml").mkdir(parents=True)  # the index can't go there: no file may
    before = {path: listing(folder / path) for path in (".", "taken")}
    assert import_archive(out=out) == (2, "", f"typeline: error: {message}\n")
    assert {path: listing(folder / path) for path in before} == before
    assert (folder / "cr.txt").read_text(encoding="utf-8") == SMALL


def test_an_interrupt_while_writing_leaves_no_file_changed(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = folder / "out"
    out.mkdir()
    (out / "2031-03-03.yaml").write_bytes(OLD)
    made: list[str] = []

    class Interrupted(archive.AtomicFile):
        def __init__(self, path: str | os.PathLike[str]) -> None:
            made.append(os.fspath(path))
            if len(made) == 2:
                raise KeyboardInterrupt
            super().__init__(path)

    monkeypatch.setattr(archive, "AtomicFile", Interrupted)
    assert import_archive()[2] == "typeline: interrupted\n"
    assert len(made) == 2
    assert listing(out) == ["2031-03-03.yaml"]  # no temporary file left, nothing replaced
    assert (out / "2031-03-03.yaml").read_bytes() == OLD
