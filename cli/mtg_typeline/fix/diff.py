"""`--diff`: what `--fix` would change in a file, as a unified diff.

Lines are split at LF and keep their own endings (a CR stays at the end of its line, so
the diff applies with `patch` to the file as it is); a last line without a newline is
marked as diff and patch expect. The bytes of lines that are not UTF-8 come out as they
are, so the output is bytes. That is what a file or a pipe gets; a terminal gets the diff
`on_terminal`, its control characters drawn as the other outputs draw them, so that a type
line or a file name can't drive the terminal (clear the screen, set the window title).
"""

from __future__ import annotations

import difflib
import re

from mtg_typeline.display import printable

NO_NEWLINE = "\\ No newline at end of file\n"


def unified(old: bytes, new: bytes, name: str, context: int = 3) -> bytes:
    """The unified diff turning `old` into `new`, both named `name`."""
    before = _lines(old.decode("utf-8", "surrogateescape"))
    after = _lines(new.decode("utf-8", "surrogateescape"))
    out: list[str] = []
    for line in difflib.unified_diff(before, after, name, name, n=context):
        out.append(line if line.endswith("\n") else line + "\n" + NO_NEWLINE)
    return "".join(out).encode("utf-8", "surrogateescape")


# A line's end (kept: the terminal's own line break), and what a terminal can't be given as
# it is: bytes that are not UTF-8 (a C1 control among them is an escape to some terminals)
_LINE_END = re.compile(r"(\r?\n)")
_NOT_UTF8 = re.compile("[\udc80-\udcff]")


def on_terminal(diff: bytes) -> bytes:
    """`diff` for a terminal: each control character drawn as a symbol (`printable`), but
    for the line ends, and each byte that is not UTF-8 as U+FFFD."""
    parts = _LINE_END.split(diff.decode("utf-8", "surrogateescape"))
    for index in range(0, len(parts), 2):
        parts[index] = printable(_NOT_UTF8.sub("\ufffd", parts[index]))
    return "".join(parts).encode("utf-8")


def _lines(text: str) -> list[str]:
    """`text` split after each LF (str.splitlines would split at other characters too)."""
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines
