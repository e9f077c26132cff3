"""Places in a buffer as the client counts them. The server works in characters (code
points); LSP columns are code units of the negotiated encoding: UTF-16 unless the client
offers UTF-8, which the server then prefers (no surrogate pairs to count). `—` and `’` are one
UTF-16 unit and three UTF-8 bytes; an astral character (an emoji in a card's name) is two
UTF-16 units and four bytes.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from lsprotocol import types
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method


class Protocol(LanguageServerProtocol):
    """pygls's protocol, choosing UTF-8 whenever the client offers it (pygls takes the
    client's first choice)."""

    @lsp_method(types.INITIALIZE)
    def lsp_initialize(self, params: types.InitializeParams) -> Generator[Any, Any, types.InitializeResult]:
        general = params.capabilities.general
        offered = general.position_encodings if general is not None else None
        if offered and types.PositionEncodingKind.Utf8 in offered:
            general.position_encodings = [types.PositionEncodingKind.Utf8]  # type: ignore[union-attr]
        result: types.InitializeResult = yield from super().lsp_initialize(params)
        return result


def units(text: str, encoding: str) -> int:
    """The length of `text` in code units of `encoding` ("utf-8", "utf-16" or "utf-32")."""
    if text.isascii() or encoding == "utf-32":
        return len(text)
    if encoding == "utf-8":
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def to_client(encoding: str, lines: Sequence[str], line: int, column: int) -> types.Position:
    """The client's position of character `column` of `line` (0-based)."""
    if line >= len(lines):
        return types.Position(line=len(lines), character=0)
    return types.Position(line=line, character=units(lines[line][:column], encoding))


def range_to_client(encoding: str, lines: Sequence[str], place: tuple[int, int, int, int]) -> types.Range:
    """The client's range of (line, column, end_line, end_column), in characters."""
    line, column, end_line, end_column = place
    start, end = to_client(encoding, lines, line, column), to_client(encoding, lines, end_line, end_column)
    return types.Range(start=start, end=end)


def from_client(encoding: str, lines: Sequence[str], position: types.Position) -> tuple[int, int]:
    """(line, column in characters) of a client's position (past the end: the end)."""
    if position.line >= len(lines):
        return len(lines), 0
    text = lines[position.line].rstrip("\r\n")
    if text.isascii():
        return position.line, min(position.character, len(text))
    count = 0
    for index, char in enumerate(text):
        if count >= position.character:
            return position.line, index
        count += units(char, encoding)
    return position.line, len(text)
