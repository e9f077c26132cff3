"""Benchmark 9 of bench/run.py: `typeline check --fix` on 100,000 type lines of which 10%
have a mistake with a safe fix, against the plain check of the same file.

The lines are the corpus's valid ones, repeated in a seeded order; one line in ten gets one
mistake of a safe kind (`tests/helpers/fix_mutations.py`, the kinds `bench/fix_corpus.py`
measures). `--fix` writes the file, so each run of either command starts from a fresh copy
of it, made by the same shell command on both sides: the copy costs both alike.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from helpers import fix_mutations  # noqa: E402
from inputs import is_valid_row, read_corpus  # noqa: E402

from mtg_typeline.ruleset import load_rules  # noqa: E402

LINES = 100_000
FIXABLE_SHARE = 0.10
SEED = 20261204


def build_fixable(corpus: Path, folder: Path, lines: int = LINES) -> tuple[Path, int]:
    """The file of benchmark 9 in `folder`, and how many of its lines were made wrong."""
    path = folder / f"fixable-{lines}.txt"
    valid = [row["type_line"] for row in read_corpus(corpus) if is_valid_row(row)]
    rng = random.Random(SEED)
    rules = load_rules()
    kinds = list(fix_mutations.SAFE.values())
    chosen, wrong = [], 0
    for index in range(lines):
        line = rng.choice(valid)
        while index % round(1 / FIXABLE_SHARE) == 0:  # a line that takes a mistake, made wrong
            mutated = rng.choice(kinds)(line, rules, rng)
            if mutated is not None and mutated != line:
                line, wrong = mutated, wrong + 1
                break
            line = rng.choice(valid)
        chosen.append(line)
    path.write_text("".join(f"{line}\n" for line in chosen), encoding="utf-8")
    return path, wrong


def commands(script: str, given: Path, work: Path) -> tuple[list[str], list[str]]:
    """`--fix` and the plain check, each on a fresh copy of `given` at `work`."""
    copy = f"cp {given} {work} && "
    check = f"{script} check --no-config --format json {work} > /dev/null"
    return ["sh", "-c", copy + check.replace(" check ", " check --fix ")], ["sh", "-c", copy + check]
