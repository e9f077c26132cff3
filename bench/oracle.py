"""The `--oracle` benchmark's input: an Oracle file of Scryfall's "Oracle Cards" shape, about
150 MB, made of the shared samples' Scryfall card objects (whole, with every field real
objects carry) repeated under distinct names, one card a line as the bulk file has them.
Built into bench/out/ at bench time, not committed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ORACLE_BYTES = 150 * 1000 * 1000
FLOOR_ORACLE = (
    "import json, sys\nwith open(sys.argv[1], encoding='utf-8') as stream:\n    json.load(stream)\n"
)


def sample_cards(samples: Path) -> list[dict[str, Any]]:
    """The English card objects of the Scryfall samples."""
    cards = []
    for path in sorted((samples / "scryfall").glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        found = document.get("data", [document]) if isinstance(document, dict) else document
        cards += [card for card in found if isinstance(card, dict) and card.get("lang", "en") == "en"]
    return cards


def renamed(card: dict[str, Any], copy: int) -> dict[str, Any]:
    """The card under a name of its own (its faces' names too), the first copy as it is."""
    if copy == 0:
        return card
    faces = [f | {"name": f"{f['name']} {copy}"} for f in card.get("card_faces", []) if "name" in f]
    made = card | {"name": f"{card['name']} {copy}"}
    return made | {"card_faces": faces} if faces else made


def build_oracle(samples: Path, out: Path, size: int = ORACLE_BYTES) -> Path:
    """The Oracle file under `out` (kept when already built at this size)."""
    path = out / "oracle-cards.json"
    if path.exists() and abs(path.stat().st_size - size) < size // 10:
        return path
    cards = sample_cards(samples)
    written, copy = 2, 0
    with open(path, "w", encoding="utf-8") as stream:
        stream.write("[\n")
        while written < size:
            for card in cards:
                text = json.dumps(renamed(card, copy), ensure_ascii=False)
                line = ("," if written > 2 else "") + text + "\n"
                stream.write(line)
                written += len(line.encode("utf-8"))
            copy += 1
        stream.write("]\n")
    return path
