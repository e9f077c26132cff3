"""The real Scryfall and MTGJSON samples with their findings, each on its literal, and
telling the two formats apart from a file's head (`sources.inputs.detect`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import DATA, shared_path
from helpers.cardjson import check, mtg_card, write

from mtg_typeline.sources import SNIFF_BYTES
from mtg_typeline.sources.inputs import detect

SAMPLES = DATA / "samples"


def sample(kind: str, name: str) -> Path:
    """A copied sample (tests/data/samples), or a big one from ../shared/samples."""
    copy = SAMPLES / ("mtgjson" if kind == "cockatrice" else kind) / name
    return copy if copy.exists() else shared_path("samples", kind, name)


UST_HOST = [
    (26624, "Adorable Kitten"), (80082, "Ordinary Pony"), (96293, "Shaggy Camel"),
    (114782, "Crafty Octopus"), (135134, "Mer Man"), (147337, "Numbing Jellyfish"),
    (177133, "Big Boa Constrictor"), (180918, "Dirty Rat"), (244714, "Stinging Scorpion"),
    (259386, "Bumbling Pangolin"), (261164, "Common Iguana"), (265803, "Feisty Stegosaurus"),
    (345356, "Eager Beaver"), (378317, "Mother Kangaroo"), (401990, "Wild Crocodile"),
    (442326, "Angelic Rocket"), (477339, "Gnome-Made Engine"), (487063, "Labro Bot"),
    (515647, "Voracious Vacuum"),
]  # fmt: skip
# Un-set creature types that are in no list of the rules: Cyborg, Killbot, Brainiac, Vampyre, …
UST_UNKNOWN = [
    (28464, "Aerial Toastmaster"), (40434, "Chivalrous Chevalier"), (43457, "Do-It-Yourself Seraph"),
    (56992, "Jackknight"), (58910, "Knight of the Kitchen Sink"), (61080, "Knight of the Kitchen Sink"),
    (63448, "Knight of the Kitchen Sink"), (65616, "Knight of the Kitchen Sink"),
    (67843, "Knight of the Kitchen Sink"), (69961, "Knight of the Kitchen Sink"),
    (72087, "Knight of the Widget"), (77947, "Old Guard"), (85554, "Riveting Rigger"),
    (92262, "Rules Lawyer"), (107523, "Blurry Beeble"), (109569, "Chipper Chopper"),
    (131697, "Kindly Cognician"), (151850, "Socketed Sprocketer"), (201841, "Inhumaniac"),
    (210014, "Old-Fashioned Vampire"), (220617, "Skull Saucer"), (255891, "The Big Idea"),
    (282789, "Goblin Haberdasher"), (302018, "Painiac"), (343598, "Druid of the Sacred Beaker"),
    (391862, "Shellephant"), (395666, "Slaying Mantis"), (453991, "Curious Killbot"),
    (455506, "Delighted Killbot"), (457027, "Despondent Killbot"), (458540, "Enraged Killbot"),
    (748221, "Brainiac"),
]  # fmt: skip
# The backs of Unstable's double-faced tokens: `type` "Token", no card type
UST_TOKEN_BACKS = [
    (736497, "Angel"), (739261, "Spirit"), (742930, "Thopter"), (745655, "Vampire"), (747419, "Zombie"),
    (750020, "Elemental"), (753496, "Beast"), (755276, "Saproling"), (759318, "Elemental"),
    (761150, "Clue"),
]  # fmt: skip
AKH_NAGA = [
    (13, 1005, "Desiccated Naga"), (80, 1223, "Weaver of Currents"), (96, 1210, "Watchful Naga"),
    (97, 1230, "Vizier of the Menagerie"), (113, 1210, "Naga Vitalist"), (116, 1212, "Hooded Brawler"),
    (217, 1221, "Tah-Crop Skirmisher"), (218, 1206, "Slither Blade"), (227, 1205, "Naga Oracle"),
]  # fmt: skip

# (folder, file, format, type lines, {(code, line, column, card)}); every finding is true
# under the default edition 2026-09-25 (see each comment).
REAL: list[tuple[str, str, str, int, set[tuple[str, int, int, str]]]] = [
    # Naga is now Snake (2024-06-07)
    ("scryfall", "scryfall-2019-akh-amonkhet.json", "scryfall", 317, {("TL303", *naga) for naga in AKH_NAGA}),
    ("scryfall", "scryfall-2019-eld-throne-of-eldraine.json", "scryfall", 309, set()),
    # Hound is now Dog (2020-07-03)
    ("scryfall", "scryfall-2019-emn-eldritch-moon.json", "scryfall", 238, {
        ("TL303", 100, 994, "Thraben Foulbloods")}),
    ("scryfall", "scryfall-2019-f17-fnm-2017-dfc-tokens.json", "scryfall", 18, set()),
    # Host is no supertype of the rules; an emblem's line is only noted; Tribal is now Kindred;
    # the 2019 combined line of the five-way split card is "Instant", its faces' joined are not
    ("scryfall", "scryfall-2019-list-constructed-mixed-layouts.json", "scryfall", 40, {
        ("TL204", 987, 30, "Voracious Vacuum"), ("TL207", 1139, 21, "Ob Nixilis Reignited Emblem"),
        ("TL202", 1850, 21, "Rootgrapple"), ("TL906", 2184, 21, "Who // What // When // Where // Why")}),
    ("scryfall", "scryfall-2019-parc-promotional-schemes.json", "scryfall", 5, set()),
    ("scryfall", "scryfall-2019-phop-promotional-planes.json", "scryfall", 6, set()),
    ("scryfall", "scryfall-2019-pr2-player-rewards-2002-tokens.json", "scryfall", 6, set()),
    ("scryfall", "scryfall-2019-pvan-vanguard-series.json", "scryfall", 32, set()),
    ("scryfall", "scryfall-2019-sok-saviors-of-kamigawa.json", "scryfall", 175, set()),
    ("scryfall", "scryfall-2025-card-khm-alrund-modal-dfc.json", "scryfall", 3, set()),
    ("scryfall", "scryfall-2025-card-ori-jace-vryns-prodigy-transform.json", "scryfall", 3, set()),
    ("scryfall", "scryfall-2025-card-sld-zndrsplt-reversible-card.json", "scryfall", 2, set()),
    ("scryfall", "scryfall-2025-list-search-e-mid-page1.json", "scryfall", 243, set()),
    ("scryfall", "scryfall-2025-list-search-jace-vryns-prodigy-all-languages.json", "scryfall", 48, set()),
    # two emblems (the checklist card, typed "Card", is no card: passed over and counted)
    ("mtgjson", "mtgjson-5.2.0-EMN.json", "mtgjson", 233, {
        ("TL207", 1, 1339044, "Liliana, the Last Hope Emblem"),
        ("TL207", 1, 1339952, "Tamiyo, Field Researcher Emblem")}),
    ("mtgjson", "mtgjson-5.2.0-OARC.json", "mtgjson", 45, set()),
    ("mtgjson", "mtgjson-5.2.0-OPCA.json", "mtgjson", 86, set()),
    ("mtgjson", "mtgjson-5.2.0-PVAN.json", "mtgjson", 32, set()),
    ("mtgjson", "mtgjson-5.2.0-SOK.json", "mtgjson", 170, set()),
    # Host; Un-set creature types; the card "capital offense" is written "instant"; token backs
    ("mtgjson", "mtgjson-5.2.0-UST.json", "mtgjson", 298, {("TL204", 1, c, n) for c, n in UST_HOST}
        | {("TL302", 1, c, n) for c, n in UST_UNKNOWN} | {("TL103", 1, 179164, "capital offense")}
        | {("TL203", 1, c, n) for c, n in UST_TOKEN_BACKS}),
    ("mtgjson", "mtgjson-repo-test-golden-atomic_cards.json", "mtgjson", 5, set()),
    ("mtgjson", "mtgjson-repo-test-golden-set_TST.json", "mtgjson", 5, set()),
    # Magic-Spoiler's ASCII dashes
    ("cockatrice", "magic-spoiler-2019-PELD.json", "mtgjson", 6, {
        ("TL101", 86, 26, "Inspiring Veteran"), ("TL101", 115, 29, "Kenrith's Transformation"),
        ("TL101", 145, 26, "Piper of the Swarm")}),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "name", "fmt", "lines", "expected"), REAL, ids=[r[1] for r in REAL])
def test_real_samples(
    kind: str, name: str, fmt: str, lines: int, expected: set[tuple[str, int, int, str]]
) -> None:
    path = sample(kind, name)
    status, document = check(path)
    findings = document["findings"]
    assert {(f["code"], f["line"], f["column"], f["card"]) for f in findings} == expected
    assert len(findings) == len(expected)
    assert document["summary"]["type_lines"] == lines
    assert status == (1 if any(f["severity"] == "error" for f in findings) else 0)
    assert_on_their_literals(path, findings)


def assert_on_their_literals(path: Path, findings: Sequence[dict[str, Any]]) -> None:
    """Each finding lies inside a JSON string in the file that is its whole type line (the
    samples write their type lines without escapes)."""
    lines = path.read_text(encoding="utf-8-sig").split("\n")
    for finding in findings:
        line = lines[finding["line"] - 1]
        start = line.rindex('"', 0, finding["column"] - 1) + 1
        stop = line.index('"', finding["end_column"] - 1)
        assert line[start:stop] == finding["type_line"], finding


def test_the_copies_are_the_shared_files() -> None:
    manifest = shared_path("samples", "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()
    sums = dict(line.split("\t")[::2] for line in manifest[1:])
    copies = sorted((SAMPLES / "scryfall").glob("*.json")) + sorted((SAMPLES / "mtgjson").glob("*.json"))
    assert len(copies) == 11
    for copy in copies:
        shared = (
            f"cockatrice/{copy.name}"
            if copy.name.startswith("magic-spoiler")
            else f"{copy.parent.name}/{copy.name}"
        )
        assert hashlib.sha256(copy.read_bytes()).hexdigest() == sums[shared]


@pytest.mark.parametrize(("kind", "name", "fmt"), [r[:3] for r in REAL], ids=[r[1] for r in REAL])
def test_detect_picks_the_format_of_each_real_sample(kind: str, name: str, fmt: str) -> None:
    path = sample(kind, name)
    with path.open("rb") as stream:
        assert detect(str(path), stream.read(SNIFF_BYTES)) == fmt


def set_without_meta(cards: list[dict[str, Any]]) -> str:
    """An MTGJSON set of `data` alone, its keys in MTGJSON's order: the `booster` section
    (sheets of card uuids with their weights) fills the first 64 KiB."""
    sheet = {f"{n:08x}-0000-4000-8000-{n:012x}": 1 for n in range(3000)}
    booster = {
        "default": {
            "boosters": [{"contents": {"common": 10}, "weight": 1}],
            "boostersTotalWeight": 1,
            "sheets": {"common": {"cards": sheet, "foil": False, "totalWeight": 3000}},
        }
    }
    body = {"baseSetSize": len(cards), "block": "Test", "booster": booster, "cards": cards, "code": "TST"}
    return json.dumps({"data": body}, ensure_ascii=False, indent=2)


def test_a_set_whose_booster_section_fills_the_head_is_read_as_mtgjson(tmp_path: Path) -> None:
    path = write(tmp_path, set_without_meta([mtg_card(uuid="u-1")]))
    head = path.read_bytes()[:SNIFF_BYTES]
    assert len(head) == SNIFF_BYTES
    assert not any(key in head for key in (b'"meta"', b'"uuid"', b'"types"', b'"supertypes"'))
    assert detect(str(path), head) == "mtgjson"
    status, document = check(path)
    assert status == 1
    (finding,) = document["findings"]
    assert (finding["code"], finding["card"]) == ("TL302", "Elff Lord")
    assert document["summary"]["type_lines"] == 1


def test_a_face_whose_other_languages_fill_the_head_is_read_as_mtgjson() -> None:
    foreign = [
        {"language": "German", "name": "Abnutzung", "text": "x" * SNIFF_BYTES, "type": "Spontanzauber"}
    ]
    face = {
        "artist": "A",
        "faceName": "Wear",
        "foreignData": foreign,
        **mtg_card("Instant", name="Wear // Tear"),
    }
    head = json.dumps([face]).encode()[:SNIFF_BYTES]
    assert not any(key in head for key in (b'"meta"', b'"uuid"', b'"types"', b'"supertypes"'))
    assert detect("faces.json", head) == "mtgjson"


@pytest.mark.parametrize("key", ["baseSetSize", "faceName"])
def test_keys_scryfall_never_has_tell_mtgjson(key: str) -> None:
    assert detect("x.json", f'{{"{key}": 1}}'.encode()) == "mtgjson"
    assert detect("x.json", f'{{"object": "card", "{key}": 1}}'.encode()) == "scryfall"
