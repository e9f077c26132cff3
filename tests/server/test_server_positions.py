"""The language server's columns in the client's units: UTF-16 unless the client offers
UTF-8, right past `—`, `’` and an astral character on the same line."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.lsp import apply_edits, open_buffer, server, start, units, workspace_edits
from lsprotocol import types
from pytest_lsp import LanguageClient

pytestmark = pytest.mark.asyncio
client = server()

SET = '- {name: "🐉 Urza’s Drake", type: Creature — Drake Goblinn}\n'


@pytest.mark.parametrize(
    ("offered", "encoding"),
    [(None, "utf-16"), (["utf-16"], "utf-16"), (["utf-16", "utf-8"], "utf-8"), (["utf-8"], "utf-8")],
)
async def test_columns_in_the_negotiated_units(
    client: LanguageClient, tmp_path: Path, offered: list[str] | None, encoding: str
) -> None:
    result = await start(client, tmp_path, offered)
    assert result.capabilities.position_encoding == encoding
    (found,) = await open_buffer(client, tmp_path / "set.yaml", SET)
    start_at = SET.index("Goblinn")
    assert found.range.start == types.Position(line=0, character=units(SET[:start_at], encoding))
    assert found.range.end.character == units(SET[: start_at + len("Goblinn")], encoding)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=(tmp_path / "set.yaml").as_uri()),
            range=found.range,
            context=types.CodeActionContext(diagnostics=[found]),
        )
    )
    assert actions is not None
    (fix,) = [a for a in actions if isinstance(a, types.CodeAction) and a.title.startswith("Fix")]
    assert "unsafe" in fix.title and not fix.is_preferred  # a spelling correction is a guess
    assert apply_edits(SET, workspace_edits(fix.edit), encoding) == SET.replace("Goblinn", "Goblin")
