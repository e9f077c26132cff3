"""`--format sarif`: SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.

One run. `tool.driver` names typeline and its version, and describes every check (see
`sarif_rules`): the checks of type lines and card data as `rules`, the input problems as
`notifications`. `originalUriBaseIds` defines `%SRCROOT%`, the run's root (the CI
workspace, the git top level or the working directory) as a `file:` URI ending in `/`;
every input named relative to it has that `uriBaseId`, so the paths of a report are the
same wherever the run started. A file outside the root is a `file:` URI of its own, and
standard input is `stdin` (without a base). `invocations[0]` has the working directory,
`executionSuccessful` (false when an input could not be read, parsed or written: exit
status 2) and those input problems as `toolExecutionNotifications` (level, message, the
place in the input, the code as `descriptor`), not as alerts in `results`; and, when the
readers passed over some, their counts in its `properties`: `cardsWithNoTypeLine`,
`objectsNotCards` and, with `--oracle`, `cardsNotInOracle`.

Each result has its rule, level (error, warning, note for info), message (after the
card's name where the format names cards), one location and a region: 1-based lines and
columns counted in Unicode code points, `endLine` the line where the words at fault end,
`endColumn` exclusive on it. The region's `snippet` is those words where they stand in the
file as the type line has them; where the type line is its file's line (a text file), a
`contextRegion` covers the type line, with the type line as its snippet. A
`partialFingerprints` entry holds the fingerprint `--format gitlab` uses (independent of
line numbers and of the rest of the line), `properties` the cited rules, the type line,
the suggestion and the check's name, and `fixes` the edit where the line is its file's
line. A run of more than 25,000 results, more than GitHub code scanning accepts, is
reported, with a warning on standard error.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePath
from typing import Any, TextIO
from urllib.parse import quote

import mtg_typeline
from mtg_typeline.findings import INPUT_CODES, STDIN, Finding, Fix
from mtg_typeline.reporters import ReportSettings, RunResult
from mtg_typeline.reporters.indented import FindingTexts, Items, Template, write_findings
from mtg_typeline.reporters.sarif_rules import LEVELS, descriptors

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
FINGERPRINT = "typeline/v2"  # its version goes up whenever what goes into it changes
STDIN_URI = "stdin"
SRCROOT = "%SRCROOT%"
GITHUB_RESULTS = 25_000  # the most results GitHub code scanning accepts in a run


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    """Write the document, its results one by one (see `indented`): as `json.dumps(document,
    indent=2)` would, without a second copy of a large report."""
    results = Items()
    head = Template(document(result, results))
    results_of = [finding for finding in result.findings if finding.code not in INPUT_CODES]
    write_findings(out, head, results, _finding_texts(result, results.level), results_of)
    out.write("\n")
    if (count := len(results_of)) > GITHUB_RESULTS:
        settings.warn(
            f"the SARIF report holds {count:,} results; GitHub code scanning rejects a run of more "
            f"than {GITHUB_RESULTS:,} (check fewer files, or select fewer codes)"
        )


def document(result: RunResult, results: Items) -> dict[str, Any]:
    """The SARIF document, its results left as `results` (written one by one)."""
    rules, notes = descriptors(result.rules)
    note_index = {note["id"]: number for number, note in enumerate(notes)}
    artifacts = _artifacts(result)
    notifications = [
        notification(finding, note_index[finding.code], artifacts[finding.path])
        for finding in _notifications(result.findings)
    ]
    driver = {"name": "typeline", "version": mtg_typeline.__version__, "rules": rules, "notifications": notes}
    run: dict[str, Any] = {"tool": {"driver": driver}, "invocations": [invocation(result, notifications)]}
    if result.root:
        root = {"uri": folder_uri(result.root), "description": {"text": "The root inputs are named from."}}
        run["originalUriBaseIds"] = {SRCROOT: root}
    run.update(columnKind="unicodeCodePoints", results=results, properties={"edition": result.rules.edition})
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def _notifications(findings: tuple[Finding, ...]) -> list[Finding]:
    return [finding for finding in findings if finding.code in INPUT_CODES]


def _artifacts(result: RunResult) -> dict[str, dict[str, str]]:
    """One location object per input, worked out once (a run may have thousands of results)."""
    return {path: artifact_location(path, result.root) for path in {f.path for f in result.findings}}


def _finding_texts(result: RunResult, level: int) -> FindingTexts:
    """What makes the results' texts, at `level`."""
    rule_index = {rule["id"]: number for number, rule in enumerate(descriptors(result.rules)[0])}
    artifacts = _artifacts(result)

    def make(finding: Finding, fingerprint: str) -> dict[str, Any]:
        return sarif_result(finding, rule_index.get(finding.code), fingerprint, artifacts[finding.path])

    return FindingTexts(make, level)


def invocation(result: RunResult, notifications: list[dict[str, Any]]) -> dict[str, Any]:
    done: dict[str, Any] = {"executionSuccessful": result.execution_successful}
    if result.working_directory:
        done["workingDirectory"] = {"uri": folder_uri(result.working_directory)}
    if notifications:
        done["toolExecutionNotifications"] = notifications
    summary = result.summary
    passed = {
        "cardsWithNoTypeLine": summary.no_type_line,
        "objectsNotCards": summary.not_cards,
        "cardsNotInOracle": summary.not_in_oracle,
    }
    if any(passed.values()):  # what the readers passed over, counted (see docs/output.md)
        done["properties"] = {key: number for key, number in passed.items() if number}
    return done


def notification(finding: Finding, index: int, artifact: dict[str, str]) -> dict[str, Any]:
    """An input problem: where in the input, if the problem has a place there."""
    where: dict[str, Any] = {"artifactLocation": artifact}
    if finding.end_column > finding.column or finding.last_line > finding.line:
        where["region"] = region(finding)
    return {
        "level": LEVELS[finding.severity],
        "message": {"text": message(finding)},
        "locations": [{"physicalLocation": where}],
        "descriptor": {"id": finding.code, "index": index},
    }


def sarif_result(
    finding: Finding, rule_index: int | None, fingerprint: str, artifact: dict[str, str]
) -> dict[str, Any]:
    result: dict[str, Any] = {"ruleId": finding.code}
    if rule_index is not None:
        result["ruleIndex"] = rule_index
    result["level"] = LEVELS[finding.severity]
    result["message"] = {"text": message(finding)}
    result["locations"] = [{"physicalLocation": physical_location(finding, artifact)}]
    result["partialFingerprints"] = {FINGERPRINT: fingerprint}
    result["properties"] = {
        "name": finding.name,
        "rules": list(finding.rules),
        "type_line": finding.type_line,
        "suggestion": finding.suggestion,
    }
    if finding.card is not None:
        result["properties"]["card"] = finding.card
    if finding.fix is not None and finding.span is None:  # a type line that is its file's line
        result["fixes"] = [sarif_fix(finding, finding.fix, artifact)]
    return result


def message(finding: Finding) -> str:
    return finding.message if finding.card is None else f"{finding.card}: {finding.message}"


def physical_location(finding: Finding, artifact: dict[str, str]) -> dict[str, Any]:
    where: dict[str, Any] = {"artifactLocation": artifact, "region": region(finding)}
    words = exact_words(finding)
    if words is not None:
        where["region"]["snippet"] = {"text": words}
        if finding.span is None:
            where["contextRegion"] = line_region(finding)
    return where


def line_region(finding: Finding) -> dict[str, Any]:
    """The type line where it is its file's line, from the line's first column."""
    return {
        "startLine": finding.line,
        "startColumn": 1,
        "endLine": finding.line,
        "endColumn": len(finding.type_line) + 1,
        "snippet": {"text": finding.type_line},
    }


def region(finding: Finding) -> dict[str, Any]:
    return {
        "startLine": finding.line,
        "startColumn": finding.column,
        "endLine": finding.last_line,
        "endColumn": finding.end_column,
    }


def exact_words(finding: Finding) -> str | None:
    """The words at fault, where the file holds them as the type line has them: on one line,
    as many characters wide (not written with escapes, nor cut short as an overlong line)."""
    start, end = finding.line_span
    words = finding.type_line[start:end]
    same = finding.last_line == finding.line and finding.end_column - finding.column == len(words)
    return words if words and same and end <= len(finding.type_line) else None


def sarif_fix(finding: Finding, fix: Fix, artifact: dict[str, str]) -> dict[str, Any]:
    start, end = fix.span.start, fix.span.end
    old = finding.type_line[start:end]
    deleted = {"startLine": finding.line, "startColumn": start + 1}
    replacement: dict[str, Any] = {"deletedRegion": deleted | {"endLine": finding.line, "endColumn": end + 1}}
    if fix.replacement:
        replacement["insertedContent"] = {"text": fix.replacement}
        what = f"Replace '{old}' with '{fix.replacement}'" if old else f"Insert '{fix.replacement}'"
    else:
        what = f"Delete '{old}'"
    return {
        "description": {"text": what},
        "artifactChanges": [{"artifactLocation": artifact, "replacements": [replacement]}],
        "properties": {"applicability": fix.applicability},
    }


def artifact_location(path: str, root: str) -> dict[str, str]:
    """Where an input is: a name relative to the root has the root's base id."""
    uri = artifact_uri(path)
    if path == STDIN or os.path.isabs(path) or not root:
        return {"uri": uri}
    return {"uri": uri, "uriBaseId": SRCROOT}


def artifact_uri(path: str) -> str:
    """A path as a URI reference: stdin by name, absolute paths as file: URIs."""
    if path == STDIN:
        return STDIN_URI
    if os.path.isabs(path):
        return Path(path).as_uri()
    # bytes: a name that is not UTF-8 (held as surrogate escapes) keeps its own bytes
    return quote(os.fsencode(PurePath(path).as_posix()), safe="/")


def folder_uri(folder: str) -> str:
    """An absolute folder as a `file:` URI ending in `/`, as SARIF wants a base URI."""
    uri = Path(folder).as_uri()
    return uri if uri.endswith("/") else uri + "/"
