"""Subtypes printed only on Un-set and silver-bordered cards (Cow, Donkey): words of no
edition of the rules, and never renamed, that old card databases are full of.

A typo guess for such a word changes its meaning (Cow is no Clown), so TL302 names what the
word is instead, and `typeline lookup` says the same. The words are data,
`rules/unset-subtypes.yaml`, made from a corpus of real type lines by
tests/update_unset_subtypes.py, each with one card that prints it and where that comes from.

Only a word no list holds needs this, so the file is read when TL302 first meets one, once
per run, through the rule cache (a run whose lines all pass reads nothing); a wheel holds
its data built (`ruleset.built`), so a first run reads no YAML for it.
"""

from __future__ import annotations

import functools
import os
from typing import Any

from mtg_typeline import __version__
from mtg_typeline.notation import fold
from mtg_typeline.ruleset import built as builtdata
from mtg_typeline.ruleset import cache as rulecache
from mtg_typeline.ruleset.editions import shipped_folder
from mtg_typeline.ruleset.model import UnsetSubtype

__all__ = ["UNSET_SUBTYPES_FILE", "UnsetSubtype", "unset_subtype", "unset_subtypes_path"]

UNSET_SUBTYPES_FILE = "unset-subtypes.yaml"


def unset_subtypes_path() -> str:
    """The data file, beside the shipped rule files."""
    return os.path.join(shipped_folder(), UNSET_SUBTYPES_FILE)


def unset_subtype(word: str, *, any_case: bool = False) -> UnsetSubtype | None:
    """The entry written exactly `word` (as the checks match a word on a type line), or with
    `any_case` in any case (as `typeline lookup` compares); None for any other word."""
    exact, folded = _entries()
    return folded.get(fold(word)) if any_case else exact.get(word)


@functools.cache
def _entries() -> tuple[dict[str, UnsetSubtype], dict[str, UnsetSubtype]]:
    entries = _load(unset_subtypes_path())
    return {e.word: e for e in entries}, {fold(e.word): e for e in entries}


def _load(path: str) -> tuple[UnsetSubtype, ...]:
    """The entries of the file at `path`: from the rule cache, else from the data built into
    the wheel (`ruleset.built`) while the file is as it was built, else read and checked;
    then cached."""
    key = rulecache.key_of(__version__, (path,))
    data = rulecache.load(key) if key else None
    entries = _entries_of(data)
    if entries is not None:
        return entries
    entries = _entries_of(builtdata.load((path,), __version__))
    if entries is None:
        from mtg_typeline.ruleset import validate  # YAML: only when neither has a copy

        entries = validate.load_unset_subtypes(path)
    if key:
        rulecache.store(key, {"unset_subtypes": [tuple(e) for e in entries]})
    return entries


def _entries_of(data: dict[str, Any] | None) -> tuple[UnsetSubtype, ...] | None:
    """The entries of the data of a cache or a built file; None where there is none, or
    data of another shape."""
    if data is None:
        return None
    try:
        return tuple(UnsetSubtype(*item) for item in data["unset_subtypes"])
    except (KeyError, TypeError, ValueError):
        return None
