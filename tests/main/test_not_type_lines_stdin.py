"""Standard input that doesn't look like type lines, and the exit statuses of a run that
meets a text input of no type lines: a line or two typed at the shell is still checked;
many lines of notes are one TL905 (exit status 2) unless `--input-format text`."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import run_cli

pytestmark = pytest.mark.usefixtures("in_tmp")

NOTES = "".join(f"ask Ann about pick {index}\n" for index in range(40))


def concise(*args: str, stdin: str) -> tuple[int, list[str]]:
    result = run_cli(["check", "--format", "concise", *args], stdin)
    return result.exit_code, result.stdout.splitlines()


@pytest.mark.parametrize("line", ["Forest", "Elf Warrior", "4 Lightning Bolt"])
def test_a_line_on_standard_input_is_still_checked(line: str) -> None:
    status, output = concise(stdin=f"{line}\n")
    assert status == 1
    assert output[0].startswith("-:1:") and " TL905 " not in output[0]
    assert output[-1].endswith("in 1 type line in 1 file.")


def test_notes_on_standard_input_are_one_finding() -> None:
    status, output = concise("-", stdin=NOTES)
    assert status == 2
    assert output == [
        "-:1:1: TL905 [error] this doesn't look like type lines: 40 of 40 lines hold no card type; "
        "to check it line by line anyway, give --input-format text",
        "Found 1 error in 0 type lines in 1 file.",
    ]


def test_notes_on_standard_input_read_as_text_are_checked_line_by_line() -> None:
    status, output = concise("--input-format", "text", "-", stdin=NOTES)
    assert status == 1
    assert output[-1].endswith("in 40 type lines in 1 file.")


def test_exit_zero_does_not_hide_the_input_problem() -> None:
    assert concise("--exit-zero", stdin=NOTES)[0] == 2


def test_standard_input_counted_whole_is_still_read_whole() -> None:
    # its first 200 lines are notes, the rest type lines: counted whole, then checked
    stdin = NOTES * 5 + "Creature — Elf\n" * 300 + "Creature — Forest\n"
    status, output = concise("-", stdin=stdin)
    assert status == 1
    assert output[-1].endswith("in 501 type lines in 1 file.")
    assert output[-2].startswith("-:501:12: TL304 ")


def test_the_copy_of_standard_input_is_closed() -> None:
    """Standard input copied to be counted is closed once read: no file is left open (Python
    warns of an unclosed file under -X dev; the warning made an error here)."""
    notes = "".join(f"some notes about draft {n}\n" for n in range(50))
    for lines, status in ((notes, 2), (notes + "Creature — Elf\n" * 60, 1)):  # one TL905; read whole
        done = subprocess.run(
            [sys.executable, "-X", "dev", "-W", "error::ResourceWarning", "-m", "mtg_typeline", "check", "-"],
            input=lines.encode("utf-8"),
            capture_output=True,
            check=False,
        )
        assert b"ResourceWarning" not in done.stderr and b"Unclosed" not in done.stderr, done.stderr
        assert done.returncode == status, done.stderr
