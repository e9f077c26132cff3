"""Inputs as people really have them: BOM, CRLF, empty, directories, stdin among files,
comments, hostile text; and the real console script. Inputs that can't be read, are not
text or hold a huge line are in checks/test_check_inputs.py.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CLEAN_ENV, DATA, run_cli, write
from helpers.inputs import FOREST, check_json, control_characters, places

from mtg_typeline.ruleset import rules_dir

CLI_DATA = DATA / "cli"
pytestmark = pytest.mark.usefixtures("in_tmp")


# BOM, CRLF, empty


def test_bom_is_skipped_and_columns_are_unaffected() -> None:
    write("bom.txt", f"\ufeff{FOREST}\n")
    status, doc = check_json(["bom.txt"])
    assert status == 1
    [finding] = doc["findings"]
    assert (finding["line"], finding["column"], finding["end_column"]) == (1, 12, 18)
    assert finding["type_line"] == FOREST


def test_bom_before_a_clean_line() -> None:
    write("bom.txt", "\ufeffCreature — Elf\nLand\n")
    status, doc = check_json(["bom.txt"])
    assert (status, doc["findings"], doc["summary"]["type_lines"]) == (0, [], 2)


def test_bom_on_stdin() -> None:
    status, doc = check_json(["-"], stdin="\ufeffArtifact\n".encode())
    assert (status, doc["findings"]) == (0, [])


def test_crlf_line_ends() -> None:
    write("crlf.txt", f"Creature — Elf\r\n{FOREST}\r\nCreature - Elf\r\n")
    status, doc = check_json(["crlf.txt"])
    assert status == 1
    assert places(doc) == [("crlf.txt", 2, 12, "TL304"), ("crlf.txt", 3, 9, "TL101")]
    assert doc["findings"][0]["end_column"] == 18
    assert [f["type_line"] for f in doc["findings"]] == [FOREST, "Creature - Elf"]
    assert doc["findings"][1]["suggestion"] == "Creature — Elf"


def test_crlf_text_output_has_no_carriage_return() -> None:
    write("crlf.txt", f"{FOREST}\r\n")
    result = run_cli(["check", "--no-color", "crlf.txt"])
    assert "\r" not in result.stdout
    assert " 1 | Creature — Forest\n   |            ^^^^^^\n" in result.stdout


def test_last_line_without_newline() -> None:
    write("tail.txt", f"Land\n{FOREST}")
    assert places(check_json(["tail.txt"])[1]) == [("tail.txt", 2, 12, "TL304")]


def test_empty_file() -> None:
    write("empty.txt", b"")
    result = run_cli(["check", "--no-color", "empty.txt"])
    assert result.exit_code == 0
    assert result.stdout == "No problems in 0 type lines in 1 file.\n"


def test_empty_stdin() -> None:
    status, doc = check_json([], stdin=b"")
    assert status == 0
    assert doc["summary"] == {"files": 1, "type_lines": 0, "errors": 0, "warnings": 0, "infos": 0}


# Comments and blank lines


def test_comments_and_blank_lines_are_skipped() -> None:
    write(
        "notes.txt",
        "# a whole-line comment\n"
        "   # an indented one\n"
        "\n"
        " \t \n"
        "Creature — Elf  # a comment after a type line\n"
        "Legendary Land\t# after a tab\n"
        f"{FOREST} # the finding keeps its column\n",
    )
    status, doc = check_json(["notes.txt"])
    assert status == 1
    assert places(doc) == [("notes.txt", 7, 12, "TL304")]
    assert doc["findings"][0]["type_line"] == FOREST
    assert doc["summary"]["type_lines"] == 3


def test_hash_inside_a_word_is_not_a_comment() -> None:
    status, doc = check_json(["-"], stdin="Creature — Elf#2\n")
    assert status == 1
    assert [f["type_line"] for f in doc["findings"]] == ["Creature — Elf#2"]


def test_comment_text_is_never_checked() -> None:
    write("c.txt", "# Creature — Forest\nLand # Creature — Forest\n")
    assert check_json(["c.txt"]) == (
        0,
        {
            "version": 1,
            "edition": "2026-09-25",
            "summary": {"files": 1, "type_lines": 1, "errors": 0, "warnings": 0, "infos": 0},
            "findings": [],
        },
    )


# Directories


def test_directory_recursion_sorted_hidden_skipped() -> None:
    for name in ("d/b.txt", "d/a.txt", "d/sub/c.txt", "d/sub/deeper/a.txt", "d/.hidden/h.txt", "d/.h.txt"):
        write(name, f"{FOREST}\n")
    write("d/notes.md", f"{FOREST}\n")
    write("d/data.json", "{}\n")
    status, doc = check_json(["d"])
    assert status == 1
    paths = [f["path"] for f in doc["findings"]]
    want = ["d/a.txt", "d/b.txt", "d/sub/c.txt", "d/sub/deeper/a.txt"]
    assert [os.path.normpath(p) for p in paths] == [os.path.normpath(p) for p in want]
    assert doc["summary"]["files"] == 4


def test_directory_and_files_together_are_sorted_by_path() -> None:
    write("z.txt", f"{FOREST}\n")
    write("d/m.txt", f"{FOREST}\n")
    _, doc = check_json(["z.txt", "d"])
    assert [os.path.normpath(f["path"]) for f in doc["findings"]] == [os.path.normpath("d/m.txt"), "z.txt"]


def test_directory_without_type_line_files() -> None:
    write("d/readme.md", "nothing\n")
    result = run_cli(["check", "--no-color", "d"])
    assert result.exit_code == 2  # nothing to check under a named directory is an error
    assert "under d" in result.stderr and "Traceback" not in result.stderr


# Standard input among files


def test_stdin_dash_mixed_with_files() -> None:
    write("a.txt", f"Land\n{FOREST}\n")
    write("b.txt", "Creature - Elf\n")
    status, doc = check_json(["b.txt", "-", "a.txt"], stdin=f"Artifact\n{FOREST}\nArtifact Land\n")
    assert status == 1
    assert places(doc) == [("-", 2, 12, "TL304"), ("a.txt", 2, 12, "TL304"), ("b.txt", 1, 9, "TL101")]
    assert (doc["summary"]["files"], doc["summary"]["type_lines"]) == (3, 6)


# Hostile text: markup, escape sequences, control characters


def test_markup_is_printed_literally() -> None:
    for colour in ("--no-color", "--color"):
        result = run_cli(["check", colour, "-"], stdin="[bold]x[/bold] — [red]Elf\n")
        assert result.exit_code == 1
        shown = re.sub(r"\x1b\[[0-9;]*m", "", result.stdout)
        assert "\n  '[bold]x[/bold]' is not a card type\n" in shown, colour
        assert "\n 1 | [bold]x[/bold] — [red]Elf\n   | ^^^^^^^^^^^^^^\n" in shown, colour


def test_markup_in_a_path_is_printed_literally() -> None:
    write("[red]cards[/red].txt", f"{FOREST}\n")
    result = run_cli(["check", "--no-color", "[red]cards[/red].txt"])
    assert result.stdout.startswith("[red]cards[/red].txt:1:12: error TL304")


def test_ansi_escape_in_a_type_line_is_made_visible() -> None:
    line = "\x1b[31mCreature\x1b[0m — Elf\x07\x08\n"
    for colour in ("--no-color", "--color"):
        result = run_cli(["check", colour, "-"], stdin=line)
        assert "\x1b[31mCreature" not in result.output, colour
        assert "\x07" not in result.output
        assert "\x08" not in result.output
    plain = run_cli(["check", "--no-color", "-"], stdin=line)
    assert control_characters(plain.output) == set()
    assert plain.stdout == (
        "-:1:1: error TL201 unknown-card-type\n"
        "  '␛[31mCreature␛[0m' is not a card type\n"
        "   |\n"
        " 1 | ␛[31mCreature␛[0m — Elf␇␈\n"
        "   | ^^^^^^^^^^^^^^^^^\n"
        "   = rules: 205.2a  Lists the card types.\n"
        "Found 1 error in 1 type line in 1 file.\n"
    )


def test_ansi_escape_in_a_word_of_the_message() -> None:
    result = run_cli(["check", "--no-color", "-"], stdin="Creature — \x1b]0;title\x07Elf\n")
    assert result.exit_code == 1
    assert control_characters(result.output) == set()


def test_escape_sequences_in_json_are_json_escapes() -> None:
    result = run_cli(["check", "--format", "json", "-"], stdin="\x1b[31mCreature — Elf\n")
    assert "\x1b" not in result.stdout
    assert json.loads(result.stdout)["findings"][0]["type_line"] == "\x1b[31mCreature — Elf"


def test_escape_sequence_in_a_missing_path() -> None:
    result = run_cli(["check", "--no-color", "\x1b[31mred.txt"])
    assert result.exit_code == 2
    assert control_characters(result.output) == set()


def test_escape_sequence_in_an_empty_directory_name() -> None:
    Path("\x1b]0;pwned\x07dir").mkdir()
    result = run_cli(["check", "--no-color", "\x1b]0;pwned\x07dir"])
    assert control_characters(result.output) == set()


def test_escape_sequence_in_a_rule_file_path() -> None:
    result = run_cli(["check", "--rules", "\x1b]0;pwned\x07.yaml", "-"], stdin="Land\n")
    assert result.exit_code == 2
    assert control_characters(result.output) == set()


def test_escape_sequence_in_a_rule_summary() -> None:
    """A rule file given with --rules is user data too: reject it or show it escaped."""
    shipped = (rules_dir() / "2026-09-25.yaml").read_text(encoding="utf-8")
    summary = re.search(r'^  "205\.3d": (.*)$', shipped, re.MULTILINE)
    assert summary is not None
    hostile = shipped.replace(summary.group(0), '  "205.3d": "\\e]0;pwned\\a\\e[31mred"')
    write("hostile.yaml", hostile)
    result = run_cli(["check", "--no-color", "--rules", "hostile.yaml", "-"], stdin=f"{FOREST}\n")
    assert result.exit_code in (1, 2)
    assert control_characters(result.output) == set()


# The real console script (subprocesses)

VENV_BIN = Path(sys.executable).parent
Completed = subprocess.CompletedProcess[bytes]


def typeline_script() -> Path:
    script = VENV_BIN / ("typeline.exe" if os.name == "nt" else "typeline")
    if not script.exists():
        pytest.skip(f"the typeline console script is not installed beside {sys.executable}")
    return script


def big_file(folder: Path) -> Path:
    """Far more output than a pipe holds, so the reader's early exit breaks the pipe."""
    path = folder / "big.txt"
    path.write_text("Creature - Elf Wizzard\nCreature — Forest\n" * 10_000, encoding="utf-8")
    return path


def clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in CLEAN_ENV}


def run_in(
    folder: Path, command: list[str], stdin: bytes | None = None
) -> subprocess.CompletedProcess[bytes]:
    """A command run in `folder` without the variables that change colour, standard input
    given (or closed); never a traceback."""
    result = subprocess.run(
        command,
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True,
        cwd=folder,
        env=clean_env(),
        timeout=60,
        check=False,
    )
    assert b"Traceback" not in result.stdout + result.stderr
    return result


@pytest.mark.slow
@pytest.mark.parametrize("args", [["--no-color"], ["--color"], ["--format", "json"]])
def test_closed_pipe_ends_quietly(in_tmp: Path, args: list[str]) -> None:
    big = big_file(in_tmp)
    with subprocess.Popen(
        [str(typeline_script()), "check", *args, str(big)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=clean_env(),
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()
        stderr = process.stderr.read()
        status = process.wait(timeout=60)
    assert first
    assert stderr == b""
    assert status in (0, 1, 2)  # the status of a run cut short; never a crash (no 120, no signal)


@pytest.mark.slow
def test_closed_pipe_through_head(in_tmp: Path) -> None:
    big = big_file(in_tmp)
    script = typeline_script()
    shell = f"'{script}' check --no-color '{big}' 2>err.txt | head -1"
    result = subprocess.run(
        ["bash", "-c", shell],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        env=clean_env(),
        timeout=60,
        check=False,
    )
    # (named from the root of the run, the temporary folder: see discovery.Names)
    assert result.stdout.decode().startswith(f"{big.name}:1:9: warning TL101 [*] dash-form")
    assert (in_tmp / "err.txt").read_bytes() == b""


@pytest.mark.slow
def test_console_script_from_another_directory(in_tmp: Path) -> None:
    command = [str(typeline_script()), "check", "--edition", "2020-08-07", "--no-color", "-"]
    result = run_in(in_tmp, command, "Scheme — Villain\nCreature — Forest\n".encode())
    out = result.stdout.decode()
    assert result.returncode == 1
    assert "205.3p" in out
    assert "205.3d" in out
    assert out.endswith("Found 2 errors in 2 type lines in 1 file.\n")
    assert result.stderr == b""


@pytest.mark.slow
def test_python_dash_m_from_another_directory(in_tmp: Path) -> None:
    command = [sys.executable, "-m", "mtg_typeline", "check", "--format", "json", "-"]
    result = run_in(in_tmp, command, b"Creature \xe2\x80\x94 Forest\n")
    assert result.returncode == 1
    assert json.loads(result.stdout)["findings"][0]["rules"] == ["205.3d", "205.3i"]


@pytest.mark.slow
def test_console_script_with_stdin_closed(in_tmp: Path) -> None:
    result = run_in(in_tmp, [str(typeline_script()), "check"])
    assert result.returncode == 0
    assert result.stdout == b"No problems in 0 type lines in 1 file.\n"


@pytest.mark.slow
def test_console_script_checks_the_sample_files(in_tmp: Path) -> None:
    """The shipped data files of this suite, run through the real script."""
    result = run_in(in_tmp, [str(typeline_script()), "check", "--format", "json", str(CLI_DATA)])
    document = json.loads(result.stdout)
    assert result.returncode == 2  # not-utf8.txt
    codes = {(Path(f["path"]).name, f["code"]) for f in document["findings"]}
    assert codes == {
        ("mixed.txt", "TL101"),
        ("mixed.txt", "TL304"),
        ("not-utf8.txt", "TL902"),
    }
    assert document["summary"]["files"] == 3


def test_results_stay_right_while_the_line_cache_pauses_and_resumes(in_tmp: Path) -> None:
    # 20,000 distinct lines fill the line cache without a single repeat (so storing pauses),
    # then 70,000 repeating lines outlast the pause (so storing resumes): every finding is
    # still reported once, at its own line
    distinct = [f"Creature — Goblin  # card {n}" for n in range(20_000)]
    repeating = ["Creature — Forest" if n % 7 == 0 else "Land — Forest" for n in range(70_000)]
    write("big.txt", "\n".join([*distinct, *repeating, "Creature — Forest"]) + "\n")
    status, doc = check_json(["big.txt"])
    assert status == 1
    expected = [20_001 + n for n in range(70_000) if n % 7 == 0] + [90_001]
    assert [f["line"] for f in doc["findings"]] == expected
    assert {f["code"] for f in doc["findings"]} == {"TL304"}
    assert doc["summary"]["type_lines"] == 90_001


def test_an_input_that_ends_while_the_line_cache_pauses(in_tmp: Path) -> None:
    # the end, a line that is not UTF-8 and a binary line all come while storing pauses
    distinct = "".join(f"Creature — Goblin  # card {n}\n" for n in range(20_000)).encode()
    write("ends.txt", distinct + b"Creature \x97 Goblin\nCreature \xe2\x80\x94 Forest")
    write("binary.txt", distinct + b"Creature \xe2\x80\x94 Forest\nLand\x00\x00\nLand \xe2\x80\x94 Forest\n")
    status, doc = check_json(["ends.txt", "binary.txt"])
    assert status == 2
    assert places(doc) == [
        ("binary.txt", 20_001, 12, "TL304"),
        ("binary.txt", 20_002, 5, "TL902"),
        ("ends.txt", 20_001, 10, "TL902"),
        ("ends.txt", 20_002, 12, "TL304"),
    ]
    # the binary line and the line that is not UTF-8 are not type lines
    assert doc["summary"]["type_lines"] == 20_001 + 20_001
