"""Type lines built from an edition's own vocabulary, for property tests.

Supertypes, card types, Token, subtypes from the right lists and the wrong ones, renamed
words, Time Lord and planes, then spoilt a little (case, duplicates, spacing, dashes, faces),
so that many lines are clean and many are nearly clean: the places a shortcut goes wrong.
One builder serves hypothesis (`type_lines`, which shrinks a counterexample) and a seeded
random run (`RandomPicker`); the fast path's tests and the fixer's properties draw from it.
`valid_lines` are the right lines of the corpus, for mistakes to be injected into.
"""

from __future__ import annotations

import csv
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Protocol, TypeVar

from conftest import DATA
from hypothesis import strategies as st

from mtg_typeline.ruleset import RuleSet, load_rules, meaning
from mtg_typeline.ruleset.meaning import KINDRED_TYPES

T = TypeVar("T")

CORPUS = DATA / "corpus-typelines.tsv"
VALID_KINDS = frozenset(
    {"card", "plane", "scheme", "phenomenon", "vanguard", "conspiracy", "dungeon", "token"}
)
NOT_VALID_FLAGS = frozenset({"joke", "noncr", "preview"})


class Picker(Protocol):
    """The random choices the builder makes."""

    def pick(self, items: Sequence[T]) -> T: ...
    def chance(self, percent: int) -> bool: ...
    def count(self, low: int, high: int) -> int: ...


class RandomPicker:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, items: Sequence[T]) -> T:
        return self.rng.choice(items)

    def chance(self, percent: int) -> bool:
        return self.rng.randrange(100) < percent

    def count(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


class DrawPicker:
    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw

    def pick(self, items: Sequence[T]) -> T:
        return items[self.draw(st.integers(0, len(items) - 1))]

    def chance(self, percent: int) -> bool:
        return self.draw(st.integers(0, 99)) < percent

    def count(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))


@cache
def rules(edition: str) -> RuleSet:
    return load_rules(edition)


@cache
def vocabulary(edition: str) -> dict[str, tuple[str, ...]]:
    """Word pools of one edition: its types, the subtypes of each card type, and near misses."""
    ruleset = rules(edition)
    pools: dict[str, tuple[str, ...]] = {
        "supertypes": ruleset.supertypes,
        "card_types": ruleset.card_types,
        "all_subtypes": tuple(sorted({e for s in ruleset.lists for e in s.entries})),
        "renamed": tuple(sorted({w for r in ruleset.renames for w in (r.old, r.new)})),
        "apostrophes": tuple(
            spelled
            for e in sorted({e for s in ruleset.lists if not s.whole for e in s.entries})
            if "’" in e or "'" in e
            for spelled in (e.replace("’", "'"), e.replace("'", "’"))
        ),
        "odd": ("Token", "Emblem", "Hero", "Elite", "Host", "Goblim", "Urza's", "Urza’s", "Time",
                "Lord", "Time Lord", "Power", "Plant", "Power-Plant", "X", "—", "-", "//", ""),
    }  # fmt: skip
    for card_type in ruleset.card_types:
        lists = ruleset.lists_for(frozenset({card_type}))
        pools[card_type] = tuple(e for s in lists for e in s.entries)
    return pools


def respell(word: str, pick: Picker) -> str:
    """Usually the word as listed; sometimes another case or the other apostrophe."""
    if not pick.chance(8):
        return word
    change: Callable[[str], str] = pick.pick(
        [str.lower, str.upper, str.swapcase, str.title,
         lambda w: w.replace("’", "'"), lambda w: w.replace("'", "’")]
    )  # fmt: skip
    return change(word)


def supertypes_for(pick: Picker, edition: str, types: list[str]) -> list[str]:
    """Up to two supertypes; mostly those that go with `types` (basic on lands, world on
    permanents, ongoing on schemes, legendary on planeswalkers), so that many lines are clean
    and some are not. Kindred alone mostly gets another card type (added to `types`)."""
    pools = vocabulary(edition)
    if set(types) <= KINDRED_TYPES and pick.chance(85):
        types.append(pick.pick(pools["card_types"]))
    fitting = tuple(
        s
        for s in pools["supertypes"]
        if not next(meaning.meaningless([s], frozenset(types), rules(edition)), None)
    )
    chosen = [pick.pick(pools["supertypes"] if pick.chance(15) else fitting) for _ in range(pick.count(0, 2))]
    if "Planeswalker" in types and "Legendary" not in chosen and pick.chance(85):
        chosen.insert(0, "Legendary")
    return chosen


def build_face(pick: Picker, edition: str) -> str:
    pools = vocabulary(edition)
    words: list[str] = []
    if pick.chance(15):
        words.append("Token")
    types = [pick.pick(pools["card_types"]) for _ in range(pick.count(1, 2))]
    words += supertypes_for(pick, edition, types)
    if pick.chance(10):
        types.append(pick.pick(pools["renamed"] + pools["odd"]))
    if pick.chance(10):
        pick_from = pick.pick([pools["all_subtypes"], pools["supertypes"]])
        types.insert(pick.count(0, len(types)), pick.pick(pick_from))
    words += types
    subtypes: list[str] = []
    right = tuple(w for t in types for w in pools.get(t, ()))
    for _ in range(pick.count(0, 3)):
        source = pick.pick(
            [right, right, right, right, right, right, pools["all_subtypes"], pools["renamed"],
             pools["odd"], pools["apostrophes"], pools["card_types"], pools["supertypes"]]
        )  # fmt: skip
        if source:
            subtypes.append(pick.pick(source))
    if subtypes and pick.chance(10):
        again = pick.pick(subtypes)
        if pick.chance(50):
            again = again.replace("’", "'") if "’" in again else again.replace("'", "’")
        subtypes.insert(pick.count(0, len(subtypes)), again)
    if words and pick.chance(5):
        words.insert(pick.count(0, len(words)), pick.pick(words))
    space = " " if pick.chance(95) else pick.pick(["  ", "\t", " \u00a0", ""])
    head = space.join(respell(w, pick) for w in words)
    if not subtypes and not pick.chance(5):
        return head
    dash = " — " if pick.chance(85) else pick.pick(["—", " - ", " -- ", "-", " – ", " —", "— ", "  —  "])
    return head + dash + space.join(respell(w, pick) for w in subtypes)


def build_line(pick: Picker, edition: str) -> str:
    faces = [build_face(pick, edition) for _ in range(1 if pick.chance(75) else pick.count(2, 3))]
    if pick.chance(3):
        faces = faces[:1] * pick.count(30, 60)  # a line longer than any type line
    separator = " // " if pick.chance(90) else pick.pick(["//", " //", "// ", "  //  "])
    line = separator.join(faces)
    if pick.chance(3):
        line = pick.pick([" ", "\t", "\u200b"]) + line
    if pick.chance(3):
        line += pick.pick([" ", "\n", "//"])
    return line


@st.composite
def type_lines(draw: st.DrawFn, edition: str) -> str:
    return build_line(DrawPicker(draw), edition)


@cache
def valid_lines() -> tuple[str, ...]:
    """The corpus lines that are right under the newest edition (as bench/inputs.py tells)."""
    with CORPUS.open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream, delimiter="\t", quoting=csv.QUOTE_NONE))
    return tuple(
        row["type_line"]
        for row in rows
        if row["kind"] in VALID_KINDS and not set(row["flags"].split(",")) & NOT_VALID_FLAGS
    )
