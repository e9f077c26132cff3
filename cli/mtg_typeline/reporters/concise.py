"""`--format concise`: one finding a line, no colour, for editors, grep and problem matchers.

    cards.txt:3:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land
    cards.txt:4:9: TL101 [*] [warning] the dash is written as '-'; subtypes follow a long dash …

`[*]` marks a finding that `--fix` fixes (with `--unsafe-fixes`, unsafe fixes too).

As in ruff's concise format, the findings are followed by one summary line, the same
sentence the text format ends with ("Found 1 error and 1 warning in 3 type lines in 1
file." or "No problems in 3 type lines in 1 file."), after `--fix` preceded by "Fixed 2
findings in 1 file."; then, as ruff does, what `--fix` would fix ("[*] 2 fixable with
--fix (1 more with --unsafe-fixes).") or, after it, what was left and why ("1 left: 1 has
no automatic fix."); `--quiet` leaves them out, so the output is then the findings alone.
Paths and messages are shown with control characters drawn as visible symbols, so a
finding is always exactly one line and can't drive the terminal.
"""

from __future__ import annotations

from typing import TextIO

from mtg_typeline.display import printable
from mtg_typeline.findings import Finding, Summary
from mtg_typeline.reporters import ReportSettings, RunResult, closing_lines, fix_mark, summary_pieces
from mtg_typeline.reporters.stamped import write_stamped


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    # a repeated line's findings differ in their line alone: the rest is made once (`stamped`)
    def pieces(finding: Finding) -> tuple[str, str]:
        before, after = line_parts(finding, fix_mark(finding, settings))
        return before, after + "\n"

    write_stamped(
        out, result.findings, pieces, lambda finding: line_of(finding, fix_mark(finding, settings)) + "\n"
    )
    if not settings.quiet:
        closing(result, out, settings)


def closing(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    """The closing lines: "Fixed …" after --fix, the summary, the line on fixes (alone with
    `--output-file`)."""
    out.writelines(line + "\n" for line in closing_lines(result, settings.unsafe_fixes))


def line_of(finding: Finding, mark: str = "") -> str:
    """One finding on one line; `mark` (`[*]`: fixable) follows the code."""
    before, after = line_parts(finding, mark)
    return f"{before}{finding.line}{after}"


def line_parts(finding: Finding, mark: str = "") -> tuple[str, str]:
    """`line_of` before the finding's line number and after it."""
    card = "" if finding.card is None else f" (card: {printable(finding.card)})"
    code = f"{finding.code} {mark}" if mark else finding.code
    after = f":{finding.column}: {code} [{finding.severity.value}] {printable(finding.message)}{card}"
    return f"{printable(finding.path)}:", after


def summary_line(summary: Summary) -> str:
    """The text format's last line, without styles."""
    return "".join(text for text, _ in summary_pieces(summary))
