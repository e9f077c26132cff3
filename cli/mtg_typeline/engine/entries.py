"""Checking the type lines a card-data reader yields (`sources.base.Entry`): each line's
findings and the reader's notes placed in the file, a reader's error as one finding; and
what the checks of a run's inputs came to (`Tally`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import Enum
from typing import TYPE_CHECKING

from mtg_typeline.findings import MALFORMED, Finding, input_finding

if TYPE_CHECKING:
    from mtg_typeline.checker import Checker
    from mtg_typeline.sources.base import Entry
    from mtg_typeline.suppression import Directives

Report = Callable[[Finding], None]


class _Unread(Enum):
    """What the engine's check of an input returns when it could not read it (reported: TL901); None is
    an input passed over (no card data), a number the type lines of an input read."""

    UNREADABLE = "unreadable"


UNREADABLE_INPUT = _Unread.UNREADABLE
Checked = int | None | _Unread


class Tally:
    """What became of a run's inputs: the names of those read, the type lines checked in
    them, how many were passed over and how many could not be read."""

    def __init__(self) -> None:
        self.files: list[str] = []
        self.lines = 0
        self.passed_over = 0
        self.unreadable = 0

    def add(self, name: str, checked: Checked) -> None:
        if checked is None:
            self.passed_over += 1
        elif checked is UNREADABLE_INPUT:
            self.unreadable += 1
        else:
            self.files.append(name)
            self.lines += checked


def check_entries(
    entries: Iterator[Entry | int], path: str, checker: Checker, report: Report, *, searched: bool
) -> int | None:
    """Check the type lines a reader yields; the number checked. A reader's `SourceError`
    is one finding at its place (the lines before it stay checked); a file a directory
    search came upon (`searched`) that holds no card data is passed over (None). Inline
    suppressions in the comments of the values' lines apply (see `suppression.Directives`)."""
    from mtg_typeline.sources.base import NotCardData, SourceError

    count = 0
    check = checker.check
    directives = None
    try:
        for entry in entries:
            if isinstance(entry, int):  # that many clean lines (see sources.base.Reader)
                count += entry
                continue
            count += 1
            found = check(entry.text)
            if entry.comment is not None and directives is None:
                directives = _directives()
            if found or entry.notes or entry.comment is not None:
                report_entry(entry, found, path, report, directives)
    except NotCardData as exc:
        if searched and not count:
            return None
        report(input_finding(MALFORMED, exc.path or path, exc.message, exc.line, exc.column, exc.column + 1))
    except SourceError as exc:
        report(input_finding(MALFORMED, exc.path or path, exc.message, exc.line, exc.column, exc.column + 1))
    except RecursionError:
        report(input_finding(MALFORMED, path, f"{path} is nested too deeply to read", 1, 1, 2))
    for unused in directives.unused() if directives is not None else ():
        report(unused)
    return count


def _directives() -> Directives:
    from mtg_typeline.suppression import Directives  # loads the checks' names: only when needed

    return Directives()


def report_entry(
    entry: Entry, found: tuple[Finding, ...], path: str, report: Report, directives: Directives | None = None
) -> None:
    """Report the findings of an entry and its notes, placed in the file, less those the
    directive in the comment of its line silences."""
    where = entry.path or path
    placed = _placed(entry, found, where) if found or entry.notes else []
    if entry.comment is not None and directives is not None:
        placed = directives.filter(entry.comment, placed, where, entry.card)
    for finding in placed:
        report(finding)


def _placed(entry: Entry, found: tuple[Finding, ...], where: str) -> list[Finding]:
    from mtg_typeline.sources.base import resolve

    locator = resolve(entry.locate)
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
