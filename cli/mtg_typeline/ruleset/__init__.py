"""Rule files: reading them into a `RuleSet`, the frozen rule data the checks consult.

A rule file describes the type-line section of one Comprehensive Rules edition: its card
types, supertypes, subtype lists (with rule numbers and the card types each belongs to),
the card types that have no subtypes, and a summary in our own words of every rule a
diagnostic cites. The schema is documented in docs/rules.md ("The format").

`load_rules` is the way in; it hands down, and no module here imports one above it:

- `editions`: the shipped rule files, their index, and a full rule file through the rule
  cache; on every run's path, so it reads no YAML when the cache is warm;
- `custom`: the user's rule files (`--rules`), full or custom, through the rule cache, and
  `userfiles` behind it, which reads them: `customfile` (a custom file's shape), `extend`
  (its changes applied);
- below them: `validate` (a rule file's YAML, checked into a `RuleSet`), `index` (the
  index's YAML), `cache` (the entries, and a `RuleSet` as plain data), `built` (the shipped
  rule data a wheel carries, read when the cache has no copy; `prebuild` writes it as the
  wheel is built), `model` (`RuleSet` and its parts), `provenance` (what custom files added
  or removed), `typenames`.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from mtg_typeline.ruleset.editions import (
    edition_dates,
    edition_index,
    load_edition,
    rules_dir,
    shipped_editions,
    shipped_index,
)
from mtg_typeline.ruleset.model import Rename, RuleSet, SubtypeList

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "Rename",
    "RuleSet",
    "SubtypeList",
    "edition_dates",
    "edition_index",
    "load_renames",
    "load_rules",
    "parse_rules",
    "rules_dir",
    "shipped_editions",
    "shipped_index",
]


def load_rules(edition: str | None = None, path: str | Path | tuple[str, ...] | None = None) -> RuleSet:
    """The rule set of a shipped `edition` (its exact effective date; default: the newest), or
    of the file at `path`. An edition that shares the rule file of an earlier one is that
    file's rules under its own date (see `mtg_typeline.ruleset.editions`)."""
    if path is not None:  # the user's rule files, full or custom, one or several in order
        # imported only when a run has rule files of its own: a plain run never needs it
        from mtg_typeline.ruleset.custom import load_files

        return load_files(path)
    return load_edition(edition)


# The validator is imported only when a file is validated (it brings PyYAML): these two are
# the public names of what it does.


def parse_rules(path: str | os.PathLike[str], text: str, renames: tuple[Rename, ...] = ()) -> RuleSet:
    """Validate the text of a rule file and build its `RuleSet` (see `mtg_typeline.ruleset.validate`)."""
    from mtg_typeline.ruleset import validate

    return validate.parse_rules(path, text, renames)


def load_renames(path: str | os.PathLike[str]) -> tuple[Rename, ...]:
    """The renames data file: words the rules dropped or renamed, with a source each."""
    from mtg_typeline.ruleset import validate

    return validate.load_renames(path)
