"""Inline suppressions in YAML card files: `# typeline: ignore[…]` in the comment on the line
of a type-line value silences those findings of that value, as on a line of a text file;
TL904 for one that silences nothing there (off unless selected); `--fix` leaves what it
silences alone.

The reader hands over the comment (`sources.base.Entry.comment`, found by
`sources.yaml_cards.comments`); the filter stage applies it (`filters.Directives`).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import run_cli

from mtg_typeline.sources import SourceSettings, reader_for
from mtg_typeline.sources.base import Comment


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def concise(text: str, *args: str) -> list[str]:
    """The findings of `cards.yaml` holding `text`, one concise line each (no summary)."""
    Path("cards.yaml").write_text(text, encoding="utf-8")
    result = run_cli(["check", "--no-config", "--format", "concise", "-q", *args, "cards.yaml"])
    assert result.exit_code in (0, 1), result.output
    return result.stdout.splitlines()


def comments(text: str) -> list[tuple[str, Comment | None]]:
    """Each type line of a YAML text with the comment the reader found on its line."""
    read = reader_for("yaml", SourceSettings())
    return [
        (entry.text, entry.comment) for entry in read(io.BytesIO(text.encode()), "c.yaml", lambda n: None)
    ]


DASH = (
    "TL101 [*] [warning] the dash is written as '-'; subtypes follow a long dash '—' "
    "with one space on each side"
)
GOBLIM = "TL302 [error] 'Goblim' is not a creature type (205.3m) or any other subtype; did you mean Goblin?"


# Which comment is the value's


@pytest.mark.parametrize(
    "line",
    [
        "type_line: Creature - Elf  # typeline: ignore",  # plain
        "type_line: Creature - Elf# not one  # typeline: ignore",  # `#` inside a plain word
        "type_line: 'It''s - x'  # c",  # single-quoted, a quote written twice
        'type_line: "a \\" # b"  # c',  # double-quoted, an escaped quote and a `#` inside
        'type_line: "Creature - Elf"# c',  # right after the closing quote, as PyYAML reads it
        "type_line: &a !!str Creature  # c",  # an anchor and a tag before the value
        "type_line: >-  # c",  # a block scalar: its header line
        "type_line: |2+ # c",
    ],
)
def test_the_comment_on_the_value_line(line: str) -> None:
    """The comment is the last `#` of each of these lines (the others are in the value)."""
    text = f"- name: A\n  {line}\n" + ("    Creature\n" if "|" in line or ">" in line else "")
    ((_, comment),) = comments(text)
    assert comment == Comment(2, f"  {line}", line.rindex("#") + 2)


@pytest.mark.parametrize(
    "text",
    [
        "- name: A  # typeline: ignore\n  type_line: Creature\n",  # the line above
        "- name: A\n  type_line:   # typeline: ignore\n    Creature\n",  # the key's line
        "- name: A\n  type_line: |\n    Creature  # typeline: ignore\n",  # inside a block scalar
        "- name: A\n  type_line: Creature\n  # typeline: ignore\n",  # the line below
        '- {name: "a # typeline: ignore", type_line: Creature}\n',  # before the value, in a string
        '- [{type_line: Creature}, "x # y"]\n',  # after it, inside a string
        "- [{type_line: Creature}, 'it''s\n  # on the next line']\n",  # a string still open
    ],
)
def test_no_comment_on_the_value_line(text: str) -> None:
    assert [comment for _, comment in comments(text)] == [None]


def test_a_multi_line_value_has_the_comment_of_its_last_line() -> None:
    ((text, comment),) = comments("- name: A\n  type_line: Creature -\n    Elf  # c\n")
    assert (text, comment) == ("Creature - Elf", Comment(3, "    Elf  # c", 9))


def test_a_flow_line_gives_its_comment_to_each_of_its_values() -> None:
    found = comments("- [{type_line: Elf, name: 'x'}, {name: y, type_line: Goblin}]  # c\n")
    line = "- [{type_line: Elf, name: 'x'}, {name: y, type_line: Goblin}]  # c"
    assert found == [("Elf", Comment(1, line, 63)), ("Goblin", Comment(1, line, 63))]


def test_crlf_line_ends_stay_out_of_the_comment() -> None:
    ((_, comment),) = comments("- name: A\r\n  type_line: Creature  # c\r\n")
    assert comment == Comment(2, "  type_line: Creature  # c", 23)


# What the directives silence


def test_a_directive_silences_the_codes_it_names() -> None:
    text = "- name: A\n  type_line: Creature - Goblim  # typeline: ignore[TL101]\n"
    assert concise(text) == [f"cards.yaml:2:25: {GOBLIM} (card: A)"]
    assert concise(text.replace("[TL101]", "[unknown-subtype]")) == [f"cards.yaml:2:22: {DASH} (card: A)"]
    assert concise(text.replace("[TL101]", "[TL3, dash-form]")) == []
    assert concise(text.replace("[TL101]", "")) == []


@pytest.mark.parametrize(
    "value",
    [
        "'Creature - Goblim'  # typeline: ignore",
        '"Creature - Goblim"  # typeline: ignore',
        "Creature - Goblim  # typeline: ignore",
        ">-  # typeline: ignore\n    Creature -\n    Goblim",
        "|-  # typeline: ignore\n    Creature - Goblim",
    ],
)
def test_each_scalar_style_can_be_silenced(value: str) -> None:
    text = f"- name: A\n  type_line: {value}\n"
    assert len(concise(text.replace("  # typeline: ignore", ""))) == 2
    assert concise(text) == []


def test_a_flow_mapping_is_silenced_by_the_comment_of_its_line() -> None:
    text = '- {name: A, type_line: "Creature - Goblim"}  # typeline: ignore[TL302]\n'
    assert concise(text) == [f"cards.yaml:1:33: {DASH} (card: A)"]


@pytest.mark.parametrize(
    "text",
    [
        "- name: A  # typeline: ignore\n  type_line: Creature - Goblim\n",
        "- name: A\n  type_line:  # typeline: ignore\n    Creature - Goblim\n",
        "- name: A\n  type_line: Creature - Goblim\n  # typeline: ignore\n",
    ],
)
def test_a_directive_on_another_line_silences_nothing(text: str) -> None:
    assert len(concise(text)) == 2


# TL904 unused-suppression


UNUSED = "TL904 [warning] the suppression '# typeline: ignore[TL304]' suppresses nothing on this line"


def test_an_unused_directive_is_tl904_when_selected() -> None:
    text = "- name: A\n  type_line: Creature — Elf  # typeline: ignore[TL304]\n"
    assert concise(text) == []
    assert concise(text, "--extend-select", "TL904") == [f"cards.yaml:2:30: {UNUSED} (card: A)"]


def test_tl904_in_yaml_offers_no_fix() -> None:
    text = "- name: A\n  type_line: Creature — Elf  # typeline: ignore[TL304]\n"
    Path("cards.yaml").write_text(text, encoding="utf-8")
    result = run_cli(["check", "--no-config", "--select", "TL904", "--fix", "cards.yaml"])
    assert Path("cards.yaml").read_text(encoding="utf-8") == text
    assert "[*]" not in result.stdout and "No fixes applied." in result.stdout


def test_a_directive_used_by_one_value_of_its_line_is_used() -> None:
    used = (
        "- [{name: A, type_line: Creature — Forest}, {name: B, type_line: Creature — Elf}]"
        "  # typeline: ignore[TL304]\n"
    )
    assert concise(used, "--extend-select", "TL904") == []
    unused = used.replace("Forest", "Elf")
    assert concise(unused, "--extend-select", "TL904") == [f"cards.yaml:1:81: {UNUSED} (card: A)"]  # once


# --fix


def test_fix_leaves_what_a_directive_silences() -> None:
    text = (
        "- name: A\n  type_line: creature - Elf  # typeline: ignore[dash-form]\n"
        "- name: B\n  type_line: creature - Elf\n"
    )
    Path("cards.yaml").write_text(text, encoding="utf-8")
    result = run_cli(["check", "--no-config", "--fix", "--format", "concise", "cards.yaml"])
    assert result.exit_code == 0
    assert Path("cards.yaml").read_text(encoding="utf-8") == (
        "- name: A\n  type_line: Creature - Elf  # typeline: ignore[dash-form]\n"
        "- name: B\n  type_line: Creature — Elf\n"
    )
    assert result.stdout == "Fixed 3 findings in 1 file.\nNo problems in 2 type lines in 1 file.\n"


def test_diff_shows_no_change_for_a_silenced_value() -> None:
    text = "- name: A\n  type_line: Creature - Elf  # typeline: ignore\n"
    Path("cards.yaml").write_text(text, encoding="utf-8")
    result = run_cli(["check", "--no-config", "--diff", "cards.yaml"])
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "No fixes available.\n")


def test_an_alias_follows_the_comment_of_its_anchor_line() -> None:
    anchored = (
        "- name: A\n  type_line: &t Creature - Elf  # typeline: ignore[TL101]\n- name: B\n  type_line: *t\n"
    )
    assert concise(anchored) == []
    aliased = (
        "- name: A\n  type_line: &t Creature - Elf\n- name: B\n  type_line: *t  # typeline: ignore[TL101]\n"
    )
    unfixable = DASH.replace(" [*]", "")  # an anchored value is never fixed, so not marked
    assert concise(aliased) == [
        f"cards.yaml:2:25: {unfixable} (card: A)",
        f"cards.yaml:2:25: {unfixable} (card: B)",
    ]
