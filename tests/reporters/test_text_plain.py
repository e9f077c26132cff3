"""The text output unstyled, written without rich: the same characters as rich's, and the
carets placed by the same cell widths."""

from __future__ import annotations

import random

import pytest
from helpers.reports import RESULT, RULES, placed
from rich.cells import cell_len as rich_cell_len

from mtg_typeline.findings import Finding
from mtg_typeline.reporters.text import ONE_CELL, Plain, cell_len, render, summary_text

WIDE = ["Creature — 猫", "Creature — Elf\u0301", "Creature — 👍🏽 Elf", "Creature — Zo\u200dmbie"]


def test_the_one_cell_characters_are_one_cell_for_rich() -> None:
    assert [c for c in sorted(ONE_CELL) if rich_cell_len(c) != 1] == []


@pytest.mark.parametrize("seed", range(5))
def test_cell_len_is_rich_cell_len(seed: int) -> None:
    pool = [*sorted(ONE_CELL), "猫", "\u0301", "\u200d", "👍", "\U0001f3fd", "\ufe0f", "\x00"]
    draw = random.Random(seed)
    for _ in range(200):
        text = "".join(draw.choices(pool, k=draw.randint(0, 12)))
        assert cell_len(text) == rich_cell_len(text), repr(text)


def findings() -> list[Finding]:
    wide = [f for line in WIDE for f in placed("wide.txt", 1, line)]
    return [*RESULT.findings, *wide]


@pytest.mark.parametrize("width", [None, 30, 80])
def test_a_plain_finding_is_the_styled_one_without_styles(width: int | None) -> None:
    for finding in findings():
        plain = render(finding, RULES, "[*]", width, styled=False)
        assert isinstance(plain, Plain)
        assert plain.plain == render(finding, RULES, "[*]", width).plain


def test_a_plain_summary_is_the_styled_one_without_styles() -> None:
    assert summary_text(RESULT.summary, styled=False).plain == summary_text(RESULT.summary).plain
