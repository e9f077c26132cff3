"""Flags of `typeline check` that users know from ruff and yamllint: `--color WHEN` with
FORCE_COLOR and NO_COLOR, `-o/--output-file`, `--stdin-filename`, `-v/--verbose`,
`--show-settings`, `--show-files`.

Expected output is written out literally where it is short.
"""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import pytest
from conftest import run_cli

from mtg_typeline.discovery import FileFilter
from mtg_typeline.engine import Options, run
from mtg_typeline.main.check import color_words
from mtg_typeline.reporters.text import wants_color

ERROR = "Creature — Forest\n"  # TL304 error
ERROR_TEXT = """\
-:1:12: error TL304 subtype-type-mismatch
  Forest is a land type (205.3i), but this object is not a land
   |
 1 | Creature — Forest
   |            ^^^^^^
   = rules: 205.3d  An object cannot get a subtype that matches none of its card types.
            205.3i  Lists the land types; five of them are the basic land types.
Found 1 error in 1 type line in 1 file.
"""
SGR = re.compile(r"\x1b\[[0-9;]*m")

invoke = run_cli


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working directory with no configuration above it that matters."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()  # the root of reported names, and no configuration above
    return tmp_path


def styled(args: list[str], env: dict[str, str | None] | None = None) -> bool:
    """Whether `typeline check ARGS -` styles its text output (standard input: an error)."""
    result = invoke(["check", "--no-config", *args], ERROR, env=env)
    assert SGR.sub("", result.stdout) == ERROR_TEXT, result.output
    return bool(SGR.search(result.stdout))


# --color WHEN


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--color", "always", "-"], True),
        (["--color=always", "-"], True),
        (["--color", "-"], True),  # alone: always, as when it was a flag
        (["-", "--color"], True),
        (["--color", "never", "-"], False),
        (["--color=never", "-"], False),
        (["--no-color", "-"], False),
        (["--color", "auto", "-"], False),  # not a terminal
        (["-"], False),
        (["--color", "--no-color", "-"], False),  # the last one wins
        (["--no-color", "--color", "-"], True),
        (["--color", "never", "--color", "always", "-"], True),
    ],
)
def test_color_when(here: Path, args: list[str], expected: bool) -> None:
    assert styled(args) is expected


def test_color_alone_before_a_path_takes_no_value(here: Path) -> None:
    (here / "cards.txt").write_text(ERROR, encoding="utf-8")
    result = invoke(["check", "--no-config", "--color", "cards.txt"])
    assert result.exit_code == 1
    assert SGR.search(result.stdout)
    assert SGR.sub("", result.stdout).startswith("cards.txt:1:12: error TL304")


def test_a_bad_color_value_is_a_usage_error(here: Path) -> None:
    result = invoke(["check", "--color=sometimes", "-"], ERROR)
    assert result.exit_code == 2
    assert "'sometimes' is not one of 'auto', 'always', 'never'" in result.stderr


def test_after_a_double_dash_color_is_a_path(here: Path) -> None:
    result = invoke(["check", "--no-config", "--", "--color"])
    assert result.exit_code == 2
    assert "cannot read --color: No such file or directory" in result.stdout


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"FORCE_COLOR": "1"}, True),
        ({"FORCE_COLOR": "0"}, True),  # any value but the empty string, as force-color.org says
        ({"FORCE_COLOR": ""}, False),  # empty: as if unset
        ({"NO_COLOR": "1"}, False),
        ({"NO_COLOR": "1", "FORCE_COLOR": "1"}, False),  # NO_COLOR wins
        ({"NO_COLOR": "", "FORCE_COLOR": "1"}, True),
    ],
)
def test_color_auto_follows_force_color_and_no_color(
    here: Path, env: dict[str, str | None], expected: bool
) -> None:
    assert styled(["-"], env) is expected
    assert styled(["--color", "auto", "-"], env) is expected


@pytest.mark.parametrize(
    "env", [{"NO_COLOR": "1"}, {"FORCE_COLOR": "1"}, {"NO_COLOR": "1", "FORCE_COLOR": "1"}]
)
def test_color_always_and_never_beat_the_variables(here: Path, env: dict[str, str | None]) -> None:
    assert styled(["--color", "always", "-"], env) is True
    assert styled(["--color", "never", "-"], env) is False
    assert styled(["--no-color", "-"], env) is False


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("environ", "expected"),
    [({}, True), ({"FORCE_COLOR": ""}, True), ({"NO_COLOR": ""}, True), ({"NO_COLOR": "x"}, False)],
)
def test_a_terminal_is_styled_unless_no_color(environ: dict[str, str], expected: bool) -> None:
    assert wants_color(_Terminal(), environ) is expected
    assert wants_color(io.StringIO(), environ) is False


@pytest.mark.parametrize(
    ("value", "env", "expected"),
    [
        ('"always"', {}, True),
        ("true", {}, True),
        ('"never"', {"FORCE_COLOR": "1"}, False),
        ("false", {"FORCE_COLOR": "1"}, False),
        ('"auto"', {}, False),
        ('"auto"', {"FORCE_COLOR": "1"}, True),
    ],
)
def test_color_key_of_the_configuration(
    here: Path, value: str, env: dict[str, str | None], expected: bool
) -> None:
    (here / "pyproject.toml").write_text(f"[tool.typeline]\ncolor = {value}\n", encoding="utf-8")
    result = invoke(["check", "-"], ERROR, env=env)
    assert bool(SGR.search(result.stdout)) is expected
    over = invoke(["check", "--color", "never" if expected else "always", "-"], ERROR, env=env)
    assert bool(SGR.search(over.stdout)) is not expected


def test_color_words_leave_option_values_and_the_rest_alone() -> None:
    valued = ["--key", "--column", "-o"]
    assert color_words(["--key", "--color", "a.yaml"], valued) == ["--key", "--color", "a.yaml"]
    assert color_words(["--color", "never", "x"], valued) == ["--color=never", "x"]
    assert color_words(["--color", "x"], valued) == ["--color=always", "x"]
    assert color_words(["--color"], valued) == ["--color=always"]
    assert color_words(["--", "--no-color"], valued) == ["--", "--no-color"]
    assert color_words(["--no-color", "--", "--color"], valued) == ["--color=never", "--", "--color"]


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


def test_output_file_holds_the_findings_and_the_terminal_the_summary(here: Path) -> None:
    cards(here)
    result = invoke(["check", "--format", "concise", "-o", "report.txt", "cards.txt"])
    assert (result.exit_code, result.stdout, result.stderr) == (1, TWO_SUMMARY, "")
    assert (here / "report.txt").read_text(encoding="utf-8") == TWO_CONCISE
    assert temporaries(here) == []


def test_output_file_of_the_text_format(here: Path) -> None:
    cards(here, ERROR)
    result = invoke(["check", "--output-file", "report.txt", "--color", "always", "-"], ERROR)
    assert result.exit_code == 1
    assert SGR.search(result.stdout)  # the terminal follows --color
    assert SGR.sub("", result.stdout) == "Found 1 error in 1 type line in 1 file.\n"
    report = (here / "report.txt").read_text(encoding="utf-8")
    assert report == ERROR_TEXT.removesuffix("Found 1 error in 1 type line in 1 file.\n")  # never coloured


def test_output_file_quiet_prints_nothing(here: Path) -> None:
    cards(here)
    result = invoke(["check", "--format", "concise", "-q", "-o", "report.txt", "cards.txt"])
    assert (result.exit_code, result.output) == (1, "")
    assert (here / "report.txt").read_text(encoding="utf-8") == TWO_CONCISE


@pytest.mark.parametrize("fmt", ["json", "json-lines", "sarif", "junit", "gitlab", "github"])
def test_output_file_of_a_machine_format_is_its_whole_output(here: Path, fmt: str) -> None:
    cards(here)
    printed = invoke(["check", "--format", fmt, "cards.txt"])
    result = invoke(["check", "--format", fmt, "-o", "report", "cards.txt"])
    assert (result.exit_code, result.output) == (printed.exit_code, "")
    assert (here / "report").read_text(encoding="utf-8") == printed.stdout


def test_output_file_with_statistics_holds_the_table(here: Path) -> None:
    cards(here)
    result = invoke(["check", "--statistics", "-o", "report.txt", "cards.txt"])
    assert (result.exit_code, result.output) == (1, "")
    assert (here / "report.txt").read_text(encoding="utf-8") == (
        "1  TL101  dash-form              warning [*]\n1  TL304  subtype-type-mismatch  error\n2  in all\n"
    )


def test_output_file_with_diff_holds_the_diff(here: Path) -> None:
    path = cards(here)
    result = invoke(["check", "--diff", "-o", "changes.diff", "cards.txt"])
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", "Would fix 1 finding in 1 file.\n")
    assert (here / "changes.diff").read_text(encoding="utf-8") == (
        "--- cards.txt\n+++ cards.txt\n@@ -1,2 +1,2 @@\n"
        "-Creature - Elf\n+Creature — Elf\n Creature — Forest\n"
    )
    assert path.read_text(encoding="utf-8") == TWO


def test_output_file_with_fix_of_standard_input(here: Path) -> None:
    """Standard output carries the fixed text alone: the report goes to the file, the
    closing sentences to standard error."""
    result = invoke(["check", "--fix", "--format", "concise", "-o", "report.txt", "-"], TWO)
    assert result.exit_code == 1
    assert result.stdout == "Creature — Elf\nCreature — Forest\n"
    assert result.stderr == (
        "Fixed 1 finding in 1 file.\nFound 1 error in 2 type lines in 1 file.\n"
        "1 left: it has no automatic fix.\n"
    )
    assert (here / "report.txt").read_text(encoding="utf-8") == (
        "-:2:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land\n"
    )


def test_output_file_replaces_a_report_keeping_its_permissions(here: Path) -> None:
    cards(here)
    old = here / "report.txt"
    old.write_text("an old report\n", encoding="utf-8")
    old.chmod(0o640)
    invoke(["check", "--format", "concise", "-o", "report.txt", "cards.txt"])
    assert old.read_text(encoding="utf-8") == TWO_CONCISE
    assert old.stat().st_mode & 0o777 == 0o640


def test_output_file_is_written_when_an_input_cannot_be_read(here: Path) -> None:
    result = invoke(["check", "--format", "concise", "-o", "report.txt", "missing.txt"])
    assert result.exit_code == 2
    assert result.stdout == "Found 1 error in 0 type lines in 0 files.\n"
    assert (here / "report.txt").read_text(encoding="utf-8") == (
        "missing.txt:1:1: TL901 [error] cannot read missing.txt: No such file or directory\n"
    )


def test_a_run_that_fails_leaves_the_old_report(here: Path) -> None:
    cards(here)
    (here / "report.txt").write_text("an old report\n", encoding="utf-8")
    result = invoke(["check", "--edition", "1999-01-01", "-o", "report.txt", "cards.txt"])
    assert result.exit_code == 2
    assert (here / "report.txt").read_text(encoding="utf-8") == "an old report\n"
    assert temporaries(here) == []


def test_output_file_dash_is_standard_output(here: Path) -> None:
    cards(here)
    (here / ".typeline.yaml").write_text("output-file: reports/out.txt\nformat: concise\n", encoding="utf-8")
    result = invoke(["check", "-o", "-", "cards.txt"])
    assert (result.exit_code, result.stdout) == (1, TWO_CONCISE + TWO_SUMMARY)
    assert not (here / "reports").exists()


def test_output_file_key_is_relative_to_the_configuration(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cards(here)
    (here / "reports").mkdir()
    (here / "sub").mkdir()
    (here / ".typeline.yaml").write_text("output-file: reports/out.txt\nformat: concise\n", encoding="utf-8")
    monkeypatch.chdir(here / "sub")
    result = invoke(["check", "../cards.txt"])
    assert (result.exit_code, result.stdout) == (1, TWO_SUMMARY)
    assert (here / "reports" / "out.txt").read_text(encoding="utf-8") == TWO_CONCISE


def test_output_file_to_a_device(here: Path) -> None:
    cards(here)
    result = invoke(["check", "--format", "concise", "-o", os.devnull, "cards.txt"])
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
    here: Path, target: str, message: str
) -> None:
    """Told before any input is read: with --fix, the input is not fixed."""
    path = cards(here)
    (here / "folder").mkdir()
    result = invoke(["check", "--fix", "-o", target, "cards.txt"])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"typeline: error: {message}\n")
    assert path.read_text(encoding="utf-8") == TWO
    assert sorted(p.name for p in here.iterdir()) == [".git", "cards.txt", "folder"]


def test_output_file_in_a_folder_that_refuses_writing(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a read-only folder gives (root may write anywhere, so it is simulated)."""
    cards(here)

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("mtg_typeline.atomicwrite.tempfile.mkstemp", refuse)
    result = invoke(["check", "-o", "report.txt", "cards.txt"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "typeline: error: --output-file report.txt: cannot write: Permission denied\n"
    assert not (here / "report.txt").exists()


def test_output_file_in_a_read_only_folder(here: Path) -> None:
    cards(here)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        folder = Path("/sys")  # root may write in any folder but the kernel's own (Linux)
    else:
        folder = here / "locked"
        folder.mkdir()
        folder.chmod(0o555)
    target = folder / "report.txt"
    try:
        result = invoke(["check", "-o", str(target), "cards.txt"])
    finally:
        if folder != Path("/sys"):
            folder.chmod(0o755)
    assert result.exit_code == 2
    assert result.stderr == f"typeline: error: --output-file {target}: cannot write: Permission denied\n"
    assert not target.exists()
    assert not [p for p in folder.iterdir() if p.name.startswith(".report.txt")]


# --stdin-filename NAME

CSV = "name,type_line\nBear,Creature - Bear\n"


def test_stdin_filename_tells_the_format_and_the_reported_name(here: Path) -> None:
    result = invoke(["check", "--format", "concise", "--stdin-filename", "cards/new.csv", "-"], CSV)
    assert result.exit_code == 0
    assert result.stdout == (
        "cards/new.csv:2:14: TL101 [*] [warning] the dash is written as '-'; subtypes follow a long "
        "dash '—' with one space on each side (card: Bear)\nFound 1 warning in 1 type line in 1 file.\n"
        "[*] 1 fixable with --fix.\n"
    )


def test_without_stdin_filename_the_same_table_is_told_by_its_content(here: Path) -> None:
    result = invoke(["check", "--format", "concise", "-q", "-"], CSV)
    assert result.stdout.startswith("-:2:14: TL101 ")


@pytest.mark.parametrize("name", ["cards/../cards/new.txt", "./cards/new.txt", "{here}/cards/new.txt"])
def test_stdin_filename_is_named_as_the_file_would_be(here: Path, name: str) -> None:
    args = ["check", "--format", "concise", "-q", "--stdin-filename", name.format(here=here)]
    result = invoke(args, "Creature - Bear\n")  # no PATHS: standard input
    assert result.stdout.startswith("cards/new.txt:1:9: TL101 ")


def test_stdin_filename_from_a_subdirectory_is_named_from_the_root(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (here / "cards").mkdir()
    monkeypatch.chdir(here / "cards")
    result = invoke(
        ["check", "--format", "concise", "-q", "--stdin-filename", "new.txt", "-"], "Creature - Bear\n"
    )
    assert result.stdout.startswith("cards/new.txt:1:9: TL101 ")


def test_stdin_filename_with_a_text_name_reads_text(here: Path) -> None:
    """A table's header read as type lines: the name wins over the content."""
    result = invoke(["check", "--format", "concise", "-q", "--stdin-filename", "notes.txt", "-"], CSV)
    assert result.stdout.splitlines()[0].startswith("notes.txt:1:1: TL201 [error] 'name,type_line'")


def test_stdin_filename_meets_per_file_ignores(here: Path) -> None:
    (here / ".typeline.yaml").write_text(
        "per-file-ignores:\n  'legacy/*.txt': [dash-form]\n", encoding="utf-8"
    )
    line = "Creature - Bear\n"
    ignored = invoke(["check", "--format", "concise", "--stdin-filename", "legacy/old.txt", "-"], line)
    assert (ignored.exit_code, ignored.stdout) == (0, "No problems in 1 type line in 1 file.\n")
    kept = invoke(["check", "--format", "concise", "-q", "--stdin-filename", "new/old.txt", "-"], line)
    assert kept.stdout.startswith("new/old.txt:1:9: TL101 ")


def test_stdin_filename_finds_the_configuration_from_its_folder(here: Path) -> None:
    (here / "strict").mkdir()
    (here / "strict" / ".typeline.yaml").write_text("fail-on: warning\n", encoding="utf-8")
    line = "Creature - Bear\n"
    assert invoke(["check", "--stdin-filename", "strict/new.txt", "-"], line).exit_code == 1
    assert invoke(["check", "--stdin-filename", "other/new.txt", "-"], line).exit_code == 0
    assert invoke(["check", "-"], line).exit_code == 0
    chosen = invoke(["check", "--no-config", "--stdin-filename", "strict/new.txt", "-"], line)
    assert chosen.exit_code == 0


def test_stdin_filename_with_fix_prints_the_fixed_text(here: Path) -> None:
    result = invoke(["check", "--fix", "--format", "concise", "--stdin-filename", "cards/new.csv", "-"], CSV)
    assert (result.exit_code, result.stdout) == (0, "name,type_line\nBear,Creature — Bear\n")
    assert result.stderr == "Fixed 1 finding in 1 file.\nNo problems in 1 type line in 1 file.\n"


@pytest.mark.parametrize("name", ["notes.docx", "cards.TOML", "a.b.pdf"])
def test_stdin_filename_that_no_reader_takes_is_a_usage_error(here: Path, name: str) -> None:
    result = invoke(["check", "--stdin-filename", name, "-"], "Creature\n")
    ext = "." + name.rsplit(".", 1)[1]
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"typeline: error: --stdin-filename {name}: no reader takes {ext} files (they take .txt, .json, "
        ".csv, .tsv, .yaml, .yml, .xml, .mse-set, MSE set and card … files, and names without an "
        "extension); give --input-format to say how to read it\n"
    )


def test_stdin_filename_that_no_reader_takes_with_an_input_format(here: Path) -> None:
    result = invoke(
        ["check", "--input-format", "text", "--stdin-filename", "notes.docx", "-"], "Creature - Bear\n"
    )
    assert result.exit_code == 0
    assert result.stdout.startswith("notes.docx:1:9: warning TL101 ")


@pytest.mark.parametrize("name", ["types", "set", "card one", "cards.YAML", "x.Mse-Set", ".hidden"])
def test_stdin_filenames_the_readers_take(here: Path, name: str) -> None:
    result = invoke(["check", "--format", "json", "--stdin-filename", name, "-"], "Creature\n")
    assert "no reader takes" not in result.stderr
    assert result.stdout.startswith("{")  # read (what each reader makes of it is not at stake here)


@pytest.mark.parametrize("name", ["", "-"])
def test_an_empty_stdin_filename_is_a_usage_error(here: Path, name: str) -> None:
    result = invoke(["check", "--stdin-filename", name, "-"], "Creature\n")
    assert (result.exit_code, result.stderr) == (
        2,
        f"typeline: error: --stdin-filename {name!r}: give the file name standard input is checked as\n",
    )


@pytest.mark.parametrize("named", ["cards/bad.txt", "./cards/bad.txt", "cards"])
def test_a_stdin_filename_that_is_named_as_a_path_too_is_a_usage_error(here: Path, named: str) -> None:
    (here / "cards").mkdir()
    (here / "cards" / "bad.txt").write_text("Creature — Forest\n", encoding="utf-8")
    result = invoke(["check", "--stdin-filename", "cards/bad.txt", "-", named], "Creature\n")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "typeline: error: --stdin-filename cards/bad.txt names cards/bad.txt, which is named as a path "
        "too: one of them would not be checked\n"
    )


def test_stdin_filename_without_standard_input_is_a_warning(here: Path) -> None:
    (here / "a.txt").write_text("Creature\n", encoding="utf-8")
    result = invoke(["check", "--stdin-filename", "x.txt", "a.txt"], "Creature - Bear\n")
    assert (result.exit_code, result.stdout) == (0, "No problems in 1 type line in 1 file.\n")
    assert result.stderr == (
        "typeline: warning: --stdin-filename x.txt is not used: standard input is not read "
        "(give - among the PATHS to read it)\n"
    )


def test_stdin_filename_meets_force_exclude(here: Path) -> None:
    """Standard input named into an excluded folder is left out under --force-exclude, as
    the file would be (through the engine: the flag itself belongs to the command line)."""
    files = FileFilter(exclude=("drafts/**",))
    for force, expected in ((True, 0), (False, 1)):
        options = Options(paths=("-",), files=files, force_exclude=force, stdin_filename="drafts/new.txt")
        out, err = io.StringIO(), io.StringIO()
        status = run(options._replace(output_format="json"), out, err, io.BytesIO(b"Creature - Bear\n"))
        assert (status, json.loads(out.getvalue())["summary"]["files"]) == (0, expected)


# -v/--verbose, --show-settings, --show-files


@pytest.fixture
def tree(here: Path) -> Path:
    """Card files and others: cards/ holds a text file, a JSON file that holds no cards and
    a README of prose (both passed over by the search); a.txt beside it."""
    (here / "cards").mkdir()
    (here / "cards" / "goblins.txt").write_text("Creature — Goblin\n", encoding="utf-8")
    (here / "cards" / "package.json").write_text('{"name": "x", "version": "1.0.0"}\n', encoding="utf-8")
    (here / "cards" / "notes.txt").write_text("Remember to print the proxies.\n", encoding="utf-8")
    (here / "a.txt").write_text("Creature — Elf\n", encoding="utf-8")
    return here


def test_verbose_says_what_the_run_used_and_found(tree: Path) -> None:
    (tree / "pyproject.toml").write_text('[tool.typeline]\nedition = "2020-08-07"\n', encoding="utf-8")
    result = invoke(["check", "-v", "a.txt", "./a.txt", "cards", "missing.txt"])
    assert result.exit_code == 2
    assert result.stderr == (
        "typeline: configuration: pyproject.toml\n"
        "typeline: root: . (inputs are named relative to it)\n"
        "typeline: rules: edition 2020-08-07 (shipped rule file 2020-07-03.yaml)\n"
        "typeline: inputs: 4 named, 0 left out (--force-exclude), 3 found in directories: 5 to read\n"
        "typeline: read 2 inputs; passed over 2 that hold no card data; 1 unreadable\n"
    )
    assert result.stdout.endswith("Found 1 error in 2 type lines in 2 files.\n")


def test_verbose_from_a_subdirectory_with_rule_files(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    custom = tree / "cards" / "fan.yaml"
    custom.write_text("extends: 2026-09-25\nadd:\n  creature: [Clamfolk]\n", encoding="utf-8")
    monkeypatch.chdir(tree / "cards")
    result = invoke(["check", "--no-config", "--verbose", "--rules", "fan.yaml", "goblins.txt"])
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        "typeline: configuration: none (--no-config)\n"
        "typeline: root: .. (inputs are named relative to it)\n"
        "typeline: rules: fan.yaml (edition 2026-09-25)\n"
        "typeline: inputs: 1 named, 0 left out (--force-exclude), 0 found in directories: 1 to read\n"
        "typeline: read 1 input; passed over 0 that hold no card data; 0 unreadable\n"
    )


def test_verbose_of_standard_input_without_a_configuration(here: Path) -> None:
    result = invoke(["check", "-v", "--format", "json", "-"], ERROR)
    assert result.stderr == (
        "typeline: configuration: none found\n"
        "typeline: root: . (inputs are named relative to it)\n"
        "typeline: rules: edition 2026-09-25 (shipped rule file 2026-09-25.yaml)\n"
        "typeline: inputs: 1 named, 0 left out (--force-exclude), 0 found in directories: 1 to read\n"
        "typeline: read 1 input; passed over 0 that hold no card data; 0 unreadable\n"
    )
    assert result.stdout.startswith("{")  # the report is untouched


def test_verbose_counts_what_force_exclude_left_out(tree: Path) -> None:
    """Through the engine: the flag itself belongs to the command line."""
    options = Options(
        paths=("a.txt", "cards/goblins.txt", "cards"),
        files=FileFilter(exclude=("goblins.txt",)),
        force_exclude=True,
        verbose=True,
    )
    err = io.StringIO()
    assert run(options, io.StringIO(), err, io.BytesIO()) == 0
    assert err.getvalue().splitlines()[2:] == [
        "typeline: inputs: 3 named, 1 left out (--force-exclude), 2 found in directories: 3 to read",
        "typeline: read 1 input; passed over 2 that hold no card data; 0 unreadable",
    ]
    options = options._replace(
        paths=("a.txt", "cards/package.json"), files=FileFilter(), skip_non_card_files=True
    )
    err = io.StringIO()
    assert run(options, io.StringIO(), err, io.BytesIO()) == 0
    assert (
        err.getvalue().splitlines()[-1]
        == "typeline: read 1 input; passed over 1 that holds no card data; 0 unreadable"
    )


def test_show_files_lists_the_inputs_and_reads_nothing(tree: Path) -> None:
    result = invoke(["check", "--show-files", "a.txt", "./a.txt", "cards", "-", "missing.txt"], "never read")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == "a.txt\ncards/goblins.txt\ncards/notes.txt\ncards/package.json\n-\nmissing.txt\n"


def test_show_files_names_standard_input_by_stdin_filename(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tree / "cards")
    result = invoke(["check", "--show-files", "--stdin-filename", "new.csv", "-", "goblins.txt"])
    assert (result.exit_code, result.stdout) == (0, "cards/new.csv\ncards/goblins.txt\n")


def test_show_files_of_an_empty_folder_warns(here: Path) -> None:
    (here / "empty").mkdir()
    result = invoke(["check", "--show-files", "--no-error-on-unmatched-pattern", "empty"])
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr.startswith("typeline: warning: no files matching *.txt")


SETTINGS_DEFAULT = {
    "as-of": "(not set)",
    "color": '"auto"',
    "column": "(not set)",
    "diff": "false",
    "baseline": "(not set)",
    "edition": "(not set)",
    "encoding": "(not set)",
    "error-on-unmatched-pattern": "true",
    "exclude": "(not set)",
    "exit-zero": "false",
    "extend-select": "(not set)",
    "fail-on": '"error"',
    "fix": "false",
    "force-exclude": "false",
    "format": '"auto"',
    "hidden": "false",
    "ignore": "(not set)",
    "include": "(not set)",
    "input-format": '"auto"',
    "key": "(not set)",
    "max-member-ratio": "200",
    "max-member-size": '"64M"',
    "output-file": "(not set)",
    "per-card-ignores": "(not set)",
    "per-file-ignores": "(not set)",
    "quiet": "false",
    "respect-gitignore": "true",
    "rules": "(not set)",
    "select": "(not set)",
    "skip-non-card-files": "false",
    "statistics": "false",
    "stdin-filename": "(not set)",
    "strict": "false",
    "unsafe-fixes": "false",
    "verbose": "false",
    "write-baseline": "(not set)",
}


def settings_of(output: str) -> tuple[str, dict[str, tuple[str, str]]]:
    """The configuration line and {key: (value, origin)} of --show-settings output, each line
    checked to be `key = value` padded to one column, then `# origin`."""
    first, *rows = output.splitlines()
    settings: dict[str, tuple[str, str]] = {}
    column = {row.index("  # ") for row in rows}
    assert len(column) == 1, output
    for row in rows:
        setting, origin = row.split("  # ")
        key, value = setting.rstrip().split(" = ", 1)
        settings[key] = (value, origin)
    return first, settings


def test_show_settings_of_the_defaults(here: Path) -> None:
    result = invoke(["check", "--no-config", "--show-settings"])
    assert (result.exit_code, result.stderr) == (0, "")
    first, settings = settings_of(result.stdout)
    assert first == "# configuration: none"
    assert settings == {key: (value, "default") for key, value in SETTINGS_DEFAULT.items()}


def test_show_settings_says_where_each_comes_from(here: Path) -> None:
    (here / ".typeline.yaml").write_text(
        "edition: '2020-08-07'\nselect: [TL1, unknown-subtype]\ncolor: false\n"
        "per-file-ignores:\n  'old/*.txt': [TL101]\nformat: concise\n",
        encoding="utf-8",
    )
    result = invoke(["check", "--show-settings", "--as-of", "2024-01-01", "--format", "json", "-o", "r.json"])
    assert result.exit_code == 0
    first, settings = settings_of(result.stdout)
    assert first == "# configuration: .typeline.yaml"
    changed = {
        "as-of": ('"2024-01-01"', "command line"),
        "edition": ("(not set)", "default"),  # a typed --as-of sets the configured edition aside
        "select": ('["TL1", "unknown-subtype"]', ".typeline.yaml"),
        "color": ("false", ".typeline.yaml"),
        "per-file-ignores": ('{"old/*.txt" = ["TL101"]}', ".typeline.yaml"),
        "format": ('"json"', "command line"),
        "output-file": ('"r.json"', "command line"),
    }
    assert settings == {key: (value, "default") for key, value in SETTINGS_DEFAULT.items()} | changed
    assert not (here / "r.json").exists()


def test_show_settings_of_a_bad_configuration_is_its_error(here: Path) -> None:
    (here / ".typeline.yaml").write_text("colour: true\n", encoding="utf-8")
    result = invoke(["check", "--show-settings"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"typeline: error: {here}/.typeline.yaml:1:1: unknown key 'colour'")


def test_show_settings_and_show_files_together(tree: Path) -> None:
    result = invoke(["check", "--no-config", "--show-settings", "--show-files", "a.txt"])
    assert result.exit_code == 0
    assert result.stdout.startswith("# configuration: none\n")
    assert result.stdout.endswith("# default\na.txt\n")


def test_a_report_file_the_run_would_read_is_refused(here: Path) -> None:
    """`-o` onto a file a directory search reads (a card file, or the report of the last run):
    refused before anything is read, the file untouched."""
    (here / "cards").mkdir()
    path = cards(here / "cards")
    result = invoke(["check", "--format", "concise", "-o", "cards/cards.txt", "cards"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "typeline: error: --output-file cards/cards.txt is an input of the run: the report would replace "
        "it; write the report elsewhere, or leave it out (--exclude)\n"
    )
    assert path.read_text(encoding="utf-8") == TWO
    assert sorted(p.name for p in (here / "cards").iterdir()) == ["cards.txt"]
    args = ["check", "--format", "concise", "-o", "cards/report.txt", "cards"]
    assert invoke(args).stdout == TWO_SUMMARY  # a new file: no input yet
    assert invoke(args).exit_code == 2  # the last run's report is one now
    assert invoke([*args[:-1], "--exclude", "report.txt", "cards"]).stdout == TWO_SUMMARY


def test_a_report_file_in_a_set_the_run_reads_is_refused(here: Path) -> None:
    folder = here / "sets" / "mine"
    folder.mkdir(parents=True)
    (folder / "set").write_text("mse_version: 2.0.2\ngame: magic\ninclude_file: card one\n", encoding="utf-8")
    card = "mse_version: 2.5.8\ncard:\n\tname: One\n\tsuper_type: Creature - Elf\n"
    (folder / "card one").write_text(card, encoding="utf-8")
    for named in ("sets", "sets/mine", "sets/mine/set"):
        result = invoke(["check", "-o", "sets/mine/card one", named])
        assert result.exit_code == 2, named
        assert "is a file of the set sets/mine" in result.stderr or "is an input" in result.stderr
        assert (folder / "card one").read_text(encoding="utf-8") == card


def test_a_report_file_that_cannot_be_written_to_the_end(here: Path) -> None:
    """A write that fails on the way (a full disk: /dev/full) is an error, not a traceback."""
    cards(here)
    result = invoke(["check", "--format", "json", "-o", "/dev/full", "cards.txt"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert (
        result.stderr == "typeline: error: --output-file /dev/full: cannot write: No space left on device\n"
    )
