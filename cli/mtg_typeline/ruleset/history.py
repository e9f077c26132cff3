"""The history of the subtype lists: a word an older shipped edition listed and a later one
dropped (Anteater, a creature type from 2009-07-11 to 2014-09-25), for TL303 and for the
checks that must not take such a word for a misspelling.

It is read from every edition, so it is built only when a check meets a word its edition
does not list, and then once per run; and it is kept in the rule cache (`ruleset.cache`,
keyed by every edition's date and rule file), so that a run that meets a misspelling reads
one entry instead of every edition. A wheel carries the history of the shipped editions
built in (`ruleset.built`, history.json), for a first run. Each run's list is kept by its
key; a `Run` is made with its list, from the edition that ends it, only for a word asked
about.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable

from mtg_typeline import __version__
from mtg_typeline.notation import fold
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset import built
from mtg_typeline.ruleset import cache as rulecache
from mtg_typeline.ruleset.editions import (
    INDEX_FILE,
    RENAMES_FILE,
    edition_dates,
    edition_index,
    load_edition,
    renames_path,
    shipped_index,
)
from mtg_typeline.ruleset.model import RuleSet, SubtypeList

__all__ = ["HISTORY_FILE", "Run", "collect_runs", "dropped", "history_sources", "listed_later"]

HISTORY_FILE = "history.json"  # in the built data of a wheel (`ruleset.built`)


class Run(NamedTuple):
    """A run of consecutive shipped editions whose list holds a word."""

    entry: str  # as the list spelt it
    sublist: SubtypeList  # the list, as the last edition of the run had it
    first: str  # the first edition of the run
    last: str  # the last edition of the run
    removed: str | None  # the edition after `last`, the first without the word (None: newest)


def dropped(word: str, rules: RuleSet, dates: tuple[str, ...] | None = None) -> Run | None:
    """Where `word` (any case) was last listed before `rules`'s edition, when that edition no
    longer lists it; None for a word no earlier shipped edition listed, or one it lists.
    `dates`: every edition a command may name (`edition_dates`), where the caller keeps them."""
    if rules.subtype_lists(word):
        return None
    runs = _runs_of(word, dates)
    before = [r for r in runs if r[4] is not None and r[4] <= rules.edition]
    return _run(before[-1]) if before else None


def listed_later(word: str, rules: RuleSet, dates: tuple[str, ...] | None = None) -> Run | None:
    """The first run of editions newer than `rules`'s that lists `word` (any case), when that
    edition does not: a word of the rules to come (Dinosaur under 2009-07-11), not a typo
    (`dates` as for `dropped`)."""
    if rules.subtype_lists(word):
        return None
    runs = _runs_of(word, dates)
    return next((_run(r) for r in runs if r[2] > rules.edition), None)


# A run as kept: (entry, list key, first, last, removed); `_run` makes the `Run` of one.
_Kept = tuple[str, str, str, str, str | None]


def listed_words(dates: tuple[str, ...] | None = None) -> frozenset[str]:
    """Every word (folded) that some edition of `dates` (default every one) lists: `dropped`
    and `listed_later` find nothing for any other word."""
    return frozenset(_runs(edition_dates() if dates is None else dates))


def _runs_of(word: str, dates: tuple[str, ...] | None = None) -> tuple[_Kept, ...]:
    """The runs of editions (`dates`, default every one) whose lists hold `word` (any case),
    oldest first."""
    return _runs(edition_dates() if dates is None else dates).get(fold(" ".join(word.split())), ())


def _run(kept: _Kept) -> Run:
    """The `Run` of a kept run, with its list as the edition that ends it has it."""
    entry, key, first, last, removed = kept
    sublist = next(s for s in load_edition(last).lists if s.key == key)
    return Run(entry, sublist, first, last, removed)


@functools.cache
def _runs(editions: tuple[str, ...]) -> dict[str, tuple[_Kept, ...]]:
    """Every folded entry of the lists of every edition (shipped or user-imported: kept per
    tuple of `editions`, as an import adds one), with each run of editions that holds it,
    oldest first, each as (entry, list key, first, last, removed): from the rule cache when
    it holds them for these editions' files as they are now, else from the history built
    into the wheel (the shipped editions only), else read from every edition."""
    key = _cache_key(editions)
    data = rulecache.load(key) if key else None
    if data is not None and isinstance(kept := data.get("runs"), dict):
        return kept
    runs = _built_runs(editions)
    if runs is None:
        runs = _read_runs(editions)
    if key:
        rulecache.store(key, {"runs": runs})
    return runs


def history_sources(folder: str, files: dict[str, str]) -> tuple[str, ...]:
    """The files the history of the shipped editions is built from: the index in `folder`,
    each rule file it names (`files`: date -> name), and the renames."""
    named = (os.path.join(folder, name) for name in sorted(set(files.values())))
    return (os.path.join(folder, INDEX_FILE), *named, os.path.join(folder, RENAMES_FILE))


def _built_runs(editions: tuple[str, ...]) -> dict[str, tuple[_Kept, ...]] | None:
    """The history built into a wheel (`ruleset.built`), when `editions` are the shipped ones
    and their files are as they were built; else None."""
    index = shipped_index()
    if editions != index.dates:
        return None  # (editions a user imported)
    sources = history_sources(index.folder, index.files)
    data = built.load(sources, __version__, os.path.join(index.folder, built.FOLDER, HISTORY_FILE))
    try:
        if data is None or tuple(data["editions"]) != editions:
            return None
        return {word: tuple(tuple(run) for run in runs) for word, runs in data["runs"].items()}
    except (KeyError, TypeError, AttributeError):
        return None  # data of another shape


def _cache_key(editions: tuple[str, ...]) -> str | None:
    """The rule cache's key of the history of `editions`: each date with its rule file, and
    every rule file as it is now (see `ruleset.cache.key_of`)."""
    index = edition_index()
    files = [index.file_of(edition) or "" for edition in editions]
    base = rulecache.key_of(__version__, (*sorted(set(files)), renames_path()))
    if base is None:
        return None
    return "history\n" + "\n".join(f"{e}\0{f}" for e, f in zip(editions, files, strict=True)) + "\n" + base


def _read_runs(editions: tuple[str, ...]) -> dict[str, tuple[_Kept, ...]]:
    """`_runs`, read from every edition."""
    return collect_runs(editions, lambda edition: load_edition(edition).lists)


def collect_runs(
    editions: tuple[str, ...], lists_of: Callable[[str], tuple[SubtypeList, ...]]
) -> dict[str, tuple[_Kept, ...]]:
    """`_runs` of `editions`, the lists of each given by `lists_of`."""
    open_runs: dict[tuple[str, str], tuple[str, str, SubtypeList]] = {}  # (key, list) -> run so far
    found: dict[str, list[_Kept]] = {}
    previous = ""
    for edition in editions:
        here = {(fold(e), s.key): (e, s) for s in lists_of(edition) for e in s.entries}
        for pair, (first, entry, sublist) in _closed(open_runs, here):
            found.setdefault(pair[0], []).append((entry, sublist.key, first, previous, edition))
        for pair, (entry, sublist) in here.items():
            start = open_runs.get(pair, (edition, entry, sublist))[0]
            open_runs[pair] = (start, entry, sublist)
        previous = edition
    for (key, _), (first, entry, sublist) in open_runs.items():
        found.setdefault(key, []).append((entry, sublist.key, first, previous, None))
    return {k: tuple(sorted(v, key=lambda r: r[2])) for k, v in found.items()}


def _closed(
    open_runs: dict[tuple[str, str], tuple[str, str, SubtypeList]],
    here: dict[tuple[str, str], tuple[str, SubtypeList]],
) -> list[tuple[tuple[str, str], tuple[str, str, SubtypeList]]]:
    """The open runs whose word the edition `here` no longer lists, taken out of `open_runs`."""
    gone = [pair for pair in open_runs if pair not in here]
    return [(pair, open_runs.pop(pair)) for pair in gone]
