"""The sources, the stage that reads inputs: a reader per format, in a registry whose names
are the `--input-format` choices.

Each reader turns one input into what it holds (`sources.base`: type lines with their
places, and the reader's own findings about the input), nothing more: the engine checks and
filters. Opening an input and telling its format are in `sources.inputs`. A reader module
is imported only when a file of its format is read: plain text is `sources.text`, and each
other format is a package of its own with its helpers (`tables`, `json_cards`: Scryfall,
MTGJSON and card lists of any shape, `yaml_cards`, `cockatrice`, `mse`) or a module
(`forge`). Shared by readers: which key of a card holds its type line (`cardkeys`), and
inputs in another encoding than UTF-8 (`encodings`).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, BinaryIO, NamedTuple

if TYPE_CHECKING:
    from mtg_typeline.ruleset import RuleSet
    from mtg_typeline.sources.base import Item

BOM = "\ufeff"  # the byte-order mark, which starts some UTF-8 files
UTF8_BOM = BOM.encode("utf-8")
# A Magic Set Editor set: a `.mse-set` zip or folder, or the `set` file of an unzipped one
SET_SUFFIX = ".mse-set"
SET_FILE = "set"
FORMATS = ("text", "scryfall", "mtgjson", "json", "csv", "yaml", "cockatrice", "forge", "mse")
# The files a directory search reads by default (Forge scripts are *.txt; an MSE set is a
# `.mse-set` zip or folder, or its `set` file).
DEFAULT_INCLUDE = ("*.txt", "*.json", "*.csv", "*.tsv", "*.yaml", "*.yml", "*.xml", "*.mse-set", "set")
SNIFF_BYTES = 64 * 1024
# The extensions of the files the readers take; a name without one is read by its content.
EXTENSIONS = tuple(glob[1:] for glob in DEFAULT_INCLUDE if glob.startswith("*."))

_MODULES = {
    "text": "text",
    "scryfall": "json_cards",
    "mtgjson": "json_cards",
    "json": "json_cards",
    "csv": "tables",
    "yaml": "yaml_cards",
    "cockatrice": "cockatrice",
    "forge": "forge",
    "mse": "mse",
}


class SourceSettings(NamedTuple):
    """What the readers are told: the column of a table (`--column`), the key of a YAML
    card file (`--key`), the rules of the run (to rebuild a line stored without its dash,
    to tell card types), the folder input names are relative to (for a reader that
    opens an input's other files: see `discovery.Names`; "" for the working directory), and
    the codec a text or table input was read in (`--encoding`: the reader is given it as
    UTF-8; None: it is UTF-8), to name it in messages."""

    column: str | None = None
    key: str | None = None
    rules: RuleSet | None = None
    root: str = ""
    encoding: str | None = None


ReaderFunc = Callable[[BinaryIO, str, Callable[[int], None]], "Iterator[Item]"]


def reader_for(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of a format (one of `FORMATS`)."""
    module = importlib.import_module(f"mtg_typeline.sources.{_MODULES[fmt]}")
    make: Callable[[str, SourceSettings], ReaderFunc] = module.make_reader
    return make(fmt, settings)


def named_for_a_reader(path: str) -> bool:
    """Whether a file name is one the readers take: an extension of `EXTENSIONS`, a Magic
    Set Editor `set` or `card …` file, or no extension (the content tells the format)."""
    name = os.path.basename(path.rstrip("/\\")).lower()
    ext = os.path.splitext(name)[1]
    return not ext or ext in EXTENSIONS or name == SET_FILE or name.startswith("card ")
