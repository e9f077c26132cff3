"""Big card files: an MTGJSON AllPrintings-shaped file (about 450 MB: sets of every
printing, with their tokens, boosters and translations) and a Scryfall bulk-shaped one
(about 300 MB: a JSON array, one card a line), each checked as it is (no findings) and with
three misspelt type lines (at the start, the middle and the end), against `json.load` of the
same file; and the peak RSS of each.

The files are built from the corpus's valid type lines (MTGJSON) and the shared samples'
Scryfall cards (renamed copies) under $TYPELINE_BIG_JSON (default /tmp/typeline-bigjson),
not in the checkout: they take a minute or two to build and hundreds of megabytes of disk,
and are kept for the next run.

    .venv/bin/python bench/bigjson.py [--runs N]      # rows 6 and 7 alone
"""

from __future__ import annotations

import json
import os
import random
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import carddata
from inputs import SEED, is_valid_row, read_corpus
from oracle import renamed, sample_cards

BIG = Path(os.environ.get("TYPELINE_BIG_JSON", "/tmp/typeline-bigjson"))
MTGJSON_BYTES = 450 * 1000 * 1000
SCRYFALL_BYTES = 300 * 1000 * 1000
SET_CARDS = 400  # cards a set
TARGET = 1.0  # of json.load's time
RSS_TARGET_MIB = 250.0
# misspelt type lines: one error each (an unknown subtype, with a suggestion)
MISSPELT = ("Creature \u2014 Goblin Wizzard", "Artifact \u2014 Equipmnet", "Enchantment \u2014 Aurra")
FLOOR_LOAD = "import json, sys\nwith open(sys.argv[1], encoding='utf-8') as stream:\n    json.load(stream)\n"
Measure = Callable[..., list[Any]]


def _misplaced(total: int) -> dict[int, str]:
    """Which of `total` cards get a misspelt type line: the first, the middle, the last."""
    return dict(zip((1, total // 2, total - 2), MISSPELT, strict=True))


def _mtgjson_set(code: str, cards: list[str], tokens: list[str]) -> str:
    head = {"baseSetSize": len(cards), "block": "Bench", "booster": _booster(code)}
    tail = {
        "code": code,
        "isFoilOnly": False,
        "name": f"Bench {code}",
        "releaseDate": "2026-09-25",
        "translations": {"German": f"Bank {code}", "French": f"Banc {code}"},
        "type": "expansion",
    }
    return (
        json.dumps(head)[:-1]
        + ', "cards": [\n'
        + ",\n".join(cards)
        + '\n], "tokens": [\n'
        + ",\n".join(tokens)
        + "\n], "
        + json.dumps(tail)[1:]
    )


def _booster(code: str) -> dict[str, Any]:
    sheet = {str(uuid.UUID(int=n)): 1 for n in range(60)}
    return {
        "default": {
            "boosters": [{"contents": {"common": 10}, "weight": 1}],
            "sheets": {"common": {"cards": sheet}},
        }
    }


def build_mtgjson(path: Path, valid: list[str], rule_data: dict[str, Any], misspelt: bool) -> None:
    """An AllPrintings-shaped file of about MTGJSON_BYTES, one card a line."""
    rng = random.Random(SEED)
    total = MTGJSON_BYTES // 1150
    wrong = _misplaced(total) if misspelt else {}
    number = 0
    with open(path, "w", encoding="utf-8") as out:
        out.write('{"meta": {"date": "2026-09-25", "version": "5.2.2+20260925"}, "data": {\n')
        first = True
        while number < total:
            code = f"B{len(str(number))}{number:07d}"
            cards, tokens = [], []
            for _ in range(SET_CARDS):
                number += 1
                face = wrong.get(number) or rng.choice(valid).split(carddata.FACES)[0]
                card = carddata._card(rng, f"Card {number}", number, face, 0, 1, rule_data)
                (tokens if number % 25 == 0 else cards).append(json.dumps(card, ensure_ascii=False))
            out.write(("" if first else ",\n") + json.dumps(code) + ": " + _mtgjson_set(code, cards, tokens))
            first = False
        out.write("\n}}\n")


def build_scryfall(path: Path, samples: Path, misspelt: bool) -> None:
    """A Scryfall bulk-shaped file of about SCRYFALL_BYTES: a JSON array, one card a line."""
    cards = sample_cards(samples)
    size = sum(len(json.dumps(card, ensure_ascii=False)) + 2 for card in cards)
    total = len(cards) * (SCRYFALL_BYTES // size + 1)
    wrong = _misplaced(total) if misspelt else {}
    with open(path, "w", encoding="utf-8") as out:
        out.write("[\n")
        for number, copy in enumerate(_copies(cards, total), 1):
            card = copy
            if number in wrong:
                card = {k: v for k, v in copy.items() if k != "card_faces"} | {"type_line": wrong[number]}
            out.write(json.dumps(card, ensure_ascii=False) + (",\n" if number < total else "\n"))
        out.write("]\n")


def _copies(cards: list[dict[str, Any]], total: int) -> Iterator[dict[str, Any]]:
    made = 0
    for copy in range(total):
        for card in cards:
            if made == total:
                return
            made += 1
            yield renamed(card, copy)


def big_inputs(corpus: Path, rules: Path, samples: Path) -> dict[str, Path]:
    """The four files (built when missing): MTGJSON and Scryfall, without and with findings."""
    BIG.mkdir(parents=True, exist_ok=True)
    paths = {
        f"{kind}-{found}": BIG / f"{kind}-{found}.json"
        for kind in ("mtgjson", "scryfall")
        for found in (0, 3)
    }
    if not all(p.exists() for p in paths.values()):
        import yaml  # (a dependency of the package; only building needs it)

        valid = [row["type_line"] for row in read_corpus(corpus) if is_valid_row(row)]
        rule_data = yaml.safe_load(rules.read_text(encoding="utf-8"))
        for found in (0, 3):
            if not paths[f"mtgjson-{found}"].exists():
                build_mtgjson(paths[f"mtgjson-{found}"], valid, rule_data, bool(found))
            if not paths[f"scryfall-{found}"].exists():
                build_scryfall(paths[f"scryfall-{found}"], samples, bool(found))
    return paths


def big_rows(
    paths: dict[str, Path], measure: Measure, check: Callable[[Path], list[str]], runs: int
) -> list[dict[str, Any]]:
    """Rows 6 and 7: each file checked (`check`), against `json.load` of it, by `measure`."""
    titles = {"mtgjson": "big-6. MTGJSON AllPrintings-shaped", "scryfall": "big-7. Scryfall bulk-shaped"}
    rows = []
    for name, path in paths.items():
        kind, found = name.split("-")
        ours, floor = measure([check(path), [sys.executable, "-c", FLOOR_LOAD, str(path)]], runs)
        ratio = ours.best() / floor.best()
        ok = ratio <= TARGET and ours.peak_mib() <= RSS_TARGET_MIB
        rows.append({
            "name": f"big-{name}",
            "title": f"{titles[kind]}, {path.stat().st_size / 1e6:.0f} MB, {found} findings",
            "input": {"path": str(path), "bytes": path.stat().st_size},
            "ours": ours.to_dict(),
            "floor": floor.to_dict(),
            "ratio": ratio,
            "target": TARGET,
            "rss_target_mib": RSS_TARGET_MIB,
            "pass": ok,
        })  # fmt: skip
    return rows


if __name__ == "__main__":
    import argparse

    import run

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=("mtgjson", "scryfall"))
    args = parser.parse_args()
    made = big_inputs(run.CORPUS, run.RULES, run.SAMPLES)
    made = {k: v for k, v in made.items() if args.only is None or k.startswith(args.only)}
    print("load:", os.getloadavg())
    found = big_rows(made, run.measure, run.json_check, args.runs)
    print(run.table(found))
    print("load:", os.getloadavg())
