"""The frozen rule data the checks consult: `RuleSet`, its subtype lists and renames, the
subtypes of Un-set cards (`UnsetSubtype`), and what names an edition (its effective date,
`is_date`).

The bottom of the rule-data package: it imports nothing of it but `provenance`, and every
other module of it builds on these (`validate` and `extend` make them, `cache` keeps them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from typing import Any

from mtg_typeline.notation import fold
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset.provenance import NONE, Provenance

_TYPE_KINDS = ("card_type", "supertype")


def is_date(text: str) -> bool:
    """Whether `text` is a real calendar date written YYYY-MM-DD, as an edition is named."""
    try:
        # fromisoformat also takes 20200807 and week dates: only the plain form comes back the same
        return date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False


class SubtypeList(NamedTuple):
    """One list of subtypes, such as the creature types (rule 205.3m)."""

    key: str
    rule: str
    name: str
    card_types: frozenset[str]
    entries: tuple[str, ...]
    whole: bool = False  # a plane's subtype is everything after the dash

    @property
    def singular(self) -> str:
        """'land type' for 'land types'."""
        return self.name[:-1] if self.name.endswith("s") else self.name


class Rename(NamedTuple):
    """A word the rules dropped or renamed, with where that comes from."""

    old: str
    new: str
    kind: str  # "card_type", "supertype" or a subtype list key
    since: str | None
    source: str


class UnsetSubtype(NamedTuple):
    """A subtype of Un-set cards only, as they print it, with one card and the source."""

    word: str
    kind: str  # the key of the subtype list it would stand in: creature, artifact, …
    card: str
    source: str

    @property
    def what(self) -> str:
        """'a creature type only of Un-set and silver-bordered cards (Hungry Hungry Heifer),
        not of the rules', as TL302 and `typeline lookup` say it."""
        kind = f"{self.kind} type"  # a list's key names it: creature, artifact, planar …
        article = "an" if kind[0] in "aeiou" else "a"
        return f"{article} {kind} only of Un-set and silver-bordered cards ({self.card}), not of the rules"


_FIELDS = (
    "path", "edition", "name", "source", "section", "card_types", "card_types_rule",
    "supertypes", "supertypes_rule", "lists", "no_subtypes", "no_subtypes_rule",
    "summaries", "citations",
)  # fmt: skip


class RuleSet:
    """The type-line rules of one edition, as the checks need them (read-only).

    A plain class rather than a dataclass: it is built on every start, and a dataclass of
    this size costs more to define than the rest of the start-up work it saves."""

    __slots__ = (
        "_card_types",
        "_lists_for",
        "_phrases",
        "_renamed_words",
        "_renames_met",
        "_subtypes",
        "_supertypes",
        "card_types",
        "card_types_rule",
        "citations",
        "edition",
        "lists",
        "name",
        "no_subtypes",
        "no_subtypes_rule",
        "path",
        "provenance",
        "renames",
        "section",
        "source",
        "summaries",
        "supertypes",
        "supertypes_rule",
    )  # fmt: skip
    path: str
    edition: str
    name: str
    source: str
    section: str
    card_types: tuple[str, ...]
    card_types_rule: str
    supertypes: tuple[str, ...]
    supertypes_rule: str
    lists: tuple[SubtypeList, ...]
    no_subtypes: tuple[str, ...]
    no_subtypes_rule: str
    summaries: Mapping[str, str]
    citations: Mapping[str, str]
    renames: tuple[Rename, ...]
    provenance: Provenance  # what custom rule files added or removed
    _card_types: dict[str, str]
    _supertypes: dict[str, str]
    _subtypes: dict[str, tuple[tuple[SubtypeList, str], ...]]
    _phrases: dict[str, tuple[tuple[str, ...], ...]]
    _lists_for: dict[frozenset[str], tuple[SubtypeList, ...]]
    _renames_met: dict[tuple[str, bool], tuple[Rename, str] | None]
    _renamed_words: dict[str, tuple[Rename, ...]]  # each rename by its old and new name, folded

    def __init__(
        self, *, renames: tuple[Rename, ...] = (), provenance: Provenance = NONE, **fields: Any
    ) -> None:
        init = object.__setattr__
        for name in _FIELDS:
            init(self, name, fields.pop(name))
        if fields:
            raise TypeError(f"unknown fields: {', '.join(fields)}")
        init(self, "renames", renames)
        init(self, "provenance", provenance)
        self._index()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a RuleSet is read-only ({name})")

    def __repr__(self) -> str:
        return f"RuleSet(edition={self.edition!r}, path={self.path!r})"

    def _index(self) -> None:
        subtypes: dict[str, list[tuple[SubtypeList, str]]] = {}
        phrases: dict[str, set[tuple[str, ...]]] = {}
        for sublist in self.lists:
            for entry in sublist.entries:
                subtypes.setdefault(fold(entry), []).append((sublist, entry))
                words = tuple(fold(entry).split(" "))
                if len(words) > 1 and not sublist.whole:
                    phrases.setdefault(words[0], set()).add(words)
        init = object.__setattr__
        init(self, "_lists_for", {})
        init(self, "_renames_met", {})
        renamed: dict[str, list[Rename]] = {}
        for rename in self.renames:
            for name in dict.fromkeys((fold(rename.old), fold(rename.new))):
                renamed.setdefault(name, []).append(rename)
        init(self, "_renamed_words", {k: tuple(v) for k, v in renamed.items()})
        init(self, "_card_types", {fold(t): t for t in self.card_types})
        init(self, "_supertypes", {fold(t): t for t in self.supertypes})
        init(self, "_subtypes", {k: tuple(v) for k, v in subtypes.items()})
        # longest phrase first, so the longest listed phrase wins at a position
        init(
            self,
            "_phrases",
            {k: tuple(sorted(v, key=len, reverse=True)) for k, v in phrases.items()},
        )

    def card_type(self, word: str) -> str | None:
        """The card type `word` names (any case, either apostrophe), or None."""
        return self._card_types.get(fold(word))

    def supertype(self, word: str) -> str | None:
        return self._supertypes.get(fold(word))

    def subtype_lists(self, text: str) -> tuple[tuple[SubtypeList, str], ...]:
        """Every list holding `text` as an entry, with the entry as the list spells it."""
        parts = text.split()
        if len(parts) != 1 or parts[0] != text:  # a phrase: compare with single spaces
            text = " ".join(parts)
        return self._subtypes.get(fold(text), ())

    def words_read(self) -> frozenset[str]:
        """Every word (folded) that this rule set reads as more than an unknown word: a card
        type or supertype, an entry of a list, and both names of each rename. A word not
        among them is none of these under any of the lookups above."""
        return frozenset((*self._card_types, *self._supertypes, *self._subtypes, *self._renamed_words))

    def phrases_from(self, word: str) -> tuple[tuple[str, ...], ...]:
        """Listed multi-word subtypes (folded words) that begin with `word`."""
        return self._phrases.get(fold(word), ())

    def lists_for(self, card_types: frozenset[str]) -> tuple[SubtypeList, ...]:
        """The subtype lists of an object with these card types."""
        found = self._lists_for.get(card_types)
        if found is None:
            found = tuple(s for s in self.lists if s.card_types & card_types)
            if len(self._lists_for) < 4096:
                self._lists_for[card_types] = found
        return found

    def type_rename(self, word: str) -> tuple[Rename, str] | None:
        """For a card type or supertype this edition does not know by `word`: the rename that
        explains it and the edition's own word (the new name, or the old one for an edition
        older than the rename)."""
        return self._renamed_as(word, True)

    def subtype_rename(self, word: str) -> tuple[Rename, str] | None:
        """As `type_rename`, for subtypes (Hound -> Dog, Kaladesh -> Avishkar)."""
        return self._renamed_as(word, False)

    def _renamed_as(self, word: str, type_word: bool) -> tuple[Rename, str] | None:
        """`type_rename` (`type_word`) or `subtype_rename` of `word`, remembered: a check
        asks of each unknown word, and the answer depends on nothing but the word."""
        known = self._renames_met
        key = (word, type_word)
        if key in known:
            return known[key]
        if len(known) >= 4096:
            known.clear()
        if type_word:
            found = self._renamed(word, lambda r: r.kind in _TYPE_KINDS, self._type_word)
        else:
            found = self._renamed(word, lambda r: r.kind not in _TYPE_KINDS, self._subtype_word)
        known[key] = found
        return found

    def _type_word(self, word: str) -> str | None:
        return self.card_type(word) or self.supertype(word)

    def _subtype_word(self, word: str) -> str | None:
        found = self.subtype_lists(word)
        return found[0][1] if found else None

    def _renamed(
        self, word: str, kind: Callable[[Rename], bool], known: Callable[[str], str | None]
    ) -> tuple[Rename, str] | None:
        if known(word):
            return None
        key = fold(word)
        for rename in self._renamed_words.get(key, ()):  # (those of other words can't match)
            if not kind(rename):
                continue
            renamed = self._renamed_by(rename)
            if renamed and fold(rename.old) == key and (current := known(rename.new)):
                return rename, current
            if not renamed and fold(rename.new) == key and (current := known(rename.old)):
                return rename, current
        return None

    def _renamed_by(self, rename: Rename) -> bool:
        """Whether this edition comes after `rename` (one older than the archive always does):
        the old name is then the outdated one, and before it the new name is, never both
        (Naga under 2009-07-11 is neither, only a word of editions to come)."""
        return rename.since is None or self.edition >= rename.since

    def cite(self, meaning: str) -> tuple[str, ...]:
        """The rule carrying `meaning` in this edition; () if this edition has none."""
        rule = self.citations.get(meaning)
        return (rule,) if rule else ()

    def summary(self, rule: str) -> str:
        return self.summaries.get(rule, "")
