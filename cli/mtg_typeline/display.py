"""Showing user text safely: control characters drawn as visible symbols; when to colour."""

from __future__ import annotations

# --color WHEN (and the configuration key `color`, which takes true and false too)
COLOR_WHEN = ("auto", "always", "never")

_CONTROL = {**{c: chr(0x2400 + c) for c in range(0x20)}, 0x7F: "\u2421"}
_CONTROL.update(dict.fromkeys(range(128, 160), "�"))


def printable(text: str) -> str:
    """`text` with each control character drawn as a visible symbol of one cell, so a type
    line or a path can't drive the terminal (ANSI escapes, carriage returns, bells)."""
    return text.translate(_CONTROL)
