"""Where a run's report goes: standard output, or the file of `--output-file`.

The file is written whole or not at all: the report goes to a temporary file beside it,
made when the run starts (so a file that can't be written stops the run before any input
is read), which replaces the file when the run ends; an error or an interrupt leaves the
file as it was (`atomicwrite.AtomicFile`). A device or a pipe named as the file
(`/dev/null`, `/dev/stdout`) is written to as it is.

With a file, the human formats' closing sentences ("Found 1 error in 3 type lines in 1
file.") still go to the terminal, and the file holds the findings alone, uncoloured; the
machine formats, `--statistics` and `--diff` put everything in the file.
"""

from __future__ import annotations

import contextlib
import io
import os
import stat
from collections.abc import Iterator
from typing import TYPE_CHECKING, BinaryIO, TextIO

from mtg_typeline.errors import TypelineError, UsageError
from mtg_typeline.reporters import Reporter, ReportSettings, RunResult

if TYPE_CHECKING:
    from mtg_typeline.atomicwrite import AtomicFile

OPTION = "--output-file"


class ReportFileError(TypelineError):
    """The report file can't be written (exit status 2)."""


@contextlib.contextmanager
def report_file(path: str | None, inputs: tuple[str, ...]) -> Iterator[TextIO | None]:
    """The text stream of the report file at `path` (None without one), put in place when
    the block ends, dropped if it ends with an exception."""
    if path is None:
        yield None
        return
    _refuse_an_input(path, inputs)
    target = _open(path)
    stream = io.TextIOWrapper(target.stream, encoding="utf-8", errors="surrogateescape", newline="\n")
    try:
        yield stream
        stream.flush()
    except BaseException:
        target.discard()
        raise
    try:
        target.commit()
    except TypelineError as exc:
        raise ReportFileError(f"{OPTION} {exc}") from None


def deliver(
    reporters: tuple[Reporter, Reporter | None],
    result: RunResult,
    settings: ReportSettings,
    out: TextIO,
    file: TextIO | None,
) -> None:
    """Print the report with a format's reporter: to `out`, or with a report file to the
    file, uncoloured and without the closing sentences, which the format's closing reporter
    (None: it has none) prints to `out`."""
    report, closing = reporters
    if file is None:
        _to_terminal(report, result, settings, out)
        return
    report(result, file, settings._replace(quiet=True, color=False))
    if closing is not None and not settings.quiet:
        _to_terminal(closing, result, settings, out)


def _to_terminal(report: Reporter, result: RunResult, settings: ReportSettings, out: TextIO) -> None:
    try:
        report(result, out, settings)
        out.flush()
    except BrokenPipeError:
        drop_output(out)  # the reader went away (`| head`): the status still stands


def drop_output(out: TextIO) -> None:
    """Point `out` at the null device so the buffered rest can't fail again at exit."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())


def _refuse_an_input(path: str, inputs: tuple[str, ...]) -> None:
    """A report written over a file the run reads would lose the file."""
    target = os.path.realpath(path)
    for named in inputs:
        if named != "-" and os.path.realpath(named) == target:
            raise UsageError(f"{OPTION} {path} is an input of the run: the report would replace it")


class _Device:
    """A device or pipe (`/dev/null`): written to as it is, nothing to put in place."""

    def __init__(self, path: str) -> None:
        try:
            self.stream: BinaryIO = open(path, "wb")  # noqa: SIM115 (closed by commit or discard)
        except OSError as exc:
            raise ReportFileError(f"{OPTION} {path}: cannot write: {exc.strerror or exc}") from None

    def commit(self) -> None:
        self.stream.close()

    def discard(self) -> None:
        with contextlib.suppress(OSError):
            self.stream.close()


def _open(path: str) -> AtomicFile | _Device:
    """The report file, made now: a clear error, before any work, when it can't be."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        why = "is not a folder" if os.path.exists(folder) else "does not exist"
        raise ReportFileError(f"{OPTION} {path}: cannot write: {os.path.dirname(path) or folder} {why}")
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = stat.S_IFREG  # a new file
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        return _Device(path)
    from mtg_typeline.atomicwrite import AtomicFile, OutputError  # only when writing a file

    try:
        return AtomicFile(path)
    except OutputError as exc:
        raise ReportFileError(f"{OPTION} {exc}") from None
