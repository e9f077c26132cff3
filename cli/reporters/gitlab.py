"""`--format gitlab`: a GitLab Code Quality report (a JSON array), for merge-request widgets.

    [{"description": "TL304: Forest is …", "check_name": "TL304",
      "fingerprint": "<sha256 hex>", "severity": "major",
      "location": {"path": "cards.txt", "lines": {"begin": 3}}}, ...]

Severities: error → major, warning → minor, info → info. GitLab compares reports by
fingerprint, so it must stay the same while a mistake stays: it is the SHA-256 of the
path, the code, the type line and the occurrence (0, 1, …) of that same path, code and
type line in the run. It leaves the line number out, so a finding keeps its fingerprint
when lines are added above it. The format has lines but no columns. A clean run prints
`[]`.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable
from typing import Any, TextIO

from mtg_typeline.findings import Finding, Severity
from mtg_typeline.reporters import ReportSettings, RunResult

SEVERITIES = {Severity.ERROR: "major", Severity.WARNING: "minor", Severity.INFO: "info"}


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    issues = [
        issue(finding, fingerprint)
        for finding, fingerprint in zip(result.findings, fingerprints(result.findings), strict=True)
    ]
    out.write(json.dumps(issues, ensure_ascii=False, indent=2) + "\n")


def issue(finding: Finding, fingerprint: str) -> dict[str, Any]:
    return {
        "description": f"{finding.code}: {_in_card(finding)}{finding.message}",
        "check_name": finding.code,
        "fingerprint": fingerprint,
        "severity": SEVERITIES[finding.severity],
        "location": {"path": finding.path, "lines": {"begin": finding.line}},
    }


def _in_card(finding: Finding) -> str:
    return "" if finding.card is None else f"{finding.card}: "


def fingerprints(findings: Iterable[Finding]) -> list[str]:
    """A stable fingerprint per finding, in order: independent of line numbers, distinct
    for repeated findings of the same type line in the same file."""
    seen: Counter[tuple[str, str, str]] = Counter()
    found = []
    for finding in findings:
        key = (finding.path, finding.code, finding.type_line)
        found.append(fingerprint(*key, seen[key]))
        seen[key] += 1
    return found


def fingerprint(path: str, code: str, type_line: str, occurrence: int) -> str:
    # JSON keeps the parts apart whatever characters they hold
    data = json.dumps([path, code, type_line, occurrence], ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8", "surrogatepass")).hexdigest()
