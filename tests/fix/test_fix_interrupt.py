"""`--fix` interrupted while it writes: the file is the old one or the new one, whole, never a mix.

`typeline check --fix` runs in a child process on a large file, with the steps of
`write_atomic` slowed down at one point: halfway through writing the temporary file, after
it is on disk (before it replaces the file), or just after it replaced the file. The test
waits for the child to reach that point, stops it (Ctrl-C, or `kill -9`), and looks at the
file. Ctrl-C removes the temporary file on the way out. `kill -9` gives the process no
chance to do anything: the temporary file (a hidden `.cards.txt.*.tmp` beside the file)
stays behind, but the file itself is still whole.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest
from helpers import children
from helpers.children import leftovers

pytestmark = pytest.mark.slow

LINES = 30_000
OLD = "Creature - Elf Warrior\n" * LINES
NEW = "Creature \u2014 Elf Warrior\n" * LINES

CHILD = r"""
path = sys.argv[3]

class Halves:
    '''The temporary file, written in two halves with a pause between.'''
    def __init__(self, stream):
        self.stream = stream
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        self.stream.close()
    def write(self, data):
        half = len(data) // 2
        self.stream.write(data[:half])
        self.stream.flush()
        pause()
        return self.stream.write(data[half:])
    def flush(self):
        self.stream.flush()
    def fileno(self):
        return self.stream.fileno()

def fdopen(fd, mode="r", *args, **kwargs):
    stream = real_fdopen(fd, mode, *args, **kwargs)
    return Halves(stream) if "w" in mode else stream

def writing():
    os.fdopen = fdopen

pause_at_stage(writing)

from mtg_typeline.main.commands import cli
cli.main(["check", "--no-config", "--quiet", "--fix", path], prog_name="typeline")
"""


def run_until(stage: str, folder: Path) -> subprocess.Popen[bytes]:
    """Start fixing `cards.txt` in a child and wait until it pauses at `stage`."""
    return children.run_until(CHILD, stage, folder / "paused", str(folder / "cards.txt"))


@pytest.mark.parametrize(
    ("stage", "expected"),
    [("writing", OLD), ("written", OLD), ("replaced", NEW)],
)
def test_ctrl_c_leaves_a_whole_file_and_no_temporary_file(tmp_path: Path, stage: str, expected: str) -> None:
    (tmp_path / "cards.txt").write_text(OLD, encoding="utf-8")
    child = run_until(stage, tmp_path)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=120)
    assert child.returncode == 130
    assert err.decode().endswith("typeline: interrupted\n")
    assert (tmp_path / "cards.txt").read_text(encoding="utf-8") == expected
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(
    ("stage", "expected"),
    [("writing", OLD), ("written", OLD), ("replaced", NEW)],
)
def test_kill_9_leaves_a_whole_file(tmp_path: Path, stage: str, expected: str) -> None:
    (tmp_path / "cards.txt").write_text(OLD, encoding="utf-8")
    mode = os.stat(tmp_path / "cards.txt").st_mode
    child = run_until(stage, tmp_path)
    child.kill()
    child.communicate(timeout=120)
    assert child.returncode == -signal.SIGKILL
    assert (tmp_path / "cards.txt").read_text(encoding="utf-8") == expected
    assert os.stat(tmp_path / "cards.txt").st_mode == mode
    # a killed process can't clean up: before the rename its temporary file stays behind
    left = leftovers(tmp_path)
    if stage == "replaced":
        assert left == []
    else:
        assert len(left) == 1 and left[0].startswith(".cards.txt.")
