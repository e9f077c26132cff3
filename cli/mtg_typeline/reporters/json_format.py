"""`--format json`: one JSON document, findings sorted by path, line and column.

    {"version": 1, "edition": "2026-09-25", "summary": {...}, "findings": [
    {"path": ..., "line": ..., ...},
    ...
    ]}

With custom rule files, `"rules": {"name": ..., "files": [...]}` follows `edition`.
One finding a line keeps large outputs readable with line tools and lets the encoder run
at C speed (an indented document goes through the pure-Python one, ten times slower).
"""

from __future__ import annotations

import json
from typing import TextIO

from mtg_typeline.reporters import ReportSettings, RunResult

VERSION = 1


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    rules = result.rules
    head: dict[str, object] = {"version": VERSION, "edition": rules.edition}
    if rules.provenance.files:  # custom rule files: their name for the rules, and the files
        head["rules"] = {"name": rules.name, "files": list(rules.provenance.files)}
    head["summary"] = result.summary.to_dict()
    out.write(json.dumps(head, ensure_ascii=False)[:-1] + ', "findings": [')
    encode = json.JSONEncoder(ensure_ascii=False).encode
    separator = "\n"
    for finding in result.findings:  # written one by one: no second copy of a large report
        out.write(separator + encode(finding.to_dict()))
        separator = ",\n"
    out.write("\n]}\n")
