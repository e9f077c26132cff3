"""Custom rule files written and checked for the tests of `--rules` (standard input checked
with a run of no configuration).
"""

from __future__ import annotations

import json
from typing import Any

from click.testing import Result
from conftest import run_cli

from mtg_typeline.ruleset import shipped_editions

NEWEST = shipped_editions()[-1]
OLDEST = shipped_editions()[0]
THREE_LINES = "extends: newest\nadd:\n  creature: [Clamfolk]\n"


def check(args: list[str], lines: str) -> Result:
    return run_cli(["check", "--no-config", *args, "-"], lines)


def findings(args: list[str], lines: str) -> list[dict[str, Any]]:
    result = check(["--format", "json", *args], lines)
    assert result.stderr == ""
    found: list[dict[str, Any]] = json.loads(result.stdout)["findings"]
    return found


def messages(args: list[str], lines: str) -> list[tuple[str, str]]:
    return [(f["code"], f["message"]) for f in findings(args, lines)]
