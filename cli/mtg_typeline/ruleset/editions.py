"""The shipped editions: where the shipped rule files are, which file stands for which
Comprehensive Rules edition, and the rules of an edition or of any full rule file, read
through the rule cache.

`rules/index.yaml`, written by the importer beside the rule files, lists each rule file with
the editions it covers: a run of editions whose type-line sections give the same rule file
but for the date shares the file of its first edition (2020-08-07 is read from
`2020-07-03.yaml`). Every covered effective date is a shipped edition; an edition is in force
from its date until the next one's.

Beside them, the editions the user imported (`typeline rules update`) are kept in the `rules`
folder of the user's data directory (`user_folder`), with an index of the same schema;
`edition_index` merges both, a shipped edition winning over a user-imported one of the same
date, and every command that names an edition reads that merged index. With no user index,
finding out costs one `stat` per run.

The index and the rule files are read as strictly as the schema says (`index` and `validate`),
once: their checked contents are then kept in the rule cache (`cache`), so a start reads no
YAML. Those two modules are imported only when the cache has no copy: that laziness is the
design, as this module is on every run's path (so it also compiles no pattern and defines no
class it can do without).
"""

from __future__ import annotations

import functools
import os
from bisect import bisect_right
from typing import TYPE_CHECKING, Any

from mtg_typeline import __version__
from mtg_typeline.errors import RulesDataError, UsageError
from mtg_typeline.ruleset import built as builtdata
from mtg_typeline.ruleset import cache as rulecache
from mtg_typeline.ruleset.model import RuleSet, is_date

if TYPE_CHECKING:
    from pathlib import Path

    from mtg_typeline.ruleset.index import IndexEntry

__all__ = [
    "INDEX_FILE",
    "NEWEST",
    "RENAMES_FILE",
    "Index",
    "edition_dates",
    "edition_index",
    "forget_editions",
    "is_date",
    "load_as_edition",
    "load_edition",
    "load_rule_file",
    "read_index",
    "rules_dir",
    "shipped_editions",
    "shipped_folder",
    "shipped_index",
    "user_folder",
    "user_index",
]

RULES_DIR_NAME = "rules"
NEWEST = "newest"  # the name of the newest shipped edition, wherever an edition is named
RENAMES_FILE = "renames.yaml"
INDEX_FILE = "index.yaml"
DATA_ENV = "TYPELINE_DATA_DIR"


def rules_dir() -> Path:
    """The shipped rule files: inside the installed package (a wheel), or the top-level
    `rules/` of a checkout (an editable install, or the source tree)."""
    from pathlib import Path  # pathlib is slow to import, and a run needs it only here

    return Path(shipped_folder())


@functools.cache
def shipped_folder() -> str:
    """`rules_dir` as a string: what every run uses (os.path, not pathlib, which is slow to import)."""
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # mtg_typeline/
    for candidate in (
        os.path.join(package, RULES_DIR_NAME),  # mtg_typeline/rules/, in a wheel
        os.path.join(os.path.dirname(os.path.dirname(package)), RULES_DIR_NAME),  # cli/../rules/
    ):
        if os.path.isfile(os.path.join(candidate, RENAMES_FILE)):
            return candidate
    where = os.path.join(package, RULES_DIR_NAME)
    raise RulesDataError(f"the shipped rule files are missing (looked in {where})")


def renames_path() -> str:
    """The renames data file, beside the shipped rule files: every rule set carries it."""
    return os.path.join(shipped_folder(), RENAMES_FILE)


class Index:
    """The index of a folder of rule files: every covered effective date and its file."""

    __slots__ = ("_entries", "dates", "files", "folder", "path", "user")

    def __init__(self, folder: str, files: dict[str, str], user: Index | None = None) -> None:
        self.folder = folder
        self.path = os.path.join(folder, INDEX_FILE)
        # effective date -> rule file: its name in `folder`, or (a user's, merged in) its path
        self.files = files
        self.dates: tuple[str, ...] = tuple(files)
        self.user = user  # the user's index merged into this one, if any
        self._entries: tuple[IndexEntry, ...] | None = None

    @property
    def newest(self) -> str:
        return self.dates[-1]

    @property
    def entries(self) -> tuple[IndexEntry, ...]:
        """Every rule file of the index with what it covers and its counts, oldest first."""
        if self._entries is None:
            from mtg_typeline.ruleset.index import IndexEntry  # only for those who ask

            self._entries = tuple(IndexEntry.from_data(item) for item in _read(self.folder)["entries"])
        return self._entries

    def imported_from(self, edition: str) -> str | None:
        """Where the user-imported `edition` came from (the URL or file `rules update` read),
        or None for a shipped edition (which wins over a user's of the same date)."""
        user = self.user
        if user is None or self.file_of(edition) != user.file_of(edition):
            return None
        for entry in user.entries:
            for day, source in entry.covers:
                if day == edition:
                    return source
        return None

    def file_of(self, edition: str) -> str | None:
        """The path of the rule file of the edition effective on `edition` (exact), or None."""
        name = self.files.get(edition)
        return os.path.join(self.folder, name) if name else None

    def resolve(self, name: str, *, as_of: bool = False) -> str:
        """The effective date of the edition `name` names: `newest`, or a date (2026-9-25 is
        read as 2026-09-25). A date that is no edition's is a `UsageError` naming the nearest
        editions, and `--as-of` when the command has it (`as_of`)."""
        if name.strip().casefold() == NEWEST:
            return self.newest
        day = normal_date(name)
        if day in self.files:
            return day
        raise self.unknown(name, as_of=as_of)

    def in_force(self, day: str) -> str:
        """The newest edition whose effective date is on or before `day` (YYYY-MM-DD; a month
        or day of one digit is read as 2024-6-1 → 2024-06-01)."""
        given, day = day, normal_date(day)
        if not is_date(day):
            newest = given.strip().casefold() == NEWEST
            hint = "; for the newest edition, give --edition newest" if newest else ""
            raise UsageError(f"--as-of {given!r} is not a date (YYYY-MM-DD){hint}")
        at = bisect_right(self.dates, day)
        if at == 0:
            oldest = self.dates[0]
            raise UsageError(
                f"no shipped edition was in force on {day}: the oldest is in force from {oldest}"
            )
        return self.dates[at - 1]

    def unknown(self, edition: str, *, as_of: bool = False) -> UsageError:
        """The error for an `edition` that is not an effective date the index covers."""
        listed = (
            f"{self.dates[0]} … {self.newest}, {len(self.dates)} editions; `typeline rules list` shows them"
        )
        message = (
            f"unknown edition {edition!r}: give the exact effective date of a shipped edition ({listed})"
        )
        day = normal_date(edition)
        if is_date(day) and day > self.dates[0]:
            message += self._nearest(day, as_of=as_of)
        return UsageError(message)

    def _nearest(self, day: str, *, as_of: bool) -> str:
        """'; the editions nearest 2024-06-01 are 2024-03-08 and 2024-06-07; …' for a date
        between editions (or after the newest), with the edition in force on it."""
        at = bisect_right(self.dates, day)
        near = self.dates[at - 1 : at + 1]
        said = f"; the edition nearest {day} is {near[0]}"
        if len(near) == 2:
            said = f"; the editions nearest {day} are {near[0]} and {near[1]}"
        if as_of:
            return f"{said}; `--as-of {day}` gives the edition in force on that day, {near[0]}"
        return f"{said}; the edition in force on that day is {near[0]}"


def normal_date(text: str) -> str:
    """`text` with a month or day of one digit written with two (2026-9-5 → 2026-09-05), so
    that a date typed by hand names its edition; anything else comes back as it was."""
    parts = text.strip().split("-")
    if len(parts) != 3 or not all(p.isdigit() and p.isascii() for p in parts) or len(parts[0]) != 4:
        return text
    if not all(1 <= len(p) <= 2 for p in parts[1:]):
        return text
    return f"{parts[0]}-{int(parts[1]):02d}-{int(parts[2]):02d}"


@functools.cache
def read_index(folder: str) -> Index:
    """The index of the rule files in `folder`: from the rule cache, or read and validated."""
    files = _read(folder, "editions")["editions"]
    if not isinstance(files, dict) or not files:
        files = _read(folder, "editions", cached=False)["editions"]  # a cache entry of another shape
    return Index(folder, files)


def _read(folder: str, part: str = "entries", *, cached: bool = True) -> dict[str, Any]:
    """One part of the index in `folder`, as `index.parse_index` gives it: `editions`, all a
    run needs, or `entries`, all the index says. Each is cached on its own, so a run loads
    no more than it uses."""
    path = os.path.join(folder, INDEX_FILE)
    key = rulecache.key_of(__version__, (path,))
    key = key and f"{key}\n{part}"
    data = rulecache.load(key) if key and cached else None
    if data is None or part not in data:
        built = builtdata.load((path,), __version__) if cached else None
        if built is not None and part in built:
            data = {part: built[part]}
        else:
            from mtg_typeline.ruleset.index import read_index_file  # YAML: only with no copy

            data = {part: read_index_file(path, folder)[part]}
        if key:
            rulecache.store(key, data)
    return data


def shipped_index() -> Index:
    """The index of the shipped rule files: every edition they cover, and which file does."""
    return read_index(shipped_folder())


def shipped_editions() -> tuple[str, ...]:
    """Effective dates of the shipped editions (every one the index covers), oldest first."""
    return shipped_index().dates


def user_folder() -> str | None:
    """Where `typeline rules update` keeps the editions it imported: `rules/` in the user's
    data directory, `$TYPELINE_DATA_DIR`, else `$XDG_DATA_HOME/mtg-typeline`, else
    `~/.local/share/mtg-typeline`. None when `TYPELINE_DATA_DIR` is empty (no user editions)
    or there is no home directory. Asked for each unknown word a check meets, so it is
    worked out once for each value of the variables it reads (a relative path: each time)."""
    chosen, base, home = os.environ.get(DATA_ENV), os.environ.get("XDG_DATA_HOME", ""), os.environ.get("HOME")
    if chosen and not os.path.isabs(chosen):
        return _user_folder(chosen, base)
    return _user_folder_of(chosen, base, home)


@functools.lru_cache(maxsize=8)
def _user_folder_of(chosen: str | None, base: str, home: str | None) -> str | None:
    """`_user_folder`, remembered by the variables it reads (`home` only as a key: it is
    what `expanduser` reads)."""
    return _user_folder(chosen, base)


def _user_folder(chosen: str | None, base: str) -> str | None:
    if chosen is None:
        if not os.path.isabs(base):  # the XDG rule: a relative path is ignored
            home = os.path.expanduser("~")
            if not os.path.isabs(home):
                return None
            base = os.path.join(home, ".local", "share")
        chosen = os.path.join(base, "mtg-typeline")
    return os.path.join(os.path.abspath(chosen), RULES_DIR_NAME) if chosen else None


def edition_index() -> Index:
    """Every edition a command may name: the shipped ones and the user-imported ones of
    other dates (a shipped edition wins over a user's of the same date), oldest first."""
    return _merged(shipped_folder(), user_folder())


def edition_dates() -> tuple[str, ...]:
    """Effective dates of every edition a command may name (`edition_index`), oldest first."""
    return edition_index().dates


def user_index() -> str | None:
    """The path of the index of the user-imported editions, when there is one (one `stat`)."""
    folder = user_folder()
    path = os.path.join(folder, INDEX_FILE) if folder else None
    return path if path and os.path.isfile(path) else None


@functools.cache
def _merged(shipped: str, user: str | None) -> Index:
    index = read_index(shipped)
    if user is None or not os.path.isfile(os.path.join(user, INDEX_FILE)):  # the one stat
        return index
    try:
        mine = read_index(user)
    except RulesDataError as exc:  # a damaged index of the user's: say how to get out of it
        raise RulesDataError(
            f"{exc}; it lists the editions imported by `typeline rules update`: remove the folder "
            f"{user} (or set {DATA_ENV} to another) and import them again"
        ) from None
    files = {day: os.path.join(user, name) for day, name in mine.files.items()}
    files.update((day, os.path.join(shipped, name)) for day, name in index.files.items())
    return Index(shipped, dict(sorted(files.items())), mine)


def forget_editions() -> None:
    """Forget what this process read of the indexes, after the user's one was rewritten."""
    for cached in (_merged, read_index, load_rule_file, load_as_edition):
        cached.cache_clear()


def load_edition(edition: str | None = None) -> RuleSet:
    """The rule set of the shipped or user-imported `edition` (its effective date, or `newest`; default: the
    newest). An edition that shares the rule file of an earlier one is that file's rules
    under its own date."""
    index = edition_index()
    chosen = index.newest if edition is None else index.resolve(edition)  # "" is no edition
    file = index.file_of(chosen)
    if file is None:
        raise index.unknown(chosen)
    return load_as_edition(file, chosen)


@functools.cache
def load_as_edition(path: str, edition: str) -> RuleSet:
    """The rules of the file at `path` under the effective date `edition` of an edition it covers."""
    rules = load_rule_file(path)
    if rules.edition == edition:
        return rules
    data = rulecache.to_data(rules)
    # the words the importer writes for an edition's own file, with this edition's date
    data["name"] = rules.name.replace(rules.edition, edition)
    data["source"] = rules.source.replace(f"effective {rules.edition},", f"effective {edition},")
    data["edition"] = edition
    return rulecache.from_data(path, data)


@functools.cache
def load_rule_file(path: str) -> RuleSet:
    """The rule set of the full rule file at `path` (a shipped one, or a user's), with the
    shipped renames: from the rule cache, else from the data built into a wheel (`built`),
    else read and validated; then cached."""
    renames = renames_path()
    key = rulecache.key_of(__version__, (path, renames))
    data = rulecache.load(key) if key else None
    if data is not None:
        try:
            return rulecache.from_data(path, data)
        except (KeyError, TypeError, ValueError):
            pass  # an entry of another shape: read the files
    rules = _built_rules(path, renames)
    if rules is None:
        from mtg_typeline.ruleset import validate  # YAML: only when neither has a copy

        rules = validate.parse_rules(path, validate.read_text(path), validate.load_renames(renames))
    if key:
        rulecache.store(key, rulecache.to_data(rules))
    return rules


def _built_rules(path: str, renames: str) -> RuleSet | None:
    """The rule set built into the wheel from the files at `path` and `renames` as they are
    now, or None (none built, or they changed since)."""
    built = builtdata.load((path, renames), __version__)
    if built is None:
        return None
    try:
        return rulecache.from_data(path, builtdata.rule_data(built))
    except (KeyError, TypeError, ValueError):
        return None  # data of another shape: read the files
