"""Benchmark 5o: every output format on benchmark 1b's input (the real lines, findings and
all), its time and peak RSS as ratios to `--format json` in the same run; and whether two
installations write the same bytes in every format.

    python bench/run.py --only formats                  # the rows, with the others' table
    python bench/formats.py --save before.json          # digests of every format's output
    python bench/formats.py --compare before.json       # exit 1 on any difference

The digests cover benchmark 1b's input and the shared samples (all of them in one run, from
their folder's folder: `samples/…`), each format to a pipe, and the
text format styled too (`--color always`). A digest is the SHA-256 of the standard output
and the exit status: a difference of one byte shows.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

FORMATS = ("json", "text", "concise", "json-lines", "github", "sarif", "junit", "gitlab", "markdown")
TARGET = 1.5  # of json's time and of json's peak RSS
Measure = Callable[[list[list[str]], int], list[Any]]  # run.measure: commands, runs -> Timings


def command(script: str, path: Path, format_: str) -> list[str]:
    return [script, "check", "--format", format_, str(path)]


def format_rows(script: str, path: Path, lines: int, runs: int, measure: Measure) -> list[dict[str, Any]]:
    """One row per format but json, each against json's runs of the same rounds."""
    timings = measure([command(script, path, name) for name in FORMATS], runs)
    json_run = timings[0]
    rows = []
    for name, ours in zip(FORMATS[1:], timings[1:], strict=True):
        ratio = ours.best() / json_run.best()
        memory = ours.peak_mib() / json_run.peak_mib()
        rows.append(
            {
                "name": f"format-{name}",
                "title": f"5o. --format {name} / json, {lines:,} real lines",
                "ours": ours.to_dict(),
                "floor": json_run.to_dict(),
                "ratio": ratio,
                "memory_ratio": memory,
                "target": TARGET,
                "pass": ratio <= TARGET and memory <= TARGET,
            }
        )
    return rows


def digest(commandline: Sequence[str], cwd: Path) -> str:
    """SHA-256 of a command's standard output (read as it comes: a SARIF report of the big
    input is hundreds of megabytes) and its exit status."""
    sha = hashlib.sha256()
    with subprocess.Popen(commandline, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as done:
        assert done.stdout is not None
        while chunk := done.stdout.read(1 << 20):
            sha.update(chunk)
    return f"{sha.hexdigest()} exit {done.returncode}"


def digests(script: str, big: Path, top: Path, samples: list[Path]) -> dict[str, str]:
    """Every format's digest on the big input and on the samples (named relative to the
    folders the runs start in, as users name them: the samples from `top`); `text-color`
    styled."""
    found = {}
    named = [path.relative_to(top).as_posix() for path in samples]
    for name in FORMATS:
        found[f"{name} 1b"] = digest([*command(script, Path(big.name), name), "--no-config"], big.parent)
        found[f"{name} samples"] = digest([script, "check", "--no-config", "--format", name, *named], top)
    styled = [script, "check", "--no-config", "--color", "always", *named]
    found["text-color samples"] = digest(styled, top)
    return found


def main(argv: list[str] | None = None) -> int:
    import same_findings
    from inputs import Sources, build_inputs
    from run import CORPUS, FULL, INVALID_SHARE, OUT, RULES, SAMPLES, SCRIPT

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--save", type=Path, help="write the digests to this file")
    action.add_argument("--compare", type=Path, help="compare with the digests in this file")
    args = parser.parse_args(argv)
    given = build_inputs(Sources(CORPUS, RULES, OUT), FULL["real"], FULL["distinct"], INVALID_SHARE)
    found = digests(SCRIPT, given["real-all"].path, SAMPLES.parent, same_findings.inputs(SAMPLES))
    if args.save:
        args.save.write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")
        print(f"{len(found)} digests: {args.save}")
        return 0
    saved = json.loads(args.compare.read_text(encoding="utf-8"))
    differ = [key for key in sorted(saved.keys() | found.keys()) if saved.get(key) != found.get(key)]
    for key in differ:
        print(f"differs: {key}: {saved.get(key)} -> {found.get(key)}")
    print(f"{len(found)} outputs compared, {len(differ)} differences")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
