"""`--format json`: one JSON document, findings sorted by path, line and column.

{"version": 1, "edition": "2026-09-25", "summary": {...}, "findings": [{...}, ...]}
"""

from __future__ import annotations

import json
from typing import TextIO

from mtg_typeline.reporters import ReportSettings, RunResult

VERSION = 1


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    document = {
        "version": VERSION,
        "edition": result.rules.edition,
        "summary": result.summary.to_dict(),
        "findings": [finding.to_dict() for finding in result.findings],
    }
    out.write(json.dumps(document, ensure_ascii=False, indent=2))
    out.write("\n")
