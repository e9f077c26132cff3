"""The history of the lists kept in the rule cache (ruleset/history.py): a run that meets a
word its edition does not list reads one entry instead of every edition, and the entry says
what reading every edition says."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mtg_typeline.ruleset import history, load_rules
from mtg_typeline.ruleset.editions import edition_dates


@pytest.fixture
def fresh_history(rule_cache: Path) -> Iterator[Path]:
    history._runs.cache_clear()
    yield rule_cache
    history._runs.cache_clear()


def test_the_kept_history_is_the_history_read_from_every_edition(
    fresh_history: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dates = edition_dates()
    read = history._read_runs(dates)
    assert history._runs(dates) == read  # read, then kept
    history._runs.cache_clear()

    def not_again(editions: tuple[str, ...]) -> None:
        raise AssertionError("the editions were read again")

    monkeypatch.setattr(history, "_read_runs", not_again)
    assert history._runs(dates) == read  # from the rule cache
    rules = load_rules()
    dropped = history.dropped("Anteater", rules)
    assert dropped is not None and dropped.sublist.key == "creature" and dropped.removed is not None
    assert dropped.sublist in load_rules(dropped.last).lists
    later = history.listed_later("Dinosaur", load_rules(dates[0]))
    assert later is not None and later.first > dates[0] and later.entry == "Dinosaur"


def test_other_editions_are_kept_apart(fresh_history: Path) -> None:
    dates = edition_dates()
    history._runs(dates)
    history._runs.cache_clear()
    older = dates[:-1]  # as if the newest were not there: another key, read afresh
    assert history._cache_key(older) != history._cache_key(dates)
    assert history._runs(older) == history._read_runs(older)


def test_a_damaged_entry_is_read_past(fresh_history: Path) -> None:
    dates = edition_dates()
    history._runs(dates)
    for entry in fresh_history.glob("rules-*.bin"):
        entry.write_bytes(b"\x00 not marshal")
    history._runs.cache_clear()
    assert history._runs(dates) == history._read_runs(dates)
