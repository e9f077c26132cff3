"""`--format json`: one JSON document, findings sorted by path, line and column.

{"version": 1, "edition": "2026-09-25", "summary": {...}, "findings": [{...}, ...]}
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TextIO

from mtg_typeline.findings import Finding, Summary
from mtg_typeline.ruleset import RuleSet

VERSION = 1


def report(
    findings: Sequence[Finding],
    summary: Summary,
    rules: RuleSet,
    out: TextIO,
    *,
    quiet: bool,
    color: bool | None,
) -> None:
    document = {
        "version": VERSION,
        "edition": rules.edition,
        "summary": summary.to_dict(),
        "findings": [finding.to_dict() for finding in findings],
    }
    out.write(json.dumps(document, ensure_ascii=False, indent=2))
    out.write("\n")
