"""The findings of one type line, as the checks' tests ask for them.

`found` is what users get (cached, fast path first) and must equal the full check; `only`
asserts the one code a line gives; `marked` is the text a finding points at.
"""

from __future__ import annotations

from functools import cache

from mtg_typeline.checker import Checker
from mtg_typeline.findings import Finding
from mtg_typeline.ruleset import load_rules

NEWEST = "2026-09-25"
OLDEST = "2020-08-07"


@cache
def checker(edition: str = NEWEST) -> Checker:
    return Checker(load_rules(edition))


def expand(line: str) -> str:
    """Docstring examples spell edge white space as placeholders."""
    return line.replace("${SPACE}", " ").replace("${TAB}", "\t")


def found(line: str, edition: str = NEWEST) -> tuple[Finding, ...]:
    """The findings users get (cached, fast path first), which must equal the full check."""
    result = checker(edition).check(line)
    assert result == checker(edition).check_fully(line)
    return result


def codes(line: str, edition: str = NEWEST) -> list[str]:
    return [f.code for f in found(line, edition)]


def only(line: str, code: str, edition: str = NEWEST) -> Finding:
    """The one finding of `line`, which must have `code`."""
    result = found(line, edition)
    assert [f.code for f in result] == [code], [(f.code, f.message) for f in result]
    return result[0]


def marked(line: str, finding: Finding) -> str:
    """The text a finding points at."""
    return line[finding.column - 1 : finding.end_column - 1]
