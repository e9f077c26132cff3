"""Benchmark 8m: many small files. A tree of small Forge card scripts (a `Types:` line
each, as Forge's `cardsfolder/` holds them) checked by `typeline check --format json DIR`,
serially (`--jobs 1`) and with every CPU (the default), against a walk-and-read floor and
two peers on trees of the same shape: yamllint on small YAML files, ruff on small `.py`
files (installed into a virtualenv of their own, bench/out/peers; a peer that can't be
installed is said so in a line, and the row goes on without it).

The figure compared is the overhead per file: (time on the tree - time on a tree of one
file) / files, so that each tool's start-up is left out and what remains is what each file
costs it. The trees are built under bench/out/trees from the corpus, once.
"""

from __future__ import annotations

import csv
import os
import subprocess
import sys
import venv
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

DASH = " \u2014 "
FILES_PER_FOLDER = 1_000  # Forge keeps ~30,000 scripts in folders by first letter
PEERS = ("yamllint", "ruff")
WALK_FLOOR = (
    "import os, sys\n"
    "for folder, _, names in os.walk(sys.argv[1]):\n"
    "    for name in names:\n"
    "        with open(os.path.join(folder, name), 'rb') as f:\n"
    "            f.read()\n"
)
YAML_CONFIG = "extends: default\nrules:\n  document-start: disable\n"

Measure = Callable[[list[list[str]], int], list[Any]]


def forge_script(index: int, name: str, type_line: str) -> str:
    """A small Forge script of one card (Forge writes its type line without the dash)."""
    types = type_line.replace(DASH, " ")
    return f"Name:{name} {index}\nManaCost:2 R\nTypes:{types}\nPT:2/2\nK:Haste\nOracle:Haste\n"


def yaml_file(index: int, name: str, type_line: str) -> str:
    return f"name: {name} {index}\nmana_cost: 2R\ntype_line: {type_line}\npower: 2\ntoughness: 2\n"


def python_file(index: int, name: str, type_line: str) -> str:
    return f'"""A card."""\n\nNAME = {f"{name} {index}"!r}\nTYPE_LINE = {type_line!r}\nPOWER = 2\n'


def _lines(corpus: Path) -> list[tuple[str, str]]:
    """The corpus's one-face card lines with a card's name, in corpus order."""
    with corpus.open(encoding="utf-8", newline="") as stream:
        rows = csv.DictReader(stream, delimiter="\t", quoting=csv.QUOTE_NONE)
        return [
            (row["example_card_name"], row["type_line"])
            for row in rows
            if "//" not in row["type_line"] and row["kind"] == "card" and row["example_card_name"]
        ]


Make = Callable[[int, str, str], str]  # a file's text from its number, a card's name and type line


def build_tree(folder: Path, count: int, make: Make, ext: str, corpus: Path) -> Path:
    """`count` small files under `folder`, in folders of FILES_PER_FOLDER (built once)."""
    done = folder / f".built-{count}"
    if done.exists():
        return folder
    lines = _lines(corpus)
    for index in range(count):
        name, type_line = lines[index % len(lines)]
        path = folder / f"{index // FILES_PER_FOLDER:03d}" / f"card_{index:06d}{ext}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(make(index, name, type_line), encoding="utf-8")
    done.touch()
    return folder


def install_peers(out: Path) -> dict[str, str | None]:
    """The path of each peer's command, installed into bench/out/peers; None (and a line
    said) for a peer that can't be installed."""
    home = out / "peers"
    found: dict[str, str | None] = {}
    if not (home / "bin" / "pip").exists():
        venv.create(home, with_pip=True)
    for peer in PEERS:
        command = home / "bin" / peer
        if not command.exists():
            pip = [str(home / "bin" / "pip"), "install", "-q", peer]
            done = subprocess.run(pip, capture_output=True, text=True, check=False)
            if done.returncode:
                why = (done.stderr.strip().splitlines() or ["pip failed"])[-1]
                print(f"bench: peer {peer} could not be installed, its column is left out: {why}")
        found[peer] = str(command) if command.exists() else None
    return found


def _per_file(tree: Any, one: Any, count: int) -> float:
    """Milliseconds a file beyond start-up (best runs)."""
    return (tree.best() - one.best()) / (count - 1) * 1000


def many_files(
    script: str, python: str, out: Path, corpus: Path, count: int, runs: int, measure: Measure
) -> dict[str, Any]:
    """Benchmark 8m: the row, with each tool's per-file overhead and the ratios (`script`:
    our console script, `python` the floor's interpreter, `measure` run.py's)."""
    trees = out / "trees"
    forge = build_tree(trees / f"forge-{count}", count, forge_script, ".txt", corpus)
    single = build_tree(trees / "forge-1", 1, forge_script, ".txt", corpus)
    check = [script, "check", "--format", "json"]
    commands: dict[str, tuple[list[str], list[str]]] = {
        "serial": ([*check, "--jobs", "1", str(forge)], [*check, "--jobs", "1", str(single)]),
        "jobs": ([*check, str(forge)], [*check, str(single)]),
        "walk": ([python, "-c", WALK_FLOOR, str(forge)], [python, "-c", WALK_FLOOR, str(single)]),
    }
    peers = install_peers(out)
    if peers["yamllint"]:
        yamls = build_tree(trees / f"yaml-{count}", count, yaml_file, ".yaml", corpus)
        one = build_tree(trees / "yaml-1", 1, yaml_file, ".yaml", corpus)
        lint = [peers["yamllint"], "-d", YAML_CONFIG, "-f", "parsable"]
        commands["yamllint"] = ([*lint, str(yamls)], [*lint, str(one)])
    if peers["ruff"]:
        pys = build_tree(trees / f"py-{count}", count, python_file, ".py", corpus)
        one = build_tree(trees / "py-1", 1, python_file, ".py", corpus)
        ruff = [peers["ruff"], "check", "--no-cache", "--isolated", "--output-format", "json"]
        commands["ruff"] = ([*ruff, str(pys)], [*ruff, str(one)])
    timed = measure([command for pair in commands.values() for command in pair], runs)
    per_file = {name: _per_file(timed[2 * i], timed[2 * i + 1], count) for i, name in enumerate(commands)}
    return _row(per_file, timed, count, os.cpu_count() or 1)


def _row(per_file: dict[str, float], timed: Sequence[Any], count: int, cpus: int) -> dict[str, Any]:
    """The row: ours with --jobs against yamllint (<= 1x) and ruff (<= 3x)."""
    ours = per_file["jobs"]
    ratios = {f"vs_{peer}": ours / per_file[peer] for peer in PEERS if peer in per_file}
    ratios["serial_vs_walk"] = per_file["serial"] / per_file["walk"]
    ratios["jobs_vs_serial"] = ours / per_file["serial"]
    passes = ratios.get("vs_yamllint", 0) <= 1.0 and ratios.get("vs_ruff", 0) <= 3.0
    return {
        "name": "many-files",
        "title": f"8m. {count:,} small Forge scripts, ms a file vs ruff ({cpus} CPUs)",
        "ours": timed[2].to_dict(),  # the tree, with --jobs
        "floor": timed[4].to_dict(),  # the tree walked and read
        "per_file_ms": per_file,
        "ratios": ratios,
        "ratio": ratios.get("vs_ruff", float("nan")),
        "target": 3.0,
        "pass": passes,
    }


def lines(row: dict[str, Any]) -> str:
    """The row's own table: each tool's ms a file, and the ratios."""
    shown = [f"{row['title']}:"]
    shown += [f"  {name:<9} {ms:.4f} ms a file" for name, ms in row["per_file_ms"].items()]
    shown += [f"  {name:<15} {ratio:.2f}x" for name, ratio in row["ratios"].items()]
    return "\n".join(shown)


if __name__ == "__main__":  # pragma: no cover
    sys.exit("bench/trees.py is run by bench/run.py --only files")
