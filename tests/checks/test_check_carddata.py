"""The checks of card data that disagrees with itself (checks/carddata.py): TL906, a
Scryfall card's combined type line that is not its faces' lines joined, and TL907, an MTGJSON
type string that disagrees with its own arrays; MTGJSON's conventions are not TL907.

The JSON readers find them (they see the fields around a type line); the JSON tests read
and check the files as in sources/test_source_json.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers.cardjson import check, entries, findings_of, found, write


def test_tl906_a_combined_line_that_is_not_the_faces_joined(tmp_path: Path) -> None:
    card = {
        "name": "Who // What // When // Where // Why",
        "type_line": "Instant",
        "card_faces": [
            {"name": name, "type_line": "Instant"} for name in ("Who", "What", "When", "Where", "Why")
        ],
    }
    status, document = check(write(tmp_path, json.dumps(card, indent=2)), "scryfall")
    assert status == 1
    assert found(document) == [(3, 17, 24, "TL906", "Who // What // When // Where // Why")]
    (finding,) = document["findings"]
    assert finding["suggestion"] == " // ".join(["Instant"] * 5)
    assert finding["type_line"] == "Instant"
    assert finding["severity"] == "error"


@pytest.mark.parametrize(
    "card",
    [
        {
            "type_line": "Instant // Sorcery",
            "card_faces": [{"type_line": "Instant"}, {"type_line": "Sorcery"}],
        },
        {"card_faces": [{"type_line": "Instant"}, {"type_line": "Sorcery"}]},  # reversible: no combined line
        {
            "type_line": "Instant // Sorcery",
            "card_faces": [{"name": "A"}, {"type_line": "Sorcery"}],
        },  # a face without
        {"type_line": "Instant // Sorcery", "card_faces": []},
    ],
)
def test_tl906_not_without_a_disagreement(tmp_path: Path, card: dict[str, Any]) -> None:
    assert findings_of(tmp_path, json.dumps(card), "scryfall") == []


@pytest.mark.parametrize(
    ("type_line", "arrays"),
    [
        ("Creature — Elf Warrior", ([], ["Creature"], ["Elf"])),
        ("Legendary Creature — Elf", ([], ["Creature"], ["Elf"])),
        ("Creature — Elf", ([], ["Artifact", "Creature"], ["Elf"])),
        ("Creature — Elf", ([], ["Creature"], ["Goblin"])),
        ("Creature", ([], ["Creature"], ["Elf"])),
        ("Elf — Creature", ([], ["Creature"], ["Elf"])),  # the words on the wrong sides
    ],
)
def test_tl907_a_type_string_that_disagrees_with_its_arrays(
    tmp_path: Path, type_line: str, arrays: tuple[list[str], list[str], list[str]]
) -> None:
    card = {
        "name": "X",
        "supertypes": arrays[0],
        "types": arrays[1],
        "subtypes": arrays[2],
        "type": type_line,
    }
    (entry,) = entries(json.dumps([card], ensure_ascii=False).encode(), "mtgjson")
    (note,) = entry.notes
    assert note.code == ("TL907", "type-fields-disagree")
    head = " ".join(arrays[0] + arrays[1])
    made = f"{head} — {' '.join(arrays[2])}" if arrays[2] else head
    assert note.message.endswith(f"which make '{made}'")
    codes_found = [f[3] for f in findings_of(tmp_path, json.dumps([card], ensure_ascii=False), "mtgjson")]
    assert "TL907" in codes_found


def test_tl907_place_is_the_whole_type_string(tmp_path: Path) -> None:
    card = {
        "name": "X",
        "supertypes": [],
        "types": ["Creature"],
        "subtypes": ["Elf"],
        "type": "Creature — Elf Warrior",
    }
    assert findings_of(tmp_path, json.dumps([card], ensure_ascii=False), "mtgjson") == [
        (1, 87, 109, "TL907", "X")
    ]


@pytest.mark.parametrize(
    ("type_line", "supertypes", "types", "subtypes"),
    [
        ("Token Creature — Zombie", [], ["Token", "Creature"], ["Zombie"]),  # Token in `types`
        ("Token", [], ["Token"], []),  # the back of an Unstable double-faced token
        ("Emblem — Liliana", [], ["Emblem"], ["Liliana"]),
        ("Ongoing Scheme", ["Ongoing"], ["Scheme"], []),
        ("Host Creature — Dwarf", ["Host"], ["Creature"], ["Dwarf"]),
        ("Phenomenon", [], ["Phenomenon"], []),
        ("Plane — Serra’s Realm", [], ["Plane"], ["Serra’s Realm"]),  # one entry of two words
        ("Plane — Serra’s Realm", [], ["Plane"], ["Serra's Realm"]),  # either apostrophe
        ("Legendary Creature — Time Lord Doctor", ["Legendary"], ["Creature"], ["Time Lord", "Doctor"]),
        ("Basic Snow Land — Forest", ["Basic", "Snow"], ["Land"], ["Forest"]),
        ("Creature - Elf", [], ["Creature"], ["Elf"]),  # an ASCII dash (TL101, not TL907)
        ("Creature — Human Knight", [], ["Creature"], ["Knight", "Human"]),  # another order
        ("Creature — Elf", None, ["Creature"], None),  # arrays left out: nothing to compare
        ("Creature — Elf", [], "Creature ", []),  # not lists (Magic-Spoiler's `types` string)
        ("Creature — Elf", [], ["Creature", 3], ["Elf"]),  # not strings
    ],
)
def test_tl907_not_for_mtgjson_conventions(
    type_line: str, supertypes: Any, types: Any, subtypes: Any
) -> None:
    card = {"name": "X", "type": type_line, "supertypes": supertypes, "types": types, "subtypes": subtypes}
    card = {key: value for key, value in card.items() if value is not None}
    (entry,) = entries(json.dumps([card], ensure_ascii=False).encode(), "mtgjson")
    assert entry.notes == ()


def test_magic_spoiler_json_reads_without_tl907() -> None:
    cards = [
        {"name": "Inspiring Veteran", "superTypes": [], "subTypes": ["Human", "Knight"],
         "type": "Creature - Human Knight", "types": "Creature "},
        {"name": "Glass Casket", "superTypes": [], "subTypes": [], "type": "Artifact", "types": "Artifact"},
    ]  # fmt: skip
    read = entries(json.dumps(cards, indent=4).encode(), "mtgjson")
    assert [(e.text, e.card, e.notes) for e in read] == [
        ("Creature - Human Knight", "Inspiring Veteran", ()),
        ("Artifact", "Glass Casket", ()),
    ]
