"""Writing the shipped rule data into a wheel as it is built (`setup.py`): the rule files of
a wheel's `mtg_typeline/rules/` read and validated once, into the JSON files that
`ruleset.built` loads (the layout is described there). Never on a run's path: this module
imports the validators, and PyYAML with them."""

from __future__ import annotations

import json
import os
from typing import Any

from mtg_typeline.ruleset import cache, validate
from mtg_typeline.ruleset.built import FOLDER, FORMAT, path_of, stamps
from mtg_typeline.ruleset.editions import INDEX_FILE, RENAMES_FILE
from mtg_typeline.ruleset.history import HISTORY_FILE, collect_runs, history_sources
from mtg_typeline.ruleset.index import read_index_file
from mtg_typeline.ruleset.unset_subtypes import UNSET_SUBTYPES_FILE


def write(folder: str, version: str) -> list[str]:
    """Build the rule data of the rule files in `folder` into its `built/`: the index's
    editions, every rule file the index names, the history of their lists, and the Un-set
    subtypes. The names of the files written."""
    os.makedirs(os.path.join(folder, FOLDER), exist_ok=True)
    index, renames = os.path.join(folder, INDEX_FILE), os.path.join(folder, RENAMES_FILE)
    editions = read_index_file(index, folder)["editions"]
    written = [_write((index,), {"editions": editions}, version)]
    renamed = validate.load_renames(renames)
    parsed = {}
    for name in sorted(set(editions.values())):
        path = os.path.join(folder, name)
        rules = parsed[name] = validate.parse_rules(path, validate.read_text(path), renamed)
        written.append(_write((path, renames), cache.to_data(rules), version))
    dates = tuple(editions)
    runs = collect_runs(dates, lambda date: parsed[editions[date]].lists)
    sources = history_sources(folder, editions)
    target = os.path.join(folder, FOLDER, HISTORY_FILE)
    written.append(_write(sources, {"editions": list(dates), "runs": runs}, version, target))
    unset = os.path.join(folder, UNSET_SUBTYPES_FILE)
    entries = validate.load_unset_subtypes(unset)
    written.append(_write((unset,), {"unset_subtypes": [list(entry) for entry in entries]}, version))
    return written


def _write(sources: tuple[str, ...], data: dict[str, Any], version: str, target: str | None = None) -> str:
    built = {"format": FORMAT, "version": version, "sources": stamps(sources), "data": data}
    target = target or path_of(sources[0])
    with open(target, "w", encoding="utf-8") as stream:
        # frozensets (a list's card types) as sorted lists: `built.rule_data` turns them back
        json.dump(built, stream, ensure_ascii=False, sort_keys=True, default=sorted)
    return os.path.basename(target)
