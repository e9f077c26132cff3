"""`--fix` in Forge card scripts (the `Types:` line, written without the dash) and in Magic
Set Editor sets (the text of one word list, in a folder or a zip).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.rewriting import entries, rewritten

from mtg_typeline.sources.base import Edit

FORGE = rewritten("forge")


@pytest.mark.parametrize(
    ("line", "new", "expected"),
    [
        pytest.param(
            "Types:creature Human Wizard", "Creature — Human Wizard", "Types:Creature Human Wizard", id="case"
        ),
        pytest.param(
            "Types: Creature Human  wizard ",
            "Creature — Human  Wizard",
            "Types: Creature Human  Wizard ",
            id="blanks-kept",
        ),
        pytest.param(  # the gap the dash stands for is kept
            "Types:Creature Legendary  Human Wizard",
            "Legendary Creature — Human Wizard",
            "Types:Legendary Creature  Human Wizard",
            id="gap-kept",
        ),
        pytest.param(  # a change across the dash: the line written again, its dash one space
            "Types:Creature Legendary  Human Wizard",
            "Legendary Creature — Human",
            "Types:Legendary Creature Human",
            id="across-the-dash",
        ),
        pytest.param(
            "Types:Tribal Instant Elf", "Kindred Instant — Elf", "Types:Kindred Instant Elf", id="rename"
        ),
    ],
)
def test_forge_types_written_without_the_dash(line: str, new: str, expected: str) -> None:
    data = f"Name:A\r\nManaCost:G\r\n{line}\r\nOracle:x\r\n"
    assert FORGE(data, new) == data.replace(line, expected)


def test_forge_change_of_the_dash_alone_is_not_written() -> None:
    """Forge writes no dash: a line whose only change is its dash can't be written (None:
    the finding stays)."""
    assert FORGE("Name:A\nTypes:Creature Elf\n", "Creature - Elf") is None


# Magic Set Editor

MSE_CARD = (
    "mse_version: 2.5.8\ncard:\n\tname: A\n\tsuper_type: {}\n"
    "\tsuper_type_2: <word-list-type-en></word-list-type-en>\n\tsub_type: {}\n"
)
TYPE = "<word-list-type-en>{}</word-list-type-en>"
RACE = "<word-list-race-en>{}</word-list-race-en>"
CLASS = "<atom-sep> </atom-sep><word-list-class-en>{}</word-list-class-en>"


def mse(text: str, new: str) -> str | None:
    """The set file with its one face rewritten (see `rewritten`)."""
    return rewritten("mse")(text, new)


@pytest.mark.parametrize(
    ("supertypes", "subtypes", "new", "expected"),
    [
        pytest.param(
            TYPE.format("legendary creature"),
            RACE.format("Elf"),
            "Legendary Creature — Elf",
            (TYPE.format("Legendary Creature"), RACE.format("Elf")),
            id="case",
        ),
        pytest.param(
            TYPE.format("Creature"),
            RACE.format("elf") + CLASS.format("warrior"),
            "Creature — Elf Warrior",
            (TYPE.format("Creature"), RACE.format("Elf") + CLASS.format("Warrior")),
            id="two-word-lists",
        ),
        pytest.param(
            TYPE.format("Tribal Instant"),
            RACE.format("Elf"),
            "Kindred Instant — Elf",
            (TYPE.format("Kindred Instant"), RACE.format("Elf")),
            id="rename",
        ),
        pytest.param(
            "Legendary  Creature",
            "Elf",
            "Legendary Creature — Elf",
            ("Legendary Creature", "Elf"),
            id="untagged",
        ),
        pytest.param(
            TYPE.format("legendary creature"),
            RACE.format("elf") + CLASS.format("warrior"),
            "Legendary Creature — Elf Warrior",
            (TYPE.format("Legendary Creature"), RACE.format("Elf") + CLASS.format("Warrior")),
            id="both-fields",
        ),
    ],
)
def test_mse_word_list_text(supertypes: str, subtypes: str, new: str, expected: tuple[str, str]) -> None:
    assert mse(MSE_CARD.format(supertypes, subtypes), new) == MSE_CARD.format(*expected)


@pytest.mark.parametrize(
    ("supertypes", "subtypes", "new"),
    [
        pytest.param(
            TYPE.format("Creature"),
            RACE.format("Elf"),
            "Creature — Elf Warrior",
            id="a-word-added-across-tags",
        ),
        pytest.param(TYPE.format("Creature"), RACE.format("Elf"), "Creature - Elf", id="the-made-up-dash"),
        pytest.param(TYPE.format("Creature"), RACE.format("Elf"), "Creature — <b>Elf", id="markup"),
    ],
)
def test_mse_changes_outside_one_word_list_are_not_written(supertypes: str, subtypes: str, new: str) -> None:
    assert mse(MSE_CARD.format(supertypes, subtypes), new) is None


def test_mse_zip_members_are_rewritten_in_their_text(tmp_path: Path) -> None:
    import zipfile

    path = tmp_path / "a.mse-set"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("set", MSE_CARD.format(TYPE.format("creature"), RACE.format("Elf")))
    (entry,) = entries("mse", path.read_bytes(), str(path))
    assert entry.text == "creature — Elf" and entry.path == f"{path}/set" and entry.rewrite is not None
    assert entry.rewrite("Creature — Elf") == Edit(4, 14, 4, 61, TYPE.format("Creature"))
