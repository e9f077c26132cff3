"""How type lines are written: the long dash with its spaces, the face separator, and the
words card databases put before or instead of card types."""

from __future__ import annotations

from functools import lru_cache

CANONICAL_DASH = " \u2014 "  # a space, U+2014 EM DASH, a space
FACE_SEPARATOR = " // "
TOKEN = "Token"
EMBLEM = "Emblem"


@lru_cache(maxsize=8192)
def fold(word: str) -> str:
    """The form words are compared in: case-folded, either apostrophe."""
    return word.casefold().replace("\u2019", "'").replace("\u2018", "'")
