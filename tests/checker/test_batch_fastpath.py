"""`Checker.check_all` on lines that don't repeat (its cache paused): the same findings as
`evaluate` line by line, and a clean line whose head is known costs no call of `evaluate`."""

from __future__ import annotations

import random

import pytest
from helpers.typelines import RandomPicker, build_line, rules, valid_lines

from mtg_typeline.checker import CACHE_SIZE, Checker, Findings


def _paused(edition: str) -> Checker:
    """A checker whose cache filled with (clean) lines that never came back: it stops storing."""
    checker = Checker(rules(edition))
    creature = next(s for s in rules(edition).lists if "Creature" in s.card_types)
    words = [e for e in creature.entries if " " not in e and "\u2019" not in e]
    pairs = (f"Creature \u2014 {a} {b}" for a in words for b in words if a != b)
    checker.check_all([next(pairs) for _ in range(CACHE_SIZE + 1)])
    checker.check_all(["Creature \u2014 Goblin"])
    return checker


@pytest.mark.parametrize("edition", ["2026-09-25", "2020-08-07"])
def test_the_same_findings_as_evaluate(edition: str) -> None:
    pick = RandomPicker(random.Random(f"batch-{edition}"))
    lines: list[str | None] = [build_line(pick, edition) for _ in range(1500)]
    lines += [
        *valid_lines(),
        None,
        "Creature \u2014 Goblin  Wizard",
        "Land",
        "Land \u2014 Urza\u2019s Urza's",
    ]
    lines += [
        "Creature \u2014 " + "Goblin " * 200,
        "Creature",
        "Creature \u2014 ",
        "Creature \u2014 Elf\u2019s",
    ]
    fresh = Checker(rules(edition))
    expected = [() if text is None else fresh.evaluate(text) for text in lines]
    checker = _paused(edition)
    assert checker.check_all(lines) == expected
    assert checker.check_all(lines[::-1]) == expected[::-1]


def test_a_clean_line_of_a_known_head_is_not_evaluated(monkeypatch: pytest.MonkeyPatch) -> None:
    checker = _paused("2026-09-25")
    evaluated: list[str] = []
    evaluate, unknown = checker.evaluate, checker._unknown

    def counted(text: str) -> Findings:
        evaluated.append(text)
        return evaluate(text)

    def counted_unknown(text: str, allowed: frozenset[str], tail: str, words: list[str]) -> Findings:
        evaluated.append(text)
        return unknown(text, allowed, tail, words)

    monkeypatch.setattr(checker, "evaluate", counted)
    monkeypatch.setattr(checker, "_unknown", counted_unknown)  # (a word its head doesn't allow)
    lines: list[str | None] = ["Creature \u2014 Elf Wizard", "Creature \u2014 Goblim", "Creature", None]
    assert [len(found) for found in checker.check_all(lines)] == [0, 1, 0, 0]
    assert evaluated == ["Creature \u2014 Goblim"]


EDGES = [
    "Creature",
    "Creature \u2014 ",
    "Creature \u2014 Goblin  Wizard",
    "Creature \u2014 Goblin Goblin",
    "Creature \u2014 Forest",
    "Legendary Goblin \u2014 Elf",
    "Land",
    "Instant \u2014 Arcane",
    "Token Creature \u2014 Elf Warrior",
    " Creature \u2014 Elf",
    "Creature \u2014 Time Lord",
    "Creature \u2014 Elf // Sorcery \u2014 Adventure",
    "Creature \u2014 Goblim",
]


@pytest.mark.parametrize("edition", ["2026-09-25", "2020-08-07"])
def test_a_batch_of_lines_is_checked_at_once_as_line_by_line(edition: str) -> None:
    """The lines of a batch with no blank line, no line too long and no curly apostrophe are
    tested all at once: the same findings as `evaluate`, whether the cache is paused or
    the lines are its misses."""
    pick = RandomPicker(random.Random(f"at-once-{edition}"))
    lines: list[str | None] = [build_line(pick, edition) for _ in range(1500)]
    lines = [text for text in lines if text is not None and "\u2019" not in text] + EDGES
    fresh = Checker(rules(edition))
    expected = [fresh.evaluate(text) for text in lines if text is not None]
    assert Checker(rules(edition))._evaluate_all(lines) == expected
    assert _paused(edition).check_all(lines) == expected
    caching = Checker(rules(edition))
    assert caching.check_all(lines + lines[::-1]) == expected + expected[::-1]  # misses, then hits
    assert caching.check_all(lines) == expected


@pytest.mark.parametrize(
    "extra",
    [[], [None], ["Creature \u2014 " + "Goblin " * 100]],
    ids=["lines to keep", "a line with no type line", "a line too long to keep"],
)
def test_a_batch_of_new_lines_is_remembered(monkeypatch: pytest.MonkeyPatch, extra: list[str | None]) -> None:
    """A batch none of whose lines the cache holds is checked at once and then remembered
    (kept at once where every line may be, one by one otherwise): the next time, the lines
    it kept cost no check."""
    lines: list[str | None] = ["Creature \u2014 Elf Wizard", "Creature \u2014 Goblim", *extra, "Land"]
    checker = Checker(rules("2026-09-25"))
    first = checker.check_all(lines)
    assert first == [() if text is None else Checker(rules("2026-09-25")).evaluate(text) for text in lines]
    evaluated: list[str | None] = []
    evaluate_all = checker._evaluate_all

    def counted(texts: list[str | None]) -> list[Findings]:
        evaluated.extend(texts)
        return evaluate_all(texts)

    monkeypatch.setattr(checker, "_evaluate_all", counted)
    assert checker.check_all(lines) == first
    assert evaluated == [text for text in extra if text is None or len(text) > 512]
