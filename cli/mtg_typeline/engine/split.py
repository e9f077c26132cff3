"""Checking one big file of type lines on every CPU: the file is cut into parts at line
starts, one a process, and each part is read and checked alone, as `check_items` checks the
whole file; the findings come back to the run's process, which places each part's lines
after those of the parts before it and reports them in file order. The findings, the
counts and the output are a serial run's.

Only a file of at least `MIN_BYTES`, named or found (not standard input), read as UTF-8, in
a format whose lines are read each alone (`sources.PART_FORMATS`: text, JSON Lines), is
split, and only where the run may use several processes (`--jobs`, every CPU by default) and
neither fixes nor compares with an Oracle file. The run's own process checks the first part;
forks of it check the others, with its rules and checker, and send their findings back
through a pipe (the objects a reader passed over, placed where `--verbose` lists them).
Whatever a part can't tell alone (its reader raises `Unsplittable`: a NUL byte or bytes
that are not UTF-8, which the readers tell once for the whole file or where they end it; a
JSON Lines file whose first part holds no card), a fork that can't be made, fails or dies,
and a line of more than a megabyte where a cut would fall, sends the whole file back to the
serial reading: the parts' findings are dropped, nothing was reported yet.
"""

from __future__ import annotations

import contextlib
import gc
import marshal
import os
import signal
import sys
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from mtg_typeline.engine.collector import uncollected
from mtg_typeline.findings import LINE_FIELD, Finding, Fix, Severity, Span
from mtg_typeline.records import NamedTuple
from mtg_typeline.sources import PartReader
from mtg_typeline.sources.base import Edit, Item, Passed, Unsplittable

if TYPE_CHECKING:
    from mtg_typeline.checker import Checker

Report = Callable[[Finding | Passed], None]
# `engine.check.check_items`, handed over by its module (which imports this one)
CheckItems = Callable[..., "int | None"]

MIN_BYTES = 4 << 20  # smaller files are read in one process: forking costs more than it saves
_LINE_SEARCH = 1 << 20  # how far past a cut a line end is looked for (a longer line: no split)
_WARM_BYTES = 1 << 16  # of the file's head, checked before the forks are made (`_warm`)
KILL_PART = "TYPELINE_TEST_KILL_PART"  # tests only: a fork checking a part of the file so named kills itself
_IN_FORK = [False]  # set in a fork (of this module or of `engine.pool`): it splits nothing

# what crossed from a fork (see `_Crossing`): the findings' bodies, the rows, the lines of the plain ones
Crossed = tuple[list[tuple[Any, ...]], list[Any], list[int]]
# a part's findings (lines from 1; as they crossed, from a fork), its type lines, its lines
Part = tuple[list[Finding | Passed] | Crossed, int, int]


def splittable(size: int, processes: int) -> bool:
    """Whether a text file of `size` bytes is checked in parts by `processes` processes."""
    return processes > 1 and size >= MIN_BYTES and hasattr(os, "fork") and not _IN_FORK[0]


def in_fork() -> None:
    """Tell this process it is a fork checking part of a run: it splits no file itself."""
    _IN_FORK[0] = True


class PartCheck(NamedTuple):
    """How the parts of a file are read and checked: the reader of a part of its format,
    what checks the items it gives (`engine.check.check_items`, handed over by its module,
    which imports this one), and whether the objects a reader passes over are listed
    (`--verbose`: a fork places them)."""

    read: PartReader
    check_items: CheckItems
    listed: bool = False


def check_parts(
    path: str, name: str, size: int, processes: int, checker: Checker, report: Report, part_check: PartCheck
) -> int | None:
    """Check the file at `path` (named `name` in findings, `size` bytes) in parts, one a
    process, and report its findings as a serial check does; the number of type lines in
    it. None where it can't be split (see the module's docstring): nothing was reported then."""
    try:
        cuts = _cuts(path, size, processes)
    except OSError:
        return None  # (it can't be opened again: the stream at hand is read)
    if cuts is None:
        return None
    forks: list[tuple[int, int]] = []  # (process id, read end of its pipe)
    _warm(path, name, cuts[1], checker, part_check)
    try:
        for index in range(1, len(cuts) - 1):
            forks.append(_fork(path, name, cuts[index], cuts[index + 1], checker, part_check))
        parts = [_part(path, name, cuts[0], cuts[1], checker, part_check)]  # the first, here
        while forks:
            parts.append(_answer(*forks[0]))
            del forks[0]
    except OSError:  # (no fork to be had, a pipe that failed: the file is read in one process)
        return None
    finally:
        for pid, pipe in forks:  # (an error or Ctrl-C here: no fork is left behind)
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
            _reap(pid, pipe)
    if any(part is None for part in parts):
        return None
    before = 0
    count = 0
    with uncollected():
        for part in parts:
            assert part is not None
            found, typed, lines = part
            for finding in _placed(found, before):
                report(finding)
            before += lines
            count += typed
    return count


def _placed(found: list[Finding | Passed] | Crossed, lines: int) -> Iterable[Finding | Passed]:
    """A part's findings placed `lines` further down the file: as they crossed from a fork
    (`_Crossing`), or found here (the first part: where they are)."""
    if isinstance(found, tuple):
        return _arrivals(found, lines)
    return (_moved(finding, lines) for finding in found) if lines else found


def _moved(finding: Finding | Passed, lines: int) -> Finding | Passed:
    """A part's finding, or object passed over, placed `lines` further down the file."""
    if isinstance(finding, Passed):
        line, column = finding.where()  # (placed in its fork: (0, 0) where it isn't listed)
        return finding._replace(place=(line + lines, column)) if line else finding
    fix = finding.fix
    if fix is not None and fix.edit is not None:  # (the edit of card data that makes the fix)
        finding = finding._replace(fix=fix._replace(edit=_moved_edits(fix.edit, lines)))
    if not finding.end_line:
        return finding.at(finding.path, finding.line + lines)
    return finding._replace(line=finding.line + lines, end_line=finding.end_line + lines)


def _moved_edits(edits: Edit | tuple[Edit, ...], lines: int) -> Edit | tuple[Edit, ...]:
    if isinstance(edits, Edit):
        return edits._replace(line=edits.line + lines, end_line=edits.end_line + lines)
    return tuple(edit._replace(line=edit.line + lines, end_line=edit.end_line + lines) for edit in edits)


def _cuts(path: str, size: int, processes: int) -> list[int] | None:
    """Where the parts start, and the file's end: each cut just after a line end."""
    cuts = [0]
    with open(path, "rb") as stream:
        for index in range(1, processes):
            at = max(size * index // processes, cuts[-1])
            stream.seek(at)
            ahead = stream.read(_LINE_SEARCH)
            end = ahead.find(b"\n")
            if end < 0:
                return None  # (a line of a megabyte: no split)
            cut = at + end + 1
            if cut < size and cut > cuts[-1]:
                cuts.append(cut)
    cuts.append(size)
    return cuts if len(cuts) > 2 else None


def _warm(path: str, name: str, end: int, checker: Checker, part_check: PartCheck) -> None:
    """Check the file's first lines (at most `_WARM_BYTES`, before `end`) here, before any
    fork is made, and drop what they find: what a check loads or builds the first time it
    meets a finding (the checks' modules, the spelling index, the history of the lists, a
    misspelling's finding) is then made once, in the run's process, and every fork starts
    with it. A file of plainly right lines pays for a few thousand lookups."""
    try:
        with open(path, "rb") as stream:
            head = stream.read(min(end, _WARM_BYTES))
    except OSError:
        return  # (the parts will say so)
    cut = head.rfind(b"\n") + 1
    if cut:
        _part(path, name, 0, cut, checker, part_check)


def _part(
    path: str,
    name: str,
    start: int,
    end: int,
    checker: Checker,
    part_check: PartCheck,
    crossing: _Crossing | None = None,
) -> Part | None:
    """Check the part of the file from `start` to `end`: its findings (as they cross from a
    fork, where `crossing` keeps them), type lines and lines; None where it can't be read alone."""
    found: list[Finding | Passed] = []
    lines = [0]

    def counted(items: Generator[Item, None, int]) -> Iterator[Item]:
        lines[0] = yield from items

    report = found.append if crossing is None else crossing
    try:
        with open(path, "rb") as stream:
            stream.seek(start)
            items = part_check.read(stream, name, end - start, first=start == 0)
            typed = part_check.check_items(counted(items), name, checker, report, searched=False)
    except (Unsplittable, OSError):
        return None
    if crossing is not None and crossing.rows:
        return crossing.crossed(), typed or 0, lines[0]
    return found, typed or 0, lines[0]


def _fork(
    path: str, name: str, start: int, end: int, checker: Checker, part_check: PartCheck
) -> tuple[int, int]:
    """A fork that checks a part and writes what it found to a pipe, then ends."""
    reading, writing = os.pipe()
    try:
        pid = fork()
    except OSError:
        os.close(reading)
        os.close(writing)
        raise
    if pid == 0:  # the fork
        status = 1
        try:
            os.close(reading)
            in_fork()
            if os.environ.get(KILL_PART) == name and start:
                os.kill(os.getpid(), signal.SIGKILL)
            part = _part(path, name, start, end, checker, part_check, _Crossing(name, part_check.listed))
            data = _encoded(part)
            with open(writing, "wb") as out:
                out.write(data)
            status = 0
        finally:
            os._exit(status)
    os.close(writing)
    return pid, reading


def fork() -> int:
    """`os.fork` for a process of the run (a part's fork, a pool's worker): the process id
    of the child in the run, 0 in the child. What the standard streams hold is written out
    first (else the child would write it again); Ctrl-C is held back until the child ignores
    it (it is the run's to handle); and the child's collector leaves the objects it was born
    with alone (`gc.freeze`), so that their pages stay shared. OSError where no fork can be
    made."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    gc.freeze()
    try:
        pid = os.fork()
    except OSError:
        gc.unfreeze()
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        raise
    if pid == 0:
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        except BaseException:
            os._exit(1)  # (the child never returns to the run's code but as a child)
    else:
        gc.unfreeze()
    signal.pthread_sigmask(signal.SIG_SETMASK, held)
    return pid


def _answer(pid: int, pipe: int) -> Part | None:
    """What a fork found, once it has ended; None if it failed or died."""
    with open(pipe, "rb", closefd=False) as stream:
        data = stream.read()  # (to the end of the pipe: the fork has written all it found)
    if not _reap(pid, pipe):
        return None
    try:
        return _decoded(data)
    except Exception:  # (a fork that wrote part of its answer: the file is read serially)
        return None


def _encoded(part: Part | None) -> bytes:
    """What a fork found, as it crosses to the run's process: by `marshal` where it is made
    of plain values only (no findings, or findings that crossed as plain bodies: no module
    to load, on either side, and several times quicker), else by `pickle` (loaded only where
    a file is split: a run's start doesn't load it)."""
    with contextlib.suppress(ValueError):  # (a record in it: marshal takes none)
        return b"m" + marshal.dumps(part)
    import pickle

    return b"p" + pickle.dumps(part, pickle.HIGHEST_PROTOCOL)


def _decoded(data: bytes) -> Part | None:
    """What a fork found, from the bytes it sent (`_encoded`), read in place (no copy)."""
    body = memoryview(data)[1:]
    if data[:1] == b"m":
        part: Part | None = marshal.loads(body)
        return part
    import pickle

    part = pickle.loads(body)  # (from the fork this run made: `_encoded`)
    return part


class _Crossing:
    """What a fork's part reports, kept as it crosses to the run's process (`_arrivals` makes
    findings of it again, in a fraction of the time unpickling records takes). A finding on
    one line of the file, with no edit of card data (nearly all), crosses as the number of
    its body (its fields but its line, each record among them written as plain values: the
    same at every place of a line the part repeats, so each body crosses once) and its line;
    any other as a plain tuple of its fields; an object passed over, placed where it is
    listed (a place worked out on demand can't cross).

    A line of a batch reports the findings the checker keeps for it placed by `at`
    (`engine.check`): each is placed here without being made whole, and its body is found
    by the finding itself (a line the part repeats has the same findings, the same objects)
    once that finding was placed whole in the part's file (`path`)."""

    __slots__ = ("bodies", "kept", "lines", "listed", "numbers", "path", "plain", "rows")

    def __init__(self, path: str, listed: bool) -> None:
        self.path = path  # (the part's file, as its findings name it)
        self.listed = listed
        self.bodies: dict[tuple[tuple[Any, ...], tuple[Any, ...]], int] = {}
        self.numbers: dict[int, int] = {}  # the id of a checker's finding: its body's number
        self.kept: list[Finding] = []  # (those findings, kept while their ids are in use)
        self.plain: list[tuple[Any, ...]] = []
        self.rows: list[Any] = []
        self.lines: list[int] = []

    def __call__(self, thing: Finding | Passed) -> None:
        """Report `thing` (the report of `engine.check.check_items`)."""
        if type(thing) is Finding and not thing.end_line and (thing.fix is None or thing.fix.edit is None):
            body = (thing[:LINE_FIELD], thing[LINE_FIELD + 1 :])
            number = self.bodies.get(body)
            if number is None:
                number = self.bodies[body] = len(self.bodies)
                self.plain.append(_plain_body(thing))
            self.rows.append(number)
            self.lines.append(thing.line)
        elif isinstance(thing, Passed):
            self.rows.append(thing.portable(self.listed))
        else:
            self.rows.append(tuple(thing))

    def at(self, finding: Finding, path: str, line: int) -> None:
        """Report `finding.at(path, line)`: a checker's finding of a type line placed in the file."""
        number = self.numbers.get(id(finding)) if path is self.path else None
        if number is None:
            self(finding.at(path, line))
            number = self.rows[-1]
            if path is self.path and type(number) is int:
                self.numbers[id(finding)] = number
                self.kept.append(finding)
            return
        self.rows.append(number)
        self.lines.append(line)

    def crossed(self) -> Crossed:
        return self.plain, self.rows, self.lines


_SEVERITIES = {severity.value: severity for severity in Severity}
_record = tuple.__new__


def _plain_body(finding: Finding) -> tuple[Any, ...]:
    """The fields of a finding but its line, its severity, fix and span as plain values
    (`_body` makes them records again)."""
    (code, name, severity, message, rules, type_line, column, end_column, suggestion, fix, path,
     _, card, span, end_line) = finding  # fmt: skip
    fixed = None if fix is None else (fix.span.start, fix.span.end, fix.replacement, fix.applicability)
    spanned = None if span is None else (span.start, span.end)
    return (code, name, severity.value, message, rules, type_line, column, end_column, suggestion, fixed,
            path, card, spanned, end_line)  # fmt: skip


def _body(plain: tuple[Any, ...]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """A finding's fields before its line and after it, from `_plain_body`."""
    (code, name, severity, message, rules, type_line, column, end_column, suggestion, fixed, path,
     card, spanned, end_line) = plain  # fmt: skip
    # (records made whole: their constructors take several times as long)
    fix = None if fixed is None else _record(Fix, (_record(Span, fixed[:2]), fixed[2], fixed[3], None))
    span = None if spanned is None else _record(Span, spanned)
    head = (code, name, _SEVERITIES[severity], message, rules, type_line, column, end_column, suggestion,
            fix, path)  # fmt: skip
    return head, (card, span, end_line)


def _arrivals(crossed: Crossed, lines: int) -> Iterator[Finding | Passed]:
    """What crossed from a fork (`_Crossing`), made findings again and placed `lines`
    further down the file."""
    plain, rows, placed = crossed
    bodies: list[tuple[tuple[Any, ...], tuple[Any, ...]] | None] = [None] * len(plain)
    at = iter(placed)
    for row in rows:
        if type(row) is int:
            body = bodies[row]
            if body is None:
                body = bodies[row] = _body(plain[row])
            head, tail = body
            yield tuple.__new__(Finding, (*head, next(at) + lines, *tail))
        elif type(row) is tuple:
            yield _moved(tuple.__new__(Finding, row), lines)
        else:
            yield _moved(row, lines)


def _reap(pid: int, pipe: int) -> bool:
    """Wait for a fork to end and close its pipe; whether it ended well."""
    with contextlib.suppress(OSError):
        os.close(pipe)
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        return False
    return os.waitstatus_to_exitcode(status) == 0
