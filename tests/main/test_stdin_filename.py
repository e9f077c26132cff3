"""`typeline check --stdin-filename NAME`: the name standard input is reported by, which
tells its format, meets per-file ignores and `--force-exclude`, and finds the configuration
from its folder; names no reader takes are usage errors.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from conftest import run_cli

from mtg_typeline.discovery import FileFilter
from mtg_typeline.engine import Options, run

# --stdin-filename NAME

CSV = "name,type_line\nBear,Creature - Bear\n"


def test_stdin_filename_tells_the_format_and_the_reported_name(repo: Path) -> None:
    result = run_cli(["check", "--format", "concise", "--stdin-filename", "cards/new.csv", "-"], CSV)
    assert result.exit_code == 0
    assert result.stdout == (
        "cards/new.csv:2:14: TL101 [*] [warning] the dash is written as '-'; subtypes follow a long "
        "dash '—' with one space on each side (card: Bear)\nFound 1 warning in 1 type line in 1 file.\n"
        "[*] 1 fixable with --fix.\n"
    )


def test_without_stdin_filename_the_same_table_is_told_by_its_content(repo: Path) -> None:
    result = run_cli(["check", "--format", "concise", "-q", "-"], CSV)
    assert result.stdout.startswith("-:2:14: TL101 ")


@pytest.mark.parametrize("name", ["cards/../cards/new.txt", "./cards/new.txt", "{here}/cards/new.txt"])
def test_stdin_filename_is_named_as_the_file_would_be(repo: Path, name: str) -> None:
    args = ["check", "--format", "concise", "-q", "--stdin-filename", name.format(here=repo)]
    result = run_cli(args, "Creature - Bear\n")  # no PATHS: standard input
    assert result.stdout.startswith("cards/new.txt:1:9: TL101 ")


def test_stdin_filename_from_a_subdirectory_is_named_from_the_root(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (repo / "cards").mkdir()
    monkeypatch.chdir(repo / "cards")
    result = run_cli(
        ["check", "--format", "concise", "-q", "--stdin-filename", "new.txt", "-"], "Creature - Bear\n"
    )
    assert result.stdout.startswith("cards/new.txt:1:9: TL101 ")


def test_stdin_filename_with_a_text_name_reads_text(repo: Path) -> None:
    """A table's header read as type lines: the name wins over the content."""
    result = run_cli(["check", "--format", "concise", "-q", "--stdin-filename", "notes.txt", "-"], CSV)
    assert result.stdout.splitlines()[0].startswith("notes.txt:1:1: TL201 [error] 'name,type_line'")


def test_stdin_filename_meets_per_file_ignores(repo: Path) -> None:
    (repo / ".typeline.yaml").write_text(
        "per-file-ignores:\n  'legacy/*.txt': [dash-form]\n", encoding="utf-8"
    )
    line = "Creature - Bear\n"
    ignored = run_cli(["check", "--format", "concise", "--stdin-filename", "legacy/old.txt", "-"], line)
    assert (ignored.exit_code, ignored.stdout) == (0, "No problems in 1 type line in 1 file.\n")
    kept = run_cli(["check", "--format", "concise", "-q", "--stdin-filename", "new/old.txt", "-"], line)
    assert kept.stdout.startswith("new/old.txt:1:9: TL101 ")


def test_stdin_filename_finds_the_configuration_from_its_folder(repo: Path) -> None:
    (repo / "strict").mkdir()
    (repo / "strict" / ".typeline.yaml").write_text("fail-on: warning\n", encoding="utf-8")
    line = "Creature - Bear\n"
    assert run_cli(["check", "--stdin-filename", "strict/new.txt", "-"], line).exit_code == 1
    assert run_cli(["check", "--stdin-filename", "other/new.txt", "-"], line).exit_code == 0
    assert run_cli(["check", "-"], line).exit_code == 0
    chosen = run_cli(["check", "--no-config", "--stdin-filename", "strict/new.txt", "-"], line)
    assert chosen.exit_code == 0


def test_stdin_filename_with_fix_prints_the_fixed_text(repo: Path) -> None:
    result = run_cli(["check", "--fix", "--format", "concise", "--stdin-filename", "cards/new.csv", "-"], CSV)
    assert (result.exit_code, result.stdout) == (0, "name,type_line\nBear,Creature — Bear\n")
    assert result.stderr == "Fixed 1 finding in 1 file.\nNo problems in 1 type line in 1 file.\n"


@pytest.mark.parametrize("name", ["notes.docx", "cards.TOML", "a.b.pdf"])
def test_stdin_filename_that_no_reader_takes_is_a_usage_error(repo: Path, name: str) -> None:
    result = run_cli(["check", "--stdin-filename", name, "-"], "Creature\n")
    ext = "." + name.rsplit(".", 1)[1]
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"typeline: error: --stdin-filename {name}: no reader takes {ext} files (they take .txt, .json, "
        ".jsonl, .ndjson, .csv, .tsv, .yaml, .yml, .xml, .mse-set, MSE set and card … files, and names "
        "without an extension); give --input-format to say how to read it\n"
    )


def test_stdin_filename_that_no_reader_takes_with_an_input_format(repo: Path) -> None:
    result = run_cli(
        ["check", "--input-format", "text", "--stdin-filename", "notes.docx", "-"], "Creature - Bear\n"
    )
    assert result.exit_code == 0
    assert result.stdout.startswith("notes.docx:1:9: warning TL101 ")


@pytest.mark.parametrize("name", ["types", "set", "card one", "cards.YAML", "x.Mse-Set", ".hidden"])
def test_stdin_filenames_the_readers_take(repo: Path, name: str) -> None:
    result = run_cli(["check", "--format", "json", "--stdin-filename", name, "-"], "Creature\n")
    assert "no reader takes" not in result.stderr
    assert result.stdout.startswith("{")  # read (what each reader makes of it is not at stake repo)


@pytest.mark.parametrize("name", ["", "-"])
def test_an_empty_stdin_filename_is_a_usage_error(repo: Path, name: str) -> None:
    result = run_cli(["check", "--stdin-filename", name, "-"], "Creature\n")
    assert (result.exit_code, result.stderr) == (
        2,
        f"typeline: error: --stdin-filename {name!r}: give the file name standard input is checked as\n",
    )


@pytest.mark.parametrize("named", ["cards/bad.txt", "./cards/bad.txt", "cards"])
def test_a_stdin_filename_that_is_named_as_a_path_too_is_a_usage_error(repo: Path, named: str) -> None:
    (repo / "cards").mkdir()
    (repo / "cards" / "bad.txt").write_text("Creature — Forest\n", encoding="utf-8")
    result = run_cli(["check", "--stdin-filename", "cards/bad.txt", "-", named], "Creature\n")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "typeline: error: --stdin-filename cards/bad.txt names cards/bad.txt, which is named as a path "
        "too: one of them would not be checked\n"
    )


def test_stdin_filename_without_standard_input_is_a_warning(repo: Path) -> None:
    (repo / "a.txt").write_text("Creature\n", encoding="utf-8")
    result = run_cli(["check", "--stdin-filename", "x.txt", "a.txt"], "Creature - Bear\n")
    assert (result.exit_code, result.stdout) == (0, "No problems in 1 type line in 1 file.\n")
    assert result.stderr == (
        "typeline: warning: --stdin-filename x.txt is not used: standard input is not read "
        "(give - among the PATHS to read it)\n"
    )


def test_stdin_filename_meets_force_exclude(repo: Path) -> None:
    """Standard input named into an excluded folder is left out under --force-exclude, as
    the file would be (through the engine: the flag itself belongs to the command line)."""
    files = FileFilter(exclude=("drafts/**",))
    for force, expected in ((True, 0), (False, 1)):
        options = Options(paths=("-",), files=files, force_exclude=force, stdin_filename="drafts/new.txt")
        out, err = io.StringIO(), io.StringIO()
        status = run(options._replace(output_format="json"), out, err, io.BytesIO(b"Creature - Bear\n"))
        assert (status, json.loads(out.getvalue())["summary"]["files"]) == (0, expected)
