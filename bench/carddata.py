"""Card-data benchmark inputs: an MTGJSON-shaped set file and a CSV export, built from the
real type lines of the corpus (the valid ones, so the run finds no errors).

The cards carry the fields real files carry around a type line (names, costs, rules text
with commas and quotes, identifiers, legalities, foreign names), so that parsing the file
costs what it costs on real data; every type string agrees with its own arrays.
"""

from __future__ import annotations

import json
import random
import uuid
from typing import Any

DASH = " \u2014 "
FACES = " // "
FORMATS = ("commander", "legacy", "modern", "pauper", "pioneer", "standard", "vintage", "brawl")
TEXTS = (
    "Flying, vigilance",
    'When this enters, create a 1/1 "Soldier" creature token.',
    "{T}: Add {G}.\nActivate only as a sorcery.",
    "Draw a card, then discard a card.",
    "",
)
FLOOR_JSON = (
    "import json, sys\n"
    "with open(sys.argv[1], encoding='utf-8') as stream:\n"
    "    document = json.load(stream)\n"
    "for card in document['data']['cards']:\n"
    "    card['type']\n"
)
FLOOR_JSONL = (
    "import json, sys\n"
    "with open(sys.argv[1], encoding='utf-8') as stream:\n"
    "    for line in stream:\n"
    "        json.loads(line)['type']\n"
)
FLOOR_CSV = (
    "import csv, sys\n"
    "with open(sys.argv[1], encoding='utf-8', newline='') as stream:\n"
    "    for row in csv.reader(stream):\n"
    "        pass\n"
)


def arrays(face: str, rule_data: dict[str, Any]) -> tuple[list[str], list[str], list[str]]:
    """MTGJSON's supertypes, types and subtypes of one face (Token among the types)."""
    head, _, tail = face.partition(DASH)
    supertypes = set(rule_data["supertypes"]["entries"])
    words = head.split(" ")
    supers = [w for w in words if w in supertypes]
    types = [w for w in words if w not in supertypes]
    planar = "Plane" in types
    subtypes = ([tail] if planar else _subtype_words(tail, rule_data)) if tail else []
    return supers, types, subtypes


def _subtype_words(tail: str, rule_data: dict[str, Any]) -> list[str]:
    phrases = [e for s in rule_data["subtypes"].values() for e in s["entries"] if " " in e]
    for phrase in phrases:
        tail = tail.replace(phrase, phrase.replace(" ", "\0"))
    return [w.replace("\0", " ") for w in tail.split(" ")]


def mtgjson_lines(valid: list[str], rule_data: dict[str, Any], count: int, seed: int) -> list[str]:
    """A set file of `count` card objects (one per face, as MTGJSON has them), one per line."""
    rng = random.Random(seed)
    cards: list[str] = []
    number = 0
    while len(cards) < count:
        line = rng.choice(valid)
        number += 1
        faces = line.split(FACES)
        name = " // ".join(f"Card {number}{'abcde'[i]}" for i in range(len(faces)))
        for side, face in enumerate(faces[: count - len(cards)]):
            card = _card(rng, name, number, face, side, len(faces), rule_data)
            cards.append(json.dumps(card, ensure_ascii=False))
    meta = {"date": "2026-09-25", "version": "5.2.2+20260925"}
    head = json.dumps({"meta": meta})[:-1] + ', "data": {"code": "BNC", "name": "Bench", "cards": ['
    return [head, *(c + "," for c in cards[:-1]), cards[-1], "]}}"]


def json_lines(valid: list[str], rule_data: dict[str, Any], count: int, seed: int) -> list[str]:
    """JSON Lines of the same `count` MTGJSON card objects, one a line, as `jq -c` writes them."""
    cards = mtgjson_lines(valid, rule_data, count, seed)[1:-1]
    return [
        json.dumps(json.loads(card.removesuffix(",")), ensure_ascii=False, separators=(",", ":"))
        for card in cards
    ]


def _card(
    rng: random.Random, name: str, number: int, face: str, side: int, faces: int, rule_data: dict[str, Any]
) -> dict[str, Any]:
    supers, types, subtypes = arrays(face, rule_data)
    card: dict[str, Any] = {
        "artist": rng.choice(("Rebecca Guay", "John Avon", "Terese Nielsen")),
        "availability": ["mtgo", "paper"],
        "borderColor": "black",
        "colorIdentity": ["G"],
        "colors": ["G"],
        "convertedManaCost": 2.0,
        "finishes": ["nonfoil", "foil"],
        "foreignData": [
            {"language": "German", "name": f"Karte {number}", "type": "Kreatur \u2014 Elf"},
            {"language": "French", "name": f"Carte {number}", "type": "Cr\u00e9ature : elfe"},
        ],
        "frameVersion": "2015",
        "identifiers": {"multiverseId": str(100000 + number), "scryfallId": str(uuid.UUID(int=number))},
        "language": "English",
        "layout": "normal" if faces == 1 else "transform",
        "legalities": dict.fromkeys(FORMATS, "Legal"),
        "manaCost": "{1}{G}",
        "name": name,
        "number": str(number),
        "originalType": face,
        "rarity": rng.choice(("common", "uncommon", "rare", "mythic")),
        "setCode": "BNC",
        "subtypes": subtypes,
        "supertypes": supers,
        "text": rng.choice(TEXTS),
        "type": face,
        "types": types,
        "uuid": str(uuid.UUID(int=number * 8 + side)),
    }
    if faces > 1:
        card["faceName"] = name.split(FACES)[side]
        card["side"] = "abcde"[side]
    return card


def csv_lines(valid: list[str], count: int, seed: int) -> list[str]:
    """A collection export of `count` rows with a header: name, set, number, type line,
    mana cost, rarity, rules text (quoted where it holds commas, quotes or line breaks)."""
    import csv
    import io

    rng = random.Random(seed)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(("Name", "Set", "Collector Number", "Type Line", "Mana Cost", "Rarity", "Text"))
    for number in range(1, count + 1):
        name = f"Card {number}" if number % 3 else f"Card {number}, the Bench"
        text = rng.choice(TEXTS)
        row = (name, "BNC", number, rng.choice(valid), "{1}{G}", "common", text)
        writer.writerow(row)
    return buffer.getvalue().splitlines()
