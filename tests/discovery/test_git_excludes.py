"""Git's global excludes (`core.excludesFile`, by default `~/.config/git/ignore`) in directory
searches inside a repository: found in git's configuration files as git finds it, weighed
below `.git/info/exclude` and the `.gitignore` files, and checked against git itself where
it is installed. And `.git/info/exclude` of a linked worktree (a `.git` file)."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from mtg_typeline.discovery import Discovery, FileFilter, Names, survey
from mtg_typeline.discovery.gitconfig import config_values, excludes_file

EVERYTHING = FileFilter(include=("*",))
GIT = shutil.which("git")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home of the test's own, no XDG_CONFIG_HOME, no system or other global git
    configuration; the working directory is a new folder `work` beside it."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in ("XDG_CONFIG_HOME", "GIT_CONFIG_GLOBAL", "GIT_DIR", "GIT_WORK_TREE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    return home


def make(files: dict[str, str], under: Path | None = None) -> None:
    for name, text in files.items():
        path = (under or Path.cwd()) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def repository() -> None:
    if GIT:
        subprocess.run([GIT, "init", "-q", "."], check=True)
    else:
        Path(".git/info").mkdir(parents=True)


def search(*paths: str, files: FileFilter = EVERYTHING) -> list[str]:
    how = Discovery(files, Names(os.getcwd()))
    return [found.name for found in survey(paths or (".",), how, io.StringIO()).inputs]


CARDS = {"a.txt": "", "b.csv": "", "d/c.csv": "", "d/e.json": ""}


def test_the_default_global_excludes_file(home: Path) -> None:
    repository()
    make(CARDS)
    make({".config/git/ignore": "*.csv\n"}, home)
    assert search() == ["a.txt", "d/e.json"]


def test_xdg_config_home_moves_it(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repository()
    make(CARDS)
    make({".config/git/ignore": "*.csv\n", "xdg/git/ignore": "*.json\n"}, home)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "xdg"))
    assert search() == ["a.txt", "b.csv", "d/c.csv"]
    monkeypatch.setenv("XDG_CONFIG_HOME", "")  # empty: as unset
    assert search() == ["a.txt", "d/e.json"]


def test_core_excludes_file_in_the_users_configuration(home: Path) -> None:
    repository()
    make(CARDS)
    make(
        {
            ".gitconfig": '[user]\n\tname = A\n[Core]\n\tExcludesFile = "~/my ignores" ; mine\n',
            "my ignores": "*.json\n",
            ".config/git/ignore": "*.csv\n",  # the default, not read when one is set
        },
        home,
    )
    assert search() == ["a.txt", "b.csv", "d/c.csv"]


def test_the_later_file_wins(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repository()
    make(CARDS)
    make(
        {
            ".config/git/config": "[core]\nexcludesfile = ~/one\n",
            ".gitconfig": "[core]\nexcludesfile = ~/two\n",
            "one": "*.json\n",
            "two": "*.txt\n",
            "three": "d/\n",
        },
        home,
    )
    assert search() == ["b.csv", "d/c.csv", "d/e.json"]
    make({".git/config": f"[core]\n\texcludesFile = {home / 'three'}\n"})  # the repository's own
    assert search() == ["a.txt", "b.csv"]
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(home / ".config/git/config"))
    Path(".git/config").write_text("", encoding="utf-8")
    assert search() == ["a.txt", "b.csv", "d/c.csv"]


def test_an_included_configuration_file(home: Path) -> None:
    repository()
    make(CARDS)
    make(
        {".gitconfig": "[include]\n\tpath = more/config\n", "more/config": "[core]\nexcludesfile = ~/ig\n"},
        home,
    )
    make({"ig": "*.csv\n"}, home)
    assert search() == ["a.txt", "d/e.json"]


def test_gitignore_files_and_info_exclude_weigh_more(home: Path) -> None:
    repository()
    make({**CARDS, ".gitignore": "!b.csv\n", ".git/info/exclude": "!d/c.csv\n"})
    make({".config/git/ignore": "*.csv\n*.txt\n"}, home)
    assert search() == ["b.csv", "d/c.csv", "d/e.json"]


def test_not_read_outside_a_repository_nor_without_gitignore(home: Path) -> None:
    make(CARDS)
    make({".config/git/ignore": "*.csv\n"}, home)
    assert search() == ["a.txt", "b.csv", "d/c.csv", "d/e.json"]
    repository()
    assert search() == ["a.txt", "d/e.json"]
    assert search(files=EVERYTHING._replace(gitignore=False)) == ["a.txt", "b.csv", "d/c.csv", "d/e.json"]


def test_info_exclude_of_a_linked_worktree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A linked worktree's `.git` is a file naming its git directory, whose `commondir`
    leads to the main repository's, where `info/exclude` and `config` are."""
    main = tmp_path / "main"
    make({".git/info/exclude": "*.csv\n", ".git/worktrees/w/commondir": "../..\n"}, main)
    make({".git": "gitdir: ../main/.git/worktrees/w\n", **CARDS}, tmp_path / "w")
    monkeypatch.chdir(tmp_path / "w")
    assert search() == ["a.txt", "d/e.json"]


@pytest.mark.skipif(GIT is None, reason="git is not installed")
def test_agrees_with_git(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert GIT is not None
    make(
        {".gitconfig": '[core]\n  excludesFile = "~/x y"  # a comment\n', "x y": "*.json\n/b.csv\n!d/\n"},
        home,
    )
    make({".config/git/ignore": "*.txt\n"}, home)  # not read: excludesFile is set
    repository()
    subprocess.run([GIT, "commit", "-q", "--allow-empty", "-m", "start"], check=True, env=_git_env())
    subprocess.run([GIT, "worktree", "add", "-q", "../linked"], check=True, env=_git_env())
    make({".git/info/exclude": "d/c.csv\n"})
    for where in (tmp_path / "work", tmp_path / "linked"):
        monkeypatch.chdir(where)
        make(CARDS)
        listed = subprocess.run(
            [GIT, "ls-files", "--others", "--exclude-standard", "-z"], check=True, capture_output=True
        ).stdout.decode("utf-8")
        assert search() == sorted(p for p in listed.split("\0") if p) == ["a.txt"]


def _git_env() -> dict[str, str]:
    return {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@t"}  # fmt: skip


# Reading git's configuration files


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("[core]\nexcludesfile = a\n", ["a"]),
        ("[CORE]\n\tExcludesFile=a\n", ["a"]),  # names in any case
        ("[core] excludesfile = a\n", ["a"]),  # a variable on the header's line
        ('[core]\nexcludesfile = " a b " # c\n', [" a b "]),
        ("[core]\nexcludesfile = a  b ; c\n", ["a  b"]),  # inner spaces kept, the trailing dropped
        ('[core]\nexcludesfile = a\\\\b\\"c\n', ['a\\b"c']),
        ("[core]\nexcludesfile = a\\\n b\n", ["a b"]),  # a line continued
        ('[core]\nexcludesfile = "a;#b"\n', ["a;#b"]),
        ("[core]\r\nexcludesfile = a\r\n", ["a"]),
        ('[core "sub"]\nexcludesfile = a\n[core.sub]\nexcludesfile = b\n', []),  # other sections
        ("# [core]\n; excludesfile = a\n[other]\nexcludesfile = a\n", []),
        ("[core]\nexcludesfile = a\nexcludesfile = b\n", ["a", "b"]),
        ("[core]\nexcludesfilex = a\nbare\n", []),
        ("[core]\nexcludesfile\nexcludesfile = a\n", ["a"]),  # a name alone sets no path
    ],
)
def test_configuration_values(tmp_path: Path, text: str, values: list[str]) -> None:
    path = tmp_path / "config"
    path.write_bytes(text.encode("utf-8"))
    assert list(config_values(str(path), "core", "excludesfile")) == values


def test_includes_that_loop_end(home: Path) -> None:
    make({".gitconfig": "[include]\npath = .gitconfig\n[core]\nexcludesfile = /x\n"}, home)
    assert excludes_file(str(home), str(home)) == "/x"


def test_excludes_file_paths(home: Path) -> None:
    make({".gitconfig": "[core]\nexcludesfile = rel\n"}, home)
    assert excludes_file("/repo/.git", "/repo") == "/repo/rel"  # relative: from the top
    Path(home, ".gitconfig").write_text("[core]\nexcludesfile =\n", encoding="utf-8")
    assert excludes_file("/repo/.git", "/repo") is None  # set empty: none
    Path(home, ".gitconfig").unlink()
    assert excludes_file("/repo/.git", "/repo") == str(home / ".config/git/ignore")


def test_no_home_folder_no_user_files(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make({".gitconfig": "[core]\nexcludesfile = /x\n"}, home)
    monkeypatch.chdir(home)  # where `~/.gitconfig` would be found if `~` were taken as a folder
    monkeypatch.setattr(os.path, "expanduser", lambda path: path)  # as with no HOME and no user
    assert excludes_file("/repo/.git", "/repo") is None
