"""Fixing a plain text file: each line's type line rewritten, every other byte kept.

The file is taken as bytes and split at LF, CRLF and a lone CR, as the text reader reads
it, so everything but the fixed type lines comes back exactly: the BOM, each line's own
ending (a file of classic Mac OS line ends keeps them; a file of mixed ends keeps each
line's), a last line without a newline, blank lines, `# comments` with the spaces before
them, and lines that are not UTF-8 (not checked, so not fixed, their bytes kept). A binary
file (a NUL byte near its start) is not fixed at all; from a line holding a NUL on, nothing
is fixed (the reader stops there too).
"""

from __future__ import annotations

from collections.abc import Callable

from mtg_typeline.fix.line import LineFix
from mtg_typeline.records import NamedTuple
from mtg_typeline.sources import UTF8_BOM
from mtg_typeline.sources.text import LINE_END, NUL_SNIFF

# The fix of a line of text (no line end, no BOM) and its number, or None: nothing to fix
LineFixer = Callable[[str, int], "LineFix | None"]


class FileFix(NamedTuple):
    """A file's bytes after fixing; `fixed` findings in all; the lines whose fixing did not
    settle (see `LineFix.settled`)."""

    data: bytes
    fixed: int = 0
    unsettled: tuple[int, ...] = ()


def fix_text(data: bytes, fix: LineFixer) -> FileFix:
    """`data` with each line's fix applied (see the module's docstring)."""
    if b"\x00" in data[:NUL_SNIFF]:
        return FileFix(data)
    pieces = LINE_END.split(data)  # lines, each followed by its own line end (the last by none)
    fixed = 0
    unsettled: list[int] = []
    for index in range(0, len(pieces), 2):
        number = index // 2 + 1
        if b"\x00" in pieces[index]:
            break  # a binary line: not read further
        outcome = _fix_piece(pieces[index], number, fix)
        if outcome is None:
            continue
        pieces[index], done = outcome
        fixed += done.fixed
        if not done.settled:
            unsettled.append(number)
    if not fixed and not unsettled:
        return FileFix(data)
    return FileFix(b"".join(pieces), fixed, tuple(unsettled))


def _fix_piece(piece: bytes, number: int, fix: LineFixer) -> tuple[bytes, LineFix] | None:
    """One line (without its line end) fixed, with how; None when it is left as it is."""
    bom = UTF8_BOM if number == 1 and piece.startswith(UTF8_BOM) else b""
    body = piece[len(bom) :]
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return None  # not UTF-8: not checked, kept byte for byte
    done = fix(text, number)
    if done is None or (done.text == text and done.settled):
        return None
    return bom + done.text.encode("utf-8"), done
