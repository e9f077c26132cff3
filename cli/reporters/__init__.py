"""Output formats: a registry whose names are the `--format` choices.

Each reporter is a function `report(findings, summary, rules, out, *, quiet, color)`;
reporters are imported only when chosen, so a JSON run never loads rich.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import Protocol, TextIO

from mtg_typeline.errors import UsageError
from mtg_typeline.findings import Finding, Summary
from mtg_typeline.ruleset import RuleSet


class Reporter(Protocol):
    def __call__(
        self,
        findings: Sequence[Finding],
        summary: Summary,
        rules: RuleSet,
        out: TextIO,
        *,
        quiet: bool,
        color: bool | None,
    ) -> None: ...


REPORTERS: dict[str, str] = {
    "text": "mtg_typeline.reporters.text",
    "json": "mtg_typeline.reporters.json_format",
}
FORMATS = tuple(REPORTERS)


def get_reporter(name: str) -> Reporter:
    if name not in REPORTERS:
        raise UsageError(f"unknown format {name!r}; the formats are: {', '.join(FORMATS)}")
    report: Reporter = import_module(REPORTERS[name]).report
    return report
