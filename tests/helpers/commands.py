"""A `typeline` command's whole answer, as the tests of the `rules` and `lookup` commands
hold it: the exact text and exit status, a usage error, or the JSON document."""

from __future__ import annotations

import json
from typing import Any

from conftest import run_cli


def expect(args: list[str], text: str, status: int = 0) -> None:
    """`typeline ARGS` prints exactly `text`, nothing on standard error, and exits with `status`."""
    result = run_cli(args)
    assert (result.exit_code, result.stdout, result.stderr) == (status, text, "")


def expect_error(args: list[str], message: str) -> None:
    """`typeline ARGS` stops with the one-line error `message` (exit status 2)."""
    result = run_cli(args)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"typeline: error: {message}\n")


def json_of(args: list[str], status: int = 0) -> Any:
    """The JSON document `typeline ARGS` prints, exiting with `status`."""
    result = run_cli(args)
    assert result.exit_code == status, result.output
    return json.loads(result.stdout)
