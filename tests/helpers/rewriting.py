"""Entries read from card data and rewritten, for the tests of `Entry.rewrite` in each format.

Every format's rewrite writes a corrected type line back in the file's own notation, so that
the file re-reads to the new line and keeps every byte outside the value; where it can't do
that exactly it writes nothing (fix/test_rewrite_*.py, one module a format, and the real
samples of every format in fix/test_rewrite_samples.py).

`rewritten(fmt)` gives a function that rewrites an input's one entry to a new line and checks
that the file re-reads as that line and is unchanged by rewriting the entry as it is;
`LINES` and `FUZZ` are what the property tests of every format draw.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from conftest import entries_of, property_settings
from hypothesis import strategies as st

from mtg_typeline.fix.data import Made, apply_edits
from mtg_typeline.sources import SourceSettings, reader_for
from mtg_typeline.sources.base import Edit, Entry

Rewritten = Callable[[str, str], str | None]


def entries(fmt: str, data: str | bytes, path: str = "input", **settings: str) -> list[Entry]:
    """The entries of an input (a table's clean rows too)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    read = reader_for(fmt, SourceSettings(**settings))  # type: ignore[arg-type]
    return entries_of(read(io.BytesIO(raw), path, lambda n: None))


def applied(data: str, *edits: Made | None) -> str:
    """The text with the edits made, as `--fix` makes them (none refused)."""
    assert all(edit is not None for edit in edits), edits
    done = apply_edits(data.encode("utf-8"), [(edit, 1) for edit in edits if edit is not None])
    assert not done.refused
    return done.data.decode("utf-8")


def rewritten(fmt: str, **settings: str) -> Rewritten:
    """A function: the input with its one entry rewritten to a new line (None: not written),
    checked to re-read as that line and to be unchanged by rewriting the entry as it is."""

    def run(data: str, new: str) -> str | None:
        (entry,) = entries(fmt, data, **settings)
        assert entry.rewrite is not None
        assert applied(data, entry.rewrite(entry.text)) == data
        edit = entry.rewrite(new)
        if edit is None:
            return None
        out = applied(data, edit)
        assert [e.text for e in entries(fmt, out, **settings)] == [new]
        return out

    return run


def outside(data: bytes, edit: Edit) -> tuple[bytes, bytes]:
    """The bytes of a file before and after the place of an edit."""
    bom = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
    lines = data[len(bom) :].decode("utf-8").split("\n")
    start = sum(len(line) + 1 for line in lines[: edit.line - 1]) + edit.column - 1
    end = sum(len(line) + 1 for line in lines[: edit.end_line - 1]) + edit.end_column - 1
    text = "\n".join(lines)
    return bom + text[:start].encode(), text[end:].encode()


# Type-line-like text with what needs care in a file: quotes, backslashes, markup characters,
# delimiters, a dash, non-ASCII and astral characters, controls (never a lone surrogate,
# which no UTF-8 file holds), in any notation the writers of these formats use.
LINES = st.text(
    st.sampled_from(
        [
            *"Creature Elf—-",
            " ",
            '"',
            "'",
            "\\",
            "/",
            "<",
            ">",
            "&",
            ",",
            ";",
            ":",
            "#",
            "\t",
            "é",
            "🂡",
            "\x01",
        ]
    ),
    min_size=1,
    max_size=24,
)
FUZZ = property_settings(300)
