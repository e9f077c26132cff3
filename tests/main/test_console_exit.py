"""The console script's exit: a check read without click ends without the interpreter's
freeing of every object (no exit handler runs), with its output whole and the exit status
of `entry_point`; any other command, and a check whose output can't be flushed, exits as the
interpreter does."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import CLEAN_ENV

pytestmark = pytest.mark.slow

RAN = b"exit handlers ran\n"
RUN = """\
import atexit, sys
atexit.register(lambda: sys.stderr.write("exit handlers ran\\n"))
from mtg_typeline.main import {function}
sys.argv = ["typeline", *sys.argv[1:]]
{function}()
"""


def environment(folder: Path, **more: str) -> dict[str, str]:
    """This process's environment less what changes colour, a rule cache in `folder`."""
    env = {k: v for k, v in os.environ.items() if k not in CLEAN_ENV}
    return env | {"TYPELINE_CACHE_DIR": str(folder / "c"), **more}


def run(
    function: str, args: list[str], folder: Path, stdin: bytes = b"", out: Any = subprocess.PIPE, **env: str
) -> subprocess.CompletedProcess[bytes]:
    """`function` of `mtg_typeline.main` run on `args` in `folder` (standard output to `out`)."""
    return subprocess.run(
        [sys.executable, "-c", RUN.format(function=function), *args],
        input=stdin, stdout=out, stderr=subprocess.PIPE, cwd=folder, env=environment(folder, **env),
        timeout=120, check=False,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("args", "stdin", "status"),
    [
        (["check", "--format", "json", "many.txt"], b"", 1),  # (far more than a pipe holds)
        (["check", "-"], "Creature \u2014 Goblin\n".encode(), 0),
        (["check", "--no-color", "-"], b"Creature - Goblim\n", 1),
        (["check", "missing.txt"], b"", 2),
    ],
)
def test_a_check_ends_at_once_with_its_whole_output(
    tmp_path: Path, args: list[str], stdin: bytes, status: int
) -> None:
    (tmp_path / "many.txt").write_text(
        "Creature \u2014 Goblim Wizzard\nCreature - Forest\n" * 20_000, encoding="utf-8"
    )
    quick = run("console_script", args, tmp_path, stdin)
    usual = run("entry_point", args, tmp_path, stdin)
    assert quick.returncode == usual.returncode == status
    assert quick.stdout == usual.stdout and len(quick.stdout) > 10
    assert usual.stderr.endswith(RAN)
    assert quick.stderr == usual.stderr[: -len(RAN)]


def test_the_module_ends_a_check_so_too(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mtg_typeline", "check", "-"],
        input=b"Creature - Goblin\n", capture_output=True, env=environment(tmp_path), timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0 and b"TL101" in done.stdout and done.stderr == b""


@pytest.mark.parametrize("args", [["codes"], ["check", "--help"], ["explain", "TL304"]])
def test_other_commands_exit_as_the_interpreter_does(tmp_path: Path, args: list[str]) -> None:
    quick = run("console_script", args, tmp_path)
    usual = run("entry_point", args, tmp_path)
    assert quick.returncode == usual.returncode == 0
    assert quick.stdout == usual.stdout and quick.stdout
    assert quick.stderr == usual.stderr == RAN


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full to write to")
def test_a_check_whose_output_cannot_be_written_exits_as_before(tmp_path: Path) -> None:
    """Standard output on a full device: the run says so and exits 2, the same either way
    (the report's own flush failed and left nothing to write: the console script's flush
    then has nothing to fail on)."""
    said = []
    for function in ("console_script", "entry_point"):
        with open("/dev/full", "wb") as full:
            done = run(function, ["check", "-"], tmp_path, "Creature \u2014 Goblim\n".encode(), full)
        said.append((done.returncode, done.stderr))
    assert said[0] == (said[1][0], said[1][1].removesuffix(RAN))
    assert said[0][0] == 2 and b"No space left" in said[0][1] and b"Traceback" not in said[0][1]


REFUSING = """\
import sys


class Refusing:  # standard output whose every flush fails
    def __init__(self, real):
        self.real = real

    def write(self, text):
        return len(text)

    def flush(self):
        raise OSError(28, "No space left on device")

    def __getattr__(self, name):
        return getattr(self.real, name)


sys.stdout = Refusing(sys.stdout)
"""


def test_a_check_whose_output_cannot_be_flushed_exits_as_the_interpreter_does(tmp_path: Path) -> None:
    """Where the console script's own flush fails, it leaves the exit to the interpreter, as
    `entry_point` does: the same status and messages, the exit handlers run."""
    (tmp_path / "sitecustomize.py").write_text(REFUSING, encoding="utf-8")
    said = []
    for function in ("console_script", "entry_point"):
        done = run(
            function, ["check", "-"], tmp_path, "Creature \u2014 Goblim\n".encode(), PYTHONPATH=str(tmp_path)
        )
        said.append((done.returncode, re.sub(rb" at 0x[0-9a-f]+", b"", done.stderr)))
    assert said[0] == said[1]
    assert RAN in said[0][1] and b"No space left" in said[0][1]
