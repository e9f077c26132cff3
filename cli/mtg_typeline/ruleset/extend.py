"""Applying a custom rule file's changes to the rules it extends, as strictly as a rule file
is read: a category the rules lack, an entry added twice by the file (in any case), an
entry removed that is not there — each an error at its `file:line:column`. An entry the
extended rules have already, as the file writes it, is a warning kept with the rules
(`Provenance.notes`, see `redundant`): an edition may come to list a set's own word.

The changes apply in a fixed order, whatever their order in the file: removals, then new
card types and supertypes, then new subtype lists (which may name those new card types),
then new subtypes. Rule numbers and summaries stay those of the base edition; what the
file added or removed is recorded in the rule set's `Provenance` for the diagnostics.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtg_typeline.notation import fold
from mtg_typeline.ruleset import redundant
from mtg_typeline.ruleset.model import RuleSet, SubtypeList
from mtg_typeline.ruleset.provenance import CARD_TYPES, SUPERTYPES, Provenance
from mtg_typeline.ruleset.typenames import name_problem

if TYPE_CHECKING:
    from yaml.nodes import Node

    from mtg_typeline.errors import TypelineError
    from mtg_typeline.ruleset.customfile import Change, CustomFile, NewList

_TYPE_CATEGORIES = (CARD_TYPES, SUPERTYPES)


class _Draft:
    """The rules being changed: mutable copies of the base's lists and provenance."""

    def __init__(self, base: RuleSet, custom: CustomFile) -> None:
        self.base = base
        self.custom = custom
        self.card_types = list(base.card_types)
        self.supertypes = list(base.supertypes)
        self.no_subtypes = list(base.no_subtypes)
        self.lists = {s.key: s for s in base.lists}
        prov = base.provenance
        self.added = dict(prov.added)
        self.removed = dict(prov.removed)
        self.new_lists = dict(prov.lists)
        self.notes = list(prov.notes)  # warnings about the files, earlier ones' first
        # each subtype list's entries by their fold and by their apostrophe (`listed`,
        # `written`), kept with the entries they index and brought up to date by `_add`: a
        # file that adds thousands of entries looks each up, and scanning the list was
        # quadratic (16,000 added: 27 s)
        self.indexes: dict[tuple[str, bool], tuple[tuple[str, ...], dict[str, str]]] = {}

    def fail(self, node: Node, message: str) -> TypelineError:
        return self.custom.reader.fail(node, message)

    def entries(self, category: str) -> tuple[str, ...]:
        if category == CARD_TYPES:
            return tuple(self.card_types)
        if category == SUPERTYPES:
            return tuple(self.supertypes)
        return self.lists[category].entries

    def kind(self, category: str) -> str:
        """'creature type', 'card type', 'supertype'."""
        if category in _TYPE_CATEGORIES:
            return "card type" if category == CARD_TYPES else "supertype"
        return self.lists[category].singular

    def describe(self, category: str, entry: str) -> str:
        """'a creature type (205.3m)', 'a card type (added by fanset.yaml)'."""
        if category in _TYPE_CATEGORIES:
            rule = self.base.card_types_rule if category == CARD_TYPES else self.base.supertypes_rule
        else:
            rule = self.lists[category].rule
        origin = self.added.get((category, fold(entry)))
        kind = self.kind(category)
        return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} ({f'added by {origin}' if origin else rule})"

    def check_category(self, change: Change, section: str, new_lists: tuple[str, ...] = ()) -> None:
        """The category of `change` is a list of these rules, one the file makes (`new_lists`,
        for `add:`), or the card types or supertypes."""
        if change.category in self.lists or change.category in (*new_lists, *_TYPE_CATEGORIES):
            return
        known = ", ".join(dict.fromkeys((*self.lists, *new_lists, *_TYPE_CATEGORIES)))
        raise self.fail(
            change.node, f"unknown category {change.category!r} in {section} (the categories are: {known})"
        )

    def written(self, category: str, word: str) -> str | None:
        """The entry of `category` that is `word` with either apostrophe, as listed; or None."""
        return self.index(category, folded=False).get(_straight(word))

    def listed(self, category: str, word: str) -> str | None:
        """The entry of `category` that is `word` in any case, as listed; or None."""
        return self.index(category, folded=True).get(fold(word))

    def index(self, category: str, folded: bool) -> dict[str, str]:
        """The entries of `category` by their fold (or their apostrophe), the first of each."""
        entries = self.entries(category)
        kept = self.indexes.get((category, folded))
        if kept is not None and kept[0] is entries:
            return kept[1]
        key = fold if folded else _straight
        index: dict[str, str] = {}
        for entry in entries:
            index.setdefault(key(entry), entry)
        if category not in _TYPE_CATEGORIES:  # (theirs are a few words, made a tuple each time)
            self.indexes[(category, folded)] = (entries, index)
        return index

    def appended(self, category: str, entries: tuple[str, ...]) -> None:
        """The list `category` is now `entries`, its last entry new: its indexes follow."""
        for folded in (True, False):
            kept = self.indexes.get((category, folded))
            if kept is not None:
                kept[1].setdefault((fold if folded else _straight)(entries[-1]), entries[-1])
                self.indexes[(category, folded)] = (entries, kept[1])

    def type_word(self, word: str) -> tuple[str, str] | None:
        """(category, entry) if `word` is a card type or supertype in any case."""
        for category in _TYPE_CATEGORIES:
            if (found := self.listed(category, word)) is not None:
                return category, found
        return None

    def subtype(self, word: str) -> tuple[str, str] | None:
        """(list key, entry) of the first subtype list holding `word` in any case."""
        for key in self.lists:
            if (found := self.listed(key, word)) is not None:
                return key, found
        return None


def apply_custom(custom: CustomFile, base: RuleSet, files: tuple[str, ...]) -> RuleSet:
    """The rules `base` with the changes of `custom`; `files` are the user's files before it."""
    draft = _Draft(base, custom)
    for change in custom.remove:
        draft.check_category(change, "remove")
        for entry, node in change.entries:
            _remove(draft, change.category, entry, node)
    made = tuple(new.key for new in custom.lists)  # `add:` may add to a list the file makes
    for change in custom.add:
        draft.check_category(change, "add", made)
    for change in (c for c in custom.add if c.category in _TYPE_CATEGORIES):
        _add_all(draft, change)
    for new in custom.lists:
        _new_list(draft, new)
    for change in (c for c in custom.add if c.category not in _TYPE_CATEGORIES):
        _add_all(draft, change)
    return _built(draft, (*files, custom.path))


def _remove(draft: _Draft, category: str, given: str, node: Node) -> None:
    entry = draft.written(category, given)  # either apostrophe, as `add:` compares
    if entry is None:
        listed = draft.listed(category, given)
        hint = f" (it is written {listed!r})" if listed else ""
        raise draft.fail(node, f"there is no {draft.kind(category)} {given!r} to remove{hint}")
    key = (category, fold(entry))
    draft.removed[key] = (entry, draft.custom.label)
    draft.added.pop(key, None)
    if category == CARD_TYPES:
        draft.card_types.remove(entry)
        _drop_card_type(draft, entry)
    elif category == SUPERTYPES:
        draft.supertypes.remove(entry)
    else:
        sublist = draft.lists[category]
        draft.lists[category] = sublist._replace(entries=tuple(e for e in sublist.entries if e != entry))


def _drop_card_type(draft: _Draft, card_type: str) -> None:
    """A removed card type leaves the lists it had; a list left with no card type goes too."""
    if card_type in draft.no_subtypes:
        draft.no_subtypes.remove(card_type)
    for key, sublist in list(draft.lists.items()):
        if card_type in sublist.card_types:
            left = sublist.card_types - {card_type}
            if left:
                draft.lists[key] = sublist._replace(card_types=left)
            else:
                del draft.lists[key]


def _add_all(draft: _Draft, change: Change) -> None:
    for entry, node in change.entries:
        if _check_new(draft, change.category, entry, node):
            _add(draft, change.category, entry)


def _check_new(draft: _Draft, category: str, entry: str, node: Node) -> bool:
    """Whether an added entry is new to its category (an entry the extended rules have as
    written is not: a warning); a type word must not be a subtype (nor a subtype a type
    word): the type line could not tell them apart."""
    listed = draft.listed(category, entry)
    if listed is not None:
        origin = draft.added.get((category, fold(entry)))
        described = draft.describe(category, listed)
        if draft.written(category, entry) is None or origin == draft.custom.label:
            written = "" if listed == entry else f", written {listed!r}"
            raise draft.fail(node, f"{entry!r} is already {described}{written}")
        where = draft.custom.reader.where(node)
        draft.notes.append(redundant.note(where, entry, described, origin, draft.base, category))
        return False
    if category in _TYPE_CATEGORIES and " " in entry:
        raise draft.fail(node, f"{entry!r}: a card type or supertype is one word")
    problem = name_problem(entry, subtype=category not in _TYPE_CATEGORIES)
    if problem is not None:
        raise draft.fail(node, problem)
    if category in _TYPE_CATEGORIES:
        clash = draft.type_word(entry) or draft.subtype(entry)
    else:
        clash = draft.type_word(entry)
    if clash is not None:
        other, listed = clash
        raise draft.fail(node, f"{entry!r} is already {draft.describe(other, listed)}")
    return True


def _add(draft: _Draft, category: str, entry: str) -> None:
    key = (category, fold(entry))
    draft.added[key] = draft.custom.label
    draft.removed.pop(key, None)
    if category == CARD_TYPES:
        draft.card_types.append(entry)
    elif category == SUPERTYPES:
        draft.supertypes.append(entry)
    else:
        sublist = draft.lists[category]
        entries = (*sublist.entries, entry)
        draft.lists[category] = sublist._replace(entries=entries)
        draft.appended(category, entries)


def _new_list(draft: _Draft, new: NewList) -> None:
    if new.key in draft.lists:
        raise draft.fail(new.node, f"there is already a list {new.key!r}; add to it under 'add:'")
    for card_type, node in new.card_types:
        if card_type not in draft.card_types:
            raise draft.fail(node, f"{card_type!r} is not one of the card types of these rules")
        if card_type in draft.no_subtypes:
            rule = draft.base.no_subtypes_rule
            raise draft.fail(node, f"{card_type!r} has no subtypes in these rules (no_subtypes, {rule})")
    draft.lists[new.key] = SubtypeList(
        key=new.key,
        rule="",  # no rule of the Comprehensive Rules lists these
        name=new.name,
        card_types=frozenset(t for t, _ in new.card_types),
        entries=(),
        whole=new.whole,
    )
    draft.new_lists[new.key] = draft.custom.label
    for entry, node in new.entries:
        if _check_new(draft, new.key, entry, node):
            _add(draft, new.key, entry)


def _built(draft: _Draft, files: tuple[str, ...]) -> RuleSet:
    base, custom = draft.base, draft.custom
    return RuleSet(
        path=custom.path,
        edition=base.edition,
        name=custom.name or f"{base.name} + {custom.label}",
        source=f"{base.source}; changed by {custom.label}",
        section=base.section,
        card_types=tuple(draft.card_types),
        card_types_rule=base.card_types_rule,
        supertypes=tuple(draft.supertypes),
        supertypes_rule=base.supertypes_rule,
        lists=tuple(draft.lists.values()),
        no_subtypes=tuple(draft.no_subtypes),
        no_subtypes_rule=base.no_subtypes_rule,
        summaries=base.summaries,
        citations=base.citations,
        renames=base.renames,
        provenance=Provenance(files, draft.added, draft.removed, draft.new_lists, tuple(draft.notes)),
    )


def _straight(word: str) -> str:
    """`word` with its curly apostrophes straight, as `add:` and `remove:` compare entries."""
    return word.replace("\u2019", "'")
