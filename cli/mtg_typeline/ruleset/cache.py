"""A cache of validated rule files, so a run usually starts without reading YAML at all.

Rule files change rarely and a run starts often (a pre-commit hook starts one per commit),
so the checked contents of a rule file, with the renames, are kept in the user's cache
directory: `$TYPELINE_CACHE_DIR`, else `$XDG_CACHE_HOME/mtg-typeline`, else
`~/.cache/mtg-typeline`; an empty `TYPELINE_CACHE_DIR` turns the cache off. An entry is
keyed by the tool's version, the Python interpreter (`marshal`'s format is not promised
from one Python version to the next, so interpreters sharing the cache keep entries of
their own rather than overwrite each other's) and each file's path, size and modification
time, so an edited file is read afresh. A cache that can't be read or written is passed over in silence: the
files themselves are always the truth.

The entries are written with `marshal` (built in, so loading one costs no import); they are
the tool's own files in the user's own directory, and anything unexpected in one is ignored.
A `RuleSet` goes in as plain data (`to_data`) and comes back out of it (`from_data`); the
modules that read rule files (`editions` for one full file, `custom` and `userfiles` for the
user's files) decide what an entry is keyed on.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import stat
import sys
from binascii import crc32  # (loaded by every run already: `ruleset.built`)
from typing import Any

from mtg_typeline.ruleset.model import Rename, RuleSet, SubtypeList
from mtg_typeline.ruleset.provenance import Provenance

FORMAT = 1  # of the entries; bump when their layout changes


def cache_dir() -> str | None:
    """Where entries are kept, or None when the cache is off."""
    chosen = os.environ.get("TYPELINE_CACHE_DIR")
    if chosen is not None:
        return chosen or None
    base = os.environ.get("XDG_CACHE_HOME")
    if not base or not os.path.isabs(base):  # (the XDG rule: a relative path is ignored)
        home = os.path.expanduser("~")
        if not os.path.isabs(home):
            return None  # no home directory to keep a cache in
        base = os.path.join(home, ".cache")
    return os.path.join(base, "mtg-typeline")


def key_of(version: str, paths: tuple[str, ...]) -> str | None:
    """The key of an entry for these files as they are now; None if one can't be read."""
    parts = [f"{FORMAT}", version, _interpreter()]
    folders: dict[str, str] = {}  # each folder's real path, worked out once (many files share one)
    try:
        for path in paths:
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):  # a link: its target, wherever that is
                real, info = os.path.realpath(path), os.stat(path)
            else:
                folder, name = os.path.split(path)
                if folder not in folders:
                    folders[folder] = os.path.realpath(folder)
                real = os.path.join(folders[folder], name)
            parts.append(f"{real}\0{info.st_size}\0{info.st_mtime_ns}")
    except OSError:
        return None
    return "\n".join(parts)


def _interpreter() -> str:
    """The Python that reads and writes entries: implementation, version, marshal format."""
    implementation = sys.implementation
    major, minor = sys.version_info[:2]
    return f"{implementation.name}-{major}.{minor}-{implementation.cache_tag}-marshal{marshal.version}"


def _file(folder: str, key: str) -> str:
    """The entry's file: named by two checksums of its key, forwards and backwards (the
    entry holds the key itself, so two keys of one name only miss each other)."""
    data = key.encode("utf-8", "surrogateescape")
    return os.path.join(folder, f"rules-{crc32(data):08x}{crc32(data[::-1]):08x}.bin")


def load(key: str) -> dict[str, Any] | None:
    """The cached contents for `key`, or None."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        with open(_file(folder, key), "rb") as stream:
            # loads of the whole file: load(stream) reads the file a few bytes at a time
            entry = marshal.loads(stream.read())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if not isinstance(entry, dict) or entry.get("key") != key or not isinstance(entry.get("data"), dict):
        return None
    data: dict[str, Any] = entry["data"]
    return data


def store(key: str, data: dict[str, Any]) -> None:
    """Keep `data` for `key`, written whole or not at all."""
    folder = cache_dir()
    if folder is None:
        return
    target = _file(folder, key)
    temporary = f"{target}.{os.getpid()}.tmp"
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        with open(temporary, "wb") as stream:
            marshal.dump({"key": key, "data": data}, stream)
        os.replace(temporary, target)
    except (OSError, ValueError):
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def to_data(rules: RuleSet) -> dict[str, Any]:
    """A validated rule set as plain data for an entry (what `marshal` can write)."""
    data: dict[str, Any] = {name: getattr(rules, name) for name in _PLAIN_FIELDS}
    data["summaries"] = dict(rules.summaries)
    data["citations"] = dict(rules.citations)
    data["lists"] = [tuple(s) for s in rules.lists]
    data["renames"] = [tuple(r) for r in rules.renames]
    if rules.provenance.files:
        data["provenance"] = rules.provenance.to_data()
    return data


def from_data(path: str, data: dict[str, Any]) -> RuleSet:
    """The rule set of the file at `path` from the plain data of `to_data`; `KeyError`,
    `TypeError` or `ValueError` for data of another shape."""
    fields = {name: data[name] for name in _PLAIN_FIELDS}
    fields["summaries"] = dict(data["summaries"])
    fields["citations"] = dict(data["citations"])
    fields["lists"] = tuple(SubtypeList(*s) for s in data["lists"])
    renames = tuple(Rename(*r) for r in data["renames"])
    provenance = Provenance.from_data(data.get("provenance"))
    return RuleSet(path=path, renames=renames, provenance=provenance, **fields)


_PLAIN_FIELDS = (
    "edition", "name", "source", "section", "card_types", "card_types_rule", "supertypes",
    "supertypes_rule", "no_subtypes", "no_subtypes_rule",
)  # fmt: skip
