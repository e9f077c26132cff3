"""What the language server does with what goes wrong: a configuration file that changes
(read again), a language id it doesn't know, a malformed request, a client that goes away;
and `typeline server` without the `lsp` extra."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli
from helpers.lsp import SERVER, change_buffer, open_buffer, server, start
from lsprotocol import types
from pytest_lsp import LanguageClient

client = server()
SET = (
    "cards:\n  - name: Scout\n    type: Creature - Elf Scout\n  - name: Grove\n    type: Creature — Forest\n"
)


@pytest.mark.asyncio
async def test_a_changed_configuration_is_read_again(client: LanguageClient, tmp_path: Path) -> None:
    path = tmp_path / "set.yaml"
    await start(client, tmp_path)
    assert {d.code for d in await open_buffer(client, path, SET)} == {"TL101", "TL304"}
    config = tmp_path / ".typeline.yaml"
    config.write_text("ignore: [TL101]\n", encoding="utf-8")
    change = types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Created)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[change]))
    params = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert {d.code for d in params.diagnostics} == {"TL304"}


@pytest.mark.asyncio
async def test_an_unknown_language_is_logged(client: LanguageClient, tmp_path: Path) -> None:
    await start(client, tmp_path)
    found = await open_buffer(client, tmp_path / "cards", "Creature - Elf\n", language_id="klingon")
    assert [d.code for d in found] == ["TL101"]  # read as the content tells: type lines
    assert any("klingon" in m.message for m in client.log_messages)


@pytest.mark.asyncio
async def test_a_broken_configuration_is_logged_and_the_server_goes_on(
    client: LanguageClient, tmp_path: Path
) -> None:
    (tmp_path / ".typeline.yaml").write_text("select: [TL999\n", encoding="utf-8")
    await start(client, tmp_path)
    document = types.TextDocumentItem(
        uri=(tmp_path / "a.yaml").as_uri(), language_id="yaml", version=1, text=SET
    )
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=document))
    message = await client.wait_for_notification(types.WINDOW_LOG_MESSAGE)
    assert ".typeline.yaml" in message.message
    (tmp_path / ".typeline.yaml").unlink()
    assert len(await change_buffer(client, tmp_path / "a.yaml", SET, 2)) == 2


def _exchange(payload: bytes) -> subprocess.CompletedProcess[bytes]:
    """Run the server on `payload` as its whole input (the client gone after it)."""
    return subprocess.run(SERVER, input=payload, capture_output=True, timeout=120, check=False)


def _message(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def test_a_malformed_request_and_a_client_that_leaves() -> None:
    malformed = _message(
        b'{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": 7}}'
    )
    not_json = _message(b"{not json")
    good = _message(b'{"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {"capabilities": {}}}')
    done = _exchange(malformed + not_json + good)  # and then the client is gone
    assert done.returncode == 0
    assert b"Traceback" not in done.stderr
    assert done.stdout.count(b'"method": "window/logMessage"') == 2  # each bad message told
    assert b'"id": 2' in done.stdout and b'"capabilities"' in done.stdout  # still serving


def test_the_missing_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pygls", None)  # as if pygls were not installed
    monkeypatch.delitem(sys.modules, "mtg_typeline.server.features", raising=False)
    monkeypatch.delitem(sys.modules, "mtg_typeline.server.app", raising=False)
    monkeypatch.delitem(sys.modules, "mtg_typeline.server.positions", raising=False)
    result = run_cli(["server"])
    assert result.exit_code == 2
    assert "pip install 'mtg-typeline[lsp]'" in result.output
    assert "Traceback" not in result.output
