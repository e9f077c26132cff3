"""mtg-typeline: checks Magic: The Gathering type lines against the Comprehensive Rules.

The public Python API::

    from mtg_typeline import load_rules, check_line
    rules = load_rules()                      # the newest shipped edition
    for finding in check_line("Creature — Forest", rules):
        print(finding.code, finding.message)

Its names are loaded on first use, so the command line starts without them.

The package's folders are the stages a `typeline check` goes through, in order:

    main/        the command line (the one package that imports click; the common `check`
                 command lines are read without it, by `main.quick`)
    options/     the user's choices, settled and frozen
    engine/      the run: its own state (rules, checker, filters, one set per configuration
                 file its inputs fall under), one loop for every format
    discovery/   which files are read, and how each is named
    sources/     a reader per format: type lines with their places, and input findings
    parser       one type line into faces and words with their spans
    checker      the fast path, the full check and the run's one cache of results;
      checks/    the checks themselves, one module per family of codes
    filters      which findings are reported: selection, per-file ignores, suppressions
      suppressions   per-card ignores and the baseline of known findings
    reporters/   a module per output format
    fix/         --fix and --diff: edits made and files written, from what readers gave

Beside the pipeline, the rule data: `ruleset/` (rule files read into a `RuleSet`),
`crimport/` (a Comprehensive Rules text into a rule file) and `lookup/` (rule data shown to
people). Shared by several stages: `findings`, `errors`, `notation` (how type lines are
written), `display`, `config`, `progress`, `spelling`, `yamlnodes`, `atomicwrite` and
`inplace` (its writing into a file with several hard links).
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
