"""The shipped editions: which rule file stands for which Comprehensive Rules edition.

`rules/index.yaml`, written by the importer beside the rule files, lists each rule file with
the editions it covers: a run of editions whose type-line sections give the same rule file
but for the date shares the file of its first edition (2020-08-07 is read from
`2020-07-03.yaml`). Every covered effective date is a shipped edition; an edition is in force
from its date until the next one's.

The index is read as strictly as a rule file (`mtg_typeline.ruleset.index`), once: it is then
kept in the rule cache (`mtg_typeline.ruleset.cache`), so a start reads no YAML. This module is
on every run's path, so it compiles no pattern and defines no class it can do without.
"""

from __future__ import annotations

import os
from datetime import date
from functools import cache
from typing import TYPE_CHECKING, Any

from mtg_typeline.errors import UsageError

if TYPE_CHECKING:
    from mtg_typeline.ruleset.index import IndexEntry

__all__ = ["INDEX_FILE", "Index", "is_date", "read_index"]

INDEX_FILE = "index.yaml"


class Index:
    """The index of a folder of rule files: every covered effective date and its file."""

    __slots__ = ("_entries", "dates", "files", "folder", "path")

    def __init__(self, folder: str, files: dict[str, str]) -> None:
        self.folder = folder
        self.path = os.path.join(folder, INDEX_FILE)
        self.files = files  # effective date -> rule file name, oldest first
        self.dates: tuple[str, ...] = tuple(files)
        self._entries: tuple[IndexEntry, ...] | None = None

    @property
    def newest(self) -> str:
        return self.dates[-1]

    @property
    def entries(self) -> tuple[IndexEntry, ...]:
        """Every rule file of the index with what it covers and its counts, oldest first."""
        if self._entries is None:
            from mtg_typeline.ruleset.index import IndexEntry

            self._entries = tuple(IndexEntry.from_data(item) for item in _read(self.folder)["entries"])
        return self._entries

    def file_of(self, edition: str) -> str | None:
        """The path of the rule file of the edition effective on `edition` (exact), or None."""
        name = self.files.get(edition)
        return os.path.join(self.folder, name) if name else None

    def in_force(self, day: str) -> str:
        """The newest edition whose effective date is on or before `day` (YYYY-MM-DD)."""
        from bisect import bisect_right

        if not is_date(day):
            raise UsageError(f"--as-of {day!r} is not a date (YYYY-MM-DD)")
        at = bisect_right(self.dates, day)
        if at == 0:
            oldest = self.dates[0]
            raise UsageError(
                f"no shipped edition was in force on {day}: the oldest is in force from {oldest}"
            )
        return self.dates[at - 1]

    def unknown(self, edition: str) -> UsageError:
        """The error for an `edition` that is not an effective date the index covers."""
        listed = (
            f"{self.dates[0]} … {self.newest}, {len(self.dates)} editions; `typeline rules list` shows them"
        )
        message = (
            f"unknown edition {edition!r}: give the exact effective date of a shipped edition ({listed})"
        )
        if is_date(edition) and edition > self.dates[0]:
            message += f"; the edition in force on {edition} is {self.in_force(edition)}"
        return UsageError(message)


def is_date(text: str) -> bool:
    """Whether `text` is a real calendar date written YYYY-MM-DD."""
    try:
        # fromisoformat also takes 20200807 and week dates: only the plain form comes back the same
        return date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False


@cache
def read_index(folder: str) -> Index:
    """The index of the rule files in `folder`: from the rule cache, or read and validated."""
    files = _read(folder, "editions")["editions"]
    if not isinstance(files, dict) or not files:
        files = _read(folder, "editions", cached=False)["editions"]  # a cache entry of another shape
    return Index(folder, files)


def _read(folder: str, part: str = "entries", *, cached: bool = True) -> dict[str, Any]:
    """One part of the index in `folder`, as `ruleindex.parse_index` gives it: `editions`,
    all a run needs, or `entries`, all the index says. Each is cached on its own, so a run
    loads no more than it uses."""
    from mtg_typeline import __version__
    from mtg_typeline.ruleset import cache as rulecache

    path = os.path.join(folder, INDEX_FILE)
    key = rulecache.key_of(__version__, (path,))
    key = key and f"{key}\n{part}"
    data = rulecache.load(key) if key and cached else None
    if data is None or part not in data:
        from mtg_typeline.ruleset.index import read_index_file

        data = {part: read_index_file(path, folder)[part]}
        if key:
            rulecache.store(key, data)
    return data
