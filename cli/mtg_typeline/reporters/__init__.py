"""Output formats: a registry whose names are the `--format` choices.

Each reporter module has a function `report(result, out, settings)`; a reporter is
imported only when chosen, so a JSON run never loads rich.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, NamedTuple, TextIO

from mtg_typeline.display import count
from mtg_typeline.errors import UsageError
from mtg_typeline.findings import INPUT_CODES

if TYPE_CHECKING:
    from mtg_typeline.findings import Finding, Summary
    from mtg_typeline.ruleset.model import RuleSet


class RunResult(NamedTuple):
    """What a run checked and found, as the reporters receive it."""

    findings: tuple[Finding, ...]  # sorted by path, line, column
    summary: Summary
    rules: RuleSet
    files: tuple[str, ...]  # every input that was read, in the order read
    root: str = ""  # the absolute folder inputs are named relative to ("": not known)
    working_directory: str = ""  # the absolute folder the run started in ("": not known)

    @property
    def execution_successful(self) -> bool:
        """Whether every input could be read and parsed (and, fixing, written): no input
        problem, the findings that make the exit status 2."""
        return not any(finding.code in INPUT_CODES for finding in self.findings)


def _ignore(message: str) -> None:
    """Where a reporter's warnings go when no one listens."""


class ReportSettings(NamedTuple):
    quiet: bool = False
    color: bool | None = None
    format: str = "text"  # the --format asked for (the statistics reporter follows it)
    unsafe_fixes: bool = False  # unsafe fixes count as fixable (marked `[*]`) too
    fail_on: str = "error"  # the least severity that fails the run (--fail-on), as for the exit status
    warn: Callable[[str], None] = _ignore  # tells the user something about the report (standard error)


def fix_mark(finding: Finding, settings: ReportSettings) -> str:
    """`[*]` for a finding `--fix` would fix (with `--unsafe-fixes`: unsafe fixes too)."""
    fix = finding.fix
    return "[*]" if fix is not None and fix.applies(settings.unsafe_fixes) else ""


def fixed_sentence(summary: Summary) -> str | None:
    """ "Fixed 3 findings in 2 files." after --fix (None when not fixing)."""
    if summary.fixed is None:
        return None
    if not summary.fixed:
        return "No fixes applied."
    return f"Fixed {count(summary.fixed, 'finding')} in {count(summary.fixed_files, 'file')}."


def summary_pieces(summary: Summary) -> list[tuple[str, str | None]]:
    """The closing sentence of the human formats, as (text, severity or None) pieces:
    "Found 2 errors and 1 warning in 3 type lines in 1 file." / "No problems in …"."""
    where = f" in {count(summary.type_lines, 'type line')} in {count(summary.files, 'file')}."
    parts = [(summary.errors, "error"), (summary.warnings, "warning"), (summary.infos, "info")]
    found = [(count(number, word), word) for number, word in parts if number]
    if not found:
        return [("No problems", None), (where, None)]
    pieces: list[tuple[str, str | None]] = [("Found ", None)]
    for index, (text, severity) in enumerate(found):
        if index:
            pieces.append((", " if index < len(found) - 1 else " and ", None))
        pieces.append((text, severity))
    return [*pieces, (where, None)]


Reporter = Callable[[RunResult, TextIO, ReportSettings], None]  # a module's `report`


REPORTERS: dict[str, str] = {
    "text": "mtg_typeline.reporters.text",
    "json": "mtg_typeline.reporters.json_format",
    "concise": "mtg_typeline.reporters.concise",
    "json-lines": "mtg_typeline.reporters.json_lines",
    "github": "mtg_typeline.reporters.github",
    "sarif": "mtg_typeline.reporters.sarif",
    "junit": "mtg_typeline.reporters.junit",
    "gitlab": "mtg_typeline.reporters.gitlab",
    "markdown": "mtg_typeline.reporters.markdown",
}
FORMATS = tuple(REPORTERS)
# not a --format: what --statistics prints instead of the findings
REPORTERS["statistics"] = "mtg_typeline.reporters.statistics"


def get_reporter(name: str) -> Reporter:
    if name not in REPORTERS:
        raise UsageError(f"unknown format {name!r}; the formats are: {', '.join(FORMATS)}")
    report: Reporter = import_module(REPORTERS[name]).report
    return report


def get_closing(name: str) -> Reporter | None:
    """What a format prints after its findings (the human formats' summary), for when the
    findings go to a file and it to the terminal (`--output-file`); None for the others."""
    closing: Reporter | None = getattr(import_module(REPORTERS[name]), "closing", None)
    return closing
