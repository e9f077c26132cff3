"""Draftmancer card lists: the `[CustomCards]` section's type lines rebuilt from `type` and
`subtypes`, placed at those values in the file, what Draftmancer refuses as TL905, and which
files are told to be one."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import DATA, entries_of, run_cli

from mtg_typeline.findings import Finding
from mtg_typeline.sources import SourceSettings, reader_for
from mtg_typeline.sources.base import Entry, Item, NotCardData, SourceError, resolve
from mtg_typeline.sources.inputs import detect

FANSET = DATA / "draftmancer" / "hamster-valley.txt"

pytestmark = pytest.mark.usefixtures("in_tmp")


def items(data: str) -> list[Item]:
    read = reader_for("draftmancer", SourceSettings())
    return list(read(io.BytesIO(data.encode("utf-8")), "cards.txt", lambda n: None))


def entries(data: str) -> list[Entry]:
    return entries_of(items(data))


def check(args: Sequence[str]) -> tuple[int, dict[str, Any]]:
    result = run_cli(["check", "--format", "json", *args])
    return result.exit_code, json.loads(result.stdout)


def found(document: dict[str, Any]) -> list[tuple[int, int, int, str, str | None]]:
    return [(f["line"], f["column"], f["end_column"], f["code"], f["card"]) for f in document["findings"]]


def card_list(*cards: str, before: str = "", after: str = "") -> str:
    return f"{before}[CustomCards]\n[\n" + ",\n".join(cards) + f"\n]\n{after}"


def test_the_fan_set_gives_its_true_findings_at_the_values() -> None:
    """Six cards and a back face: the lower-case subtype, the back face's Tribal and the
    misspelt subtype at their words in the file, the card with no type a TL905 at its object
    (exit 2), and the legendary creature, the artifact and the land clean."""
    status, doc = check([str(FANSET)])
    assert status == 2
    assert found(doc) == [
        (22, 5, 12, "TL103", "Burrow Warden"),
        (29, 13, 19, "TL202", "Warden's Hoard"),
        (40, 28, 33, "TL302", "Hamster Scout"),
        (54, 2, 3, "TL905", None),
    ]
    assert "'Nameless Nibble' has no type" in doc["findings"][-1]["message"]
    assert doc["summary"]["type_lines"] == 6
    assert doc["summary"]["no_type_line"] == 1  # counted as every reader counts one


def test_each_face_is_its_type_and_subtypes_after_the_dash() -> None:
    assert [(e.text, e.card) for e in entries(FANSET.read_text())] == [
        ("Legendary Creature — Elder Hamster", "Gnawing Elder"),
        ("Creature — Hamster soldier", "Burrow Warden"),
        ("Tribal Artifact — Hamster Food", "Warden's Hoard"),
        ("Creature — Hamster Scuot", "Hamster Scout"),
        ("Artifact", "Seed Cache"),
        ("Land", "Valley Stash"),
    ]


def test_each_character_points_at_its_value() -> None:
    """The words of `type` at the type's literal, each subtype at its element (an escape
    counts as the characters it takes), the dash and a space at the subtype after them, and
    a span over several values from its first character to the end of its last."""
    data = card_list('{"name": "A", "type": "Legendary Creature", "subtypes": ["Elder", "Ham\\u0073ter"]}')
    [entry] = entries(data)
    where = resolve(entry.locate)
    assert entry.text == "Legendary Creature — Elder Hamster"
    assert where.region(10, 18) == (3, 34, 3, 42)  # Creature
    assert where.region(21, 26) == (3, 59, 3, 64)  # Elder
    assert where.region(18, 21) == (3, 59, 3, 60)  # the dash: at Elder
    assert where.region(27, 34) == (3, 68, 3, 80)  # Hamster, its s written in six characters
    assert where.region(0, 34) == (3, 24, 3, 80)


def test_a_card_without_subtypes_is_its_type_alone() -> None:
    data = card_list('{"name": "A", "type": "Artifact"}', '{"name": "B", "type": "Land", "subtypes": []}')
    assert [e.text for e in entries(data)] == ["Artifact", "Land"]


def test_comments_and_trailing_commas_are_read_as_draftmancer_reads_them() -> None:
    """`#` lines anywhere (before the header too) and a comma before a closing bracket: the
    places stay those of the file."""
    data = (
        '# a set\n[CustomCards]\n# the cards\n[\n\t{\n\t\t"type": "Creature",\n'
        '\t\t# one\n\t\t"subtypes": ["Elff",],\n\t},\n]\n'
    )
    [entry] = entries(data)
    assert entry.text == "Creature — Elff"
    assert resolve(entry.locate).region(11, 15) == (8, 17, 8, 21)


def test_the_other_sections_are_not_read() -> None:
    data = card_list(
        '{"name": "A", "type": "Creature", "subtypes": ["Elf"]}',
        before='[Settings]\n{"name": "Creature Elff",}\n',
        after='[Layouts]\n{"Default": {"weight": 1,}}\n[MainSlot]\n1 A\n# Creature Elff\n',
    )
    assert [e.text for e in entries(data)] == ["Creature — Elf"]


def test_related_card_objects_are_faces_too() -> None:
    data = card_list(
        '{"name": "A", "type": "Sorcery", "related_cards": ["B", {"name": "T", "type": "Token Creature", '
        '"subtypes": ["Hamstr"]}], "draft_effects": [{"type": "AddCards"}]}'
    )
    assert [(e.text, e.card) for e in entries(data)] == [
        ("Sorcery", "A"),
        ("Token Creature — Hamstr", "T"),
    ]


# What Draftmancer refuses


def test_invalid_json_is_one_tl905_where_it_breaks() -> None:
    Path("bad.txt").write_text('[CustomCards]\n[\n  {"name": "A", "type": "Creature" "subtypes": []}\n]\n')
    status, doc = check(["bad.txt"])
    assert status == 2
    assert found(doc) == [(3, 36, 37, "TL905", None)]
    assert doc["findings"][0]["message"] == "not valid JSON: Expecting ',' delimiter"


def test_a_card_missing_its_type_is_a_tl905_and_the_others_are_checked() -> None:
    Path("miss.txt").write_text(
        card_list(
            '  {"name": "Nope", "mana_cost": "{G}"}',
            '  {"name": "Elfy", "type": "Creature", "subtypes": ["Elff"]}',
            '  {"name": "Two", "type": "Instant", "back": {"name": "Back"}}',
        )
    )
    status, doc = check(["miss.txt"])
    assert status == 2
    assert found(doc) == [
        (3, 3, 4, "TL905", None),
        (4, 54, 58, "TL302", "Elfy"),
        (5, 46, 47, "TL905", None),
    ]
    messages = [f["message"] for f in doc["findings"]]
    assert messages[0].startswith("the card 'Nope' has no type: Draftmancer takes a card without one only")
    assert messages[2].startswith("the back face 'Back' of 'Two' has no type: ")
    assert doc["summary"]["no_type_line"] == 2


def test_a_card_of_the_name_of_one_above_without_a_type_is_another_printing_of_it() -> None:
    """Draftmancer gives a card the properties of the first card of its name above it: a
    printing with only its own collector number has the type of that card, and is no TL905
    (its line is checked once, at the first)."""
    data = card_list(
        '{"name": "Nope", "set": "x"}',
        '{"name": "Elfy", "type": "Creature", "subtypes": ["Elf"]}',
        '{"name": "Elfy", "collector_number": "2"}',
        '{"name": "Nope", "collector_number": "2"}',
    )
    got = [(i.line, i.message.partition(":")[0]) for i in items(data) if isinstance(i, Finding)]
    assert got == [(3, "the card 'Nope' has no type"), (6, "the card 'Nope' has no type")]
    assert [e.text for e in entries(data)] == ["Creature — Elf"]


def test_a_type_or_subtypes_of_the_wrong_kind_is_a_tl905_at_the_value() -> None:
    data = card_list(
        '{"name": "A", "type": 3}',
        '{"name": "B", "type": "Creature", "subtypes": "Elf"}',
        '{"name": "C", "type": "Creature", "subtypes": ["Elf", 2]}',
        '"D"',
        '{"type": "Creature", "subtypes": ["Elf"]}',
    )
    got = [(i.code, i.line, i.column, i.message) for i in items(data) if not isinstance(i, Entry)]  # type: ignore[union-attr]
    assert got == [
        ("TL905", 3, 23, "the type of the card 'A' is not a string"),
        ("TL905", 4, 47, "the subtypes of the card 'B' are not a list of strings"),
        ("TL905", 5, 47, "the subtypes of the card 'C' are not a list of strings"),
        ("TL905", 6, 1, "expected a card object, found a string"),
    ]
    assert [e.text for e in entries(data)] == ["Creature — Elf"]


def test_a_section_that_is_not_an_array_and_a_list_with_no_section() -> None:
    assert [(i.code, i.line, i.message) for i in items('[CustomCards]\n{"a": 1}\n')] == [  # type: ignore[union-attr]
        ("TL905", 2, "expected a JSON array of cards after [CustomCards], found an object")
    ]
    with pytest.raises(NotCardData):
        items("[MainSlot]\n1 Lightning Bolt\n")
    with pytest.raises(SourceError) as raised:
        items("[CustomCards]\n")
    assert raised.value.line == 2


def test_a_list_without_custom_cards_given_as_draftmancer_is_an_error() -> None:
    Path("deck.txt").write_text("[MainSlot]\n4 Lightning Bolt\n")
    status, doc = check(["--input-format", "draftmancer", "deck.txt"])
    assert (status, [f["code"] for f in doc["findings"]]) == (2, ["TL905"])


# Detection


@pytest.mark.parametrize(
    "head",
    [
        "[CustomCards]\n[\n",
        "\n# Hamster Valley\n\n  [ customcards ]  \r\n[",
        '[Settings]\n{"name": "x"}\n[CustomCards]\n[\n',
    ],
)
def test_a_custom_card_list_is_told_by_its_header(head: str) -> None:
    for name in ("set.txt", "set.draftmancer.txt", "set", "-"):
        assert detect(name, head.encode()) == "draftmancer"


@pytest.mark.parametrize(
    "head",
    [
        "Legendary Creature — Elf\n[CustomCards]\n",
        "[MainSlot]\n1 Lightning Bolt\n",
        "[Settings]\n{}\n[MainSlot]\n1 Bolt\n",
        '[{"name": "A", "type": "Creature"}]',
        "# [CustomCards]\nCreature — Elf\n",
    ],
)
def test_other_files_are_not_taken_for_one(head: str) -> None:
    assert detect("set.txt", head.encode()) != "draftmancer"


def test_a_directory_search_reads_the_card_list() -> None:
    Path("sets").mkdir()
    Path("sets/hamsters.txt").write_bytes(FANSET.read_bytes())
    status, doc = check(["sets"])
    assert status == 2
    assert [f["code"] for f in doc["findings"]] == ["TL103", "TL202", "TL302", "TL905"]


def test_a_long_number_and_deep_nesting_are_read_or_reported() -> None:
    """Digits past Python's limit for an int are read as the JSON readers read them; an array
    nested past what `json` reads is one TL905, never a traceback."""
    long_number = card_list('{"name": "A", "type": "Creature", "rating": ' + "9" * 5000 + "}")
    assert [e.text for e in entries(long_number)] == ["Creature"]
    with pytest.raises(SourceError) as raised:
        items("[CustomCards]\n" + "[" * 100_000)
    assert raised.value.message == "the JSON is nested too deeply to read"


def test_a_lone_surrogate_escaped_in_a_value_is_made_u_fffd_as_the_json_readers_make_it() -> None:
    """`\\ud800` alone can't be written out: the line and the card name carry U+FFFD instead,
    and every output format prints the finding."""
    Path("odd.txt").write_text('[CustomCards]\n[{"name": "\\ud800", "type": "Creature\\ud800"}]\n')
    for fmt in ("concise", "text", "json"):
        result = run_cli(["check", "--format", fmt, "odd.txt"])
        assert result.exit_code == 1, result.output
        assert "TL201" in result.output and "internal error" not in result.output
