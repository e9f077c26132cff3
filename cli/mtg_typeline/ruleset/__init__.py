"""Rule files: reading them into a `RuleSet` (see `mtg_typeline.ruleset.model`).

A rule file describes the type-line section of one Comprehensive Rules edition: its card
types, supertypes, subtype lists (with rule numbers and the card types each belongs to),
the card types that have no subtypes, and a summary in our own words of every rule a
diagnostic cites. The schema is documented in README.md ("Rule files").

Here are the shipped rule files and their index, and the rule cache in front of them: a
file is validated (`mtg_typeline.ruleset.validate`, imported only then) when the cache has no
copy of it.
"""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING, Any

from mtg_typeline.errors import RulesDataError
from mtg_typeline.ruleset.editions import Index, read_index
from mtg_typeline.ruleset.model import Rename, RuleSet, SubtypeList
from mtg_typeline.ruleset.provenance import Provenance

__all__ = [
    "Rename",
    "RuleSet",
    "SubtypeList",
    "load_renames",
    "load_rules",
    "parse_rules",
    "rules_dir",
    "shipped_editions",
    "shipped_index",
]

if TYPE_CHECKING:
    from pathlib import Path

SCHEMA = 1
RULES_DIR_NAME = "rules"
RENAMES_FILE = "renames.yaml"

# What each check cites, by meaning; the rule file says which rule carries it.
REQUIRED_CITATIONS = ("type-line", "subtype-syntax", "correlation", "obsolete-subtypes")
OPTIONAL_CITATIONS = ("no-gaining", "choose-subtype")


def rules_dir() -> Path:
    """The shipped rule files: inside the installed package (a wheel), or the top-level
    `rules/` of a checkout (an editable install, or the source tree)."""
    from pathlib import Path

    return Path(_rules_dir())


@functools.cache
def _rules_dir() -> str:
    # os.path, not pathlib: this runs on every start, and pathlib is slow to import
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # mtg_typeline/
    for candidate in (
        os.path.join(package, RULES_DIR_NAME),  # mtg_typeline/rules/, in a wheel
        os.path.join(os.path.dirname(os.path.dirname(package)), RULES_DIR_NAME),  # cli/../rules/
    ):
        if os.path.isfile(os.path.join(candidate, RENAMES_FILE)):
            return candidate
    where = os.path.join(package, RULES_DIR_NAME)
    raise RulesDataError(f"the shipped rule files are missing (looked in {where})")


def shipped_index() -> Index:
    """The index of the shipped rule files: every edition they cover, and which file does."""
    return read_index(_rules_dir())


def shipped_editions() -> tuple[str, ...]:
    """Effective dates of the shipped editions (every one the index covers), oldest first."""
    return shipped_index().dates


def load_rules(edition: str | None = None, path: str | Path | tuple[str, ...] | None = None) -> RuleSet:
    """The rule set of a shipped `edition` (its exact effective date; default: the newest), or
    of the file at `path`. An edition that shares the rule file of an earlier one is that
    file's rules under its own date (see `mtg_typeline.ruleset.editions`)."""
    if path is not None:  # the user's rule files, full or custom, one or several in order
        from mtg_typeline.ruleset.custom import load_files

        return load_files(path)
    index = shipped_index()
    chosen = index.newest if edition is None else edition  # "" is no edition, not the newest
    file = index.file_of(chosen)
    if file is None:
        raise index.unknown(chosen)
    return _as_edition(file, chosen)


@functools.cache
def _as_edition(path: str, edition: str) -> RuleSet:
    """The rules of the file at `path` under the effective date `edition` of an edition it covers."""
    rules = _load_cached(path)
    if rules.edition == edition:
        return rules
    data = _to_data(rules)
    # the words the importer writes for an edition's own file, with this edition's date
    data["name"] = rules.name.replace(rules.edition, edition)
    data["source"] = rules.source.replace(f"effective {rules.edition},", f"effective {edition},")
    data["edition"] = edition
    return _from_data(path, data)


@functools.cache
def _load_cached(path: str) -> RuleSet:
    from mtg_typeline import __version__
    from mtg_typeline.ruleset import cache as rulecache

    renames_path = os.path.join(_rules_dir(), RENAMES_FILE)
    key = rulecache.key_of(__version__, (path, renames_path))
    data = rulecache.load(key) if key else None
    if data is not None:
        try:
            return _from_data(path, data)
        except (KeyError, TypeError, ValueError):
            pass  # an entry of another shape: read the files
    rules = parse_rules(path, _read_text(path), load_renames(renames_path))
    if key:
        rulecache.store(key, _to_data(rules))
    return rules


def _to_data(rules: RuleSet) -> dict[str, Any]:
    """A validated rule set as plain data for the cache (see `mtg_typeline.ruleset.cache`)."""
    data: dict[str, Any] = {name: getattr(rules, name) for name in _PLAIN_FIELDS}
    data["summaries"] = dict(rules.summaries)
    data["citations"] = dict(rules.citations)
    data["lists"] = [tuple(s) for s in rules.lists]
    data["renames"] = [tuple(r) for r in rules.renames]
    if rules.provenance.files:
        data["provenance"] = rules.provenance.to_data()
    return data


def _from_data(path: str, data: dict[str, Any]) -> RuleSet:
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


def _read_text(path: str | os.PathLike[str]) -> str:
    try:
        with open(path, "rb") as stream:
            data = stream.read()
        if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
            raise RulesDataError(f"{path}:1:1: the rule file is UTF-16; rule files are UTF-8")
        return data.decode("utf-8-sig")
    except OSError as exc:
        raise RulesDataError(f"{path}: cannot read the rule file: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        line, column = _position(exc.object, exc.start)
        raise RulesDataError(
            f"{path}:{line}:{column}: the rule file is not UTF-8 (byte 0x{exc.object[exc.start]:02x})"
        ) from None


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of byte `offset` in `data`."""
    before = data[:offset]
    line_start = before.rfind(b"\n") + 1
    column = len(before[line_start:].decode("utf-8", "replace")) + 1
    return before.count(b"\n") + 1, column


def parse_rules(path: str | os.PathLike[str], text: str, renames: tuple[Rename, ...] = ()) -> RuleSet:
    """Validate the text of a rule file and build its `RuleSet` (see `mtg_typeline.ruleset.validate`)."""
    from mtg_typeline.ruleset import validate as rulevalidate

    return rulevalidate.parse_rules(path, text, renames)


def load_renames(path: str | os.PathLike[str]) -> tuple[Rename, ...]:
    """The renames data file: words the rules dropped or renamed, with a source each."""
    from mtg_typeline.ruleset import validate as rulevalidate

    return rulevalidate.load_renames(path)
