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
from mtg_typeline.ruleset.index import read_index_file


def write(folder: str, version: str) -> list[str]:
    """Build the rule data of the rule files in `folder` into its `built/`: the index's
    editions, and every rule file the index names. The names of the files written."""
    os.makedirs(os.path.join(folder, FOLDER), exist_ok=True)
    index, renames = os.path.join(folder, INDEX_FILE), os.path.join(folder, RENAMES_FILE)
    editions = read_index_file(index, folder)["editions"]
    written = [_write((index,), {"editions": editions}, version)]
    renamed = validate.load_renames(renames)
    for name in sorted(set(editions.values())):
        path = os.path.join(folder, name)
        rules = validate.parse_rules(path, validate.read_text(path), renamed)
        written.append(_write((path, renames), cache.to_data(rules), version))
    return written


def _write(sources: tuple[str, ...], data: dict[str, Any], version: str) -> str:
    built = {"format": FORMAT, "version": version, "sources": stamps(sources), "data": data}
    target = path_of(sources[0])
    with open(target, "w", encoding="utf-8") as stream:
        # frozensets (a list's card types) as sorted lists: `built.rule_data` turns them back
        json.dump(built, stream, ensure_ascii=False, sort_keys=True, default=sorted)
    return os.path.basename(target)
