"""Plain text: one type line a line; blank lines and `#` comments are skipped.

The input is read as bytes and streamed, so memory stays flat however long the file is.
Results are remembered per distinct raw line (bounded), because card data repeats the same
type lines over and over; only a line not seen recently is decoded and checked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import BinaryIO

from mtg_typeline.checker import CACHE_SIZE, Checker
from mtg_typeline.checks.inputs import NOT_TEXT
from mtg_typeline.findings import Finding

BOM = b"\xef\xbb\xbf"
_MAX_CACHED_BYTES = 512


@dataclass(slots=True)
class TextStats:
    lines: int = 0  # type lines checked (not blank, not comments)
    trouble: bool = False  # the input could not be read in full


class _Skip:
    """The result for a blank line or a comment."""


SKIP = _Skip()
Report = Callable[[Finding], None]


def check_stream(stream: BinaryIO, path: str, checker: Checker, report: Report) -> TextStats:
    """Check every line of `stream`, calling `report` with each finding placed at `path`."""
    stats = TextStats()
    first = stream.readline()
    if not first:
        return stats
    if first.startswith(BOM):
        first = first[len(BOM) :]
    undecodable: list[tuple[int, int]] = []  # (line, column) of lines that are not UTF-8
    if not _one(first, 1, path, checker, report, stats, undecodable):
        return stats
    cache: dict[bytes, tuple[Finding, ...] | _Skip] = {}
    get = cache.get
    number = 1
    skipped = 0
    for number, raw in enumerate(stream, 2):
        result = get(raw)
        if result is None:
            result = _classify(raw, number, path, checker, report, stats, undecodable)
            if result is None:
                break  # binary: reported, stop reading
            if len(raw) <= _MAX_CACHED_BYTES:
                if len(cache) >= CACHE_SIZE:
                    cache.clear()
                cache[raw] = result
        if result:
            if result is SKIP:
                skipped += 1
            else:
                for finding in result:  # type: ignore[union-attr]
                    report(finding.at(path, number))
    stats.lines += number - 1 - skipped
    _report_undecodable(undecodable, path, report, stats)
    return stats


def _one(
    raw: bytes,
    number: int,
    path: str,
    checker: Checker,
    report: Report,
    stats: TextStats,
    undecodable: list[tuple[int, int]],
) -> bool:
    """Check the first line (outside the cached loop); False if the input is binary."""
    result = _classify(raw, number, path, checker, report, stats, undecodable)
    if result is None:
        return False
    if result is not SKIP:
        stats.lines += 1
        for finding in result:  # type: ignore[union-attr]
            report(finding.at(path, number))
    return True


def _classify(
    raw: bytes,
    number: int,
    path: str,
    checker: Checker,
    report: Report,
    stats: TextStats,
    undecodable: list[tuple[int, int]],
) -> tuple[Finding, ...] | _Skip | None:
    """The findings of one raw line; SKIP for blank and comment lines; None for binary."""
    try:
        text = raw.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError as exc:
        undecodable.append((number, len(raw[: exc.start].decode("utf-8", "replace")) + 1))
        return SKIP
    if checker.is_clean(text):
        return ()
    if "\x00" in text:
        column = text.index("\x00") + 1
        report(_not_text(path, number, column, "a binary file (it holds NUL bytes); not checked"))
        stats.trouble = True
        return None
    text = _strip_comment(text)
    if not text.strip():
        return SKIP
    return checker.check_fully(text)


def _strip_comment(text: str) -> str:
    """The line without a `#` comment (a whole-line one, or one after white space)."""
    if "#" not in text:
        return text
    if text.lstrip().startswith("#"):
        return ""
    for index, char in enumerate(text):
        if char == "#" and index and text[index - 1] in " \t":
            return text[:index].rstrip()
    return text


def _report_undecodable(
    undecodable: list[tuple[int, int]], path: str, report: Report, stats: TextStats
) -> None:
    if not undecodable:
        return
    line, column = undecodable[0]
    more = len(undecodable) - 1
    tail = f" ({more} more line{'s' if more != 1 else ''} not UTF-8 were skipped)" if more else ""
    report(_not_text(path, line, column, f"this line is not UTF-8 text; it was skipped{tail}"))
    stats.trouble = True


def _not_text(path: str, line: int, column: int, message: str) -> Finding:
    return Finding(
        code=NOT_TEXT.code,
        name=NOT_TEXT.name,
        severity=NOT_TEXT.severity,
        message=message,
        rules=(),
        type_line="",
        column=column,
        end_column=column + 1,
        path=path,
        line=line,
    )
