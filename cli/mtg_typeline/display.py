"""Showing things to people: user text made safe (control characters drawn as visible
symbols), numbers of things in words, and when to colour."""

from __future__ import annotations

# The value that leaves a choice to the run: --format (by the environment), --input-format
# (by each input's name and content), --color (by where the output goes)
AUTO = "auto"
# --color WHEN (and the configuration key `color`, which takes true and false too)
COLOR_WHEN = (AUTO, "always", "never")

_CONTROL = {**{c: chr(0x2400 + c) for c in range(0x20)}, 0x7F: "\u2421"}
_CONTROL.update(dict.fromkeys(range(128, 160), "�"))


def printable(text: str) -> str:
    """`text` with each control character drawn as a visible symbol of one cell, so a type
    line or a path can't drive the terminal (ANSI escapes, carriage returns, bells)."""
    return text.translate(_CONTROL)


def count(number: int, word: str) -> str:
    """'1 error', '2,000 errors', '3 info'."""
    plural = word if number == 1 or word == "info" else word + "s"
    return f"{number:,} {plural}"
