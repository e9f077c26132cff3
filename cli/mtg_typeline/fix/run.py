"""`--fix` and `--diff` over a run's inputs: each input's fixes worked out in memory, then
written atomically (or shown as a diff), and the fixed contents handed back to be checked.

An input is read whole. A text file is fixed line by line (`fixtext`); card data through
its reader's `Entry.rewrite` edits (`fixdata`); a `.mse-set` zip member by member, the zip
written anew with its other members as they were (`fixzip`). Only files whose bytes change are written,
each with `write_atomic`, and only if it is still what was read: a file that changed on
disk meanwhile (size, modification time or contents) is left alone and reported (TL908).
Standard input's fixed text goes to standard output, whole, whether or not it changed.
"""

from __future__ import annotations

import io
import os
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, BinaryIO, NamedTuple, TextIO

from mtg_typeline import findings as codes
from mtg_typeline.discovery import Names
from mtg_typeline.findings import Finding, input_finding
from mtg_typeline.fix.line import LineFix, applicable, fix_line
from mtg_typeline.fix.snapshot import Changed, Snapshot, check_unchanged, read_snapshot
from mtg_typeline.fix.zipped import Member, fix_zip, is_zip, member_diffs
from mtg_typeline.sources import SNIFF_BYTES, TypeWordLines, type_word_lines

if TYPE_CHECKING:
    from mtg_typeline.checker import Checker
    from mtg_typeline.discovery import Input
    from mtg_typeline.fix.data import Made
    from mtg_typeline.sources import SourceSettings
    from mtg_typeline.sources.base import Entry

Keep = Callable[[Finding], bool]


class Change(NamedTuple):
    """One file's fixing: its bytes before and after, the findings fixed."""

    path: str
    old: bytes
    new: bytes
    fixed: int
    snapshot: Snapshot | None  # None: standard input
    members: tuple[Member, ...] = ()  # a zip's: the members changed, for `--diff`


class FixSettings(NamedTuple):
    unsafe: bool = False
    diff: bool = False  # show a diff, change nothing
    checker: Checker | None = None
    keep: Keep = lambda finding: True  # the run's selection
    sources: SourceSettings | None = None
    names: Names = Names("")  # where a file named in findings is on disk
    judge_text: bool = False  # fix a text input only if it looks like type lines (format auto)


class Fixing:
    """The fixing of one run: what was fixed, and the problems met writing."""

    def __init__(self, settings: FixSettings, out: TextIO, err: TextIO) -> None:
        self.settings = settings
        self.out = out
        self.err = err
        self.fixed = 0  # findings
        self.files = 0  # files changed (or that would be)
        self.problems: list[Finding] = []
        self.unsettled: list[tuple[str, int]] = []
        self.unwritten: list[tuple[str, int]] = []  # fixed lines the format can't hold as fixed
        self.left: list[tuple[str, TypeWordLines]] = []  # text inputs not fixed: no type lines

    def warn(self) -> None:
        """Say which lines kept fixes that could not be applied (the fixes undo one another,
        or applying them would add an error), and which text inputs were not fixed."""
        from mtg_typeline.display import count, printable

        for path, line in self.unsettled:
            self.err.write(
                f"typeline: warning: {printable(path)}:{line}: the fixes of this line did not settle; "
                "it was left with the best result found\n"
            )
        for path, line in dict.fromkeys(self.unwritten):  # (an alias and its anchor: one line)
            self.err.write(
                f"typeline: warning: {printable(path)}:{line}: the fixed type line can't be written "
                "back exactly here (see README, Fixing card data); its findings stay\n"
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
        from mtg_typeline.display import count
        from mtg_typeline.errors import ExitStatus

        if not quiet:
            what = f"Would fix {count(self.fixed, 'finding')} in {count(self.files, 'file')}."
            self.err.write((what if self.files else "No fixes available.") + "\n")
        if status == ExitStatus.TROUBLE or not self.files or exit_zero:
            return status
        return int(ExitStatus.FINDINGS)

    def input(
        self, item: Input, stdin: BinaryIO, fmt: Callable[[str, BinaryIO], str], searched: bool = False
    ) -> BinaryIO | None:
        """Fix one input; the contents to check in its place (None: check it as it is). Text
        that doesn't look like type lines is left as it is (see `left_alone`)."""
        path = item.name
        if item.stdin:
            data = stdin.read()
            kind = fmt(path, io.BytesIO(data))
            left = self.left_alone(path, data, kind, quiet=searched)
            change = {} if left else self._content(path, data, kind, None)
            self._finish(change.get(path) or Change(path, data, data, 0, None))
            return io.BytesIO(change[path].new if path in change else data)
        disk = self.settings.names.on_disk(path)
        if os.path.isdir(disk):
            for found in self._folder(path).values():
                self._finish(found)
            return None
        read = read_snapshot(disk)
        if read is None:
            return None  # the check reports why it can't be read
        data, snapshot = read
        kind = fmt(path, io.BytesIO(data))
        if self.left_alone(path, data, kind):
            return None
        changes = self._content(path, data, kind, snapshot)
        final = data
        for found in changes.values():
            took = self._finish(found)
            if found.path == path and (took or self.settings.diff):
                final = found.new  # with --diff: what would remain is checked
        return io.BytesIO(final)

    def left_alone(self, path: str, data: bytes, kind: str, quiet: bool = False) -> bool:
        """Whether a text input is not fixed because it doesn't look like type lines (the
        test a directory search passes text over by): a deck list's `20 Mountain` is not a
        type line to rewrite, named or not. Said in a warning unless `quiet`."""
        rules = self.settings.sources.rules if self.settings.sources else None
        if not self.settings.judge_text or kind != "text" or rules is None:
            return False
        sample = type_word_lines(data[:SNIFF_BYTES], rules)
        if sample is None or sample.holds:
            return False
        if not quiet:
            self.left.append((path, sample))
        return True

    def _content(self, path: str, data: bytes, fmt: str, snapshot: Snapshot | None) -> dict[str, Change]:
        """The changes fixing `data` (the input `path`, in format `fmt`) makes, by file."""
        if fmt == "text":
            from mtg_typeline.fix.text import fix_text

            done = fix_text(data, self._line_fixer(path))
            self.unsettled += [(path, line) for line in done.unsettled]
            return {path: Change(path, data, done.data, done.fixed, snapshot)} if done.fixed else {}
        from mtg_typeline.sources import reader_for

        assert self.settings.sources is not None
        entries = reader_for(fmt, self.settings.sources)(io.BytesIO(data), path, _no_progress)
        edits = self._edits(entries, path)
        if fmt == "mse" and is_zip(data):
            zipped = fix_zip(path, data, edits)
            if not zipped.members:
                return {}
            return {path: Change(path, data, zipped.data, zipped.fixed, snapshot, zipped.members)}
        return self._apply(edits, {path: (data, snapshot)})

    def _folder(self, path: str) -> dict[str, Change]:
        from mtg_typeline.sources.mse import read_folder

        assert self.settings.sources is not None
        return self._apply(self._edits(read_folder(path, self.settings.sources), path), {})

    def _edits(self, entries: Iterator[Entry | int], path: str) -> dict[str, list[tuple[Made, int]]]:
        """The edits of the entries' files (none if the reader fails: a file it could not
        read to its end is not fixed)."""
        from mtg_typeline.sources.base import SourceError, resolve
        from mtg_typeline.suppression import silenced_by

        edits: dict[str, list[tuple[Made, int]]] = defaultdict(list)
        try:
            for entry in entries:
                if isinstance(entry, int):
                    continue
                where = entry.path or path
                done = self._fix_entry(entry.text, where, silenced_by(entry.comment))
                if done is not None and not done.settled:
                    self.unsettled.append((where, resolve(entry.locate).region(0, 1).line))
                if done is None or done.text == entry.text:
                    continue
                if entry.rewrite is not None and (edit := entry.rewrite(done.text)) is not None:
                    edits[where].append((edit, done.fixed))
                else:
                    self.unwritten.append((where, resolve(entry.locate).region(0, 1).line))
        except (SourceError, RecursionError):
            return {}
        return edits

    def _fix_entry(self, text: str, where: str, silenced: Callable[[str], bool]) -> LineFix | None:
        """The fixes of a card-data value, leaving alone the findings its line's inline
        suppression silences."""
        checker = self.settings.checker
        assert checker is not None
        keep = self.settings.keep

        def findings(line: str) -> list[Finding]:
            return [f for f in checker.check(line) if keep(f.at(where, 1)) and not silenced(f.code)]

        found = findings(text)
        if not applicable(found, self.settings.unsafe):
            return None
        return fix_line(text, findings, self.settings.unsafe, found)

    def _line_fixer(self, path: str) -> Callable[[str, int], LineFix | None]:
        """Fixes a line of a text file (remembered per distinct line: data repeats)."""
        from mtg_typeline.sources.text import line_findings

        checker = self.settings.checker
        assert checker is not None
        keep, unsafe = self.settings.keep, self.settings.unsafe
        done: dict[str, LineFix | None] = {}

        def findings(line: str) -> list[Finding]:
            return [f for f in line_findings(checker.check, line) or () if keep(f.at(path, 1))]

        def fix(line: str, number: int) -> LineFix | None:
            if line not in done:
                found = () if checker.is_clean(line) else findings(line)
                useful = bool(applicable(found, unsafe))
                done[line] = fix_line(line, findings, unsafe, found) if useful else None
            return done[line]

        return fix

    def _apply(
        self, edits: dict[str, list[tuple[Made, int]]], read: dict[str, tuple[bytes, Snapshot | None]]
    ) -> dict[str, Change]:
        """Each file's edits applied to its text (files other than the input are read now)."""
        from mtg_typeline.fix.data import apply_edits

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
                changes[where] = Change(where, data, applied.data, applied.fixed, snapshot)
        return changes

    def _finish(self, change: Change) -> bool:
        """Show, write or print one file's change; whether it took effect."""
        if self.settings.diff:
            if change.new != change.old:
                from mtg_typeline.fix.diff import unified

                shown = member_diffs(change.members) if change.members else None
                write_bytes(self.out, shown or unified(change.old, change.new, change.path))
                self._count(change)
            return False
        if change.snapshot is None:  # standard input: its text goes to standard output
            write_bytes(self.out, change.new)
            self._count(change)
            return True
        if change.new == change.old or not self._write(change):
            return False
        self._count(change)
        return True

    def _count(self, change: Change) -> None:
        if change.new != change.old:
            self.fixed += change.fixed
            self.files += 1

    def _write(self, change: Change) -> bool:
        from mtg_typeline.atomicwrite import OutputError, write_atomic

        assert change.snapshot is not None
        snapshot = change.snapshot
        target = os.path.realpath(self.settings.names.on_disk(change.path))  # through a link, not over it
        try:
            write_atomic(target, change.new, lambda: check_unchanged(target, snapshot))
        except Changed:
            why = f"{change.path} changed on disk while it was being fixed; it was not written"
            self.problems.append(input_finding(codes.CHANGED_ON_DISK, change.path, why, 1, 1, 1))
            return False
        except OutputError as exc:
            self.problems.append(input_finding(codes.WRITE_FAILED, change.path, str(exc), 1, 1, 1))
            return False
        return True


def write_bytes(out: TextIO, data: bytes) -> None:
    """Write bytes to a text stream's buffer (as they are: the fixed text keeps its bytes)."""
    out.flush()
    buffer = getattr(out, "buffer", None)
    if buffer is None:
        out.write(data.decode("utf-8", "surrogateescape"))
        return
    buffer.write(data)
    buffer.flush()


def _no_progress(size: int) -> None:
    """Fixing reads from memory: no progress to show."""
