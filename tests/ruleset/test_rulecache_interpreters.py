"""The rule cache under several Python interpreters: `marshal`'s format is not promised
across versions, so each interpreter keeps entries of its own, and none reads another's."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import forget_rules

from mtg_typeline import __version__, ruleset
from mtg_typeline.ruleset import cache as rulecache
from mtg_typeline.ruleset import load_rules

SHIPPED = (str(ruleset.rules_dir() / "2026-09-25.yaml"), str(ruleset.rules_dir() / "renames.yaml"))


def fresh() -> ruleset.RuleSet:
    """The newest shipped rules, read from the cache or the files (not from this process)."""
    forget_rules()
    return load_rules(None, None)


def another_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process seen as another Python version, with another marshal format."""
    seen = {**vars(sys.implementation), "cache_tag": "cpython-399"}
    monkeypatch.setattr(sys, "implementation", SimpleNamespace(**seen))
    monkeypatch.setattr(sys, "version_info", (3, 99, 0, "final", 0))


def test_the_key_names_the_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    here = rulecache.key_of(__version__, SHIPPED)
    assert here is not None
    assert sys.implementation.cache_tag is None or sys.implementation.cache_tag in here
    another_interpreter(monkeypatch)
    there = rulecache.key_of(__version__, SHIPPED)
    assert there is not None and there != here


def test_an_interpreter_never_reads_anothers_entry(rule_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = rulecache.to_data(fresh())
    first = set(rule_cache.iterdir())  # the first interpreter's entries (the rules, the index)
    key = rulecache.key_of(__version__, SHIPPED)
    assert key is not None
    rulecache.store(key, {**expected, "name": "written by the first interpreter"})
    another_interpreter(monkeypatch)
    assert rulecache.to_data(fresh()) == expected  # its own entry, from the files
    assert rulecache.to_data(fresh()) == expected  # then from its own entry
    entries = set(rule_cache.iterdir())
    assert entries > first and len(entries) == 2 * len(first)  # the first one's are still there
    monkeypatch.undo()
    monkeypatch.setenv("TYPELINE_CACHE_DIR", str(rule_cache))
    assert fresh().name == "written by the first interpreter"  # (warm: its entry was left alone)
