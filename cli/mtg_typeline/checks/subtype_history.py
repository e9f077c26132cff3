"""TL303 (obsolete-subtype) for a word an older shipped edition listed and a later one
dropped with no replacement (Anteater): the history of the lists says so, where a typo
suggestion would change the meaning."""

from __future__ import annotations

from collections.abc import Iterator

from mtg_typeline.checks.base import Problem, article, list_rules, removed_note, shown
from mtg_typeline.parser import Word
from mtg_typeline.ruleset import RuleSet
from mtg_typeline.ruleset.history import dropped


def is_dropped(text: str, rules: RuleSet, dates: tuple[str, ...] | None = None) -> bool:
    """A word an older edition listed (TL303 reports it), unless a custom file removed it
    (`dates`: as `ruleset.history.dropped` takes them)."""
    return dropped(text, rules, dates) is not None and not removed_note(text, rules)


def dropped_problem(word: Word, rules: RuleSet) -> Iterator[Problem]:
    """TL303 for a word an older edition listed and a later one dropped with no replacement
    (Anteater), unless a custom rule file removed it (TL302 says so)."""
    gone = dropped(word.text, rules)
    if gone is None or removed_note(word.text, rules):
        return
    kind = gone.sublist.singular
    yield Problem(
        word.start,
        word.end,
        f"'{shown(word.text)}' is no longer {article(kind)}: it was one from {gone.first} to "
        f"{gone.last}, and the {gone.removed} edition dropped it",
        (*rules.cite("obsolete-subtypes"), *list_rules(s for s in rules.lists if s.key == gone.sublist.key)),
    )
