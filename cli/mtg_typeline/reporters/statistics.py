"""`--statistics`: how many findings of each code, instead of the findings themselves.

text:  count, code, name, severity, and `[*]` where every finding of the code has a fix;
       then the total ("12  in all"; after `--fix`, "3  in all, 8 fixed"); nothing at all
       when there is nothing to count
json:  [{"code", "name", "severity", "count", "fixable"}, ...]
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, TextIO

from mtg_typeline.reporters import ReportSettings, RunResult

TEXT_FORMATS = ("text", "concise", "github")  # read by people (github: in a CI log)


def rows(result: RunResult) -> list[dict[str, Any]]:
    """One row per code found, most frequent first (then by code)."""
    counts = Counter(f.code for f in result.findings)
    first = {f.code: f for f in reversed(result.findings)}
    fixable = {
        code: all(f.fix is not None and f.fix.applies() for f in result.findings if f.code == code)
        for code in counts
    }
    ordered = sorted(counts, key=lambda code: (-counts[code], code))
    return [
        {
            "code": code,
            "name": first[code].name,
            "severity": first[code].severity.value,
            "count": counts[code],
            "fixable": fixable[code],
        }
        for code in ordered
    ]


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    table = rows(result)
    if settings.format == "json-lines":
        out.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in table)
        return
    if settings.format not in TEXT_FORMATS:
        out.write(json.dumps(table, ensure_ascii=False, indent=2) + "\n")
        return
    width = max((len(str(row["count"])) for row in table), default=1)
    name_width = max((len(row["name"]) for row in table), default=0)
    for row in table:
        mark = " [*]" if row["fixable"] else ""
        out.write(
            f"{row['count']:>{width}}  {row['code']}  {row['name']:<{name_width}}  {row['severity']}{mark}\n"
        )
    if (total := totals(result, width)) is not None:
        out.write(total + "\n")


def totals(result: RunResult, width: int) -> str | None:
    """The table's last line: the findings in all, and after --fix the findings fixed; None
    when there is nothing to count (no finding, nothing fixed)."""
    fixed = result.summary.fixed
    if not result.findings and not fixed:
        return None
    total = f"{len(result.findings):>{width},}  in all"
    return total if fixed is None else f"{total}, {fixed:,} fixed"
