"""Text inputs checked through the command line, for the tests of reading inputs and of the
input problems (TL9xx) found while reading.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from conftest import run_cli

FOREST = "Creature — Forest"  # one TL304 error at column 12


def check_json(args: Sequence[str], stdin: str | bytes | None = None) -> tuple[int, dict[str, Any]]:
    """Exit status and JSON document of `typeline check --format json ARGS`."""
    result = run_cli(["check", "--format", "json", *args], stdin)
    return result.exit_code, json.loads(result.stdout)


def places(document: Mapping[str, Any]) -> list[tuple[str, int, int, str]]:
    """(path, line, column, code) of each finding, in the order reported."""
    return [(f["path"], f["line"], f["column"], f["code"]) for f in document["findings"]]


def control_characters(text: str) -> set[str]:
    """C0 and C1 control characters other than the newline."""
    return {c for c in text if (ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) < 0xA0}
