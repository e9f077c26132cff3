"""Plain text: one type line a line; blank lines and `#` comments are skipped.

The input is streamed, so memory stays flat however long the file is. Results are remembered
per distinct line (bounded), because card data repeats the same type lines over and over;
only a line not seen recently is checked.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, TextIO

from mtg_typeline import findings as codes
from mtg_typeline.checker import CACHE_SIZE, Checker
from mtg_typeline.findings import Finding, input_finding
from mtg_typeline.progress import NO_METER, Meter
from mtg_typeline.sources import BOM

_MAX_CACHED_CHARS = 512
# The cache is kept while, over the lines that filled it, at least as many lines were found
# in it as were stored (2 lines read per entry); otherwise storing pauses for _PAUSE lines.
_PAYING = 2
_PAUSE = 4 * CACHE_SIZE
# Bytes that are not UTF-8 are read as lone surrogates (the "surrogateescape" error handler),
# so such a line is still a line, and where its first bad byte is can be told.
NOT_UTF8 = re.compile("[\udc80-\udcff]")


class _Skip:
    """The result for a blank line or a comment."""


SKIP = _Skip()
UNDECODABLE = _Skip()  # skipped too, but not remembered: each such line is counted
NUL_SNIFF = 8192  # bytes looked at for NUL before the first line is checked
Report = Callable[[Finding], None]
Result = tuple[Finding, ...] | _Skip | None


def check_stream(
    stream: BinaryIO, path: str, checker: Checker, report: Report, meter: Meter = NO_METER
) -> int:
    """Check every line of `stream`, calling `report` with each finding placed at `path`;
    return the number of type lines checked (blank lines and comments not counted)."""
    if _reported_binary(stream, path, report):
        return 0
    lines = io.TextIOWrapper(stream, encoding="utf-8", errors="surrogateescape", newline="\n")
    try:
        reader = _Reader(path, checker, report)
        last = reader.read(lines, meter.counter(stream))
        reader.report_undecodable()
        return last - reader.skipped
    finally:
        lines.detach()  # the caller owns `stream`


class _Reader:
    """The state of reading one input: where findings go, counts, lines that are not UTF-8."""

    def __init__(self, path: str, checker: Checker, report: Report) -> None:
        self.path = path
        self.checker = checker
        self.report = report
        self.skipped = 0  # blank lines, comments, lines that are not UTF-8
        self.undecodable: list[tuple[int, int]] = []  # (line, column)

    def read(self, lines: TextIO, counter: Callable[[], None] | None) -> int:
        """Check every line; returns the number of the last line read."""
        first = lines.readline()
        if not first or self.emit(self.classify(first.removeprefix(BOM).rstrip("\r\n"), 1), 1) is None:
            return 1 if first else 0
        numbered: Iterator[tuple[int, str]] = enumerate(lines, 2)
        if counter is not None:
            numbered = _counted(numbered, counter)
        return self.read_rest(numbered)

    def read_rest(self, numbered: Iterator[tuple[int, str]]) -> int:
        """Lines 2 onward, with results remembered per distinct line (the hot loop: a line seen
        before costs one dict lookup); returns the number of the last line read.

        While lines don't repeat, remembering them would only cost: when the cache fills
        without paying for itself, the next _PAUSE lines are checked without it."""
        cache: dict[str, Result] = {}
        get = cache.get
        classify = self.classify
        emit = self.emit
        is_clean = self.checker.is_clean
        number = 1
        while True:
            started = number
            for number, line in numbered:
                result = get(line)
                if result is None:
                    text = line.rstrip("\r\n")
                    result = () if is_clean(text) else classify(text, number)
                    if result is None:
                        return number - 1  # binary: reported, not read further
                    if len(line) <= _MAX_CACHED_CHARS and result is not UNDECODABLE:
                        cache[line] = result
                        if len(cache) >= CACHE_SIZE:
                            if result:
                                emit(result, number)
                            break
                if result:
                    emit(result, number)
            else:
                return number
            paying = number - started >= _PAYING * CACHE_SIZE
            cache.clear()
            if not paying:
                number, binary = self.read_unremembered(numbered, number)
                if binary:
                    return number

    def read_unremembered(self, numbered: Iterator[tuple[int, str]], before: int) -> tuple[int, bool]:
        """The next _PAUSE lines, checked without the cache: the number of the last line read
        and whether it ended at a binary line (the number is then that of the line before)."""
        is_clean = self.checker.is_clean
        last = before
        for last, line in itertools.islice(numbered, _PAUSE):
            text = line.rstrip("\r\n")
            if not is_clean(text):
                result = self.classify(text, last)
                if result is None:
                    return last - 1, True
                self.emit(result, last)
        return last, False

    def emit(self, result: Result, number: int) -> bool | None:
        """Count one line and report its findings; None for a binary input."""
        if result is None:
            return None
        if isinstance(result, _Skip):
            self.skipped += 1
            return False
        for finding in result:
            self.report(finding.at(self.path, number))
        return True

    def classify(self, text: str, number: int) -> Result:
        """The findings of one line; SKIP for blank and comment lines; None for binary."""
        if self.checker.is_clean(text):
            return ()
        if bad := NOT_UTF8.search(text):
            self.undecodable.append((number, bad.start() + 1))
            return UNDECODABLE
        if "\x00" in text:
            message = "a binary file (it holds NUL bytes); not checked"
            self.report(_not_text(self.path, number, text.index("\x00") + 1, message))
            return None
        found = line_findings(self.checker.check_fully, text)
        return SKIP if found is None else found

    def report_undecodable(self) -> None:
        if not self.undecodable:
            return
        line, column = self.undecodable[0]
        more = len(self.undecodable) - 1
        tail = ""
        if more:
            tail = f" ({more} more line{'s that are' if more > 1 else ' that is'} not UTF-8 "
            tail += f"{'were' if more > 1 else 'was'} skipped)"
        message = f"this line is not UTF-8 text; it was skipped{tail}"
        self.report(_not_text(self.path, line, column, message))


def line_findings(check: Callable[[str], tuple[Finding, ...]], text: str) -> tuple[Finding, ...] | None:
    """The findings of one line of text input (`check` checks the type line before any
    `# comment`; a suppression in the comment is applied); None for a blank or comment line."""
    comment = _comment_start(text)
    body = text if comment < 0 else text[:comment].rstrip()
    if not body.strip():
        return None
    found = check(body)
    if comment >= 0:
        from mtg_typeline.suppression import apply, find_suppression

        if directive := find_suppression(text[comment:], comment):
            found = apply(directive, found, text)
    return found


def _counted(numbered: Iterator[tuple[int, str]], counter: Callable[[], None]) -> Iterator[tuple[int, str]]:
    """`numbered`, telling `counter` every few thousand lines (the progress bar)."""
    while chunk := tuple(itertools.islice(numbered, 4096)):
        yield from chunk
        counter()
    counter()


def _reported_binary(stream: BinaryIO, path: str, report: Report) -> bool:
    """Report a binary file (a NUL byte near its start) as one finding, before any line."""
    head = peek(stream, NUL_SNIFF)
    if b"\x00" not in head:
        return False
    nul = head.index(b"\x00")
    line_start = head.rfind(b"\n", 0, nul) + 1
    line = head.count(b"\n", 0, nul) + 1
    column = len(head[line_start:nul].decode("utf-8", "replace")) + 1
    report(_not_text(path, line, column, "a binary file (it holds NUL bytes); not checked"))
    return True


def read_ahead(stream: BinaryIO, size: int) -> BinaryIO:
    """`stream` (a pipe) with its first `size` bytes read ahead, however slowly they come, so
    that `peek` sees them all (as many as there are) to tell the input's format; reading goes
    on through them to the rest."""
    head: list[bytes] = []
    read = getattr(stream, "read1", stream.read)
    have = 0
    while have < size:
        chunk = read(size - have)
        if not chunk:
            break
        head.append(chunk)
        have += len(chunk)
    return io.BufferedReader(_Replayed(b"".join(head), stream), buffer_size=max(size, io.DEFAULT_BUFFER_SIZE))


class _Replayed(io.RawIOBase):
    """The bytes read ahead, then the rest of the stream they came from."""

    def __init__(self, head: bytes, rest: BinaryIO) -> None:
        super().__init__()
        self.head = memoryview(head)
        self.rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.head:
            count = min(len(buffer), len(self.head))
            buffer[:count] = self.head[:count]
            self.head = self.head[count:]
            return count
        data = getattr(self.rest, "read1", self.rest.read)(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def peek(stream: BinaryIO, size: int) -> bytes:
    """The first bytes of `stream` (up to `size`) without consuming them (b"" where it can't
    be done)."""
    look = getattr(stream, "peek", None)
    if look is not None:
        try:
            return bytes(look(size)[:size])
        except (OSError, ValueError):
            return b""
    if hasattr(stream, "getvalue"):
        return bytes(stream.getvalue()[:size])
    return b""


def _comment_start(text: str) -> int:
    """Where a `#` comment starts (a whole-line one, or one after white space), or -1."""
    if "#" not in text:
        return -1
    if text.lstrip().startswith("#"):
        return text.index("#")
    for index, char in enumerate(text):
        if char == "#" and index and text[index - 1] in " \t":
            return index
    return -1


def _not_text(path: str, line: int, column: int, message: str) -> Finding:
    return input_finding(codes.NOT_TEXT, path, message, line, column, column + 1)
