"""Writing a file whole or not at all.

The new contents go to a temporary file in the target's own directory (so the final rename
stays on one file system), are flushed to disk, and then replace the target in one step
(`os.replace`). A reader sees the old file or the new one, never a part; an error or an
interrupt on the way leaves the target as it was and removes the temporary file.

The new file keeps the old one's permissions, and its owner and group where the writer may
set them. A symbolic link is written through: the file it points to is replaced and the link stays.
Anything else that is not a regular file (a device, a FIFO, a directory) is refused rather
than replaced by a file, and so is a file whose permissions say this process may not write it
(a read-only file stays read-only, as a shell's `>` would leave it). Once the rename is done
the folder is synced too, so that the rename itself survives a crash (where the platform
can open a folder).

A file with several hard links (`write_atomic`) keeps its identity: a rename would give the
named link a new file and leave the others on the old text, so once the new contents are
whole and synced in the temporary file they are copied into the file itself, with Ctrl-C
and termination held back until it is whole again (`inplace`).

With a `precondition` the file is locked (an advisory `flock`, on POSIX) from the check to
the rename, so that two runs writing one file can't both pass the check: the second is told
the file is busy (`Busy`) rather than overwriting the first one's work.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from typing import BinaryIO

from mtg_typeline.errors import TypelineError, UsageError
from mtg_typeline.inplace import Unfinished, write_in_place

if sys.platform != "win32":
    import fcntl

__all__ = ["AtomicFile", "Busy", "OutputError", "refuse_replacing", "same_file", "write_atomic"]


class OutputError(TypelineError):
    """An output file could not be written."""


class Busy(Exception):
    """Another writer holds the file (it is being written this moment)."""


def write_atomic(
    path: str | os.PathLike[str],
    data: bytes,
    precondition: Callable[[], None] | None = None,
    *,
    shown: str | None = None,
) -> None:
    """Replace the file at `path` with `data` in one step; `OutputError` if it can't be done
    (naming the file `shown`, by default `path` as given).

    `precondition` is called when the new contents are safely on disk, just before they
    replace the target, with the target locked (`Busy` if another writer holds it); whatever
    it raises leaves the target as it was (the temporary file is removed), so the window for
    another writer is as short as it can be."""
    shown = os.fspath(path) if shown is None else shown
    target = _regular_file(shown, os.fspath(path))
    handle, temporary = _temporary(shown, target)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        _put_in_place(temporary, target, precondition, data)
    except BaseException as exc:  # an interrupt too: never leave the temporary file behind
        _failed(shown, temporary, exc)
        raise


class AtomicFile:
    """A file written piece by piece (`stream`) that replaces `path` whole when `commit` is
    called, and leaves it as it was if `discard` is (or if the process dies before). The
    temporary file is made at once, so a `path` that can't be written is told before the
    work that would fill it."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.shown = os.fspath(path)
        self.target = _regular_file(self.shown, self.shown)
        handle, self.temporary = _temporary(self.shown, self.target)
        self.stream: BinaryIO = os.fdopen(handle, "wb")

    def commit(self) -> None:
        """Replace the target by what was written (`OutputError` if that can't be done)."""
        try:
            self.stream.flush()
            os.fsync(self.stream.fileno())
            self.stream.close()
            _put_in_place(self.temporary, self.target, None, None)
        except BaseException as exc:
            self.stream.close()
            _failed(self.shown, self.temporary, exc)
            raise

    def discard(self) -> None:
        """Drop what was written: the target stays as it was."""
        with contextlib.suppress(OSError):
            self.stream.close()
        with contextlib.suppress(OSError):
            os.unlink(self.temporary)


def _temporary(shown: str, target: str) -> tuple[int, str]:
    """A new hidden file beside `target` (so the rename stays on one file system)."""
    try:
        return tempfile.mkstemp(
            prefix=f".{os.path.basename(target)}.", suffix=".tmp", dir=os.path.dirname(target)
        )
    except OSError as exc:
        raise OutputError(f"{shown}: cannot write: {exc.strerror or exc}") from None


def _put_in_place(
    temporary: str, target: str, precondition: Callable[[], None] | None, data: bytes | None
) -> None:
    """The written temporary file, with the target's permissions and owner, made the target
    (given its `data`, a file with several hard links is written in place), then synced."""
    os.chmod(temporary, _mode(target))
    _keep_owner(temporary, target)
    with _locked(target) if precondition is not None else contextlib.nullcontext():
        if precondition is not None:
            precondition()
        if data is not None and _links(target) > 1:
            write_in_place(target, data, temporary)
            os.unlink(temporary)
        else:
            os.replace(temporary, target)
    _sync_folder(os.path.dirname(target))


def _failed(shown: str, temporary: str, exc: BaseException) -> None:
    """Clean up after a write that failed or was interrupted; an `OSError` becomes an
    `OutputError` naming the file (anything else goes on as it is). A file left part
    written keeps its temporary file, which holds the whole new contents."""
    if isinstance(exc, Unfinished):
        raise OutputError(
            f"{shown}: cannot write: {exc.strerror or exc}; it was left part written, "
            f"and its whole new contents are in {exc.temporary}"
        ) from None
    with contextlib.suppress(OSError):
        os.unlink(temporary)
    if isinstance(exc, OSError):
        raise OutputError(f"{shown}: cannot write: {exc.strerror or exc}") from None


def _regular_file(shown: str, path: str) -> str:
    """The absolute path of the file to replace: a link's target (the link stays); an
    `OutputError` (naming `shown`) if what is there is not a regular file, or one this
    process may not write."""
    target = os.path.realpath(path)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target  # a new file (a dangling link's target is created, as a shell would)
    except OSError as exc:
        raise OutputError(f"{shown}: cannot write: {exc.strerror or exc}") from None
    if stat.S_ISDIR(mode):
        raise OutputError(f"{shown}: cannot write: {os.strerror(errno.EISDIR)}")
    if not stat.S_ISREG(mode):
        raise OutputError(f"{shown}: cannot write: not a regular file")
    if not os.access(target, os.W_OK, effective_ids=os.access in os.supports_effective_ids):
        raise OutputError(f"{shown}: cannot write: {os.strerror(errno.EACCES)}")
    return target


def _links(target: str) -> int:
    """How many hard links the file has (0: there is none yet)."""
    try:
        return os.stat(target).st_nlink
    except FileNotFoundError:
        return 0


@contextlib.contextmanager
def _locked(target: str) -> Iterator[None]:
    """Hold an exclusive advisory lock on the file at `target` (POSIX), or raise `Busy`
    when another writer holds it. Held through the rename: a writer that opened the old
    file waits for nothing and finds it busy; one that opens the new file finds it changed."""
    if sys.platform == "win32":
        yield
        return
    try:
        handle = os.open(target, os.O_RDONLY)
    except FileNotFoundError:
        yield  # a new file: nothing to lock, nothing to overwrite
        return
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Busy(target) from None
        yield
    finally:
        os.close(handle)  # (closing lets the lock go)


def _sync_folder(folder: str) -> None:
    """Sync the folder, so that a rename in it survives a crash. Quietly not done where the
    platform can't open a folder (Windows) or its file system can't sync one: the file is in
    place by now either way."""
    try:
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(handle)
    finally:
        os.close(handle)


def _keep_owner(temporary: str, target: str) -> None:
    """Give the new file the replaced file's owner and group, where this process may (run
    as root, or the group is one of its own); otherwise it stays the writer's, as with any
    editor that writes a new file."""
    try:
        info = os.stat(target)
    except OSError:
        return  # a new file
    if not hasattr(os, "chown"):
        return
    try:
        os.chown(temporary, info.st_uid, info.st_gid)
    except OSError:
        with contextlib.suppress(OSError):
            os.chown(temporary, -1, info.st_gid)  # the group alone, where it is one of ours


def _mode(target: str) -> int:
    """The permissions the file gets: the replaced file's, or what a new file would get."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mask = os.umask(0)  # the only way to read the umask is to set it
        os.umask(mask)
        return 0o666 & ~mask


def refuse_replacing(option: str, output: str, read: Iterable[tuple[str, str | None]]) -> None:
    """Refuse to write `output` (given with `option`) where it is a file the command reads:
    each of `read` says what such a file is (`a rule file (--rules)`) and gives its path
    (None: none). The same file under another name (a symbolic or hard link) counts; a file
    not there yet can't be one of them, nor can a device (`/dev/null`): writing it replaces
    nothing."""
    if not os.path.isfile(output):
        return
    for what, path in read:
        if path and path != "-" and same_file(output, path):
            raise UsageError(
                f"{option} {output} is {what}, which the command reads: it would be replaced; write elsewhere"
            )


def same_file(one: str, other: str) -> bool:
    """Whether `one` and `other` are the same file on disk (False where either is missing)."""
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):  # (missing, unreadable, or a name with a NUL in it)
        return False
