"""`typeline lookup` of a subtype printed only on Un-set and silver-bordered cards: it says so,
as TL302 does, with one card that prints it, and offers no close match of another meaning."""

from __future__ import annotations

from helpers import commands

NEWEST = "2026-09-25"
COW = "a creature type only of Un-set and silver-bordered cards (Hungry Hungry Heifer), not of the rules"


def test_lookup_says_what_an_unset_subtype_is() -> None:
    for word in ("Cow", "cow"):  # a lookup compares in any case; it names the word as printed
        commands.expect(
            ["lookup", word],
            f"Cow: not a card type, supertype or subtype in the {NEWEST} edition\n"
            "  in no shipped edition\n"
            f"  Un-set: {COW}\n",
            1,
        )


def test_lookup_as_a_creature_type_says_it_too() -> None:
    commands.expect(
        ["lookup", "Donkey", "--as", "creature"],
        f"no: Donkey may not be chosen as a creature type (205.3e, {NEWEST} edition)\n"
        "  'Donkey' is not a creature type (205.3m) in this edition; it is a creature type only of "
        "Un-set and silver-bordered cards (Assquatch), not of the rules\n",
        1,
    )


def test_json_of_an_unset_subtype() -> None:
    data = commands.json_of(["lookup", "Cow", "--format", "json"], 1)
    assert data["close_matches"] == [] and data["known"] is False
    assert data["unset"]["word"] == "Cow" and data["unset"]["kind"] == "creature"
    assert data["unset"]["card"] == "Hungry Hungry Heifer" and data["unset"]["source"]


def test_json_of_any_other_word_has_no_unset_entry() -> None:
    assert commands.json_of(["lookup", "Goblin", "--format", "json"], 0)["unset"] is None
