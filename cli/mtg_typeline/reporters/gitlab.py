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

import hashlib
import json
from collections.abc import Iterable, Iterator
from functools import partial
from typing import Any, TextIO

from mtg_typeline.findings import Finding, Severity
from mtg_typeline.reporters import ReportSettings, RunResult
from mtg_typeline.reporters.indented import Fill, FindingTexts, Items, Made, Template, write_findings

SEVERITIES = {Severity.ERROR: "major", Severity.WARNING: "minor", Severity.INFO: "info"}
Key = tuple[str, str, str, str | None]  # path, code, words at fault, card


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
    write_findings(out, document, issues, FindingTexts(issue, issues.level), partial(_texts, result.findings))
    out.write("\n")


def _texts(findings: tuple[Finding, ...], fill: Fill[Made]) -> Iterator[Made]:
    """The issues' texts (or their bytes), in order, each made by `fill`, but those of files
    outside the root."""
    for finding, fingerprint in zip(findings, fingerprints(findings), strict=True):
        if not finding.path.startswith("/"):
            key = (finding.path, finding.code, finding.severity, finding.message, finding.card)
            yield fill(finding, key, fingerprint)


def issue(finding: Finding, fingerprint: str) -> dict[str, Any]:
    return {
        "description": f"{finding.code}: {_in_card(finding)}{finding.message}",
        "check_name": finding.code,
        "fingerprint": fingerprint,
        "severity": SEVERITIES[finding.severity],
        "location": {"path": finding.path, "lines": {"begin": finding.line, "end": finding.last_line}},
    }


def _in_card(finding: Finding) -> str:
    return "" if finding.card is None else f"{finding.card}: "


def fingerprints(findings: Iterable[Finding]) -> list[str]:
    """A stable fingerprint per finding, in order (see the module's docstring): each the
    `fingerprint` of its key and occurrence, the hash of a key's part worked out once."""
    seen: dict[Key, tuple[hashlib._Hash, list[int]]] = {}
    found = []
    for finding in findings:
        key = fingerprint_key(finding)
        known = seen.get(key)
        if known is None:  # `fingerprint`'s data up to the occurrence: '["path", "TL304", …, '
            head = json.dumps(list(key), ensure_ascii=False)[:-1] + ", "
            known = seen[key] = (hashlib.sha256(head.encode("utf-8", "surrogatepass")), [0])
        start, occurrence = known
        digest = start.copy()
        digest.update(b"%d]" % occurrence[0])
        occurrence[0] += 1
        found.append(digest.hexdigest())
    return found


def fingerprint_key(finding: Finding) -> Key:
    """What identifies a finding across runs, bar its occurrence."""
    span = finding.span  # (`line_span`, read here at once: a key for each finding of a report)
    start, end = (finding.column - 1, finding.end_column - 1) if span is None else span
    return (finding.path, finding.code, finding.type_line[start:end], finding.card)


def fingerprint(key: Key, occurrence: int) -> str:
    # JSON keeps the parts apart whatever characters they hold
    data = json.dumps([*key, occurrence], ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8", "surrogatepass")).hexdigest()
