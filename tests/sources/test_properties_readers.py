"""No input makes an internal error: documents of every format (tests/helpers/property_documents.py),
as written (each then read without error) and spoilt (truncated, bytes flipped, odd
characters put in, another encoding, a BOM, other line ends; a set's file or its zip
spoilt), are checked as a file, on standard input (told by content, or by `--input-format`)
and fixed.

- Each run ends with 0, 1 or 2, with no traceback and no "internal error" (`run_cli`).
- `--fix` run a second time changes nothing, however broken the input.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from conftest import property_settings, run_cli
from helpers.property_documents import FORMATS, Document, disk_of, documents, mse_files, spoilt, write, zip_of
from hypothesis import given
from hypothesis import strategies as st

SPOILT = property_settings(80)
# The `--input-format` of each kind of document (a set, zipped or not, is read as mse).
INPUT_FORMAT = {kind: kind.partition("-")[0] for kind in FORMATS}


def checked(*args: str, stdin: bytes | None = None) -> int:
    status = run_cli(["check", "--no-config", *args], stdin=stdin).exit_code
    assert status in (0, 1, 2), status
    return status


def spoilt_document(data: st.DataObject, document: Document, kind: str) -> Document:
    """The document with one of its files spoilt (a zipped set: the zip, or one of its
    members before zipping)."""
    files = dict(document.files)
    if kind == "mse-zip" and data.draw(st.booleans()):
        members = mse_files(data.draw, [("Elf", "Creature — Elf"), ("Bard", "Legendary Creature - Elf Bard")])
        name = data.draw(st.sampled_from(sorted(members)))
        members[name] = data.draw(spoilt(members[name]))
        files[document.target] = zip_of(members)
    else:
        name = data.draw(st.sampled_from(sorted(files)))
        files[name] = data.draw(spoilt(files[name]))
    return document._replace(files=files)


@pytest.mark.parametrize("kind", FORMATS)
@SPOILT
@given(data=st.data())
def test_inputs_as_written_and_spoilt_are_checked_and_fixed_without_internal_error(
    kind: str, data: st.DataObject
) -> None:
    document = data.draw(documents(kind))
    with tempfile.TemporaryDirectory() as folder:
        # As written, every document is read: findings or none, never exit 2.
        target = write(document, Path(folder) / "written")
        assert checked(str(target)) in (0, 1)
        if target.is_file():  # (a zip or flow-style YAML is not told by content: see docs/formats.md)
            assert checked("--input-format", INPUT_FORMAT[kind], "-", stdin=target.read_bytes()) in (0, 1)
        target = write(spoilt_document(data, document, kind), Path(folder) / "spoilt")
        checked(str(target))
        checked("--format", "json", str(target))
        if target.is_file():
            stdin = target.read_bytes()
            checked("-", stdin=stdin)
            checked("--input-format", INPUT_FORMAT[kind], "-", stdin=stdin)
        checked("--fix", "--quiet", str(target))
        once = disk_of(target)
        checked("--fix", "--quiet", str(target))
        assert disk_of(target) == once
