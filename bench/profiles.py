"""Where the time goes: cProfile of `check --format json` (or another format) on the benchmark inputs, and
`-X importtime` of the cold start. Writes bench/out/profile-*.txt and importtime-cold.txt.

    python bench/profiles.py [--quick] [--top N] [--format F]

Run bench/run.py first or not: the inputs are built (or reused) the same way.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

from inputs import Sources, build_inputs
from run import CORPUS, ENV, FULL, INVALID_SHARE, OUT, PYTHON, QUICK, RULES

PROFILED = ("real-valid", "real-all", "distinct")


def profile(path: Path, top: int, format_: str = "json") -> str:
    """The cProfile table (by own time, then by cumulative time) of one check of `path`."""
    report = []
    for order in ("tottime", "cumtime"):
        script = (
            "import cProfile, pstats, runpy, sys\n"
            "sys.argv = ['typeline', 'check', '--format', sys.argv[2], sys.argv[1]]\n"
            "sys.stdout = open('/dev/null', 'w')\n"
            "profiler = cProfile.Profile()\n"
            "try:\n"
            "    profiler.runcall(runpy.run_module, 'mtg_typeline', run_name='__main__')\n"
            "except SystemExit:\n"
            "    pass\n"
            f"pstats.Stats(profiler, stream=sys.stderr).sort_stats({order!r}).print_stats({top})\n"
        )
        done = subprocess.run(
            [PYTHON, "-c", script, str(path), format_], capture_output=True, text=True, env=ENV, check=False
        )
        report.append(done.stderr)
    return "\n".join(report)


def importtime(one_line: Path) -> str:
    """`-X importtime` of the one-line cold start, slowest imports (own time) first."""
    with one_line.open("rb") as given:
        command = [PYTHON, "-X", "importtime", "-m", "mtg_typeline", "check", "-"]
        done = subprocess.run(command, stdin=given, capture_output=True, text=True, env=ENV, check=False)
    rows = [line for line in done.stderr.splitlines() if re.match(r"import time:\s+\d", line)]
    rows.sort(key=lambda line: -int(line.split("|")[0].split(":")[1]))
    total = sum(int(line.split("|")[0].split(":")[1]) for line in rows)
    return f"total own time of all imports: {total / 1000:.1f} ms\n" + "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="profile the smaller inputs")
    parser.add_argument("--top", type=int, default=40, help="rows of each table")
    parser.add_argument("--format", default="json", help="the output format of the checks profiled")
    args = parser.parse_args(argv)
    size = QUICK if args.quick else FULL
    given = build_inputs(Sources(CORPUS, RULES, OUT), size["real"], size["distinct"], INVALID_SHARE)
    for name in PROFILED:
        suffix = "" if args.format == "json" else f"-{args.format}"
        target = OUT / f"profile-{name}{suffix}.txt"
        target.write_text(profile(given[name].path, args.top, args.format), encoding="utf-8")
        print(f"{name}: {target}")
    target = OUT / "importtime-cold.txt"
    target.write_text(importtime(given["one-line"].path), encoding="utf-8")
    print(f"cold start: {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
