"""The rule files a user gives (`--rules FILE`, repeatable; the `rules` configuration key):
full rule files and custom ones, chains of `extends:`, and the rule cache for them.

A full rule file (one without `extends:`) is read as it always was. A custom file is the
rules it extends (a shipped edition, or another rule file by a path relative to it) with
its changes applied; a chain of files that comes back to itself is an error naming it.

Several files apply one on top of another, in order: a custom file after the first applies
its changes to the rules built so far, and what it extends must be what it is applied on
(the same edition, or one of the files before it), so a set of custom files that each
extend `newest` can be given together; a full file replaces what came before it.

The result is kept in the rule cache keyed on every file it was built from (each file's
path, size and modification time, the shipped rule files included), so an edit anywhere in
a chain is seen at once. Only when the cache can't answer is `userfiles` imported to read
the files (and PyYAML with it): that laziness is the design, so a warm run reads no YAML.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from mtg_typeline import __version__
from mtg_typeline.errors import UsageError
from mtg_typeline.ruleset import cache as rulecache
from mtg_typeline.ruleset.editions import load_rule_file, renames_path, user_index

if TYPE_CHECKING:
    from mtg_typeline.ruleset.model import RuleSet

RulePaths = str | os.PathLike[str] | tuple[str | os.PathLike[str], ...] | list[str | os.PathLike[str]]
_KIND = "rule files"  # what the cache keys of these entries say, beside the version


def load_files(paths: RulePaths) -> RuleSet:
    """The rules of the user's rule files `paths`, each applied on top of the ones before."""
    given = (str(paths),) if isinstance(paths, str | os.PathLike) else tuple(str(p) for p in paths)
    if not given:
        raise UsageError("no rule file given")
    renames = renames_path()
    # the paths as given are in the key too: the rules name their files as they were given;
    # and whether the user imported editions, which can change what `newest` is
    mark = (__version__, _KIND, user_index() or "", *given)
    key = rulecache.key_of("\0".join(mark), (*given, renames))
    cached = _cached(key, given) if key else None
    if cached is not None:
        return cached
    from mtg_typeline.ruleset.userfiles import Loader  # YAML: only when the cache can't answer

    loader = Loader(renames)
    rules = loader.load(given)
    entry = loader.entry(rules)
    if key and entry:
        rulecache.store(key, entry)
    return rules


def _cached(key: str, given: tuple[str, ...]) -> RuleSet | None:
    entry = rulecache.load(key)
    if entry is None:
        return None
    if entry.get("full") is True and len(given) == 1:
        return load_rule_file(given[0])  # a full rule file alone: as it was always read
    try:
        files = tuple(entry["files"])
        if rulecache.key_of(__version__, files) != entry["key"]:
            return None  # a file of the chain changed
        return rulecache.from_data(entry["path"], entry["rules"])
    except (KeyError, TypeError, ValueError):
        return None  # an entry of another shape: read the files
