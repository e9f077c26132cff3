"""Writing a file whole or not at all.

The new contents go to a temporary file in the target's own directory (so the final rename
stays on one file system), are flushed to disk, and then replace the target in one step
(`os.replace`). A reader sees the old file or the new one, never a part; an error or an
interrupt on the way leaves the target as it was and removes the temporary file.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile

from mtg_typeline.errors import TypelineError

__all__ = ["OutputError", "write_atomic"]


class OutputError(TypelineError):
    """An output file could not be written."""


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace the file at `path` with `data` in one step; `OutputError` if it can't be done."""
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=f".{os.path.basename(target)}.", suffix=".tmp", dir=folder
        )
    except OSError as exc:
        raise OutputError(f"{target}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _mode(target))
        os.replace(temporary, target)
    except BaseException as exc:  # an interrupt too: never leave the temporary file behind
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise OutputError(f"{target}: cannot write: {exc.strerror or exc}") from None
        raise


def _mode(target: str) -> int:
    """The permissions the file gets: the replaced file's, or what a new file would get."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mask = os.umask(0)  # the only way to read the umask is to set it
        os.umask(mask)
        return 0o666 & ~mask
