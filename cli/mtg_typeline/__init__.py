"""mtg-typeline: checks Magic: The Gathering type lines against the Comprehensive Rules.

The public Python API (docs/api.md)::

    from mtg_typeline import check_path, check_text, load_config, check_line, load_rules
    report = check_path("set.yaml", config=load_config("."))  # as `typeline check set.yaml`
    for finding in report.findings:           # frozen dataclasses, with `to_dict()`
        print(finding.code, finding.line, finding.place.utf16_column, finding.message)
    fixed = report.fixed_text()               # what `--fix` would write (nothing is written)
    report = check_text(buffer, path="set.yaml")  # an editor's buffer, any format
    rules = load_rules()                      # the newest shipped edition
    for finding in check_line("Creature — Forest", rules):
        print(finding.code, finding.message)

`check_text` and `check_path` run the command line's engine on one input: the same readers,
checks, filters and configuration (`load_config(directory)`: the one the command line uses
for a file there; default: none), the same findings. A `Report` holds the findings (input
problems, TL9xx, told apart by `Finding.input_problem`), the summary's counts and the fixes;
each `Finding` is placed by line, column in characters and in UTF-16 code units, and
offset, and each `Fix` is edits of the input in those coordinates. The API never prints,
and may be called from several threads. `TypelineError` (a bad configuration, an unknown
edition) is raised where the command line would stop with exit status 2.

Its names are loaded on first use, so the command line starts without them.

The package's folders are the stages a `typeline check` goes through, in order:

    api/         the Python API: a check of one input through the engine, its records
    server/      the language server (`typeline server`, the `lsp` extra): buffers checked
                 through the API as they are typed, fixes, hover and completion
    main/        the command line (the one package that imports click; the common `check`
                 command lines are read without it, by `main.quick`)
    options/     the user's choices, settled and frozen
    engine/      the run: its own state (rules, checker, filters, one set per configuration
                 file its inputs fall under), one loop for every format, and the processes
                 that share its work (a tree of files, or one big text file in parts)
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
    "check_text": "mtg_typeline.api.run",
    "check_path": "mtg_typeline.api.run",
    "load_config": "mtg_typeline.api.run",
    "check_line": "mtg_typeline.api.lines",
    "check_lines": "mtg_typeline.api.lines",
    "Report": "mtg_typeline.api.model",
    "Finding": "mtg_typeline.api.model",
    "Fix": "mtg_typeline.api.model",
    "Edit": "mtg_typeline.api.model",
    "Place": "mtg_typeline.api.model",
    "Config": "mtg_typeline.config",
    "Severity": "mtg_typeline.findings",
    "TypelineError": "mtg_typeline.errors",
    "RuleSet": "mtg_typeline.ruleset.model",
    "load_rules": "mtg_typeline.ruleset",
}

if TYPE_CHECKING:
    from mtg_typeline.api.lines import check_line, check_lines
    from mtg_typeline.api.model import Edit, Finding, Fix, Place, Report
    from mtg_typeline.api.run import check_path, check_text, load_config
    from mtg_typeline.config import Config
    from mtg_typeline.errors import TypelineError
    from mtg_typeline.findings import Severity
    from mtg_typeline.ruleset import load_rules
    from mtg_typeline.ruleset.model import RuleSet


def __getattr__(name: str) -> Any:
    if name in _API:
        return getattr(import_module(_API[name]), name)
    raise AttributeError(f"module 'mtg_typeline' has no attribute {name!r}")


__all__ = [
    "Config",
    "Edit",
    "Finding",
    "Fix",
    "Place",
    "Report",
    "RuleSet",
    "Severity",
    "TypelineError",
    "__version__",
    "check_line",
    "check_lines",
    "check_path",
    "check_text",
    "load_config",
    "load_rules",
]
