"""Opening an input and telling its format, for the engine and the fixer alike.

Standard input is read ahead (`read_ahead`), so that its first bytes can be looked at and
then read again; the format is given (`--input-format`) or told from the input's name and
first bytes (`tell_format`, with `detect`); and a text input told by its content is judged,
once, on whether it holds type lines at all (`look_at`): a directory search passes over one
that doesn't (a README, a deck list, requirements.txt), `--fix` leaves it as it is, and a
named one of more than a few lines is counted whole (`counted_whole`) to be reported as such.
"""

from __future__ import annotations

import errno
import io
import json
import os
import re
import stat
import sys
from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, BinaryIO, cast

from mtg_typeline.findings import STDIN
from mtg_typeline.records import NamedTuple
from mtg_typeline.sources import BOM, POSIX_PATHS, SNIFF_BYTES, UTF8_BOM
from mtg_typeline.sources.base import SourceError
from mtg_typeline.sources.encodings import utf8_stream

if TYPE_CHECKING:
    from mtg_typeline.ruleset import RuleSet


class Reading(NamedTuple):
    """How a run reads its inputs: the format given (None: told input by input), the type
    column of a table (`--column`), the type key of a YAML or JSON card file (`--key`) and
    the codec of text and table inputs (`--encoding`; None: UTF-8) and a table's delimiter
    (`--delimiter`; None: told from the table)."""

    given: str | None = None
    column: str | None = None
    key: str | None = None
    encoding: str | None = None
    delimiter: str | None = None


def open_input(path: str) -> BinaryIO:
    """The file at `path`, opened to be read. A small regular file (under `SNIFF_BYTES`, as
    nearly every card script is) is read whole in one read and given from memory, so that
    telling its format and reading it cost the disk one read, not one each (and no file
    object is made for it); a bigger file, or one that isn't regular (a named pipe, `<(…)`),
    is a buffered stream as `open` gives. A directory is `IsADirectoryError`, as `open`
    has it."""
    fd = os.open(path, _READ_FLAGS)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
        if not stat.S_ISREG(info.st_mode) or info.st_size >= SNIFF_BYTES:
            stream = open(fd, "rb", closefd=True)  # noqa: SIM115 (closed by the caller)
            fd = -1  # (the stream closes it now)
            return stream
        data = os.read(fd, info.st_size + 1)  # (one more byte: a file that grew shows it)
        if len(data) != info.st_size:  # changed while read (or read in pieces): read on to its end
            data += b"".join(iter(partial(os.read, fd, SNIFF_BYTES), b""))
        return io.BytesIO(data)
    finally:
        if fd >= 0:
            os.close(fd)


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0)  # (O_BINARY: Windows's, or nothing)


def head_of(stream: BinaryIO, *, stdin: bool = False) -> bytes:
    """The first bytes of an input, left to be read again (standard input: read ahead)."""
    if not stdin and stream.seekable():
        head = stream.read(SNIFF_BYTES)
        stream.seek(0)
        return head
    return peek(stream, SNIFF_BYTES)


def tell_format(name: str, head: bytes, reading: Reading) -> str:
    """The format of the input `name` whose first bytes are `head`: the one given, else the
    one its name and content tell (`detect`); content that doesn't tell, with an option only
    a table or YAML takes, is read by that one; JSON, with `--key`, is a card list of any
    shape (the key names its type field)."""
    if reading.given is not None:
        return reading.given
    found = detect(name, head)
    if found in _JSON_FORMATS and reading.key is not None:
        return "json"
    if found == "text" and (name == STDIN or not name.lower().endswith(".txt")):
        if reading.column is not None or reading.delimiter is not None:
            return "csv"
        if reading.key is not None:
            return "yaml"
    return found


class Look(NamedTuple):
    """How the start of a text input looks: whether it holds NUL bytes, and the sample of
    its first lines that tells whether it holds type lines (None: not text at all).

    It looks like type lines when at least half of its first lines (blank lines and `#`
    comments aside) hold a word that is a card type or supertype of the rules, or an
    obsolete one, or Token or Emblem, in any case. A file of nothing but blank lines and
    comments counts as one (there is nothing in it to report), and so does one that is not
    text at all (UTF-16, NUL bytes): the text reader says what is wrong."""

    binary: bool
    sample: TypeWordLines | None

    @property
    def holds_type_lines(self) -> bool:
        """Whether it looks like type lines (see `Look`)."""
        return self.sample is None or self.sample.holds

    @property
    def doubted(self) -> bool:
        """Whether a named input is to be counted whole, as it may be no type lines: its first
        lines don't look like them, and there are enough of them to tell (a line or two,
        `echo Forest | typeline`, is checked as it is: its findings are few to read)."""
        sample = self.sample
        return sample is not None and sample.seen >= _JUDGED_LINES and not sample.holds

    def passed_over(self, name: str) -> bool:
        """Whether a directory search passes it over, as it passes over other files of no
        card data: text that holds no type lines, or a binary file whose name does not say
        it holds type lines (an image named `card back`: only `*.txt` is read as text by
        its name)."""
        return (self.binary and not name.lower().endswith(".txt")) or not self.holds_type_lines


def look_at(head: bytes, rules: RuleSet) -> Look:
    """The one judgement of a text input told by its content (see `Look`)."""
    return Look(b"\x00" in head, type_word_lines(head, rules))


def read_ahead(stream: BinaryIO, size: int) -> BinaryIO:
    """`stream` (a pipe) with its first `size` bytes read ahead, however slowly they come, so
    that `peek` sees them all (as many as there are) to tell the input's format; reading goes
    on through them to the rest."""
    head: list[bytes] = []
    read = getattr(stream, "read1", stream.read)
    have = 0
    while have < size:
        chunk = read(size - have)
        if not chunk:
            break
        head.append(chunk)
        have += len(chunk)
    return io.BufferedReader(_Replayed(b"".join(head), stream), buffer_size=max(size, io.DEFAULT_BUFFER_SIZE))


class _Replayed(io.RawIOBase):
    """The bytes read ahead, then the rest of the stream they came from."""

    def __init__(self, head: bytes, rest: BinaryIO) -> None:
        super().__init__()
        self.head = memoryview(head)
        self.rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.head:
            count = min(len(buffer), len(self.head))
            buffer[:count] = self.head[:count]
            self.head = self.head[count:]
            return count
        data = getattr(self.rest, "read1", self.rest.read)(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def standard_input() -> BinaryIO:
    """The run's standard input as bytes; where the process was started with it closed
    (`<&-`), a stream that fails to read as a closed one does: a run that reads it reports
    it unreadable (TL901), one that doesn't never notices."""
    stdin = sys.stdin
    if stdin is None:
        return cast(BinaryIO, io.BufferedReader(_Closed()))
    return cast(BinaryIO, stdin.buffer)


class _Closed(io.RawIOBase):
    """Standard input where the process has none (`sys.stdin` is None)."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        raise OSError(errno.EBADF, "standard input is closed")


def peek(stream: BinaryIO, size: int) -> bytes:
    """The first bytes of `stream` (up to `size`) without consuming them (b"" where it can't
    be done)."""
    look = getattr(stream, "peek", None)
    if look is not None:
        try:
            return bytes(look(size)[:size])
        except (OSError, ValueError):
            return b""
    if hasattr(stream, "getvalue"):
        return bytes(stream.getvalue()[:size])
    return b""


# How JSON begins (a line of text like `[bold] — Elf` does not).
_JSON_START = re.compile(rb'\{\s*["}]|\[\s*(?:[\[\]{"\d-]|true|false|null)')
_BY_EXTENSION = {".mse-set": "mse", ".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv", ".tsv": "csv"}
_BY_EXTENSION.update({".yaml": "yaml", ".yml": "yaml"})


_LEAD = UTF8_BOM + b" \t\r\n"  # (what is passed over before the first bytes that tell)


def detect(path: str, head: bytes) -> str:
    """The format of an input from its name and its first bytes (`head`)."""
    bare = path.rstrip("/\\")
    name = (bare[bare.rfind("/") + 1 :] if POSIX_PATHS else os.path.basename(bare)).lower()  # (basename's)
    dot = name.rfind(".")  # (its extension, as `os.path.splitext` has it: leading dots are none)
    ext = name[dot:] if dot > 0 and name[:dot].lstrip(".") else ""
    start = head.lstrip(_LEAD)
    if ext in _BY_EXTENSION:
        found = _BY_EXTENSION[ext]
    elif ext == ".xml" or start.startswith((b"<?xml", b"<cockatrice", b"<!--")):
        found = "cockatrice"
    elif _looks_like_draftmancer(start):
        found = "draftmancer"
    elif ext == ".json" or _JSON_START.match(start):
        found = "jsonl" if _looks_like_json_lines(start) else json_kind(head)
    elif _looks_like_forge(head):
        found = "forge"
    elif (name == "set" or name.startswith("card ")) and _looks_like_mse(head):
        found = "mse"
    elif ext != ".txt":  # standard input, or a name that doesn't tell: a table or YAML?
        found = _table_or_yaml(start) or "text"
    else:
        found = "text"
    return found


# YAML's first line: a directive, a document start, or a key (of a list item); a text of
# type lines has no colons. Then a `type_line` or `type` key must show in the head.
_YAML_START = re.compile(rb"(?:%YAML|---)(?:[ \t]|$)|(?:- +)?[\"']?[A-Za-z_][\w -]*[\"']?:(?:[ \t]|$)")
_YAML_TYPE_KEY = re.compile(
    rb"^[ \t]*(?:- +)?[\"']?(?:type_line|type)[\"']?[ \t]*:", re.MULTILINE | re.IGNORECASE
)
_HEADER_NOISE = re.compile(r"[\s_-]+")


def _table_or_yaml(start: bytes) -> str | None:
    """ "csv" when the first line is a table's header naming a type column (`name,type_line`);
    "yaml" when the input starts as YAML and has a type key; None for neither."""
    lines = [line.strip() for line in start[:SNIFF_BYTES].splitlines()]  # \n, \r\n or \r
    first = next((line for line in lines if line and not line.startswith(b"#")), b"")
    if _YAML_START.match(first) and _YAML_TYPE_KEY.search(start, 0, SNIFF_BYTES):
        return "yaml"
    header = next((line for line in lines if line), b"")  # (a table has no comments)
    return "csv" if _is_header(header.decode("utf-8", "replace")) else None


def _is_header(text: str) -> bool:
    """Whether a line is a table's header row with a type column, in any delimiter."""
    delimiters = [delimiter for delimiter in ",;\t|" if delimiter in text]
    if not delimiters:  # (a line of a text of type lines: no need to load the table reader)
        return False
    import csv  # (with the table reader: only for a line that may be a header)

    from mtg_typeline.sources.tables.columns import TYPE_HEADERS

    for delimiter in delimiters:
        try:
            cells = next(csv.reader([text], delimiter=delimiter), [])
        except csv.Error:  # not a row of this delimiter
            continue
        if len(cells) > 1 and any(_HEADER_NOISE.sub("", cell).lower() in TYPE_HEADERS for cell in cells):
            return True
    return False


_JSON_FORMATS = ("scryfall", "mtgjson", "json")


def json_kind(head: bytes) -> str:
    """MTGJSON files have `"meta"`, `"data"` with sets or cards that carry `"uuid"`/`"types"`
    arrays; Scryfall's, `"object"` and `"type_line"`; other JSON is a card list of any shape
    (a designer's own export). Keys Scryfall never has tell MTGJSON without `meta` when what
    follows fills the head: a set's `"baseSetSize"` (sorted before its `booster` section)
    and a face's `"faceName"` (before its `foreignData`)."""
    sample = head[:SNIFF_BYTES]
    if b'"type_line"' in sample or b'"object"' in sample:
        return "scryfall"
    markers = (b'"meta"', b'"uuid"', b'"types"', b'"supertypes"', b'"baseSetSize"', b'"faceName"')
    if any(key in sample for key in markers):
        return "mtgjson"
    return "json"


def _looks_like_json_lines(start: bytes) -> bool:
    """Whether the first two lines of an input (that is not blank) are each a whole JSON
    object: JSON Lines. A JSON document laid out on lines starts with a line that is not
    whole (`{` or `[{`), and one on a single line has no second line."""
    complete = start[:SNIFF_BYTES].split(b"\n")[:-1]  # (the last may be cut by the head)
    lines = [line for line in complete if line.strip()][:2]
    if len(lines) < 2:
        return False
    try:
        return all(type(json.loads(line)) is dict for line in lines)
    except ValueError:  # (JSONDecodeError, and bytes that are not UTF-8)
        return False


def is_cards_header(line: str) -> bool:
    """Whether a line (stripped) is the header of a Draftmancer `[CustomCards]` section,
    read as Draftmancer reads it: in any case, blanks inside the brackets aside."""
    return line.startswith("[") and line.endswith("]") and line[1:-1].strip().lower() == "customcards"


def _looks_like_draftmancer(start: bytes) -> bool:
    """Whether an input is a Draftmancer card list with custom cards: its first line (blank
    lines and `#` comments aside) is the `[CustomCards]` header, or the `[Settings]` header
    with a `[CustomCards]` one further on (a list of type lines starts with neither)."""
    if b"[" not in start[:SNIFF_BYTES]:
        return False  # (no header in it: most inputs, told without decoding the head)
    lines = (line.strip() for line in start[:SNIFF_BYTES].decode("utf-8", "replace").splitlines())
    first = next((line for line in lines if line and not line.startswith("#")), "")
    if is_cards_header(first):
        return True
    return first.lower() == "[settings]" and any(is_cards_header(line) for line in lines)


# A `Name:` or `Types:` key at the start of a line of a Forge script (blanks around the key;
# the lines of `bytes.splitlines`, a UTF-8 BOM before the first)
_FORGE_KEY = re.compile(rb"(?:\A(?:\xef\xbb\xbf)?|[\r\n])[ \t\r\n\x0b\x0c]*(Name|Types)[ \t\x0b\x0c]*:")


def _looks_like_forge(head: bytes) -> bool:
    """Whether the head has both a `Name:` and a `Types:` line, as a card script does."""
    text = head[:4096]
    first = len(UTF8_BOM) if text.startswith(UTF8_BOM) else 0  # (the first line, after a BOM)
    if (text.startswith(b"Name:", first) or b"\nName:" in text or b"\rName:" in text) and (
        text.startswith(b"Types:", first) or b"\nTypes:" in text or b"\rTypes:" in text
    ):
        return True  # (both start a line, as Forge writes them: the search below tells the rest)
    if b"Types" not in text or b"Name" not in text:
        return False
    return len(set(_FORGE_KEY.findall(text))) == 2


def _looks_like_mse(head: bytes) -> bool:
    text = head[:4096]
    return b"mse_version:" in text or b"\ncard:" in text or text.startswith(b"card:")


# A line of a text file that holds type lines: one of its words is a card type or supertype.
_WORD = re.compile(r"[^\W\d_]+")  # (`Creature-Goblin` is two words, as the checks read it)
_TEXT_SAMPLE_LINES = 200
_SPOOL_BYTES = 1 << 24  # standard input counted whole is kept in memory up to 16 MiB
_JUDGED_LINES = 5  # (blank lines and comments aside) the fewest a named input is judged on


class TypeWordLines(NamedTuple):
    """Of the first lines of a text (blank lines and `#` comments aside): how many were
    looked at, and how many of them hold a card type or supertype word."""

    seen: int
    typed: int

    @property
    def holds(self) -> bool:
        """Whether they look like type lines: half of them or more hold such a word."""
        return self.typed * 2 >= self.seen


def type_word_lines(head: bytes, rules: RuleSet) -> TypeWordLines | None:
    """The sample `Look` judges by; None for input that is not text at all."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in head:
        return None
    return _counted(head.decode("utf-8", "replace").splitlines(), rules, _TEXT_SAMPLE_LINES)


def counted_whole(
    stream: BinaryIO, rules: RuleSet, codec: str | None
) -> tuple[BinaryIO, TypeWordLines | None]:
    """The lines of a whole text input (`stream`, in `codec`; None: UTF-8) that hold a card
    type or supertype word, counted as `type_word_lines` counts its first ones (None where
    its bytes can't be decoded: the reader says what is wrong); and the stream, to be read
    again from its start (standard input is copied to be counted: in memory, or on disk
    when it is long, so that memory stays flat however long it is)."""
    if not stream.seekable():
        import shutil  # (only for standard input that may be no type lines: slow to import)
        import tempfile

        copy = tempfile.SpooledTemporaryFile(max_size=_SPOOL_BYTES)  # noqa: SIM115 (read by the caller)
        shutil.copyfileobj(stream, copy)
        stream = cast("BinaryIO", copy)
        stream.seek(0)
    try:
        lines = utf8_stream(stream, codec, "") if codec is not None else stream
        found = _counted((line.decode("utf-8", "replace") for line in lines), rules, None)
    except SourceError:
        found = None
    stream.seek(0)
    return stream, found


def _counted(lines: Iterable[str], rules: RuleSet, most: int | None) -> TypeWordLines:
    """Of `lines` (the first `most`; None: all), blank lines and `#` comments aside: how many
    there are, and how many hold a card type or supertype word."""
    words = {word.casefold() for word in (*rules.card_types, *rules.supertypes, "Token", "Emblem")}
    kinds = ("card_type", "supertype")
    words.update(rename.old.casefold() for rename in rules.renames if rename.kind in kinds)
    seen = typed = 0
    for chunk in lines:
        for line in chunk.splitlines():  # (a chunk of a stream: up to LF, holding CRs maybe)
            text = line.strip().lstrip(BOM)
            if not text or text.startswith("#"):
                continue
            seen += 1
            typed += any(word.casefold() in words for word in _WORD.findall(text))
            if seen == most:
                return TypeWordLines(seen, typed)
    return TypeWordLines(seen, typed)
