"""Two `--fix` runs on one file at once: one wins whole, never a mix, and the other refuses
(TL908) rather than overwrite the winner's work.

Run A fixes one code (`--select TL103`: `creature` written `Creature`), run B another
(`--select TL101`: the long dash), so the file tells whose fix it holds. A runs in a child
process paused at a chosen point (`children.run_until`; here it waits until the test lets
it go on, and writes its report to a file); B runs meanwhile, in this process. Then both run
at once, unpaused, on a large file.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli
from helpers import children

pytestmark = pytest.mark.slow

LINES = 20_000
OLD = "creature - Elf\n" * LINES
BY_A = "Creature - Elf\n" * LINES
BY_B = "creature \u2014 Elf\n" * LINES
BY_BOTH = "Creature \u2014 Elf\n" * LINES
A = ["--select", "TL103"]
B = ["--select", "TL101"]
FIX = ["check", "--no-config", "--format", "concise", "--fix"]
TL908 = "cards.txt:1:1: TL908 [error] cards.txt changed on disk while it was being fixed; it was not written"

CHILD = r"""
go, path = sys.argv[3:5]

def pause():  # (in place of the one that sleeps until the process is stopped)
    with open(marker, "w"):
        pass
    deadline = time.monotonic() + 120  # a guard against a test that never lets go
    while not os.path.exists(go) and time.monotonic() < deadline:
        time.sleep(0.01)

from mtg_typeline.fix import fixing, writing
if stage == "read":  # the fixes worked out, nothing written yet
    real_fix_text = fixing.fix_text
    def fix_text(*args):
        done = real_fix_text(*args)
        pause()
        return done
    fixing.fix_text = fix_text
else:  # "checked": the file found unchanged, just before the fixed text replaces it
    real_check = writing.check_unchanged
    def check_unchanged(*args):
        real_check(*args)
        pause()
    writing.check_unchanged = check_unchanged

from mtg_typeline.main.commands import cli
cli.main(["check", "--no-config", "--format", "concise", "--fix", *sys.argv[5:], path], prog_name="typeline")
"""


def start_paused(stage: str, folder: Path, *args: str) -> subprocess.Popen[bytes]:
    """Run A on `folder/cards.txt` in a child and wait until it pauses at `stage`."""
    places = [str(folder / "go"), str(folder / "cards.txt"), "-o", str(folder / "report.txt")]
    return children.run_until(CHILD, stage, folder / "paused", *places, *args)


def let_go(child: subprocess.Popen[bytes], folder: Path) -> tuple[int, str]:
    """Let the paused child go on; its exit status and report."""
    (folder / "go").touch()
    child.communicate(timeout=120)
    return child.returncode, (folder / "report.txt").read_text(encoding="utf-8")


def fix_here(folder: Path, *args: str) -> tuple[int, str]:
    result = run_cli([*FIX, *args, str(folder / "cards.txt")])
    return result.exit_code, result.stdout


def refusal(path: Path) -> str:
    """The TL908 line of a run that named `path`."""
    return TL908.replace("cards.txt", str(path))


@pytest.mark.parametrize("links", [1, 2])
def test_a_run_that_finds_the_file_being_written_refuses(tmp_path: Path, links: int) -> None:
    """A has checked the file and is about to write it; B, which read the same old text, is
    refused rather than write its fix only to have A's overwrite it (or mix with it, for a
    file with several hard links, written in place)."""
    (tmp_path / "cards.txt").write_text(OLD, encoding="utf-8")
    if links == 2:
        os.link(tmp_path / "cards.txt", tmp_path / "other.txt")
    child = start_paused("checked", tmp_path, *A)
    status, out = fix_here(tmp_path, *B)
    assert status == 2 and refusal(tmp_path / "cards.txt") in out.splitlines()
    assert (tmp_path / "cards.txt").read_text(encoding="utf-8") == OLD
    assert let_go(child, tmp_path)[0] == 0
    assert (tmp_path / "cards.txt").read_text(encoding="utf-8") == BY_A
    assert os.stat(tmp_path / "cards.txt").st_nlink == links


def test_a_run_that_read_the_file_before_another_wrote_it_refuses(tmp_path: Path) -> None:
    (tmp_path / "cards.txt").write_text(OLD, encoding="utf-8")
    child = start_paused("read", tmp_path, *A)
    assert fix_here(tmp_path, *B)[0] == 0
    assert (tmp_path / "cards.txt").read_text(encoding="utf-8") == BY_B
    status, out = let_go(child, tmp_path)
    assert status == 2 and refusal(tmp_path / "cards.txt") in out.splitlines()
    assert (tmp_path / "cards.txt").read_text(encoding="utf-8") == BY_B


@pytest.mark.parametrize("links", [1, 2])
def test_two_runs_at_once_leave_one_whole_result(tmp_path: Path, links: int) -> None:
    """Unpaused, either may win, or one may run after the other (and fix what the other
    left); the file is never a mix, and a run whose fix is not in the file said so."""
    path = tmp_path / "cards.txt"
    path.write_text(OLD, encoding="utf-8")
    if links == 2:
        os.link(path, tmp_path / "other.txt")
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "mtg_typeline", *FIX, *which, str(path)],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "TYPELINE_CACHE_DIR": ""},
        )
        for which in (A, B)
    ]
    (out_a, _), (out_b, _) = (run.communicate(timeout=300) for run in runs)
    final = path.read_text(encoding="utf-8")
    refused_a, refused_b = ("TL908" in out for out in (out_a, out_b))
    assert final in (BY_A, BY_B, BY_BOTH)
    assert refused_a == (final == BY_B) and refused_b == (final == BY_A)
    assert os.stat(path).st_nlink == links
    assert children.leftovers(tmp_path) == []
