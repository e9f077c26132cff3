"""Scryfall and MTGJSON text read and checked for the JSON tests: a file written, checked
through the command line (`check`, `findings_of`) or read by the reader alone (`entries`).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import entries_of, run_cli

from mtg_typeline.sources import SourceSettings, reader_for
from mtg_typeline.sources.base import Entry, SourceError

Found = tuple[int, int, int, str, "str | None"]  # line, column, end column, code, card
BAD = "Creature — Elff"  # one TL302 on Elff, text columns 12 to 16
CARD = '{"object": "card", "name": "Elff Lord", "type_line": "Creature — Elff"}'  # a Scryfall card of BAD


def check(path: Path | str, fmt: str = "auto") -> tuple[int, dict[str, Any]]:
    result = run_cli(["check", "--format", "json", "--input-format", fmt, str(path)])
    return result.exit_code, json.loads(result.stdout)


def found(document: dict[str, Any]) -> list[Found]:
    return [(f["line"], f["column"], f["end_column"], f["code"], f["card"]) for f in document["findings"]]


def write(tmp_path: Path, data: str | bytes, name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def findings_of(tmp_path: Path, data: str | bytes, fmt: str) -> list[Found]:
    return found(check(write(tmp_path, data), fmt)[1])


def entries(data: bytes, fmt: str, progress: list[int] | None = None) -> list[Entry]:
    told = progress if progress is not None else []
    return entries_of(reader_for(fmt, SourceSettings())(io.BytesIO(data), "cards.json", told.append))


def error_of(data: str | bytes, fmt: str) -> SourceError:
    with pytest.raises(SourceError) as raised:
        entries(data.encode("utf-8") if isinstance(data, str) else data, fmt)
    return raised.value


# MTGJSON shapes


def mtg_card(type_line: str = BAD, **fields: Any) -> dict[str, Any]:
    words, _, subtypes = type_line.partition(" — ")
    arrays = {"supertypes": [], "types": words.split(), "subtypes": subtypes.split()}
    return {"name": "Elff Lord", **arrays, "type": type_line, **fields}
