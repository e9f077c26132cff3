"""`--format concise`: one finding a line, no colour, for editors, grep and problem matchers.

    cards.txt:3:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land

As in ruff's concise format, the findings are followed by one summary line, the same
sentence the text format ends with ("Found 1 error and 1 warning in 3 type lines in 1
file." or "No problems in 3 type lines in 1 file."); `--quiet` leaves it out, so the output
is then the findings alone. Paths and messages are shown with control characters drawn as
visible symbols, so a finding is always exactly one line and can't drive the terminal.
"""

from __future__ import annotations

from typing import TextIO

from mtg_typeline.display import printable
from mtg_typeline.findings import Finding, Summary
from mtg_typeline.reporters import ReportSettings, RunResult


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    for finding in result.findings:
        out.write(line_of(finding) + "\n")
    if not settings.quiet:
        out.write(summary_line(result.summary) + "\n")


def line_of(finding: Finding) -> str:
    where = f"{printable(finding.path)}:{finding.line}:{finding.column}"
    return f"{where}: {finding.code} [{finding.severity.value}] {printable(finding.message)}"


def summary_line(summary: Summary) -> str:
    """The text format's last line, without styles."""
    where = f"{_count(summary.type_lines, 'type line')} in {_count(summary.files, 'file')}"
    parts = [(summary.errors, "error"), (summary.warnings, "warning"), (summary.infos, "info")]
    found = [_count(number, word) for number, word in parts if number]
    if not found:
        return f"No problems in {where}."
    listed = found[0] if len(found) == 1 else ", ".join(found[:-1]) + " and " + found[-1]
    return f"Found {listed} in {where}."


def _count(number: int, word: str) -> str:
    plural = word if number == 1 or word == "info" else word + "s"
    return f"{number:,} {plural}"
