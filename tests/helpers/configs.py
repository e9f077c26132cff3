"""Configuration files and card files written for the configuration tests, and the lines
whose findings tell which settings a run used.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import Result
from conftest import DATA, run_cli

from mtg_typeline.ruleset import rules_dir

CONFIGS = DATA / "config"
KEY_LIST = (
    "edition, as-of, rules, format, output-file, strict, quiet, color, select, extend-select, ignore, "
    "fail-on, exit-zero, statistics, per-file-ignores, include, exclude, input-format, column, delimiter, "
    "key, encoding, respect-gitignore, hidden, force-exclude, skip-non-card-files, fix, unsafe-fixes, "
    "max-member-size, max-member-ratio, error-on-unmatched-pattern, per-card-ignores, baseline, oracle, jobs"
)

CLEAN = "Creature — Elf Warrior\n"
INFO = "Emblem\n"  # TL207 info
WARNING = "Creature - Elf\n"  # TL101 warning
ERROR = "Creature — Forest\n"  # TL304 error
OLD_ONLY = "Scheme — Villain\n"  # TL305, cited 205.3p in 2020-08-07 and 205.3r in 2026-09-25


def found(result: Result) -> list[tuple[str, int, str]]:
    """(path, line, code) of each finding in a `--format json` run."""
    return [(f["path"], f["line"], f["code"]) for f in json.loads(result.stdout)["findings"]]


def pyproject(folder: Path, body: str) -> Path:
    path = folder / "pyproject.toml"
    path.write_text(f'[project]\nname = "cards"\n\n[tool.typeline]\n{body}', encoding="utf-8")
    return path


def yaml_config(folder: Path, body: str) -> Path:
    path = folder / ".typeline.yaml"
    path.write_text(body, encoding="utf-8")
    return path


def cards(folder: Path, text: str, name: str = "cards.txt") -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def old_rules(folder: Path, name: str = "custom.yaml") -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(rules_dir() / "2020-07-03.yaml", path)  # the file of 2020-07-03 … 2020-11-20
    return path


def refused(*args: str) -> str:
    """The error that stops `typeline check ARGS -` (exit status 2, nothing on standard
    output): standard error without its `typeline: error: ` prefix."""
    result = run_cli(["check", *args, "-"], CLEAN)
    assert (result.exit_code, result.stdout) == (2, ""), result.output
    assert result.stderr.startswith("typeline: error: "), result.stderr
    return result.stderr.removeprefix("typeline: error: ")
