"""pre-commit as the tests of the hook run it: its command in this environment, the hook
manifest, and an environment free of git's repository variables.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT

MANIFEST = ROOT / ".pre-commit-hooks.yaml"
HOOK_IDS = ["typeline", "typeline-cards", "typeline-mse", "typeline-fix"]
# git variables that would point our git commands at another repository (set inside git hooks)
GIT_KEEP = {"GIT_EXEC_PATH", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_SSL_CAINFO", "GIT_SSL_NO_VERIFY"}
GOOD = "Legendary Creature — Elf Warrior\nLand — Urza’s Power-Plant\n"
BAD = "Creature — Forest\n"
FIXABLE = "creature - elf\nLand — Forest\n"  # warnings only, all safely fixable


def pre_commit() -> list[str]:
    """The command that runs pre-commit in this environment; a failure, not a skip, without it."""
    if importlib.util.find_spec("pre_commit") is None:
        pytest.fail(
            "pre-commit is not installed in this environment; it is in the dev extra: "
            "pip install -e '.[dev]'",
            pytrace=False,
        )
    return [sys.executable, "-m", "pre_commit"]


def manifest() -> list[dict[str, Any]]:
    hooks: list[dict[str, Any]] = yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))
    return hooks


def hook(hook_id: str) -> dict[str, Any]:
    found = [entry for entry in manifest() if entry["id"] == hook_id]
    assert len(found) == 1, f"{MANIFEST.name} has {len(found)} hooks with the id {hook_id!r}"
    return found[0]


def clean_env(**extra: str) -> dict[str, str]:
    """This environment without git's repository variables and without GitHub Actions'
    marker (so `--format auto` is text), plus `extra`."""
    env = {
        key: value
        for key, value in os.environ.items()
        if (not key.startswith("GIT_") or key in GIT_KEEP) and key != "GITHUB_ACTIONS"
    }
    return {**env, **extra}


def run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run a command, its standard error merged into its output."""
    return subprocess.run(
        args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False
    )
