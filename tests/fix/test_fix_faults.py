"""`--fix` writing under faults: a file with several hard links, a file or folder that can't
be written, a full disk, a file changed between reading and writing, and the folder synced
after the rename. Each fault is met on one file while another is fixed beside it: the run
goes on, the faulty file is named (TL908 or TL909, exit status 2) and left byte for byte as it
was, and no temporary file stays behind.

Running as root, permission bits deny nothing, so each permission fault is also simulated in
the process (the call that would be refused raises `PermissionError`).
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from conftest import run_cli

OLD = "Creature - Elf\nCreature  \u2014 Goblin\n"
NEW = "Creature \u2014 Elf\nCreature \u2014 Goblin\n"
LONGER = "Creature - Elf\n"  # the long dash takes three bytes where '-' took one
LONGER_FIXED = "Creature \u2014 Elf\n"
SHORTER = "Creature   \u2014   Elf Warrior\n"  # the extra spaces go
SHORTER_FIXED = "Creature \u2014 Elf Warrior\n"
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
ROOT_WRITES_ANYWAY = "run as root: permission bits deny nothing (the simulated variant runs)"


pytestmark = pytest.mark.usefixtures("in_tmp")


def write(name: str, text: str) -> Path:
    """A file of `text` (its folder must be there)."""
    Path(name).write_text(text, encoding="utf-8")
    return Path(name)


def fix(*paths: str) -> Result:
    return run_cli(["check", "--no-config", "--no-color", "--format", "concise", "--fix", *paths])


def temporaries(folder: Path = Path()) -> list[str]:
    """The temporary files left in `folder` and below."""
    return sorted(str(p) for p in folder.rglob("*.tmp"))


def assert_refused(result: Result, name: str, code: str, why: str) -> None:
    """`name` was reported with `code`, naming it and saying `why`; the run exits 2."""
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stdout.splitlines() if f" {code} " in line]
    assert len(lines) == 1, result.stdout
    assert lines[0].startswith(f"{name}:1:1: {code} [error] {name}")
    assert why in lines[0]


def two_files() -> tuple[Path, Path]:
    """A file to meet the fault, and one to be fixed beside it."""
    return write("bad.txt", OLD), write("good.txt", OLD)


def assert_only_good_fixed(bad: Path, good: Path) -> None:
    assert bad.read_text(encoding="utf-8") == OLD
    assert good.read_text(encoding="utf-8") == NEW
    assert temporaries() == []


def same_file(fd: int, path: Path) -> bool:
    """Whether descriptor `fd` is open on the file at `path`."""
    here, there = os.fstat(fd), os.stat(path)
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def on_writes_to(monkeypatch: pytest.MonkeyPatch, path: Path, hook: Callable[[], None]) -> None:
    """Call `hook` before each `os.write` to the file at `path` (other writes go as they are)."""
    real_write = os.write

    def watched(fd: int, data: Any) -> int:
        if same_file(fd, path):
            hook()
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", watched)


# A file with several hard links keeps its identity
# --------------------------------------------------------------------------


def linked(text: str) -> list[Path]:
    """`cards.txt` with two more hard links, one in another folder."""
    first = write("cards.txt", text)
    Path("elsewhere").mkdir()
    os.link(first, "other.txt")
    os.link(first, "elsewhere/third.txt")
    return [first, Path("other.txt"), Path("elsewhere/third.txt")]


def assert_one_file(links: list[Path], text: str, inode: int) -> None:
    for link in links:
        info = os.stat(link)
        assert (info.st_ino, info.st_nlink) == (inode, len(links)), link
        assert link.read_text(encoding="utf-8") == text, link


@pytest.mark.parametrize(("old", "new"), [(LONGER, LONGER_FIXED), (SHORTER, SHORTER_FIXED)])
def test_a_file_with_hard_links_is_fixed_in_place_for_every_link(old: str, new: str) -> None:
    links = linked(old)
    inode, mode = os.stat(links[0]).st_ino, os.stat(links[0]).st_mode
    result = fix("cards.txt")
    assert result.exit_code == 0, result.output
    assert_one_file(links, new, inode)
    assert os.stat(links[0]).st_mode == mode
    assert temporaries() == []


def test_while_a_linked_file_is_written_in_place_its_new_text_is_whole_beside_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    links = linked(LONGER)
    seen: list[list[str]] = []
    on_writes_to(monkeypatch, links[0], lambda: seen.append(contents_of_temporaries()))
    assert fix("cards.txt").exit_code == 0
    assert seen and all(found == [LONGER_FIXED] for found in seen)  # a crash here loses nothing
    assert temporaries() == []


def contents_of_temporaries() -> list[str]:
    return [Path(name).read_text(encoding="utf-8") for name in temporaries()]


def test_a_full_disk_while_a_linked_file_grows_leaves_it_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    links = linked(LONGER)
    inode = os.stat(links[0]).st_ino
    write("good.txt", OLD)

    def full() -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    on_writes_to(monkeypatch, links[0], full)
    result = fix("cards.txt", "good.txt")
    assert_refused(result, "cards.txt", "TL909", os.strerror(errno.ENOSPC))
    assert_one_file(links, LONGER, inode)
    assert Path("good.txt").read_text(encoding="utf-8") == NEW
    assert temporaries() == []


def test_a_disk_error_halfway_through_an_in_place_write_keeps_the_new_text_beside_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The part past the old end is written, then the disk fails: the file is part written
    (nothing can help that), and the message says where its whole new text is."""
    links = linked(LONGER)
    calls: list[int] = []

    def failing() -> None:
        calls.append(1)
        if len(calls) > 1:
            raise OSError(errno.EIO, os.strerror(errno.EIO))

    on_writes_to(monkeypatch, links[0], failing)
    result = fix("cards.txt")
    assert_refused(result, "cards.txt", "TL909", os.strerror(errno.EIO))
    kept = temporaries()
    assert len(kept) == 1 and kept[0].startswith(".cards.txt.") and kept[0] in result.stdout
    assert contents_of_temporaries() == [LONGER_FIXED]


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="signals can't be held back here")
def test_ctrl_c_while_a_linked_file_is_written_in_place_waits_until_it_is_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    links = linked(LONGER)
    inode = os.stat(links[0]).st_ino
    on_writes_to(monkeypatch, links[0], lambda: os.kill(os.getpid(), signal.SIGINT))
    result = fix("cards.txt")
    assert result.exit_code == 130
    assert_one_file(links, LONGER_FIXED, inode)
    assert temporaries() == []


# Files and folders that can't be written
# --------------------------------------------------------------------------


@pytest.mark.skipif(IS_ROOT, reason=ROOT_WRITES_ANYWAY)
def test_a_read_only_file_is_not_replaced() -> None:
    bad, good = two_files()
    bad.chmod(0o444)
    result = fix("bad.txt", "good.txt")
    assert_refused(result, "bad.txt", "TL909", os.strerror(errno.EACCES))
    assert_only_good_fixed(bad, good)
    assert stat.S_IMODE(os.stat(bad).st_mode) == 0o444


def test_a_file_not_writable_by_this_process_is_not_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulated: the permission bits say no write (as for anyone but root)."""
    bad, good = two_files()
    real_access = os.access

    def access(path: Any, mode: int, **kwargs: Any) -> bool:
        if os.path.realpath(path) == str(bad.resolve()) and mode & os.W_OK:
            return False
        return real_access(path, mode, **kwargs)

    monkeypatch.setattr(os, "access", access)
    assert_refused(fix("bad.txt", "good.txt"), "bad.txt", "TL909", os.strerror(errno.EACCES))
    assert_only_good_fixed(bad, good)


def test_a_refused_rename_leaves_the_file_and_fixes_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulated: the rename over the file is refused (a read-only folder, an immutable file)."""
    bad, good = two_files()
    real_replace = os.replace

    def replace(source: Any, target: Any) -> None:
        if os.path.basename(target) == "bad.txt":
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    assert_refused(fix("bad.txt", "good.txt"), "bad.txt", "TL909", os.strerror(errno.EACCES))
    assert_only_good_fixed(bad, good)


@pytest.mark.skipif(IS_ROOT, reason=ROOT_WRITES_ANYWAY)
def test_a_file_in_a_read_only_folder_is_not_written() -> None:
    Path("locked").mkdir()
    bad, good = write("locked/bad.txt", OLD), write("good.txt", OLD)
    Path("locked").chmod(0o555)
    try:
        result = fix("locked/bad.txt", "good.txt")
    finally:
        Path("locked").chmod(0o755)
    assert_refused(result, "locked/bad.txt", "TL909", os.strerror(errno.EACCES))
    assert_only_good_fixed(bad, good)


def test_a_folder_where_no_temporary_file_can_be_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulated: the read-only folder refuses the temporary file."""
    Path("locked").mkdir()
    bad, good = write("locked/bad.txt", OLD), write("good.txt", OLD)
    real_mkstemp = tempfile.mkstemp

    def mkstemp(*args: Any, **kwargs: Any) -> tuple[int, str]:
        if os.path.basename(str(kwargs.get("dir"))) == "locked":
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    assert_refused(fix("locked/bad.txt", "good.txt"), "locked/bad.txt", "TL909", os.strerror(errno.EACCES))
    assert_only_good_fixed(bad, good)


# A full disk
# --------------------------------------------------------------------------


class HalfThenFull:
    """A stream that writes half of what it is given, then finds the disk full."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def __enter__(self) -> HalfThenFull:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stream.close()

    def write(self, data: bytes) -> int:
        self.stream.write(data[: len(data) // 2])
        self.stream.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def test_a_full_disk_leaves_the_file_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    bad, good = two_files()
    real_mkstemp, real_fdopen = tempfile.mkstemp, os.fdopen
    doomed: set[int] = set()

    def mkstemp(*args: Any, **kwargs: Any) -> tuple[int, str]:
        fd, name = real_mkstemp(*args, **kwargs)
        if os.path.basename(name).startswith(".bad.txt."):
            doomed.add(fd)
        return fd, name

    def fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
        stream = real_fdopen(fd, *args, **kwargs)
        if fd in doomed:
            doomed.discard(fd)  # (the number is free for the next file once this one is closed)
            return HalfThenFull(stream)
        return stream

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(os, "fdopen", fdopen)
    result = fix("bad.txt", "good.txt")
    assert_refused(result, "bad.txt", "TL909", os.strerror(errno.ENOSPC))
    assert bad.read_bytes() == OLD.encode("utf-8")
    assert_only_good_fixed(bad, good)


# A file changed between reading and writing
# --------------------------------------------------------------------------


@pytest.mark.parametrize("theirs", [OLD.replace("Elf", "Orc"), "Creature \u2014 Elf\n"])
def test_a_file_changed_just_before_it_is_replaced_is_not_overwritten(
    monkeypatch: pytest.MonkeyPatch, theirs: str
) -> None:
    """Another program writes the file while the fixed text is being put in place (same size
    or not): the fix is refused, their text stays."""
    bad, good = two_files()
    real_chmod = os.chmod

    def chmod(path: Any, mode: int, **kwargs: Any) -> None:
        real_chmod(path, mode, **kwargs)
        if os.path.basename(str(path)).startswith(".bad.txt."):  # the fixed text is written
            bad.write_text(theirs, encoding="utf-8")

    monkeypatch.setattr(os, "chmod", chmod)
    result = fix("bad.txt", "good.txt")
    assert_refused(result, "bad.txt", "TL908", "bad.txt changed on disk while it was being fixed")
    assert bad.read_text(encoding="utf-8") == theirs
    assert good.read_text(encoding="utf-8") == NEW
    assert temporaries() == []


# The folder is synced after the rename
# --------------------------------------------------------------------------


def test_the_folder_is_synced_after_the_rename(monkeypatch: pytest.MonkeyPatch, in_tmp: Path) -> None:
    write("cards.txt", OLD)
    events: list[tuple[str, bool, int]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        info = os.fstat(fd)
        events.append(("fsync", stat.S_ISDIR(info.st_mode), info.st_ino))
        real_fsync(fd)

    def replace(source: Any, target: Any) -> None:
        real_replace(source, target)
        events.append(("replace", False, 0))

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    assert fix("cards.txt").exit_code == 0
    folder = ("fsync", True, os.stat(in_tmp).st_ino)
    assert folder in events
    assert events.index(("replace", False, 0)) < len(events) - 1 - events[::-1].index(folder)
    assert Path("cards.txt").read_text(encoding="utf-8") == NEW


def test_a_folder_that_cannot_be_opened_to_sync_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a folder can't be opened (as on Windows), the fix is written all the same."""
    write("cards.txt", OLD)
    real_open = os.open

    def open_(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if os.path.isdir(path):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_)
    result = fix("cards.txt")
    assert result.exit_code == 0, result.output
    assert Path("cards.txt").read_text(encoding="utf-8") == NEW
