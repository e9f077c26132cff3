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
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, BinaryIO, TextIO

from mtg_typeline.errors import TypelineError, UsageError
from mtg_typeline.reporters import Reporter, ReportSettings, RunResult

if TYPE_CHECKING:
    from mtg_typeline.atomicwrite import AtomicFile
    from mtg_typeline.discovery import Input

OPTION = "--output-file"


class ReportFileError(TypelineError):
    """The report file can't be written (exit status 2)."""


@contextlib.contextmanager
def report_file(path: str | None) -> Iterator[TextIO | None]:
    """The text stream of the report file at `path` (None without one), put in place when
    the block ends, dropped if it ends with an exception (a write that fails, a full disk,
    is a `ReportFileError`)."""
    if path is None:
        yield None
        return
    target = _open(path)
    stream = io.TextIOWrapper(target.stream, encoding="utf-8", errors="surrogateescape", newline="\n")
    try:
        yield stream
        stream.flush()
    except OSError as exc:
        target.discard()
        if isinstance(exc, BrokenPipeError) or exc.filename is not None:
            raise  # not the report file's (an input's, standard output's)
        raise ReportFileError(f"{OPTION} {path}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        target.discard()
        raise
    try:
        target.commit()
    except TypelineError as exc:
        raise ReportFileError(f"{OPTION} {exc}") from None
    except OSError as exc:
        raise ReportFileError(f"{OPTION} {path}: cannot write: {exc.strerror or exc}") from None


def refuse_an_input(path: str, report: str, inputs: Iterable[Input], on_disk: Callable[[str], str]) -> None:
    """Refuse a report file (`path`, named `report` as inputs are) that the run reads: a
    file named or found by a directory search (the report of an earlier run among them),
    or a file of a Magic Set Editor set the run reads: the report would replace it."""
    folder, _, base = report.rpartition("/")
    of_a_set = base == "set" or base.startswith("card ")
    target = os.path.realpath(path)
    for item in inputs:
        if item.stdin:
            continue
        same = item.name == report or (item.named and os.path.realpath(on_disk(item.name)) == target)
        in_set = of_a_set and item.name in (folder or ".", f"{folder}/set" if folder else "set")
        if same or in_set:
            why = f"is a file of the set {item.name}, which the run reads" if in_set and not same else ""
            why = why or "is an input of the run"
            raise UsageError(
                f"{OPTION} {path} {why}: the report would replace it; write the report elsewhere, "
                "or leave it out (--exclude)"
            )


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
