"""`--diff` of a line or a file name holding terminal escapes: on a terminal its control
characters are drawn as the other outputs draw them (`␛`), so it can't clear the screen or
set the window title; to a file or a pipe it is the diff byte for byte, for `patch`."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from conftest import run_cli

from mtg_typeline.engine import Options, run
from mtg_typeline.fix.diff import on_terminal, unified

HOSTILE = b"creature - elf \x1b]0;pwned\x07\x1b[2J\n"
NAME = "esc\x1b[31m.txt"


class _TerminalBytes(io.BytesIO):
    """The bytes under a text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class _TerminalText(io.StringIO):
    """A text stream without bytes under it that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def hostile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / NAME
    path.write_bytes(HOSTILE)
    return path


def _diff_to(out: io.TextIOBase) -> int:
    return run(Options(paths=(NAME,), diff=True), out, io.StringIO(), io.BytesIO())  # type: ignore[arg-type]


def test_a_terminal_is_shown_control_pictures(hostile: Path) -> None:
    raw = _TerminalBytes()
    wrapper = io.TextIOWrapper(raw, encoding="utf-8", write_through=True)
    assert _diff_to(wrapper) == 1
    shown = raw.getvalue().decode("utf-8")
    text = _TerminalText()
    assert _diff_to(text) == 1
    assert text.getvalue() == shown
    assert "\x1b" not in shown and "\x07" not in shown
    assert shown == (
        "--- esc␛[31m.txt\n+++ esc␛[31m.txt\n@@ -1 +1 @@\n"
        "-creature - elf ␛]0;pwned␇␛[2J\n+Creature — Elf ␛]0;pwned␇␛[2J\n"
    )
    assert hostile.read_bytes() == HOSTILE  # (a diff changes nothing)


def test_a_pipe_or_a_file_gets_the_bytes_exactly(hostile: Path) -> None:
    piped = run_cli(["check", "--diff", NAME])
    assert piped.exit_code == 1
    fixed = HOSTILE.replace(b"creature - elf", "Creature — Elf".encode())
    assert piped.stdout_bytes == unified(HOSTILE, fixed, NAME)
    assert b"\x1b]0;pwned\x07" in piped.stdout_bytes
    written = run_cli(["check", "--diff", "-o", "report.diff", NAME])
    assert written.exit_code == 1
    assert Path("report.diff").read_bytes() == piped.stdout_bytes


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals here")
def test_a_real_terminal_is_shown_control_pictures(hostile: Path) -> None:
    leader, follower = os.openpty()
    with open(follower, "w", encoding="utf-8", closefd=True) as out:
        assert out.isatty()
        assert _diff_to(out) == 1  # type: ignore[arg-type]
    shown = b""
    while True:
        try:
            piece = os.read(leader, 1 << 16)
        except OSError:  # (Linux: the other end is closed)
            break
        if not piece:
            break
        shown += piece
    os.close(leader)
    assert b"\x1b" not in shown and "␛]0;pwned␇␛[2J".encode() in shown


def test_on_terminal_keeps_line_ends_and_draws_the_rest() -> None:
    diff = b"-a\tb\r\n+a b\r\n-x\ry\n+X\xff\x9b2J\n"
    assert on_terminal(diff) == "-a␉b\r\n+a b\r\n-x␍y\n+X\ufffd\ufffd2J\n".encode()
