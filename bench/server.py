"""Benchmark 10: the language server, from a `didChange` of one card to the diagnostics of
the buffer, on a YAML set file of 2,000 cards (target: at most 50 ms).

The server (`typeline server`) runs in a process of its own, driven over stdio by pygls's
client as an editor drives it, with no debounce (`initializationOptions: {"debounce": 0}`),
so that what is measured is the check and the round trip: each change edits one card's type
line in place (an incremental change), alternately breaking and mending it, and the time runs
from sending the change to receiving the `publishDiagnostics` of that version. The floor is
the same change in a file of one card: the round trip and the fixed cost of a check.

    .venv/bin/python bench/server.py [--cards 2000] [--changes 40]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.client import LanguageClient

TARGET_MS = 50.0
KINDS = (
    "Creature — Elf Warrior",
    "Legendary Creature — Goblin Shaman",
    "Artifact — Equipment",
    "Land — Forest",
    "Creature - Human Wizard",  # a finding with a fix on every fifth card
)
EDITED = ("Creature — Elf Warrior", "Creature — Elf Warior")  # mended, broken


def set_file(cards: int) -> str:
    body = "".join(
        f"  - name: Card {n}\n    type: {KINDS[n % len(KINDS)]}\n    text: Rules text of card {n}.\n"
        for n in range(cards)
    )
    return "set: BEN\ncards:\n" + body


class Session:
    """A client, its server, and the diagnostics awaited by version."""

    def __init__(self) -> None:
        self.client = LanguageClient("bench", "1")
        self.waiting: dict[int, asyncio.Future[float]] = {}

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            future = self.waiting.pop(params.version or 0, None)
            if future is not None and not future.done():
                future.set_result(time.perf_counter())

    async def start(self, root: Path) -> None:
        await self.client.start_io(sys.executable, "-m", "mtg_typeline", "server")
        params = types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=root.as_uri(),
            initialization_options={"debounce": 0},
        )
        await self.client.initialize_async(params)
        self.client.initialized(types.InitializedParams())

    def expect(self, version: int) -> asyncio.Future[float]:
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.waiting[version] = future
        return future

    async def open(self, path: Path, text: str) -> None:
        done = self.expect(1)
        item = types.TextDocumentItem(uri=path.as_uri(), language_id="yaml", version=1, text=text)
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
        await asyncio.wait_for(done, 120)

    async def change(self, path: Path, version: int, line: int, old: str, new: str) -> float:
        """Seconds from sending the change of `line` (its type `old` to `new`) to its diagnostics."""
        done = self.expect(version)
        start = types.Position(line=line, character=10)
        edit = types.TextDocumentContentChangePartial(
            range=types.Range(start=start, end=types.Position(line=line, character=10 + len(old))), text=new
        )
        document = types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version)
        sent = time.perf_counter()
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(text_document=document, content_changes=[edit])
        )
        return await asyncio.wait_for(done, 120) - sent

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


async def measure(cards: int, changes: int, root: Path) -> list[float]:
    """The seconds of each change, after one change unmeasured (the first check of a card
    alone loads what it needs)."""
    path = root / f"set-{cards}.yaml"
    text = set_file(cards)
    path.write_text(text, encoding="utf-8")
    session = Session()
    await session.start(root)
    try:
        await session.open(path, text)
        card = cards // 2
        line = 2 + 3 * card + 1  # the card's `type:` line
        kind = KINDS[card % len(KINDS)]
        await session.change(path, 2, line, kind, EDITED[1])
        current, seconds = EDITED[1], []
        for version in range(3, changes + 3):
            new = EDITED[version % 2]
            seconds.append(await session.change(path, version, line, current, new))
            current = new
        return seconds
    finally:
        await session.stop()


def timings(seconds: list[float]) -> dict[str, Any]:
    return {
        "best_s": min(seconds),
        "median_s": statistics.median(seconds),
        "max_s": max(seconds),
        "runs_s": seconds,
    }


def row(cards: int = 2000, changes: int = 40) -> dict[str, Any]:
    """Benchmark 10 as a row of bench/run.py's table."""
    with tempfile.TemporaryDirectory(prefix="typeline-bench-server-") as folder:
        ours = asyncio.run(measure(cards, changes, Path(folder)))
        floor = asyncio.run(measure(1, changes, Path(folder)))
    median_ms = statistics.median(ours) * 1000
    return {
        "name": "server-did-change",
        "title": f"10. server, didChange to diagnostics, {cards:,}-card YAML",
        "ours": timings(ours),
        "floor": timings(floor),
        "ratio": statistics.median(ours) / statistics.median(floor),
        "median_ms": median_ms,
        "max_ms": max(ours) * 1000,
        "target_ms": TARGET_MS,
        "pass": median_ms <= TARGET_MS,
        "load_average": os.getloadavg(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cards", type=int, default=2000)
    parser.add_argument("--changes", type=int, default=40)
    args = parser.parse_args(argv)
    found = row(args.cards, args.changes)
    ours, floor = found["ours"], found["floor"]
    print(found["title"])
    best = ours["best_s"] * 1000
    print(f"  median {found['median_ms']:.1f} ms, max {found['max_ms']:.1f} ms, best {best:.1f} ms")
    print(f"  floor (one card): median {floor['median_s'] * 1000:.1f} ms, max {floor['max_s'] * 1000:.1f} ms")
    print(
        f"  target <= {TARGET_MS:.0f} ms: {'pass' if found['pass'] else 'FAIL'}; load {found['load_average']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
