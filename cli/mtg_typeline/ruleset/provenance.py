"""Where the entries of a rule set built from custom rule files came from.

A shipped edition's entries all come from the Comprehensive Rules; a custom rule file
(`mtg_typeline.ruleset.custom`) adds and removes entries, and its diagnostics should say so:
"Clamfolk is a creature type (added by fanset.yaml)", or that a word is unknown because
fanset.yaml removed it. The checks consult this only when they build a message, never on
the fast path, so a `RuleSet` carries it beside its lists rather than inside them.

Categories are the keys of the subtype lists (`creature`, `land`, …) and `card_types`
and `supertypes`; entries are compared folded (`mtg_typeline.notation.fold`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from mtg_typeline.notation import fold
from mtg_typeline.records import NamedTuple

CARD_TYPES = "card_types"
SUPERTYPES = "supertypes"
_EMPTY: Mapping[Any, Any] = MappingProxyType({})


class Provenance(NamedTuple):
    """The custom files behind a rule set and what each of them added or removed."""

    files: tuple[str, ...] = ()  # the user's rule files, base first, as their paths were given
    added: Mapping[tuple[str, str], str] = _EMPTY  # (category, folded entry) -> file name
    removed: Mapping[tuple[str, str], tuple[str, str]] = _EMPTY  # -> (entry as listed, file name)
    lists: Mapping[str, str] = _EMPTY  # subtype lists a custom file made: key -> file name
    notes: tuple[str, ...] = ()  # warnings about the files ("'Hero' is already …"), for stderr

    def added_by(self, category: str, entry: str) -> str | None:
        """The name of the custom file that added `entry` to `category`, or None."""
        return self.added.get((category, fold(entry))) if self.added else None

    def removed_by(self, categories: Iterable[str], word: str) -> str | None:
        """The name of the custom file that removed `word` from one of `categories`, or None."""
        if not self.removed:
            return None
        key = fold(word)
        for category in categories:
            found = self.removed.get((category, key))
            if found is not None:
                return found[1]
        return None

    def to_data(self) -> dict[str, Any]:
        """Plain data for the rule cache (`marshal` keeps tuples as dictionary keys)."""
        return {
            "files": self.files,
            "added": dict(self.added),
            "removed": dict(self.removed),
            "lists": dict(self.lists),
            "notes": self.notes,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None) -> Provenance:
        if not data:
            return NONE
        return cls(
            files=tuple(data["files"]),
            added=dict(data["added"]),
            removed={key: tuple(value) for key, value in data["removed"].items()},
            lists=dict(data["lists"]),
            notes=tuple(data.get("notes", ())),
        )


NONE = Provenance()  # a shipped edition, or a full rule file of the user's
