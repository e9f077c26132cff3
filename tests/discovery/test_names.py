"""One name per input (`discovery.Names`): relative to the run's root (the CI workspace, the
git top level, or the working directory), with `/` and no `./`, the same from a
subdirectory, with absolute paths and with `./` paths; an input named twice is read once,
and the files of an unzipped Magic Set Editor set named one by one are read as the set."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli
from hypothesis import given
from hypothesis import strategies as st

from mtg_typeline.discovery import Names, find_root

BAD = "Creature — Forest\n"  # TL304 at 1:12
DASH = "Creature - Elf\n"  # TL101, safely fixable
MSE_SET = (
    "mse_version: 2.0.2\ngame: magic\n"
    "card:\n\tname: Inline\n\tsuper_type: Creature - Elf\n"
    "include_file: card one\ninclude_file: card two\n"
)
CARD_ONE = "mse_version: 2.5.8\ncard:\n\tname: One\n\tsuper_type: Creature\n\tsub_type: Forest\n"
CARD_TWO = "mse_version: 2.5.8\ncard:\n\tname: Two\n\tsuper_type: Creature - Elf\n"


def check(*args: str, env: dict[str, str | None] | None = None) -> tuple[int, dict[str, Any]]:
    result = run_cli(["check", "--format", "json", *args], env=env)
    return result.exit_code, json.loads(result.stdout)


def places(document: dict[str, Any]) -> list[tuple[str, int, str]]:
    return [(f["path"], f["line"], f["code"]) for f in document["findings"]]


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository (a `.git` folder is all it takes) with cards in a subdirectory."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "bad.txt").write_text(BAD, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_find_root_prefers_the_ci_workspace(tmp_path: Path) -> None:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    (tmp_path / "repo" / "sub").mkdir()
    sub = str(tmp_path / "repo" / "sub")
    assert find_root(sub, {}) == str(tmp_path / "repo")
    assert find_root(sub, {"GITHUB_WORKSPACE": str(tmp_path)}) == str(tmp_path)
    assert find_root(sub, {"CI_PROJECT_DIR": str(tmp_path)}) == str(tmp_path)
    # a workspace variable naming no folder is passed over
    assert find_root(sub, {"GITHUB_WORKSPACE": str(tmp_path / "missing")}) == str(tmp_path / "repo")
    assert find_root(str(tmp_path), {}) == str(tmp_path)  # no repository: the working directory
    # a workspace that does not hold the working directory is passed over
    assert find_root(sub, {"GITHUB_WORKSPACE": str(tmp_path / "repo" / "sub" / "..")}) == str(
        tmp_path / "repo"
    )
    (tmp_path / "elsewhere").mkdir()
    assert find_root(sub, {"GITHUB_WORKSPACE": str(tmp_path / "elsewhere")}) == str(tmp_path / "repo")


def test_a_workspace_through_a_symbolic_link_names_files_as_its_target_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "repo" / "cards").mkdir(parents=True)
    (tmp_path / "repo" / "cards" / "bad.txt").write_text(BAD, encoding="utf-8")
    (tmp_path / "link").symlink_to(tmp_path / "repo")
    monkeypatch.chdir(tmp_path / "link" / "cards")
    _, document = check("bad.txt", env={"GITHUB_WORKSPACE": str(tmp_path / "link")})
    assert places(document) == [("cards/bad.txt", 1, "TL304")]


def test_names_are_relative_to_the_root_and_outside_it_absolute(tmp_path: Path) -> None:
    names = Names(str(tmp_path / "repo"))
    assert names.name(str(tmp_path / "repo" / "cards" / "a.txt")) == "cards/a.txt"
    assert names.name(str(tmp_path / "repo")) == "."
    assert names.name(str(tmp_path / "elsewhere.txt")) == str(tmp_path / "elsewhere.txt")
    assert names.on_disk("cards/a.txt") == str(tmp_path / "repo" / "cards" / "a.txt")
    assert names.on_disk(str(tmp_path / "elsewhere.txt")) == str(tmp_path / "elsewhere.txt")


_PIECE = st.text(alphabet="ab./ \\", max_size=6)


@given(root=st.builds("/{}".format, _PIECE), name=_PIECE)
def test_the_path_of_a_name_is_the_join_of_the_root_and_it(root: str, name: str) -> None:
    """`on_disk` puts the root and a name together as `os.path.join` does (a root with or
    without its last `/`, the file system's root, a name empty, absolute, with `..`)."""
    assert Names(root).on_disk(name) == os.path.join(root, name)


@pytest.mark.parametrize(
    ("where", "path"),
    [
        (".", "cards/bad.txt"),
        (".", "./cards/bad.txt"),
        (".", "cards/../cards/bad.txt"),
        ("cards", "bad.txt"),
        ("cards", "./bad.txt"),
        ("cards", "../cards/bad.txt"),
        ("cards", "ABSOLUTE"),
    ],
)
def test_one_name_however_the_path_is_written(
    repo: Path, monkeypatch: pytest.MonkeyPatch, where: str, path: str
) -> None:
    monkeypatch.chdir(repo / where)
    status, document = check(str(repo / "cards" / "bad.txt") if path == "ABSOLUTE" else path)
    assert status == 1
    assert places(document) == [("cards/bad.txt", 1, "TL304")]


def test_the_ci_workspace_is_the_root(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(repo / "cards")
    _, document = check("bad.txt", env={"GITHUB_WORKSPACE": str(repo / "cards")})
    assert places(document) == [("bad.txt", 1, "TL304")]
    _, document = check("bad.txt", env={"CI_PROJECT_DIR": str(repo)})
    assert places(document) == [("cards/bad.txt", 1, "TL304")]


def test_a_file_outside_the_root_keeps_its_absolute_name(
    repo: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    outside = tmp_path_factory.mktemp("outside") / "x.txt"
    outside.write_text(BAD, encoding="utf-8")
    _, document = check(str(outside))
    assert places(document) == [(outside.as_posix(), 1, "TL304")]


def test_an_input_named_twice_is_read_once(repo: Path) -> None:
    status, document = check("cards/bad.txt", "./cards/bad.txt", str(repo / "cards" / "bad.txt"), "cards")
    assert status == 1
    assert places(document) == [("cards/bad.txt", 1, "TL304")]
    assert document["summary"]["files"] == 1


def test_a_missing_file_named_twice_is_one_finding(repo: Path) -> None:
    status, document = check("cards/gone.txt", "./cards/gone.txt")
    assert status == 2
    assert places(document) == [("cards/gone.txt", 1, "TL901")]


def test_fix_from_a_subdirectory_writes_the_file_named(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (repo / "cards" / "dash.txt").write_text(DASH, encoding="utf-8")
    monkeypatch.chdir(repo / "cards")
    result = run_cli(["check", "--fix", "--format", "json", "dash.txt"])
    assert result.exit_code == 0, result.output
    assert (repo / "cards" / "dash.txt").read_text(encoding="utf-8") == "Creature — Elf\n"
    assert not (repo / "cards" / "cards").exists()


def test_diff_from_a_subdirectory_names_the_file_from_the_root(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (repo / "cards" / "dash.txt").write_text(DASH, encoding="utf-8")
    monkeypatch.chdir(repo / "cards")
    result = run_cli(["check", "--diff", "dash.txt"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:2] == ["--- cards/dash.txt", "+++ cards/dash.txt"]


# --- an unzipped Magic Set Editor set, its files named one by one ------------------------------


@pytest.fixture
def mse_set(repo: Path) -> Path:
    folder = repo / "sets" / "mine"
    folder.mkdir(parents=True)
    for name, text in (("set", MSE_SET), ("card one", CARD_ONE), ("card two", CARD_TWO)):
        (folder / name).write_text(text, encoding="utf-8")
    return folder


SET_FINDINGS = [
    ("sets/mine/card one", 5, "TL304"),
    ("sets/mine/card two", 4, "TL101"),
    ("sets/mine/set", 5, "TL101"),
]


@pytest.mark.parametrize(
    "named",
    [
        ["sets/mine"],
        ["sets"],
        ["sets/mine/set"],
        ["sets/mine/set", "sets/mine/card one", "sets/mine/card two"],  # a shell glob, pre-commit
        ["sets/mine/card two", "sets/mine/set", "sets/mine/card one"],
        ["sets/mine", "sets/mine/set", "sets/mine/card one"],
    ],
)
def test_the_files_of_a_set_named_one_by_one_are_read_as_the_set(mse_set: Path, named: list[str]) -> None:
    status, document = check(*named)
    assert status == 1
    assert places(document) == SET_FINDINGS
    assert document["summary"]["type_lines"] == 3


def test_a_card_file_named_alone_is_read_alone(mse_set: Path) -> None:
    _, document = check("sets/mine/card one")
    assert places(document) == [("sets/mine/card one", 5, "TL304")]


def test_a_card_file_the_set_does_not_include_is_read_too(mse_set: Path) -> None:
    (mse_set / "card three").write_text(CARD_TWO.replace("Two", "Three"), encoding="utf-8")
    _, document = check("sets/mine/set", "sets/mine/card three", "sets/mine/card two")
    assert places(document) == sorted([*SET_FINDINGS, ("sets/mine/card three", 4, "TL101")])


def test_diff_and_fix_of_a_set_named_one_by_one_count_the_same(mse_set: Path, repo: Path) -> None:
    named = ["sets/mine/set", "sets/mine/card one", "sets/mine/card two"]
    diff = run_cli(["check", "--diff", *named])
    assert diff.exit_code == 1
    assert "Would fix 2 findings in 2 files." in diff.stderr
    assert diff.stdout.count("\n+++ sets/mine/") == 2
    fixed = run_cli(["check", "--fix", *named])
    assert "Fixed 2 findings in 2 files." in fixed.stdout
    assert (mse_set / "card two").read_text(encoding="utf-8") == CARD_TWO.replace(" - ", " — ")
    again = run_cli(["check", "--diff", *named])
    assert (again.stdout, again.stderr) == ("", "No fixes available.\n")
