"""The cards of a YAML set re-checked alone after a change give the problems the whole
buffer checked gives: the same codes, places and fixes, whatever card changes and however."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mtg_typeline.server.checking import check_document
from mtg_typeline.server.documents import Document, checked
from mtg_typeline.server.incremental import split

TYPES = [
    "Creature — Elf Warrior",
    "Legendary Creature - Goblin Shaman",
    '"Artifact — Equipment"',
    "Land — Forest",
    "Creature — Forest",
    "Instant",
    "creature — elf",
    "Creature — Goblinn",
    "Creature — Elf  # typeline: ignore[TL101]",
    "Creature - Elf  # typeline: ignore[TL101]",
    ">-\n      Legendary Creature —\n      Dragon",
    "Enchantment — Aura Curse",
]


def _card(number: int, kind: str) -> str:
    return f"  - name: Card {number}\n    type: {kind}\n    text: Rules text {number}.\n"


def _set(kinds: list[str]) -> str:
    return "set: TST\ncards:\n" + "".join(_card(n, k) for n, k in enumerate(kinds))


def _edited(kinds: list[str], rng: random.Random) -> list[str]:
    kinds = list(kinds)
    what, where = rng.randrange(3), rng.randrange(len(kinds))
    if what == 0:
        kinds[where] = rng.choice(TYPES)
    elif what == 1:
        kinds.insert(where, rng.choice(TYPES))
    else:
        del kinds[where]
    return kinds


@pytest.mark.parametrize("seed", range(6))
def test_a_change_rechecked_card_by_card_is_the_whole_check(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    path = str(tmp_path / "set.yaml")
    kinds = [rng.choice(TYPES) for _ in range(40)]
    state: Document = checked(_set(kinds), path, None, None)
    assert state.items is not None
    for _ in range(8):
        kinds = _edited(kinds, rng)
        text = _set(kinds)
        state = checked(text, path, None, state)
        assert state.items is not None  # re-checked card by card
        assert state.problems == check_document(text, path).problems


@pytest.mark.parametrize(
    "text",
    [
        "cards:\n  - &base\n    name: A\n    type: Creature\n  - <<: *base\n    name: B\n",
        "cards:\n  - name: A\n    type: Creature\ntokens:\n  - name: B\n    type: Creature\n",
        "- name: A\n  type: Creature\n---\n- name: B\n  type: Creature\n",
        "cards:\n\t- name: A\n",
        "name: A\ntype: Creature\n",
    ],
)
def test_what_is_checked_whole(text: str) -> None:
    assert split(text) is None


def test_a_list_of_cards_splits_into_its_items() -> None:
    found = split("cards:\n  - name: A\n    type: Creature\n  # a comment\n  - name: B\n")
    assert found is not None
    assert found.header == "cards:\n"
    assert found.starts == (1, 4)


def test_a_one_card_change_checks_that_card_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "set.yaml")
    kinds = TYPES * 3
    state = checked(_set(kinds), path, None, None)
    kinds[7] = "Creature — Elf"  # was Goblinn
    expected = check_document(_set(kinds), path).problems

    def whole(*args: object) -> None:
        raise AssertionError("the whole buffer was checked")

    monkeypatch.setattr("mtg_typeline.server.documents.check_document", whole)
    state = checked(_set(kinds), path, None, state)
    assert state.problems == expected
