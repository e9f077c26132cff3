"""CSV and TSV tables read and checked for the table reader's tests: through the command line
(`check`, `found`) or by the reader alone (`entries`, `region`).
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from conftest import entries_of, run_cli

from mtg_typeline.sources import SourceSettings, reader_for
from mtg_typeline.sources.base import Entry, Region, resolve

Found = tuple[str, int, int, int, str, str | None]


def check(args: Sequence[str | Path], stdin: bytes | None = None) -> tuple[int, dict[str, Any]]:
    result = run_cli(["check", "--format", "json", *args], stdin=stdin)
    return result.exit_code, json.loads(result.stdout)


def found(document: dict[str, Any]) -> list[Found]:
    return [
        (Path(f["path"]).name, f["line"], f["column"], f["end_column"], f["code"], f["card"])
        for f in document["findings"]
    ]


def entries(data: bytes, path: str = "cards.csv", column: str | None = None) -> list[Entry]:
    """The entry of every row with a type cell."""
    read = reader_for("csv", SourceSettings(column=column))
    return entries_of(read(io.BytesIO(data), path, lambda n: None))


def region(entry: Entry, start: int, end: int) -> Region:
    return resolve(entry.locate).region(start, end)
