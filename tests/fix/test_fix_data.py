"""`--fix` on card data: each entry's `rewrite` edit applied to its file, all at once from the
end; an entry that can't be rewritten keeps its finding; edits that overlap are refused.

A small fake reader stands for the formats here (the real readers' edits are tested with
them, byte for byte, in their own test files); a few runs of the real JSON and CSV readers
show the whole path end to end.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

import pytest
from click.testing import Result
from conftest import DATA, run_cli, write

from mtg_typeline import sources
from mtg_typeline.fix.data import apply_edits
from mtg_typeline.sources.base import Edit, Entry, Offset, SourceError

pytestmark = pytest.mark.usefixtures("in_tmp")


# The fake format: `name|type line` a line. A name starting with `!` has no rewrite, `~` one
# that gives None, `%` one whose edit runs over the next line; `@file` stands in `file`.


def fake_reader(stream: BinaryIO, path: str, progress: Callable[[int], None]) -> Iterator[Entry | int]:
    text = stream.read().decode("utf-8")
    for number, line in enumerate(text.split("\n"), 1):
        if not line:
            continue
        if line == "BROKEN":
            raise SourceError("broken", number, 1)
        name, _, type_line = line.rstrip("\r").partition("|")
        column = len(name) + 2
        yield _entry(name, type_line, number, column)


def _entry(name: str, type_line: str, number: int, column: int) -> Entry:
    if name.startswith("@"):  # the type line is all of another file's first line
        there = (
            Path(name[1:]).read_text(encoding="utf-8").partition("\n")[0]
            if Path(name[1:]).exists()
            else type_line
        )
        return Entry(
            there, Offset(1, 1), name, path=name[1:], rewrite=lambda new: Edit(1, 1, 1, 1 + len(there), new)
        )
    end = column + len(type_line)
    if name.startswith("!"):
        return Entry(type_line, Offset(number, column), name)
    if name.startswith("~"):
        return Entry(type_line, Offset(number, column), name, rewrite=lambda new: None)
    if name.startswith("%"):
        return Entry(
            type_line,
            Offset(number, column),
            name,
            rewrite=lambda new: Edit(number, column, number + 1, 8, new),
        )
    return Entry(
        type_line, Offset(number, column), name, rewrite=lambda new: Edit(number, column, number, end, new)
    )


@pytest.fixture
def fake_format(monkeypatch: pytest.MonkeyPatch) -> None:
    real = sources.reader_for

    def reader_for(fmt: str, settings: sources.SourceSettings) -> sources.ReaderFunc:
        return fake_reader if fmt == "csv" else real(fmt, settings)

    monkeypatch.setattr(sources, "reader_for", reader_for)


def fix(*args: str) -> Result:
    return run_cli(["check", "--no-config", "--input-format", "csv", "--format", "concise", "--fix", *args])


@pytest.mark.usefixtures("fake_format")
def test_each_entry_is_rewritten_in_place() -> None:
    path = write(
        "cards.dat", "Elf|creature - elf\r\nForest|Basic Land — Forest\nGob|Creature — Goblin Goblin"
    )
    result = fix("cards.dat")
    assert (
        path.read_bytes().decode()
        == "Elf|Creature — Elf\r\nForest|Basic Land — Forest\nGob|Creature — Goblin"
    )
    assert result.stdout == "Fixed 3 findings in 1 file.\nNo problems in 3 type lines in 1 file.\n"


@pytest.mark.usefixtures("fake_format")
def test_an_entry_that_cannot_be_rewritten_keeps_its_finding() -> None:
    text = "!Locked|Creature - Elf\n~Refused|Creature - Elf\nOpen|Creature - Elf\n"
    path = write("cards.dat", text)
    result = fix("cards.dat")
    assert path.read_text(encoding="utf-8") == text.replace("Open|Creature - Elf", "Open|Creature — Elf")
    assert result.stdout.splitlines() == [
        # not marked fixable: --fix can't write them
        "cards.dat:1:17: TL101 [warning] the dash is written as '-'; subtypes follow a long dash '—' "
        "with one space on each side (card: !Locked)",
        "cards.dat:2:18: TL101 [warning] the dash is written as '-'; subtypes follow a long dash '—' "
        "with one space on each side (card: ~Refused)",
        "Fixed 1 finding in 1 file.",
        "Found 2 warnings in 3 type lines in 1 file.",
        "2 left: all have no automatic fix.",  # the format can't hold their fixes
    ]


@pytest.mark.usefixtures("fake_format")
def test_overlapping_edits_are_refused() -> None:
    text = "%Wide|Creature - Elf\nNext|Creature - Elf\nLast|creature — Elf\n"
    path = write("cards.dat", text)
    result = fix("cards.dat")
    assert path.read_text(encoding="utf-8") == text.replace("creature — Elf", "Creature — Elf")
    assert result.stdout.endswith(
        "Fixed 1 finding in 1 file.\nFound 2 warnings in 3 type lines in 1 file.\n"
        "2 left: all have a fix that could not be made.\n"
    )


@pytest.mark.usefixtures("fake_format")
def test_a_file_the_reader_fails_on_is_not_fixed() -> None:
    text = "Elf|Creature - Elf\nBROKEN\n"
    path = write("cards.dat", text)
    result = fix("cards.dat")
    assert path.read_text(encoding="utf-8") == text
    assert result.exit_code == 2
    assert "TL905" in result.stdout


@pytest.mark.usefixtures("fake_format")
def test_edits_of_another_file_are_written_there() -> None:
    write("other.txt", "creature - elf\nkept as it is\n")
    main = write("cards.dat", "@other.txt|creature - elf\nHere|Creature - Elf\n")
    result = fix("cards.dat")
    assert Path("other.txt").read_text(encoding="utf-8") == "Creature — Elf\nkept as it is\n"
    assert main.read_text(encoding="utf-8") == "@other.txt|creature - elf\nHere|Creature — Elf\n"
    assert result.stdout.startswith("Fixed 3 findings in 2 files.\n")


@pytest.mark.usefixtures("fake_format")
def test_an_entry_in_no_file_of_its_own_is_not_fixed() -> None:
    # a member of a zip is named `set.zip/card x`: no such file, nothing written
    write("cards.dat", "@set.zip/card x|creature - elf\n")
    result = fix("cards.dat")
    assert not Path("set.zip").exists()
    assert "No fixes applied." in result.stdout


@pytest.mark.usefixtures("fake_format")
def test_diff_of_card_data() -> None:
    write("cards.dat", "Elf|creature - elf\n")
    result = run_cli(["check", "--no-config", "--input-format", "csv", "--diff", "cards.dat"])
    assert (
        result.stdout
        == "--- cards.dat\n+++ cards.dat\n@@ -1 +1 @@\n-Elf|creature - elf\n+Elf|Creature — Elf\n"
    )
    assert result.exit_code == 1


@pytest.mark.usefixtures("fake_format")
def test_card_data_on_standard_input() -> None:
    result = run_cli(
        ["check", "--no-config", "--input-format", "csv", "--fix", "-"], stdin=b"Elf|creature - elf\n"
    )
    assert result.stdout == "Elf|Creature — Elf\n"
    assert result.exit_code == 0


# apply_edits on its own
# --------------------------------------------------------------------------


def test_edits_keep_the_bom_and_bytes_that_are_not_utf8() -> None:
    data = '\ufeff["a - b",\r\n "c"]'.encode() + b"\xff\n"
    done = apply_edits(data, [(Edit(1, 2, 1, 9, '"A \u2014 B"'), 2), (Edit(2, 2, 2, 5, '"C"'), 1)])
    assert done.data == '\ufeff["A \u2014 B",\r\n "C"]'.encode() + b"\xff\n"
    assert (done.fixed, done.refused) == (3, ())


@pytest.mark.parametrize(
    "edit",
    [
        Edit(3, 1, 3, 2, "x"),  # no line 3
        Edit(1, 9, 1, 10, "x"),  # past the end of line 1
        Edit(1, 3, 1, 2, "x"),  # ends before it starts
        Edit(2, 1, 2, 2, "x"),  # over a byte that is not UTF-8
        Edit(1, 1, 1, 2, "\udcff"),  # a text that can't be written
    ],
)
def test_edits_that_cannot_be_made_are_refused(edit: Edit) -> None:
    data = b"abcdefg\n\xffz"
    assert apply_edits(data, [(edit, 1)]).data == data
    assert apply_edits(data, [(edit, 1)]).refused == (edit,)


def test_the_same_edit_twice_is_made_once_and_edits_may_touch() -> None:
    data = b"abcdef"
    twice = [(Edit(1, 1, 1, 3, "X"), 1), (Edit(1, 1, 1, 3, "X"), 1), (Edit(1, 3, 1, 5, "Y"), 1)]
    assert apply_edits(data, twice).data == b"XYef"


def test_insertions_at_one_place_are_refused() -> None:
    data = b"abc"
    done = apply_edits(
        data, [(Edit(1, 2, 1, 2, "X"), 1), (Edit(1, 2, 1, 2, "Y"), 1), (Edit(1, 3, 1, 4, "Z"), 1)]
    )
    assert done.data == b"abZ"
    assert len(done.refused) == 2


# The real readers, end to end
# --------------------------------------------------------------------------


def real(*args: str) -> Result:
    return run_cli(["check", "--no-config", "--format", "concise", "--fix", *args])


def test_scryfall_json_is_fixed_inside_its_strings() -> None:
    text = (
        '[{"object": "card", "name": "Elf", "type_line": "creature - elf"},\n'
        ' {"object": "card", "name": "Orc", "type_line": "Creature \\u2014 Orc  Warrior"}]\n'
    )
    path = write("cards.json", text)
    result = real("cards.json")
    # the file writes its dashes as \u2014 escapes: the new string does too
    assert path.read_text(encoding="utf-8") == text.replace("creature - elf", "Creature \\u2014 Elf").replace(
        "Orc  Warrior", "Orc Warrior"
    )
    assert json.loads(path.read_text(encoding="utf-8"))[0]["type_line"] == "Creature — Elf"
    assert result.stdout == "Fixed 3 findings in 1 file.\nNo problems in 2 type lines in 1 file.\n"


def test_csv_keeps_its_quoting() -> None:
    text = 'name,type_line\r\nElf,"creature - elf"\r\nOrc,Creature Legendary — Orc\r\n'
    path = write("cards.csv", text)
    real("cards.csv")
    assert path.read_bytes() == (
        'name,type_line\r\nElf,"Creature — Elf"\r\nOrc,Legendary Creature — Orc\r\n'.encode()
    )


# A zipped Magic Set Editor set

CLONE_WARS = DATA / "samples" / "mse" / "TheCloneWars.mse-set-partial"
VADER = "card darth vader sith lord"


def clone_wars_zip(path: Path) -> list[zipfile.ZipInfo]:
    """The sample set zipped (members stored or deflated in turn, with their own dates), with
    `Legendary` written `legendary` in Darth Vader's type; its members' infos."""
    with zipfile.ZipFile(path, "w") as archive:
        for index, member in enumerate(sorted(CLONE_WARS.iterdir())):
            info = zipfile.ZipInfo(member.name, (2001, 2, 3, 4, 5, 6 + 2 * index))
            info.compress_type = zipfile.ZIP_DEFLATED if index % 2 else zipfile.ZIP_STORED
            info.external_attr = (0o640 + index) << 16
            data = member.read_bytes()
            if member.name == VADER:
                data = data.replace(b">Legendary Creature<", b">legendary Creature<", 1)
            archive.writestr(info, data)
    with zipfile.ZipFile(path) as archive:
        return archive.infolist()


def zip_members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def test_a_zipped_set_is_fixed_member_by_member() -> None:
    path = Path("set.mse-set")
    infos = clone_wars_zip(path)
    before = zip_members(path)
    real("set.mse-set")
    after = zip_members(path)
    assert list(after) == list(before)
    assert after[VADER] == before[VADER].replace(b">legendary Creature<", b">Legendary Creature<")
    assert {name: data for name, data in after.items() if name != VADER} == {
        name: data for name, data in before.items() if name != VADER
    }
    with zipfile.ZipFile(path) as archive:
        kept = [(i.filename, i.date_time, i.compress_type, i.external_attr) for i in archive.infolist()]
    assert kept == [(i.filename, i.date_time, i.compress_type, i.external_attr) for i in infos]
    fixed = path.read_bytes()
    real("set.mse-set")
    assert path.read_bytes() == fixed


def test_diff_of_a_zipped_set_names_the_member() -> None:
    path = Path("set.mse-set")
    clone_wars_zip(path)
    data = path.read_bytes()
    result = run_cli(["check", "--no-config", "--diff", "set.mse-set"])
    assert result.stdout.startswith(f"--- set.mse-set/{VADER}\n+++ set.mse-set/{VADER}\n")
    assert "-\tsuper_type: <word-list-type-en>legendary Creature</word-list-type-en>\n" in result.stdout
    assert "+\tsuper_type: <word-list-type-en>Legendary Creature</word-list-type-en>\n" in result.stdout
    assert result.exit_code == 1 and path.read_bytes() == data


def dup_set(path: Path) -> bytes:
    """A zipped set holding two members named `card foo` (cards Foo and Bar, both with
    fixable words), as the bug report made it; its bytes."""
    foo = "mse_version: 2.0.2\ncard:\n\tname: Foo\n\tsuper_type: creature\n\tsub_type: elf\n"
    with pytest.warns(UserWarning, match="Duplicate name"), zipfile.ZipFile(path, "w") as archive:
        archive.writestr("set", "mse_version: 2.0.2\ngame: magic\ninclude_file: card foo\n")
        archive.writestr("card foo", foo)
        archive.writestr("card foo", foo.replace("Foo", "Bar").replace("creature", "instant"))
    return path.read_bytes()


DUP_TL905 = (
    "dup.mse-set:1:1: TL905 [error] dup.mse-set holds 2 members named 'card foo' "
    "(--fix leaves such a zip as it is)"
)


def test_a_zip_with_two_members_of_one_name_is_never_rewritten(recwarn: pytest.WarningsRecorder) -> None:
    path = Path("dup.mse-set")
    data = dup_set(path)
    recwarn.clear()
    result = real("--select", "TL103,TL905", str(path))
    assert path.read_bytes() == data
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [
        DUP_TL905,  # why it was not fixed; the type lines are checked all the same
        "dup.mse-set/card foo:4:14: TL103 [*] [warning] "
        "'creature — elf' should be written 'Creature — Elf' (card: Foo)",
        "dup.mse-set/card foo:4:14: TL103 [*] [warning] "
        "'instant — elf' should be written 'Instant — Elf' (card: Bar)",
        "No fixes applied.",
        "Found 1 error and 2 warnings in 2 type lines in 1 file.",
        "3 left: 2 have a fix that could not be made, 1 has no automatic fix.",
    ]
    assert result.stderr == ""
    assert not recwarn.list  # no Python warning (zipfile's "Duplicate name") reaches the user


def test_a_zip_with_two_members_of_one_name_has_no_diff(recwarn: pytest.WarningsRecorder) -> None:
    path = Path("dup.mse-set")
    data = dup_set(path)
    recwarn.clear()
    result = run_cli(["check", "--no-config", "--diff", str(path)])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", "No fixes available.\n")
    assert path.read_bytes() == data
    assert not recwarn.list


def test_fix_zip_leaves_a_zip_with_two_members_of_one_name_alone() -> None:
    from mtg_typeline.fix.data import Made
    from mtg_typeline.fix.zipped import fix_zip

    data = dup_set(Path("dup.mse-set"))
    edits: dict[str, list[tuple[Made, int]]] = {"dup.mse-set/card foo": [(Edit(4, 14, 4, 21, "Instant"), 1)]}
    assert fix_zip("dup.mse-set", data, edits) == (data, 0, ())
