"""How much of the corpus `typeline check --fix` restores after fixable mistakes are injected.

For each kind of mistake (tests/helpers/fix_mutations.py), every valid corpus line that gives the kind
a place gets one mistake of that kind (seeded); the mutated lines go into a file, `typeline
check --fix` (with `--unsafe-fixes` for the unsafe kind) fixes it, and each fixed line is
compared with the line it came from ("other": lines fixed into something else than the
original, a wrong guess). A second `--fix` run must then change nothing.

    python bench/fix_corpus.py [--corpus real-typelines-detail.tsv] [--json OUT]

Target: every line restored exactly for the safe kinds. The unsafe kind (a misspelling with
one close candidate) is a guess, reported for what it is.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

from helpers import fix_mutations  # noqa: E402
from inputs import is_valid_row, read_corpus  # noqa: E402

from mtg_typeline.ruleset import load_rules  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "real-typelines-detail.tsv"
SEED = 20260925
TYPELINE = Path(sys.executable).parent / "typeline"


def mutate(lines: list[str], kind: str, mutation: fix_mutations.Mutation) -> list[tuple[str, str]]:
    """(original, mutated) for each line that gives `kind` a place."""
    rules = load_rules()
    pairs = []
    for line in lines:
        rng = random.Random(f"{SEED}-{kind}-{line}")
        wrong = mutation(line, rules, rng)
        if wrong is not None and wrong != line:
            pairs.append((line, wrong))
    return pairs


def fix_file(lines: list[str], unsafe: bool, folder: Path) -> tuple[list[str], bool]:
    """The lines after `typeline check --fix`, and whether a second run left them alone."""
    path = folder / "mutated.txt"
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    command = [str(TYPELINE), "check", "--no-config", "--fix", "--quiet", "--format", "concise", str(path)]
    command += ["--unsafe-fixes"] if unsafe else []
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    fixed = path.read_bytes()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return fixed.decode("utf-8").split("\n")[:-1], path.read_bytes() == fixed


def measure(valid: list[str], folder: Path) -> list[dict[str, Any]]:
    rows = []
    kinds = [(k, m, False) for k, m in fix_mutations.SAFE.items()]
    kinds += [(k, m, True) for k, m in fix_mutations.UNSAFE.items()]
    for kind, mutation, unsafe in kinds:
        pairs = mutate(valid, kind, mutation)
        fixed, stable = fix_file([wrong for _, wrong in pairs], unsafe, folder)
        restored = sum(1 for (line, _), got in zip(pairs, fixed, strict=True) if got == line)
        misses = [(wrong, got) for (line, wrong), got in zip(pairs, fixed, strict=True) if got != line]
        guessed = sum(1 for wrong, got in misses if got != wrong)
        rows.append({
            "kind": kind, "applicability": "unsafe" if unsafe else "safe", "lines": len(pairs),
            "restored": restored, "rate": restored / len(pairs) if pairs else 1.0,
            "otherwise_changed": guessed, "idempotent": stable, "misses": misses[:5],
        })  # fmt: skip
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="real-typelines-detail.tsv")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    valid = sorted({row["type_line"] for row in read_corpus(args.corpus) if is_valid_row(row)})
    with tempfile.TemporaryDirectory() as folder:
        rows = measure(valid, Path(folder))
    print(f"{len(valid):,} valid corpus lines, one mistake of a kind per line")
    print(f"{'kind':<22}{'fix':<8}{'lines':>7}{'restored':>10}{'rate':>9}{'other':>7}  idempotent")
    for row in rows:
        idempotent = "yes" if row["idempotent"] else "NO"
        print(f"{row['kind']:<22}{row['applicability']:<8}{row['lines']:>7,}{row['restored']:>10,}"
              f"{row['rate']:>9.2%}{row['otherwise_changed']:>7,}  {idempotent}")  # fmt: skip
        for wrong, got in row["misses"]:
            print(f"    {wrong!r} -> {got!r}")
    if args.json:
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    safe = [row for row in rows if row["applicability"] == "safe"]
    return 0 if all(row["rate"] == 1.0 and row["idempotent"] for row in safe) else 1


if __name__ == "__main__":
    sys.exit(main())
