"""JSON Lines of card objects (`--input-format jsonl`): one Scryfall or MTGJSON card a line,
as `jq -c` writes bulk data and as tools keep test data.

The input is read a line at a time and each line's cards are handed on before the next line
is read, so what is held is one line and its card, whatever the size of the file (a bulk
file of hundreds of megabytes, or a pipe). A line is parsed by json's own scanner alone and its
card taken by the format's own walk; where a finding needs a place (or `--fix` an edit),
the line is then read as a card list of one (`[` + line + `]`) by the JSON card reader, as a
`.json` file is placed and rewritten, and the place moved to its line of the file (the
column less the `[`). That reading is also the one for every line the quick one can't take
(not a card object, not JSON, an escaped surrogate), so its findings are the JSON reader's.

Which shape the lines are (Scryfall, MTGJSON, another with `--key`) is told once, from the
start of the file, as a `.json` file's is. A line that is not JSON, or not a card, is one
TL905 at its place, and the lines after it are still read; blank lines are passed over. A
file in which no line holds a card (a log kept as JSON Lines) is `NotCardData`, which a
directory search passes over. Bytes that are not UTF-8 end the reading with a TL905 there.
A big file is read in parts, one a process, each part in the shape told from the start of
the file (`part_reader`, for `engine.split`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Iterable, Iterator
from itertools import chain
from typing import Any, BinaryIO

from mtg_typeline.findings import MALFORMED, Finding, input_finding
from mtg_typeline.sources import SNIFF_BYTES, UTF8_BOM, PartReader, ReaderFunc, SourceSettings
from mtg_typeline.sources.base import (
    Entry,
    Item,
    NotCardData,
    Passed,
    SourceError,
    Unsplittable,
)
from mtg_typeline.sources.edits import LINE_END
from mtg_typeline.sources.inputs import json_kind
from mtg_typeline.sources.json_cards.generic import AnyShape
from mtg_typeline.sources.json_cards.lineplaces import LinePlaces, holds_surrogate, read_whole
from mtg_typeline.sources.json_cards.mtgjson import MTGJSON
from mtg_typeline.sources.json_cards.scryfall import SCRYFALL
from mtg_typeline.sources.json_cards.shapes import Format, ShapeError

# Reads the JSON value at an offset: the value and the offset after it (`json.loads` less
# its checks of the white space around the value, a tenth of the time of a card's line).
_scan: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
_PROGRESS_BYTES = 1 << 20  # how much is read between two calls of `progress`
_HELD_MOST = 1000  # lines with no card before the first card, at most: else no card data


def make_reader(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of JSON Lines of card objects (`fmt == "jsonl"`)."""

    def read(stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Item]:
        texts = _texts(stream, path, progress)
        head, rest = _head(texts)
        form = _form_of("".join(head)[:SNIFF_BYTES], settings)
        yield from _read_lines(_numbered(chain(head, rest)), form, path)

    return read


def part_reader(settings: SourceSettings) -> PartReader:
    """The reader of a part of a JSON Lines file that starts where a line does, for
    `engine.split`: the items `read` gives for its lines, numbered from 1 within it, read in
    the shape told from the start of the file; it returns how many lines the part has.
    `Unsplittable` where the reading of the whole file could go otherwise: bytes that are
    not UTF-8 (they end the reading there), and a first part with no card (what its lines
    are is told by the lines after it)."""

    def read_part(stream: BinaryIO, path: str, size: int, *, first: bool) -> Generator[Item, None, int]:
        start = stream.tell()
        stream.seek(0)
        head, _ = _head(_texts(stream, path, _unmetered))
        form = _form_of("".join(head)[:SNIFF_BYTES], settings)
        stream.seek(start)
        lines = [0]
        numbered = _counted(_numbered(_texts(_limited(stream, size), path, _unmetered, bom=first)), lines)
        try:
            cards = yield from _read_lines(numbered, form, path, cards=not first)
        except SourceError:  # (bytes that are not UTF-8, or a first part that holds no card)
            raise Unsplittable(path) from None
        if not cards:
            raise Unsplittable(path)
        return lines[0]

    return read_part


def _unmetered(size: int) -> None:
    """The progress of a part's reading: the run counts the whole file's bytes at once."""


def _limited(stream: BinaryIO, size: int) -> Iterator[bytes]:
    """The lines of the next `size` bytes of `stream` (they end with a line end)."""
    while size > 0:
        data = stream.readline(size)
        if not data:
            return
        size -= len(data)
        yield data


def _counted(lines: Iterator[tuple[int, str]], count: list[int]) -> Iterator[tuple[int, str]]:
    """`lines`, keeping in `count` the number of the last one met."""
    for number, text in lines:
        count[0] = number
        yield number, text


def _texts(
    stream: Iterable[bytes], path: str, progress: Callable[[int], None], *, bom: bool = True
) -> Iterator[str]:
    """The lines of the input as text, each with its line end (a UTF-8 BOM dropped, where
    `bom`: the input starts the file); bytes that are not UTF-8 are a `SourceError` at
    their place."""
    read, line = 0, 1  # `line`: the number of the line `data` starts, as `_numbered` counts
    for number, data in enumerate(stream, 1):
        raw = data.removeprefix(UTF8_BOM) if number == 1 and bom else data
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _not_utf8(raw, exc.start, line, path) from None
        yield text
        line += len(LINE_END.findall(text)) if "\r" in text else text.endswith("\n")
        read += len(raw)
        if read >= _PROGRESS_BYTES:
            progress(read)
            read = 0
    progress(read)


def _not_utf8(raw: bytes, start: int, number: int, path: str) -> SourceError:
    """The error of the bytes `raw` (from line `number` on: a lone CR ends a line too), not
    UTF-8 from their byte `start` on."""
    before = LINE_END.split(raw[:start].decode("utf-8", "replace"))
    line, column = number + len(before) - 1, len(before[-1]) + 1
    return SourceError(f"{path} is not UTF-8 text (byte 0x{raw[start]:02x})", line, column)


def _head(texts: Iterator[str]) -> tuple[list[str], Iterator[str]]:
    """The first lines, as many as hold the first `SNIFF_BYTES` characters (or all), and
    the lines after them (from the error, where one of the first is not UTF-8: the lines
    before it are still checked, as they are in a longer file)."""
    head: list[str] = []
    size = 0
    try:
        for text in texts:
            head.append(text)
            size += len(text)
            if size >= SNIFF_BYTES:
                break
    except SourceError as exc:
        return head, _raising(exc)
    return head, texts


def _raising(error: SourceError) -> Iterator[str]:
    raise error
    yield  # (a generator: raises when read)


def _numbered(texts: Iterable[str]) -> Iterator[tuple[int, str]]:
    """Each line without its end, and its number: a line end is that of Python's universal
    newlines, as the rest of the readers count lines (a lone CR ends one)."""
    number = 0
    for text in texts:
        if "\r" not in text:
            number += 1
            yield number, text[:-1] if text.endswith("\n") else text
            continue
        parts = LINE_END.split(text)
        if not parts[-1]:  # what follows the line end of `text`: not a line of its own
            parts.pop()
        for part in parts:
            number += 1
            yield number, part


def _form_of(head: str, settings: SourceSettings) -> Format | AnyShape:
    """The card shape of the lines, told from the start of the file as `detect` tells a
    `.json` file's (with `--key`: a card list of any shape)."""
    kind = "json" if settings.key is not None else json_kind(head.encode("utf-8", "replace"))
    return {"scryfall": SCRYFALL, "mtgjson": MTGJSON}.get(kind) or AnyShape(settings)


def _read_lines(
    lines: Iterable[tuple[int, str]], form: Format | AnyShape, path: str, *, cards: bool = False
) -> Generator[Item, None, bool]:
    """The entries of every line, and a TL905 for each line that is not a card. Lines that
    hold no card are held back until one does (unless `cards`: one did, before these): if
    none does, or none of the first `_HELD_MOST` lines that aren't blank (a log kept as JSON
    Lines: held, they would fill memory), the file is not card data. Returns whether a line
    held a card."""
    held: list[Finding] = []
    for number, line in lines:
        if not cards and len(held) >= _HELD_MOST:
            break
        if not line or line.isspace():
            continue
        try:
            for entry in _quick(line, number, form, path) or read_whole(line, number, form, path):
                if not cards:
                    cards = True
                    yield from held
                    held.clear()
                yield entry
        except NotCardData as exc:
            if not cards:
                held.append(_bad_line(exc, number, path))
                continue
            yield _bad_line(exc, number, path)
        except SourceError as exc:
            yield _bad_line(exc, number, path)
    if not cards and held:
        raise NotCardData(f"no line holds a card: {held[0].message}", held[0].line, held[0].column)
    return cards


def _quick(line: str, number: int, form: Format | AnyShape, path: str) -> list[Entry | Passed] | None:
    """The entries of a line holding one card object, each placed and rewritten by `_Placed`
    when asked; None for a line the JSON card reader must read (see the module's docstring),
    whose entries and errors are then that reader's."""
    try:
        card, end = _scan(line, 0)
        if end != len(line) or type(card) is not dict:  # (white space around it: read whole)
            return None
        root = [card]
        shape = form if isinstance(form, Format) else form.format_for(root, path)
        where = LinePlaces(line, number, form, path)
        # (a list is its own card list in Scryfall and MTGJSON: no walk needed to say so)
        lists = [(root, ())] if shape is MTGJSON or shape is SCRYFALL else shape.card_lists(root)
        made = [entry for cards, _ in lists for entry in shape.entries(cards, where)]
    except (StopIteration, ValueError, RecursionError, ShapeError, SourceError):
        return None
    if not made or ("\\" in line and any(map(holds_surrogate, made))):  # (no backslash, no escape)
        return None
    return made


def _bad_line(exc: SourceError, number: int, path: str) -> Finding:
    column = max(exc.column - 1, 1) if exc.line == 1 else exc.column
    return input_finding(MALFORMED, path, exc.message, number + exc.line - 1, column, column + 1)
