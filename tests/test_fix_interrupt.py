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
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

LINES = 30_000
OLD = "Creature - Elf Warrior\n" * LINES
NEW = "Creature \u2014 Elf Warrior\n" * LINES

CHILD = r"""
import os, sys, time
marker, stage, path = sys.argv[1:4]
real_fdopen, real_fsync, real_replace = os.fdopen, os.fsync, os.replace

def pause():
    with open(marker, "w"):
        pass
    time.sleep(120)  # the parent stops the process during this

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

def fsync(fd):
    real_fsync(fd)
    pause()

def replace(source, target):
    real_replace(source, target)
    pause()

if stage == "writing":
    os.fdopen = fdopen
elif stage == "written":
    os.fsync = fsync
else:
    os.replace = replace

from mtg_typeline.main import cli
cli.main(["check", "--no-config", "--quiet", "--fix", path], prog_name="typeline")
"""


def run_until(stage: str, folder: Path) -> subprocess.Popen[bytes]:
    """Start fixing `cards.txt` in a child and wait until it pauses at `stage`."""
    marker = folder / "paused"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(marker), stage, str(folder / "cards.txt")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120  # a guard against a hung child, not a measurement
    while not marker.exists():
        if child.poll() is not None or time.monotonic() > deadline:
            child.kill()
            pytest.fail(f"the child never reached {stage}: {child.communicate()[1].decode()}")
        time.sleep(0.02)
    return child


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


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
