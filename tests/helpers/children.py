"""Child processes stopped at a chosen point of writing a file (tests of interrupted writes).

A child runs `PAUSES` followed by its own code: `PAUSES` defines `pause()`, `os.fsync` and
`os.replace` stand-ins that pause after doing their work, and `pause_at_stage` to put them
in place; `sys.argv[1]` is the marker file `pause()` creates, `sys.argv[2]` the stage to
pause at. `run_until` starts the child and waits for the marker, so that the test can stop
it there.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

PAUSES = r"""
import os, sys, time
marker, stage = sys.argv[1:3]
real_fdopen, real_fsync, real_replace = os.fdopen, os.fsync, os.replace

def pause():
    with open(marker, "w"):
        pass
    time.sleep(120)  # the parent stops the process during this

def paused_fsync(fd):
    real_fsync(fd)
    pause()

def paused_replace(source, target):
    real_replace(source, target)
    pause()

def pause_at_stage(writing):
    '''Pause at the stage: "writing" (`writing()` patches the writer), "written" (on disk,
    before the rename), else "replaced" (just after the rename).'''
    if stage == "writing":
        writing()
    elif stage == "written":
        os.fsync = paused_fsync
    else:
        os.replace = paused_replace
"""


def run_until(code: str, stage: str, marker: Path, *args: str) -> subprocess.Popen[bytes]:
    """Start `PAUSES` + `code` in a child with ARGS after the marker and the stage, and wait
    until it pauses. The rule cache is off there: its own writes are not to be paused."""
    child = subprocess.Popen(
        [sys.executable, "-c", PAUSES + code, str(marker), stage, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "TYPELINE_CACHE_DIR": ""},
    )
    deadline = time.monotonic() + 120  # a guard against a hung child, not a measurement
    while not marker.exists():
        if child.poll() is not None or time.monotonic() > deadline:
            child.kill()
            pytest.fail(f"the child never reached {stage}: {child.communicate()[1].decode()}")
        time.sleep(0.02)
    return child


def leftovers(folder: Path) -> list[str]:
    """The temporary files left in `folder`."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))
