"""What the shipped rule files hold: `typeline rules list` and `typeline rules show`.

Every list a rule file has is seen here as a `Category` under one short name, the same names
custom rule files and JSON output use: `card_types`, `supertypes`, each subtype list by its key
(`artifact` … `battle`), and `no_subtypes`. Here too are the rules a command reads: a shipped
edition by its date or the day it was in force (`pick_edition`), or the user's rule files
(`chosen_rules`). `mtg_typeline.lookup.diff`, `choice` and `word` build on the same view.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from typing import Any

from mtg_typeline.errors import UsageError
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset import edition_dates, edition_index, load_rules
from mtg_typeline.ruleset.editions import NEWEST, normal_date
from mtg_typeline.ruleset.model import RuleSet, SubtypeList, is_date
from mtg_typeline.spelling import close_matches

JSON_VERSION = 1

# In the order `rules show` prints them; a rule file may have more subtype lists than these.
CATEGORIES = (
    "card_types", "supertypes", "artifact", "enchantment", "land", "planeswalker", "spell",
    "creature", "planar", "dungeon", "battle", "no_subtypes",
)  # fmt: skip


class Category(NamedTuple):
    """One list of an edition under its short name, with the rule that gives it."""

    key: str
    name: str  # plural, as in messages: "creature types"
    rule: str
    entries: tuple[str, ...]
    card_types: tuple[str, ...] = ()  # subtype lists: the card types that use the list
    whole: bool = False  # planar types: the whole text after the dash is one subtype
    subtypes: bool = False  # a list of subtypes (not card types or supertypes)

    @property
    def singular(self) -> str:
        """'creature type'; 'card type without subtypes'."""
        head, _, rest = self.name.partition(" without")
        head = head[:-1] if head.endswith("s") else head
        return head + (f" without{rest}" if rest else "")


def categories(rules: RuleSet) -> tuple[Category, ...]:
    """Every list of the edition, in the order `rules show` prints them."""
    found = [
        Category("card_types", "card types", rules.card_types_rule, rules.card_types),
        Category("supertypes", "supertypes", rules.supertypes_rule, rules.supertypes),
        *(_from_list(s, rules.card_types) for s in rules.lists),
    ]
    if rules.no_subtypes_rule:  # the two oldest editions have no such rule
        found.append(
            Category("no_subtypes", "card types without subtypes", rules.no_subtypes_rule, rules.no_subtypes)
        )
    return tuple(found)


def _from_list(sublist: SubtypeList, card_types: Sequence[str]) -> Category:
    # a frozenset has no order: give the card types in the order the edition lists them
    types = tuple(t for t in card_types if t in sublist.card_types)
    return Category(sublist.key, sublist.name, sublist.rule, sublist.entries, types, sublist.whole, True)


class Chosen(NamedTuple):
    """The rules a command reads: a shipped edition, or the user's rule files applied."""

    edition: str  # the effective date (of the edition the user's files extend)
    rules: RuleSet
    files: tuple[str, ...] = ()  # the user's rule files, as given

    @property
    def mine(self) -> str:
        """' with fanset.yaml' (the user's files by name; by path where two share a name), or ''."""
        names = [os.path.basename(f) for f in self.files]
        return f" with {join(names if len(set(names)) == len(names) else self.files)}" if self.files else ""

    @property
    def phrase(self) -> str:
        """'the 2026-09-25 edition'; 'the 2026-09-25 edition with fanset.yaml'."""
        return f"the {self.edition} edition{self.mine}"


def chosen_rules(edition: str | None, files: Sequence[str] = ()) -> Chosen:
    """The shipped `edition` (default: the newest), or the user's rule `files` (`--rules`,
    each on top of the ones before), which exclude each other."""
    if not files:
        label, rules = edition_rules(edition)
        return Chosen(label, rules)
    if edition is not None:
        raise UsageError("--rules and --edition or --as-of exclude each other")
    rules = load_rules(None, tuple(files))
    return Chosen(rules.edition, rules, tuple(files))


def pick_edition(edition: str | None, as_of: str | None) -> str | None:
    """The effective date of the edition `--edition DATE` (or `newest`) or `--as-of DATE`
    names; None for the default."""
    if edition is not None and as_of is not None:
        raise UsageError("--edition and --as-of exclude each other")
    # an empty date is an error (from in_force or resolve), never the default edition
    if as_of is not None:
        return edition_index().in_force(as_of)
    return None if edition is None else edition_index().resolve(edition, as_of=True)


def edition_rules(edition: str | None) -> tuple[str, RuleSet]:
    """The edition's effective date (default: the newest; `newest` names it too) and its rule set."""
    rules = load_rules(edition)
    return rules.edition, rules


def all_editions(editions: tuple[str, ...] | None = None) -> list[tuple[str, RuleSet]]:
    """Every edition (`editions`, default: every shipped and user-imported one), oldest
    first, with its rule set."""
    return [(edition, load_rules(edition)) for edition in editions or edition_dates()]


def chosen(rules: RuleSet, edition: str, key: str | None) -> tuple[Category, ...]:
    """The edition's categories, or only `key`; a `UsageError` for a name that is no category
    (`edition` names the rules in it: "the 2026-09-25 edition")."""
    found = categories(rules)
    if key is None:
        return found
    for category in found:
        if category.key == key:
            return (category,)
    names = list(dict.fromkeys((*CATEGORIES, *(c.key for c in found))))
    if key in names:
        have = ", ".join(c.key for c in found)
        raise UsageError(f"{edition} has no {key} list (it has {have})")
    raise UsageError(f"unknown category {key!r}: choose from {', '.join(names)}{_category_hint(key, names)}")


def _category_hint(key: str, names: list[str]) -> str:
    """'; to show an edition, give --edition newest' when the category named is an edition;
    '; did you mean creature?' when it is close to a category (creatures)."""
    if key.strip().casefold() == NEWEST or is_date(normal_date(key)):
        return f"; to show an edition, give --edition {key}"
    found = close_matches(key.replace("-", "_").replace(" ", "_"), tuple(names), 1)
    return f"; did you mean {found[0]}?" if found else ""


def as_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def category_data(category: Category) -> dict[str, Any]:
    data: dict[str, Any] = {
        "category": category.key,
        "name": category.name,
        "rule": category.rule,
        "entries": list(category.entries),
    }
    if category.subtypes:
        data["card_types"] = list(category.card_types)
        data["grouping"] = "whole" if category.whole else "words"
    return data


def heading(category: Category) -> str:
    """'creature: creature types, rule 205.3m, of Creature and Kindred'."""
    text = f"{category.key}: {category.name}" + (f", rule {category.rule}" if category.rule else "")
    if category.card_types:
        text += f", of {join(category.card_types)}"
    return text


def join(items: Iterable[str], conjunction: str = "and") -> str:
    names = list(items)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {conjunction} " + names[-1]


# -- typeline rules show ------------------------------------------------------------------


def show_rules(key: str | None, edition: str | None, output_format: str, files: Sequence[str] = ()) -> str:
    """The lists of an edition (with the user's rule `files` applied), or one of them, each
    with its rule number and name; entries a custom file added are marked with its name."""
    picked = chosen_rules(edition, files)
    rules = picked.rules
    shown = chosen(rules, picked.phrase, key)
    origin = rules.provenance
    if output_format == "json":
        return as_json(
            {
                "version": JSON_VERSION,
                "edition": picked.edition,
                "rules_files": list(picked.files),
                "section": rules.section,
                "categories": [_with_origin(category_data(c), c, rules) for c in shown],
            }
        )
    out = [f"edition {picked.edition}{picked.mine}, section {rules.section}"]
    for category in shown:
        out += ["", f"{heading(category)} ({len(category.entries)})"]
        for entry in category.entries:
            added = origin.added_by(category.key, entry) if origin.added else None
            out.append(f"  {entry}" + (f"  (added by {added})" if added else ""))
    return "\n".join(out) + "\n"


def _with_origin(data: dict[str, Any], category: Category, rules: RuleSet) -> dict[str, Any]:
    """A category's data with `added`: its entries a custom rule file added, by file name."""
    origin = rules.provenance
    added = {e: origin.added_by(category.key, e) for e in category.entries} if origin.added else {}
    data["added"] = {entry: name for entry, name in added.items() if name}
    return data


# -- typeline rules list ------------------------------------------------------------------

# Column headings of the text table, short so that all twelve lists fit in 100 columns.
_COLUMNS = (
    ("card_types", "card"), ("supertypes", "super"), ("artifact", "artif"), ("enchantment", "ench"),
    ("land", "land"), ("planeswalker", "walker"), ("spell", "spell"), ("creature", "creat"),
    ("planar", "planar"), ("dungeon", "dung"), ("battle", "battle"), ("no_subtypes", "none"),
)  # fmt: skip


def counts(rules: RuleSet) -> dict[str, int]:
    """How many entries each list of the edition has, by category."""
    return {c.key: len(c.entries) for c in categories(rules)}


def list_editions(output_format: str) -> str:
    """The editions, oldest first, with how many entries each list has; a user-imported one
    (`typeline rules update`) is marked, with where it came from."""
    editions = all_editions()
    default = editions[-1][0]
    index = edition_index()
    imported = {label: index.imported_from(label) for label, _ in editions}
    if output_format == "json":
        rows = [
            {
                "edition": label,
                "file": os.path.basename(rules.path),
                "section": rules.section,
                "default": label == default,
                "counts": counts(rules),
                **({"imported_from": imported[label]} if imported[label] else {}),
            }
            for label, rules in editions
        ]
        return as_json({"version": JSON_VERSION, "default": default, "editions": rows})
    columns = _columns(rules for _, rules in editions)
    widths = [max(len(title), 3) for _, title in columns]
    head = ["edition    ", "sec", *(t.rjust(w) for (_, t), w in zip(columns, widths, strict=True))]
    lines = ["  ".join(head).rstrip()]
    for label, rules in editions:
        have = counts(rules)
        cells = [str(have[k]) if k in have else "-" for k, _ in columns]
        mark = "*" if label == default else " "
        row = [
            label + mark,
            rules.section.rjust(3),
            *(c.rjust(w) for c, w in zip(cells, widths, strict=True)),
        ]
        lines.append("  ".join(row) + ("  imported" if imported[label] else ""))
    lines.append(f"{len(editions)} editions; * marks the default, the newest")
    lines += [f"{label}: imported from {source}" for label, source in imported.items() if source]
    return "\n".join(lines) + "\n"


def _columns(every: Iterable[RuleSet]) -> list[tuple[str, str]]:
    """The table's columns: the usual twelve, then any other list key a rule file has."""
    extra: dict[str, None] = {}
    for rules in every:
        extra.update(dict.fromkeys(s.key for s in rules.lists if s.key not in CATEGORIES))
    return [*_COLUMNS, *((key, key) for key in extra)]
