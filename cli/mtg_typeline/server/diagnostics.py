"""A buffer's problems as LSP diagnostics: the range in the client's units, the TL code (with
a link to its page where the documentation site is published), the severity, the source."""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types

from mtg_typeline.reporters.sarif_rules import DOCS_URL
from mtg_typeline.server.checking import Problem
from mtg_typeline.server.positions import range_to_client

SOURCE = "typeline"
SEVERITIES = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "info": types.DiagnosticSeverity.Information,
}


def place(problem: Problem) -> tuple[int, int, int, int]:
    return problem.line, problem.column, problem.end_line, problem.end_column


def diagnostic(problem: Problem, encoding: str, lines: Sequence[str]) -> types.Diagnostic:
    """The diagnostic of one problem of a buffer whose lines are `lines`."""
    link = types.CodeDescription(href=f"{DOCS_URL.rstrip('/')}/codes/{problem.code}/") if DOCS_URL else None
    return types.Diagnostic(
        range=range_to_client(encoding, lines, place(problem)),
        message=f"{problem.message} ({problem.name})",
        severity=SEVERITIES.get(problem.severity, types.DiagnosticSeverity.Information),
        code=problem.code,
        code_description=link,
        source=SOURCE,
    )


def covers(problem: Problem, line: int, column: int) -> bool:
    """Whether the place (in characters) falls on the problem's words (their end included,
    so that a cursor just after a word still finds it)."""
    start, end = (problem.line, problem.column), (problem.end_line, problem.end_column)
    return start <= (line, column) <= end


Shown = dict[tuple[Problem, str, str], types.Diagnostic]


def diagnostics(problems: Sequence[Problem], encoding: str, lines: Sequence[str], shown: Shown) -> Shown:
    """The diagnostics of `problems`, by problem and the text of its lines: those `shown` for
    the last version taken again (after a change to one card, all the others'), the others
    made (each one made is several objects the protocol's library checks as it builds them)."""
    found: Shown = {}
    for problem in problems:
        key = (problem, _line(lines, problem.line), _line(lines, problem.end_line))
        made = shown.get(key)
        found[key] = made if made is not None else diagnostic(problem, encoding, lines)
    return found


def _line(lines: Sequence[str], number: int) -> str:
    return lines[number] if number < len(lines) else ""
