"""The `[CustomCards]` sections of a Draftmancer card list, each made into plain JSON that
keeps every character where the file has it.

Draftmancer reads a section's JSON loosely: a line whose first character (blanks aside) is
`#` is a comment, and a comma before a closing `]` or `}` is dropped. Here both are blanked
out (each character a space, line breaks kept), and so is everything outside the section's
array (its header, the other sections), so the text `json` parses is as long as the file
and every value is at its own line and column: the places of the JSON readers and the
edits of their writers hold for the file itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from mtg_typeline.sources.base import SourceError
from mtg_typeline.sources.inputs import is_cards_header

_COMMENT = re.compile(r"^[ \t]*#[^\r\n]*", re.MULTILINE)
# A comma before a closing bracket, after the end of a value (Draftmancer's own rule).
_TRAILING_COMMA = re.compile(r"(?<=[el\"\d}\]])([ \t\r\n]*),(?=[ \t\r\n]*[\]}])")
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")
_BLANKS = re.compile(r"[ \t\r\n]*")
_NOT_BREAK = re.compile(r"[^\r\n]")
# Finds where a value ends; numbers are left as their digits (no limit on them, no time).
_SCAN = json.JSONDecoder(parse_int=str, parse_float=str)


def sections(text: str) -> Iterator[str]:
    """For each `[CustomCards]` section of the file (a line holding the header alone, in any
    case), the file's text with everything but the section's JSON blanked out. `SourceError`
    at the place where the section's JSON is not valid."""
    loose = _COMMENT.sub(_blanked, text)
    relaxed = _TRAILING_COMMA.sub(r"\1 ", loose)  # (once for every section: a space a comma)
    at = 0
    for header in _headers(loose):
        if header < at:  # a line inside the last section's JSON
            continue
        start = _BLANKS.match(loose, header).end()  # type: ignore[union-attr]
        at = _end_of_json(relaxed, start)
        yield _blank(loose[:start]) + relaxed[start:at] + _blank(loose[at:])


def _headers(text: str) -> Iterator[int]:
    """The offset after each `[CustomCards]` header line."""
    for line in _LINE.finditer(text):
        if line.group() and is_cards_header(line.group().strip()):
            yield line.end()


def _end_of_json(text: str, start: int) -> int:
    """The offset after the JSON value at `start` (its trailing commas blanked); what
    follows it (the other sections) is not read."""
    try:
        return int(_SCAN.raw_decode(text, start)[1])
    except json.JSONDecodeError as exc:
        raise SourceError(f"not valid JSON: {exc.msg.removesuffix(' at')}", exc.lineno, exc.colno) from None
    except RecursionError:
        raise SourceError("the JSON is nested too deeply to read") from None


def _blanked(match: re.Match[str]) -> str:
    return " " * len(match.group())


def _blank(text: str) -> str:
    """The text with every character but line breaks a space."""
    return _NOT_BREAK.sub(" ", text)
