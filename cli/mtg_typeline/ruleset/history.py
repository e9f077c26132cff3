"""The history of the subtype lists: a word an older shipped edition listed and a later one
dropped (Anteater, a creature type from 2009-07-11 to 2014-09-25), for TL303 and for the
checks that must not take such a word for a misspelling.

It is read from every shipped edition, so it is built only when a check meets a word its
edition does not list, and then once per run.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from mtg_typeline.notation import fold
from mtg_typeline.ruleset.editions import load_edition, shipped_editions
from mtg_typeline.ruleset.model import RuleSet, SubtypeList


class Dropped(NamedTuple):
    """A word of a list that an edition dropped: the list's last run of editions holding it."""

    entry: str  # as the list spelt it
    sublist: SubtypeList  # the list, as the last edition holding the word had it
    first: str  # the first edition of the run
    last: str  # the last edition of the run
    removed: str  # the edition after `last`, the first without the word


def dropped(word: str, rules: RuleSet) -> Dropped | None:
    """Where `word` (any case) was last listed before `rules`'s edition, when that edition no
    longer lists it; None for a word no earlier shipped edition listed, or one it lists."""
    if rules.subtype_lists(word):
        return None
    runs = _runs().get(fold(" ".join(word.split())), ())
    before = [r for r in runs if r.removed <= rules.edition]
    return before[-1] if before else None


@functools.cache
def _runs() -> dict[str, tuple[Dropped, ...]]:
    """Every folded entry of every shipped edition's lists, with each run of editions that
    ends before the newest (a run still going has dropped nothing), oldest first."""
    editions = shipped_editions()
    open_runs: dict[tuple[str, str], tuple[str, str, SubtypeList]] = {}  # (key, list) -> run so far
    found: dict[str, list[Dropped]] = {}
    previous = ""
    for edition in editions:
        here = {(fold(e), s.key): (e, s) for s in load_edition(edition).lists for e in s.entries}
        for pair, (first, entry, sublist) in _closed(open_runs, here):
            found.setdefault(pair[0], []).append(Dropped(entry, sublist, first, previous, edition))
        for pair, (entry, sublist) in here.items():
            start = open_runs.get(pair, (edition, entry, sublist))[0]
            open_runs[pair] = (start, entry, sublist)
        previous = edition
    return {k: tuple(sorted(v, key=lambda d: d.removed)) for k, v in found.items()}


def _closed(
    open_runs: dict[tuple[str, str], tuple[str, str, SubtypeList]],
    here: dict[tuple[str, str], tuple[str, SubtypeList]],
) -> list[tuple[tuple[str, str], tuple[str, str, SubtypeList]]]:
    """The open runs whose word the edition `here` no longer lists, taken out of `open_runs`."""
    gone = [pair for pair in open_runs if pair not in here]
    return [(pair, open_runs.pop(pair)) for pair in gone]
