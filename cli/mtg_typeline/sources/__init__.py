"""The sources, the stage that reads inputs: a reader per format, in a registry whose names
are the `--input-format` choices.

Each reader turns one input into what it holds (`sources.base`: type lines with their
places, and the reader's own findings about the input), nothing more: the engine checks and
filters. Opening an input and telling its format are in `sources.inputs`. A reader module
is imported only when a file of its format is read: plain text is `sources.text`, and each
other format is a package of its own with its helpers (`tables`, `json_cards`: Scryfall,
MTGJSON and card lists of any shape, whole or as JSON Lines, `yaml_cards`, `cockatrice`, `mse`,
`draftmancer`: the custom cards of a Draftmancer card list) or a module (`forge`). Shared by
readers: which key of a card holds its type line (`cardkeys`), and inputs in another
encoding than UTF-8 (`encodings`).
"""

from __future__ import annotations

import importlib
import os
import posixpath
from collections.abc import Callable, Generator, Iterator
from typing import TYPE_CHECKING, BinaryIO, Protocol

from mtg_typeline.records import NamedTuple

if TYPE_CHECKING:
    from mtg_typeline.ruleset import RuleSet
    from mtg_typeline.sources.base import Item

BOM = "\ufeff"  # the byte-order mark, which starts some UTF-8 files
UTF8_BOM = BOM.encode("utf-8")
# A Magic Set Editor set: a `.mse-set` zip or folder, or the `set` file of an unzipped one
SET_SUFFIX = ".mse-set"
SET_FILE = "set"
FORMATS = (
    *("text", "scryfall", "mtgjson", "json", "jsonl", "csv", "yaml", "cockatrice", "forge", "mse"),
    "draftmancer",
)
# The files a directory search reads by default (Forge scripts are *.txt; an MSE set is a
# `.mse-set` zip or folder, or its `set` file).
DEFAULT_INCLUDE = (
    *("*.txt", "*.json", "*.jsonl", "*.ndjson", "*.csv", "*.tsv"),
    *("*.yaml", "*.yml", "*.xml", "*.mse-set", "set"),
)
# The formats whose big files are read in parts, one a process (`engine.split`): their
# lines are read one by one, each alone, so a part that starts where a line does reads alone.
PART_FORMATS = frozenset({"text", "jsonl"})
SNIFF_BYTES = 64 * 1024
# Paths are POSIX's (`/` alone separates; a path starting with it is absolute): the names of a
# tree's files are taken apart and put together here without `os.path`'s checks
POSIX_PATHS = os.path is posixpath
# The extensions of the files the readers take; a name without one is read by its content.
EXTENSIONS = tuple(glob[1:] for glob in DEFAULT_INCLUDE if glob.startswith("*."))

_MODULES = {
    "text": "text",
    "scryfall": "json_cards.reader",
    "mtgjson": "json_cards.reader",
    "json": "json_cards.reader",
    "jsonl": "json_cards.lines",
    "csv": "tables",
    "yaml": "yaml_cards",
    "cockatrice": "cockatrice",
    "forge": "forge",
    "mse": "mse",
    "draftmancer": "draftmancer",
}


# A zip member inflating past this many times its compressed size is refused only above it:
# small members of a few repeated lines compress that well, and cost nothing to read.
RATIO_FLOOR = 1 << 20


class ZipLimits(NamedTuple):
    """How far a member of a `.mse-set` zip may inflate before it is refused as a zip bomb
    (`--max-member-size`, `--max-member-ratio`). Real sets are far within both: MSE files
    are text of a few KiB to a few MiB, compressed 2 to 5 times; deflate packs at most
    about 1,030 times, so a member past 200 times its size over `RATIO_FLOOR` is made to
    be a bomb, and the size limit bounds the memory a member can take."""

    size: int = 64 << 20
    ratio: int = 200


_UNITS = {"": 0, "K": 10, "KB": 10, "KIB": 10, "M": 20, "MB": 20, "MIB": 20, "G": 30, "GB": 30, "GIB": 30}


def parse_size(value: str | int) -> int | None:
    """A size given as bytes (`1048576`) or with a unit, `K`, `M` or `G` (`KiB`, `MiB`,
    `GiB`: powers of 1,024, as `size_shown` writes them; `64M` and `64 MiB` alike); None
    unless it is a whole number of bytes over 0."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value > 0 else None
    digits = value.strip().upper()
    number = digits.rstrip("KMGIB ")
    shift = _UNITS.get(digits[len(number) :].strip())
    number = number.lstrip("0")  # (and no more than 18 digits: int() refuses over 4,300)
    if not number.isdecimal() or not number.isascii() or shift is None or len(number) > _MOST_DIGITS:
        return None
    return int(number) << shift


_MOST_DIGITS = 18  # of a size: 10**18 bytes and more is no size a file has


def size_shown(size: int) -> str:
    """A size in bytes as people read it: `64 MiB` when it is a whole number of KiB, MiB or
    GiB, else `1,234 bytes`."""
    for unit, power in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if size >= 1 << power and size % (1 << power) == 0:
            return f"{size >> power} {unit}"
    return f"{size:,} bytes"


class SourceSettings(NamedTuple):
    """What the readers are told: the column of a table (`--column`), the key of a YAML
    card list or JSON card list (`--key`), the rules of the run (to rebuild a line stored without its dash,
    to tell card types), the folder input names are relative to (for a reader that
    opens an input's other files: see `discovery.Names`; "" for the working directory), how
    far a zip's members may inflate, and the codec a text or table input was read in
    (`--encoding`: the reader is given it as UTF-8; None: it is UTF-8), to name it in
    messages, and the delimiter of a table (`--delimiter`)."""

    column: str | None = None
    key: str | None = None
    rules: RuleSet | None = None
    root: str = ""
    limits: ZipLimits = ZipLimits()
    encoding: str | None = None
    delimiter: str | None = None  # a table's delimiter (`--delimiter`; None: told from the table)


ReaderFunc = Callable[[BinaryIO, str, Callable[[int], None]], "Iterator[Item]"]


class PartReader(Protocol):
    """The reader of a part of a file, for a format whose files can be read in parts (see
    `engine.split`): the next `size` bytes of `stream`, which start where a line does
    (`first`: at the file's start), numbered from 1 within them; it returns how many lines
    the part has, and raises `sources.base.Unsplittable` where the part can't be read alone."""

    def __call__(
        self, stream: BinaryIO, path: str, size: int, *, first: bool
    ) -> Generator[Item, None, int]: ...


def reader_for(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of a format (one of `FORMATS`)."""
    module = importlib.import_module(f"mtg_typeline.sources.{_MODULES[fmt]}")
    make: Callable[[str, SourceSettings], ReaderFunc] = module.make_reader
    return make(fmt, settings)


def part_reader_for(fmt: str, settings: SourceSettings) -> PartReader:
    """The reader of a part of a file of a format whose files are read in parts (one of
    `PART_FORMATS`)."""
    module = importlib.import_module(f"mtg_typeline.sources.{_MODULES[fmt]}")
    make: Callable[[SourceSettings], PartReader] = module.part_reader
    return make(settings)


def named_for_a_reader(path: str) -> bool:
    """Whether a file name is one the readers take: an extension of `EXTENSIONS`, a Magic
    Set Editor `set` or `card …` file, or no extension (the content tells the format)."""
    name = os.path.basename(path.rstrip("/\\")).lower()
    ext = os.path.splitext(name)[1]
    return not ext or ext in EXTENSIONS or name == SET_FILE or name.startswith("card ")
