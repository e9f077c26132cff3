"""A custom rule file's addition of a word the rules it extends already have: said, not
refused. A designer's file that `extends: newest` and adds `Hero` is right until an edition
adds Hero; from then on the addition changes nothing, and a run that failed on it (exit 2)
would break the designer's CI on an upgrade. So it is a warning that names the edition
since which the rules have the word, and the run goes on.
"""

from __future__ import annotations

from mtg_typeline.notation import fold
from mtg_typeline.ruleset.editions import edition_dates, load_edition
from mtg_typeline.ruleset.model import RuleSet
from mtg_typeline.ruleset.provenance import CARD_TYPES, SUPERTYPES


def note(where: str, entry: str, described: str, origin: str | None, base: RuleSet, category: str) -> str:
    """The warning for `entry` (at `where`), which is `described` in the rules already:
    added by the custom file `origin`, else in the shipped editions since some date."""
    if origin is not None:
        why = f"{origin} adds it already"
    elif (since := edition_since(category, entry, base.edition)) is not None:
        why = f"it is in the rules since the {since} edition"
    else:
        why = "the rules it extends have it"
    return f"{where}: {entry!r} is already {described}: {why}; you can remove it from this file"


def edition_since(category: str, entry: str, edition: str) -> str | None:
    """The oldest shipped edition from which every edition up to `edition` has `entry` in
    `category`; None when `edition` is not a shipped one or lacks it."""
    dates = [date for date in edition_dates() if date <= edition]
    if not dates or dates[-1] != edition:
        return None
    since = None
    for date in reversed(dates):
        if not _holds(load_edition(date), category, entry):
            break
        since = date
    return since


def _holds(rules: RuleSet, category: str, entry: str) -> bool:
    if category == CARD_TYPES:
        entries = rules.card_types
    elif category == SUPERTYPES:
        entries = rules.supertypes
    else:
        entries = next((s.entries for s in rules.lists if s.key == category), ())
    key = fold(entry)
    return any(fold(e) == key for e in entries)
