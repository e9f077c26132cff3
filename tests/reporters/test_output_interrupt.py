"""`--output-file` interrupted while the report is written: the file is the old report or
the new one, whole, never a part.

As in test_fix_interrupt.py: `typeline check --format json -o report.json` runs in a child
process, paused at one point of writing the report (halfway through it, after it is on disk
but before it replaces the old one, just after), and is stopped there with Ctrl-C or
`kill -9`. Ctrl-C removes the temporary file on the way out; `kill -9` leaves it behind (a
hidden `.report.json.*.tmp`), but the report itself is whole.
"""

from __future__ import annotations

import json
import signal
import subprocess
from pathlib import Path

import pytest
from helpers import children
from helpers.children import leftovers

pytestmark = pytest.mark.slow

LINES = 2_000
OLD = '{"an old": "report"}\n'

CHILD = r"""
import mtg_typeline.reporters.json_format as json_format
real_report = json_format.report

def halves(result, out, settings):
    '''The report, with a pause once half of it is on disk.'''
    import io
    whole = io.StringIO()
    real_report(result, whole, settings)
    text = whole.getvalue()
    out.write(text[: len(text) // 2])
    out.flush()
    pause()
    out.write(text[len(text) // 2 :])

def writing():
    json_format.report = halves

pause_at_stage(writing)

os.chdir(sys.argv[3])
from mtg_typeline.main.commands import cli
cli.main(["check", "--no-config", "--format", "json", "-o", "report.json", "cards.txt"], prog_name="typeline")
"""


def run_until(stage: str, folder: Path) -> subprocess.Popen[bytes]:
    """Start checking `cards.txt` in a child and wait until it pauses at `stage`."""
    return children.run_until(CHILD, stage, folder.parent / "paused", str(folder))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """cards.txt with an error a line, and an old report.json beside it."""
    here = tmp_path / "run"
    here.mkdir()
    (here / "cards.txt").write_text("Creature — Forest\n" * LINES, encoding="utf-8")
    (here / "report.json").write_text(OLD, encoding="utf-8")
    return here


def report(folder: Path) -> str:
    text = (folder / "report.json").read_text(encoding="utf-8")
    if text != OLD:
        assert len(json.loads(text)["findings"]) == LINES  # the new report, whole
        return "new"
    return "old"


@pytest.mark.parametrize(("stage", "expected"), [("writing", "old"), ("written", "old"), ("replaced", "new")])
def test_ctrl_c_leaves_a_whole_report_and_no_temporary_file(folder: Path, stage: str, expected: str) -> None:
    child = run_until(stage, folder)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=120)
    assert child.returncode == 130
    assert err.decode().endswith("typeline: interrupted\n")
    assert report(folder) == expected
    assert leftovers(folder) == []


@pytest.mark.parametrize(("stage", "expected"), [("writing", "old"), ("written", "old"), ("replaced", "new")])
def test_kill_9_leaves_a_whole_report(folder: Path, stage: str, expected: str) -> None:
    child = run_until(stage, folder)
    child.kill()
    child.communicate(timeout=120)
    assert child.returncode == -signal.SIGKILL
    assert report(folder) == expected
    left = leftovers(folder)
    if stage == "replaced":
        assert left == []
    else:  # a killed process can't clean up: its temporary file stays behind
        assert len(left) == 1 and left[0].startswith(".report.json.")


def test_a_report_in_a_new_file_is_none_or_whole(folder: Path) -> None:
    (folder / "report.json").unlink()
    child = run_until("writing", folder)
    child.kill()
    child.communicate(timeout=120)
    assert not (folder / "report.json").exists()
