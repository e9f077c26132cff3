"""The shipped rule data built into a wheel: each shipped rule file, and the editions of the
index, read and validated when the wheel is built (`setup.py`, through `ruleset.prebuild`)
and kept as JSON in `rules/built/`, so that a first run (an empty rule cache: a fresh CI
machine, a new user) reads no YAML and imports no PyYAML.

The YAML files stay the one source. A built file names the files it was made from, with
the size and CRC-32 of each, and is used only while they still match (`load` reads them to
see): an edited rule file is read again, as the rule cache does. A checkout (an editable
install) has no built files, and its runs read the YAML through the rule cache. JSON, not
`marshal`: a wheel is installed under other Pythons than the one that built it.

    rules/built/2026-09-25.json  {"format": 1, "version": "0.1.0",
                                  "sources": {"2026-09-25.yaml": [size, crc32],
                                              "renames.yaml": [size, crc32]},
                                  "data": <ruleset.cache.to_data of the rule set>}
    rules/built/index.json       the same, of index.yaml; data: {"editions": {date: file}}
    rules/built/history.json     the history of the lists (`ruleset.history`), from index.yaml,
                                 every rule file it names and renames.yaml; data:
                                 {"editions": [date, ...], "runs": {word: [[entry, list,
                                 first, last, removed], ...]}}
    rules/built/unset-subtypes.json  the Un-set subtypes (`ruleset.unset_subtypes`), from
                                 unset-subtypes.yaml; data: {"unset_subtypes": [[word, kind,
                                 card, source], ...]}
"""

from __future__ import annotations

import json
import os
from binascii import crc32
from typing import Any

FOLDER = "built"  # beside the rule files
FORMAT = 1  # of the built files; bump when their layout changes
_TUPLES = ("card_types", "supertypes", "no_subtypes")


def path_of(source: str) -> str:
    """The built file of the YAML file at `source`: rules/built/<name>.json."""
    folder, name = os.path.split(source)
    return os.path.join(folder, FOLDER, os.path.splitext(name)[0] + ".json")


def load(sources: tuple[str, ...], version: str, target: str | None = None) -> dict[str, Any] | None:
    """The data built from `sources` (the first names the built file, unless `target` is
    its path) by this `version`, or None: no built file, one of another layout, or a source
    that changed since."""
    try:
        with open(target or path_of(sources[0]), "rb") as stream:
            built = json.loads(stream.read())
        fresh = built["format"] == FORMAT and built["version"] == version
        if not fresh or built["sources"] != stamps(sources):
            return None
        data: dict[str, Any] = built["data"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return data if isinstance(data, dict) else None


def stamps(sources: tuple[str, ...]) -> dict[str, list[int]]:
    """Each file's name with its size and CRC-32, as a built file records them."""
    stamps = {}
    for source in sources:
        with open(source, "rb") as stream:
            content = stream.read()
        stamps[os.path.basename(source)] = [len(content), crc32(content)]
    return stamps


def rule_data(data: dict[str, Any]) -> dict[str, Any]:
    """A rule set's data (`ruleset.cache.to_data`) as JSON gave it back: its lists made
    tuples and its card types frozensets again, for `ruleset.cache.from_data`."""
    data = dict(data)
    for name in _TUPLES:
        data[name] = tuple(data[name])
    data["lists"] = [
        (key, rule, name, frozenset(types), tuple(entries), whole)
        for key, rule, name, types, entries, whole in data["lists"]
    ]
    data["renames"] = [tuple(rename) for rename in data["renames"]]
    return data
