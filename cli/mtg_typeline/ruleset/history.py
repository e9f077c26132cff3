"""The history of the subtype lists: a word an older shipped edition listed and a later one
dropped (Anteater, a creature type from 2009-07-11 to 2014-09-25), for TL303 and for the
checks that must not take such a word for a misspelling.

It is read from every shipped edition, so it is built only when a check meets a word its
edition does not list, and then once per run.
"""

from __future__ import annotations

import functools

from mtg_typeline.notation import fold
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset.editions import edition_dates, load_edition
from mtg_typeline.ruleset.model import RuleSet, SubtypeList

__all__ = ["Run", "dropped", "listed_later"]


class Run(NamedTuple):
    """A run of consecutive shipped editions whose list holds a word."""

    entry: str  # as the list spelt it
    sublist: SubtypeList  # the list, as the last edition of the run had it
    first: str  # the first edition of the run
    last: str  # the last edition of the run
    removed: str | None  # the edition after `last`, the first without the word (None: newest)


def dropped(word: str, rules: RuleSet) -> Run | None:
    """Where `word` (any case) was last listed before `rules`'s edition, when that edition no
    longer lists it; None for a word no earlier shipped edition listed, or one it lists."""
    if rules.subtype_lists(word):
        return None
    runs = _runs(edition_dates()).get(fold(" ".join(word.split())), ())
    before = [r for r in runs if r.removed is not None and r.removed <= rules.edition]
    return before[-1] if before else None


def listed_later(word: str, rules: RuleSet) -> Run | None:
    """The first run of editions newer than `rules`'s that lists `word` (any case), when that
    edition does not: a word of the rules to come (Dinosaur under 2009-07-11), not a typo."""
    if rules.subtype_lists(word):
        return None
    runs = _runs(edition_dates()).get(fold(" ".join(word.split())), ())
    return next((r for r in runs if r.first > rules.edition), None)


@functools.cache
def _runs(editions: tuple[str, ...]) -> dict[str, tuple[Run, ...]]:
    """Every folded entry of the lists of every edition (shipped or user-imported: kept per
    tuple of `editions`, as an import adds one), with each run of editions that holds it,
    oldest first."""
    open_runs: dict[tuple[str, str], tuple[str, str, SubtypeList]] = {}  # (key, list) -> run so far
    found: dict[str, list[Run]] = {}
    previous = ""
    for edition in editions:
        here = {(fold(e), s.key): (e, s) for s in load_edition(edition).lists for e in s.entries}
        for pair, (first, entry, sublist) in _closed(open_runs, here):
            found.setdefault(pair[0], []).append(Run(entry, sublist, first, previous, edition))
        for pair, (entry, sublist) in here.items():
            start = open_runs.get(pair, (edition, entry, sublist))[0]
            open_runs[pair] = (start, entry, sublist)
        previous = edition
    for (key, _), (first, entry, sublist) in open_runs.items():
        found.setdefault(key, []).append(Run(entry, sublist, first, previous, None))
    return {k: tuple(sorted(v, key=lambda r: r.first)) for k, v in found.items()}


def _closed(
    open_runs: dict[tuple[str, str], tuple[str, str, SubtypeList]],
    here: dict[tuple[str, str], tuple[str, SubtypeList]],
) -> list[tuple[tuple[str, str], tuple[str, str, SubtypeList]]]:
    """The open runs whose word the edition `here` no longer lists, taken out of `open_runs`."""
    gone = [pair for pair in open_runs if pair not in here]
    return [(pair, open_runs.pop(pair)) for pair in gone]
