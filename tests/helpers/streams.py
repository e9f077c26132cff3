"""A stream that remembers how far it has been read, for the tests that a reader hands out
entries while it reads (streaming) rather than after reading everything."""

from __future__ import annotations

import io
from typing import Any


class CountingStream(io.BytesIO):
    """A stream that remembers how far it has been read."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.most = 0

    def read(self, size: int | None = -1) -> bytes:
        chunk = super().read(size)
        self.most = max(self.most, self.tell())
        return chunk

    def read1(self, size: int = -1) -> bytes:
        chunk = super().read1(size)
        self.most = max(self.most, self.tell())
        return chunk

    def readinto(self, buffer: Any) -> int:
        count = super().readinto(buffer)
        self.most = max(self.most, self.tell())
        return count
