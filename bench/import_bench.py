"""Benchmark of `typeline rules import`: the newest CR texts, against a floor of the same run.

    python bench/import_bench.py [--runs N]

Times `typeline rules import TEXT -o FILE` as a whole subprocess for the newest texts in
../shared/cr: the type-line section of 2026-09-25 and the newest full text in the archive
(2026-01-16, gzip). The floor is `python -c "import click, rich.console, yaml"`, the least a
Python tool with these dependencies does on any start. Ours and the floor run in turn, round by
round, after one warm-up round that is not kept; the best of N is the figure, the median is
printed beside it. The target is under a second. Each written file is compared with the shipped
rule file of its edition, so a fast run that imports wrongly fails. Results go to
bench/out/import-results.json. Same environment handling as bench/run.py (see bench/README.md).
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from run import UNUSUAL_ENV

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"
CR = ROOT.parent / "shared" / "cr"
PYTHON = sys.executable
SCRIPT = str(Path(sys.executable).parent / "typeline")
FLOOR = "import click, rich.console, yaml"
TARGET_S = 1.0
TEXTS = (  # (what, CR text, the shipped rule file it must give)
    ("2026-09-25 section 205", CR / "2026-09-25-section-205.txt", ROOT / "rules" / "2026-09-25.yaml"),
    ("2026-01-16 full text (gzip)", CR / "archive" / "2026-01-16.txt.gz", ROOT / "rules" / "2026-01-16.yaml"),
)
# As in bench/run.py (the same settings dropped): no setting of this shell that a user would
# not have; bytecode is cached (into bench/out/pycache), as a pip install compiles it; an empty
# working directory.
ENV = {k: v for k, v in os.environ.items() if k not in UNUSUAL_ENV} | {
    "PYTHONPYCACHEPREFIX": str(OUT / "pycache")
}
WORKDIR = tempfile.mkdtemp(prefix="typeline-import-bench-")
atexit.register(shutil.rmtree, WORKDIR, True)


def run_once(command: list[str]) -> float:
    """Seconds of one run of `command`; exits the benchmark if the command fails."""
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, env=ENV, cwd=WORKDIR, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"bench: {' '.join(command)} exited {done.returncode}:\n{done.stderr.decode()}")
    return seconds


def measure(commands: list[list[str]], runs: int) -> list[list[float]]:
    """The commands in turn, `runs` rounds after a warm-up round: seconds per command."""
    seconds: list[list[float]] = [[] for _ in commands]
    for round_ in range(runs + 1):
        for times, command in zip(seconds, commands, strict=True):
            taken = run_once(command)
            if round_:
                times.append(taken)
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=9, help="timed rounds (default 9)")
    args = parser.parse_args(argv)
    for _, text, _ in TEXTS:
        if not text.is_file():
            sys.exit(f"bench: needs ../shared/cr: {text} is absent")
    outputs = [Path(WORKDIR) / f"out-{i}.yaml" for i in range(len(TEXTS))]
    commands = [
        [SCRIPT, "rules", "import", str(text), "-o", str(out)]
        for (_, text, _), out in zip(TEXTS, outputs, strict=True)
    ]
    timings = measure([*commands, [PYTHON, "-c", FLOOR]], args.runs)
    floor = timings[-1]
    rows = []
    for (what, text, shipped), out, times in zip(TEXTS, outputs, timings[:-1], strict=True):
        if out.read_bytes() != shipped.read_bytes():
            sys.exit(f"bench: importing {text} did not give {shipped}")
        rows.append(_row(what, times, floor))
    _report(rows, floor, args.runs)
    return 0 if all(row["met"] for row in rows) else 1


def _row(what: str, times: list[float], floor: list[float]) -> dict[str, Any]:
    best = min(times)
    return {
        "benchmark": f"typeline rules import: {what}",
        "best_s": best,
        "median_s": statistics.median(times),
        "floor_best_s": min(floor),
        "ratio": best / min(floor),
        "target_s": TARGET_S,
        "met": best < TARGET_S,
        "runs_s": times,
    }


def _report(rows: list[dict[str, Any]], floor: list[float], runs: int) -> None:
    print(f"| benchmark | best | median | floor (best) | ratio | target | status |  (best of {runs})")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print(
            f"| {row['benchmark']} | {row['best_s']:.3f} s | {row['median_s']:.3f} s | "
            f"{row['floor_best_s']:.3f} s | {row['ratio']:.2f}x | < {TARGET_S:.0f} s | "
            f"{'met' if row['met'] else 'NOT MET'} |"
        )
    OUT.mkdir(parents=True, exist_ok=True)
    report = {"python": sys.version, "floor": {"command": FLOOR, "runs_s": floor}, "results": rows}
    (OUT / "import-results.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
