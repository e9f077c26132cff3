"""`typeline rules diff OLD NEW`: what changed in the lists between two editions.

Per category: entries added, removed and renamed (a removed entry whose replacement, by
`rules/renames.yaml`, is in the newer list: Tribal → Kindred, Hound → Dog), the card types a
subtype list belongs to, and the rule that gives the list when it was renumbered (205.3p →
205.3r). Also the type-line section (204 → 205) and the rule carrying each meaning the checks
cite. Either edition may be the older: a diff from new to old shows renames the other way.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Any

from mtg_typeline.lookup.show import JSON_VERSION, Category, as_json, categories, edition_rules, join
from mtg_typeline.notation import fold
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset.model import Rename, RuleSet

WIDTH = 100
_KIND_OF = {"card_type": "card_types", "supertype": "supertypes"}  # renames.yaml kind -> category


class Renamed(NamedTuple):
    """An entry of the older list that the newer list has under another name."""

    old: str
    new: str
    since: str | None
    merged: bool  # the new name was listed already: the old one was folded into it


class CategoryDiff(NamedTuple):
    key: str
    old: Category | None
    new: Category | None
    added: tuple[str, ...]
    removed: tuple[str, ...]
    renamed: tuple[Renamed, ...]

    @property
    def shown(self) -> Category:
        category = self.new or self.old
        assert category is not None  # one side at least has the list
        return category

    @property
    def status(self) -> str:
        """'added' or 'removed' (the whole list), 'changed' or 'same'."""
        if self.old is None:
            return "added"
        if self.new is None:
            return "removed"
        return "changed" if self.changed else "same"

    @property
    def changed(self) -> bool:
        old, new = self.old, self.new
        if old is None or new is None:
            return True
        return bool(
            self.added
            or self.removed
            or self.renamed
            or old.rule != new.rule
            or old.card_types != new.card_types
        )


def diff_categories(old: RuleSet, new: RuleSet) -> list[CategoryDiff]:
    """Each category of either edition, in the newer file's order, then any the newer lacks."""
    before = {c.key: c for c in categories(old)}
    after = {c.key: c for c in categories(new)}
    renames = new.renames or old.renames
    keys = dict.fromkeys((*after, *before))
    return [_diff(key, before.get(key), after.get(key), renames) for key in keys]


def _diff(key: str, old: Category | None, new: Category | None, renames: tuple[Rename, ...]) -> CategoryDiff:
    old_entries = old.entries if old else ()
    new_entries = new.entries if new else ()
    had = {fold(e): e for e in old_entries}
    has = {fold(e): e for e in new_entries}
    removed = [e for e in old_entries if fold(e) not in has]
    renamed = [r for e in removed if (r := _renamed(key, e, had, has, renames))]
    gone = {fold(r.old) for r in renamed}
    came = {fold(r.new) for r in renamed}
    return CategoryDiff(
        key,
        old,
        new,
        tuple(e for e in new_entries if fold(e) not in had and fold(e) not in came),
        tuple(e for e in removed if fold(e) not in gone),
        tuple(renamed),
    )


def _renamed(
    key: str, entry: str, had: dict[str, str], has: dict[str, str], renames: Iterable[Rename]
) -> Renamed | None:
    """The rename taking `entry` (gone from the list) to a word the newer list has, either way."""
    for rename in renames:
        if _KIND_OF.get(rename.kind, rename.kind) != key:
            continue
        for gone, came in ((rename.old, rename.new), (rename.new, rename.old)):
            if fold(gone) == fold(entry) and fold(came) in has:
                return Renamed(entry, has[fold(came)], rename.since, fold(came) in had)
    return None


def moved_citations(old: RuleSet, new: RuleSet) -> list[tuple[str, str | None, str | None]]:
    """(meaning, old rule, new rule) for each cited meaning whose rule differs."""
    meanings = dict.fromkeys((*old.citations, *new.citations))
    pairs = [(m, old.citations.get(m), new.citations.get(m)) for m in meanings]
    return [(m, a, b) for m, a, b in pairs if a != b]


def diff_editions(old_edition: str, new_edition: str, output_format: str) -> str:
    old_label, old = edition_rules(old_edition)
    new_label, new = edition_rules(new_edition)
    diffs = diff_categories(old, new)
    cited = moved_citations(old, new)
    if output_format == "json":
        return as_json(_json(old_label, new_label, old, new, diffs, cited))
    out = [f"from the {old_label} edition to the {new_label} edition"]
    if old.section != new.section:
        out.append(f"section: {old.section} → {new.section}")
    for diff in diffs:
        out += _text(diff)
    if cited:
        out.append("cited rules:")
        out += [f"  {meaning}: {a or '(none)'} → {b or '(none)'}" for meaning, a, b in cited]
    return "\n".join(out) + "\n"


def _text(diff: CategoryDiff) -> list[str]:
    old, new, category = diff.old, diff.new, diff.shown
    rule = category.rule if not old or not new or old.rule == new.rule else f"{old.rule} → {new.rule}"
    head = f"{diff.key}: {category.name}, rule {rule}"
    if not diff.changed:
        return [f"{head}: no change"]
    if old is None or new is None:
        head += ": new list" if old is None else ": no longer a list"
    lines = [head]
    if old and new and old.card_types != new.card_types:
        lines.append(f"  card types: {join(old.card_types)} → {join(new.card_types)}")
    lines += _wrapped("added", diff.added)
    lines += _wrapped("removed", diff.removed)
    lines += _wrapped("renamed", [_renamed_text(r) for r in diff.renamed])
    return lines


def _renamed_text(renamed: Renamed) -> str:
    since = renamed.since or "before the shipped editions"
    merged = f"; {renamed.new} was listed already" if renamed.merged else ""
    return f"{renamed.old} → {renamed.new} ({since}{merged})"


def _wrapped(label: str, items: Iterable[str]) -> list[str]:
    """'  added: A, B, C' wrapped at WIDTH; an entry of several words is never split."""
    entries = [item.replace(" ", "\0") for item in items]
    if not entries:
        return []
    text = textwrap.fill(
        ", ".join(entries),
        WIDTH,
        initial_indent=f"  {label}: ",
        subsequent_indent=" " * (len(label) + 4),
        break_long_words=False,
        break_on_hyphens=False,
    )
    return text.replace("\0", " ").split("\n")


def _json(
    old_label: str,
    new_label: str,
    old: RuleSet,
    new: RuleSet,
    diffs: list[CategoryDiff],
    cited: list[tuple[str, str | None, str | None]],
) -> dict[str, Any]:
    return {
        "version": JSON_VERSION,
        "old": old_label,
        "new": new_label,
        "section": {"old": old.section, "new": new.section},
        "categories": [_category_json(d) for d in diffs],
        "citations": [{"meaning": m, "old": a, "new": b} for m, a, b in cited],
    }


def _category_json(diff: CategoryDiff) -> dict[str, Any]:
    old, new = diff.old, diff.new
    data: dict[str, Any] = {
        "category": diff.key,
        "name": diff.shown.name,
        "status": diff.status,
        "rule": {"old": old.rule if old else None, "new": new.rule if new else None},
    }
    if diff.shown.subtypes:
        data["card_types"] = {
            "old": list(old.card_types) if old else None,
            "new": list(new.card_types) if new else None,
        }
    data["added"] = list(diff.added)
    data["removed"] = list(diff.removed)
    data["renamed"] = [r._asdict() for r in diff.renamed]
    return data
