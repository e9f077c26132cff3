"""A progress bar on standard error for long inputs read by a person at a terminal.

Shown only for the text formats, when standard error is a terminal and the files to read
are large; never for machine formats or when standard error is a pipe or a file.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TextIO

MIN_BYTES = 4 * 1024 * 1024  # below this a run is over before a bar would help


class Meter:
    """Moves the bar as input is read; `NO_METER` does nothing."""

    def __init__(self, advance: Callable[[int], object] | None = None) -> None:
        self._advance = advance

    def add(self, size: int) -> None:
        """`size` more bytes were read (for readers that don't stream lines)."""
        if self._advance is not None and size > 0:
            self._advance(size)


NO_METER = Meter()


def wanted(paths: Iterable[str], output_format: str, err: TextIO) -> int:
    """The number of bytes to show progress for, or 0 where no bar is wanted (`paths` are
    gone through only then)."""
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
        yield Meter(lambda size: progress.advance(task, size))
