"""The limits docs/limits.md lists, where they hold memory or time: a line far
longer than a type line is answered without being split or remembered, and a text line longer
than a read block comes through whole, at its place."""

from __future__ import annotations

import json
import tracemalloc

from conftest import run_cli

from mtg_typeline.checker import MAX_LINE_CHARS, Checker
from mtg_typeline.ruleset import load_rules
from mtg_typeline.sources.text import BLOCK_BYTES


def test_overlong_lines_are_neither_split_nor_remembered() -> None:
    """Distinct lines far over the limit leave nothing behind them in the checker: each is
    TL903 without going through the fast path, which would keep its head."""
    checker = Checker(load_rules())
    checker.check("Creature — Elf")  # (what a run has built before)
    lines = [f"{index} {'Creature ' * 20_000}— Elf" for index in range(40)]  # 180,000 characters each
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    found = [checker.check(line) for line in lines]
    kept = sum(stat.size_diff for stat in tracemalloc.take_snapshot().compare_to(before, "filename"))
    tracemalloc.stop()
    assert all([f.code for f in findings] == ["TL903"] for findings in found)
    assert kept < sum(map(len, lines)) // 10, kept  # the lines themselves are 7.2 MB


def test_a_text_line_longer_than_a_block_comes_whole_at_its_place() -> None:
    long = "Creature " * (3 * BLOCK_BYTES // 9 + 7)
    stdin = f"Creature - Elf\n{long}\nArtifact — Elf\n".encode()
    document = json.loads(run_cli(["check", "--no-config", "--format", "json", "-"], stdin=stdin).stdout)
    found = [(f["line"], f["code"], f["end_column"]) for f in document["findings"]]
    assert found == [(1, "TL101", 12), (2, "TL903", len(long) + 1), (3, "TL304", 15)]
    assert f"a line of {len(long):,} characters" in document["findings"][1]["message"]
    assert len(long) > MAX_LINE_CHARS and document["summary"]["type_lines"] == 3
