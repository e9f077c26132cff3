"""Inline suppressions: `# typeline: ignore` and `# typeline: ignore[CODES]` at the end of a
line of a text input, and TL904 unused-suppression (off unless selected).

Unit tests of `find_suppression` and of the filter stage on one line (`Filters.line`), and
the behaviour through the command line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli

from mtg_typeline.checks import CHECKS
from mtg_typeline.filters import Filters, Selection, Suppression, find_suppression
from mtg_typeline.findings import STDIN, Finding, Fix, Severity, Span
from mtg_typeline.sources.text import type_line

# "Creature - Forest" has TL101 dash-form (warning) at column 9 and TL304 (error) at column 12
TWO = "Creature - Forest"


def findings(text: str, *args: str) -> list[dict[str, Any]]:
    result = run_cli(["check", "--format", "json", *args, "-"], text)
    found: list[dict[str, Any]] = json.loads(result.stdout)["findings"]
    return found


def codes(text: str, *args: str) -> list[tuple[int, str]]:
    return [(f["line"], f["code"]) for f in findings(text, *args)]


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def make(code: str) -> Finding:
    check = next(c for c in CHECKS if c.code == code)
    return Finding(code, check.name, check.severity, "m", (), TWO, 1, 2)


def apply(line: str, found: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """What the filter stage leaves of the findings of a text file's line (with TL904
    selected), its comment read as the text reader reads it."""
    _, comment = type_line(line)
    assert comment is not None
    return tuple(Filters(Selection.build(extend_select=["TL904"]), "").line(found, STDIN, comment))


# find_suppression


@pytest.mark.parametrize(
    ("comment", "expected"),
    [
        ("# typeline: ignore", set()),
        ("#typeline:ignore", set()),
        ("#   typeline:   ignore", set()),
        ("# TYPELINE: IGNORE", set()),
        ("# Typeline: Ignore", set()),
        ("# typeline: ignore[TL301]", {"TL301"}),
        ("# typeline: ignore[TL301,TL302]", {"TL301", "TL302"}),
        ("# typeline: ignore[ TL301 , TL302 ]", {"TL301", "TL302"}),
        ("# typeline: ignore[tl301]", {"TL301"}),
        ("# typeline: ignore[unknown-subtype]", {"TL302"}),
        ("# typeline: ignore[Unknown-Subtype,dash-form]", {"TL302", "TL101"}),
        ("# typeline: ignore[TL301,unknown-subtype]", {"TL301", "TL302"}),
        ("# TYPELINE: IGNORE[DASH-FORM]", {"TL101"}),
        ("# typeline: ignore[TL999]", {"TL999"}),  # kept: it never matches, so TL904 can say so
    ],
)
def test_find_suppression_codes(comment: str, expected: set[str]) -> None:
    found = find_suppression(comment, 0)
    assert found is not None
    assert found.codes == (frozenset(expected) if expected else None)  # None: every code
    assert found.whole
    assert (found.start, found.end) == (0, len(comment))


@pytest.mark.parametrize(
    "comment", ["# a note", "# typeline", "# typeline ignore", "# ignore", "# noqa", "# typeline: check"]
)
def test_find_suppression_none(comment: str) -> None:
    assert find_suppression(comment, 5) is None


def test_find_suppression_position_is_in_the_line() -> None:
    line = "Creature — Elf  # typeline: ignore[TL101]"
    offset = line.index("#")
    found = find_suppression(line[offset:], offset)
    assert found == Suppression(frozenset({"TL101"}), offset, len(line), True)


def test_find_suppression_after_other_words_is_not_whole() -> None:
    found = find_suppression("# old data  # typeline: ignore", 20)
    assert found is not None
    assert (found.codes, found.start, found.end, found.whole) == (None, 32, 50, False)


def test_find_suppression_with_a_reason_after_it_is_not_whole() -> None:
    found = find_suppression("# typeline: ignore[TL304] -- a printed error", 0)
    assert found is not None
    assert (found.codes, found.start, found.end, found.whole) == (frozenset({"TL304"}), 0, 25, False)


def test_suppression_covers() -> None:
    every = Suppression(None, 0, 1, True)
    empty = Suppression(frozenset(), 0, 1, True)  # `ignore[]` names nothing
    assert not empty.covers("TL101")
    some = Suppression(frozenset({"TL101"}), 0, 1, True)
    assert every.covers("TL101") and every.covers("TL304")
    assert some.covers("TL101") and not some.covers("TL304")


# the filter stage on one line


def test_apply_everything() -> None:
    line = f"{TWO}  # typeline: ignore"
    assert apply(line, (make("TL101"), make("TL304"))) == ()


def test_apply_one_code() -> None:
    line = f"{TWO}  # typeline: ignore[TL101]"
    assert apply(line, (make("TL101"), make("TL304"))) == (make("TL304"),)


def test_apply_reports_an_unused_directive() -> None:
    line = "Creature — Elf  # typeline: ignore[TL304, dash-form]"
    assert apply(line, ()) == (
        Finding(
            code="TL904",
            name="unused-suppression",
            severity=Severity.WARNING,
            message="the suppression '# typeline: ignore[TL101, TL304]' suppresses nothing on this line",
            rules=(),
            type_line=line,
            column=17,
            end_column=len(line) + 1,
            suggestion="Creature — Elf",
            fix=Fix(Span(14, len(line)), "", "safe"),
        ),
    )


def test_apply_keeps_other_findings_beside_the_unused_report() -> None:
    line = f"{TWO}\t# typeline: ignore[TL207]"
    kept = apply(line, (make("TL101"), make("TL304")))
    assert [f.code for f in kept] == ["TL101", "TL304", "TL904"]
    unused = kept[-1]
    assert unused.fix == Fix(Span(len(TWO), len(line)), "", "safe")  # the tab goes too
    assert unused.suggestion == TWO


def test_apply_offers_no_fix_when_the_comment_says_more() -> None:
    line = "Creature — Elf  # typeline: ignore  (was a Forest)"
    (unused,) = apply(line, ())
    assert unused.code == "TL904"
    assert unused.message == "the suppression '# typeline: ignore' suppresses nothing on this line"
    assert (unused.column, unused.end_column) == (17, 35)
    assert unused.fix is None
    assert unused.suggestion is None


# Through the command line


@pytest.mark.parametrize(
    "directive",
    [
        "# typeline: ignore",
        "#typeline:ignore",
        "# TYPELINE: IGNORE",
        "# typeline: ignore[TL101,TL304]",
        "# typeline: ignore[TL101, TL304]",
        "# typeline: ignore[dash-form,subtype-type-mismatch]",
        "# typeline: ignore[tl101,Subtype-Type-Mismatch]",
        "# Typeline: Ignore[TL101,TL304]",
    ],
)
def test_suppress_every_finding_on_the_line(directive: str) -> None:
    result = run_cli(["check", "--format", "json", "-"], f"{TWO}  {directive}\n")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["findings"] == []


@pytest.mark.parametrize(
    ("directive", "left"),
    [
        ("# typeline: ignore[TL101]", "TL304"),
        ("# typeline: ignore[dash-form]", "TL304"),
        ("# typeline: ignore[DASH-FORM]", "TL304"),
        ("# TYPELINE: ignore[tl101]", "TL304"),
        ("# typeline: ignore[TL304]", "TL101"),
        ("# typeline: ignore[subtype-type-mismatch]", "TL101"),
    ],
)
def test_suppress_named_codes_only(directive: str, left: str) -> None:
    assert codes(f"{TWO}  {directive}\n") == [(1, left)]


def test_suppression_holds_for_its_own_line_only() -> None:
    text = f"{TWO}\n{TWO}  # typeline: ignore\n{TWO}  # typeline: ignore[TL304]\n{TWO}\n"
    assert codes(text) == [(1, "TL101"), (1, "TL304"), (3, "TL101"), (4, "TL101"), (4, "TL304")]


def test_suppressed_findings_keep_their_positions_and_type_line() -> None:
    (left,) = findings(f"{TWO}  # typeline: ignore[TL101]\n")
    assert (left["code"], left["column"], left["end_column"]) == ("TL304", 12, 18)
    assert left["type_line"] == TWO


def test_a_comment_that_is_no_directive_suppresses_nothing() -> None:
    assert codes(f"{TWO}  # from an old printing\n") == [(1, "TL101"), (1, "TL304")]


def test_a_hash_inside_a_word_is_no_comment() -> None:
    # without a space before it the `#` belongs to the type line, and so does the "directive"
    assert codes("Creature — Forest#typeline:ignore\n") == [(1, "TL302")]


def test_suppressed_error_changes_the_exit_status_and_summary() -> None:
    text = "Creature — Forest  # typeline: ignore[TL304]\nCreature — Elf\n"
    result = run_cli(["check", "--no-color", "-"], text)
    assert result.exit_code == 0
    assert result.stdout == "No problems in 2 type lines in 1 file.\n"


def test_suppression_works_in_files(tmp_path: Path) -> None:
    (tmp_path / "cards.txt").write_text(
        f"{TWO}  # typeline: ignore[TL304]\r\nCreature — Forest # typeline: ignore\r\n", encoding="utf-8"
    )
    result = run_cli(["check", "--format", "json", "cards.txt"])
    assert [(f["line"], f["code"]) for f in json.loads(result.stdout)["findings"]] == [(1, "TL101")]


def test_repeated_lines_are_each_suppressed() -> None:
    # the reader remembers results per distinct raw line: suppression must survive that
    line = f"{TWO}  # typeline: ignore[TL304]\n"
    assert codes(line * 4) == [(1, "TL101"), (2, "TL101"), (3, "TL101"), (4, "TL101")]


def test_a_directive_on_a_comment_line_is_no_type_line() -> None:
    result = run_cli(["check", "--format", "json", "--extend-select", "TL904", "-"], "# typeline: ignore\n")
    document = json.loads(result.stdout)
    assert document["findings"] == []
    assert document["summary"]["type_lines"] == 0


def test_suppression_and_statistics() -> None:
    result = run_cli(["check", "--statistics", "-"], f"{TWO}  # typeline: ignore[TL101]\n{TWO}\n")
    assert result.stdout == (
        "2  TL304  subtype-type-mismatch  error\n1  TL101  dash-form              warning [*]\n3  in all\n"
    )


# TL904 unused-suppression

UNUSED = "Creature — Elf  # typeline: ignore\n"


def test_unused_suppression_is_off_by_default() -> None:
    result = run_cli(["check", "--format", "json", "--strict", "-"], UNUSED)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["findings"] == []


@pytest.mark.parametrize(
    "args",
    [
        ["--extend-select", "TL904"],
        ["--extend-select", "tl904"],
        ["--extend-select", "unused-suppression"],
        ["--extend-select", "TL90"],
        ["--select", "TL904"],
        ["--select", "TL1,TL904"],
    ],
)
def test_unused_suppression_when_selected(args: list[str]) -> None:
    assert codes(UNUSED, *args) == [(1, "TL904")]


def test_unused_suppression_ignored_again() -> None:
    assert codes(UNUSED, "--extend-select", "TL904", "--ignore", "unused-suppression") == []


def test_unused_suppression_text_is_exact() -> None:
    result = run_cli(["check", "--no-color", "--extend-select", "TL904", "-"], UNUSED)
    assert result.exit_code == 0  # a warning
    assert result.stdout == (
        "-:1:17: warning TL904 [*] unused-suppression\n"
        "  the suppression '# typeline: ignore' suppresses nothing on this line\n"
        "   |\n"
        " 1 | Creature — Elf  # typeline: ignore\n"
        "   |                 ^^^^^^^^^^^^^^^^^^\n"
        "   = suggestion: Creature — Elf\n"
        "Found 1 warning in 1 type line in 1 file.\n"
        "[*] 1 fixable with --fix.\n"
    )


def test_unused_suppression_fails_a_strict_run() -> None:
    assert run_cli(["check", "-q", "--extend-select", "TL904", "--strict", "-"], UNUSED).exit_code == 1
    assert (
        run_cli(["check", "-q", "--extend-select", "TL904", "--fail-on", "warning", "-"], UNUSED).exit_code
        == 1
    )


def test_unused_suppression_json_is_exact() -> None:
    assert findings(UNUSED, "--extend-select", "TL904") == [
        {
            "path": "-",
            "line": 1,
            "column": 17,
            "end_line": 1,
            "end_column": 35,
            "card": None,
            "code": "TL904",
            "name": "unused-suppression",
            "severity": "warning",
            "message": "the suppression '# typeline: ignore' suppresses nothing on this line",
            "rules": [],
            "type_line": "Creature — Elf  # typeline: ignore",
            "suggestion": "Creature — Elf",
            "fix": {"start_column": 15, "end_column": 35, "replacement": "", "applicability": "safe"},
        }
    ]


def test_unused_named_suppression_beside_another_finding() -> None:
    found = findings("Creature — Forest  # typeline: ignore[dash-form]\n", "--extend-select", "TL904")
    assert [(f["code"], f["column"]) for f in found] == [("TL304", 12), ("TL904", 20)]
    assert (
        found[1]["message"] == "the suppression '# typeline: ignore[TL101]' suppresses nothing on this line"
    )
    assert found[1]["suggestion"] == "Creature — Forest"


def test_unused_suppression_of_an_unknown_code() -> None:
    found = findings("Creature — Elf # typeline: ignore[TL999]\n", "--extend-select", "TL904")
    assert [f["message"] for f in found] == [
        "the suppression '# typeline: ignore[TL999]' suppresses nothing on this line"
    ]


def test_a_used_suppression_is_not_reported() -> None:
    assert codes(f"{TWO}  # typeline: ignore[TL101]\n", "--extend-select", "TL904") == [(1, "TL304")]
    assert codes(f"{TWO}  # typeline: ignore\n", "--extend-select", "TL904") == []


def test_unused_suppression_with_more_words_has_no_fix() -> None:
    (found,) = findings("Creature — Elf  # typeline: ignore -- kept for later\n", "--extend-select", "TL904")
    assert found["code"] == "TL904"
    assert found["fix"] is None
    assert found["suggestion"] is None


def test_unused_suppression_on_every_repeated_line() -> None:
    assert codes(UNUSED * 3, "--extend-select", "TL904") == [(1, "TL904"), (2, "TL904"), (3, "TL904")]


def test_unused_suppression_statistics_are_fixable() -> None:
    result = run_cli(["check", "--statistics", "--extend-select", "TL904", "-"], UNUSED * 2)
    assert result.stdout == "2  TL904  unused-suppression  warning [*]\n2  in all\n"
