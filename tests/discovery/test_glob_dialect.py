"""The one glob dialect of `--include`, `--exclude` and `per-file-ignores`: git's wildmatch,
as `.gitignore` files have it, matched against a path or any tail of it. A bracket
expression stays within one folder, negated or not, and `]` first in it is a member."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_typeline.discovery.globs import matches, name_matcher


@pytest.mark.parametrize(
    ("path", "pattern", "expected"),
    [
        ("a/b", "a[!x]b", False),  # a negated class never matches `/`
        ("a/b", "a[^x]b", False),
        ("sets/a/b.txt", "a[!x]b.txt", False),
        ("ayb", "a[!x]b", True),
        ("ayb", "a[^x]b", True),
        ("axb", "a[!x]b", False),
        ("a]b", "a[]]b", True),  # `]` first in a class is a member
        ("a]]b", "a[]]b", False),
        ("]", "[]]", True),
        ("x/]", "[]]", True),
        ("a-b", "a[]-]b", True),
        ("a/b", "a[/]b", False),  # nor does a class naming it
        ("a1.txt", "a[[:digit:]].txt", True),
        ("a[b", "a\\[b", True),  # a backslash escapes
        ("a[b", "a[b", False),  # an unclosed `[` matches nothing, as in git
    ],
)
def test_bracket_expressions(path: str, pattern: str, expected: bool) -> None:
    assert matches(path, pattern) is expected


@pytest.mark.parametrize(
    ("path", "pattern", "expected"),
    [
        ("old/a.txt", "old/*.txt", True),  # a tail of the path
        ("sets/old/a.txt", "old/*.txt", True),
        ("old/x/a.txt", "old/*.txt", False),
        ("deep/down/a.txt", "*.txt", True),  # no `/`: a name in any folder
        ("old/x/y/a.txt", "old/**/*.txt", True),
        ("old/a.txt", "old/**/*.txt", True),
        ("cards/drafts", "drafts/", True),  # a trailing `/` is dropped
        ("./cards/a.txt", "./cards/*.txt", True),
        ("a/txt", "a?txt", False),
        ("a.txt", "a?txt", True),
        ("sets\\old\\a.txt", "old/a.txt", True),  # a path written with backslashes
    ],
)
def test_tail_matching_as_before(path: str, pattern: str, expected: bool) -> None:
    assert matches(path, pattern) is expected


def tree(here: Path, *names: str) -> None:
    for name in names:
        path = here / "tree" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("Creature — Forest\n", encoding="utf-8")


def files_checked(*args: str) -> list[str]:
    result = run_cli(["check", "--format", "json", *args])
    return sorted({finding["path"] for finding in json.loads(result.stdout)["findings"]})


def test_include_and_exclude_with_a_negated_class(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    tree(tmp_path, "a/b.txt", "ayb.txt", "axb.txt")
    assert files_checked("--include", "a[!x]b.txt", "tree") == ["tree/ayb.txt"]
    assert files_checked("--include", "a[^x]b.txt", "tree") == ["tree/ayb.txt"]
    assert files_checked("--exclude", "a[!x]b.txt", "tree") == ["tree/a/b.txt", "tree/axb.txt"]


def test_a_class_of_a_closing_bracket(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    tree(tmp_path, "a]b.txt", "ab.txt")
    assert files_checked("--include", "a[]]b.txt", "tree") == ["tree/a]b.txt"]


def test_per_file_ignores_with_a_negated_class(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    tree(tmp_path, "a/b.txt", "ayb.txt")
    Path(".typeline.yaml").write_text("per-file-ignores:\n  'a[!x]b.txt': [TL304]\n", encoding="utf-8")
    assert files_checked("tree") == ["tree/a/b.txt"]


_GLOB_PIECES = ["*", "?", "[a-c]", "[!x]", "[]]", "[", "\\*", "a", "b", ".", "x", "txt", "**", "./"]
_NAME_PIECES = ["a", "b", "c", ".", "x", "txt", "*", "]", "[", "-", " "]


@given(
    st.lists(st.lists(st.sampled_from(_GLOB_PIECES), min_size=1, max_size=5).map("".join), max_size=4),
    st.lists(st.sampled_from(_NAME_PIECES), min_size=1, max_size=8).map("".join),
)
@settings(max_examples=3000, deadline=None)
def test_the_globs_of_names_match_at_once_as_one_by_one(globs: list[str], name: str) -> None:
    by_name = tuple(g for g in globs if "/" not in g.removeprefix("./").rstrip("/"))
    matcher = name_matcher(by_name)
    at_once = matcher is not None and matcher.fullmatch(name) is not None
    assert at_once == any(matches(name, g) for g in by_name)
