"""`typeline check -o/--output-file FILE`: the report in the file and the summary on the
terminal, the file replaced whole (or the old one kept when the run fails), and a file that
can't be written, or that the run would read, refused before any input is read.

Expected output is written out literally where it is short.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import run_cli
from helpers.reports import ERROR, ERROR_TEXT, SGR

# -o/--output-file

TWO = "Creature - Elf\nCreature — Forest\n"  # a warning (fixable), an error
TWO_CONCISE = (
    "cards.txt:1:9: TL101 [*] [warning] the dash is written as '-'; subtypes follow a long dash '—' "
    "with one space on each side\n"
    "cards.txt:2:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land\n"
)
TWO_SUMMARY = "Found 1 error and 1 warning in 2 type lines in 1 file.\n[*] 1 fixable with --fix.\n"


def cards(folder: Path, text: str = TWO) -> Path:
    path = folder / "cards.txt"
    path.write_text(text, encoding="utf-8")
    return path


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.tmp"))


def test_output_file_holds_the_findings_and_the_terminal_the_summary(repo: Path) -> None:
    cards(repo)
    result = run_cli(["check", "--format", "concise", "-o", "report.txt", "cards.txt"])
    assert (result.exit_code, result.stdout, result.stderr) == (1, TWO_SUMMARY, "")
    assert (repo / "report.txt").read_text(encoding="utf-8") == TWO_CONCISE
    assert temporaries(repo) == []


def test_output_file_of_the_text_format(repo: Path) -> None:
    cards(repo, ERROR)
    result = run_cli(["check", "--output-file", "report.txt", "--color", "always", "-"], ERROR)
    assert result.exit_code == 1
    assert SGR.search(result.stdout)  # the terminal follows --color
    assert SGR.sub("", result.stdout) == "Found 1 error in 1 type line in 1 file.\n"
    report = (repo / "report.txt").read_text(encoding="utf-8")
    assert report == ERROR_TEXT.removesuffix("Found 1 error in 1 type line in 1 file.\n")  # never coloured


def test_output_file_quiet_prints_nothing(repo: Path) -> None:
    cards(repo)
    result = run_cli(["check", "--format", "concise", "-q", "-o", "report.txt", "cards.txt"])
    assert (result.exit_code, result.output) == (1, "")
    assert (repo / "report.txt").read_text(encoding="utf-8") == TWO_CONCISE


@pytest.mark.parametrize("fmt", ["json", "json-lines", "sarif", "junit", "gitlab", "github"])
def test_output_file_of_a_machine_format_is_its_whole_output(repo: Path, fmt: str) -> None:
    cards(repo)
    printed = run_cli(["check", "--format", fmt, "cards.txt"])
    result = run_cli(["check", "--format", fmt, "-o", "report", "cards.txt"])
    assert (result.exit_code, result.output) == (printed.exit_code, "")
    assert (repo / "report").read_text(encoding="utf-8") == printed.stdout


def test_output_file_with_statistics_holds_the_table(repo: Path) -> None:
    cards(repo)
    result = run_cli(["check", "--statistics", "-o", "report.txt", "cards.txt"])
    assert (result.exit_code, result.output) == (1, "")
    assert (repo / "report.txt").read_text(encoding="utf-8") == (
        "1  TL101  dash-form              warning [*]\n1  TL304  subtype-type-mismatch  error\n2  in all\n"
    )


def test_output_file_with_diff_holds_the_diff(repo: Path) -> None:
    path = cards(repo)
    result = run_cli(["check", "--diff", "-o", "changes.diff", "cards.txt"])
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", "Would fix 1 finding in 1 file.\n")
    assert (repo / "changes.diff").read_text(encoding="utf-8") == (
        "--- cards.txt\n+++ cards.txt\n@@ -1,2 +1,2 @@\n"
        "-Creature - Elf\n+Creature — Elf\n Creature — Forest\n"
    )
    assert path.read_text(encoding="utf-8") == TWO


def test_output_file_with_fix_of_standard_input(repo: Path) -> None:
    """Standard output carries the fixed text alone: the report goes to the file, the
    closing sentences to standard error."""
    result = run_cli(["check", "--fix", "--format", "concise", "-o", "report.txt", "-"], TWO)
    assert result.exit_code == 1
    assert result.stdout == "Creature — Elf\nCreature — Forest\n"
    assert result.stderr == (
        "Fixed 1 finding in 1 file.\nFound 1 error in 2 type lines in 1 file.\n"
        "1 left: it has no automatic fix.\n"
    )
    assert (repo / "report.txt").read_text(encoding="utf-8") == (
        "-:2:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land\n"
    )


def test_output_file_replaces_a_report_keeping_its_permissions(repo: Path) -> None:
    cards(repo)
    old = repo / "report.txt"
    old.write_text("an old report\n", encoding="utf-8")
    old.chmod(0o640)
    run_cli(["check", "--format", "concise", "-o", "report.txt", "cards.txt"])
    assert old.read_text(encoding="utf-8") == TWO_CONCISE
    assert old.stat().st_mode & 0o777 == 0o640


def test_output_file_is_written_when_an_input_cannot_be_read(repo: Path) -> None:
    result = run_cli(["check", "--format", "concise", "-o", "report.txt", "missing.txt"])
    assert result.exit_code == 2
    assert result.stdout == "Found 1 error in 0 type lines in 0 files.\n"
    assert (repo / "report.txt").read_text(encoding="utf-8") == (
        "missing.txt:1:1: TL901 [error] cannot read missing.txt: No such file or directory\n"
    )


def test_a_run_that_fails_leaves_the_old_report(repo: Path) -> None:
    cards(repo)
    (repo / "report.txt").write_text("an old report\n", encoding="utf-8")
    result = run_cli(["check", "--edition", "1999-01-01", "-o", "report.txt", "cards.txt"])
    assert result.exit_code == 2
    assert (repo / "report.txt").read_text(encoding="utf-8") == "an old report\n"
    assert temporaries(repo) == []


def test_output_file_dash_is_standard_output(repo: Path) -> None:
    cards(repo)
    (repo / ".typeline.yaml").write_text("output-file: reports/out.txt\nformat: concise\n", encoding="utf-8")
    result = run_cli(["check", "-o", "-", "cards.txt"])
    assert (result.exit_code, result.stdout) == (1, TWO_CONCISE + TWO_SUMMARY)
    assert not (repo / "reports").exists()


def test_output_file_key_is_relative_to_the_configuration(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cards(repo)
    (repo / "reports").mkdir()
    (repo / "sub").mkdir()
    (repo / ".typeline.yaml").write_text("output-file: reports/out.txt\nformat: concise\n", encoding="utf-8")
    monkeypatch.chdir(repo / "sub")
    result = run_cli(["check", "../cards.txt"])
    assert (result.exit_code, result.stdout) == (1, TWO_SUMMARY)
    assert (repo / "reports" / "out.txt").read_text(encoding="utf-8") == TWO_CONCISE


def test_output_file_to_a_device(repo: Path) -> None:
    cards(repo)
    result = run_cli(["check", "--format", "concise", "-o", os.devnull, "cards.txt"])
    assert (result.exit_code, result.output) == (1, TWO_SUMMARY)


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("out/report.txt", "--output-file out/report.txt: cannot write: out does not exist"),
        (
            "cards.txt/report.txt",
            "--output-file cards.txt/report.txt: cannot write: cards.txt is not a folder",
        ),
        ("folder", "--output-file folder: cannot write: Is a directory"),
        (
            "cards.txt",
            "--output-file cards.txt is an input of the run: the report would replace it; write the report "
            "elsewhere, or leave it out (--exclude)",
        ),
        ("", "--output-file '': give a file name, or - for standard output"),
    ],
)
def test_output_file_that_cannot_be_written_stops_the_run_first(
    repo: Path, target: str, message: str
) -> None:
    """Told before any input is read: with --fix, the input is not fixed."""
    path = cards(repo)
    (repo / "folder").mkdir()
    result = run_cli(["check", "--fix", "-o", target, "cards.txt"])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"typeline: error: {message}\n")
    assert path.read_text(encoding="utf-8") == TWO
    assert sorted(p.name for p in repo.iterdir()) == [".git", "cards.txt", "folder"]


def test_output_file_in_a_folder_that_refuses_writing(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a read-only folder gives (root may write anywhere, so it is simulated)."""
    cards(repo)

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("mtg_typeline.atomicwrite.tempfile.mkstemp", refuse)
    result = run_cli(["check", "-o", "report.txt", "cards.txt"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "typeline: error: --output-file report.txt: cannot write: Permission denied\n"
    assert not (repo / "report.txt").exists()


def test_output_file_in_a_read_only_folder(repo: Path) -> None:
    cards(repo)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        folder = Path("/sys")  # root may write in any folder but the kernel's own (Linux)
    else:
        folder = repo / "locked"
        folder.mkdir()
        folder.chmod(0o555)
    target = folder / "report.txt"
    try:
        result = run_cli(["check", "-o", str(target), "cards.txt"])
    finally:
        if folder != Path("/sys"):
            folder.chmod(0o755)
    assert result.exit_code == 2
    assert result.stderr == f"typeline: error: --output-file {target}: cannot write: Permission denied\n"
    assert not target.exists()
    assert not [p for p in folder.iterdir() if p.name.startswith(".report.txt")]


def test_a_report_file_the_run_would_read_is_refused(repo: Path) -> None:
    """`-o` onto a file a directory search reads (a card file, or the report of the last run):
    refused before anything is read, the file untouched."""
    (repo / "cards").mkdir()
    path = cards(repo / "cards")
    result = run_cli(["check", "--format", "concise", "-o", "cards/cards.txt", "cards"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "typeline: error: --output-file cards/cards.txt is an input of the run: the report would replace "
        "it; write the report elsewhere, or leave it out (--exclude)\n"
    )
    assert path.read_text(encoding="utf-8") == TWO
    assert sorted(p.name for p in (repo / "cards").iterdir()) == ["cards.txt"]
    args = ["check", "--format", "concise", "-o", "cards/report.txt", "cards"]
    assert run_cli(args).stdout == TWO_SUMMARY  # a new file: no input yet
    assert run_cli(args).exit_code == 2  # the last run's report is one now
    assert run_cli([*args[:-1], "--exclude", "report.txt", "cards"]).stdout == TWO_SUMMARY


def test_a_report_file_in_a_set_the_run_reads_is_refused(repo: Path) -> None:
    folder = repo / "sets" / "mine"
    folder.mkdir(parents=True)
    (folder / "set").write_text("mse_version: 2.0.2\ngame: magic\ninclude_file: card one\n", encoding="utf-8")
    card = "mse_version: 2.5.8\ncard:\n\tname: One\n\tsuper_type: Creature - Elf\n"
    (folder / "card one").write_text(card, encoding="utf-8")
    for named in ("sets", "sets/mine", "sets/mine/set"):
        result = run_cli(["check", "-o", "sets/mine/card one", named])
        assert result.exit_code == 2, named
        assert "is a file of the set sets/mine" in result.stderr or "is an input" in result.stderr
        assert (folder / "card one").read_text(encoding="utf-8") == card


def test_a_report_file_that_cannot_be_written_to_the_end(repo: Path) -> None:
    """A write that fails on the way (a full disk: /dev/full) is an error, not a traceback."""
    cards(repo)
    result = run_cli(["check", "--format", "json", "-o", "/dev/full", "cards.txt"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert (
        result.stderr == "typeline: error: --output-file /dev/full: cannot write: No space left on device\n"
    )
