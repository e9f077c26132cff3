"""What the language server's tests do as an editor would: start a session, open and change
a buffer and wait for its diagnostics, and apply the edits the server sends.

The server under test is `typeline server` in a process of its own, driven over stdio by
pytest-lsp's client; a test module makes it its fixture `client` with `client = server()`,
and each test initializes the session as it needs (`start`)."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

PUBLISHED = types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS
SERVER = [sys.executable, "-m", "mtg_typeline", "server"]


def server() -> Any:
    """The fixture `client`: a client connected to a new server, shut down after the test."""

    async def client(lsp_client: LanguageClient) -> AsyncIterator[None]:
        yield
        await lsp_client.shutdown_session()

    return pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), name="client")(client)


async def start(
    client: LanguageClient,
    root: Path,
    encodings: Sequence[str] | None = None,
    *,
    debounce: float = 0.0,
    resolves: bool = False,
) -> types.InitializeResult:
    """Initialize a session in the folder `root`, offering `encodings` (None: none, so UTF-16);
    `resolves`: the client resolves a code action's edit (`codeAction/resolve`)."""
    general = types.GeneralClientCapabilities(position_encodings=list(encodings)) if encodings else None
    support = types.ClientCodeActionResolveOptions(properties=["edit"]) if resolves else None
    action = types.CodeActionClientCapabilities(resolve_support=support)
    document = types.TextDocumentClientCapabilities(code_action=action)
    capabilities = types.ClientCapabilities(general=general, text_document=document)
    params = types.InitializeParams(
        capabilities=capabilities, root_uri=root.as_uri(), initialization_options={"debounce": debounce}
    )
    return await client.initialize_session(params)


async def open_buffer(
    client: LanguageClient, path: Path, text: str, language_id: str = "yaml"
) -> list[types.Diagnostic]:
    """Open `text` as the buffer of `path`; the diagnostics published for it."""
    item = types.TextDocumentItem(uri=path.as_uri(), language_id=language_id, version=1, text=text)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
    return await diagnostics_of(client, path)


async def change_buffer(
    client: LanguageClient, path: Path, text: str, version: int
) -> list[types.Diagnostic]:
    """Replace the buffer of `path` by `text`; the diagnostics published for it."""
    document = types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version)
    change = types.TextDocumentContentChangeWholeDocument(text=text)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(text_document=document, content_changes=[change])
    )
    return await diagnostics_of(client, path)


async def diagnostics_of(client: LanguageClient, path: Path) -> list[types.Diagnostic]:
    """The next diagnostics published for `path`."""
    while True:
        params = await client.wait_for_notification(PUBLISHED)
        if params.uri == path.as_uri():
            return list(params.diagnostics)


def units(text: str, encoding: str) -> int:
    """The length of `text` in code units of a position encoding ("utf-16", "utf-8")."""
    return len(text.encode("utf-16-le")) // 2 if encoding == "utf-16" else len(text.encode("utf-8"))


def offset(text: str, position: types.Position, encoding: str = "utf-16") -> int:
    """The index in `text` of an LSP position counted in `encoding`'s units."""
    lines = text.splitlines(keepends=True)
    start = sum(len(line) for line in lines[: position.line])
    line = lines[position.line] if position.line < len(lines) else ""
    count = 0
    for index, char in enumerate(line):
        if count >= position.character:
            return start + index
        count += units(char, encoding)
    return start + len(line)


def apply_edits(text: str, edits: Sequence[types.TextEdit], encoding: str = "utf-16") -> str:
    """`text` with `edits` made, last first, as an editor makes them."""
    places = [
        (offset(text, e.range.start, encoding), offset(text, e.range.end, encoding), e.new_text)
        for e in edits
    ]
    for start, end, new in sorted(places, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def workspace_edits(edit: types.WorkspaceEdit | None) -> list[types.TextEdit]:
    """The text edits of a workspace edit, of any one document."""
    assert edit is not None and edit.document_changes
    return [
        e
        for change in edit.document_changes
        if isinstance(change, types.TextDocumentEdit)
        for e in change.edits
    ]  # type: ignore[misc]
