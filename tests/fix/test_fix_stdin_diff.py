"""`--diff` (what `--fix` would write, as a unified diff, changing nothing) and `--fix` on
standard input (the fixed text on standard output, the report on standard error).
"""

from __future__ import annotations

import json
import os

import pytest
from conftest import run_cli, write
from helpers.fixing import FIXED_SAMPLE, REMAINING, SAMPLE, check

pytestmark = pytest.mark.usefixtures("in_tmp")


# --diff
# --------------------------------------------------------------------------


DIFF = """\
--- cards.txt
+++ cards.txt
@@ -1,3 +1,3 @@
 Creature — Elf Warrior
-Creature - Elf
+Creature — Elf
 Creature — Forest
"""


def test_diff_prints_what_fix_would_do_and_changes_nothing() -> None:
    path = write("cards.txt", SAMPLE)
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    result = check("--diff", "cards.txt")
    assert (result.exit_code, result.stdout, result.stderr) == (1, DIFF, "Would fix 1 finding in 1 file.\n")
    assert path.read_text(encoding="utf-8") == SAMPLE
    assert os.stat(path).st_mtime_ns == 1_000_000_000


def test_diff_is_the_same_with_fix_too() -> None:
    path = write("cards.txt", SAMPLE)
    assert check("--diff", "--fix", "cards.txt").stdout == DIFF
    assert path.read_text(encoding="utf-8") == SAMPLE


def test_diff_without_changes_exits_by_the_findings() -> None:
    write("clean.txt", "Creature — Elf\n")
    write("wrong.txt", "Creature — Forest\n")
    write("goblim.txt", "Creature — Goblim\n")
    clean = check("--diff", "clean.txt")
    assert (clean.exit_code, clean.stdout, clean.stderr) == (0, "", "No fixes available.\n")
    assert check("--diff", "wrong.txt").exit_code == 1
    assert check("--diff", "--quiet", "wrong.txt").stderr == ""
    assert check("--diff", "goblim.txt").stdout == ""  # an unsafe fix: not without --unsafe-fixes
    unsafe = check("--diff", "--unsafe-fixes", "goblim.txt")
    assert unsafe.exit_code == 1
    assert "-Creature — Goblim\n+Creature — Goblin\n" in unsafe.stdout


def test_diff_of_several_files_keeps_their_bytes() -> None:
    write("a.txt", b"Creature - Elf\r\nLand \xe2\x80\x94 Forest")
    write("b.txt", b"Land \xe2\x80\x94 Forest\nCreat\xff\ncreature \xe2\x80\x94 Elf")
    result = run_cli(["check", "--no-config", "--diff", "a.txt", "b.txt"])
    assert result.stdout_bytes == (
        b"--- a.txt\n+++ a.txt\n@@ -1,2 +1,2 @@\n"
        b"-Creature - Elf\r\n+Creature \xe2\x80\x94 Elf\r\n Land \xe2\x80\x94 Forest\n"
        b"\\ No newline at end of file\n"
        b"--- b.txt\n+++ b.txt\n@@ -1,3 +1,3 @@\n"
        b" Land \xe2\x80\x94 Forest\n Creat\xff\n"
        b"-creature \xe2\x80\x94 Elf\n\\ No newline at end of file\n"
        b"+Creature \xe2\x80\x94 Elf\n\\ No newline at end of file\n"
    )
    assert result.exit_code == 2  # b.txt has a line that is not UTF-8 (TL902)
    assert result.stderr == "Would fix 2 findings in 2 files.\n"


# Standard input
# --------------------------------------------------------------------------


def test_fix_on_standard_input_prints_the_fixed_text_and_reports_on_stderr() -> None:
    result = check("--fix", "--format", "concise", "-", stdin=SAMPLE.encode())
    assert result.exit_code == 1
    assert result.stdout == FIXED_SAMPLE
    assert result.stderr == REMAINING.replace("cards.txt", "-") + (
        "Fixed 1 finding in 1 file.\nFound 1 error in 3 type lines in 1 file.\n"
        "1 left: it has no automatic fix.\n"
    )


def test_fix_on_standard_input_without_paths() -> None:
    result = check("--fix", stdin=b"Creature - Elf")
    assert (result.exit_code, result.stdout) == (0, "Creature — Elf")


def test_standard_input_with_nothing_to_fix_comes_back_whole() -> None:
    data = b"\xef\xbb\xbfCreature \xe2\x80\x94 Forest\r\nCreat\xff\n\x00"
    result = run_cli(["check", "--no-config", "--fix", "-"], stdin=data)
    assert result.stdout_bytes == data
    assert result.exit_code == 2


def test_json_report_of_standard_input_goes_to_stderr() -> None:
    result = check("--fix", "--format", "json", stdin=SAMPLE.encode())
    assert result.stdout == FIXED_SAMPLE
    assert json.loads(result.stderr)["summary"]["fixed"] == 1


def test_diff_on_standard_input() -> None:
    result = check("--diff", "-", stdin=SAMPLE.encode())
    assert result.exit_code == 1
    assert result.stdout == DIFF.replace("cards.txt", "-")


def test_fix_on_standard_input_and_files() -> None:
    path = write("cards.txt", "Creature - Elf\n")
    result = check("--fix", "--format", "concise", "cards.txt", "-", stdin=b"creature \xe2\x80\x94 Elf\n")
    assert result.stdout == "Creature — Elf\n"
    assert path.read_text(encoding="utf-8") == "Creature — Elf\n"
    assert result.stderr == "Fixed 2 findings in 2 files.\nNo problems in 2 type lines in 2 files.\n"
