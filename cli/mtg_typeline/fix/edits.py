"""Working out the fixes of what a reader gave: each type line fixed (`fix.line`, rounds
until it settles) with the findings the run reports, and, for card data, the edit of its
file that its reader's `Entry.rewrite` makes of the fixed line.

The findings come from a `LineCheck` the engine builds from the checker and the filters, so
that a finding the run would not report (not selected, silenced by an inline suppression)
is not fixed either.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence

from mtg_typeline.findings import Finding
from mtg_typeline.fix.data import Made
from mtg_typeline.fix.line import LineFix, applicable, fix_line
from mtg_typeline.fix.text import LineFixer
from mtg_typeline.sources.base import Batch, Comment, Entry, Item, SourceError, resolve
from mtg_typeline.sources.text import type_line

# The findings of a type line that the run reports, given its text, the file it is in, the
# comment its line ends with (see `filters.Filters.line`) and the card it is of (None: no name)
LineCheck = Callable[[str, str, Comment | None, str | None], Sequence[Finding]]


class EntryFixes:
    """The edits that fixing the type lines a reader gave makes, by file, and the lines met
    on the way whose fixes did not settle or can't be written back."""

    def __init__(self, check: LineCheck, unsafe: bool) -> None:
        self.check = check
        self.unsafe = unsafe
        self.edits: dict[str, list[tuple[Made, int]]] = defaultdict(list)
        self.unsettled: list[tuple[str, int]] = []
        self.unwritten: list[tuple[str, int]] = []  # fixed lines the format can't hold as fixed
        self.cards: dict[Made, str | None] = {}  # the card each edit is in, for --diff

    def take(self, items: Iterator[Item], path: str) -> bool:
        """Work out the edits of an input's items; False if the reader failed (a file it
        could not read to its end is not fixed)."""
        try:
            for item in items:
                if type(item) is Entry:
                    self.entry(item, path)
                elif type(item) is Batch and item.entry is not None:
                    self.batch(item, item.entry, path)
        except (SourceError, RecursionError):
            return False
        return True

    def batch(self, batch: Batch, entry: Callable[[int], Entry], path: str) -> None:
        for index, text in enumerate(batch.texts):
            if text is not None and (done := self.fix(text, path, None, None)) is not None:
                self.record(entry(index), done, path)

    def entry(self, entry: Entry, path: str) -> None:
        where = entry.path or path
        done = self.fix(entry.text, where, entry.comment, entry.card)
        if done is not None:
            self.record(entry, done, path)

    def fix(self, text: str, where: str, comment: Comment | None, card: str | None) -> LineFix | None:
        """The fixing of a type line (of `card`), if it has a fix to apply."""
        check = self.check

        def findings(line: str) -> Sequence[Finding]:
            return check(line, where, comment, card)

        found = findings(text)
        if not applicable(found, self.unsafe):
            return None
        return fix_line(text, findings, self.unsafe, found)

    def record(self, entry: Entry, done: LineFix, path: str) -> None:
        """The edit of an entry's file that makes it hold the fixed line, if it can be made."""
        where = entry.path or path
        if not done.settled:
            self.unsettled.append((where, resolve(entry.locate).region(0, 1).line))
        if done.text == entry.text:
            return
        if entry.rewrite is not None and (edit := entry.rewrite(done.text)) is not None:
            self.edits[where].append((edit, done.fixed))
            self.cards[edit] = entry.card
        else:
            self.unwritten.append((where, resolve(entry.locate).region(0, 1).line))


def line_fixer(check: LineCheck, path: str, unsafe: bool) -> LineFixer:
    """Fixes a line of the text file `path`, read as the text reader reads it (the type line
    before any comment, the comment's suppression applied); remembered per distinct line,
    as text data repeats its lines."""
    done: dict[str, LineFix | None] = {}

    def findings(line: str) -> Sequence[Finding]:
        body, comment = type_line(line)
        return () if body is None else check(body, path, comment, None)

    def fix(line: str, number: int) -> LineFix | None:
        if line not in done:
            found = findings(line)
            done[line] = fix_line(line, findings, unsafe, found) if applicable(found, unsafe) else None
        return done[line]

    return fix
