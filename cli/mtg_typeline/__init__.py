"""mtg-typeline: checks Magic: The Gathering type lines against the Comprehensive Rules.

The public Python API::

    from mtg_typeline import load_rules, check_line
    rules = load_rules()                      # the newest shipped edition
    for finding in check_line("Creature — Forest", rules):
        print(finding.code, finding.message)

Its names are loaded on first use, so the command line starts without them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_API = {
    "check_line": "mtg_typeline.checker",
    "check_lines": "mtg_typeline.checker",
    "Finding": "mtg_typeline.findings",
    "Fix": "mtg_typeline.findings",
    "Severity": "mtg_typeline.findings",
    "RuleSet": "mtg_typeline.ruleset.model",
    "load_rules": "mtg_typeline.ruleset",
}

if TYPE_CHECKING:
    from mtg_typeline.checker import check_line, check_lines
    from mtg_typeline.findings import Finding, Fix, Severity
    from mtg_typeline.ruleset import load_rules
    from mtg_typeline.ruleset.model import RuleSet


def __getattr__(name: str) -> Any:
    if name in _API:
        return getattr(import_module(_API[name]), name)
    raise AttributeError(f"module 'mtg_typeline' has no attribute {name!r}")


__all__ = [
    "Finding",
    "Fix",
    "RuleSet",
    "Severity",
    "__version__",
    "check_line",
    "check_lines",
    "load_rules",
]
