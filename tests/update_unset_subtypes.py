"""Make rules/unset-subtypes.yaml from the corpus of real type lines: every subtype that a
line of Un-set or silver-bordered cards prints (the corpus's `joke` flag), that no other
line prints and that no shipped edition lists, no rename replaced and no list holds in the
plural (Elves).

    python tests/update_unset_subtypes.py            # rewrite rules/unset-subtypes.yaml
    python tests/update_unset_subtypes.py --check    # exit 1 if it is out of date
    python tests/update_unset_subtypes.py --corpus PATH   # another copy of the detail file

The corpus is ../shared/corpus/real-typelines-detail.tsv beside the checkout (columns in its
README). Only faces whose words after the dash are all subtype names are read: the rest are
phrases or sentences in the subtype's place (B.F.M.'s, Miss Demeanor's "Lady of Proper
Etiquette"), whose words are no types one by one. A word takes the list its face's card types
call for, the creature types where that is one of several (an artifact creature's Cyborg).
tests/ruleset/test_unset_subtypes.py holds the shipped file to what this makes.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import yaml

from mtg_typeline.checks.subtype_forms import singular_entries
from mtg_typeline.notation import fold
from mtg_typeline.parser import Face, Word, parse
from mtg_typeline.ruleset import RuleSet, load_rules, shipped_editions
from mtg_typeline.ruleset.editions import load_edition
from mtg_typeline.ruleset.typenames import name_problem

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "rules" / "unset-subtypes.yaml"
CORPUS = ROOT.parent / "shared" / "corpus" / "real-typelines-detail.tsv"
SOURCES = {
    "xmage2026": "XMage card classes (2026-08-22)",
    "scryfall2019": "Scryfall card objects (2019-09-26)",
    "cockatrice-tokens": "Cockatrice's token database (2026-08-05)",
    "forge2020": "Forge card scripts (2020-11-08)",
    "forge": "Forge card scripts",
}
HEADER = """\
# mtg-typeline Un-set subtypes: subtypes printed only on Un-set and silver-bordered cards
# (Unglued, Unhinged, Unstable, Unfinity and promotional cards), which no edition of the rules
# has listed and no rename replaced (Cow was never made Ox; only Bull was). TL302 names them
# so instead of guessing a listed word of another meaning (Cow is no Clown). `kind` is the
# subtype list the card's types call for; `card` is one card that prints the word. Made by
# tests/update_unset_subtypes.py from a corpus of real type lines: do not edit by hand.
"""


class _Dumper(yaml.SafeDumper):
    """Block lists indented under their key, as the other files of rules/ write them."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def main() -> int:
    args = sys.argv[1:]
    corpus = Path(args[args.index("--corpus") + 1]) if "--corpus" in args else CORPUS
    text = render(corpus)
    if "--check" in args:
        if TARGET.read_text(encoding="utf-8") != text:
            print(f"{TARGET.relative_to(ROOT)} is out of date", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    return 0


def render(corpus: Path) -> str:
    """The text of the data file made from the detail file `corpus`."""
    entries = sorted(derive(corpus).values(), key=lambda e: fold(e["word"]))
    body = yaml.dump(
        {"schema": 1, "subtypes": entries},
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        width=1_000,  # one line an entry, as the other files of rules/
    )
    return HEADER + body


def derive(corpus: Path) -> dict[str, dict[str, str]]:
    """Each Un-set subtype (folded) with its entry, from the first joke line printing it; a
    word another line prints too (Head: the Hydra's heads of the Theros challenge decks) is
    not only the Un-sets'."""
    rules = load_rules()
    jokes, others = _rows(corpus)
    folded, entries = _known_words(rules)
    known = (folded | {fold(w.text) for row in others for w in _subtypes(row, rules)}, entries)
    found: dict[str, dict[str, str]] = {}
    for row in jokes:
        line = parse(row["type_line"], rules)
        names = row["example_card_name"].split(" // ")
        for number, face in enumerate(line.faces):
            card = names[number] if len(names) == len(line.faces) else row["example_card_name"]
            for word, kind in _face_words(face, rules, known):
                entry = {"word": word, "kind": kind, "card": card, "source": _source(row, card)}
                found.setdefault(fold(word), entry)
    return found


def _rows(corpus: Path) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """The rows of the lines only Un-set and silver-bordered cards print, and the others."""
    with corpus.open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream, delimiter="\t", quoting=csv.QUOTE_NONE))
    jokes = [row for row in rows if "joke" in row["flags"].split(",")]
    return jokes, [row for row in rows if "joke" not in row["flags"].split(",")]


def _subtypes(row: dict[str, str], rules: RuleSet) -> list[Word]:
    return [w for face in parse(row["type_line"], rules).faces for w in face.subtypes]


def _known_words(rules: RuleSet) -> tuple[set[str], tuple[str, ...]]:
    """The folded entries of every shipped edition's lists and the renames' old words; and
    every entry as written (for plurals)."""
    entries = {e for edition in shipped_editions() for s in load_edition(edition).lists for e in s.entries}
    folded = {fold(e) for e in entries} | {fold(r.old) for r in rules.renames}
    return folded, tuple(sorted(entries))


def _face_words(face: Face, rules: RuleSet, known: tuple[set[str], tuple[str, ...]]) -> list[tuple[str, str]]:
    """The face's subtypes that are Un-set words, each with its list key."""
    keys = [s.key for s in rules.lists_for(face.card_types)]
    kind = "creature" if "creature" in keys else keys[0] if len(keys) == 1 else None
    words = [w.text for w in face.subtypes]
    if kind is None or any(name_problem(w, subtype=True) for w in words):
        return []
    folded, entries = known
    return [(w, kind) for w in words if fold(w) not in folded and not singular_entries(w, entries)]


def _source(row: dict[str, str], card: str) -> str:
    sources = " and ".join(SOURCES[tag] for tag in row["source"].split("+"))
    return (
        f"The type line {row['type_line']} ({card}) in a corpus of real type lines from {sources}, "
        "where only Un-set or silver-bordered cards print it."
    )


if __name__ == "__main__":
    sys.exit(main())
