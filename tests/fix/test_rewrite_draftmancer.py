"""`--fix` and `--diff` in Draftmancer card lists: the words before the dash written into
`type`, each subtype into its element of `subtypes`, and a fix that moves words across the
dash left as it is."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import DATA, run_cli
from helpers.rewriting import rewritten

DRAFTMANCER = rewritten("draftmancer")
FANSET = DATA / "draftmancer" / "hamster-valley.txt"


def card_list(card: str) -> str:
    return f'# a set\n[CustomCards]\n[\n\t{{\n\t\t"name": "A",\n{card}\n\t}},\n]\n[MainSlot]\n1 A\n'


@pytest.mark.parametrize(
    ("fields", "new", "expected"),
    [
        pytest.param(
            '\t\t"type": "Creature",\n\t\t"subtypes": ["Hamster", "soldier"],',
            "Creature — Hamster Soldier",
            '\t\t"type": "Creature",\n\t\t"subtypes": ["Hamster", "Soldier"],',
            id="subtype-case",
        ),
        pytest.param(
            '\t\t"type": "Tribal Artifact",\n\t\t"subtypes": ["Hamster", "Food"],',
            "Kindred Artifact — Hamster Food",
            '\t\t"type": "Kindred Artifact",\n\t\t"subtypes": ["Hamster", "Food"],',
            id="type-renamed",
        ),
        pytest.param(
            '\t\t"subtypes": ["Hamster", "scuot"],\n\t\t"type": "Tribal Instant",',
            "Kindred Instant — Hamster Scout",
            '\t\t"subtypes": ["Hamster", "Scout"],\n\t\t"type": "Kindred Instant",',
            id="both-fields-subtypes-first",
        ),
        pytest.param(
            '\t\t"type": "Legendary Creature",\n\t\t"subtypes": ["Time Lord", "doctor"],',
            "Legendary Creature — Time Lord Doctor",
            '\t\t"type": "Legendary Creature",\n\t\t"subtypes": ["Time Lord", "Doctor"],',
            id="two-word-subtype",
        ),
        pytest.param(
            '\t\t"type": "Creature",\n\t\t"subtypes": ["Hamster", "cl\\u00e9ric"],',
            "Creature — Hamster Cléric",
            '\t\t"type": "Creature",\n\t\t"subtypes": ["Hamster", "Cl\\u00e9ric"],',
            id="escape-style-of-the-file",
        ),
        pytest.param(
            '\t\t"type": "Creature - Elf"',
            "Creature — Elf",
            '\t\t"type": "Creature \\u2014 Elf"',  # (an ASCII file: the dash escaped)
            id="whole-line-in-type",
        ),
    ],
)
def test_a_fix_is_written_into_its_fields(fields: str, new: str, expected: str) -> None:
    data = card_list(fields)
    assert DRAFTMANCER(data, new) == data.replace(fields, expected)


@pytest.mark.parametrize(
    ("fields", "new"),
    [
        pytest.param('\t\t"type": "Creature Elf"', "Creature — Elf", id="dash-brought-in"),
        pytest.param(
            '\t\t"type": "Creature",\n\t\t"subtypes": ["Legendary", "Elf"]',
            "Legendary Creature — Elf",
            id="word-moved-before-the-dash",
        ),
        pytest.param('\t\t"type": "Creature",\n\t\t"subtypes": ["Elf"]', "Creature", id="subtypes-gone"),
    ],
)
def test_a_fix_across_the_dash_is_not_written(fields: str, new: str) -> None:
    assert DRAFTMANCER(card_list(fields), new) is None


def test_fix_writes_the_fan_set_and_leaves_the_rest_byte_for_byte(in_tmp: Path) -> None:
    """The safe fixes (a subtype's case, the back face's Tribal) are made; the misspelt
    subtype waits for --unsafe-fixes; the card with no type stays a TL905 (exit 2)."""
    shutil.copy(FANSET, "set.txt")
    before = Path("set.txt").read_text()
    result = run_cli(["check", "--fix", "set.txt"])
    assert result.exit_code == 2
    after = Path("set.txt").read_text()
    assert after == before.replace('"soldier"', '"Soldier"').replace(
        '"Tribal Artifact"', '"Kindred Artifact"'
    )
    run_cli(["check", "--fix", "--unsafe-fixes", "set.txt"])
    assert Path("set.txt").read_text() == after.replace('"Scuot"', '"Scout"')


def test_diff_shows_the_values_changed(in_tmp: Path) -> None:
    shutil.copy(FANSET, "set.txt")
    result = run_cli(["check", "--diff", "set.txt"])
    changed = [
        line for line in result.stdout.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")
    ]
    assert changed == [
        '-\t\t\t"soldier"',
        '+\t\t\t"Soldier"',
        '-\t\t\t"type": "Tribal Artifact",',
        '+\t\t\t"type": "Kindred Artifact",',
    ]
    assert Path("set.txt").read_bytes() == FANSET.read_bytes()


def test_a_fix_that_cant_be_written_says_so_and_its_finding_stays(in_tmp: Path) -> None:
    Path("elf.txt").write_text(card_list('\t\t"type": "Creature Elf"'))
    result = run_cli(["check", "--fix", "elf.txt"])
    assert result.exit_code == 1
    assert "elf.txt:6: the fixed type line can't be written back exactly here" in result.stderr
    assert '"type": "Creature Elf"' in Path("elf.txt").read_text()
