"""`--format sarif`: SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.

One run. `tool.driver` names typeline, its version, and every registered check as a rule
(id = code, name, summary and description from the check's docstring, default level, and
the CR rules it cites in the edition checked, under `properties.rules`). Each result has
its rule, level (error, warning, note for info), message, one location with a region
(1-based columns counted in Unicode code points, `endColumn` exclusive), a
`partialFingerprints` entry (the one `--format gitlab` uses, independent of line numbers),
`properties` (cited rules, type line, suggestion, check name) and, when the finding has an
edit, `fixes`. Paths are written as URI references: relative paths percent-encoded,
absolute ones as `file:` URIs, and stdin as `stdin`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path, PurePath
from typing import Any, TextIO
from urllib.parse import quote

import mtg_typeline
from mtg_typeline.checks import CHECKS, Check
from mtg_typeline.discovery import STDIN
from mtg_typeline.explain import describe
from mtg_typeline.findings import Finding, Fix, Severity
from mtg_typeline.reporters import ReportSettings, RunResult
from mtg_typeline.reporters.gitlab import fingerprints
from mtg_typeline.ruleset import RuleSet

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/mtg-typeline/"
LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
FINGERPRINT = "typeline/v1"
STDIN_URI = "stdin"


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    out.write(json.dumps(document(result), ensure_ascii=False, indent=2) + "\n")


def document(result: RunResult) -> dict[str, Any]:
    index = {check.code: number for number, check in enumerate(CHECKS)}
    prints = fingerprints(result.findings)
    driver = {
        "name": "typeline",
        "informationUri": INFORMATION_URI,
        "version": mtg_typeline.__version__,
        "rules": [rule(check, result.rules) for check in CHECKS],
    }
    run = {
        "tool": {"driver": driver},
        "columnKind": "unicodeCodePoints",
        "results": [
            sarif_result(finding, index.get(finding.code), fingerprint)
            for finding, fingerprint in zip(result.findings, prints, strict=True)
        ],
        "properties": {"edition": result.rules.edition},
    }
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def rule(check: Check, rules: RuleSet) -> dict[str, Any]:
    info = describe(check, rules)
    description = reflow(info["description"])
    full = f"{check.summary} {description}" if description else check.summary
    return {
        "id": check.code,
        "name": check.name,
        "shortDescription": {"text": check.summary},
        "fullDescription": {"text": full},
        "help": {"text": help_text(full, info["rules"], rules)},
        "defaultConfiguration": {"enabled": check.default, "level": LEVELS[check.severity]},
        "properties": {"rules": info["rules"]},
    }


def reflow(text: str) -> str:
    """Docstring paragraphs as single lines, separated by blank lines."""
    paragraphs = (" ".join(part.split()) for part in text.split("\n\n"))
    return "\n\n".join(paragraph for paragraph in paragraphs if paragraph)


def help_text(full: str, cited: list[str], rules: RuleSet) -> str:
    if not cited:
        return full
    lines = [f"{number}  {rules.summary(number)}" for number in cited]
    return f"{full}\n\nRules (edition {rules.edition}):\n" + "\n".join(lines)


def sarif_result(finding: Finding, rule_index: int | None, fingerprint: str) -> dict[str, Any]:
    uri = artifact_uri(finding.path)
    result: dict[str, Any] = {"ruleId": finding.code}
    if rule_index is not None:
        result["ruleIndex"] = rule_index
    result["level"] = LEVELS[finding.severity]
    message = finding.message if finding.card is None else f"{finding.card}: {finding.message}"
    result["message"] = {"text": message}
    result["locations"] = [
        {"physicalLocation": {"artifactLocation": {"uri": uri}, "region": region(finding)}}
    ]
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
        result["fixes"] = [sarif_fix(finding, finding.fix, uri)]
    return result


def region(finding: Finding) -> dict[str, int]:
    return {
        "startLine": finding.line,
        "startColumn": finding.column,
        "endColumn": finding.end_column,
    }


def sarif_fix(finding: Finding, fix: Fix, uri: str) -> dict[str, Any]:
    start, end = fix.span.start, fix.span.end
    old = finding.type_line[start:end]
    replacement: dict[str, Any] = {
        "deletedRegion": {"startLine": finding.line, "startColumn": start + 1, "endColumn": end + 1}
    }
    if fix.replacement:
        replacement["insertedContent"] = {"text": fix.replacement}
        what = f"Replace '{old}' with '{fix.replacement}'" if old else f"Insert '{fix.replacement}'"
    else:
        what = f"Delete '{old}'"
    return {
        "description": {"text": what},
        "artifactChanges": [{"artifactLocation": {"uri": uri}, "replacements": [replacement]}],
        "properties": {"applicability": fix.applicability},
    }


def artifact_uri(path: str) -> str:
    """A path as a URI reference: stdin by name, absolute paths as file: URIs."""
    if path == STDIN:
        return STDIN_URI
    if os.path.isabs(path):
        return Path(path).as_uri()
    # bytes: a name that is not UTF-8 (held as surrogate escapes) keeps its own bytes
    return quote(os.fsencode(PurePath(path).as_posix()), safe="/")
