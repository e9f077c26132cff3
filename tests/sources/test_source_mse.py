"""Magic Set Editor sets: the real (partial) fan set as a folder, a zip, its `set` file and
its card files; markup and positions; other faces; MSE 0.3 keys; broken and foreign input."""

from __future__ import annotations

import io
import json
import os
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import DATA, run_cli, shared_path

from mtg_typeline.discovery import find_root
from mtg_typeline.sources import SourceSettings
from mtg_typeline.sources.base import Entry, Region, SourceError, resolve
from mtg_typeline.sources.inputs import detect
from mtg_typeline.sources.mse import read_folder, read_input

SAMPLES = DATA / "samples" / "mse"
SET_NAME = "TheCloneWars.mse-set-partial"
SAMPLE = SAMPLES / SET_NAME
SETTINGS = SourceSettings()

# Every finding on the sample, verified by hand: the set is a Star Wars fan set whose custom
# subtypes are not in the CR's lists, so each is a true TL302 under the 2026-09-25 rules
# (Planet, Noble, Human, Siege, Saga, Equipment, Plains and Island are real subtypes).
# (card file, line, column, end column, code, card)
SAMPLE_FINDINGS = [
    ("card anakin skywalker 501st general", 25, 31, 35, "TL302", "Anakin Skywalker, 501st General"),
    ("card anakin skywalker 501st general", 25, 97, 104, "TL302", "Anakin Skywalker, 501st General"),
    ("card anakin skywalker chosen one", 25, 36, 42, "TL302", "Anakin Skywalker, Chosen One"),
    ("card darth vader sith lord", 28, 98, 102, "TL302", "Darth Vader, Sith Lord"),
    ("card mace windu bringer of justice", 26, 98, 102, "TL302", "Mace Windu, Bringer of Justice"),
    ("card mace windu bringer of justice", 27, 100, 104, "TL302", "Palpatine, Sith Revealed"),
    ("card the malevolence", 26, 32, 37, "TL302", "The Malevolence"),
    ("card the malevolence", 26, 100, 107, "TL302", "The Malevolence"),
    ("card twice the pride double the fall", 22, 30, 34, "TL302", "Twice The Pride, Double the Fall"),
]
SAMPLE_WORDS = ["Jedi", "General", "Anakin", "Sith", "Jedi", "Sith", "Craft", "Cruiser", "Duel"]

# The type line of every face of the sample, with its card, by card file.
SAMPLE_LINES = {
    "card anakin skywalker 501st general": [
        ("Legendary Creature — Jedi General", "Anakin Skywalker, 501st General")
    ],
    "card anakin skywalker chosen one": [("Legendary Planeswalker — Anakin", "Anakin Skywalker, Chosen One")],
    "card battle of anaxes": [("Battle — Siege", "Battle of Anaxes")],
    "card coruscant - stratified metropolis": [("Land — Planet", "Coruscant - Stratified Metropolis")],
    "card darth vader sith lord": [("Legendary Creature — Human Sith", "Darth Vader, Sith Lord")],
    "card hallowed fountain": [("Land — Plains Island", "Hallowed Fountain")],
    "card jedi lightsaber": [("Artifact — Equipment", "Jedi Lightsaber")],
    "card mace windu bringer of justice": [
        ("Legendary Creature — Human Jedi", "Mace Windu, Bringer of Justice"),
        ("Legendary Creature — Human Sith Noble", "Palpatine, Sith Revealed"),
    ],
    "card order 66": [("Sorcery", "Order 66")],
    "card the clone wars": [("Legendary Enchantment — Saga", "The Clone Wars")],
    "card the malevolence": [("Artifact — Craft Cruiser", "The Malevolence")],
    "card twice the pride double the fall": [("Battle — Duel", "Twice The Pride, Double the Fall")],
}


def check(*args: str, stdin: bytes | None = None) -> tuple[int, dict[str, Any]]:
    result = run_cli(["check", "--format", "json", *args], stdin=stdin)
    return result.exit_code, json.loads(result.stdout)


def found(document: dict[str, Any]) -> list[tuple[str, int, int, int, str, str | None]]:
    return [
        (f["path"], f["line"], f["column"], f["end_column"], f["code"], f["card"])
        for f in document["findings"]
    ]


def expected(prefix: str) -> list[tuple[str, int, int, int, str, str | None]]:
    return [(prefix + name, *rest) for name, *rest in SAMPLE_FINDINGS]  # type: ignore[misc]


def card_file(*lines: str, version: str = "2.5.8") -> bytes:
    return ("\n".join([f"mse_version: {version}", "card:", *lines]) + "\n").encode("utf-8")


def entries(data: bytes, path: str = "-") -> list[Entry]:
    return list(read_input(io.BytesIO(data), path, lambda size: None))


def texts(found_entries: Sequence[Entry]) -> list[tuple[str, str | None]]:
    return [(entry.text, entry.card) for entry in found_entries]


def region(entry: Entry, start: int, end: int) -> Region:
    return resolve(entry.locate).region(start, end)


def zip_of(folder: Path, target: Path, extra: dict[str, bytes] | None = None) -> Path:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for file in sorted(folder.iterdir()):
            archive.write(file, file.name)
        for name, data in (extra or {}).items():
            archive.writestr(name, data)
    return target


@pytest.fixture
def in_samples(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(SAMPLES)
    return SAMPLES


def from_root(name: str) -> str:
    """How a run in SAMPLES names `name` there: from the top of the checkout (see
    `discovery.Names`)."""
    folder = Path(os.path.relpath(SAMPLES, find_root(str(SAMPLES), {}))).as_posix()
    return name if folder == "." else f"{folder}/{name}"


# The real sample


def test_the_copy_is_the_shared_sample() -> None:
    shared = shared_path("samples", "mse", SET_NAME)
    names = sorted(p.name for p in shared.iterdir())
    assert names == sorted(p.name for p in SAMPLE.iterdir())
    assert len(names) == 13
    for name in names:
        assert (SAMPLE / name).read_bytes() == (shared / name).read_bytes(), name


def test_sample_folder(in_samples: Path) -> None:
    status, document = check(SET_NAME)
    assert status == 1
    assert found(document) == expected(from_root(SET_NAME + "/"))
    assert document["summary"] == {"files": 1, "type_lines": 13, "errors": 9, "warnings": 0, "infos": 0}


def test_sample_findings_name_the_custom_words(in_samples: Path) -> None:
    _, document = check(SET_NAME)
    words = [f["message"].split("'")[1] for f in document["findings"]]
    assert words == SAMPLE_WORDS
    assert {f["code"] for f in document["findings"]} == {"TL302"}


def test_sample_found_by_a_directory_search(in_samples: Path) -> None:
    # the folder holds an MSE `set` file: one input, its card files read once
    status, document = check(".")
    assert status == 1
    assert found(document) == expected(from_root(SET_NAME + "/"))
    assert document["summary"]["files"] == 1
    assert document["summary"]["type_lines"] == 13


def test_sample_set_file_alone_reads_the_card_files_it_includes(in_samples: Path) -> None:
    # 363 include_file lines, 12 card files present: the missing ones are skipped
    status, document = check(f"{SET_NAME}/set")
    assert status == 1
    assert found(document) == expected(from_root(SET_NAME + "/"))
    assert document["summary"]["type_lines"] == 13


def test_sample_entries_follow_the_include_lines_of_the_set() -> None:
    read = list(read_folder(str(SAMPLE), SETTINGS))
    lines = (SAMPLE / "set").read_text(encoding="utf-8").splitlines()
    included = [line.removeprefix("include_file: ") for line in lines if line.startswith("include_file: ")]
    assert len(included) == 363
    order = [name for name in included if name in SAMPLE_LINES]
    assert len(order) == 12
    assert [(e.text, e.card, e.path) for e in read] == [
        (text, card, str(SAMPLE / name)) for name in order for text, card in SAMPLE_LINES[name]
    ]


def test_sample_as_a_zip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    zip_of(SAMPLE, tmp_path / "tcw.mse-set")
    monkeypatch.chdir(tmp_path)
    assert detect("tcw.mse-set", (tmp_path / "tcw.mse-set").read_bytes()[:64]) == "mse"
    status, document = check("tcw.mse-set")
    assert status == 1
    assert found(document) == expected("tcw.mse-set/")
    assert document["summary"]["type_lines"] == 13


def test_sample_zip_on_standard_input(tmp_path: Path) -> None:
    data = zip_of(SAMPLE, tmp_path / "tcw.mse-set").read_bytes()
    status, document = check("--input-format", "mse", "-", stdin=data)
    assert status == 1
    assert found(document) == expected("-/")


def test_flip_card_second_face(in_samples: Path) -> None:
    name = f"{SET_NAME}/card mace windu bringer of justice"
    read = entries((SAMPLES / name).read_bytes(), name)
    assert texts(read) == [
        ("Legendary Creature — Human Jedi", "Mace Windu, Bringer of Justice"),
        ("Legendary Creature — Human Sith Noble", "Palpatine, Sith Revealed"),
    ]
    status, document = check(name)
    assert status == 1
    assert found(document) == [
        (from_root(name), 26, 98, 102, "TL302", "Mace Windu, Bringer of Justice"),
        (from_root(name), 27, 100, 104, "TL302", "Palpatine, Sith Revealed"),
    ]
    # face 2: `Human` and `Noble` where they are on line 27, past the tags around them
    second = read[1]
    assert region(second, 21, 26) == Region(27, 33, 27, 38)  # Human
    assert region(second, 32, 37) == Region(27, 167, 27, 172)  # Noble


def test_empty_sub_type_gives_a_line_without_dash() -> None:
    read = entries((SAMPLE / "card order 66").read_bytes())
    assert texts(read) == [("Sorcery", "Order 66")]
    assert region(read[0], 0, 7) == Region(18, 33, 18, 40)


# Markup and positions

MARKUP_CARD = card_file(
    "\tname: <b>Elvish</b>  Bard",
    "\tsuper_type: <word-list-type-en>Legendary Creature</word-list-type-en>",
    "\tsub_type: <word-list-race-en>Elf</word-list-race-en><atom-sep> </atom-sep>"
    "<word-list-class-en>Bard</word-list-class-en><soft><atom-sep> </atom-sep></soft>"
    "<word-list-class-en></word-list-class-en>",
)


def test_markup_is_taken_out_and_words_keep_their_place() -> None:
    (entry,) = entries(MARKUP_CARD)
    assert (entry.text, entry.card) == ("Legendary Creature — Elf Bard", "Elvish Bard")
    assert region(entry, 0, 9) == Region(4, 33, 4, 42)  # Legendary
    assert region(entry, 10, 18) == Region(4, 43, 4, 51)  # Creature
    assert region(entry, 21, 24) == Region(5, 31, 5, 34)  # Elf
    assert region(entry, 25, 29) == Region(5, 96, 5, 100)  # Bard
    # the made-up dash is where the sub type value starts
    assert region(entry, 19, 20) == Region(5, 12, 5, 13)
    # a span from Elf to Bard ends after Bard, not at the next tag
    assert region(entry, 21, 29) == Region(5, 31, 5, 100)
    # the whole line runs over two lines of the file: it ends after Bard, on the second
    assert region(entry, 0, 29) == Region(4, 33, 5, 100)


def test_markup_findings_through_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    data = MARKUP_CARD.replace(b">Bard<", b">Elf<")
    Path("card elvish bard").write_bytes(data)
    status, document = check("card elvish bard")
    assert status == 0
    assert [(f["line"], f["column"], f["end_column"], f["code"]) for f in document["findings"]] == [
        (5, 96, 99, "TL307"),
    ]
    assert document["findings"][0]["type_line"] == "Legendary Creature — Elf Elf"


def test_separators_collapse_but_typed_spaces_stay() -> None:
    data = card_file(
        "\tname: Spaced",
        "\tsuper_type: <word-list-type-en>Legendary  Creature</word-list-type-en>",
        "\tsub_type: <word-list-race-en>Elf</word-list-race-en> <atom-sep>  </atom-sep>"
        "<word-list-class-en>Bard</word-list-class-en><soft> </soft>",
    )
    (entry,) = entries(data)
    assert entry.text == "Legendary  Creature — Elf Bard"
    assert region(entry, 9, 11) == Region(4, 42, 4, 44)


def test_multi_line_values() -> None:
    data = card_file(
        "\tname: Multi",
        "\tsuper_type:",
        "\t\t<word-list-type-en>Legendary",
        "\t\tCreature</word-list-type-en>",
        "\tsub_type:",
        "\t\t<word-list-race-en>Elf</word-list-race-en>",
        "\trarity: common",
    )
    (entry,) = entries(data)
    assert entry.text == "Legendary Creature — Elf"
    assert region(entry, 0, 9) == Region(5, 22, 5, 31)
    assert region(entry, 10, 18) == Region(6, 3, 6, 11)
    assert region(entry, 19, 20) == Region(7, 2, 7, 3)  # the dash: at the sub_type key
    assert region(entry, 21, 24) == Region(8, 22, 8, 25)


def test_mse_0_3_keys_with_spaces() -> None:
    data = card_file(
        "\tname: Old Timer",
        "\tname 2: Other Side",
        "\tsuper type: Creature",
        "\tsub type: Elf  Warrior",
        "\tsuper type 2: Instant",
        "\tSub_Type_2: ",
        version="0.3.8",
    )
    read = entries(data)
    assert texts(read) == [("Creature — Elf  Warrior", "Old Timer"), ("Instant", "Other Side")]
    assert region(read[0], 14, 16) == Region(6, 15, 6, 17)  # the two spaces typed


def test_faces_without_type_are_skipped_and_names_fall_back() -> None:
    data = card_file(
        "\tname: Front",
        "\tsuper_type: <word-list-type-en>Instant</word-list-type-en>",
        "\tsuper_type_2: <word-list-type-en></word-list-type-en>",
        "\tsub_type_2: ",
        "\tsuper_type_3: <word-list-type-en>Sorcery</word-list-type-en>",
        "\tsub_type_4: <word-list-race-en>Elf</word-list-race-en>",
    )
    assert texts(entries(data)) == [("Instant", "Front"), ("Sorcery", "Front"), ("— Elf", "Front")]


def test_inline_cards_and_included_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("set").write_text(
        "mse_version: 2.0.2\ngame: magic\nset_info:\n\ttitle: Test\n"
        "card:\n\tname: Inline\n\tsuper_type: Creature - Elf\n"
        "include_file: card one\ninclude_file: card missing\ninclude_file: ../outside\n"
        "include_file: card one\nkeyword:\n\tkeyword: Scrap\n",
        encoding="utf-8",
    )
    Path("card one").write_bytes(card_file("\tname: One", "\tsuper_type: Creature", "\tsub_type: Forest"))
    Path("card unlisted").write_bytes(card_file("\tname: Unlisted", "\tsuper_type: Creature - Elf"))
    Path("../outside").write_bytes(card_file("\tname: Outside", "\tsuper_type: Creature - Elf"))
    status, document = check("set")
    assert status == 1
    assert found(document) == [
        ("card one", 5, 12, 18, "TL304", "One"),
        ("set", 7, 22, 25, "TL101", "Inline"),
    ]
    assert document["summary"]["type_lines"] == 2
    # the folder: every card file, the unlisted one too
    status, document = check(".")
    assert [f[0] for f in found(document)] == ["card one", "card unlisted", "set"]


# Broken and foreign input


def test_broken_zip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    good = zip_of(SAMPLE, tmp_path / "good.zip").read_bytes()
    Path("broken.mse-set").write_bytes(good[: len(good) // 2])
    result = run_cli(["check", "--format", "json", "broken.mse-set"])
    assert result.exit_code == 2
    (finding,) = json.loads(result.stdout)["findings"]
    assert (finding["code"], finding["line"], finding["column"]) == ("TL905", 1, 1)
    assert finding["message"].startswith("broken.mse-set is not a readable zip file")


def test_zip_without_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with zipfile.ZipFile("cards.mse-set", "w") as archive:
        archive.writestr("card x", card_file("\tname: X", "\tsuper_type: Creature"))
    status, document = check("cards.mse-set")
    assert status == 2
    assert [(f["code"], f["message"]) for f in document["findings"]] == [
        ("TL905", "cards.mse-set is not a Magic Set Editor set: the zip has no `set` member")
    ]


def dup_zip(target: Path, repeated: str = "card foo") -> Path:
    """A zipped set holding two members named `repeated` (two cards, Foo and Bar, when it is
    `card foo`), as the bug report made it."""
    foo = card_file("\tname: Foo", "\tsuper_type: creature", "\tsub_type: elf", version="2.0.2")
    bar = foo.replace(b"Foo", b"Bar").replace(b"creature", b"instant")
    members = [("set", b"mse_version: 2.0.2\ngame: magic\ninclude_file: card foo\n"), ("card foo", foo)]
    again = {"card foo": [("card foo", bar)], "set": [("set", b"mse_version: 2\n")]}
    members += again.get(repeated, [(repeated, b"\x89PNG")] * 2)
    with pytest.warns(UserWarning, match="Duplicate name"), zipfile.ZipFile(target, "w") as archive:
        for name, data in members:
            archive.writestr(name, data)
    return target


DUP_MESSAGE = "dup.mse-set holds 2 members named 'card foo' (--fix leaves such a zip as it is)"


def test_zip_with_two_members_of_one_name_reads_both(tmp_path: Path) -> None:
    target = dup_zip(tmp_path / "dup.mse-set")
    read: list[Entry] = []
    with target.open("rb") as stream, pytest.raises(SourceError) as error:
        read.extend(read_input(stream, "dup.mse-set", lambda size: None))
    assert [(e.text, e.card, e.path) for e in read] == [
        ("creature — elf", "Foo", "dup.mse-set/card foo"),
        ("instant — elf", "Bar", "dup.mse-set/card foo"),
    ]
    assert (error.value.message, error.value.line, error.value.column, error.value.path) == (
        DUP_MESSAGE,
        1,
        1,
        None,
    )


def test_zip_with_two_members_of_one_name_is_reported_at_the_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, recwarn: pytest.WarningsRecorder
) -> None:
    monkeypatch.chdir(tmp_path)
    dup_zip(Path("dup.mse-set"))
    recwarn.clear()
    status, document = check("--select", "TL103,TL905", "dup.mse-set")
    assert status == 2
    assert [(f["path"], f["line"], f["column"], f["code"], f["card"]) for f in document["findings"]] == [
        ("dup.mse-set", 1, 1, "TL905", None),
        ("dup.mse-set/card foo", 4, 14, "TL103", "Foo"),  # one a card: its type is all in lower case
        ("dup.mse-set/card foo", 4, 14, "TL103", "Bar"),
    ]
    assert document["findings"][0]["message"] == DUP_MESSAGE
    assert not recwarn.list


@pytest.mark.parametrize(
    ("repeated", "more"),
    [("image1.png", ""), ("set", ""), ("card foo", ", and 1 more name is repeated too")],
)
def test_any_repeated_member_name_is_reported(tmp_path: Path, repeated: str, more: str) -> None:
    target = dup_zip(tmp_path / "dup.mse-set", repeated)
    if more:
        with pytest.warns(UserWarning), zipfile.ZipFile(target, "a") as archive:
            archive.writestr("image1.png", b"")
            archive.writestr("image1.png", b"")
    with target.open("rb") as stream, pytest.raises(SourceError) as error:
        list(read_input(stream, "dup.mse-set", lambda size: None))
    assert error.value.message == (
        f"dup.mse-set holds 2 members named {repeated!r}{more} (--fix leaves such a zip as it is)"
    )


def test_zip_reads_the_set_then_its_card_members(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with zipfile.ZipFile("x.mse-set", "w") as archive:
        archive.writestr("set", "mse_version: 2\ncard:\n\tsuper_type: Creature - Elf\ninclude_file: card b\n")
        archive.writestr("card b", card_file("\tname: B", "\tsuper_type: Creature", "\tsub_type: Forest"))
        archive.writestr("card a", card_file("\tname: A", "\tsuper_type: Instant", "\tsub_type: Elf"))
        archive.writestr("image1.png", b"\x89PNG\r\n\x1a\n\x00")
    read = list(read_input(open("x.mse-set", "rb"), "x.mse-set", lambda size: None))  # noqa: SIM115
    assert [(e.text, e.path) for e in read] == [
        ("Creature - Elf", "x.mse-set/set"),
        ("Creature — Forest", "x.mse-set/card b"),
        ("Instant — Elf", "x.mse-set/card a"),
    ]


def test_broken_card_member_is_reported_and_the_others_checked(tmp_path: Path) -> None:
    target = tmp_path / "x.mse-set"
    with zipfile.ZipFile(target, "w") as archive:
        archive.writestr("set", "mse_version: 2\n")
        archive.writestr(
            "card a", card_file("\tname: A", "\tsuper_type: Creature \xff").replace(b"\xc3\xbf", b"\xff")
        )
        archive.writestr("card b", card_file("\tname: B", "\tsuper_type: Instant"))
        archive.writestr("card c", b"not mse at all\n")
    stream = target.open("rb")
    read: list[Entry] = []
    with pytest.raises(SourceError) as error:
        read.extend(read_input(stream, str(target), lambda size: None))
    stream.close()
    assert texts(read) == [("Instant", "B")]
    assert error.value.message == "not UTF-8 text (byte 0xff) (and 1 more file of the set could not be read)"
    assert (error.value.path, error.value.line, error.value.column) == (f"{target}/card a", 4, 23)


def test_not_utf8_in_an_included_card_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("set").write_bytes(b"mse_version: 2\ninclude_file: card x\ncard:\n\tsuper_type: Creature - Elf\n")
    Path("card x").write_bytes(b"mse_version: 2\ncard:\n\tsuper_type: Cr\xe9ature\n")
    status, document = check("set")
    assert status == 2
    assert [(f["path"], f["line"], f["column"], f["code"], f["message"]) for f in document["findings"]] == [
        ("card x", 3, 16, "TL905", "not UTF-8 text (byte 0xe9)"),  # in the card file, where it is
        (
            "set",
            4,
            22,
            "TL101",
            "the dash is written as '-'; subtypes follow a long dash '—' with one space on each side",
        ),
    ]


def test_not_utf8_in_the_file_itself() -> None:
    data = card_file("\tname: X", "\tsuper_type: Creature", "\tsub_type: \xe9lf").replace(
        b"\xc3\xa9", b"\xe9"
    )
    with pytest.raises(SourceError) as error:
        entries(data)
    assert (error.value.line, error.value.column) == (5, 12)


@pytest.mark.parametrize(
    ("data", "line", "column"),
    [
        (b"", 1, 1),
        (b"Creature \xe2\x80\x94 Elf\n", 1, 1),
        (b'{"cards": [{"type": "Creature"}]}\n', 1, 1),
        (b"name: Elf\ntype: Creature\n", 1, 1),
        (b"mse_version: 2\ncard:\n\tname: X\nplain words here\n", 4, 1),
        (b"\x89PNG\r\n\x1a\n\x00\x00", 1, 1),
    ],
)
def test_not_mse(data: bytes, line: int, column: int) -> None:
    with pytest.raises(SourceError) as error:
        entries(data)
    assert (error.value.line, error.value.column) == (line, column)
    assert "Magic Set Editor" in error.value.message or "UTF-8" in error.value.message


def test_not_mse_through_the_command_line() -> None:
    status, document = check("--input-format", "mse", "-", stdin=b"Creature - Elf\n")
    assert status == 2
    assert [(f["code"], f["line"], f["column"]) for f in document["findings"]] == [("TL905", 1, 1)]


def test_bom_crlf_and_cr_line_ends() -> None:
    lf = card_file("\tname: X", "\tsuper_type: Creature", "\tsub_type: Elf  Bard")
    for data in (b"\xef\xbb\xbf" + lf, lf.replace(b"\n", b"\r\n"), lf.replace(b"\n", b"\r")):
        (entry,) = entries(data)
        assert (entry.text, entry.card) == ("Creature — Elf  Bard", "X")
        assert region(entry, 14, 16) == Region(5, 15, 5, 17)


def test_folder_without_set_file(tmp_path: Path) -> None:
    (tmp_path / "card a").write_bytes(card_file("\tname: A", "\tsuper_type: Creature"))
    with pytest.raises(SourceError) as error:
        list(read_folder(str(tmp_path), SETTINGS))
    assert error.value.message == f"{tmp_path} is not a Magic Set Editor set: it has no `set` file"


def test_mse_set_folder_named_explicitly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    folder = Path("x.mse-set")
    folder.mkdir()
    (folder / "set").write_bytes(b"mse_version: 2\n")
    (folder / "card a").write_bytes(card_file("\tname: A", "\tsuper_type: Creature - Elf"))
    status, document = check("x.mse-set")
    assert status == 0  # a warning
    assert found(document) == [(os.path.join("x.mse-set", "card a"), 4, 22, 25, "TL101", "A")]


def test_eight_spaces_count_as_a_tab() -> None:
    data = b"mse_version: 2\ncard:\n        name: Spaces\n        super_type: Creature - Elf\n"
    (entry,) = entries(data)
    assert (entry.text, entry.card) == ("Creature - Elf", "Spaces")
    assert region(entry, 8, 11) == Region(4, 29, 4, 32)


def test_progress_counts_the_bytes_of_the_input() -> None:
    data = (SAMPLE / "card the clone wars").read_bytes()
    counted: list[int] = []
    list(read_input(io.BytesIO(data), "-", counted.append))
    assert sum(counted) == len(data)


def test_an_error_in_a_card_file_of_a_set_folder_is_placed_in_that_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("elves").mkdir()
    Path("elves/set").write_bytes(b"mse_version: 2\n")
    Path("elves/card a").write_bytes(b"mse_version: 2\ncard:\n\tname: A\n\tsuper_type: Cr\xe9ature\n")
    Path("elves/card b").write_bytes(b"mse_version: 2\ncard:\n\tname: B\n\tsuper_type: Creature - Elf\n")
    status, document = check("elves")
    assert status == 2
    assert [(f["path"], f["line"], f["column"], f["code"]) for f in document["findings"]] == [
        (str(Path("elves", "card a")), 4, 16, "TL905"),
        (str(Path("elves", "card b")), 4, 22, "TL101"),
    ]
