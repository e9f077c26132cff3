"""A tree of small card files costs the disk one read a file: the bytes that tell a file's
format are the bytes its reader reads, not read again. Counted by the system calls the run
makes (strace, where it can trace; skipped where it can't)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

RUN = "from mtg_typeline.main import entry_point; import sys; sys.argv[0] = 'typeline'; entry_point()"
SCRIPT = "Name:Card {0}\nManaCost:2 R\nTypes:{1}\nPT:2/2\nOracle:Haste\n"
TYPES = ("Creature Goblin", "Legendary Creature Human Wizard", "Instant Arcane", "Creature Goblinn")
SUFFIXES = (".txt", ".json", ".yaml", ".csv")
OTHERS = {
    ".json": '[{"name": "Card {0}", "type_line": "{1}"}]\n',
    ".yaml": "- name: Card {0}\n  type_line: {1}\n",
    ".csv": "name,type_line\nCard {0},{1}\n",
}


def _reads_by_file(log: str, tree: Path) -> dict[str, int]:
    """How many read calls each file under `tree` had, from an strace log of `read` calls with
    their descriptors' paths (`-y`)."""
    counts: dict[str, int] = {}
    for path in re.findall(r"read\(\d+<([^>]+)>", log):
        if path.startswith(str(tree) + os.sep):
            counts[path] = counts.get(path, 0) + 1
    return counts


def _traced(tree: Path, tmp_path: Path, *args: str) -> dict[str, int]:
    if shutil.which("strace") is None:
        pytest.skip("strace is not installed")
    log = tmp_path / "strace.log"
    command = ["strace", "-f", "-y", "-e", "trace=read", "-o", str(log), sys.executable, "-c", RUN]
    done = subprocess.run(
        [*command, "check", "--no-config", "--format", "json", *args, str(tree)],
        capture_output=True, text=True, check=False, cwd=tmp_path,
    )  # fmt: skip
    if not log.exists() or "PTRACE" in done.stderr or "ptrace" in done.stderr:
        pytest.skip(f"strace can't trace here: {done.stderr.strip()[:200]}")
    assert done.returncode == 1, done.stderr  # (the misspelt subtype is an error)
    return _reads_by_file(log.read_text(encoding="utf-8", errors="replace"), tree)


def _tree(root: Path) -> list[Path]:
    paths = []
    for index, types in enumerate(TYPES * 3):
        folder = root / f"part{index % 2}"
        folder.mkdir(parents=True, exist_ok=True)
        suffix = SUFFIXES[index % len(SUFFIXES)]
        dashed = types.replace(" ", " — ", 1) if " " in types and not types.startswith("Legendary") else types
        text = SCRIPT if suffix == ".txt" else OTHERS[suffix]
        path = folder / f"card_{index}{suffix}"
        path.write_text(text.replace("{0}", str(index)).replace("{1}", dashed), encoding="utf-8")
        paths.append(path)
    return paths


def test_each_small_file_of_a_tree_is_read_once(tmp_path: Path) -> None:
    tree = tmp_path / "cards"
    paths = _tree(tree)
    reads = _traced(tree, tmp_path)
    assert reads == {str(path): 1 for path in paths}


def test_a_pool_of_workers_reads_each_file_once_too(tmp_path: Path) -> None:
    tree = tmp_path / "cards"
    paths = _tree(tree)
    reads = _traced(tree, tmp_path, "--jobs", "2")
    assert reads == {str(path): 1 for path in paths}
