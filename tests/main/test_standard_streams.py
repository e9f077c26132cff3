"""Standard input, output and error that can't be used: closed when the process starts
(`<&-`, `>&-`, `2>&-`), or a device that takes no more (`> /dev/full`). A command that needs
one says so in a line and exits with 2; a check that doesn't read standard input never
notices it closed; an exit status stands where standard error can't take the message; and
no traceback is printed, nor any error at the interpreter's exit."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import CLEAN_ENV

pytestmark = pytest.mark.slow

FULL = "/dev/full"  # (Linux's: every write fails with ENOSPC)
RUN = "import sys; sys.argv = ['typeline', *sys.argv[1:]]; from mtg_typeline.main import {0}; {0}()"
ENTRIES = ("console_script", "entry_point")
CARDS = "Creature \u2014 Elf\nCreature Goblin\n"


def closing(*fds: int) -> Callable[[], None]:
    """What the child runs before the interpreter starts: it closes `fds`."""

    def close() -> None:
        for fd in fds:
            os.close(fd)

    return close


def run(
    entry: str,
    args: list[str],
    folder: Path,
    closed: tuple[int, ...] = (),
    out: Any = subprocess.PIPE,
    **env: str,
) -> subprocess.CompletedProcess[bytes]:
    """`args` run by `entry` of `mtg_typeline.main` in `folder`, the file descriptors `closed` closed."""
    environ = {k: v for k, v in os.environ.items() if k not in CLEAN_ENV}
    environ |= {"TYPELINE_CACHE_DIR": str(folder / "cache"), **env}
    return subprocess.run(
        [sys.executable, "-c", RUN.format(entry), *args],
        stdin=subprocess.DEVNULL if 0 not in closed else None, stdout=out, stderr=subprocess.PIPE,
        cwd=folder, env=environ, preexec_fn=closing(*closed), timeout=120, check=False,
    )  # fmt: skip


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    (tmp_path / "cards.txt").write_text(CARDS, encoding="utf-8")
    return tmp_path


def no_traceback(done: subprocess.CompletedProcess[bytes]) -> None:
    assert b"Traceback" not in done.stderr and b"Exception ignored" not in done.stderr
    assert b"internal error" not in done.stderr


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_check_of_named_files_doesnt_need_standard_input(cards: Path, entry: str) -> None:
    done = run(entry, ["check", "--format", "concise", "cards.txt"], cards, closed=(0,))
    no_traceback(done)
    assert done.returncode == 1
    assert done.stdout.decode().startswith("cards.txt:2:10: TL301 ")


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("args", [["-"], ["cards.txt", "-"], ["--fix", "-"], ["--input-format", "text", "-"]])
def test_reading_a_closed_standard_input_is_an_unreadable_input(
    cards: Path, entry: str, args: list[str]
) -> None:
    done = run(entry, ["check", "--format", "concise", *args], cards, closed=(0,))
    no_traceback(done)
    assert done.returncode == 2
    said = (done.stdout + done.stderr).decode()
    assert "-:1:1: TL901 [error] cannot read -: cannot read standard input: standard input is closed" in said
    assert ("cards.txt:2:10: TL301" in said) == ("cards.txt" in args)


@pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full on this system")
@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize(
    "args",
    [
        ["check", "cards.txt"],
        ["check", "--format", "json", "cards.txt"],
        ["--version"],
        ["--help"],
        ["codes"],
        ["explain", "TL304"],
        ["rules", "list"],
    ],
)
def test_an_output_that_cant_be_written_is_said(cards: Path, entry: str, args: list[str]) -> None:
    with open(FULL, "wb") as full:
        done = run(entry, args, cards, out=full)
    no_traceback(done)
    assert done.returncode == 2
    assert done.stderr.decode() == "typeline: error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize(
    "args", [["check", "cards.txt"], ["check", "--format", "json", "cards.txt"], ["codes"]]
)
def test_a_closed_standard_output_is_said(cards: Path, entry: str, args: list[str]) -> None:
    done = run(entry, args, cards, closed=(1,), out=None)
    no_traceback(done)
    assert done.returncode == 2
    assert done.stderr.decode() == "typeline: error: cannot write the output: Bad file descriptor\n"


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize(
    ("args", "status"),
    [
        (["check", "--edition", "1999-01-01", "cards.txt"], 2),  # (a usage error, said on standard error)
        (["check", "--format", "concise", "cards.txt"], 1),
        (["codes"], 2),  # (standard output closed too)
    ],
)
def test_the_exit_status_stands_without_standard_error(
    cards: Path, entry: str, args: list[str], status: int
) -> None:
    closed = (1, 2) if args == ["codes"] else (2,)
    done = run(entry, args, cards, closed=closed)
    assert done.returncode == status
    if status == 1:
        assert done.stdout.decode().startswith("cards.txt:2:10: TL301 ")


@pytest.mark.parametrize("entry", ENTRIES)
def test_an_output_encoding_without_a_character_writes_it_escaped(cards: Path, entry: str) -> None:
    done = run(entry, ["check", "--format", "json", "cards.txt"], cards, PYTHONIOENCODING="ascii")
    no_traceback(done)
    assert done.returncode == 1
    assert '"type_line": "Creature Goblin", "suggestion": "Creature \\u2014 Goblin"' in done.stdout.decode(
        "ascii"
    )
