"""A run's inputs checked by worker processes (`--jobs`, see `engine.pool`), reported in
the parent in the order of the inputs, through the same filters and tally as a serial run:
its findings, its counts and its output are a serial run's.

A worker checks an input as `check_input` does and keeps what it reported; the objects a
reader passed over are placed there when `--verbose` lists them (their places are worked out
on demand, which can't cross to the parent), and an input whose type lines have no card
names for `--oracle` is told back so that the parent warns of it as a serial run does.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import BinaryIO

from mtg_typeline.discovery import Input
from mtg_typeline.engine.check import UNREADABLE_INPUT, Checked, Report, Tally, check_input, unreadable
from mtg_typeline.engine.pool import Died, pooled
from mtg_typeline.engine.scopes import Scope, Scopes
from mtg_typeline.findings import Finding
from mtg_typeline.progress import Meter
from mtg_typeline.sources.base import Passed

Reported = Finding | Passed
WARM_UP = "Legendary Creature \u2014 Goblinn Forest"  # a line that meets most checks


# What a worker's check of one input came to: what it checked (`Checked`), what it reported,
# the bytes read (for the progress bar), and whether its type lines have no card names (with
# --oracle). A plain tuple: one crosses from a worker for every input, and a record takes
# several times as long to pickle and to load.
_Answer = tuple[Checked, list[Reported], int, bool]


def check_in_workers(
    inputs: Sequence[Input],
    jobs: int,
    scopes: Scopes,
    stdin: BinaryIO,
    meter: Meter,
    reporter_of: Callable[[Scope], Report],
    tally: Tally,
) -> None:
    """Check `inputs` with `jobs` workers, reporting each input's findings through
    `reporter_of` its scope, in order, as a serial run does."""
    scoped = scopes.of_each(inputs)  # built before the workers fork, in order
    listed = tally.listed is not None
    oracle = scopes.oracle

    read = _Read()  # (one meter, counted from 0 for each input)

    def work(index: int) -> _Answer:
        item = inputs[index]
        read.size = 0
        found: list[Reported] = []
        checked = check_input(item, stdin, scoped[index].inputs, found.append, read)
        if found:
            found = [thing.portable(listed) if isinstance(thing, Passed) else thing for thing in found]
        return (checked, found, read.size, oracle is not None and item.name in oracle.nameless)

    # The first input is checked here, before the workers fork, and a line through every
    # check: what they load on first use (its format's reader, the checks) is loaded once.
    # Standard input is checked here too: a worker has none.
    scoped[0].inputs.checker.check_fully(WARM_UP)
    here = {0} | {index for index, item in enumerate(inputs) if item.stdin}
    elsewhere = [index for index in range(len(inputs)) if index not in here]
    scope = scoped[0]  # (the inputs of a folder share their scope: one reporter)
    report = reporter_of(scope)
    with contextlib.closing(pooled(elsewhere, jobs, work, lambda index: inputs[index].name)) as answers:
        for index, item in enumerate(inputs):
            answer = work(index) if index in here else next(answers)[1]
            if scoped[index] is not scope:
                scope = scoped[index]
                report = reporter_of(scope)
            _take(item, answer, report, meter, tally)
            if not isinstance(answer, Died) and answer[3] and oracle is not None:  # (nameless)
                oracle.nameless.setdefault(item.name)


class _Read(Meter):
    """The bytes one input's check reads, counted for the run's progress bar."""

    def __init__(self) -> None:
        super().__init__()
        self.size = 0

    def add(self, size: int) -> None:
        if size > 0:
            self.size += size


def _take(item: Input, answer: _Answer | Died, report: Report, meter: Meter, tally: Tally) -> None:
    """Report what the check of `item` came to, as its serial check would have."""
    if isinstance(answer, Died):
        report(unreadable(item.name, f"the process checking it {answer.why}"))
        tally.add(item.name, UNREADABLE_INPUT)
        return
    checked, reported, size, _ = answer
    for thing in reported:
        report(thing)
    meter.add(size)
    tally.add(item.name, checked)
