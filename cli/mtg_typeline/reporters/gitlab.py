"""`--format gitlab`: a GitLab Code Quality report (a JSON array), for merge-request widgets.

    [{"description": "TL304: Forest is …", "check_name": "TL304",
      "fingerprint": "<sha256 hex>", "severity": "major",
      "location": {"path": "cards/set.txt", "lines": {"begin": 3, "end": 3}}}, ...]

Severities: error → major, warning → minor, info → info. `location.path` is the input's
name: relative to the repository root, `/` between folders, no `./` (an absolute path only
for a file outside the root), so two branches, or a run from a subdirectory and one from
the top, name a file alike. `lines.end` is the line where the words at fault end (the
same line, unless they run onto another). The format has lines but no columns. A clean
run prints `[]`. Findings in a file outside the root (named by its absolute path) are left
out, with a warning: the report's paths are relative to the repository.

GitLab compares the reports of two pipelines by fingerprint, so a fingerprint must stay the
same while a mistake stays, and change when it is fixed. It is the SHA-256 of: the path,
the code, the words at fault (the text of the finding's span in its type line: `Forest`
for a TL304, ` - ` for a TL101), the card's name where the format names cards, and the
occurrence (0, 1, …) of those four in the run. Neither the line number nor the rest of the
type line goes in, so a finding keeps its fingerprint when lines are added above it, when
its line moves, and when another mistake on the same line is fixed; two alike findings in
one file are told apart by their occurrence.
"""

from __future__ import annotations

from typing import Any, TextIO

from mtg_typeline.findings import Finding, Severity
from mtg_typeline.reporters import ReportSettings, RunResult
from mtg_typeline.reporters.indented import FindingTexts, Items, Template, write_findings

SEVERITIES = {Severity.ERROR: "major", Severity.WARNING: "minor", Severity.INFO: "info"}


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    """Write the array, issue by issue: as `json.dumps(issues, indent=2)` would, without a
    second copy of a large report (see `indented`)."""
    outside = sum(1 for finding in result.findings if finding.path.startswith("/"))
    if outside:
        settings.warn(
            f"gitlab: {outside} finding{'s are' if outside > 1 else ' is'} in files outside the root of "
            "the run, which a Code Quality report can't name (its paths are relative to the "
            "repository); left out of the report"
        )
    issues = Items()
    document = Template(issues)  # (which sets the level of the issues)
    inside = [finding for finding in result.findings if not finding.path.startswith("/")]
    texts = FindingTexts(issue, issues.level, shape=_shape)
    write_findings(out, document, issues, texts, inside)
    out.write("\n")


def issue(finding: Finding, fingerprint: str) -> dict[str, Any]:
    return {
        "description": f"{finding.code}: {_in_card(finding)}{finding.message}",
        "check_name": finding.code,
        "fingerprint": fingerprint,
        "severity": SEVERITIES[finding.severity],
        "location": {"path": finding.path, "lines": {"begin": finding.line, "end": finding.last_line}},
    }


def _shape(finding: Finding) -> tuple[object, ...]:
    """What `issue` reads of a finding but its lines and fingerprint."""
    return (finding.path, finding.code, finding.severity, finding.message, finding.card)


def _in_card(finding: Finding) -> str:
    return "" if finding.card is None else f"{finding.card}: "
