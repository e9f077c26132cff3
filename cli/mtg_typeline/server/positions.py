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
from pygls.workspace import PositionCodec


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


def to_client(codec: PositionCodec, lines: Sequence[str], line: int, column: int) -> types.Position:
    """The client's position of character `column` of `line` (0-based)."""
    if line >= len(lines):
        return types.Position(line=len(lines), character=0)
    return codec.position_to_client_units(lines, types.Position(line=line, character=column))


def range_to_client(
    codec: PositionCodec, lines: Sequence[str], place: tuple[int, int, int, int]
) -> types.Range:
    """The client's range of (line, column, end_line, end_column), in characters."""
    line, column, end_line, end_column = place
    return types.Range(
        start=to_client(codec, lines, line, column), end=to_client(codec, lines, end_line, end_column)
    )


def from_client(codec: PositionCodec, lines: Sequence[str], position: types.Position) -> tuple[int, int]:
    """(line, column in characters) of a client's position."""
    found = codec.position_from_client_units(
        lines, types.Position(line=position.line, character=position.character)
    )
    return found.line, found.character
