"""A progress bar on standard error for long inputs read by a person at a terminal.

Shown only for the text formats, when standard error is a terminal and the files to read
are large; never for machine formats or when standard error is a pipe or a file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO, TextIO

MIN_BYTES = 4 * 1024 * 1024  # below this a run is over before a bar would help
_STEP = 256 * 1024  # bytes read between two updates of the bar


class Meter:
    """Counts bytes read and moves the bar; `NO_METER` does nothing."""

    def __init__(self, advance: object = None) -> None:
        self._advance = advance
        self._pending = 0

    def wrap(self, stream: BinaryIO) -> BinaryIO:
        return stream if self._advance is None else _Counting(stream, self)  # type: ignore[return-value]

    def add(self, size: int) -> None:
        self._pending += size
        if self._pending >= _STEP:
            self.flush()

    def flush(self) -> None:
        if self._pending and callable(self._advance):
            self._advance(self._pending)
        self._pending = 0


NO_METER = Meter()


class _Counting:
    """A binary stream that reports the bytes read through it to a `Meter`."""

    def __init__(self, stream: BinaryIO, meter: Meter) -> None:
        self._stream = stream
        self._meter = meter

    def peek(self, size: int = 0) -> bytes:
        peek = getattr(self._stream, "peek", None)
        return bytes(peek(size)) if peek else b""

    def readline(self) -> bytes:
        line = self._stream.readline()
        self._meter.add(len(line))
        return line

    def __iter__(self) -> Iterator[bytes]:
        add = self._meter.add
        for line in self._stream:
            add(len(line))
            yield line


def wanted(paths: list[str], output_format: str, err: TextIO) -> int:
    """The number of bytes to show progress for, or 0 where no bar is wanted."""
    if output_format not in ("text", "concise") or not _is_terminal(err):
        return 0
    total = 0
    for path in paths:
        try:
            total += os.path.getsize(path) if os.path.isfile(path) else 0
        except OSError:
            continue
    return total if total >= MIN_BYTES else 0


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def bar(total: int, err: TextIO) -> Iterator[Meter]:
    """A transient rich progress bar on `err` for `total` bytes."""
    if not total:
        yield NO_METER
        return
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("checking"), BarColumn(), DownloadColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(file=err), transient=True) as progress:
        task = progress.add_task("checking", total=total)
        meter = Meter(lambda size: progress.advance(task, size))
        yield meter
        meter.flush()
