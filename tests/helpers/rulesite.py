"""A rules site on the loopback address for the tests of `typeline rules update`: an HTTP
server in a thread serving the pages and texts a test puts on it, and a server that takes
connections and never answers.

A page is served as it is given: its bytes, a status, and optionally a Content-Length larger
than the body (the connection then closes early: a text cut off on the way).
"""

from __future__ import annotations

import gzip
import re
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar


@dataclass
class Page:
    body: bytes
    status: int = 200
    announced: int | None = None  # a Content-Length other than the body's


@dataclass
class Site:
    """The server's address and what it serves, by path."""

    base: str
    pages: dict[str, Page] = field(default_factory=dict)
    asked: list[str] = field(default_factory=list)

    def put(self, path: str, body: bytes | str, status: int = 200, announced: int | None = None) -> str:
        """Serve `body` at `path`; the page's address."""
        data = body.encode("utf-8") if isinstance(body, str) else body
        self.pages[path] = Page(data, status, announced)
        return self.base + path


class _Handler(BaseHTTPRequestHandler):
    site: ClassVar[Site]

    def do_GET(self) -> None:
        self.site.asked.append(self.path)
        page = self.site.pages.get(self.path, Page(b"not here", 404))
        self.send_response(page.status)
        self.send_header("Content-Length", str(page.announced or len(page.body)))
        self.end_headers()
        self.wfile.write(page.body)
        self.close_connection = True

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the tests' output is theirs."""


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        """Quiet: a client that stops reading (the size limit, a timeout) breaks the pipe of
        the thread serving it, which is no failure of the test; what the server prints would
        land in the output under test."""


@contextmanager
def rule_site() -> Iterator[Site]:
    """A rules site on 127.0.0.1, served from a thread while the context lasts."""
    handler = type("Handler", (_Handler,), {})
    server = _Server(("127.0.0.1", 0), handler)
    site = Site(f"http://127.0.0.1:{server.server_address[1]}")
    handler.site = site
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield site
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def silent_server() -> Iterator[str]:
    """The address of a server that accepts connections (the system does, from its backlog)
    and never answers."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        listener.close()


def rules_page(link: str) -> str:
    """A rules page in the shape of the official one, linking to the plain-text CR at `link`."""
    return (
        "<!DOCTYPE html><html><body><h1>Comprehensive Rules</h1>"
        '<a href="/docs/MagicCompRules.pdf">PDF</a> '
        f'<a class="download" href="{link}">TXT</a> '
        '<a href="/docs/MagicCompRules.docx">DOCX</a></body></html>'
    )


def newer_edition(text: bytes, effective: str, new_type: str) -> bytes:
    """The CR text `text` (gzipped or not, UTF-8) as a later edition: effective on `effective`
    ("December 4, 2026") and with `new_type` as the last creature type (it must sort last)."""
    if text[:2] == b"\x1f\x8b":
        text = gzip.decompress(text)
    words = text.decode("utf-8-sig")
    words = re.sub(r"effective as of [A-Z][a-z]+ \d{1,2}, \d{4}", f"effective as of {effective}", words)
    words, count = re.subn(r"(205\.3m [^\r\n]*), and (\w+)\.", rf"\1, \2, and {new_type}.", words, count=1)
    assert count == 1, "no creature types list in the text"
    return words.encode("utf-8")


def shipped_text(path: Path) -> bytes:
    """The bytes of a CR text of the archive, unzipped."""
    return gzip.decompress(path.read_bytes())
