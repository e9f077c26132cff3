"""Fixing a text file or a table read with `--encoding`: fixed as UTF-8, as every file is,
and written back in its own encoding.

The file's bytes are turned into UTF-8 (`sources.encodings`: bytes the encoding can't
decode are carried through as they are), fixed, and turned back. A fixed type line that the
encoding has no bytes for (a long dash in Latin-1) is not fixed: its findings stay, and a
warning says so. A file that would not come back byte for byte (a UTF-16 file whose
byte-order mark the codec writes the other way round) is not fixed at all.
"""

from __future__ import annotations

from collections.abc import Sequence

from mtg_typeline.fix.data import Made
from mtg_typeline.fix.line import LineFix
from mtg_typeline.fix.text import LineFixer
from mtg_typeline.sources.base import Edit
from mtg_typeline.sources.encodings import encodable, from_utf8, to_utf8


def as_utf8(data: bytes, codec: str) -> bytes | None:
    """The file's bytes as UTF-8; None where they would not come back as they were."""
    try:
        source = to_utf8(data, codec)
        back = from_utf8(source, codec)
    except UnicodeError:
        return None
    return source if back == data else None


def writable_lines(fix: LineFixer, codec: str, unwritten: list[int]) -> LineFixer:
    """`fix`, leaving as it is a line whose fixed text `codec` can't write (its number is
    put in `unwritten`)."""

    def fixed(text: str, number: int) -> LineFix | None:
        done = fix(text, number)
        if done is not None and done.text != text and not encodable(done.text, codec):
            unwritten.append(number)
            return None
        return done

    return fixed


def writable_edits(
    edits: Sequence[tuple[Made, int]], codec: str, unwritten: list[int]
) -> list[tuple[Made, int]]:
    """The edits whose texts `codec` can write; the lines of the others go in `unwritten`."""
    kept: list[tuple[Made, int]] = []
    for made, fixed in edits:
        group = (made,) if isinstance(made, Edit) else made
        if all(encodable(edit.text, codec) for edit in group):
            kept.append((made, fixed))
        else:
            unwritten.append(group[0].line)
    return kept
