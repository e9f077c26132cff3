"""Whether two installations of typeline find the same: every finding (`--format json`) on
each shared sample input and on the corpus lines, under three editions.

    python bench/same_findings.py --save before.json                # with this interpreter's typeline
    python bench/same_findings.py --compare before.json             # exit 1 on any difference
    python bench/same_findings.py --typeline /other/venv/bin/typeline --save other.json

For a change that must not change what typeline finds (a restructure, a speed-up): save the
findings of the installation before it, then compare the one after. Each sample file, or set
folder, is checked on its own, from the checkout's top (inputs are named as from there), so
that one input's broken file can't hide another's findings; the corpus type lines are
checked as one text file. Needs ../shared (samples and corpus).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
EDITIONS = ("2026-09-25", "2020-08-07", "2010-02-01")
SET_SUFFIXES = (".mse-set", ".mse-set-partial")


def inputs(samples: Path) -> list[Path]:
    """Each sample input: a file, or a Magic Set Editor set folder as one input."""
    found: list[Path] = []
    for path in sorted(samples.rglob("*")):
        if any(part.endswith(SET_SUFFIXES) for part in path.relative_to(samples).parts[:-1]):
            continue  # inside a set folder: read with the set
        a_set = path.is_dir() and path.name.endswith(SET_SUFFIXES)
        if a_set or (path.is_file() and path.suffix.lower() not in (".md", ".tsv")):
            found.append(path)
    return found


def corpus_file(folder: Path) -> Path:
    """The corpus type lines, one a line, as a text file."""
    lines = (SHARED / "corpus" / "real-typelines.tsv").read_text(encoding="utf-8").splitlines()[1:]
    target = folder / "corpus.txt"
    target.write_text("".join(line.split("\t")[0] + "\n" for line in lines), encoding="utf-8")
    return target


def findings(typeline: str, path: Path, edition: str) -> dict[str, Any]:
    """The exit status, summary and findings of one check."""
    done = subprocess.run(
        [typeline, "check", "--no-config", "--format", "json", "--edition", edition, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    try:
        document = json.loads(done.stdout)
    except json.JSONDecodeError:
        return {"status": done.returncode, "stderr": done.stderr}
    return {"status": done.returncode, "summary": document["summary"], "findings": document["findings"]}


def collect(typeline: str) -> dict[str, Any]:
    out = ROOT / "bench" / "out"  # (git-ignored) the corpus file is named alike in every run
    out.mkdir(parents=True, exist_ok=True)
    paths = [*inputs(SHARED / "samples"), corpus_file(out)]
    return {
        f"{edition} {path.relative_to(SHARED) if path.is_relative_to(SHARED) else path.name}": findings(
            typeline, path, edition
        )
        for edition in EDITIONS
        for path in paths
    }


def differences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    return [
        f"{key}: {json.dumps(before.get(key))[:300]} != {json.dumps(after.get(key))[:300]}"
        for key in sorted(set(before) | set(after))
        if before.get(key) != after.get(key)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--typeline", default=str(Path(sys.executable).parent / "typeline"))
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--save", type=Path, help="write the findings to this file")
    what.add_argument("--compare", type=Path, help="compare with the findings in this file")
    args = parser.parse_args()
    found = collect(args.typeline)
    count = sum(len(result.get("findings", ())) for result in found.values())
    if args.save:
        text = json.dumps(found, ensure_ascii=False, sort_keys=True, indent=1)
        args.save.write_text(text, encoding="utf-8")
        print(f"{len(found)} checks, {count} findings written to {args.save}")
        return 0
    before = json.loads(args.compare.read_text(encoding="utf-8"))
    differ = differences(before, found)
    for line in differ:
        print(line)
    print(f"{len(found)} checks, {count} findings: {len(differ)} differ from {args.compare}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
