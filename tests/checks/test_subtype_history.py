"""Words the history of the shipped lists knows (checks/subtype_history.py): a word an older
edition listed and a later one dropped is TL303 with the editions that listed it, never a
TL302 with a guess that would change its meaning."""

from __future__ import annotations

import pytest
from helpers.checking import codes, found, marked, only

from mtg_typeline.lookup.word import look_up
from mtg_typeline.ruleset import load_rules, shipped_editions


def _dropped_words() -> list[tuple[str, str]]:
    """(card type, word) for each word of a list (not the planes') of any shipped edition that
    the newest neither lists nor renames."""
    newest = load_rules()
    words = {}
    for edition in shipped_editions():
        for sublist in load_rules(edition).lists:
            if not sublist.whole:
                words.update((e, min(sublist.card_types)) for e in sublist.entries)
    return sorted(
        (t, w) for w, t in words.items() if not newest.subtype_lists(w) and not newest.subtype_rename(w)
    )


def test_a_dropped_creature_type_is_no_longer_one() -> None:
    line = "Creature — Anteater Beast"
    finding = only(line, "TL303")
    (span,) = look_up("Anteater", None, None).spans  # what `typeline lookup` tells of it
    first, last = span.runs[-1]
    removed = shipped_editions()[shipped_editions().index(last) + 1]
    assert f"'Anteater' is no longer a creature type: it was one from {first} to {last}" in finding.message
    assert f"the {removed} edition dropped it" in finding.message
    assert finding.rules == ("205.3f", "205.3m")  # the obsolete subtypes, then the list
    assert finding.suggestion is None and finding.fix is None  # no replacement is known
    assert marked(line, finding) == "Anteater"


def test_the_editions_that_listed_it_have_no_finding() -> None:
    (span,) = look_up("Anteater", None, None).spans
    assert found("Creature — Anteater Beast", span.runs[-1][1]) == ()


@pytest.mark.parametrize(("card_type", "word"), _dropped_words())
def test_no_dropped_word_gets_a_guess(card_type: str, word: str) -> None:
    assert codes(f"{card_type} — {word}") == ["TL303"]


def _later_words() -> list[tuple[str, str]]:
    """(card type, word) for each word of the newest edition's lists (not the planes') that
    the oldest shipped edition does not list."""
    oldest = load_rules(shipped_editions()[0])
    return sorted(
        (min(s.card_types), e)
        for s in load_rules().lists
        if not s.whole
        for e in s.entries
        if not oldest.subtype_lists(e)
    )


@pytest.mark.parametrize(("card_type", "word"), _later_words())
def test_a_word_of_a_newer_edition_gets_no_guess(card_type: str, word: str) -> None:
    oldest = shipped_editions()[0]
    for finding in found(f"{card_type} — {word}", oldest):
        assert finding.suggestion is None or finding.code == "TL303"  # TL303: a rename's other name
        assert "did you mean" not in finding.message


def test_a_word_of_a_newer_edition_names_the_edition_that_lists_it() -> None:
    oldest = shipped_editions()[0]
    (span,) = look_up("Dinosaur", None, None).spans
    finding = only("Creature — Dinosaur", "TL302", oldest)
    assert finding.message.endswith(f"the {span.runs[0][0]} edition lists it as a creature type")


def test_a_renamed_word_before_any_edition_listed_it_is_a_word_of_a_newer_edition() -> None:
    # Naga was a creature type from 2014-09-25 until it became Snake: the oldest edition
    # neither lists it nor has renamed it yet, so no rename is told, either way round.
    oldest = shipped_editions()[0]
    (span,) = look_up("Naga", None, None).spans
    finding = only("Creature — Naga", "TL302", oldest)
    assert finding.message.endswith(f"the {span.runs[0][0]} edition lists it as a creature type")
    assert finding.suggestion is None and finding.fix is None
