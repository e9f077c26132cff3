"""Writing new contents into a file itself rather than renaming a new file over it: for a
file with several hard links, whose links a rename would split (`atomicwrite` calls this).

The new contents are first whole and synced in a temporary file beside the target (the
caller's); only then is the target rewritten. The part past the target's old end is written
first: a full disk fails there, and cutting the file back to its old size leaves it as it
was. The rest overwrites the old bytes in place (which takes no new space), the file is cut
to its new size and synced. Ctrl-C and termination are held back meanwhile and act once the
file is whole; only a crash or `kill -9` can stop the copy halfway, and then the temporary
file, kept until the copy is synced, holds the whole new text. An error halfway through the
overwrite (a failing disk) is `Unfinished`, naming that temporary file, which the caller
keeps.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator

__all__ = ["Unfinished", "write_in_place"]

HELD = frozenset({signal.SIGINT, signal.SIGTERM} | ({signal.SIGHUP} if hasattr(signal, "SIGHUP") else set()))


class Unfinished(OSError):
    """The target was left part written; its new contents are whole in `temporary`."""

    def __init__(self, cause: OSError, temporary: str) -> None:
        super().__init__(cause.errno, cause.strerror or str(cause))
        self.temporary = temporary


def write_in_place(target: str, data: bytes, temporary: str) -> None:
    """Make the file at `target` hold `data` (already whole in `temporary`), keeping it the
    same file; `OSError` leaves it as it was, `Unfinished` part written."""
    handle = os.open(target, os.O_WRONLY)
    try:
        with signals_held():
            old_size = os.fstat(handle).st_size
            _grow(handle, data, old_size)
            try:
                _write_at(handle, data[:old_size], 0)
                os.ftruncate(handle, len(data))
                os.fsync(handle)
            except OSError as exc:
                raise Unfinished(exc, temporary) from None
    finally:
        os.close(handle)


def _grow(handle: int, data: bytes, old_size: int) -> None:
    """Write the part of `data` past the file's old end; on failure cut the file back to
    its old size (its old contents untouched) and raise."""
    if len(data) <= old_size:
        return
    try:
        _write_at(handle, data[old_size:], old_size)
    except OSError:
        with contextlib.suppress(OSError):
            os.ftruncate(handle, old_size)
        raise


def _write_at(handle: int, data: bytes, offset: int) -> None:
    """Write all of `data` at `offset` (`os.write` may write less than it is given)."""
    os.lseek(handle, offset, os.SEEK_SET)
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view) :]


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold back Ctrl-C, termination and hang-up until the block is done, where the platform
    can (POSIX); they act when it ends. The process has one thread, which the mask covers."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
