"""Showing things to people: user text made safe (control characters drawn as visible
symbols), numbers of things in words, paths as seen from the working directory, and when
to colour."""

from __future__ import annotations

import os

# The value that leaves a choice to the run: --format (by the environment), --input-format
# (by each input's name and content), --color (by where the output goes)
AUTO = "auto"
# --color WHEN (and the configuration key `color`, which takes true and false too)
COLOR_WHEN = (AUTO, "always", "never")

_CONTROL = {**{c: chr(0x2400 + c) for c in range(0x20)}, 0x7F: "\u2421"}
_CONTROL.update(dict.fromkeys(range(128, 160), "�"))
# the line and paragraph separators, which split a line for line tools and some terminals
_CONTROL.update(dict.fromkeys((0x2028, 0x2029), "\u2424"))
# the marks and controls of bidirectional text, which reorder what a terminal shows
_BIDI = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
_CONTROL.update(dict.fromkeys(_BIDI, "�"))


def printable(text: str) -> str:
    """`text` with each control character drawn as a visible symbol of one cell, so a type
    line or a path can't drive the terminal (ANSI escapes, carriage returns, bells)."""
    # every control character is one `isprintable` refuses: text without any (nearly all of
    # it) skips `translate`, which looks each character up in the table, 15 µs a message
    return text if text.isprintable() else text.translate(_CONTROL)


def count(number: int, word: str) -> str:
    """'1 error', '2,000 errors', '3 info'."""
    plural = word if number == 1 or word == "info" else word + "s"
    return f"{number:,} {plural}"


def shown(path: str) -> str:
    """`path` as seen from the working directory: relative (POSIX) when it is below it or in
    one of the folders above (`../pyproject.toml`, `..`), absolute elsewhere."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive
        return path
    parts = relative.split(os.sep)
    ups = len(parts) - len([part for part in parts if part != os.pardir])
    if ups and len(parts) - ups > 1:  # up, then down into another folder
        return os.path.abspath(path)
    return "/".join(parts)
