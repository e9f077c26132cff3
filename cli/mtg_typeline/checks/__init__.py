"""The checks, in one explicit registry: TL1xx form, TL2xx types, TL3xx subtypes, TL9xx input
and card data."""

from __future__ import annotations

from mtg_typeline.checks import carddata, cardtypes, inputs, structure, subtypes
from mtg_typeline.checks.base import REGISTRY, Check, Problem

FAMILIES = (structure, cardtypes, subtypes, carddata, inputs)
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


__all__ = ["CHECKS", "FACE_CHECKS", "FAMILIES", "LINE_CHECKS", "Check", "Problem", "find_check"]
