"""How type lines are written: the long dash with its spaces, the face separator, and the
words card databases put before or instead of card types."""

from __future__ import annotations

CANONICAL_DASH = " \u2014 "  # a space, U+2014 EM DASH, a space
FACE_SEPARATOR = " // "
TOKEN = "Token"
EMBLEM = "Emblem"
