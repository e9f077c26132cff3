"""`--diff`: what `--fix` would change in a file, as a unified diff.

Lines are split at LF and keep their own endings (a CR stays at the end of its line, so
the diff applies with `patch` to the file as it is); a last line without a newline is
marked as diff and patch expect. The bytes of lines that are not UTF-8 come out as they
are, so the output is bytes.
"""

from __future__ import annotations

import difflib

NO_NEWLINE = "\\ No newline at end of file\n"


def unified(old: bytes, new: bytes, name: str, context: int = 3) -> bytes:
    """The unified diff turning `old` into `new`, both named `name`."""
    before = _lines(old.decode("utf-8", "surrogateescape"))
    after = _lines(new.decode("utf-8", "surrogateescape"))
    out: list[str] = []
    for line in difflib.unified_diff(before, after, name, name, n=context):
        out.append(line if line.endswith("\n") else line + "\n" + NO_NEWLINE)
    return "".join(out).encode("utf-8", "surrogateescape")


def _lines(text: str) -> list[str]:
    """`text` split after each LF (str.splitlines would split at other characters too)."""
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines
