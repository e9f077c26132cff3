"""The LSP methods the server answers, each a short function on `TypelineServer`'s state:
the buffer's life (open, change, save, close), configuration files changing, code actions,
hover and completion. `build()` makes a server with all of them registered."""

from __future__ import annotations

from lsprotocol import types

from mtg_typeline.server import actions, words
from mtg_typeline.server.app import WATCHED, TypelineServer, guarded, quiet_logging, setting_of
from mtg_typeline.server.checking import forget_configs
from mtg_typeline.server.diagnostics import covers, diagnostic
from mtg_typeline.server.positions import from_client

FIX_KINDS = [types.CodeActionKind.QuickFix, actions.FIX_ALL]
TRIGGERS = [" ", "—"]


def build() -> TypelineServer:
    """A server with every feature registered."""
    quiet_logging()
    server = TypelineServer()
    _register_documents(server)
    _register_requests(server)
    return server


def _register_documents(server: TypelineServer) -> None:
    def initialize(params: types.InitializeParams) -> None:
        given = params.initialization_options
        if isinstance(given, dict) and isinstance(given.get("debounce"), int | float):
            server.debounce = float(given["debounce"])

    def initialized(params: types.InitializedParams) -> None:
        watch(server)

    def opened(params: types.DidOpenTextDocumentParams) -> None:
        server.publish(params.text_document.uri)

    def changed(params: types.DidChangeTextDocumentParams) -> None:
        server.later(params.text_document.uri)

    def saved(params: types.DidSaveTextDocumentParams) -> None:
        server.publish(params.text_document.uri)

    def closed(params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        server.documents.pop(uri, None)
        server.shown.pop(uri, None)
        waiting = server.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    def watched(params: types.DidChangeWatchedFilesParams) -> None:
        forget_configs()
        for uri, state in list(server.documents.items()):
            server.documents[uri] = state._replace(items=None)  # every card to be checked again
            if uri in server.workspace.text_documents:
                server.publish(uri)

    server.feature(types.INITIALIZE)(guarded(server, initialize, None))
    server.feature(types.INITIALIZED)(guarded(server, initialized, None))
    server.feature(types.TEXT_DOCUMENT_DID_OPEN)(guarded(server, opened, None))
    server.feature(types.TEXT_DOCUMENT_DID_CHANGE)(guarded(server, changed, None))
    server.feature(types.TEXT_DOCUMENT_DID_SAVE)(guarded(server, saved, None))
    server.feature(types.TEXT_DOCUMENT_DID_CLOSE)(guarded(server, closed, None))
    server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)(guarded(server, watched, None))


def watch(server: TypelineServer) -> None:
    """Ask the client to tell of changes to configuration and rule files, where it can."""
    workspace = server.client_capabilities.workspace
    watching = workspace.did_change_watched_files if workspace else None
    if watching is None or not watching.dynamic_registration:
        return
    watchers = [types.FileSystemWatcher(glob_pattern=glob) for glob in WATCHED]
    options = types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers)
    method = types.WORKSPACE_DID_CHANGE_WATCHED_FILES
    registration = types.Registration(id="typeline-watch", method=method, register_options=options)
    server.client_register_capability(types.RegistrationParams(registrations=[registration]))


def _register_requests(server: TypelineServer) -> None:
    options = types.CodeActionOptions(code_action_kinds=FIX_KINDS, resolve_provider=True)
    server.feature(types.TEXT_DOCUMENT_CODE_ACTION, options)(
        guarded(server, lambda params: code_actions(server, params), None)
    )
    server.feature(types.CODE_ACTION_RESOLVE)(guarded(server, lambda action: resolve(server, action), None))
    server.feature(types.TEXT_DOCUMENT_HOVER)(guarded(server, lambda params: hover(server, params), None))
    server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=TRIGGERS))(
        guarded(server, lambda params: complete(server, params), None)
    )


def code_actions(server: TypelineServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    """Quick fixes and ignores for the problems in the range, and fix-all for the file."""
    uri = params.text_document.uri
    state = server.documents.get(uri)
    if state is None:
        return None
    document = server.workspace.get_text_document(uri)
    buffer = actions.Buffer(uri, document.version, document.lines, server.encoding)
    start = from_client(buffer.encoding, buffer.lines, params.range.start)
    end = from_client(buffer.encoding, buffer.lines, params.range.end)
    found: list[types.CodeAction | None] = []
    for problem in state.problems:
        if (problem.line, problem.column) <= end and start <= (problem.end_line, problem.end_column):
            shown = diagnostic(problem, buffer.encoding, buffer.lines)
            found.append(actions.quick_fix(problem, buffer, shown))
            found.append(actions.ignore(problem, buffer, shown) if state.commented else None)
    wanted = [_named(kind) for kind in params.context.only or ()]
    if any(problem.fix and problem.safe for problem in state.problems):
        found.append(_fix_all(server, buffer, wanted))
    return [a for a in found if a is not None and (not wanted or _asked(a, wanted))]


def _fix_all(server: TypelineServer, buffer: actions.Buffer, wanted: list[str]) -> types.CodeAction | None:
    """Fix-all for a buffer with safe fixes. Its edit is the whole check's `--fix`, too slow
    to make on every request (an editor asks for actions as the cursor moves): it is made when
    the client resolves the action, or at once where the client can't and fix-all is asked
    for by its kind (fix on save)."""
    if _resolves_edits(server):
        return types.CodeAction(title=actions.FIX_ALL_TITLE, kind=actions.FIX_ALL, data={"uri": buffer.uri})
    if any(actions.FIX_ALL.startswith(kind) for kind in wanted):
        return _fixed_all(server, buffer.uri)
    return None


def _resolves_edits(server: TypelineServer) -> bool:
    document = server.client_capabilities.text_document
    asked = document.code_action if document else None
    support = asked.resolve_support if asked else None
    return support is not None and "edit" in support.properties


def _fixed_all(server: TypelineServer, uri: str) -> types.CodeAction | None:
    state = server.documents.get(uri)
    if state is None:
        return None
    document = server.workspace.get_text_document(uri)
    buffer = actions.Buffer(uri, document.version, document.lines, server.encoding)
    return actions.fix_all(document.source, state.fixed(False), buffer)


def resolve(server: TypelineServer, action: types.CodeAction) -> types.CodeAction:
    """Fix-all with its edit made (for the buffer as it is now)."""
    uri = action.data.get("uri") if isinstance(action.data, dict) else None
    made = _fixed_all(server, uri) if isinstance(uri, str) else None
    if made is not None:
        action.edit = made.edit
    return action


def _asked(action: types.CodeAction, wanted: list[str]) -> bool:
    """Whether the action is of a kind the client asked for (or a kind under one)."""
    kind = _named(action.kind or "")
    return any(kind == str(w) or kind.startswith(f"{w}.") for w in wanted)


def hover(server: TypelineServer, params: types.HoverParams) -> types.Hover | None:
    """What the word under the cursor is, and the explanation of the problems there."""
    uri = params.text_document.uri
    document = server.workspace.get_text_document(uri)
    line, column = from_client(server.encoding, document.lines, params.position)
    setting = setting_of(document)
    parts = []
    state = server.documents.get(uri)
    for code in dict.fromkeys(p.code for p in (state.problems if state else ()) if covers(p, line, column)):
        parts.append(words.hover_code(code, setting))
    word = words.word_at(document.lines[line], column) if line < len(document.lines) else None
    described = words.hover_word(word, setting) if word else None
    if described:
        parts.insert(0, described)
    if not parts:
        return None
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="\n\n---\n\n".join(parts))
    )


def complete(server: TypelineServer, params: types.CompletionParams) -> types.CompletionList | None:
    """The words that may come next in the type line at the cursor."""
    document = server.workspace.get_text_document(params.text_document.uri)
    line, column = from_client(server.encoding, document.lines, params.position)
    prefix = document.lines[line][:column] if line < len(document.lines) else ""
    items = words.completions(prefix, words.rules_of(setting_of(document)))
    return types.CompletionList(is_incomplete=False, items=items)


def _named(kind: str) -> str:
    """A code action kind as the protocol names it ("quickfix"; not the enum's name)."""
    return str(getattr(kind, "value", kind))
