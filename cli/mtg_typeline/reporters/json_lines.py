"""`--format json-lines`: one JSON object a line for each finding, and nothing else.

Each object is the one a finding has in `--format json` (`path`, `line`, `column`,
`end_line`, `end_column`, `code`, `name`, `severity`, `message`, `rules`, `type_line`,
`suggestion`, `fix`), written compactly in UTF-8. No summary line: a clean run prints
nothing. The characters U+0085, U+2028 and U+2029, which some readers take for line
breaks, are written as `\\u` escapes, so every finding is exactly one line for any reader.
"""

from __future__ import annotations

from typing import TextIO

from mtg_typeline.reporters import ReportSettings, RunResult, utf8_under
from mtg_typeline.reporters.json_format import EncodedFindings

# Line breaks to Unicode-aware readers (str.splitlines) that JSON leaves unescaped.
_BREAKS = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}
_AT_ONCE = 1024  # findings written at once


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    findings = result.findings
    under = utf8_under(out)
    if under is not None:  # a repeated line's findings encoded once, as bytes (`json_format`)
        out.flush()  # (what `out` holds goes first)
        data = EncodedFindings(compact=True, under=under, clean=_unbroken).data
        for start in range(0, len(findings), _AT_ONCE):
            under.stream.write(b"\n".join(map(data, findings[start : start + _AT_ONCE])) + b"\n")
        return
    encoded = EncodedFindings(compact=True, clean=_unbroken).finding
    for start in range(0, len(findings), _AT_ONCE):
        out.write("\n".join(map(encoded, findings[start : start + _AT_ONCE])) + "\n")


def _unbroken(text: str) -> str:
    """`text` with the line breaks JSON leaves as they are escaped (a piece of a finding's
    line: they are characters of their own, so each piece can be escaped alone)."""
    # the three are among the characters `isprintable` refuses: most texts skip `translate`
    return text if text.isprintable() else text.translate(_BREAKS)
