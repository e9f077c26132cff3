"""The reader of Scryfall, MTGJSON and card lists of any shape (`--input-format json`): a big
Scryfall or MTGJSON file read as a stream (`json_cards.stream`), any other parsed whole
(`CardDocument`), as is a file in memory already (as `--fix` reads it)."""

from __future__ import annotations

import gc
import io
from collections.abc import Callable, Iterator
from typing import BinaryIO

from mtg_typeline.sources import ReaderFunc, SourceSettings
from mtg_typeline.sources.base import Entry, Passed, decoded
from mtg_typeline.sources.json_cards import CardDocument
from mtg_typeline.sources.json_cards.generic import AnyShape
from mtg_typeline.sources.json_cards.mtgjson import MTGJSON
from mtg_typeline.sources.json_cards.scryfall import SCRYFALL
from mtg_typeline.sources.json_cards.shapes import Format
from mtg_typeline.sources.json_cards.stream import StreamedCards
from mtg_typeline.sources.json_cards.window import CHUNK, Window

WHOLE_CHARS = 1 << 22  # a Scryfall or MTGJSON file of fewer characters is parsed whole


def make_reader(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of Scryfall JSON (`fmt == "scryfall"`), of MTGJSON (`"mtgjson"`) or of card
    lists of any shape (`"json"`)."""
    form = {"scryfall": SCRYFALL, "mtgjson": MTGJSON}.get(fmt) or AnyShape(settings)

    def read(stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Entry | Passed]:
        if isinstance(form, Format) and not isinstance(stream, io.BytesIO):
            yield from streamed(stream, form, path, progress)
            return
        data = stream.read()  # (in memory already, as `--fix` reads it: parsed whole)
        progress(len(data))
        text = decoded(data, path)
        del data
        yield from _whole(text, form, path)

    return read


def streamed(
    stream: BinaryIO,
    form: Format,
    path: str,
    progress: Callable[[int], None],
    chunk: int = CHUNK,
    whole: int = WHOLE_CHARS,
) -> Iterator[Entry | Passed]:
    """A Scryfall or MTGJSON file bigger than `whole` characters read as a stream (see
    `json_cards.stream`), where its shape allows; else parsed whole."""
    window = Window(stream, path, progress, chunk)
    while len(window.text) < whole and window.broken is None and window.more():
        pass
    walk = StreamedCards(window, form, path)
    if window.eof or not walk.streamed():
        # (text that can't start JSON is told wrong by what is read already: not read whole)
        start = window.text.lstrip(" \t\r\n")[:1]
        wrong = start != "" and start not in _JSON_STARTS
        yield from _whole(window.text if wrong else window.rest(), form, path)
    else:
        yield from walk.entries()


_JSON_STARTS = frozenset('{["-0123456789tfn')  # what a JSON document may start with


def _whole(text: str, form: Format | AnyShape, path: str) -> Iterator[Entry | Passed]:
    """The entries of a file parsed whole."""
    freeze = gc.get_freeze_count() == 0  # nothing else frozen: ours to undo after
    try:
        yield from CardDocument(text, form, freeze, path).entries()
    finally:
        if freeze:
            gc.unfreeze()
