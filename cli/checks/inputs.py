"""TL9xx: problems with the input itself, found while reading rather than by a check."""

from __future__ import annotations

from mtg_typeline.checks.base import input_problem
from mtg_typeline.findings import Severity

UNREADABLE = input_problem(
    "TL901",
    "unreadable-input",
    Severity.ERROR,
    """An input path that cannot be read: missing, a directory without type-line files,
    or refused by the system. The other inputs are still checked; exit status 2.
    """,
)

NOT_TEXT = input_problem(
    "TL902",
    "not-text",
    Severity.ERROR,
    """An input that is not UTF-8 text: a byte sequence that is not UTF-8, or a binary
    file (NUL bytes). The first such place is reported with its line and column; the rest
    of the file's readable lines are still checked, and the exit status is 2.
    """,
)

LINE_TOO_LONG = input_problem(
    "TL903",
    "line-too-long",
    Severity.ERROR,
    """A line far longer than any type line (over 1,000 characters) is reported once and
    not checked word by word, so a stray data blob neither hangs the checker nor floods
    the screen.
    """,
)

INPUT_CODES = frozenset({UNREADABLE.code, NOT_TEXT.code})
