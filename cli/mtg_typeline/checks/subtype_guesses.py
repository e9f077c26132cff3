"""What TL302 (unknown-subtype) says about a word no list holds, and the fix it offers.

A word that is an entry written in another form, a plural or with a hyphen for a space
(`subtype_forms`: Elves, Elf-Warrior), has one right reading: its fix is safe. Otherwise the
fix is a guess, so it is only ever a word the object can have: an entry of the lists of its
own card types, or the missing word of one of their multi-word entries (Timk before Lord:
Time, for Time Lord). A close entry of another list is named with what it is, never written
in: that would only trade this error for TL304 subtype-type-mismatch. A word that a newer
shipped edition lists (Dinosaur under 2009-07-11) gets no guess at all, only that edition:
a guess would change its meaning. Nor does a word printed only on Un-set and silver-bordered
cards (Cow: Clown would be a guess of another meaning), written as they print it: the message
says what it is (`mtg_typeline.ruleset.unset_subtypes`), and how to check such cards anyway.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from mtg_typeline.checks.base import (
    Problem,
    article,
    close_matches,
    either,
    fix,
    list_label,
    list_rules,
    removed_note,
    replaced,
    shown,
)
from mtg_typeline.checks.subtype_forms import singular_entries, written_form
from mtg_typeline.notation import fold
from mtg_typeline.parser import TypeLine, Word
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset import RuleSet, SubtypeList, edition_dates
from mtg_typeline.ruleset.history import Run, listed_later
from mtg_typeline.ruleset.typenames import name_problem
from mtg_typeline.ruleset.unset_subtypes import UnsetSubtype, unset_subtype
from mtg_typeline.spelling import matcher


class Own(NamedTuple):
    """What TL302 reads of an object's lists whatever the word: made once for them where
    many words are asked about (`checks.unknown_alone`)."""

    lists: tuple[SubtypeList, ...]
    kinds: str  # 'a creature type (205.3m)', 'an artifact type (205.3g) or a creature type ...'
    rules: tuple[str, ...]  # the rules the finding cites
    entries: tuple[str, ...]  # every entry of the lists, in order
    close: Callable[[str], tuple[str, ...]]  # the entries close to a word (`spelling.matcher`)


def own_lists(own: tuple[SubtypeList, ...], rules: RuleSet) -> Own:
    """The `Own` of the lists `own` under `rules`."""
    kinds = either(article(s.singular) + f" ({list_label(s, rules)})" for s in own)
    entries = entries_of(own)
    return Own(own, kinds, list_rules(own), entries, matcher(entries))


class Said(NamedTuple):
    """What TL302 reads of a word whatever the object's lists (`said_of`): made once for a
    word that many lines share (`checks.unknown_alone`)."""

    removed: str  # ' (removed by fanset.yaml)', or ''
    later: Run | None  # where a newer edition lists it (not for a removed word)
    unset: UnsetSubtype | None  # what it is on Un-set cards (not for a removed word)


def said_of(word: str, rules: RuleSet, dates: tuple[str, ...] | None = None) -> Said:
    """The `Said` of `word` under `rules` (`dates`: as `ruleset.history.listed_later` takes them)."""
    removed = removed_note(word, rules)
    if removed:
        return Said(removed, None, None)
    return Said(removed, listed_later(word, rules, dates), unset_subtype(word))


def unknown_problem(
    line: TypeLine,
    words: tuple[Word, ...],
    index: int,
    own: tuple[SubtypeList, ...],
    rules: RuleSet,
    facts: Own | None = None,
    said: Said | None = None,
) -> Problem:
    """The finding for `words[index]`, which no list holds; `own` are the object's lists
    (`facts` what is read of them, and `said` what is read of the word, when the caller
    keeps them)."""
    word = words[index]
    if facts is None:
        facts = own_lists(own, rules)
    if said is None:
        said = said_of(word.text, rules)
    removed, later, unset = said
    why = f"'{shown(word.text)}' is not {facts.kinds} or any other subtype{removed}"
    if later is not None:  # a word of the rules to come: no guess at another
        return Problem(word.start, word.end, why + _later_note(later, rules), facts.rules)
    if unset is not None:  # a word of joke cards: no guess at a listed word of another meaning
        kin = tuple(s for s in own if s.key == unset.kind)  # (a creature type goes with creatures)
        remedy = _remedy(word.text, kin, rules, "to check such cards")
        why = f"'{shown(word.text)}' is {unset.what}{remedy}"
        return Problem(word.start, word.end, why, facts.rules)
    entries = facts.entries
    parts = _phrase_parts(words, index, own)
    form = written_form(words, index, entries, parts)
    if form is not None:
        return Problem(
            word.start,
            word.end,
            f"{why}; did you mean {form.text}?",
            facts.rules,
            suggestion=replaced(line.text, form.start, form.end, form.text),
            fix=fix(form.start, form.end, form.text),
        )
    matches = close_matches(word.text, entries + tuple(parts)) if parts else list(facts.close(word.text))
    if not matches:
        others = _others(word, rules)
        hint = _other_hint(others, rules) if others or removed else _remedy(word.text, own, rules)
        return Problem(word.start, word.end, why + hint, facts.rules)
    return Problem(
        word.start,
        word.end,
        f"{why}; did you mean {' or '.join(matches)}?",
        facts.rules,
        suggestion=replaced(line.text, word.start, word.end, matches[0]),
        fix=fix(word.start, word.end, matches[0], "unsafe") if len(matches) == 1 else None,
    )


def _later_note(later: Run, rules: RuleSet) -> str:
    """' in the 2009-07-11 edition; the 2012-10-01 edition lists it as a creature type'."""
    return (
        f" in the {rules.edition} edition; the {later.first} edition lists it as "
        f"{article(later.sublist.singular)}"
    )


def _others(word: Word, rules: RuleSet) -> list[str]:
    """Entries of any list that `word` is a plural of (Elves: Elf), or failing that is close to."""
    entries = entries_of(rules.lists)
    return singular_entries(word.text, entries) or close_matches(word.text, entries)


@functools.lru_cache(maxsize=64)
def entries_of(lists: tuple[SubtypeList, ...]) -> tuple[str, ...]:
    """The entries of `lists`, in order: made once for each set of lists (every unknown word
    reads those of its object's lists, and those of all lists)."""
    return tuple(e for s in lists for e in s.entries)


@functools.lru_cache(maxsize=64)
def _phrases(own: tuple[SubtypeList, ...]) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """The entries of several words of `own`: their words as listed, and folded."""
    split = (e.split(" ") for s in own for e in s.entries if " " in e)
    return tuple((tuple(words), tuple(fold(w) for w in words)) for words in split)


def _phrase_parts(words: tuple[Word, ...], index: int, own: tuple[SubtypeList, ...]) -> list[str]:
    """Words of the object's multi-word entries that the word at `index` would complete with
    the words around it (Time, before Lord: the parser leaves a misspelt phrase in pieces)."""
    if len(words) < 2:
        return []  # (an entry of several words needs words around this one)
    keys = [w.key for w in words]
    parts = []
    for entry_words, folded in _phrases(own):
        for place, part in enumerate(entry_words):
            start = index - place
            around = keys[start : start + len(entry_words)] if start >= 0 else []
            if len(around) == len(entry_words) and all(
                w == k for i, (w, k) in enumerate(zip(folded, around, strict=True)) if i != place
            ):
                parts.append(part)
    return parts


def _remedy(
    word: str, own: tuple[SubtypeList, ...], rules: RuleSet, when: str = "if it is a type of your own"
) -> str:
    """How to make `word`, of a set's own (or of Un-set cards), known: a rule file's `add:`
    under the list of the type it stands under (a designer's most common finding, whose remedy
    is not a spelling)."""
    if not own or name_problem(word, subtype=True) is not None:
        return ""  # no list to add it to, or a word no rule file could hold (`100%`)
    if rules.edition != edition_dates()[-1]:
        return ""  # an older edition's unknown word is likelier a newer edition's (Vehicle in 2010)
    adds = " or ".join(f"`add: {{{s.key}: [{word}]}}`" for s in own)
    return f"; {when}, add it to a rule file given with --rules ({adds})"


def _other_hint(matches: list[str], rules: RuleSet) -> str:
    """'; did you mean Goblin (a creature type)?' for entries of lists the object lacks."""
    if not matches:
        return ""
    kinds = [either(article(s.singular) for s, _ in rules.subtype_lists(m)) for m in matches]
    if len(set(kinds)) == 1:
        each = "each " if len(matches) > 1 else ""
        return f"; did you mean {' or '.join(matches)} ({each}{kinds[0]})?"
    return f"; did you mean {' or '.join(f'{m} ({k})' for m, k in zip(matches, kinds, strict=True))}?"
