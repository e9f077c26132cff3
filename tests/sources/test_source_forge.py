"""Forge card scripts: the dashed line rebuilt from `Types:`, each face with its name, places
in the script, the real scripts of two Forge trees, and what is not a script."""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import DATA, entries_of, run_cli, shared_path
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_typeline.ruleset import load_rules
from mtg_typeline.sources import SourceSettings, reader_for
from mtg_typeline.sources.base import Entry, Place, SourceError, resolve
from mtg_typeline.sources.edits import LINE_END
from mtg_typeline.sources.forge import _faces, _Splitter
from mtg_typeline.sources.inputs import _looks_like_forge, detect

SAMPLES = DATA / "samples" / "forge"
REEFORGE = SAMPLES / "reeforge-2020"
CURRENT = SAMPLES / "card-forge-current"


def entries(data: bytes, edition: str | None = None) -> list[Entry]:
    """What the reader gives for a script (the rules of `edition`, else the default)."""
    read = reader_for("forge", SourceSettings(rules=load_rules(edition) if edition else None))
    return entries_of(read(io.BytesIO(data), "card.txt", lambda n: None))


def faces(path: Path) -> list[tuple[str, str | None]]:
    return [(e.text, e.card) for e in entries(path.read_bytes())]


def check(args: Sequence[str]) -> tuple[int, dict[str, Any]]:
    result = run_cli(["check", "--format", "json", *args])
    return result.exit_code, json.loads(result.stdout)


def found(document: dict[str, Any]) -> list[tuple[str, int, int, int, str, str | None]]:
    return [
        (Path(f["path"]).name, f["line"], f["column"], f["end_column"], f["code"], f["card"])
        for f in document["findings"]
    ]


pytestmark = pytest.mark.usefixtures("in_tmp")


# The real scripts


def test_every_real_script_gives_only_the_true_findings() -> None:
    """55 scripts, 71 faces. Under 2026-09-25 the only findings are the two old scripts that
    still say Tribal (Kindred since 2024-06-07): the Time Lord, the planes, Urza's Tower,
    Dryad Arbor, the Ongoing Scheme and every two-faced card are clean."""
    status, doc = check([str(SAMPLES)])
    assert status == 1
    assert doc["summary"] == {"files": 55, "type_lines": 71, "errors": 2, "warnings": 0, "infos": 0}
    assert found(doc) == [
        ("bitterblossom.txt", 3, 7, 13, "TL202", "Bitterblossom"),
        ("not_of_this_world.txt", 3, 7, 13, "TL202", "Not of This World"),
    ]
    assert [f["suggestion"] for f in doc["findings"]] == [
        "Kindred Enchantment — Faerie",
        "Kindred Instant — Eldrazi",
    ]


def test_under_the_2020_rules_tribal_is_a_card_type() -> None:
    """The reader splits with the rules of the run: Tribal is a card type in 2020, so the
    same scripts rebuild as `Tribal Enchantment — Faerie` and are clean."""
    status, doc = check(["--edition", "2020-08-07", str(REEFORGE)])
    assert status == 0
    assert doc["summary"]["type_lines"] == 52
    assert entries((REEFORGE / "cardsfolder" / "bitterblossom.txt").read_bytes(), "2020-08-07")[0].text == (
        "Tribal Enchantment — Faerie"
    )


def test_the_copies_are_the_shared_samples() -> None:
    """Each copied script is byte for byte the sample in ../shared (SHA-256 of its manifest)."""
    manifest = shared_path("samples", "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()
    sums = dict(line.split("\t")[::2] for line in manifest[1:])
    copies = sorted(p for p in SAMPLES.rglob("*.txt"))
    assert len(copies) == 55
    for copy in copies:
        key = "forge/" + copy.relative_to(SAMPLES).as_posix()
        assert hashlib.sha256(copy.read_bytes()).hexdigest() == sums[key], key


REBUILT = {
    "card-forge-current/cardsfolder/the_tenth_doctor.txt": [
        ("Legendary Creature — Time Lord Doctor", "The Tenth Doctor")
    ],
    "reeforge-2020/cardsfolder/sanctum_of_serra.txt": [("Plane — Serra's Realm", "Sanctum of Serra")],
    "reeforge-2020/cardsfolder/pools_of_becoming.txt": [
        ("Plane — Bolas's Meditation Realm", "Pools of Becoming")
    ],
    "reeforge-2020/cardsfolder/furnace_layer.txt": [("Plane — New Phyrexia", "Furnace Layer")],
    "reeforge-2020/cardsfolder/urzas_tower.txt": [("Land — Urza's Tower", "Urza's Tower")],
    "reeforge-2020/cardsfolder/dryad_arbor.txt": [("Land Creature — Forest Dryad", "Dryad Arbor")],
    "reeforge-2020/cardsfolder/snow_covered_forest.txt": [
        ("Basic Snow Land — Forest", "Snow-Covered Forest")
    ],
    "reeforge-2020/cardsfolder/dark_depths.txt": [("Legendary Snow Land", "Dark Depths")],
    "reeforge-2020/cardsfolder/winters_night.txt": [("World Enchantment", "Winter's Night")],
    "reeforge-2020/cardsfolder/bow_to_my_command.txt": [("Ongoing Scheme", "Bow to My Command")],
    "reeforge-2020/cardsfolder/interplanar_tunnel.txt": [("Phenomenon", "Interplanar Tunnel")],
    "reeforge-2020/cardsfolder/xenagos_god_of_revels.txt": [
        ("Legendary Enchantment Creature — God", "Xenagos, God of Revels")
    ],
    "reeforge-2020/cardsfolder/noxious_gearhulk.txt": [("Artifact Creature — Construct", "Noxious Gearhulk")],
    "reeforge-2020/cardsfolder/bitterblossom.txt": [("Tribal Enchantment — Faerie", "Bitterblossom")],
    "reeforge-2020/tokenscripts/voja.txt": [("Legendary Creature — Wolf", "Voja")],
    # every AlternateMode: a face after ALTERNATE, with its own name
    "reeforge-2020/cardsfolder/jace_vryns_prodigy.txt": [
        ("Legendary Creature — Human Wizard", "Jace, Vryn's Prodigy"),
        ("Legendary Planeswalker — Jace", "Jace, Telepath Unbound"),
    ],
    "reeforge-2020/cardsfolder/fire_ice.txt": [("Instant", "Fire"), ("Instant", "Ice")],
    "reeforge-2020/cardsfolder/akki_lavarunner_tok_tok_volcano_born.txt": [
        ("Creature — Goblin Warrior", "Akki Lavarunner"),
        ("Legendary Creature — Goblin Shaman", "Tok-Tok, Volcano Born"),
    ],
    "reeforge-2020/cardsfolder/gisela_the_broken_blade_brisela_voice_of_nightmares.txt": [
        ("Legendary Creature — Angel Horror", "Gisela, the Broken Blade"),
        ("Legendary Creature — Eldrazi Angel", "Brisela, Voice of Nightmares"),
    ],
    "reeforge-2020/cardsfolder/bruna_the_fading_light.txt": [
        ("Legendary Creature — Angel Horror", "Bruna, the Fading Light")
    ],
    "card-forge-current/cardsfolder/bonecrusher_giant_stomp.txt": [
        ("Creature — Giant", "Bonecrusher Giant"),
        ("Instant — Adventure", "Stomp"),
    ],
    "card-forge-current/cardsfolder/agadeems_awakening_agadeem_the_undercrypt.txt": [
        ("Sorcery", "Agadeem's Awakening"),
        ("Land", "Agadeem, the Undercrypt"),
    ],
    "card-forge-current/cardsfolder/bloomvine_regent_claim_territory.txt": [
        ("Creature — Dragon", "Bloomvine Regent"),
        ("Sorcery — Omen", "Claim Territory"),
    ],
    "card-forge-current/cardsfolder/bottomless_pool_locker_room.txt": [
        ("Enchantment — Room", "Bottomless Pool"),
        ("Enchantment — Room", "Locker Room"),
    ],
    "card-forge-current/cardsfolder/invasion_of_ikoria_zilortha_apex_of_ikoria.txt": [
        ("Battle — Siege", "Invasion of Ikoria"),
        ("Legendary Creature — Dinosaur", "Zilortha, Apex of Ikoria"),
    ],
}


@pytest.mark.parametrize("name", sorted(REBUILT))
def test_real_scripts_rebuild_as_printed(name: str) -> None:
    assert faces(SAMPLES / name) == REBUILT[name]


def test_every_real_script_is_detected_as_forge() -> None:
    for path in SAMPLES.rglob("*.txt"):
        assert detect(str(path), path.read_bytes()[:65536]) == "forge", path


# Places in the script


def test_a_supertype_among_the_subtypes_is_reported_where_it_stands() -> None:
    """Words after the first that is no type are all subtypes: `Legendary` stays there and
    the checker reports it at its column in the `Types:` line."""
    Path("elf.txt").write_bytes(b"Name:Elf Thing\nManaCost:G\nTypes:Creature Elf Legendary\nOracle:\n")
    status, doc = check(["elf.txt"])
    assert status == 1
    assert found(doc) == [("elf.txt", 3, 20, 29, "TL308", "Elf Thing")]
    assert doc["findings"][0]["type_line"] == "Creature — Elf Legendary"


def test_a_misspelt_card_type_stays_before_the_dash() -> None:
    """A word close to a card type and in no subtype list is a misspelt type, so the checker
    can say which one was meant; the column is that of the file."""
    Path("k.txt").write_bytes(b"Name:K\nTypes:Legendary Kreature Elf\n")
    _, doc = check(["k.txt"])
    assert found(doc) == [("k.txt", 2, 17, 25, "TL201", "K")]
    assert doc["findings"][0]["suggestion"] == "Legendary Creature — Elf"


def test_the_made_up_dash_points_at_the_space_it_replaces() -> None:
    text = entries(b"Name:Two Faced\nTypes:Creature Elf\n")[0]
    assert text.text == "Creature — Elf"
    locator = resolve(text.locate)
    assert [locator.region(i, i + 1)[1] for i in range(len(text.text))] == [
        *range(7, 15),
        15,
        15,
        15,
        *range(16, 19),
    ]
    assert locator.region(8, 11) == (2, 15, 2, 16)  # the dash and its spaces: the one space


def test_space_after_the_colon_crlf_no_final_newline_and_a_bom() -> None:
    """Reeforge writes `Types: X` in two scripts; the space is not part of the line. CRLF,
    a BOM and a missing final newline change no column."""
    data = b"\xef\xbb\xbfName:Ruinous\r\nTypes: Creature Gremlin Elff\r\nOracle:A\\nB"
    [entry] = entries(data)
    assert entry.text == "Creature — Gremlin Elff"
    assert resolve(entry.locate).region(19, 23) == (2, 25, 2, 29)
    Path("r.txt").write_bytes(data)
    _, doc = check(["--input-format", "forge", "r.txt"])
    assert found(doc) == [("r.txt", 2, 25, 29, "TL302", "Ruinous")]


def test_doubled_and_trailing_white_space() -> None:
    """Forge trims a value, so trailing spaces are not part of the line; spaces between
    words are kept and reported where they are; the gap the dash replaces may be wide."""
    [entry] = entries(b"Name:W\nTypes:Legendary  Creature   Elf  \n")
    assert entry.text == "Legendary  Creature — Elf"
    Path("w.txt").write_bytes(b"Name:W\nTypes:Legendary  Creature   Elf  \n")
    _, doc = check(["w.txt"])
    assert found(doc) == [("w.txt", 2, 16, 18, "TL102", "W")]


def test_a_line_with_types_only_or_no_types_stands_as_written() -> None:
    """No dash is made up when every word is a type, or when none is: the line is checked as
    it stands, at the column of its value."""
    assert [e.text for e in entries(b"Name:A\nTypes:Legendary Artifact\n")] == ["Legendary Artifact"]
    [elf] = entries(b"Name:B\nTypes:Elf Warrior\n")
    assert elf.text == "Elf Warrior"
    assert resolve(elf.locate).region(4, 11) == (2, 11, 2, 18)


def test_token_and_emblem_words_stay_before_the_dash() -> None:
    assert [e.text for e in entries(b"Name:T\nTypes:Token Creature Soldier\n")] == [
        "Token Creature — Soldier"
    ]
    assert [e.text for e in entries(b"Name:E\nTypes:Emblem Liliana\n")] == ["Emblem — Liliana"]


class _PhraseRules:
    """Rules where a listed subtype begins with a card type's word (a custom rule file)."""

    card_types = ("Creature", "Land")
    supertypes = ("Legendary",)
    lists = (SimpleNamespace(entries=("Land Shark", "Shark")),)

    def card_type(self, word: str) -> str | None:
        return word if word in self.card_types else None

    def supertype(self, word: str) -> str | None:
        return word if word in self.supertypes else None

    def type_rename(self, word: str) -> None:
        return None

    def subtype_rename(self, word: str) -> None:
        return None

    def subtype_lists(self, text: str) -> tuple[object, ...]:
        return (object(),) if text in ("Land Shark", "Shark") else ()


def test_a_listed_subtype_of_several_words_is_kept_whole() -> None:
    splitter = _Splitter(_PhraseRules())  # type: ignore[arg-type]
    assert splitter.gap("Creature Land Shark") == (8, 9)
    assert splitter.gap("Land Creature Shark") == (13, 14)


# Faces, names and what is not a script


def test_each_face_is_checked_with_its_own_name() -> None:
    Path("dfc.txt").write_bytes(
        b"Name:Front\nTypes:Creature Human Wizzard\nAlternateMode:DoubleFaced\nOracle:\n\n"
        b"ALTERNATE\n\nName:Back\nTypes:Legendary Creature Human Wizard Legendary\nOracle:\n"
    )
    _, doc = check(["dfc.txt"])
    assert found(doc) == [
        ("dfc.txt", 2, 22, 29, "TL302", "Front"),
        ("dfc.txt", 9, 39, 48, "TL308", "Back"),
    ]


def test_a_face_without_types_is_an_error_after_the_other_faces_are_checked() -> None:
    """Forge can't make a card of a face that has a name and no type line: one error at its
    Name line (exit 2); the face that has one is still checked."""
    Path("half.txt").write_bytes(b"Name:Front\nTypes:Creature Elff\nALTERNATE\nName:Back\nOracle:x\n")
    status, doc = check(["half.txt"])
    assert status == 2
    assert found(doc) == [("half.txt", 2, 16, 20, "TL302", "Front"), ("half.txt", 4, 1, 2, "TL905", None)]
    assert doc["findings"][1]["message"] == "the card script of 'Back' has no Types: line"
    with pytest.raises(SourceError) as raised:
        entries(b"Name:Nope\nTypes:   \n")
    assert (raised.value.message, raised.value.line) == ("the Types: line of 'Nope' is empty", 2)


def test_a_file_that_is_no_card_script_gives_nothing() -> None:
    """Read as Forge on purpose, a file with neither Name: nor Types: (an edition file, a
    deck, an empty file) has no type lines and is no error; so is a comment."""
    for data in (b"", b"[metadata]\nName=Alpha\n", b"# Types:Creature Elf\n", b"\xef\xbb\xbf"):
        assert entries(data) == []
    Path("deck.txt").write_bytes(b"[metadata]\nName=Deck\n[Main]\n4 Llanowar Elves\n")
    status, doc = check(["--input-format", "forge", "deck.txt"])
    assert (status, doc["summary"]["type_lines"], doc["findings"]) == (0, 0, [])


def test_bytes_that_are_not_utf8_are_an_error_at_their_place() -> None:
    Path("bad.txt").write_bytes(b"Name:Caf\xe9\nTypes:Creature\n")
    status, doc = check(["--input-format", "forge", "bad.txt"])
    assert status == 2
    assert found(doc) == [("bad.txt", 1, 9, 10, "TL905", None)]


def test_progress_is_told_the_bytes_read() -> None:
    told: list[int] = []
    data = (REEFORGE / "cardsfolder" / "jace_vryns_prodigy.txt").read_bytes()
    read = reader_for("forge", SourceSettings())
    assert len(list(read(io.BytesIO(data), "jace.txt", told.append))) == 2
    assert sum(told) == len(data)


# Detection


def test_auto_detection_picks_forge_for_scripts_and_text_for_type_lines() -> None:
    """A `.txt` script is read as Forge (the card name and the `Types:` column show it); a
    plain list of type lines in a `.txt` file is read as text."""
    Path("script.txt").write_bytes(b"Name:Elf Thing\nManaCost:G\nTypes:Creature Elf Legendary\n")
    Path("lines.txt").write_bytes("Legendary Creature — Elf\nCreature — Elf Legendary\n".encode())
    _, doc = check(["script.txt", "lines.txt"])
    assert found(doc) == [
        ("lines.txt", 2, 16, 25, "TL308", None),
        ("script.txt", 3, 20, 29, "TL308", "Elf Thing"),
    ]


def test_the_places_of_a_rebuilt_line_cover_its_end() -> None:
    [entry] = entries(b"Name:P\nTypes:Plane Serra's Realm\n")
    places = resolve(entry.locate)
    assert entry.text == "Plane — Serra's Realm"
    assert places.region(len(entry.text), len(entry.text) + 1) == (2, 26, 2, 27)
    assert Place(2, 7) == Place(*places.region(0, 1)[:2])


def _forge_keys_by_lines(head: bytes) -> bool:
    """How a Forge script was told from its head before: each line's key (before its first
    colon, stripped) collected, `Name` and `Types` both among them."""
    lines = head[:4096].removeprefix(b"\xef\xbb\xbf").splitlines()
    keys = {line.split(b":", 1)[0].strip() for line in lines if b":" in line}
    return b"Name" in keys and b"Types" in keys


_PIECES = [b"Name", b"Types", b":", b" ", b"\t", b"\r", b"\n", b"\r\n", b"\x0b", b"\x0c", b"\x1c"]
_PIECES += [b"\xef\xbb\xbf", b"\xc2\xa0", b"x", b"#", b"[", b"Nam", b"e", b"Type", b"s"]


@given(st.lists(st.sampled_from(_PIECES), max_size=30))
@settings(max_examples=3000, deadline=None)
def test_a_forge_script_is_told_by_its_keys_as_line_by_line(pieces: list[bytes]) -> None:
    head = b"".join(pieces)
    assert _looks_like_forge(head) == _forge_keys_by_lines(head)


def test_a_forge_key_past_the_sniffed_head_is_not_seen() -> None:
    head = b"Name:Goblin\n" + b"x" * 4096 + b"\nTypes:Creature Goblin\n"
    assert not _looks_like_forge(head) and not _forge_keys_by_lines(head)
    assert _looks_like_forge(b"\xef\xbb\xbf Name :x\r\n\tTypes\x0b:Creature\r")


def _faces_by_keys(text: str) -> list[tuple[str | None, int, list[tuple[int, int, str]]]]:
    """How a script's faces were read before: each line split at its first colon."""
    faces: list[tuple[str | None, int, list[tuple[int, int, str]]]] = [(None, 0, [])]
    for number, line in enumerate(LINE_END.split(text), 1):
        if not line or line[0] == "#":
            continue
        key, colon, value = line.partition(":")
        if not colon:
            if line.rstrip() == "ALTERNATE":
                faces.append((None, 0, []))
        elif key == "Name":
            faces[-1] = (value.strip(), number, faces[-1][2])
        elif key == "Types":
            lead = len(value) - len(value.lstrip())
            faces[-1][2].append((number, len(key) + 2 + lead, value.strip()))
    return [face for face in faces if face[0] is not None or face[2]]


_SCRIPT_PIECES = ["Name:", "Types:", "ALTERNATE", ":", " ", "\t", "\n", "\r", "\r\n", "#", "Goblin", "x"]


@given(st.lists(st.sampled_from(_SCRIPT_PIECES), max_size=25).map("".join))
@settings(max_examples=3000, deadline=None)
def test_the_faces_of_a_script_are_read_as_line_by_line(text: str) -> None:
    read = [(f.name, f.name_line, [tuple(t) for t in f.types]) for f in _faces(text)]
    assert read == _faces_by_keys(text)
