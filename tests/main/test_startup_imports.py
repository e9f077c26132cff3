"""What a start of `typeline check` imports: a run whose output goes to a pipe or a file
(CI, pre-commit, an editor) loads neither rich nor PyYAML, nor multiprocessing (no pool for
a few inputs), nor click when its command line is one the quick reading takes, nor
tempfile (and the random numbers and compressors it loads) unless it writes a file; a
terminal's run still styles its output through rich."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

# Runs the entry point as the console script does, then tells which libraries were loaded
RUN = """\
import sys
from mtg_typeline.main import entry_point
sys.argv = ["typeline", *sys.argv[1:]]
try:
    entry_point()
except SystemExit as done:
    libraries = {"click", "multiprocessing", "rich", "tempfile", "yaml"}
    loaded = sorted({m.split(".")[0] for m in sys.modules} & libraries)
    sys.stderr.write(f"\\nloaded: {loaded} status: {done.code}\\n")
"""


def run(args: list[str], cwd: Path, cache: Path, **env: str) -> tuple[str, str]:
    """Standard output and the last line of standard error (what was loaded) of a run."""
    environ = {k: v for k, v in os.environ.items() if k not in {"NO_COLOR", "FORCE_COLOR"}}
    environ |= {"TYPELINE_CACHE_DIR": str(cache), **env}
    done = subprocess.run(
        [sys.executable, "-c", RUN, *args], cwd=cwd, env=environ, capture_output=True, text=True, check=False
    )
    return done.stdout, done.stderr.splitlines()[-1]


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    (tmp_path / "valid.txt").write_text("Creature — Goblin\n", encoding="utf-8")
    (tmp_path / "wrong.txt").write_text("Legendary Creature — Forest Goblin\n", encoding="utf-8")
    (tmp_path / "misspelt.txt").write_text("Creature — Goblim Wizzard\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    "args",
    [
        ["check", "valid.txt"],
        ["check", "wrong.txt"],  # a finding, with its carets under the type line
        ["check", "--color", "never", "wrong.txt"],
        ["check", "--format", "concise", "wrong.txt"],
        ["check", "--format", "json", "wrong.txt"],
        ["check", "-o", "report.txt", "wrong.txt"],
        ["check", "--force-exclude", "--skip-non-card-files", "wrong.txt"],  # pre-commit's
        ["check", "misspelt.txt"],  # guesses: the lists' history and the Un-set subtypes, cached
    ],
)
def test_output_to_a_pipe_or_a_file_loads_neither_rich_nor_yaml(cards: Path, args: list[str]) -> None:
    cache = cards / "cache"
    run(args, cards, cache)  # a first run fills the rule cache
    out, loaded = run(args, cards, cache)
    written = ["'tempfile'"] if "-o" in args else []  # (a report file is written whole or not at all)
    assert loaded == f"loaded: [{', '.join(written)}] status: {0 if 'valid.txt' in args else 1}"
    assert "1 type line" in out or args[-1] in out


def test_asked_for_colours_are_drawn_by_rich(cards: Path) -> None:
    cache = cards / "cache"
    run(["check", "valid.txt"], cards, cache)  # a first run fills the rule cache
    for args, env in (
        (["check", "--color", "always", "wrong.txt"], {}),
        (["check", "wrong.txt"], {"FORCE_COLOR": "1"}),
    ):
        out, loaded = run(args, cards, cache, **env)
        assert "\x1b[" in out
        assert loaded == "loaded: ['rich'] status: 1"
