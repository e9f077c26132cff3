"""Plain text: one type line a line; blank lines and `#` comments are skipped.

The reader reads, nothing more: the engine checks what it gives. The input is streamed in
blocks, so memory stays flat however long the file is, and each block's lines go to the
engine at once (a `Batch`): the type line of each line (its text before any `# comment`),
None for a line that holds none (blank, a comment, not UTF-8), and the comments in which an
inline suppression may stand. LF, CRLF and a CR alone (classic Mac OS) all end a line, as
in Python's universal newlines. Most blocks of real
files hold nothing but type lines, which a few scans of the block tell (no `#`, CR or NUL
byte, no line that starts blank, all of it UTF-8): their lines go on as they were split;
the other blocks are read line by line.

The reader's own findings: a binary file (a NUL byte near its start, or on a line: not read
further), and lines that are not UTF-8 (skipped; told once, with how many there were).
"""

from __future__ import annotations

import re
from codecs import utf_8_decode
from collections.abc import Callable, Generator, Iterator
from functools import partial
from typing import BinaryIO

from mtg_typeline.findings import NOT_TEXT, Finding, input_finding
from mtg_typeline.sources import BOM, PartReader, ReaderFunc, SourceSettings
from mtg_typeline.sources.base import Batch, Comment, Unsplittable
from mtg_typeline.sources.encodings import encoding_hint
from mtg_typeline.sources.inputs import peek

BLOCK_BYTES = 1 << 16
NUL_SNIFF = 8192  # bytes looked at for NUL before the first line is read
BINARY = "a binary file (it holds NUL bytes); not checked"
# (a NUL past the start: the lines before it were checked, as text)
BINARY_FROM_HERE = "a NUL byte: the file is binary from here; this line and the rest are not checked"
# Bytes that are not UTF-8 are read as lone surrogates (the "surrogateescape" error handler),
# so such a line is still a line, and where its first bad byte is can be told.
NOT_UTF8 = re.compile("[\udc80-\udcff]")
# A line that may start with white space (it may be blank): a line feed, then an empty line
# or the first byte of a white-space character in UTF-8 (ASCII; U+0085 and U+00A0 start with
# C2, U+1680 with E1, U+2000–U+200A, U+2028, U+2029, U+202F and U+205F with E2, U+3000 with
# E3: a line that starts with another character of those is read closely too, at no harm)
_BLANK_START = re.compile(rb"\n[\n\t\x0b\x0c\x1c-\x20\xc2\xe1\xe2\xe3]")
Progress = Callable[[int], None]
# The line ends of Python's universal newlines (a group: `split` keeps them)
LINE_END = re.compile(rb"(\r\n|\r|\n)")


def make_reader(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of text files (`fmt` is "text"), told the encoding the input was read in
    (`--encoding`: it is given as UTF-8), to name it."""
    return partial(read, encoding=settings.encoding)


def read(
    stream: BinaryIO, path: str, progress: Progress, encoding: str | None = None
) -> Iterator[Batch | Finding]:
    """The lines of `stream`, a block at a time (see the module's docstring)."""
    head = peek(stream, NUL_SNIFF)
    if b"\x00" in head:
        yield _binary_head(head, path)
        return
    reading = _Reading(path, encoding)
    final = False
    while not final:
        data = stream.read(BLOCK_BYTES)
        progress(len(data))
        final = not data
        batch = reading.block(data, final)
        if batch.texts:
            yield batch
        if reading.binary is not None:
            yield reading.binary
            break
    if reading.undecodable:
        yield reading.undecodable_finding()


def part_reader(settings: SourceSettings) -> PartReader:
    """The reader of a part of a text file (`read_part`), for `engine.split`."""
    return read_part


def read_part(stream: BinaryIO, path: str, size: int, *, first: bool) -> Generator[Batch, None, int]:
    """The lines of the next `size` bytes of `stream`, a part of a UTF-8 text file that
    starts where a line does (`first`: at the file's start), numbered from 1 within it: the
    lines `read` gives for them; returns how many lines the part has. `Unsplittable` where
    `read` would tell of a binary file or of bytes that are not UTF-8 (see `engine.split`)."""
    reading = _Reading(path, bom=first)
    final = False
    lines = 0
    while not final:
        data = stream.read(min(BLOCK_BYTES, size)) if size > 0 else b""
        size -= len(data)
        final = not data
        if b"\x00" in data:
            raise Unsplittable(path)
        batch = reading.block(data, final)
        if reading.undecodable:
            raise Unsplittable(path)
        if batch.texts:
            lines += len(batch.texts)
            yield batch
    return lines


class _Reading:
    """The state of reading one input: the line the next block starts with (begun in the
    last one), its number, the bytes of a character split between blocks, the lines that
    are not UTF-8, and the binary line that stopped the reading."""

    def __init__(self, path: str, encoding: str | None = None, *, bom: bool = True) -> None:
        self.path = path
        self.encoding = encoding  # the codec read in (`--encoding`), None: UTF-8
        self.bom = bom  # whether a BOM may start the text (a part of a file after its start: no)
        self.number = 1  # of the next line
        # the start of a line that the next block goes on with, in pieces: a line longer than
        # a block is joined once, when it ends (joined at every block, a 40 MB line took 76 s)
        self.rest: list[str] = []
        self.partial = b""  # the start of a character that the next block ends
        self.undecodable: list[tuple[int, int]] = []  # (line, column)
        self.sample = b""  # the bytes of the first line that is not UTF-8
        self.binary: Finding | None = None

    def block(self, data: bytes, final: bool) -> Batch:
        """The lines that end in `data` (with `final`: all the rest)."""
        data = self.partial + data if self.partial else data
        held = b""
        if b"\r" in data:
            if data.endswith(b"\r") and not final:
                held, data = b"\r", data[:-1]  # it may be a CR LF's: told by the next block
            data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        plain = _plain(data)
        try:
            text, used = utf_8_decode(data, "strict", final)
        except UnicodeDecodeError:
            text, used = utf_8_decode(data, "surrogateescape", final)
            plain = False
        self.partial = data[used:] + held
        if self.bom and self.number == 1 and not self.rest:
            text = text.removeprefix(BOM)
        lines = text.split("\n")
        if len(lines) == 1 and not final:  # a line that goes on past the block
            self.rest.append(lines[0])
            return Batch([], self.number)
        if self.rest:
            lines[0] = "".join(self.rest) + lines[0]
        self.rest = [] if final else [lines.pop()]
        if final and not lines[-1]:
            lines.pop()  # the text ended with a line feed
        first, self.number = self.number, self.number + len(lines)
        if plain and (not lines or _plain_line(lines[0])):
            return Batch(lines, first)
        return self.closely(lines, first)

    def closely(self, lines: list[str], first: int) -> Batch:
        """A block read line by line: blank lines, comments, lines that are not UTF-8, a
        binary line (the block ends before it)."""
        texts: list[str | None] = []
        comments: dict[int, Comment] = {}
        for index, line in enumerate(lines):
            number = first + index
            if bad := NOT_UTF8.search(line):
                self.undecodable.append((number, bad.start() + 1))
                self.sample = self.sample or line.encode("utf-8", "surrogateescape")
                texts.append(None)
                continue
            if "\x00" in line:
                self.binary = _not_text(self.path, number, line.index("\x00") + 1, BINARY_FROM_HERE)
                break
            body, comment = type_line(line, number)
            texts.append(body)
            if comment is not None:
                comments[index] = comment
        return Batch(texts, first, comments=comments, empty=texts.count(None))

    def undecodable_finding(self) -> Finding:
        """The first line that is not UTF-8 (or not valid in the encoding given), with how
        many more there were, and the encoding the file is likely in."""
        line, column = self.undecodable[0]
        more = len(self.undecodable) - 1
        name = "UTF-8" if self.encoding is None else f"valid {self.encoding.upper()}"
        tail = ""
        if more:
            tail = f" ({more} more line{'s that are' if more > 1 else ' that is'} not {name} "
            tail += f"{'were' if more > 1 else 'was'} skipped)"
        hint = encoding_hint(self.sample) if self.encoding is None else ""
        return _not_text(self.path, line, column, f"this line is not {name} text; it was skipped{tail}{hint}")


def _plain(data: bytes) -> bool:
    """Whether a block's lines (line ends made LF) are all type lines as they stand, the
    first aside (it may have begun in the block before): no comment, NUL or line that starts
    blank."""
    return b"#" not in data and b"\x00" not in data and not _BLANK_START.search(data)


def _plain_line(line: str) -> bool:
    """Whether one line is a type line as it stands (see `_plain`), all of it UTF-8."""
    if not line or line[0].isspace() or NOT_UTF8.search(line):
        return False
    return "#" not in line and "\x00" not in line


def type_line(line: str, number: int = 1) -> tuple[str | None, Comment | None]:
    """What one line of text holds (`line` without its line end): its type line, the text
    before any `# comment` (None: a blank line or a comment alone), and the comment after it,
    where a suppression may stand (part of the line the fixer rewrites)."""
    start = _comment_start(line)
    body = line if start < 0 else line[:start].rstrip()
    if not body.strip():
        return None, None
    return body, (Comment(number, line, start, removable=True) if start >= 0 else None)


def _comment_start(text: str) -> int:
    """Where a `#` comment starts (a whole-line one, or one after white space), or -1."""
    if "#" not in text:
        return -1
    if text.lstrip().startswith("#"):
        return text.index("#")
    for index, char in enumerate(text):
        if char == "#" and index and text[index - 1] in " \t":
            return index
    return -1


def _binary_head(head: bytes, path: str) -> Finding:
    """A binary file (a NUL byte near its start), as one finding before any line."""
    nul = head.index(b"\x00")
    ends = [end.end() for end in LINE_END.finditer(head, 0, nul)]
    line_start = ends[-1] if ends else 0
    line = len(ends) + 1
    column = len(head[line_start:nul].decode("utf-8", "replace")) + 1
    return _not_text(path, line, column, BINARY)


def _not_text(path: str, line: int, column: int, message: str) -> Finding:
    return input_finding(NOT_TEXT, path, message, line, column, column + 1)
