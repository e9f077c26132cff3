"""Checking one input, the same way for every format: open it, tell its format, pass it
over if a directory search came upon a file of no card data, read it with its format's
reader, and send what the reader gives through one loop: the checker, then the findings
placed in the file, then the filters. And what the checks of a run's inputs came to
(`Tally`).

What a reader gives (`sources.base`): entries (a type line with its place), batches of type
lines (checked together against the checker's cache; an entry is asked for only for the
lines with findings, a text file's line is placed by its number), its own findings, and the
objects it passed over (`Passed`: a card with no type line, an object that is no card),
which the run counts. A reader's `SourceError` is one finding at its place, the lines before
it staying checked.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
from collections.abc import Callable, Iterator
from enum import Enum
from functools import lru_cache
from itertools import compress
from typing import TYPE_CHECKING, BinaryIO

from mtg_typeline import sources
from mtg_typeline.checker import Checker
from mtg_typeline.discovery import Input, Names
from mtg_typeline.filters import Directives
from mtg_typeline.findings import MALFORMED, UNREADABLE, Finding, input_finding
from mtg_typeline.progress import Meter
from mtg_typeline.records import NamedTuple
from mtg_typeline.sources import SNIFF_BYTES, SourceSettings
from mtg_typeline.sources.base import (
    NOT_A_CARD,
    NOT_IN_ORACLE,
    Batch,
    Entry,
    Item,
    NotCardData,
    Passed,
    SourceError,
    resolve,
)
from mtg_typeline.sources.encodings import ENCODED_FORMATS, head_in_utf8, utf8_stream
from mtg_typeline.sources.inputs import (
    Reading,
    counted_whole,
    head_of,
    look_at,
    open_input,
    read_ahead,
    tell_format,
)

if TYPE_CHECKING:
    from mtg_typeline.oracle import Oracle
    from mtg_typeline.ruleset import RuleSet

# Where what an input gave is sent: its findings, and the objects a reader passed over
Report = Callable[[Finding | Passed], None]
EntryCheck = Callable[[Entry, str, Checker, Report, Directives], None]  # an entry checked and reported


class _Unread(Enum):
    """What the check of an input returns when it could not read it (reported: TL901); None is
    an input passed over (no card data), a number the type lines of an input read."""

    UNREADABLE = "unreadable"


UNREADABLE_INPUT = _Unread.UNREADABLE
Checked = int | None | _Unread


class Inputs(NamedTuple):
    """How a run reads and checks its inputs: where they are (`names`), how they are read
    (`reading`, and what the readers are told: `sources`), the rules (to judge a text input
    told by its content), the checker, and the Oracle file cards are compared with (`--oracle`;
    None: they aren't)."""

    names: Names
    reading: Reading
    sources: SourceSettings
    rules: RuleSet
    checker: Checker
    oracle: Oracle | None = None
    processes: int = 1  # that may check one big file in parts (`engine.split`)
    listed: bool = False  # whether the objects a reader passes over are listed (`--verbose`)


class Tally:
    """What became of a run's inputs: the names of those read, the type lines checked in
    them, how many were passed over and how many could not be read; and the objects of card
    data the readers passed over (`Passed`): how many cards had no type line, how many
    objects were no cards, how many cards `--oracle` could not compare, and, when they are to
    be listed (`listed`), each of them placed."""

    def __init__(self, *, listed: bool = False) -> None:
        self.files: list[str] = []
        self.lines = 0
        self.passed_over = 0
        self.unreadable = 0
        self.no_type_line = 0
        self.not_cards = 0
        self.not_in_oracle = 0
        self.listed: list[Passed] | None = [] if listed else None

    def count(self, passed: Passed) -> None:
        """Count an object a reader passed over; keep it, placed, when they are listed."""
        if passed.kind == NOT_A_CARD:
            self.not_cards += 1
        elif passed.kind == NOT_IN_ORACLE:
            self.not_in_oracle += 1
        else:
            self.no_type_line += 1
        if self.listed is not None:
            self.listed.append(passed._replace(place=passed.where()))

    def add(self, name: str, checked: Checked) -> None:
        if checked is None:
            self.passed_over += 1
        elif checked is UNREADABLE_INPUT:
            self.unreadable += 1
        else:
            self.files.append(name)
            self.lines += checked


def check_input(item: Input, stdin: BinaryIO, run: Inputs, report: Report, meter: Meter) -> Checked:
    """Check one input: the number of type lines checked in it; None if it was passed over
    (no card data), `UNREADABLE_INPUT` if it could not be read (reported): an input too
    large to hold where a reader needs it whole (standard input that never ends, a file
    named for `/dev/zero`) is one too, and the run goes on with the others."""
    try:
        return _checked_input(item, stdin, run, report, meter)
    except MemoryError:
        report(unreadable(item.name, TOO_LARGE))
        return UNREADABLE_INPUT


TOO_LARGE = "out of memory: it is too large to read whole in the memory there is"


def _checked_input(item: Input, stdin: BinaryIO, run: Inputs, report: Report, meter: Meter) -> Checked:
    path = item.name
    if item.stdin:
        try:
            stream = read_ahead(stdin, SNIFF_BYTES) if run.reading.given is None else stdin
            return check_stream(stream, item, run, report, meter)
        except OSError as exc:  # (standard input copied to be counted: the disk full)
            report(unreadable(path, f"cannot read standard input: {exc.strerror or exc}"))
            return UNREADABLE_INPUT
    if item.unsearched:
        report(unreadable(path, f"{item.unsearched} (a directory: the files in it are not checked)"))
        return UNREADABLE_INPUT
    on_disk = run.names.on_disk(path)
    try:
        try:
            stream = open_input(on_disk)
        except OSError:
            if not os.path.isdir(on_disk):
                raise
            # a Magic Set Editor set kept unzipped (told when opening fails: no stat for each file)
            items = folder_items(path, run.sources)
            return check_items(items, path, run.checker, report, searched=item.searched, oracle=run.oracle)
        with stream:
            return check_stream(stream, item, run, report, meter)
    except OSError as exc:
        report(unreadable(path, why_unreadable(on_disk, exc)))
        return UNREADABLE_INPUT


def check_stream(
    stream: BinaryIO, item: Input, run: Inputs, report: Report, meter: Meter, fmt: str | None = None
) -> int | None:
    """Check the contents of the input `item` (read from `stream`; `fmt`: its format, when
    it is told already, unless `--input-format` gives it); None if passed over."""
    codec = run.reading.encoding
    if run.reading.given is not None:
        fmt = run.reading.given
    else:  # told by its name and content: a text input is judged
        head = head_of(stream, stdin=item.stdin)
        head = head if codec is None else head_in_utf8(head, codec)
        fmt = fmt or tell_format(item.name, head, run.reading)
        if fmt == "text":
            judged = _judged(stream, head, item, run)
            if judged is None:
                return None
            copy, finding = judged
            with contextlib.ExitStack() as copied:
                if copy is not stream:  # standard input copied to be counted: closed after
                    copied.enter_context(copy)
                if finding is not None:  # one finding stands for the findings of its lines
                    report(finding)
                    return 0
                return _read_with(copy, fmt, item, run, report, meter)
    return _read_with(stream, fmt, item, run, report, meter)


def _read_with(
    stream: BinaryIO, fmt: str, item: Input, run: Inputs, report: Report, meter: Meter
) -> int | None:
    """Check the input `item` read from `stream` by the reader of `fmt`."""
    codec = run.reading.encoding
    parted = fmt in sources.PART_FORMATS and codec is None and run.oracle is None and not item.stdin
    if parted and run.processes > 1:
        checked = _in_parts(stream, fmt, item, run, report, meter)
        if checked is not None:
            return checked
    if codec is not None and fmt in ENCODED_FORMATS:  # read as UTF-8, as the readers read
        stream = utf8_stream(stream, codec, item.name)
    items = _reader(fmt, run.sources)(stream, item.name, meter.add)
    return check_items(items, item.name, run.checker, report, searched=item.searched, oracle=run.oracle)


def _in_parts(
    stream: BinaryIO, fmt: str, item: Input, run: Inputs, report: Report, meter: Meter
) -> int | None:
    """A big file of `fmt` checked in parts by several processes (`engine.split`); None where
    it is not (the stream is then read as it stands)."""
    try:  # (a small file is read whole already: its bytes are in memory)
        if isinstance(stream, io.BytesIO):
            size = len(stream.getbuffer())
        else:
            size = os.fstat(stream.fileno()).st_size
    except (OSError, ValueError, io.UnsupportedOperation):
        return None  # (not a file: read in one process)
    from mtg_typeline.engine import split

    if not split.splittable(size, run.processes):
        return None
    path = run.names.on_disk(item.name)
    part_check = split.PartCheck(sources.part_reader_for(fmt, run.sources), check_items, run.listed)
    checked = split.check_parts(path, item.name, size, run.processes, run.checker, report, part_check)
    if checked is not None:
        meter.add(size)
    return checked


@lru_cache(maxsize=64)
def _reader(fmt: str, settings: SourceSettings) -> sources.ReaderFunc:
    """The reader of `fmt` told `settings`, made once for all the inputs of a run that share
    them: a tree of card scripts makes one, and the Forge reader keeps what it learnt of
    each word (a type or not) from one script to the next."""
    return sources.reader_for(fmt, settings)


def _judged(
    stream: BinaryIO, head: bytes, item: Input, run: Inputs
) -> tuple[BinaryIO, Finding | None] | None:
    """A text input told by its content, judged on whether it holds type lines (see
    `sources.inputs.Look`): None when a directory search (or `--skip-non-card-files`) passes
    it over; else the stream to read it from, and the one finding that stands for its
    findings when it was named and its lines, counted whole, mostly hold no card type."""
    look = look_at(head, run.rules)
    if item.searched and look.passed_over(item.name):
        return None
    if not look.doubted:
        return stream, None
    stream, whole = counted_whole(stream, run.rules, run.reading.encoding)
    if whole is None or whole.holds:
        return stream, None
    untyped = whole.seen - whole.typed
    message = (
        f"this doesn't look like type lines: {untyped} of {whole.seen} lines hold no card type; "
        "to check it line by line anyway, give --input-format text"
    )
    return stream, input_finding(MALFORMED, item.name, message, 1, 1, 2)


def folder_items(path: str, settings: SourceSettings) -> Iterator[Entry | Passed]:
    """The entries of a set folder (named `path`), read by the Magic Set Editor reader."""
    from mtg_typeline.sources.mse import read_folder  # the readers' registry: loaded when met

    return read_folder(path, settings)


def check_items(
    items: Iterator[Item],
    path: str,
    checker: Checker,
    report: Report,
    *,
    searched: bool,
    oracle: Oracle | None = None,
) -> int | None:
    """Check what a reader gives; the number of type lines checked. A file a directory
    search came upon (`searched`) that holds no card data is passed over (None). Inline
    suppressions in the comments the reader hands over apply (see `filters.Directives`).
    With an Oracle file, each card is compared with it too."""
    count = 0
    directives = Directives()
    check_entry: EntryCheck = _check_entry
    if oracle is not None:
        items = oracle.expand(items, path)
        check_entry = _card_check(oracle, checker.rules.cite("obsolete-subtypes"))
    try:
        for item in items:
            if type(item) is Batch:  # (exact types: cheaper than isinstance on the hot path)
                count += _check_batch(item, path, checker, report, directives)
            elif type(item) is Entry:
                count += 1
                check_entry(item, path, checker, report, directives)
            elif isinstance(item, Finding):  # the reader's own finding
                report(item)
            elif type(item) is Passed:
                report(item if item.path else item._replace(path=path))
    except NotCardData as exc:
        if searched and not count:
            return None
        report(input_finding(MALFORMED, exc.path or path, exc.message, exc.line, exc.column, exc.column + 1))
    except SourceError as exc:
        report(input_finding(MALFORMED, exc.path or path, exc.message, exc.line, exc.column, exc.column + 1))
    except RecursionError:
        report(input_finding(MALFORMED, path, f"{path} is nested too deeply to read", 1, 1, 2))
    if directives.lines:  # (the input had comments: a directive among them may have silenced nothing)
        for unused in directives.unused():
            report(unused)
    return count


def _check_entry(entry: Entry, path: str, checker: Checker, report: Report, directives: Directives) -> None:
    found = checker.check(entry.text)
    if found or entry.notes or entry.comment is not None:
        report_entry(entry, found, path, report, directives)


def _card_check(oracle: Oracle, cited: tuple[str, ...]) -> EntryCheck:
    """`_check_entry` that also compares a named card with the Oracle file (TL910, citing
    `cited`); a card it can't compare is passed over."""

    def check(entry: Entry, path: str, checker: Checker, report: Report, directives: Directives) -> None:
        if entry.card is None:
            _check_entry(entry, path, checker, report, directives)
            return
        compared = oracle.compare(entry.card, entry.text, cited)
        if compared.passed:
            report(Passed(entry.card, _place_of(entry), NOT_IN_ORACLE, compared.why, entry.path or path))
        found = checker.check(entry.text) + compared.found
        if found or entry.notes or entry.comment is not None:
            report_entry(entry, found, path, report, directives)

    return check


def _place_of(entry: Entry) -> Callable[[], tuple[int, int]]:
    """Where an entry's type line starts, worked out when asked."""

    def place() -> tuple[int, int]:
        region = resolve(entry.locate).region(0, 1)
        return region.line, region.column

    return place


def _check_batch(batch: Batch, path: str, checker: Checker, report: Report, directives: Directives) -> int:
    """Check a batch of type lines at once; the number of type lines in it. Only the lines
    with findings (or a comment) cost more than a lookup."""
    texts = batch.texts
    results = checker.check_all(texts)
    comments = batch.comments
    if comments or any(results):
        lines = compress(range(len(results)), results)
        entry = batch.entry
        if entry is not None:
            for index in lines:
                report_entry(entry(index), results[index], path, report, directives)
            return len(texts) - batch.empty
        first = batch.first
        at = getattr(report, "at", None)  # (a fork's part places a finding as it crosses: `split`)
        for index in lines:
            if index in comments:
                continue
            if at is None:
                for finding in results[index]:
                    report(finding.at(path, first + index))
            else:
                for finding in results[index]:
                    at(finding, path, first + index)
        for index, comment in comments.items():
            placed = [finding.at(path, first + index) for finding in results[index]]
            for finding in directives.filter(comment, placed, path, None):
                report(finding)
    return len(texts) - batch.empty


def report_entry(
    entry: Entry, found: tuple[Finding, ...], path: str, report: Report, directives: Directives
) -> None:
    """Report the findings of an entry and its notes, placed in the file, less those the
    directive in the comment of its line silences."""
    where = entry.path or path
    placed = _placed(entry, found, where) if found or entry.notes else []
    if entry.comment is not None:
        placed = directives.filter(entry.comment, placed, where, entry.card)
    for finding in placed:
        report(finding)


def _placed(entry: Entry, found: tuple[Finding, ...], where: str) -> list[Finding]:
    locator = resolve(entry.locate)
    found = writable_fixes(entry, found)
    placed = [
        finding.placed(where, *locator.region(finding.column - 1, finding.end_column - 1), entry.card)
        for finding in found
    ]
    for note in entry.notes:
        end = note.end or len(entry.text)
        finding = Finding(
            note.code[0], note.code[1], note.severity, note.message, (), entry.text,
            note.start + 1, end + 1, note.suggestion,
        )  # fmt: skip
        placed.append(finding.placed(where, *locator.region(note.start, end), entry.card))
    return placed


def why_unreadable(path: str, exc: OSError) -> str:
    """Why the file at `path` could not be opened, in the system's words; a symbolic link
    that leads nowhere says where, since the file listed is there but its target isn't."""
    why = exc.strerror or str(exc)
    if exc.errno == errno.ENOENT and os.path.islink(path):
        try:
            return f"{why} (a symbolic link to {os.readlink(path)})"
        except OSError:
            return why
    return why


def writable_fixes(entry: Entry, found: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """`found`, the findings of an entry of card data, each fix kept only where `--fix` can
    write its line into the file: the reader's `rewrite` of it makes an edit that changes
    the file (not None, nor the edit of the line as it is); the edit is kept with the fix
    (`Fix.edit`: the Python API hands it out). Otherwise a finding would be marked fixable
    (`[*]`, a JSON `fix`) that `--fix` leaves as it is: a change a format can't show (Forge
    writes no dash), a value the reader can't write safely."""
    if all(finding.fix is None for finding in found):
        return found
    rewrite, text = entry.rewrite, entry.text
    same = rewrite(text) if rewrite is not None else None

    def written(finding: Finding) -> Finding:
        fix = finding.fix
        if fix is None:
            return finding
        edit = rewrite(text[: fix.span.start] + fix.replacement + text[fix.span.end :]) if rewrite else None
        if edit is None or edit == same:
            return finding._replace(fix=None)
        return finding._replace(fix=fix._replace(edit=edit))

    return tuple(map(written, found))


def unreadable(path: str, why: str) -> Finding:
    """TL901 for an input that could not be opened or read."""
    return input_finding(UNREADABLE, path, f"cannot read {path}: {why}", 1, 1, 1)
