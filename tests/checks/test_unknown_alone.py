"""A line right but for one unknown subtype gets its finding from a template
(`checks.unknown_alone`): exactly the findings of the full checks, on misspellings made in
the corpus's valid lines (at every place among their subtypes, of entries of every list) and
on the lines the fast path's tests build."""

from __future__ import annotations

import random

import pytest
from helpers.typelines import RandomPicker, build_line, rules, valid_lines

from mtg_typeline.checker import Checker
from mtg_typeline.checks.unknown_alone import UnknownAlone
from mtg_typeline.notation import CANONICAL_DASH
from mtg_typeline.parser import Word


def _misspelt(word: str, rng: random.Random) -> str:
    i = rng.randrange(len(word))
    return rng.choice(
        [
            word[:i] + word[i + 1 :],
            word[:i] + word[i] + word[i:],
            word[:i] + word[i + 1 : i + 2] + word[i : i + 1] + word[i + 2 :],
            word[:i] + rng.choice("aeiouxz") + word[i + 1 :],
            word + "s",
            word + "-Lord",
            word.lower(),
        ]
    )


def _lines(edition: str, count: int) -> list[str]:
    rng = random.Random(f"alone-{edition}")
    entries = [e for s in rules(edition).lists for e in s.entries]
    faces = [line for line in valid_lines() if CANONICAL_DASH in line and " // " not in line]
    lines = []
    for _ in range(count):
        head, _dash, tail = rng.choice(faces).partition(CANONICAL_DASH)
        words = tail.split(" ")
        words.insert(rng.randrange(len(words) + 1), _misspelt(rng.choice(entries), rng))
        lines.append(head + CANONICAL_DASH + " ".join(words))
    pick = RandomPicker(rng)
    return lines + [build_line(pick, edition) for _ in range(count // 2)]


@pytest.mark.parametrize("edition", ["2026-09-25", "2020-08-07", "2010-02-01"])
def test_the_same_findings_as_the_full_checks(edition: str) -> None:
    checker, truth = Checker(rules(edition)), Checker(rules(edition))
    lines = _lines(edition, 3000)
    wanted = [truth.check_fully(line) for line in lines]
    assert [checker.evaluate(line) for line in lines] == wanted
    assert Checker(rules(edition))._evaluate_all(lines) == wanted  # (the loop that tests inline)
    alone = UnknownAlone(rules(edition), truth.check_fully)
    assert sum(_taken(alone, checker, line) for line in lines) >= len(lines) // 4  # the templates serve many


def _taken(alone: UnknownAlone, checker: Checker, line: str) -> bool:
    """Whether a template gives the findings of `line`."""
    head, dash, tail = line.partition(CANONICAL_DASH)
    allowed = checker._heads.get(head)
    if allowed is None or not dash:
        return False
    return alone.findings(line, allowed, tail, tail.split(" ")) is not None


@pytest.mark.parametrize(
    "line",
    [
        "Creature \u2014 Timk Lord",  # a piece of Time Lord: the guess reads the word after
        "Creature \u2014 Assembly Workr",
        "Legendary Creature \u2014 Human Wizzard",
        "Token Artifact Creature \u2014 Goblim Construct",
        "Creature \u2014 Elves Warrior",
        "Creature \u2014 Goblim Goblim",
        "Creature \u2014 C\u2019tan Wizzard",  # a curly apostrophe in another word
        "Creature \u2014 C\u2019tan C'tan Wizzard",  # one word twice, in either apostrophe
        "Creature \u2014 Plant Wizzard",  # a piece of Power-Plant, a land type: no matter here
        "Land Creature \u2014 Plant Wizzard",  # a piece of an entry of its own lists
        "Land \u2014 Urza\u2019s Powr Plant",
        "Artifact Creature \u2014 Assembly Wizzard",
    ],
)
def test_lines_next_to_the_edge(line: str) -> None:
    truth = Checker(rules("2026-09-25")).check_fully(line)
    assert Checker(rules("2026-09-25")).evaluate(line) == truth
    # (the second time, its head is known: the loop that tests it inline takes it)
    assert Checker(rules("2026-09-25"))._evaluate_all([line, line]) == [truth, truth]


def test_a_template_serves_other_heads_of_the_same_card_types() -> None:
    checker = Checker(rules("2026-09-25"))
    calls: list[str] = []
    full = checker.check_fully

    def counted(text: str) -> tuple:  # type: ignore[type-arg]
        calls.append(text)
        return full(text)

    checker.check_fully = counted  # type: ignore[method-assign]
    lines = [
        "Creature \u2014 Elf Wizzard",
        "Legendary Creature \u2014 Wizzard Human",
        "Token Creature \u2014 Wizzard",
    ]
    found = [checker.evaluate(line) for line in lines]
    assert calls == []  # (TL302 alone read the template: no full check)
    assert checker._alone is not None and list(checker._alone.placings) == [
        (frozenset({"Creature"}), "Wizzard")
    ]
    assert found == [Checker(rules("2026-09-25")).check_fully(line) for line in lines]
    assert [f[0].suggestion for f in found][1] == "Legendary Creature \u2014 Wizard Human"


@pytest.mark.parametrize("edition", ["2026-09-25", "2020-08-07", "2010-02-01"])
def test_a_template_tl302_reads_alone_has_the_full_checks_findings(edition: str) -> None:
    """Where TL302's own reading makes a template, its findings are the full checks' of it;
    words that other checks read (listed in any list, types under any name, renamed or
    dropped words) are left to the full checks."""
    ruleset, rng = rules(edition), random.Random(f"template-{edition}")
    truth = Checker(ruleset)
    alone = UnknownAlone(ruleset, truth.check_fully)
    heads = sorted({line.partition(CANONICAL_DASH)[0] for line in valid_lines() if CANONICAL_DASH in line})
    heads = [head for head in heads if truth._allowed_after(head, truth._heads, truth._plain)]
    entries = [e for s in ruleset.lists for e in s.entries if " " not in e and "-" not in e]
    words = [_misspelt(rng.choice(entries), rng).capitalize() for _ in range(300)]
    words += [
        *rng.sample(entries, 60),
        "Hound",
        "Naga",
        "Anteater",
        "Tribal",
        "Legendary",
        "Summon",
        "Dinosaur",
    ]
    made = 0
    for head, word in ((rng.choice(heads), word) for word in words):
        text = head + CANONICAL_DASH + word
        card_types = frozenset(w for w in head.split(" ") if w in ruleset.card_types)
        found = alone._unknown_alone(text, Word(word, len(text) - len(word), len(text)), card_types)
        assert found is None or found == truth.check_fully(text), text
        made += found is not None
    assert made >= 200  # (most misspellings)
    assert (
        alone._unknown_alone("Creature \u2014 Hound", Word("Hound", 11, 16), frozenset({"Creature"})) is None
    )


@pytest.mark.parametrize("edition", ["2026-09-25", "2020-08-07", "2010-02-01"])
def test_a_word_no_lookup_knows_is_told_as_every_lookup_tells_it(edition: str) -> None:
    """`_said` answers most misspellings by two lookups: for every word a lookup may know
    (every edition's entries, both names of each rename, the types, Un-set subtypes) and
    misspellings of them, it answers as every lookup does."""
    from mtg_typeline.checks.unknown_alone import said_fully
    from mtg_typeline.ruleset import edition_dates, load_edition
    from mtg_typeline.ruleset.unset_subtypes import _entries

    ruleset, rng = rules(edition), random.Random(f"said-{edition}")
    dates = edition_dates()
    known = {e for date in dates for s in load_edition(date).lists for e in s.entries}
    known |= {name for r in ruleset.renames for name in (r.old, r.new)}
    known |= {*ruleset.card_types, *ruleset.supertypes, *_entries()[0]}  # (the Un-set subtypes)
    plain = sorted(w.capitalize() for w in known if w.isalpha())
    words = plain + [_misspelt(w, rng).capitalize() for w in plain for _ in range(2)]
    alone = UnknownAlone(ruleset, Checker(ruleset).check_fully)
    words += ["Urza\u2019s", "Urza's", "C\u2019tan", "Power-Plant", "Time Lord"]
    told = {w: alone._said(Word(w, 0, len(w))) for w in words}
    assert told == {w: said_fully(Word(w, 0, len(w)), ruleset, dates) for w in told}
    assert sum(s is None for s in told.values()) >= len(plain) // 2  # (most known words: the full checks)
    assert sum(s is not None and s.later is not None for s in told.values()) or edition == "2026-09-25"
    assert any(s is not None and s.unset is not None for s in told.values())  # (an Un-set subtype)
