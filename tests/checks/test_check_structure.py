"""The checks of a type line's form (TL1xx, checks/structure.py): dashes, spacing, case,
empty subtypes, a second dash, empty faces. Each pins the code, severity, rules cited,
suggestion and the text the finding points at.
"""

from __future__ import annotations

import pytest
from helpers.checking import found, marked, only

from mtg_typeline.findings import Severity


@pytest.mark.parametrize(
    ("line", "dash"),
    [
        ("Creature-Goblin", "-"),
        ("Creature--Goblin", "--"),
        ("Creature–Goblin", "–"),
        ("Creature—Goblin", "—"),
        ("Creature - Goblin", " - "),
        ("Creature -- Goblin", " -- "),
        ("Creature – Goblin", " – "),
        ("Creature —Goblin", " —"),
        ("Creature  —  Goblin", "  —  "),
    ],
)
def test_dash_variants_are_a_warning_with_the_corrected_line(line: str, dash: str) -> None:
    finding = only(line, "TL101")
    assert finding.severity is Severity.WARNING
    assert finding.rules == ("205.3b",)
    assert finding.suggestion == "Creature — Goblin"
    assert marked(line, finding) == dash


def test_multi_word_subtype_with_two_spaces_is_only_a_spacing_problem() -> None:
    line = "Creature — Time  Lord"
    finding = only(line, "TL102")
    assert finding.suggestion == "Creature — Time Lord"


def test_wrong_case_gives_one_warning_per_word() -> None:
    line = "creature — GOBLIN"  # (a line all in lower case is one finding)
    result = found(line)
    assert [f.code for f in result] == ["TL103", "TL103"]
    assert all(f.severity is Severity.WARNING for f in result)
    assert [marked(line, f) for f in result] == ["creature", "GOBLIN"]
    assert [f.suggestion for f in result] == ["Creature — GOBLIN", "creature — Goblin"]


def test_dash_without_subtypes() -> None:
    line = "Artifact —"
    finding = only(line, "TL104")
    assert finding.suggestion == "Artifact"
    assert marked(line, finding).strip() == "—"


def test_second_dash() -> None:
    line = "Creature — Goblin — Wizard"
    finding = only(line, "TL105")
    assert finding.severity is Severity.ERROR
    assert finding.suggestion == "Creature — Goblin Wizard"
    assert finding.column - 1 == line.index(" — ", 10)


@pytest.mark.parametrize("line", ["Instant //", "// Sorcery"])
def test_empty_face(line: str) -> None:
    empty = [f for f in found(line) if f.code == "TL106"]
    assert len(empty) == 1
    assert empty[0].severity is Severity.ERROR
    assert all(f.code in ("TL102", "TL106") for f in found(line))
