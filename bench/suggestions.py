"""How often the checks suggest the right line and fix it: on the corpus as it is, and on
mistakes injected into its valid lines (tests/helpers/fix_mutations.py).

For the corpus (every line, valid or not) it counts the findings, those with a suggestion and
those with a fix (safe, unsafe), per code; a valid line must have no finding at all. For each
injected kind it counts the mutated lines, those with a suggestion, those whose suggestion is
the original line, and what `--fix` (safe fixes only) and `--fix --unsafe-fixes` make of them:
restored, fixed into another line (a false fix), or left alone.

    python bench/suggestions.py [--corpus real-typelines-detail.tsv] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

from fix_corpus import CORPUS, mutate  # noqa: E402
from helpers import fix_mutations  # noqa: E402
from inputs import is_valid_row, read_corpus  # noqa: E402

from mtg_typeline.checker import Checker  # noqa: E402
from mtg_typeline.fix.line import fix_line  # noqa: E402
from mtg_typeline.ruleset import load_rules  # noqa: E402

KINDS = ("plural", "hyphen", "misspelling", "typo")


def corpus_counts(lines: list[str], valid: set[str], checker: Checker) -> dict[str, Any]:
    """Findings, suggestions and fixes per code over `lines`; findings on valid lines."""
    counts: dict[str, Counter[str]] = {}
    on_valid = 0
    for line in lines:
        for finding in checker.check(line):
            count = counts.setdefault(finding.code, Counter())
            count["findings"] += 1
            count["suggestions"] += finding.suggestion is not None
            count[f"{finding.fix.applicability} fixes" if finding.fix else "no fix"] += 1
            on_valid += line in valid
    return {"codes": {code: dict(c) for code, c in sorted(counts.items())}, "findings_on_valid": on_valid}


def kind_counts(pairs: list[tuple[str, str]], checker: Checker) -> dict[str, int]:
    """What the checks suggest and fix on each (original, mutated) pair."""
    count: Counter[str] = Counter(lines=len(pairs))
    for original, wrong in pairs:
        suggested = {f.suggestion for f in checker.check(wrong) if f.suggestion is not None}
        count["with a suggestion"] += bool(suggested)
        count["suggestion is the original"] += original in suggested
        for label, unsafe in (("--fix", False), ("--unsafe-fixes", True)):
            got = fix_line(wrong, checker.check, unsafe).text
            outcome = "restored" if got == original else "left alone" if got == wrong else "false fix"
            count[f"{label} {outcome}"] += 1
    return dict(count)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="real-typelines-detail.tsv")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    rows = read_corpus(args.corpus)
    valid = sorted({row["type_line"] for row in rows if is_valid_row(row)})
    checker = Checker(load_rules())
    mutations = {**fix_mutations.SAFE, **fix_mutations.UNSAFE}
    result = {
        "corpus": corpus_counts(sorted({row["type_line"] for row in rows}), set(valid), checker),
        "kinds": {kind: kind_counts(mutate(valid, kind, mutations[kind]), checker) for kind in KINDS},
    }
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0 if result["corpus"]["findings_on_valid"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
