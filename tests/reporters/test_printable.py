"""User text made safe to show: each control character drawn as a visible symbol (the line
and paragraph separators, which split a line, and the controls of bidirectional text, which
reorder what a terminal shows, among them), every other character as it is, and the JSON
Lines report's line breaks escaped, whatever the text (the common text, with none of them,
takes a shorter way through)."""

from __future__ import annotations

import json
import sys

from helpers.reports import RESULT, render

from mtg_typeline.display import printable

SEPARATORS = {0x2028, 0x2029}
BIDI = {0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}
CONTROLS = {*range(0x20), *range(0x7F, 0xA0), *SEPARATORS, *BIDI}


def test_each_character_is_shown_as_itself_or_a_symbol() -> None:
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        shown = printable(f"Elf{char}")
        if code in CONTROLS:
            assert shown[:3] == "Elf" and len(shown) == 4 and shown[3].isprintable(), hex(code)
        else:
            assert shown == f"Elf{char}", hex(code)


def test_json_lines_escape_the_unicode_line_breaks_alone() -> None:
    breaks = "\x85\u2028\u2029"
    finding = RESULT.findings[0]
    odd = finding._replace(message=f"a{breaks}b\u00a0c\u200bd")
    lines = render("json-lines", RESULT._replace(findings=(odd, finding))).splitlines()
    assert len(lines) == 2
    assert "\\u0085\\u2028\\u2029b\u00a0c\u200bd" in lines[0]
    assert [json.loads(line)["message"] for line in lines] == [odd.message, finding.message]


def test_a_card_name_that_would_split_or_reorder_a_line_is_shown_on_one() -> None:
    finding = RESULT.findings[0]
    odd = finding._replace(card="a\u2028b\u202ec\u2066d")
    for fmt in ("concise", "github"):
        lines = render(fmt, RESULT._replace(findings=(odd,))).splitlines()
        shown = next(line for line in lines if "(card: " in line or "::" in line)
        assert "a\u2424b\ufffdc\ufffdd" in shown, fmt
        assert not SEPARATORS.union(BIDI).intersection(map(ord, "".join(lines))), fmt
