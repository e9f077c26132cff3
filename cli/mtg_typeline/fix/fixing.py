"""One run's fixing: each input's fixes worked out in memory, then written (or shown as a
diff), with what was fixed and the problems met on the way.

The engine hands over, input by input, the bytes read and, for card data, what its reader
gave; it gets back the bytes to check in the input's place. A text file is fixed line by
line (`fix.text`); card data through its reader's `Entry.rewrite` edits (`fix.data`); a
`.mse-set` zip member by member, the zip written anew with its other members as they were
(`fix.zipped`). Only files whose bytes change are written, each atomically and only if it
is still what was read (`fix.writing`; TL908 otherwise). Standard input's fixed text goes to
standard output, whole, whether or not it changed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import TextIO

from mtg_typeline.discovery import Names
from mtg_typeline.display import count, printable
from mtg_typeline.errors import ExitStatus
from mtg_typeline.findings import Finding
from mtg_typeline.fix.data import Made, apply_edits
from mtg_typeline.fix.diffout import DiffOutput
from mtg_typeline.fix.edits import EntryFixes, LineCheck, line_fixer
from mtg_typeline.fix.encoded import as_utf8, writable_edits, writable_lines
from mtg_typeline.fix.review import Valued
from mtg_typeline.fix.snapshot import Snapshot, read_snapshot
from mtg_typeline.fix.text import fix_text
from mtg_typeline.fix.writing import Change, write_bytes, write_file
from mtg_typeline.fix.zipped import fix_zip, is_zip
from mtg_typeline.records import NamedTuple
from mtg_typeline.sources.base import Edit, Item
from mtg_typeline.sources.encodings import from_utf8
from mtg_typeline.sources.inputs import TypeWordLines

ReadAs = Callable[[bytes], Iterator[Item]]  # what a reader gives reading these bytes


class FixSettings(NamedTuple):
    """How a run fixes: the findings of a line it reports (`check`), where a file named in
    an entry is on disk (`names`), unsafe fixes too (`--unsafe-fixes`), show a diff and
    change nothing (`--diff`), in the form of one of `DIFF_FORMATS`."""

    check: LineCheck
    names: Names
    unsafe: bool = False
    diff: bool = False
    diff_format: str = "text"


class Fixing:
    """The fixing of one run: what was fixed, and the problems met writing."""

    def __init__(self, settings: FixSettings, out: TextIO, err: TextIO) -> None:
        self.settings = settings
        self.out = out
        self.err = err
        self.shown = DiffOutput(settings.diff_format, out)
        self.cards: dict[Made, str | None] = {}  # the card of each edit of the input, for --diff
        self.fixed = 0  # findings
        self.files = 0  # files changed (or that would be)
        self.problems: list[Finding] = []
        self.unsettled: list[tuple[str, int]] = []
        self.unwritten: list[tuple[str, int]] = []  # fixed lines the format can't hold as fixed
        self.left: list[tuple[str, TypeWordLines]] = []  # text inputs not fixed: no type lines
        self.unrecoded: list[tuple[str, str]] = []  # inputs not fixed: their codec can't give them back

    def text(self, path: str, data: bytes, snapshot: Snapshot | None, codec: str | None = None) -> bytes:
        """Fix a text input (in `codec`, `--encoding`; None: UTF-8); the bytes to check in
        its place."""
        source = data if codec is None else as_utf8(data, codec)
        if source is None:
            return self.not_recoded(path, data, snapshot, codec)
        fix = line_fixer(self.settings.check, path, self.settings.unsafe)
        unwritten: list[int] = []
        done = fix_text(source, fix if codec is None else writable_lines(fix, codec, unwritten))
        self.unsettled += [(path, line) for line in done.unsettled]
        self.unwritten += [(path, line) for line in unwritten]
        new = done.data if codec is None else from_utf8(done.data, codec)
        change = Change(path, data, new, done.fixed, snapshot, encoding=codec or "utf-8")
        changes = {path: change} if done.fixed else {}
        return self.finish(path, data, snapshot, changes)

    def table(self, path: str, data: bytes, snapshot: Snapshot | None, read: ReadAs, codec: str) -> bytes:
        """Fix a table in `codec` (`--encoding`), read by `read` from its text as UTF-8; the
        bytes to check in its place."""
        source = as_utf8(data, codec)
        if source is None:
            return self.not_recoded(path, data, snapshot, codec)
        unwritten: list[int] = []
        edits = {
            where: writable_edits(made, codec, unwritten)
            for where, made in self.edits(read(source), path).items()
        }
        self.unwritten += [(path, line) for line in unwritten]
        changes = {
            where: change._replace(old=data, new=from_utf8(change.new, codec), encoding=codec)
            for where, change in self.apply(edits, {path: (source, snapshot)}).items()
        }
        return self.finish(path, data, snapshot, changes)

    def not_recoded(self, path: str, data: bytes, snapshot: Snapshot | None, codec: str | None) -> bytes:
        """A file in `codec` that would not come back as it was: left as it is, and said."""
        self.unrecoded.append((path, codec or "UTF-8"))
        self.finish(path, data, snapshot, {})
        return data

    def data(
        self, path: str, data: bytes, snapshot: Snapshot | None, items: Iterator[Item], mse: bool
    ) -> bytes:
        """Fix a card-data input (`mse`: a Magic Set Editor set, maybe a zip) whose reader
        gave `items` reading `data`; the bytes to check in its place."""
        edits = self.edits(items, path)
        if mse and is_zip(data):
            zipped = fix_zip(path, data, edits)
            changes = {}
            if zipped.members:
                changes = {path: Change(path, data, zipped.data, zipped.fixed, snapshot, zipped.members)}
        else:
            changes = self.apply(edits, {path: (data, snapshot)})
        return self.finish(path, data, snapshot, changes)

    def folder(self, path: str, items: Iterator[Item]) -> None:
        """Fix an unzipped set: each of its files read anew (the set is checked afterwards)."""
        for change in self.apply(self.edits(items, path), {}).values():
            self.take(change)

    def left_alone(
        self, path: str, data: bytes, snapshot: Snapshot | None, sample: TypeWordLines | None
    ) -> None:
        """A text input not fixed, as it may not hold type lines: said in a warning (given
        `sample`, how its first lines look); standard input still goes to standard output."""
        if sample is not None:
            self.left.append((path, sample))
        self.finish(path, data, snapshot, {})

    def edits(self, items: Iterator[Item], path: str) -> dict[str, list[tuple[Made, int]]]:
        """The edits of the items' files (none if the reader failed)."""
        fixes = EntryFixes(self.settings.check, self.settings.unsafe)
        read = fixes.take(items, path)
        self.unsettled += fixes.unsettled
        self.unwritten += fixes.unwritten
        self.cards = fixes.cards
        return fixes.edits if read else {}

    def apply(
        self, edits: dict[str, list[tuple[Made, int]]], read: dict[str, tuple[bytes, Snapshot | None]]
    ) -> dict[str, Change]:
        """Each file's edits applied to its text (files other than the input are read now)."""
        changes: dict[str, Change] = {}
        for where, made in edits.items():
            if where not in read:
                disk = self.settings.names.on_disk(where)
                if not os.path.isfile(disk) or (found := read_snapshot(disk)) is None:
                    continue  # not a file of its own: not fixed
                read[where] = found
            data, snapshot = read[where]
            applied = apply_edits(data, made)
            if applied.fixed and applied.data != data:
                values = self.valued(made, applied.refused)
                changes[where] = Change(where, data, applied.data, applied.fixed, snapshot, values=values)
        return changes

    def valued(self, made: list[tuple[Made, int]], refused: tuple[Edit, ...]) -> tuple[Valued, ...]:
        """The edits made (not refused), each with its card, for `--diff`."""
        refusals = set(refused)
        kept = [edit for edit, _ in made if refusals.isdisjoint((edit,) if isinstance(edit, Edit) else edit)]
        return tuple(Valued(edit, self.cards.get(edit)) for edit in dict.fromkeys(kept))

    def finish(self, path: str, data: bytes, snapshot: Snapshot | None, changes: dict[str, Change]) -> bytes:
        """Put out the changes of an input's fixing; the bytes to check in its place (with
        `--diff`: what would remain)."""
        if snapshot is None:  # standard input: its own text only, whether or not it changed
            self.take(changes.get(path) or Change(path, data, data, 0, None))
            return changes[path].new if path in changes else data
        final = data
        for change in changes.values():
            took = self.take(change)
            if change.path == path and (took or self.settings.diff):
                final = change.new
        return final

    def take(self, change: Change) -> bool:
        """Show, write or print one file's change; whether it took effect."""
        if self.settings.diff:
            if change.new != change.old:
                self.shown.show(change)
                self.count(change)
            return False
        if change.snapshot is None:  # standard input: its text goes to standard output
            write_bytes(self.out, change.new)
            self.count(change)
            return True
        if change.new == change.old:
            return False
        problem = write_file(change, self.settings.names.on_disk(change.path))
        if problem is not None:
            self.problems.append(problem)
            return False
        self.count(change)
        return True

    def count(self, change: Change) -> None:
        if change.new != change.old:
            self.fixed += change.fixed
            self.files += 1

    def warn(self) -> None:
        """Say which lines kept fixes that could not be applied (the fixes undo one another,
        or applying them would add an error), and which text inputs were not fixed."""
        for path, line in self.unsettled:
            self.err.write(
                f"typeline: warning: {printable(path)}:{line}: the fixes of this line did not settle; "
                "it was left with the best result found\n"
            )
        for path, line in dict.fromkeys(self.unwritten):  # (an alias and its anchor: one line)
            self.err.write(
                f"typeline: warning: {printable(path)}:{line}: the fixed type line can't be written "
                "back exactly here (see docs/fixing.md, 'Fixing card data'); its findings stay\n"
            )
        for path, codec in self.unrecoded:
            self.err.write(
                f"typeline: warning: {printable(path)}: not fixed: its text would not be written back "
                f"in {codec} byte for byte as it was read\n"
            )
        for path, sample in self.left:
            untyped = sample.seen - sample.typed
            self.err.write(
                f"typeline: warning: {printable(path)}: not fixed: {untyped} of the first "
                f"{count(sample.seen, 'line')} {'holds' if untyped == 1 else 'hold'} no card type "
                "or supertype word, so it may not hold type lines; to fix it anyway, give "
                "--input-format text\n"
            )

    def diff_status(self, status: int, quiet: bool, exit_zero: bool = False) -> int:
        """The exit status of `--diff` (1 when there is a diff, unless an input failed or
        `--exit-zero`), after saying on standard error what would be fixed."""
        self.shown.close(self.fixed, self.files)
        if not quiet:
            what = f"Would fix {count(self.fixed, 'finding')} in {count(self.files, 'file')}."
            self.err.write((what if self.files else "No fixes available.") + "\n")
        if status == ExitStatus.TROUBLE or not self.files or exit_zero:
            return status
        return int(ExitStatus.FINDINGS)
