"""The configuration of a directory tree: `per-file-ignores`, and `include` / `exclude`
globs relative to the configuration, from the top and from a subdirectory.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import Result
from conftest import run_cli
from helpers.configs import (
    ERROR,
    WARNING,
    cards,
    found,
    pyproject,
    yaml_config,
)

# per-file-ignores


def per_file_tree(root: Path) -> None:
    for name in ("legacy/a.txt", "legacy/deep/b.txt", "new/c.txt", "d.txt"):
        cards(root, WARNING + ERROR, name)


def test_per_file_ignores_on_a_nested_path(here: Path) -> None:
    per_file_tree(here)
    pyproject(here, '[tool.typeline.per-file-ignores]\n"legacy/*.txt" = ["dash-form"]\n"d.txt" = ["TL3"]\n')
    result = run_cli(["check", "--format", "json", "."])
    # `*` stays within one folder (as in .gitignore): legacy/deep/b.txt is not matched
    assert found(result) == [
        ("d.txt", 1, "TL101"),
        ("legacy/a.txt", 2, "TL304"),
        ("legacy/deep/b.txt", 1, "TL101"),
        ("legacy/deep/b.txt", 2, "TL304"),
        ("new/c.txt", 1, "TL101"),
        ("new/c.txt", 2, "TL304"),
    ]


def test_per_file_ignores_for_files_named_on_the_command_line(here: Path) -> None:
    per_file_tree(here)
    yaml_config(here, "per-file-ignores:\n  legacy/*.txt: [TL101]\n")
    result = run_cli(
        ["check", "--format", "json", "legacy/a.txt", "./legacy/a.txt", str(here / "legacy/a.txt")]
    )
    # three spellings of one file: one input, named as from the root, read once
    assert found(result) == [("legacy/a.txt", 2, "TL304")]


def test_per_file_ignores_from_a_subdirectory(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # globs in the file are read from the file's folder, wherever typeline is run
    per_file_tree(here)
    pyproject(here, '[tool.typeline.per-file-ignores]\n"legacy/*.txt" = ["TL101"]\n')
    monkeypatch.chdir(here / "legacy")
    result = run_cli(["check", "--format", "json", "a.txt"])
    assert found(result) == [("a.txt", 2, "TL304")]


def test_per_file_ignores_of_everything(here: Path) -> None:
    per_file_tree(here)
    pyproject(here, '[tool.typeline.per-file-ignores]\n"new/*" = ["ALL"]\n')
    result = run_cli(["check", "--format", "json", "new"])
    assert result.exit_code == 0
    assert found(result) == []


def test_per_file_ignores_never_hide_unreadable_input(here: Path) -> None:
    pyproject(here, '[tool.typeline.per-file-ignores]\n"*" = ["ALL"]\n')
    result = run_cli(["check", "--format", "json", "missing.txt"])
    assert result.exit_code == 2
    assert found(result) == [("missing.txt", 1, "TL901")]


def test_per_file_ignores_are_replaced_by_nothing_on_the_command_line(here: Path) -> None:
    # there is no option for them: --no-config is how to see everything
    per_file_tree(here)
    pyproject(here, '[tool.typeline.per-file-ignores]\n"*.txt" = ["TL101"]\n')
    assert [c for _, _, c in found(run_cli(["check", "--format", "json", "d.txt"]))] == ["TL304"]
    assert [c for _, _, c in found(run_cli(["check", "--format", "json", "--no-config", "d.txt"]))] == [
        "TL101",
        "TL304",
    ]


# include / exclude on a directory tree


@pytest.fixture
def tree(here: Path) -> Path:
    """Files of several kinds, hidden ones and folders to exclude, each with one TL101."""
    root = here / "tree"
    for name in (
        "a.txt",
        "b.types",
        "notes.md",
        ".hidden.txt",
        ".git/x.txt",
        ".cache/deep/y.txt",
        "sub/c.txt",
        "sub/.e.txt",
        "sub/deeper/f.txt",
        "vendor/v.txt",
        "sub/vendor/w.txt",
        "drafts/d.txt",
    ):
        cards(root, WARNING, name)
    return root


def paths(result: Result) -> list[str]:
    return [path for path, _, _ in found(result)]


def test_default_include_is_txt_without_hidden_files(tree: Path) -> None:
    result = run_cli(["check", "--format", "json", "tree"])
    assert paths(result) == [
        "tree/a.txt",
        "tree/drafts/d.txt",
        "tree/sub/c.txt",
        "tree/sub/deeper/f.txt",
        "tree/sub/vendor/w.txt",
        "tree/vendor/v.txt",
    ]
    assert json.loads(result.stdout)["summary"]["files"] == 6


def test_include_and_exclude_from_the_configuration(tree: Path) -> None:
    pyproject(tree.parent, 'include = ["*.txt", "*.types"]\nexclude = ["vendor", "drafts/*"]\n')
    result = run_cli(["check", "--format", "json", "tree"])
    assert paths(result) == ["tree/a.txt", "tree/b.types", "tree/sub/c.txt", "tree/sub/deeper/f.txt"]


def test_include_and_exclude_from_yaml(tree: Path) -> None:
    yaml_config(tree.parent, "include: ['*.md']\nexclude: []\n")
    assert paths(run_cli(["check", "--format", "json", "tree"])) == ["tree/notes.md"]


def test_exclude_a_path_relative_to_the_folder_given(tree: Path) -> None:
    pyproject(tree.parent, 'exclude = ["sub/vendor", "sub/deeper/*.txt"]\n')
    assert paths(run_cli(["check", "--format", "json", "tree"])) == [
        "tree/a.txt",
        "tree/drafts/d.txt",
        "tree/sub/c.txt",
        "tree/vendor/v.txt",
    ]


def test_include_option_wins_over_the_configuration(tree: Path) -> None:
    pyproject(tree.parent, 'include = ["*.types"]\nexclude = ["sub"]\n')
    assert paths(run_cli(["check", "--format", "json", "tree"])) == ["tree/b.types"]
    result = run_cli(["check", "--format", "json", "--include", "*.md", "--include", "*.types", "tree"])
    assert paths(result) == ["tree/b.types", "tree/notes.md"]
    result = run_cli(["check", "--format", "json", "--exclude", "drafts", "tree"])
    assert paths(result) == ["tree/b.types"]
    result = run_cli(["check", "--format", "json", "--exclude", "nothing", "tree"])
    assert paths(result) == ["tree/b.types"]  # sub is excluded no more, but holds no *.types


def test_files_named_explicitly_are_read_whatever_the_globs(tree: Path) -> None:
    pyproject(tree.parent, 'include = ["*.types"]\nexclude = ["*.md", "sub"]\n')
    result = run_cli(["check", "--format", "json", "tree/notes.md", "tree/sub/c.txt", "tree/.hidden.txt"])
    assert paths(result) == ["tree/.hidden.txt", "tree/notes.md", "tree/sub/c.txt"]


def test_a_tree_without_matching_files_warns(tree: Path) -> None:
    pyproject(tree.parent, 'include = ["*.none"]\n')
    result = run_cli(["check", "--format", "json", "--no-error-on-unmatched-pattern", "tree"])
    assert result.exit_code == 0
    assert result.stderr == "typeline: warning: no files matching *.none under tree\n"
    assert json.loads(result.stdout)["summary"]["files"] == 0


def test_the_configured_tree_is_the_same_from_a_subdirectory(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pyproject(tree.parent, 'exclude = ["vendor", "deeper"]\n')
    monkeypatch.chdir(tree / "sub")
    # named from the top of the repository (tree/ holds .git: see discovery.Names)
    assert paths(run_cli(["check", "--format", "json", "."])) == ["sub/c.txt"]
