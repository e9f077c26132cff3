"""The language server: pygls's server with typeline's features, over standard input and
output (`typeline server`).

Each open buffer is checked on open, on save and, after the typing pauses for `debounce`
seconds (`initializationOptions: {"debounce": 0.1}`), on change; its diagnostics are
published with the buffer's version. A change to a configuration or rule file (watched:
`.typeline.yaml`, `pyproject.toml`, `*.yaml`) re-checks every open buffer. Whatever goes
wrong in a handler (a configuration that can't be read, a document the server doesn't have,
a bug) is told to the client as a `window/logMessage`; the server goes on.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

from mtg_typeline import __version__
from mtg_typeline.errors import TypelineError
from mtg_typeline.server.checking import Setting, setting_for
from mtg_typeline.server.diagnostics import Shown, diagnostics
from mtg_typeline.server.documents import Document, UnknownLanguage, checked, given_format
from mtg_typeline.server.positions import Protocol

DEBOUNCE = 0.1  # seconds of quiet after a change before the buffer is checked
WATCHED = ("**/.typeline.yaml", "**/pyproject.toml", "**/*.yaml", "**/*.yml")
R = TypeVar("R")


class TypelineServer(LanguageServer):
    """The server and what it knows of the open buffers."""

    def __init__(self) -> None:
        super().__init__("typeline", __version__, protocol_cls=Protocol)
        self.documents: dict[str, Document] = {}
        self.pending: dict[str, asyncio.TimerHandle] = {}
        self.debounce = DEBOUNCE
        self.shown: dict[str, Shown] = {}  # each buffer's diagnostics as last published

    @property
    def encoding(self) -> str:
        """The position encoding agreed with the client."""
        found = self.workspace.position_encoding or types.PositionEncodingKind.Utf16
        return str(getattr(found, "value", found))  # the kind's name, such as "utf-8"

    def log(self, message: str, kind: types.MessageType = types.MessageType.Warning) -> None:
        self.window_log_message(types.LogMessageParams(type=kind, message=f"typeline: {message}"))

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Errors outside a request (a message that isn't JSON-RPC): logged, not shown."""
        self.log(f"{type(error).__name__}: {error}", types.MessageType.Error)

    def publish(self, uri: str) -> None:
        """Check the buffer `uri` and publish its diagnostics."""
        self.pending.pop(uri, None)
        document = self.workspace.get_text_document(uri)
        path = to_fs_path(uri) or uri
        given = self.format_given(path, document.language_id, uri)
        state = checked(document.source, path, given, self.documents.get(uri))
        self.documents[uri] = state
        shown = diagnostics(state.problems, self.encoding, document.lines, self.shown.get(uri, {}))
        self.shown[uri] = shown
        found = list(shown.values())
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=document.version)
        )

    def format_given(self, path: str, language_id: str | None, uri: str) -> str | None:
        """The format a buffer's language id gives (None: told by name and content); a
        language id that names none is logged once for the buffer."""
        try:
            return given_format(path, language_id)
        except UnknownLanguage as unknown:
            if uri not in self.documents:  # (its first check)
                self.log(
                    f"{path}: language id {unknown} names no format typeline reads; told from the content"
                )
            return None

    def later(self, uri: str) -> None:
        """Check the buffer `uri` once changes have paused for `debounce` seconds."""
        waiting = self.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        if self.debounce <= 0:
            self.publish(uri)
            return
        loop = asyncio.get_running_loop()
        self.pending[uri] = loop.call_later(self.debounce, guarded(self, self.publish, None), uri)


def guarded(server: TypelineServer, handler: Callable[..., R], default: R) -> Callable[..., R]:
    """`handler`, logging what it raises (the server answers `default` and goes on)."""

    @functools.wraps(handler)
    def guard(*args: Any) -> R:
        try:
            return handler(*args)
        except TypelineError as exc:
            server.log(str(exc), types.MessageType.Error)
        except Exception as exc:  # a bug: logged, never the end of the session
            server.log(f"internal error: {type(exc).__name__}: {exc}", types.MessageType.Error)
        return default

    return guard


class _OneLine(logging.Formatter):
    """A log record in one line: what went wrong, never a traceback (the client is told of
    errors by `window/logMessage`; standard error is the editor's log of the server)."""

    def format(self, record: logging.LogRecord) -> str:
        problem = record.exc_info[1] if record.exc_info else None
        first = record.getMessage().partition("\n")[0]  # pygls writes some tracebacks into the message
        said = f"typeline server: {record.levelname.lower()}: {first}"
        return f"{said}: {type(problem).__name__}: {problem}" if problem else said


def quiet_logging() -> None:
    """pygls's warnings and errors on standard error, one line each."""
    handler = logging.StreamHandler()
    handler.setFormatter(_OneLine())
    handler.setLevel(logging.WARNING)
    pygls = logging.getLogger("pygls")
    pygls.addHandler(handler)
    pygls.propagate = False


def setting_of(document: TextDocument) -> Setting:
    return setting_for(to_fs_path(document.uri) or document.uri)
