"""`--format json-lines`: one JSON object a line for each finding, and nothing else.

Each object is the one a finding has in `--format json` (`path`, `line`, `column`,
`end_line`, `end_column`, `code`, `name`, `severity`, `message`, `rules`, `type_line`,
`suggestion`, `fix`), written compactly in UTF-8. No summary line: a clean run prints
nothing. The characters U+0085, U+2028 and U+2029, which some readers take for line
breaks, are written as `\\u` escapes, so every finding is exactly one line for any reader.
"""

from __future__ import annotations

from typing import TextIO

from mtg_typeline.reporters import ReportSettings, RunResult
from mtg_typeline.reporters.json_format import EncodedFindings

# Line breaks to Unicode-aware readers (str.splitlines) that JSON leaves unescaped.
_BREAKS = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    encoded = EncodedFindings(compact=True)  # a repeated line's findings encoded once
    for finding in result.findings:
        text = encoded.finding(finding)
        # the three are among the characters `isprintable` refuses: most lines skip `translate`
        out.write((text if text.isprintable() else text.translate(_BREAKS)) + "\n")
