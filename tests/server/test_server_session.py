"""A session with the language server as an editor has one, over stdio: initialize, open a
YAML set file with mistakes and a syntax error, diagnostics at the right places, code
actions applied, hover, completion, a change, shutdown."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.lsp import apply_edits, change_buffer, open_buffer, server, start, workspace_edits
from lsprotocol import types
from pytest_lsp import LanguageClient

pytestmark = pytest.mark.asyncio
client = server()

SET = """\
cards:
  - name: Elvish Scout
    type: Creature - Elf Scout
  - name: Grove
    type: Creature — Forest
  - name: Broken
    type: "Legendary Creature — Goblin
"""
FIXED = SET.replace('    type: "Legendary', "    type: Legendary")


def _by_code(found: list[types.Diagnostic]) -> dict[str, types.Diagnostic]:
    return {str(d.code): d for d in found}


async def test_open_a_broken_set_file(client: LanguageClient, tmp_path: Path) -> None:
    await start(client, tmp_path)
    found = _by_code(await open_buffer(client, tmp_path / "set.yaml", SET))
    dash = found["TL101"]
    assert (dash.range.start.line, dash.range.start.character, dash.range.end.character) == (2, 18, 21)
    assert dash.source == "typeline"
    assert dash.severity == types.DiagnosticSeverity.Warning
    assert found["TL905"].severity == types.DiagnosticSeverity.Error
    assert found["TL905"].range.start.line >= 6  # where the YAML parser noticed the open quote


async def test_the_last_good_diagnostics_are_kept_past_a_syntax_error(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "set.yaml"
    await start(client, tmp_path)
    good = _by_code(await open_buffer(client, path, FIXED))
    assert set(good) == {"TL101", "TL304"}
    broken = SET.replace("type: Creature - Elf Scout", 'type: "Creature - Elf Scout')
    found = _by_code(await change_buffer(client, path, broken, 2))
    assert "TL905" in found
    assert found["TL304"].range == good["TL304"].range  # past the error: kept from the last good


async def test_a_quick_fix_applied(client: LanguageClient, tmp_path: Path) -> None:
    path = tmp_path / "set.yaml"
    await start(client, tmp_path)
    dash = _by_code(await open_buffer(client, path, FIXED))["TL101"]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            range=dash.range,
            context=types.CodeActionContext(diagnostics=[dash], only=[types.CodeActionKind.QuickFix]),
        )
    )
    assert actions is not None
    assert all(isinstance(a, types.CodeAction) and a.kind == types.CodeActionKind.QuickFix for a in actions)
    fix = next(a for a in actions if isinstance(a, types.CodeAction) and a.title.startswith("Fix TL101"))
    assert fix.kind == types.CodeActionKind.QuickFix and fix.is_preferred
    fixed = apply_edits(FIXED, workspace_edits(fix.edit))
    assert "type: Creature — Elf Scout" in fixed
    assert set(_by_code(await change_buffer(client, path, fixed, 2))) == {"TL304"}


async def test_ignore_on_a_line(client: LanguageClient, tmp_path: Path) -> None:
    path = tmp_path / "set.yaml"
    await start(client, tmp_path)
    forest = _by_code(await open_buffer(client, path, FIXED))["TL304"]
    document = types.TextDocumentIdentifier(uri=path.as_uri())
    context = types.CodeActionContext(diagnostics=[forest])
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(text_document=document, range=forest.range, context=context)
    )
    assert actions is not None
    titles = {a.title: a for a in actions if isinstance(a, types.CodeAction)}
    ignored = apply_edits(FIXED, workspace_edits(titles["Ignore TL304 on this line"].edit))
    assert "type: Creature — Forest  # typeline: ignore[TL304]\n" in ignored
    assert set(_by_code(await change_buffer(client, path, ignored, 2))) == {"TL101"}


@pytest.mark.parametrize("resolves", [False, True])
async def test_fix_all(client: LanguageClient, tmp_path: Path, resolves: bool) -> None:
    path = tmp_path / "set.yaml"
    await start(client, tmp_path, resolves=resolves)
    await open_buffer(client, path, FIXED)
    document = types.TextDocumentIdentifier(uri=path.as_uri())
    context = types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.SourceFixAll])
    whole = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(text_document=document, range=whole, context=context)
    )
    assert actions is not None
    (everything,) = actions
    assert isinstance(everything, types.CodeAction) and everything.kind == "source.fixAll.typeline"
    if resolves:  # the edit made when the client resolves the action
        assert everything.edit is None
        everything = await client.code_action_resolve_async(everything)
    fixed = apply_edits(FIXED, workspace_edits(everything.edit))
    assert fixed == FIXED.replace("Creature - Elf Scout", "Creature — Elf Scout")


async def test_hover_on_a_word_and_on_a_finding(client: LanguageClient, tmp_path: Path) -> None:
    path = tmp_path / "set.yaml"
    await start(client, tmp_path)
    await open_buffer(client, path, FIXED)
    document = types.TextDocumentIdentifier(uri=path.as_uri())
    shown = await client.text_document_hover_async(
        types.HoverParams(text_document=document, position=types.Position(line=4, character=24))
    )
    assert shown is not None and isinstance(shown.contents, types.MarkupContent)
    assert "land type" in shown.contents.value  # the word Forest
    assert "TL304 subtype-type-mismatch" in shown.contents.value  # the finding's explanation
    nothing = await client.text_document_hover_async(
        types.HoverParams(text_document=document, position=types.Position(line=0, character=2))
    )
    assert nothing is None  # `cards` is no type


async def test_completion_before_and_after_the_dash(client: LanguageClient, tmp_path: Path) -> None:
    path = tmp_path / "set.yaml"
    text = "cards:\n  - name: A\n    type: Legendary Land — \n  - name: B\n    type: Artif\n"
    await start(client, tmp_path)
    await open_buffer(client, path, text)
    document = types.TextDocumentIdentifier(uri=path.as_uri())
    after = await client.text_document_completion_async(
        types.CompletionParams(text_document=document, position=types.Position(line=2, character=28))
    )
    assert isinstance(after, types.CompletionList)
    labels = {item.label for item in after.items}
    assert {"Forest", "Desert", "Urza’s"} <= labels or {"Forest", "Desert"} <= labels
    assert "Goblin" not in labels and "Equipment" not in labels  # a land's subtypes alone
    before = await client.text_document_completion_async(
        types.CompletionParams(text_document=document, position=types.Position(line=4, character=15))
    )
    assert isinstance(before, types.CompletionList)
    labels = {item.label for item in before.items}
    assert {"Artifact", "Legendary", "Snow"} <= labels and "Goblin" not in labels
