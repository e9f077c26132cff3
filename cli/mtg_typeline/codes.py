"""Codes of problems found while reading input, where modules that run on every start need
them without loading the checks (the checks document them in `checks/inputs.py`)."""

from __future__ import annotations

UNREADABLE = ("TL901", "unreadable-input")
NOT_TEXT = ("TL902", "not-text")
LINE_TOO_LONG = ("TL903", "line-too-long")
UNUSED_SUPPRESSION = ("TL904", "unused-suppression")
MALFORMED = ("TL905", "malformed-input")
FACES_DISAGREE = ("TL906", "faces-disagree")
FIELDS_DISAGREE = ("TL907", "type-fields-disagree")
CHANGED_ON_DISK = ("TL908", "changed-on-disk")
WRITE_FAILED = ("TL909", "write-failed")

INPUT_CODES = frozenset(
    {UNREADABLE[0], NOT_TEXT[0], MALFORMED[0], CHANGED_ON_DISK[0], WRITE_FAILED[0]}
)  # can't be deselected; exit status 2
DEFAULT_OFF = frozenset({UNUSED_SUPPRESSION[0]})  # reported only when selected
