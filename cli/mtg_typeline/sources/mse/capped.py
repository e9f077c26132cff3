"""A zip member read within limits, so that a zip bomb (a small `.mse-set` whose member
inflates to gigabytes) costs no more memory or time than the limits allow.

The sizes a zip's headers declare are not trusted: the bytes are counted as they are
inflated, and reading stops with a `SourceError` one byte past the size limit, or once a
member over `RATIO_FLOOR` bytes has inflated to more than `ZipLimits.ratio` times its
compressed size. (Python's `zipfile` also stops at the size the header declares, and then
fails the CRC check: a header that claims less than the data holds is a broken member.)
"""

from __future__ import annotations

import io
from typing import IO, TYPE_CHECKING

from mtg_typeline.sources import RATIO_FLOOR, size_shown
from mtg_typeline.sources.base import SourceError

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

    from mtg_typeline.sources import ZipLimits

_BUFFER = 64 * 1024


def capped(member: IO[bytes], name: str, compressed: int, limits: ZipLimits) -> IO[bytes]:
    """The zip member `name` (`compressed` bytes in the zip), read through `member`, as a
    buffered stream that raises `SourceError` at the first byte past `limits`."""
    return io.BufferedReader(_Capped(member, name, compressed, limits), _BUFFER)


class _Capped(io.RawIOBase):
    """The raw bytes of a member, counted as they are inflated."""

    def __init__(self, member: IO[bytes], name: str, compressed: int, limits: ZipLimits) -> None:
        super().__init__()
        self.member = member
        self.name = name
        self.compressed = compressed
        self.limits = limits
        self.inflated = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer) -> int:
        view = memoryview(buffer).cast("B")
        # one byte more than the limit allows tells a member over it from one exactly at it
        data = self.member.read(min(len(view), self.limits.size + 1 - self.inflated))
        self.inflated += len(data)
        self._check()
        view[: len(data)] = data
        return len(data)

    def _check(self) -> None:
        if self.inflated > self.limits.size:
            raise SourceError(
                f"the member {self.name!r} inflates to more than {size_shown(self.limits.size)}, the "
                "limit for a member of a zip (--max-member-size raises it)"
            )
        if self.inflated > RATIO_FLOOR and self.inflated > self.limits.ratio * max(self.compressed, 1):
            raise SourceError(
                f"the member {self.name!r} inflates to more than {self.limits.ratio} times its "
                f"compressed size ({self.compressed:,} bytes), the limit for a member of a zip over "
                f"{size_shown(RATIO_FLOOR)} (--max-member-ratio raises it)"
            )

    def close(self) -> None:
        self.member.close()
        super().close()
