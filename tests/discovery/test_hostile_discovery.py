"""Inputs that can't be opened or searched: a symbolic link that leads round in a loop or
nowhere, an unreadable file named beside a good one, an unreadable directory in a searched
tree. Each gets TL901 naming it (exit 2) and every other input is still checked; what the
exclude globs or .gitignore leave out is never reported.

Root reads files and directories whatever their permission bits, so each permission case is
run twice: simulated in the process (opening or listing raises PermissionError, as it does
for anyone else), and for real where the tests don't run as root."""

from __future__ import annotations

import errno
import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import run_cli

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
NOT_AS_ROOT = pytest.mark.skipif(AS_ROOT, reason="root reads whatever the permission bits say")
FORGE_ON_FOREST = "Creature — Forest\n"  # one finding (TL304), so a file checked shows
CHECKED = "ok.txt:1:12: TL304"


pytestmark = pytest.mark.usefixtures("in_tmp")


def concise(*args: str) -> tuple[int, list[str]]:
    """Exit status and report lines (the summary aside) of `typeline check --format concise`."""
    result = run_cli(["check", "--format", "concise", *args])
    summary = ("Found", "No problems", "No fixes", "[*] ", "2 left: ")
    lines = [line for line in result.stdout.splitlines() if not line.startswith(summary)]
    return result.exit_code, lines


@contextmanager
def locked_for_real(name: str) -> Iterator[None]:
    """The file or directory `name` with no permission for anyone, then as it was."""
    path = Path(name)
    mode = path.stat().st_mode
    path.chmod(0)
    try:
        yield
    finally:
        path.chmod(mode)


def tree(*links: tuple[str, str]) -> None:
    """`tree/ok.txt` (one finding) and the symbolic links given (name, target) beside it."""
    Path("tree").mkdir()
    Path("tree/ok.txt").write_text(FORGE_ON_FOREST, encoding="utf-8")
    for name, target in links:
        os.symlink(target, Path("tree", name))


# Symbolic links in a searched tree


def test_a_file_that_links_to_itself_is_reported_and_the_tree_checked() -> None:
    tree(("self.txt", "self.txt"))
    status, lines = concise("tree")
    assert status == 2
    assert lines == [
        "tree/ok.txt:1:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land",
        "tree/self.txt:1:1: TL901 [error] cannot read tree/self.txt: Too many levels of symbolic links",
    ]


def test_a_loop_of_two_links_reports_each() -> None:
    tree(("a.txt", "b.txt"), ("b.txt", "a.txt"))
    status, lines = concise("tree")
    assert status == 2
    assert [line.split(" [")[0] for line in lines] == [
        "tree/a.txt:1:1: TL901",
        "tree/b.txt:1:1: TL901",
        "tree/ok.txt:1:12: TL304",
    ]


def test_a_dangling_link_says_where_it_leads() -> None:
    tree(("dangling.txt", "nowhere.txt"))
    status, lines = concise("tree")
    assert status == 2
    assert lines[0] == (
        "tree/dangling.txt:1:1: TL901 [error] cannot read tree/dangling.txt: "
        "No such file or directory (a symbolic link to nowhere.txt)"
    )
    assert lines[1].startswith("tree/ok.txt:1:12: TL304")


def test_links_the_globs_or_gitignore_leave_out_are_not_reported() -> None:
    tree(("self.txt", "self.txt"), ("dangling.txt", "nowhere.txt"), ("skip.txt", "skip.txt"))
    Path("tree/.gitignore").write_text("dangling.txt\n", encoding="utf-8")
    status, lines = concise("--exclude", "self.txt", "tree")
    assert status == 2
    assert [line.split(" [")[0] for line in lines] == ["tree/ok.txt:1:12: TL304", "tree/skip.txt:1:1: TL901"]
    status, lines = concise("--exclude", "s*.txt", "tree")
    assert (status, [line.split(" [")[0] for line in lines]) == (1, ["tree/ok.txt:1:12: TL304"])


def test_a_link_to_a_directory_is_not_followed_nor_reported() -> None:
    tree(("folder", "."), ("up", ".."))
    status, lines = concise("--include", "*", "tree")
    assert (status, [line.split(" [")[0] for line in lines]) == (1, ["tree/ok.txt:1:12: TL304"])


def test_a_looping_link_named_is_reported_beside_a_good_file() -> None:
    tree(("self.txt", "self.txt"))
    status, lines = concise("tree/self.txt", "tree/ok.txt")
    assert status == 2
    assert [line.split(" [")[0] for line in lines] == ["tree/ok.txt:1:12: TL304", "tree/self.txt:1:1: TL901"]


def test_fix_goes_on_past_a_looping_link() -> None:
    tree(("self.txt", "self.txt"))
    Path("tree/case.txt").write_text("creature — Elf\n", encoding="utf-8")
    result = run_cli(["check", "--fix", "--format", "concise", "tree"])
    assert result.exit_code == 2
    assert "tree/self.txt:1:1: TL901" in result.stdout
    assert Path("tree/case.txt").read_text(encoding="utf-8") == "Creature — Elf\n"
    assert os.readlink("tree/self.txt") == "self.txt"


def test_show_files_lists_the_links_a_run_would_report() -> None:
    tree(("self.txt", "self.txt"))
    result = run_cli(["check", "--show-files", "tree"])
    assert (result.exit_code, result.stdout) == (0, "tree/ok.txt\ntree/self.txt\n")


# An unreadable file named beside a good one


def locked_file() -> None:
    Path("ok.txt").write_text(FORGE_ON_FOREST, encoding="utf-8")
    Path("locked.txt").write_text(FORGE_ON_FOREST, encoding="utf-8")


@pytest.fixture
def deny_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening to read (by `open` or `os.open`) or asking for access to a file named
    `locked…` fails, as for a user the permission bits keep out (root reads anything); the
    test may still write it."""
    real_open, real_os_open, real_access = open, os.open, os.access

    def locked(path: object) -> bool:
        return isinstance(path, (str, os.PathLike)) and os.path.basename(os.fspath(path)).startswith("locked")

    def opening(path: object, *args: object, **kwargs: object) -> object:
        mode = str(args[0] if args else kwargs.get("mode", "r"))
        if locked(path) and not any(how in mode for how in "wax"):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))  # type: ignore[arg-type]
        return real_open(path, *args, **kwargs)  # type: ignore[call-overload]

    def os_opening(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if locked(path) and not flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))  # type: ignore[arg-type]
        return real_os_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    def access(path: object, mode: int, *args: object, **kwargs: object) -> bool:
        return False if locked(path) else real_access(path, mode, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("builtins.open", opening)
    monkeypatch.setattr(io, "open", opening)  # (pathlib's way in)
    monkeypatch.setattr(os, "open", os_opening)  # (the way a small input is read whole)
    monkeypatch.setattr(os, "access", access)


def assert_locked_file_reported(status: int, lines: list[str]) -> None:
    assert status == 2
    assert lines == [
        "locked.txt:1:1: TL901 [error] cannot read locked.txt: Permission denied",
        "ok.txt:1:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land",
    ]


@pytest.mark.usefixtures("deny_reading")
def test_an_unreadable_file_named_is_reported_and_the_rest_checked() -> None:
    locked_file()
    assert_locked_file_reported(*concise("locked.txt", "ok.txt"))


@NOT_AS_ROOT
def test_an_unreadable_file_named_for_real() -> None:
    locked_file()
    with locked_for_real("locked.txt"):
        assert_locked_file_reported(*concise("locked.txt", "ok.txt"))


@pytest.mark.usefixtures("deny_reading")
def test_fix_reports_an_unreadable_file_named_and_fixes_the_rest() -> None:
    locked_file()
    Path("case.txt").write_text("creature — Elf\n", encoding="utf-8")
    result = run_cli(["check", "--fix", "--format", "concise", "locked.txt", "case.txt"])
    assert result.exit_code == 2
    assert "locked.txt:1:1: TL901 [error] cannot read locked.txt: Permission denied\n" in result.stdout
    assert Path("case.txt").read_text(encoding="utf-8") == "Creature — Elf\n"


@pytest.mark.usefixtures("deny_reading")
@pytest.mark.parametrize(
    ("option", "name", "message"),
    [
        ("--config", "locked.toml", "locked.toml: cannot read the configuration: Permission denied"),
        ("--rules", "locked.yaml", "locked.yaml: cannot read the rule file: Permission denied"),
    ],
)
def test_an_unreadable_option_file_stays_a_usage_error(option: str, name: str, message: str) -> None:
    """A file given as an option's value is no input: the run stops, as for any bad value."""
    locked_file()
    Path(name).write_text("", encoding="utf-8")
    result = run_cli(["check", option, name, "ok.txt"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"typeline: error: {message}\n"


@pytest.mark.usefixtures("deny_reading")
def test_stdin_filename_of_an_unreadable_file_is_only_a_name() -> None:
    """--stdin-filename names standard input; the file of that name is never opened."""
    locked_file()
    result = run_cli(["check", "--format", "concise", "--stdin-filename", "locked.txt", "-"], FORGE_ON_FOREST)
    assert result.exit_code == 1
    assert result.stdout.startswith("locked.txt:1:12: TL304")


# An unreadable directory in a searched tree


def tree_with_sub() -> None:
    tree()
    Path("tree/sub").mkdir()
    Path("tree/sub/a.txt").write_text(FORGE_ON_FOREST, encoding="utf-8")


@pytest.fixture
def deny_listing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Listing a directory named `sub` or `locked.mse-set` fails, as for a user the
    permission bits keep out."""
    real_scandir, real_listdir = os.scandir, os.listdir

    def deny(path: str) -> None:
        if os.path.basename(os.path.normpath(path)) in ("sub", "locked.mse-set"):
            raise PermissionError(errno.EACCES, "Permission denied", path)

    def scandir(path: str) -> Iterator[os.DirEntry[str]]:
        deny(path)
        return real_scandir(path)  # type: ignore[return-value]

    def listdir(path: str) -> list[str]:
        deny(path)
        return real_listdir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(os, "listdir", listdir)


DIRECTORY_REPORTED = [
    "tree/ok.txt:1:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land",
    "tree/sub:1:1: TL901 [error] cannot read tree/sub: Permission denied (a directory: the files in it "
    "are not checked)",
]


@pytest.mark.usefixtures("deny_listing")
def test_an_unreadable_directory_in_a_tree_is_reported() -> None:
    tree_with_sub()
    assert concise("tree") == (2, DIRECTORY_REPORTED)


@NOT_AS_ROOT
def test_an_unreadable_directory_in_a_tree_for_real() -> None:
    tree_with_sub()
    with locked_for_real("tree/sub"):
        assert concise("tree") == (2, DIRECTORY_REPORTED)


@pytest.mark.usefixtures("deny_listing")
def test_an_unreadable_directory_left_out_is_not_reported() -> None:
    tree_with_sub()
    assert concise("--exclude", "sub", "tree") == (1, DIRECTORY_REPORTED[:1])
    Path("tree/.gitignore").write_text("sub/\n", encoding="utf-8")
    assert concise("tree") == (1, DIRECTORY_REPORTED[:1])


@pytest.mark.usefixtures("deny_listing")
def test_an_unreadable_directory_named_is_reported() -> None:
    tree_with_sub()
    result = run_cli(["check", "--format", "concise", "tree/sub", "tree/ok.txt"])
    assert result.exit_code == 2
    assert result.stdout.splitlines()[:2] == [
        "tree/ok.txt:1:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land",
        "tree/sub:1:1: TL901 [error] cannot read tree/sub: Permission denied (a directory: the files in it "
        "are not checked)",
    ]
    assert "no files matching" not in result.stderr


@pytest.mark.usefixtures("deny_listing")
def test_fix_reports_an_unreadable_directory_and_fixes_the_rest() -> None:
    tree_with_sub()
    Path("tree/case.txt").write_text("creature — Elf\n", encoding="utf-8")
    result = run_cli(["check", "--fix", "--format", "concise", "tree"])
    assert result.exit_code == 2
    assert "tree/sub:1:1: TL901" in result.stdout
    assert Path("tree/case.txt").read_text(encoding="utf-8") == "Creature — Elf\n"


def set_folder() -> None:
    tree()
    Path("tree/locked.mse-set").mkdir()
    Path("tree/locked.mse-set/set").write_text("mse_version: 2.0.2\ngame: magic\n", encoding="utf-8")


SET_REPORTED = [
    "tree/locked.mse-set:1:1: TL901 [error] cannot read tree/locked.mse-set: Permission denied (a directory: "
    "the files in it are not checked)",
    "tree/ok.txt:1:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land",
]


@pytest.mark.usefixtures("deny_listing")
@pytest.mark.parametrize("fix", [[], ["--fix"]])
def test_an_unreadable_set_folder_is_reported(fix: list[str]) -> None:
    set_folder()
    assert concise(*fix, "tree") == (2, SET_REPORTED)
    assert concise(*fix, "tree/locked.mse-set", "tree/ok.txt") == (2, SET_REPORTED)


@NOT_AS_ROOT
def test_an_unreadable_set_folder_for_real() -> None:
    set_folder()
    with locked_for_real("tree/locked.mse-set"):
        assert concise("tree") == (2, SET_REPORTED)
