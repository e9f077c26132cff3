"""`--format github`: GitHub Actions workflow commands, shown as annotations on the files.

    ::error file=cards.txt,line=3,col=12,endColumn=18,title=TL304 subtype-type-mismatch::Forest is …

error → `::error`, warning → `::warning`, info → `::notice`; columns are 1-based and
`endColumn` is exclusive, as in the other formats; where the words at fault run onto
another line of the file, `endLine=` follows `line=` and `endColumn` is on that line. The message ends with
` (suggestion: …)` when the finding has one. Escaping follows GitHub's runner: in the
message `%`, CR and LF become `%25`, `%0D` and `%0A`; in property values `:` and `,`
become `%3A` and `%2C` as well. Other control characters are drawn as visible symbols, so
a type line can't drive the log. Input read from stdin has no file to annotate, so its
commands carry no `file=` (GitHub then shows them as annotations of the run).
Nothing else is printed: no summary line.
"""

from __future__ import annotations

import re
from typing import TextIO

from mtg_typeline.display import printable
from mtg_typeline.findings import STDIN, Finding, Severity
from mtg_typeline.reporters import ReportSettings, RunResult
from mtg_typeline.reporters.stamped import write_stamped

COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
_DATA = {ord("%"): "%25", ord("\r"): "%0D", ord("\n"): "%0A"}
_PROPERTY = {**_DATA, ord(":"): "%3A", ord(","): "%2C"}
_DATA_SPECIAL = re.compile("[%\r\n]")
_PROPERTY_SPECIAL = re.compile("[%\r\n:,]")


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    # a repeated line's commands differ in their line alone: the rest is made once (`stamped`)
    write_stamped(out, result.findings, _pieces, lambda finding: command(finding) + "\n")


def command(finding: Finding) -> str:
    before, after = _around(finding)
    if finding.last_line != finding.line:  # words at fault that run onto another line
        return f"{before}{finding.line},endLine={finding.last_line}{after}"
    return f"{before}{finding.line}{after}"


def _pieces(finding: Finding) -> tuple[str, str]:
    """A command on one line of the file, and its line end, around its line number."""
    before, after = _around(finding)
    return before, after + "\n"


def _around(finding: Finding) -> tuple[str, str]:
    """A command around its lines (`line=` ends the first part; `,col=` starts the second)."""
    # numbers need no escaping: only the file's name and the title go through it
    where = "" if finding.path == STDIN else f"file={escape_property(finding.path)},"
    title = escape_property(f"{finding.code} {finding.name}")
    message = finding.message if finding.card is None else f"{finding.card}: {finding.message}"
    if finding.suggestion is not None:
        message += f" (suggestion: {finding.suggestion})"
    before = f"::{COMMANDS[finding.severity]} {where}line="
    return (
        before,
        f",col={finding.column},endColumn={finding.end_column},title={title}::{escape_data(message)}",
    )


def escape_data(text: str) -> str:
    """A command's message, as GitHub's runner unescapes it."""
    # a search at C speed spares most texts `translate`, which looks up every character
    return printable(text.translate(_DATA) if _DATA_SPECIAL.search(text) else text)


def escape_property(text: str) -> str:
    """A command's property value, as GitHub's runner unescapes it."""
    return printable(text.translate(_PROPERTY) if _PROPERTY_SPECIAL.search(text) else text)
