"""mtg-typeline: checks Magic: The Gathering type lines against the Comprehensive Rules.

The public Python API::

    from mtg_typeline import load_rules, check_line
    rules = load_rules()                      # the newest shipped edition
    for finding in check_line("Creature — Forest", rules):
        print(finding.code, finding.message)
"""

from mtg_typeline.checker import check_line, check_lines
from mtg_typeline.findings import Finding, Fix, Severity
from mtg_typeline.ruleset import RuleSet, load_rules

__version__ = "0.1.0"

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
