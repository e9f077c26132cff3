"""The language server's pure parts: the `# typeline: ignore` edit of a line, the problems
kept past a syntax error, the type line typed so far, the format of a language id."""

from __future__ import annotations

import pytest

from mtg_typeline.server.actions import ignore_edit
from mtg_typeline.server.checking import Edit, Problem
from mtg_typeline.server.documents import UnknownLanguage, given_format, keep_last_good
from mtg_typeline.server.words import typed_so_far, word_at


def test_ignore_appends_a_directive() -> None:
    line = "    type: Creature — Forest"
    assert ignore_edit(4, line, "TL304") == Edit(4, len(line), 4, len(line), "  # typeline: ignore[TL304]")


def test_ignore_adds_the_code_to_the_lines_directive() -> None:
    line = "Creature - Forest  # typeline: ignore[TL101]"
    edit = ignore_edit(0, line, "TL304")
    assert edit is not None
    assert line[: edit.column] + edit.text + line[edit.end_column :] == line.replace(
        "TL101]", "TL101, TL304]"
    )


def test_a_directive_of_every_code_needs_nothing_more() -> None:
    assert ignore_edit(0, "Creature - Forest  # typeline: ignore", "TL304") is None


def _problem(code: str, line: int) -> Problem:
    return Problem(code, "name", "error", "message", line, 0, line, 1)


def test_the_last_good_problems_past_the_fresh_ones_are_kept_moved() -> None:
    fresh = (_problem("TL101", 2), _problem("TL905", 9))
    good = (_problem("TL101", 2), _problem("TL304", 5), _problem("TL302", 8))
    kept = keep_last_good(fresh, good, 1)
    assert [(p.code, p.line) for p in kept] == [("TL101", 2), ("TL304", 6), ("TL905", 9)]


@pytest.mark.parametrize(
    ("prefix", "typed"),
    [
        ("    type: Legendary Land — ", "Legendary Land — "),
        ('  {"name": "A", "type_line": "Creature — E', "Creature — E"),
        ("Types:Creature Elf", "Creature Elf"),
        ("Creature — Elf", "Creature — Elf"),
    ],
)
def test_the_type_line_typed_so_far(prefix: str, typed: str) -> None:
    assert typed_so_far(prefix).strip() == typed.strip()


def test_the_word_under_the_cursor() -> None:
    assert word_at("    type: Legendary Land — Urza’s Mine", 30) == "Urza’s"
    assert word_at("    type: Legendary Land", 14) == "Legendary"


def test_a_language_id_tells_the_format_only_where_the_name_does_not() -> None:
    assert given_format("/set.yaml", "json") is None
    assert given_format("/untitled", "yaml") == "yaml"
    with pytest.raises(UnknownLanguage):
        given_format("/untitled", "klingon")
