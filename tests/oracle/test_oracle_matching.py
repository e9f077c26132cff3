"""The Oracle file read into names and type lines (both shapes, in pieces as small as one
character), and the cards of a user's data found in it as users write their names: case,
apostrophes, accents, ligatures, the faces of a card, an Alchemy `A-` name; tokens and cards
the file lacks passed over."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import DATA

from mtg_typeline.oracle import Oracle, face_spans, load_oracle
from mtg_typeline.oracle import reading as oracle_reading

ORACLE = DATA / "oracle"
CITED = ("205.3f",)


def oracle_of(path: Path) -> Oracle:
    oracle, problem = load_oracle(str(path), path.name)
    assert problem is None and oracle is not None
    return oracle


@pytest.fixture(scope="module")
def scryfall() -> Oracle:
    return oracle_of(ORACLE / "oracle-cards.json")


def test_both_shapes_hold_the_same_lines_for_the_same_cards() -> None:
    atomic = oracle_of(ORACLE / "atomic-cards.json")
    cards = oracle_of(ORACLE / "oracle-cards.json")
    assert atomic.cards, "no card read"
    assert {name: cards.cards[name] for name in atomic.cards} == atomic.cards
    assert atomic.faces == {"fire": "Instant", "ice": "Instant"}


@pytest.mark.parametrize("chunk", [1, 7, 64])
def test_read_in_small_pieces_as_whole(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    """Elements cut anywhere by the end of a chunk are read as when the file comes whole."""
    whole = {name: oracle_of(ORACLE / name).cards for name in ("oracle-cards.json", "atomic-cards.json")}
    monkeypatch.setattr(oracle_reading, "CHUNK", chunk)
    assert {name: oracle_of(ORACLE / name).cards for name in whole} == whole


def test_a_scryfall_list_object_is_read_too() -> None:
    oracle = Oracle("list")
    text = '{"object": "list", "has_more": false, "data": [{"name": "Opt", "type_line": "Instant"}]}'
    oracle_reading.read_oracle(io.StringIO(text), oracle.take)
    assert oracle.cards == {"opt": "Instant"}


@pytest.mark.parametrize(
    ("card", "line"),
    [
        ("Bitterblossom", "Kindred Enchantment — Faerie"),
        ("BITTERBLOSSOM", "Kindred Enchantment — Faerie"),  # case
        ("Urza's Tower", "Land — Urza’s Tower"),  # a straight apostrophe for the Oracle's curly one
        ("Urza’s Tower", "Land — Urza’s Tower"),
        ("Lim-Dul's Vault", "Instant"),  # no accent for the Oracle's `û`
        ("Lim-Dûl’s Vault", "Instant"),
        ("Aether Vial", "Artifact"),  # the ligature spelt out
        ("Fire // Ice", "Instant // Instant"),  # the faces of a split card
        ("Fire/Ice", "Instant // Instant"),
        ("Ice", "Instant"),  # one face by its name
        ("Stomp", "Instant — Adventure"),
        ("Bonecrusher Giant", "Creature — Giant"),
        ("A-Lightning Bolt", "Instant"),  # an Alchemy card the file holds only as the original
        ("Fire // Bonecrusher Giant", "Instant // Creature — Giant"),  # faces each known
    ],
)
def test_names_as_users_write_them(scryfall: Oracle, card: str, line: str) -> None:
    assert scryfall.line_of(card) == line


@pytest.mark.parametrize("card", ["Soldier", "Llanowar Elves", "Fire // Ice // Wind", "A-", ""])
def test_cards_the_file_lacks(scryfall: Oracle, card: str) -> None:
    """A token of the Oracle file is not kept: a card of that name is not compared."""
    assert scryfall.line_of(card) is None
    assert scryfall.compare(card, "Creature — Soldier", CITED).passed


def test_a_token_line_is_passed_over_even_with_a_card_name(scryfall: Oracle) -> None:
    compared = scryfall.compare("Bitterblossom", "Token Enchantment — Faerie", CITED)
    assert (compared.passed, compared.why, compared.found) == (True, "a token or an emblem", ())


def test_faces_that_do_not_match_are_passed_over(scryfall: Oracle) -> None:
    compared = scryfall.compare("Fire // Ice", "Instant", CITED)
    assert compared.passed and compared.found == ()
    assert compared.why == "1 face here, 2 in the Oracle file"


@pytest.mark.parametrize(
    "line",
    [
        "Kindred Enchantment — Faerie",
        "Kindred Enchantment - Faerie",  # the dash is the form checks' business
        "kindred enchantment — faerie",  # and so is case
        "  Kindred Enchantment  —  Faerie ",
    ],
)
def test_same_words_no_finding(scryfall: Oracle, line: str) -> None:
    assert scryfall.compare("Bitterblossom", line, CITED) == ((), False, "")


def test_a_printed_line_names_both_lines_and_the_words(scryfall: Oracle) -> None:
    (finding,) = scryfall.compare("Bitterblossom", "Tribal Enchantment — Faerie", CITED).found
    assert (finding.code, finding.name, finding.severity.value) == ("TL910", "oracle-mismatch", "error")
    assert finding.message == (
        "'Tribal Enchantment — Faerie' is not the Oracle type line of Bitterblossom, "
        "'Kindred Enchantment — Faerie': the Oracle line has Kindred; this line has Tribal, "
        "which the Oracle line hasn't"
    )
    assert finding.rules == CITED
    assert finding.fix is not None and finding.fix.replacement == "Kindred Enchantment — Faerie"
    assert finding.suggestion == "Kindred Enchantment — Faerie"


def test_face_by_face_only_the_face_that_differs(scryfall: Oracle) -> None:
    text = "Creature — Giant // Sorcery — Adventure"
    (finding,) = scryfall.compare("Bonecrusher Giant // Stomp", text, CITED).found
    assert (finding.column, finding.end_column) == (21, 40)
    assert finding.suggestion == "Creature — Giant // Instant — Adventure"
    assert "the Oracle line has Instant; this line has Sorcery" in finding.message


def test_the_same_words_in_another_order(scryfall: Oracle) -> None:
    (finding,) = scryfall.compare("Grizzly Bears", "Bear Creature", CITED).found
    assert finding.message.endswith(": the same words in another order")


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("Instant", [(0, 7)]),
        ("A // B", [(0, 1), (5, 6)]),
        (" A //B ", [(1, 2), (5, 6)]),
        ("A // ", [(0, 1), (4, 4)]),
    ],
)
def test_face_spans(text: str, spans: list[tuple[int, int]]) -> None:
    assert face_spans(text) == spans
