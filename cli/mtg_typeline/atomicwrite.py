"""Writing a file whole or not at all.

The new contents go to a temporary file in the target's own directory (so the final rename
stays on one file system), are flushed to disk, and then replace the target in one step
(`os.replace`). A reader sees the old file or the new one, never a part; an error or an
interrupt on the way leaves the target as it was and removes the temporary file.

The new file keeps the old one's permissions, and its owner and group where the writer may
set them. A symbolic link is written through: the file it points to is replaced and the link stays.
Anything else that is not a regular file (a device, a FIFO, a directory) is refused rather
than replaced by a file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Callable
from typing import BinaryIO

from mtg_typeline.errors import TypelineError

__all__ = ["AtomicFile", "OutputError", "write_atomic"]


class OutputError(TypelineError):
    """An output file could not be written."""


def write_atomic(
    path: str | os.PathLike[str], data: bytes, precondition: Callable[[], None] | None = None
) -> None:
    """Replace the file at `path` with `data` in one step; `OutputError` if it can't be done.

    `precondition` is called when the new contents are safely on disk, just before they
    replace the target; whatever it raises leaves the target as it was (the temporary file
    is removed), so the window for another writer is as short as it can be."""
    shown = os.fspath(path)  # errors name the path as given
    target = _regular_file(shown)
    handle, temporary = _temporary(shown, target)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        _put_in_place(temporary, target, precondition)
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
        self.target = _regular_file(self.shown)
        handle, self.temporary = _temporary(self.shown, self.target)
        self.stream: BinaryIO = os.fdopen(handle, "wb")

    def commit(self) -> None:
        """Replace the target by what was written (`OutputError` if that can't be done)."""
        try:
            self.stream.flush()
            os.fsync(self.stream.fileno())
            self.stream.close()
            _put_in_place(self.temporary, self.target, None)
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


def _put_in_place(temporary: str, target: str, precondition: Callable[[], None] | None) -> None:
    """The written temporary file, with the target's permissions and owner, made the target."""
    os.chmod(temporary, _mode(target))
    _keep_owner(temporary, target)
    if precondition is not None:
        precondition()
    os.replace(temporary, target)


def _failed(shown: str, temporary: str, exc: BaseException) -> None:
    """Clean up after a write that failed or was interrupted; an `OSError` becomes an
    `OutputError` naming the file (anything else goes on as it is)."""
    with contextlib.suppress(OSError):
        os.unlink(temporary)
    if isinstance(exc, OSError):
        raise OutputError(f"{shown}: cannot write: {exc.strerror or exc}") from None


def _regular_file(path: str) -> str:
    """The absolute path of the file to replace: a link's target (the link stays); an
    `OutputError` if what is there is not a regular file."""
    target = os.path.realpath(path)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target  # a new file (a dangling link's target is created, as a shell would)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write: {exc.strerror or exc}") from None
    if stat.S_ISDIR(mode):
        raise OutputError(f"{path}: cannot write: {os.strerror(errno.EISDIR)}")
    if not stat.S_ISREG(mode):
        raise OutputError(f"{path}: cannot write: not a regular file")
    return target


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
