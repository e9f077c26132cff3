"""Benchmarks of `typeline check`, as ratios against floors measured in the same run.

Run with the virtualenv's interpreter, which is also the interpreter of the floors:

    .venv/bin/python bench/run.py [--quick] [--runs N] [--cold-runs N] [--rows 1,1b,2,2b] [--instructions]

Every figure is the wall-clock time of a subprocess (the best of N runs, ours and the floor
interleaved run by run) and that process's own peak RSS. See bench/README.md.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bigjson import big_inputs, big_rows
from carddata import FLOOR_CSV, FLOOR_JSON, FLOOR_JSONL
from fixspeed import build_fixable
from fixspeed import commands as fix_commands
from formats import format_rows
from inputs import Input, Sources, build_inputs
from oracle import FLOOR_ORACLE, build_oracle
from trees import lines, many_files

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"
CORPUS = ROOT.parent / "shared" / "corpus" / "real-typelines-detail.tsv"
SAMPLES = ROOT.parent / "shared" / "samples"
RULES = ROOT / "rules" / "2026-09-25.yaml"
PYTHON = sys.executable
SCRIPT = str(Path(sys.executable).parent / "typeline")
SPLIT_FLOOR = (
    "import sys\n"
    "with open(sys.argv[1], encoding='utf-8') as lines:\n"
    "    for line in lines:\n"
    "        line.split(' \u2014 ')\n"
)
IMPORT_FLOOR = "import click, rich.console, yaml"  # a terminal's run (3b)
CLICK_FLOOR = "import click"  # a run whose output goes to a pipe or a file (3a, 3c)
MEMORY_TARGET_MIB = 10.0
MEMORY_RUNS = 3
THROUGHPUT_ROWS = ("1", "1b", "2", "2b")
INVALID_SHARE = 0.05  # of the distinct lines: misspelt, so each has one error
TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None
VALGRIND = shutil.which("valgrind")  # `--instructions`: counted by its cachegrind tool
RSS_WRAPPER = (
    "import resource, subprocess, sys\n"
    "subprocess.run(sys.argv[2:], check=False)\n"
    "with open(sys.argv[1], 'w') as out:\n"
    "    out.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\n"
)
# Settings of this shell that no user has and that change what is measured: without
# bytecode files every run would compile the package afresh (a pip install compiles them).
# Bytecode goes to bench/out/pycache for every command alike, floors included.
UNUSUAL_ENV = frozenset(
    {
        "PYTHONDONTWRITEBYTECODE",
        "PYTHONUNBUFFERED",
        "PYTHONPROFILEIMPORTTIME",
        "PYTHONDEVMODE",
        "PYTHONTRACEMALLOC",
        "PYTHONMALLOC",
        "PYTHONVERBOSE",
        "PYTHONWARNINGS",
    }
)
# Every command runs in an empty directory of its own, as at a shell with no configuration
# file about: `typeline` would otherwise find and read this checkout's pyproject.toml.
WORKDIR = tempfile.mkdtemp(prefix="typeline-bench-")
atexit.register(shutil.rmtree, WORKDIR, True)
# The rule cache of every run but 3c's is bench/out/rule-cache, filled by the warm-up round;
# 3c turns it off (empty TYPELINE_CACHE_DIR), so each of its runs starts as a first run does.
DROPPED_ENV = ("NO_COLOR", "FORCE_COLOR", "TYPELINE_CACHE_DIR")
ENV = {k: v for k, v in os.environ.items() if k not in UNUSUAL_ENV and k not in DROPPED_ENV} | {
    "PYTHONPYCACHEPREFIX": str(OUT / "pycache"),
    "TYPELINE_CACHE_DIR": str(OUT / "rule-cache"),
}
NO_RULE_CACHE = ENV | {"TYPELINE_CACHE_DIR": ""}
FULL = {"real": 1_000_000, "distinct": 200_000, "cards": 100_000, "runs": 5, "cold_runs": 15, "files": 30_000}
QUICK = {"real": 50_000, "distinct": 10_000, "cards": 5_000, "runs": 3, "cold_runs": 5, "files": 3_000}


@dataclass
class Timings:
    """The runs of one command: seconds and peak RSS (KiB) of each."""

    command: list[str]
    env: dict[str, str] = field(default_factory=lambda: ENV)
    seconds: list[float] = field(default_factory=list)
    rss_kib: list[int] = field(default_factory=list)

    def best(self) -> float:
        return min(self.seconds)

    def median(self) -> float:
        return statistics.median(self.seconds)

    def peak_mib(self) -> float:
        return max(self.rss_kib) / 1024

    def to_dict(self) -> dict[str, Any]:
        return {
            "command": self.command,
            "best_s": self.best(),
            "median_s": self.median(),
            "peak_rss_mib": self.peak_mib(),
            "runs_s": self.seconds,
            "runs_rss_kib": self.rss_kib,
        }


@contextlib.contextmanager
def output(tty: bool) -> Iterator[int]:
    """Where a run's standard output goes: /dev/null, or a pseudo-terminal (read by no one:
    a cold start's few lines fit in its buffer)."""
    if not tty:
        yield subprocess.DEVNULL
        return
    import pty

    main, terminal = pty.openpty()
    try:
        yield terminal
    finally:
        os.close(terminal)
        os.close(main)


def run_once(
    command: Sequence[str], stdin: Path | None, env: dict[str, str] = ENV, tty: bool = False
) -> tuple[float, int, bytes]:
    """Seconds, exit status and standard error of one run of `command` (its output to
    /dev/null, or to a terminal if `tty`)."""
    with open(stdin or os.devnull, "rb") as given, tempfile.TemporaryFile() as err, output(tty) as out:
        start = time.perf_counter()
        status = subprocess.run(
            command, stdin=given, stdout=out, stderr=err, env=env, cwd=WORKDIR, check=False
        )
        seconds = time.perf_counter() - start
        err.seek(0)
        return seconds, status.returncode, err.read()


def peak_rss_kib(command: Sequence[str], stdin: Path | None, env: dict[str, str] = ENV) -> int:
    """The peak RSS of one run of `command`, taken by a small wrapper process.

    Not from this process: a child's ru_maxrss starts at the RSS of the process it was
    forked from (Linux carries it over exec), and RUSAGE_CHILDREN is a maximum over all
    children so far. GNU time is a small C program; the Python fallback (about 10 MiB
    itself) overstates commands that stay below that.
    """
    with open(stdin or os.devnull, "rb") as given, tempfile.NamedTemporaryFile("r") as out:
        if TIME:
            wrapped = [TIME, "-f", "%M", "-o", out.name, *command]
        else:
            wrapped = [PYTHON, "-c", RSS_WRAPPER, out.name, *command]
        subprocess.run(
            wrapped,
            stdin=given,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
            cwd=WORKDIR,
            check=False,
        )
        return int(out.read().split()[-1])


def measure(
    commands: list[list[str]] | list[Timings], runs: int, stdin: Path | None = None, tty: bool = False
) -> list[Timings]:
    """Run the commands in turn, `runs` rounds after one warm-up round that is not kept;
    then take the peak RSS of each in MEMORY_RUNS separate wrapped runs. A command given
    as `Timings` runs with its own environment."""
    timings = [c if isinstance(c, Timings) else Timings(c) for c in commands]
    for round_ in range(runs + 1):
        for timing in timings:
            seconds, status, err = run_once(timing.command, stdin, timing.env, tty)
            if status not in (0, 1):
                sys.exit(f"bench: {' '.join(timing.command)} exited {status}:\n{err.decode()}")
            if round_:
                timing.seconds.append(seconds)
    for _ in range(min(runs, MEMORY_RUNS)):
        for timing in timings:
            timing.rss_kib.append(peak_rss_kib(timing.command, stdin, timing.env))
    return timings


def summary_of(command: list[str], stdin: Path | None = None) -> dict[str, Any]:
    """The JSON report's summary for one untimed run (a check that the work was done)."""
    with open(stdin or os.devnull, "rb") as given:
        done = subprocess.run(command, stdin=given, capture_output=True, env=ENV, cwd=WORKDIR, check=False)
    if done.returncode not in (0, 1):
        sys.exit(f"bench: {' '.join(command)} exited {done.returncode}:\n{done.stderr.decode()}")
    summary: dict[str, Any] = json.loads(done.stdout)["summary"]
    return summary


def json_check(path: Path) -> list[str]:
    return [SCRIPT, "check", "--format", "json", str(path)]


def throughput(
    name: str, title: str, given: Input, target: float, runs: int, count: bool = False
) -> dict[str, Any]:
    """Benchmarks 1 and 2: check a big file, against a loop that splits its lines; with
    `count`, the instructions of each as well (`instructions`)."""
    summary = summary_of(json_check(given.path))
    floor_command = [PYTHON, "-c", SPLIT_FLOOR, str(given.path)]
    ours, floor = measure([json_check(given.path), floor_command], runs)
    expected = given.built_invalid
    row: dict[str, Any] = {}
    if count:
        row["instructions"] = {
            "ours": instructions([*json_check(given.path), "--jobs", "1"]),
            "floor": instructions(floor_command),
        }
    return row | {
        "name": name,
        "title": title,
        "input": {"path": str(given.path), "lines": given.lines, "distinct": given.distinct},
        "ours": ours.to_dict(),
        "floor": floor.to_dict(),
        "ratio": ours.best() / floor.best(),
        "target": target,
        "pass": ours.best() / floor.best() <= target,
        "summary": summary,
        "errors_expected": expected,
        "errors_as_expected": expected is None or summary["errors"] == expected,
    }


def instructions(command: list[str]) -> int | None:
    """The instructions `command` runs, counted by Valgrind's cachegrind: the same count each
    run (string hashing seeded alike: a random seed moves it by a few percent), where the
    time of a run moves with the machine's load (ours is counted in one process, `--jobs
    1`). None where valgrind is not installed or gives no count."""
    if VALGRIND is None:
        return None
    counting = [VALGRIND, "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    with open(os.devnull, "rb") as nothing:
        done = subprocess.run(
            [*counting, *command],
            stdin=nothing,
            capture_output=True,
            env=ENV | {"PYTHONHASHSEED": "0"},
            cwd=WORKDIR,
            check=False,
        )
    found = re.search(rb"I\s+refs:\s+([\d,]+)", done.stderr)
    return int(found.group(1).replace(b",", b"")) if found else None


def card_data(name: str, title: str, given: Input, floor: str, runs: int) -> dict[str, Any]:
    """Benchmarks 5 to 7: a card-data file, against parsing it and touching every card."""
    summary = summary_of(json_check(given.path))
    ours, base = measure([json_check(given.path), [PYTHON, "-c", floor, str(given.path)]], runs)
    ratio = ours.best() / base.best()
    return {
        "name": name,
        "title": title,
        "input": {"path": str(given.path), "lines": given.lines, "bytes": given.path.stat().st_size},
        "ours": ours.to_dict(),
        "floor": base.to_dict(),
        "ratio": ratio,
        "target": 1.5,
        "pass": ratio <= 1.5,
        "summary": summary,
        "errors_expected": 0,
        "errors_as_expected": summary["errors"] == 0,
    }


def oracle(runs: int) -> dict[str, Any]:
    """Benchmark 8: `--oracle` on the shared samples against a 150 MB Oracle file, against
    `json.load` of that file; and the peak RSS of both."""
    path = build_oracle(SAMPLES, OUT)
    command = [SCRIPT, "check", "--format", "json", "--oracle", str(path), str(SAMPLES)]
    summary = summary_of(command)
    ours, floor = measure([command, [PYTHON, "-c", FLOOR_ORACLE, str(path)]], runs)
    ratio = ours.best() / floor.best()
    return {
        "name": "oracle",
        "title": f"8. --oracle, {path.stat().st_size / 1e6:.0f} MB Oracle file, the samples",
        "input": {"path": str(path), "bytes": path.stat().st_size},
        "ours": ours.to_dict(),
        "floor": floor.to_dict(),
        "ratio": ratio,
        "target": 2.0,
        "pass": ratio <= 2.0,
        "summary": summary,
    }


def cold_start(one_line: Path, runs: int) -> list[dict[str, Any]]:
    """Benchmarks 3a-3c: one line on standard input, text output, against importing the
    libraries that run needs: 3a to /dev/null (a pipe or a file: click alone), by the console
    script and by `python -m`; 3b on a pseudo-terminal (click, rich and PyYAML, the floor
    there too); 3c to /dev/null with the rule cache off, as a first run."""
    check = ["check", "-"]
    script, module, floor = measure(
        [[SCRIPT, *check], [PYTHON, "-m", "mtg_typeline", *check], [PYTHON, "-c", CLICK_FLOOR]],
        runs,
        one_line,
    )
    terminal, terminal_floor = measure(
        [[SCRIPT, *check], [PYTHON, "-c", IMPORT_FLOOR]], runs, one_line, tty=True
    )
    first, first_floor = measure(
        [Timings([SCRIPT, *check], NO_RULE_CACHE), [PYTHON, "-c", CLICK_FLOOR]], runs, one_line
    )
    rows = [
        ("cold-pipe", "3a. cold start, typeline, to a pipe", script, floor, 1.1),
        ("cold-pipe-module", "3a. cold start, python -m mtg_typeline", module, floor, 1.1),
        ("cold-terminal", "3b. cold start, typeline, on a terminal", terminal, terminal_floor, 1.0),
        ("cold-first-run", "3c. cold start, typeline, rule cache off", first, first_floor, 1.15),
    ]
    return [
        {"name": name, "title": title, "ours": ours.to_dict(), "floor": base.to_dict()}
        | {"ratio": ours.best() / base.best(), "target": target, "pass": ours.best() / base.best() <= target}
        for name, title, ours, base, target in rows
    ]


def memory(big: dict[str, Any], one_line: Path, runs: int) -> dict[str, Any]:
    """Benchmark 4: peak RSS on the big valid file (benchmark 1's runs) vs a one-line file."""
    (small,) = measure([json_check(one_line)], runs)
    grown = big["ours"]["peak_rss_mib"] - small.peak_mib()
    return {
        "name": "memory",
        "title": f"4. peak RSS, {big['input']['lines']:,} lines vs 1",
        "ours": big["ours"],
        "floor": small.to_dict(),
        "growth_mib": grown,
        "target_mib": MEMORY_TARGET_MIB,
        "pass": grown <= MEMORY_TARGET_MIB,
    }


def fix_speed(runs: int) -> dict[str, Any]:
    """Benchmark 9: `--fix` on 100,000 lines, 10% fixable, against the plain check of the
    same file (each on a fresh copy: see bench/fixspeed.py)."""
    given, wrong = build_fixable(CORPUS, OUT)
    work = Path(WORKDIR) / "fixable.txt"
    fixing, plain = measure([list(c) for c in fix_commands(SCRIPT, given, work)], runs)
    ratio = fixing.best() / plain.best()
    return {
        "name": "fix",
        "title": f"9. --fix, 100,000 lines, {wrong:,} fixable",
        "input": {"path": str(given), "lines": 100_000, "fixable": wrong},
        "ours": fixing.to_dict(),
        "floor": plain.to_dict(),
        "ratio": ratio,
        "target": 1.5,
        "pass": ratio <= 1.5,
    }


def table(rows: list[dict[str, Any]]) -> str:
    head = ("benchmark", "ours s", "(median)", "floor s", "(median)", "ratio", "target", "result")
    lines = [(*head, "RSS ours", "RSS floor")]
    for row in rows:
        ours, floor = row["ours"], row["floor"]
        if "target_ms" in row:  # the language server's row: milliseconds, not a ratio
            ratio, target = f"{row['median_ms']:.0f} ms", f"<= {row['target_ms']:.0f} ms"
        elif "growth_mib" in row:
            ratio, target = f"+{row['growth_mib']:.1f} MiB", f"<= +{row['target_mib']:.0f} MiB"
        else:
            ratio, target = f"{row['ratio']:.2f}x", f"<= {row['target']}x"
        if "memory_ratio" in row:  # an output format: its peak RSS against json's too
            ratio += f", RSS {row['memory_ratio']:.2f}x"
        times = (ours["best_s"], ours["median_s"], floor["best_s"], floor["median_s"])
        cells = (row["title"], *(f"{t:.3f}" for t in times), ratio, target)
        rss = tuple(f"{t['peak_rss_mib']:.1f} MiB" if "peak_rss_mib" in t else "-" for t in (ours, floor))
        lines.append((*cells, "pass" if row["pass"] else "FAIL", *rss))
    widths = [max(len(line[i]) for line in lines) for i in range(len(head) + 2)]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)) for line in lines)


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a whole number of runs above 0: {text!r}")
    return int(text)


def _rows(text: str) -> list[str]:
    rows = text.split(",")
    if not rows or not set(rows) <= set(THROUGHPUT_ROWS):
        raise argparse.ArgumentTypeError(f"rows are some of {','.join(THROUGHPUT_ROWS)}: {text!r}")
    return rows


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer lines and runs (a smoke run)")
    parser.add_argument("--runs", type=_positive, help="runs per command, best kept (default 5; quick 3)")
    parser.add_argument("--cold-runs", type=_positive, help="runs for the cold start (default 15; quick 5)")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="real-typelines-detail.tsv")
    parser.add_argument(
        "--only",
        choices=("lines", "card-data", "oracle", "start", "formats", "big-json", "files", "fix", "server"),
        help="benchmarks 1-4 (type lines), 5-7 (card data), 8 (--oracle), 3a-3c (cold starts), 5o "
        "(output formats, against json), big-6 and big-7 (big JSON files, bench/bigjson.py; not with "
        "--quick), 8m (many small files), 9 (--fix) or 10 (the language server) alone",
    )
    parser.add_argument("--rows", type=_rows, help="only these, comma-separated: 1,1b,2,2b (nothing else)")
    parser.add_argument("--invalid-share", type=float, default=INVALID_SHARE, help="of the distinct lines")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count the instructions of benchmarks 1-2b and their floors (Valgrind's cachegrind; "
        "ours with --jobs 1): steady where times move with the machine's load",
    )
    return parser.parse_args(argv)


def checkout() -> dict[str, Any]:
    """The commit measured and the files of the package that differ from it."""

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
        return done.stdout.strip()

    return {"commit": git("rev-parse", "HEAD"), "changed": git("status", "--porcelain", "cli").splitlines()}


def machine() -> dict[str, Any]:
    return {
        "python": sys.version,
        "executable": PYTHON,
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "rss_by": TIME or "python wrapper (RUSAGE_CHILDREN)",
    }


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    size = QUICK if args.quick else FULL
    runs, cold_runs = args.runs or size["runs"], args.cold_runs or size["cold_runs"]
    if not Path(SCRIPT).exists():
        sys.exit(f"bench: no console script at {SCRIPT}; run with the venv's python")
    if args.only == "server":
        return report(args, runs, cold_runs, [server_row()])
    given = build_inputs(
        Sources(args.corpus, RULES, OUT), size["real"], size["distinct"], args.invalid_share, size["cards"]
    )
    real = f"{size['real']:,} real type lines"
    distinct = given["distinct"]
    bad = f"{(distinct.built_invalid or 0) / distinct.lines:.0%} invalid"
    rows: list[dict[str, Any]] = []
    throughputs = {
        "1": ("real-valid", f"1. {real}, valid", given["real-valid"], 1.5),
        "1b": ("real-all", f"1b. {real}, all", given["real-all"], 1.3),
        "2": (
            "distinct-valid",
            f"2. {distinct.lines:,} distinct lines, all valid",
            given["distinct-valid"],
            2.5,
        ),
        "2b": ("distinct", f"2b. {distinct.lines:,} distinct lines, {bad}", distinct, 4.0),
    }
    if args.rows:
        rows += [throughput(*throughputs[row], runs, args.instructions) for row in args.rows]
        return report(args, runs, cold_runs, rows)
    if args.only in (None, "lines"):
        rows += [throughput(*row, runs, args.instructions) for row in throughputs.values()]
    if args.only in (None, "lines", "start"):
        rows += cold_start(given["one-line"].path, cold_runs)
    if args.only in (None, "card-data"):
        cards = f"5. MTGJSON set, {size['cards']:,} cards"
        rows += [
            card_data("mtgjson", cards, given["mtgjson"], FLOOR_JSON, runs),
            card_data("csv", f"6. CSV, {size['real']:,} rows", given["csv"], FLOOR_CSV, runs),
            card_data("jsonl", f"7. JSON Lines, {size['cards']:,} cards", given["jsonl"], FLOOR_JSONL, runs),
        ]
    if args.only in (None, "formats"):
        # named inside the folder the runs start in: a GitLab report leaves out a file outside
        named = Path(WORKDIR) / given["real-all"].path.name
        named.symlink_to(given["real-all"].path)
        rows += format_rows(SCRIPT, Path(named.name), size["real"], runs, measure)
    if args.only is None:
        rows.append(memory(rows[0], given["one-line"].path, runs))
    if args.only in (None, "oracle") and SAMPLES.is_dir():
        rows.append(oracle(runs))
    rows += later_rows(args, size, runs)
    return report(args, runs, cold_runs, rows)


def later_rows(args: argparse.Namespace, size: dict[str, int], runs: int) -> list[dict[str, Any]]:
    """The rows on inputs of their own: the big JSON files, many small files, --fix and the
    language server, as `--only` asks."""
    rows: list[dict[str, Any]] = []
    if args.only == "big-json" or (args.only is None and not args.quick):
        rows += big_rows(big_inputs(args.corpus, RULES, SAMPLES), measure, json_check, runs)
    if args.only in (None, "files"):
        rows.append(many_files(SCRIPT, PYTHON, OUT, args.corpus, size["files"], runs, measure))
        print(lines(rows[-1]))
    if args.only in (None, "fix"):
        rows.append(fix_speed(runs))
    if args.only is None:
        rows.append(server_row())
    return rows


def server_row() -> dict[str, Any]:
    """Row 10, from bench/server.py: the language server's didChange to diagnostics (the
    `lsp` extra is needed)."""
    import server

    return server.row()


def report(args: argparse.Namespace, runs: int, cold_runs: int, rows: list[dict[str, Any]]) -> int:
    """Print the table and the notes; write bench/out/results.json."""
    print(table(rows))
    for row in rows:
        if "instructions" in row:
            print(counted(row))
    measured = checkout()
    if measured["changed"]:
        print(f"note: measured uncommitted changes in cli/: {', '.join(measured['changed'])}")
    for row in rows:
        if not row.get("errors_as_expected", True):
            print(
                f"note: {row['name']}: {row['summary']['errors']} errors, expected {row['errors_expected']}"
            )
    settings = {"quick": args.quick, "runs": runs, "cold_runs": cold_runs, "corpus": str(args.corpus)}
    settings["environment_dropped"] = sorted(UNUSUAL_ENV & set(os.environ))
    results = {"machine": machine(), "checkout": measured, "settings": settings, "benchmarks": rows}
    (OUT / "results.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"results: {OUT / 'results.json'}")
    return 0


def counted(row: dict[str, Any]) -> str:
    """The line of a row's instruction counts (`--instructions`)."""
    ours, floor = row["instructions"]["ours"], row["instructions"]["floor"]
    if ours is None or floor is None:
        why = "valgrind is not installed" if VALGRIND is None else "valgrind gave no count"
        return f"instructions: {row['title']}: not counted ({why})"
    return (
        f"instructions: {row['title']}: {ours / 1e9:.3f} G (--jobs 1), the floor {floor / 1e9:.3f} G, "
        f"{ours / floor:.2f}x"
    )


if __name__ == "__main__":
    sys.exit(main())
