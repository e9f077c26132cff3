"""What a file was when `--fix` read it, to tell whether it changed on disk before the fixed
contents replace it (another program may have written it meanwhile: TL908)."""

from __future__ import annotations

import hashlib
import os

from mtg_typeline.records import NamedTuple


class Snapshot(NamedTuple):
    """What a file was when it was read: size, modification time, a digest of its bytes."""

    size: int
    mtime_ns: int
    digest: bytes

    @classmethod
    def of(cls, stat: os.stat_result, data: bytes) -> Snapshot:
        return cls(stat.st_size, stat.st_mtime_ns, hashlib.sha256(data).digest())


class Changed(Exception):
    """The file is no longer what was read."""


def read_snapshot(path: str) -> tuple[bytes, Snapshot] | None:
    """A file's bytes and snapshot, or None when it can't be read."""
    try:
        with open(path, "rb") as stream:
            stat = os.fstat(stream.fileno())
            data = stream.read()
    except OSError:
        return None
    return data, Snapshot.of(stat, data)


def check_unchanged(path: str, snapshot: Snapshot) -> None:
    """Raise `Changed` unless the file at `path` is still as `snapshot` says."""
    try:
        stat = os.stat(path)
        if (stat.st_size, stat.st_mtime_ns) != snapshot[:2]:
            raise Changed(path)
        with open(path, "rb") as stream:
            if hashlib.sha256(stream.read()).digest() != snapshot.digest:
                raise Changed(path)
    except OSError:
        raise Changed(path) from None
