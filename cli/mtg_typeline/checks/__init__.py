"""The checks, in one explicit registry: TL1xx form, TL2xx types, TL3xx subtypes, TL9xx input
and card data."""

from __future__ import annotations

import re

from mtg_typeline.checks import carddata, cardtypes, combinations, inputs, structure, subtypes
from mtg_typeline.checks.base import REGISTRY, Check, Problem, either
from mtg_typeline.spelling import close_matches

FAMILIES = (structure, cardtypes, combinations, subtypes, carddata, inputs)
CHECKS: tuple[Check, ...] = tuple(REGISTRY[code] for code in sorted(REGISTRY))
FACE_CHECKS = tuple(c for c in CHECKS if c.face_func is not None)
LINE_CHECKS = tuple(c for c in CHECKS if c.line_func is not None)


def find_check(code_or_name: str) -> Check | None:
    """The check with this code (any case) or kebab-case name."""
    wanted = code_or_name.strip()
    for check in CHECKS:
        if check.code == wanted.upper() or check.name == wanted.lower():
            return check
    return None


_CODE = re.compile(r"TL\d+", re.IGNORECASE)
MAX_GUESSES = 4


def did_you_mean(token: str) -> str:
    """'; did you mean unknown-subtype (TL302)?' for a code or name that names no check, or ''.

    It offers the codes and names close to it (unknown-subtyp, TL3O2, 301), the names it
    begins (unknown-sub), and the names it is a word of (dash: dash-form, type-after-dash …).
    A well-formed code that is no check's (TL999, TL4) gets no guess: a neighbouring code is
    no likelier than any other."""
    wanted = token.strip().lower()
    if not wanted or _CODE.fullmatch(wanted):
        return ""
    close = close_matches(wanted, tuple(c for check in CHECKS for c in (check.code, check.name)), MAX_GUESSES)
    begun = [c.name for c in CHECKS if len(wanted) >= 3 and c.name.startswith(wanted)]
    worded = [c.name for c in CHECKS if wanted in c.name.split("-")]
    found = list(dict.fromkeys([*close, *begun, *worded]))[:MAX_GUESSES]
    return f"; did you mean {either(_with_partner(f) for f in found)}?" if found else ""


def _with_partner(found: str) -> str:
    """'TL302 (unknown-subtype)' for a code, 'unknown-subtype (TL302)' for a name."""
    check = find_check(found)
    assert check is not None  # found among the checks' own codes and names
    return f"{found} ({check.name if found == check.code else check.code})"


__all__ = [
    "CHECKS",
    "FACE_CHECKS",
    "FAMILIES",
    "LINE_CHECKS",
    "Check",
    "Problem",
    "did_you_mean",
    "find_check",
]
