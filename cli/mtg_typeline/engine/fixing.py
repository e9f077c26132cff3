"""`--fix` and `--diff` in the engine: each input read whole, its format told and judged
once (`sources.inputs`), fixed by the fixer (`fix`: it is given the bytes, what the reader
gave and a way to check a line, and never calls back here), then what it holds after
fixing (with `--diff`: would hold) checked as any input is.

The way to check a line is the run's checker and filters: the findings the run would
report, so that a finding not selected, or silenced by an inline suppression, is not fixed.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator, Sequence
from typing import BinaryIO, Protocol, TextIO

from mtg_typeline import sources
from mtg_typeline.discovery import Input
from mtg_typeline.engine.check import (
    TOO_LARGE,
    UNREADABLE_INPUT,
    Checked,
    Inputs,
    Report,
    check_input,
    check_stream,
    folder_items,
    unreadable,
)
from mtg_typeline.filters import Filters
from mtg_typeline.findings import Finding
from mtg_typeline.fix.fixing import Fixing, FixSettings
from mtg_typeline.fix.snapshot import Snapshot, read_snapshot
from mtg_typeline.progress import Meter
from mtg_typeline.sources.base import Comment, Item
from mtg_typeline.sources.encodings import ENCODED_FORMATS, head_in_utf8
from mtg_typeline.sources.inputs import look_at, tell_format


class Scoped(Protocol):
    """What an input is fixed with: the configuration's reading and checker, and filters."""

    @property
    def inputs(self) -> Inputs: ...
    @property
    def filters(self) -> Filters: ...


class Fixer:
    """The fixing of one run, input by input."""

    def __init__(
        self, inputs: Inputs, filters: Filters, how: tuple[bool, bool, str], out: TextIO, err: TextIO
    ) -> None:
        """`how`: unsafe fixes too, show a diff (and in which form: a `--format`)."""
        self.inputs = inputs
        self.filters = filters

        def check(text: str, where: str, comment: Comment | None, card: str | None) -> Sequence[Finding]:
            found = self.inputs.checker.check(text)
            oracle = self.inputs.oracle
            if oracle is not None and card is not None:  # (the rules cited don't change a fix)
                found += oracle.compare(card, text, ()).found
            return self.filters.line(found, where, comment)

        self.fixing = Fixing(FixSettings(check, inputs.names, *how), out, err)

    def fix_input(
        self, item: Input, stdin: BinaryIO, report: Report, meter: Meter, scope: Scoped | None = None
    ) -> Checked:
        """Fix the input, then check what it holds after fixing (with --diff: would hold);
        `scope`: the reading, checker and filters of the configuration it falls under. An
        input too large to hold is reported unreadable and left as it is."""
        if scope is not None:
            self.inputs, self.filters = scope.inputs, scope.filters
        try:
            return self._fixed(item, stdin, report, meter)
        except MemoryError:
            report(unreadable(item.name, TOO_LARGE))
            return UNREADABLE_INPUT

    def _fixed(self, item: Input, stdin: BinaryIO, report: Report, meter: Meter) -> Checked:
        path = item.name
        if item.unsearched:  # a directory that could not be listed: reported as such
            return check_input(item, stdin, self.inputs, report, meter)
        if not item.stdin and os.path.isdir(self.inputs.names.on_disk(path)):  # an unzipped set
            self.fixing.folder(path, self.named(folder_items(path, self.inputs.sources), path))
            return check_input(item, stdin, self.inputs, report, meter)
        if item.stdin:
            try:
                data, snapshot = stdin.read(), None
            except OSError as exc:  # (closed: the process was started without it)
                report(unreadable(path, f"cannot read standard input: {exc.strerror or exc}"))
                return UNREADABLE_INPUT
        elif (read := read_snapshot(self.inputs.names.on_disk(path))) is not None:
            data, snapshot = read
        else:
            return check_input(item, stdin, self.inputs, report, meter)  # it reports why it can't be read
        codec = self.inputs.reading.encoding
        head = data[: sources.SNIFF_BYTES]
        fmt = tell_format(path, head if codec is None else head_in_utf8(head, codec), self.inputs.reading)
        fixed = self.fix(item, data, snapshot, fmt)
        if fixed is None:
            return None
        return check_stream(io.BytesIO(fixed), item, self.inputs, report, meter, fmt)

    def fix(self, item: Input, data: bytes, snapshot: Snapshot | None, fmt: str) -> bytes | None:
        """The bytes to check in the input's place after fixing it (`fmt`, its format); None
        when it is passed over (a directory search came upon text that holds no type lines)."""
        path = item.name
        codec = self.inputs.reading.encoding if fmt in ENCODED_FORMATS else None
        if fmt == "text" and self.inputs.reading.given is None:
            head = data[: sources.SNIFF_BYTES]
            look = look_at(head if codec is None else head_in_utf8(head, codec), self.inputs.rules)
            if item.searched and look.passed_over(path):
                self.fixing.left_alone(path, data, snapshot, None)  # (standard input: printed)
                return None
            if not look.holds_type_lines:  # a deck list's `20 Mountain` is no type line to rewrite
                self.fixing.left_alone(path, data, snapshot, look.sample)
                return data
        if fmt == "text":
            return self.fixing.text(path, data, snapshot, codec)
        reader = sources.reader_for(fmt, self.inputs.sources)
        if codec is not None:  # a table in another encoding: fixed as UTF-8, written back in it
            return self.fixing.table(
                path,
                data,
                snapshot,
                lambda text: self.named(reader(io.BytesIO(text), path, _no_progress), path),
                codec,
            )
        items = self.named(reader(io.BytesIO(data), path, _no_progress), path)
        return self.fixing.data(path, data, snapshot, items, fmt == "mse")

    def named(self, items: Iterator[Item], path: str) -> Iterator[Item]:
        """What a reader gives, each type line with its card (a batch's asked for one by one)
        when cards are compared with an Oracle file: they are fixed by their names."""
        oracle = self.inputs.oracle
        return items if oracle is None else oracle.expand(items, path)


def _no_progress(size: int) -> None:
    """Fixing reads from memory: no progress to show."""
