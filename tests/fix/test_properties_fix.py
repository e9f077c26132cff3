"""Properties of `typeline check --fix` on documents of every format (tests/helpers/property_documents.py):
right lines of the corpus with mistakes injected, and lines of every shape, written as a text
file, Scryfall and MTGJSON files, CSV and TSV tables, YAML, a Cockatrice database, a Forge
script, a Magic Set Editor set as a folder and as a zip.

- The run ends with 0, 1 or 2 (never an internal error: `run_cli`).
- The fixed files read back, with the readers, to the same cards, in the same files, with the
  same names, in the same order.
- Nothing outside the type lines it fixed changes. The masks are had from reading, not from
  the run: for each type line whose text changed, the edit its reader makes, in the file as
  it was, to write the text it reads back as (`Entry.rewrite`; a text file: the line). Each
  such edit lies within the lines of that type line, and the file as it was with those edits
  made (applied here, character by character) must be the fixed file exactly: every byte
  outside them is kept.
- A second `--fix` changes nothing: not a byte, not the file's time.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from conftest import property_settings, run_cli
from helpers.property_documents import BOM, FORMATS, Document, Value, documents, files_of, read_back, write
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_typeline.sources.base import Edit

FIX = property_settings(60)
STAMP = 1_000_000_000


def fixed(target: Path) -> int:
    """Run `check --fix` on `target`; its exit status (0, 1 or 2)."""
    status = run_cli(["check", "--no-config", "--fix", "--quiet", str(target)]).exit_code
    assert status in (0, 1, 2)
    return status


def stamp(files: dict[str, bytes]) -> None:
    for name in files:
        if os.path.isfile(name):
            os.utime(name, ns=(STAMP, STAMP))


@pytest.mark.parametrize("kind", FORMATS)
@FIX
@given(data=st.data())
def test_fix_keeps_the_cards_and_every_byte_outside_the_lines_it_fixes(
    kind: str, data: st.DataObject
) -> None:
    document = data.draw(documents(kind))
    with tempfile.TemporaryDirectory() as folder:
        target = write(document, Path(folder))
        before, values = files_of(target), read_back(target, document.fmt)
        fixed(target)
        after, again = files_of(target), read_back(target, document.fmt)
        assert [(v.file, v.card) for v in again] == [(v.file, v.card) for v in values]
        assert list(after) == list(before)
        for name, data_after in after.items():
            assert data_after == expected(before[name], data_after, values, again, name), name
        if kind in TYPE_FIELDS:
            assert without_types(before, kind) == without_types(after, kind)
        stamp(after)
        fixed(target)
        assert files_of(target) == after
        assert all(os.stat(n).st_mtime_ns == STAMP for n in after if os.path.isfile(n))


def expected(data: bytes, fixed_data: bytes, values: list[Value], again: list[Value], name: str) -> bytes:
    """The file `name` as it was (`data`), with the edits that write each of its type lines
    whose text changed as it reads back after the fix; a text file's lines taken whole from
    the fixed file (`fixed_data`)."""
    edits: list[Edit] = []
    lines: set[int] = set()
    for was, now in zip(values, again, strict=True):
        if was.file != name or was.text == now.text:
            continue
        if was.rewrite is None:  # a text file's line: rewritten whole
            assert was.lines[0] == now.lines[0]
            lines.add(was.lines[0])
            continue
        made = was.rewrite(now.text)
        assert made is not None, (was.text, now.text)
        first, last = value_lines(was)
        for edit in (made,) if isinstance(made, Edit) else made:
            # (an MTGJSON card's type arrays are rewritten with its type: see `without_types`)
            assert first <= edit.line <= edit.end_line <= last or name.endswith(".json"), (was, edit)
            edits.append(edit)
    if lines:
        return lines_taken(data, fixed_data, lines)
    return applied(data, edits)


def value_lines(value: Value) -> tuple[int, int]:
    """The first and last line of the file that hold the type line or the value around it
    (its quotes, the line break a quoted cell ends with): what rewriting it as it is spans."""
    assert value.rewrite is not None
    same = value.rewrite(value.text)
    spans = [] if same is None else [same] if isinstance(same, Edit) else list(same)
    lines = [value.lines[0], value.lines[1], *(e.line for e in spans), *(e.end_line for e in spans)]
    return min(lines), max(lines)


# The keys of a JSON card that hold its type line: Scryfall's `type_line`, MTGJSON's `type`
# and the arrays `--fix` keeps agreeing with it.
TYPE_FIELDS = {
    "scryfall": frozenset({"type_line"}),
    "mtgjson": frozenset({"type", "supertypes", "types", "subtypes"}),
}


def without_types(files: dict[str, bytes], kind: str) -> list[object]:
    """The JSON documents of the files with every type field taken out."""

    def bare(value: object) -> object:
        if isinstance(value, dict):
            return {k: bare(v) for k, v in value.items() if k not in TYPE_FIELDS[kind]}
        return [bare(v) for v in value] if isinstance(value, list) else value

    return [bare(json.loads(data)) for data in files.values()]


def lines_taken(data: bytes, fixed_data: bytes, numbers: set[int]) -> bytes:
    """`data` with the lines `numbers` (1-based) of `fixed_data` in place of its own, line
    ends kept: both must have the same lines, and each taken line the same line end."""
    old, new = data.split(b"\n"), fixed_data.split(b"\n")
    assert len(old) == len(new)
    for number in numbers:
        assert old[number - 1].endswith(b"\r") == new[number - 1].endswith(b"\r")
        old[number - 1] = new[number - 1]
    return b"\n".join(old)


def applied(data: bytes, edits: list[Edit]) -> bytes:
    """`data` with the edits made (lines counted at LF, columns in characters, a BOM aside)."""
    bom = BOM if data.startswith(BOM) else b""
    lines = data[len(bom) :].decode("utf-8", "surrogateescape").split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    text = "\n".join(lines)
    for edit in sorted(edits, key=lambda e: (e.line, e.column), reverse=True):
        start = starts[edit.line - 1] + edit.column - 1
        end = starts[edit.end_line - 1] + edit.end_column - 1
        text = text[:start] + edit.text + text[end:]
    return bom + text.encode("utf-8", "surrogateescape")


@pytest.mark.parametrize("kind", FORMATS)
def test_documents_of_each_format_reach_lines_that_fix_changes(kind: str) -> None:
    """The property is not vacuous: in each format, most documents drawn are read and hold
    type lines, and in some of them `--fix` changes a line."""
    seen: list[tuple[bool, bool]] = []

    @settings(database=None, derandomize=True, max_examples=30, deadline=None)
    @given(documents(kind))
    def draw(document: Document) -> None:
        with tempfile.TemporaryDirectory() as folder:
            target = write(document, Path(folder))
            before = files_of(target)
            read = fixed(target) != 2 and len(read_back(target, kind)) > 0
            seen.append((read, files_of(target) != before))

    draw()
    assert sum(read for read, _ in seen) >= len(seen) * 2 // 3, seen
    assert sum(changed for _, changed in seen) >= len(seen) // 4, seen
