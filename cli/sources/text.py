"""Plain text: one type line a line; blank lines and `#` comments are skipped.

The input is read as bytes and streamed, so memory stays flat however long the file is.
Results are remembered per distinct raw line (bounded), because card data repeats the same
type lines over and over; only a line not seen recently is decoded and checked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import BinaryIO

from mtg_typeline import codes
from mtg_typeline.checker import CACHE_SIZE, Checker
from mtg_typeline.findings import Finding, input_finding

BOM = b"\xef\xbb\xbf"
_MAX_CACHED_BYTES = 512
# The cache is kept while, over the lines that filled it, at least as many lines were found
# in it as were stored (2 lines read per entry); otherwise storing pauses for _PAUSE lines.
_PAYING = 2
_PAUSE = 4 * CACHE_SIZE


class _Skip:
    """The result for a blank line or a comment."""


SKIP = _Skip()
UNDECODABLE = _Skip()  # skipped too, but not remembered: each such line is counted
_SNIFF = 8192  # bytes looked at for NUL before the first line is checked
Report = Callable[[Finding], None]


def check_stream(stream: BinaryIO, path: str, checker: Checker, report: Report) -> int:
    """Check every line of `stream`, calling `report` with each finding placed at `path`;
    return the number of type lines checked (blank lines and comments not counted)."""
    reader = _Reader(path, checker, report)
    if _reported_binary(stream, path, report):
        return 0
    first = stream.readline()
    if first.startswith(BOM):
        first = first[len(BOM) :]
    last = 0  # the number of the last line that was read as text
    if first and reader.emit(reader.classify(first, 1), 1) is not None:
        last = reader.read_rest(stream)
    reader.report_undecodable()
    return last - reader.skipped


class _Reader:
    """The state of reading one input: where findings go, counts, lines that are not UTF-8."""

    def __init__(self, path: str, checker: Checker, report: Report) -> None:
        self.path = path
        self.checker = checker
        self.report = report
        self.skipped = 0  # blank lines, comments, lines that are not UTF-8
        self.undecodable: list[tuple[int, int]] = []  # (line, column)

    def read_rest(self, stream: BinaryIO) -> int:
        """Lines 2 onward, with results remembered per distinct raw line (the hot loop: a
        line seen before costs one dict lookup); returns the number of the last line read."""
        cache: dict[bytes, tuple[Finding, ...] | _Skip] = {}
        get = cache.get
        classify = self.classify
        is_clean = self.checker.is_clean
        number = started = 1
        remembering = True  # paused while lines don't repeat: storing them would only cost
        for number, raw in enumerate(stream, 2):
            result = get(raw)
            if result is None:
                try:  # a clean line decides here, without a further call
                    result = () if is_clean(raw.decode("utf-8").rstrip("\r\n")) else None
                except UnicodeDecodeError:
                    result = None
                if result is None:
                    result = classify(raw, number)
                    if result is None:
                        return number - 1  # binary: reported, not read further
                if remembering:
                    if len(cache) >= CACHE_SIZE:  # full: did its lines come back at all?
                        remembering = number - started >= _PAYING * CACHE_SIZE
                        cache.clear()
                        started = number
                    if len(raw) <= _MAX_CACHED_BYTES and result is not UNDECODABLE:
                        cache[raw] = result
                elif number - started >= _PAUSE:
                    remembering, started = True, number
            if result:
                self.emit(result, number)
        return number

    def emit(self, result: tuple[Finding, ...] | _Skip | None, number: int) -> bool | None:
        """Count one line and report its findings; None for a binary input."""
        if result is None:
            return None
        if isinstance(result, _Skip):
            self.skipped += 1
            return False
        for finding in result:
            self.report(finding.at(self.path, number))
        return True

    def classify(self, raw: bytes, number: int) -> tuple[Finding, ...] | _Skip | None:
        """The findings of one raw line; SKIP for blank and comment lines; None for binary."""
        try:
            text = raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as exc:
            column = len(raw[: exc.start].decode("utf-8", "replace")) + 1
            self.undecodable.append((number, column))
            return UNDECODABLE
        if self.checker.is_clean(text):
            return ()
        if "\x00" in text:
            message = "a binary file (it holds NUL bytes); not checked"
            self.report(_not_text(self.path, number, text.index("\x00") + 1, message))
            return None
        comment = _comment_start(text)
        body = text if comment < 0 else text[:comment].rstrip()
        if not body.strip():
            return SKIP
        found = self.checker.check_fully(body)
        if comment >= 0:
            from mtg_typeline.suppression import apply, find_suppression

            if directive := find_suppression(text[comment:], comment):
                found = apply(directive, found, text)
        return found

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


def _reported_binary(stream: BinaryIO, path: str, report: Report) -> bool:
    """Report a binary file (a NUL byte near its start) as one finding, before any line."""
    head = _peek(stream)
    if b"\x00" not in head:
        return False
    nul = head.index(b"\x00")
    line_start = head.rfind(b"\n", 0, nul) + 1
    line = head.count(b"\n", 0, nul) + 1
    column = len(head[line_start:nul].decode("utf-8", "replace")) + 1
    report(_not_text(path, line, column, "a binary file (it holds NUL bytes); not checked"))
    return True


def _peek(stream: BinaryIO) -> bytes:
    """The first bytes of `stream` without consuming them (b"" where it can't be done)."""
    peek = getattr(stream, "peek", None)
    if peek is not None:
        try:
            return bytes(peek(_SNIFF)[:_SNIFF])
        except (OSError, ValueError):
            return b""
    if hasattr(stream, "getvalue"):
        return bytes(stream.getvalue()[:_SNIFF])
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
