"""Input formats: which reader reads an input, chosen by `--input-format` or by the file's
name and first bytes.

Plain text is read by `sources.text` (streamed, with its own fast loop); every other format
by a reader that yields `sources.base.Entry`s (see there). Readers are imported only when a
file of their format is read.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, BinaryIO, NamedTuple

if TYPE_CHECKING:
    from mtg_typeline.checker import Checker
    from mtg_typeline.ruleset import RuleSet
    from mtg_typeline.sources.base import Entry

BOM = "\ufeff"  # the byte-order mark, which starts some UTF-8 files
UTF8_BOM = BOM.encode("utf-8")
FORMATS = ("text", "scryfall", "mtgjson", "csv", "yaml", "cockatrice", "forge", "mse")
# The files a directory search reads by default (Forge scripts are *.txt; an MSE set is a
# `.mse-set` zip or folder, or its `set` file).
DEFAULT_INCLUDE = ("*.txt", "*.json", "*.csv", "*.tsv", "*.yaml", "*.yml", "*.xml", "*.mse-set", "set")
SNIFF_BYTES = 64 * 1024
# The extensions of the files the readers take; a name without one is read by its content.
EXTENSIONS = tuple(glob[1:] for glob in DEFAULT_INCLUDE if glob.startswith("*."))

_MODULES = {
    "scryfall": "json_cards",
    "mtgjson": "json_cards",
    "csv": "tables",
    "yaml": "yaml_cards",
    "cockatrice": "cockatrice",
    "forge": "forge",
    "mse": "mse",
}


class SourceSettings(NamedTuple):
    """What the readers are told: the column of a table (`--column`), the key of a YAML
    card file (`--key`), the rules of the run (to rebuild a line stored without its dash),
    its checker (for a reader that sorts clean lines out itself: see `Reader`), and the
    folder input names are relative to (for a reader that opens an input's other files:
    see `discovery.Names`; "" for the working directory)."""

    column: str | None = None
    key: str | None = None
    rules: RuleSet | None = None
    checker: Checker | None = None
    root: str = ""


ReaderFunc = Callable[[BinaryIO, str, Callable[[int], None]], "Iterator[Entry | int]"]


def reader_for(fmt: str, settings: SourceSettings) -> ReaderFunc:
    """The reader of a format other than text."""
    module = importlib.import_module(f"mtg_typeline.sources.{_MODULES[fmt]}")
    make: Callable[[str, SourceSettings], ReaderFunc] = module.make_reader
    return make(fmt, settings)


def named_for_a_reader(path: str) -> bool:
    """Whether a file name is one the readers take: an extension of `EXTENSIONS`, a Magic
    Set Editor `set` or `card …` file, or no extension (the content tells the format)."""
    name = os.path.basename(path.rstrip("/\\")).lower()
    ext = os.path.splitext(name)[1]
    return not ext or ext in EXTENSIONS or name == "set" or name.startswith("card ")


# How JSON begins (a line of text like `[bold] — Elf` does not).
_JSON_START = re.compile(rb'\{\s*["}]|\[\s*(?:[\[\]{"\d-]|true|false|null)')
_BY_EXTENSION = {".mse-set": "mse", ".csv": "csv", ".tsv": "csv", ".yaml": "yaml", ".yml": "yaml"}


def detect(path: str, head: bytes) -> str:
    """The format of an input from its name and its first bytes (`head`)."""
    name = os.path.basename(path.rstrip("/\\")).lower()
    ext = os.path.splitext(name)[1]
    start = head.lstrip(UTF8_BOM + b" \t\r\n")
    if ext in _BY_EXTENSION:
        found = _BY_EXTENSION[ext]
    elif ext == ".xml" or start.startswith((b"<?xml", b"<cockatrice", b"<!--")):
        found = "cockatrice"
    elif ext == ".json" or _JSON_START.match(start):
        found = _json_kind(head)
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
    delimiters = [delimiter for delimiter in ",;\t" if delimiter in text]
    if not delimiters:  # (a line of a text of type lines: no need to load the table reader)
        return False
    import csv

    from mtg_typeline.sources.tables import TYPE_HEADERS

    for delimiter in delimiters:
        try:
            cells = next(csv.reader([text], delimiter=delimiter), [])
        except csv.Error:  # not a row of this delimiter
            continue
        if len(cells) > 1 and any(_HEADER_NOISE.sub("", cell).lower() in TYPE_HEADERS for cell in cells):
            return True
    return False


def _json_kind(head: bytes) -> str:
    """MTGJSON files have `"meta"`, `"data"` with sets or cards that carry `"uuid"`/`"types"`
    arrays; everything else JSON is read as Scryfall. Keys Scryfall never has tell MTGJSON
    without `meta` when what follows fills the head: a set's `"baseSetSize"` (sorted before
    its `booster` section) and a face's `"faceName"` (before its `foreignData`)."""
    sample = head[:SNIFF_BYTES]
    if b'"type_line"' in sample or b'"object"' in sample:
        return "scryfall"
    markers = (b'"meta"', b'"uuid"', b'"types"', b'"supertypes"', b'"baseSetSize"', b'"faceName"')
    if any(key in sample for key in markers):
        return "mtgjson"
    return "scryfall"


def _looks_like_forge(head: bytes) -> bool:
    lines = head[:4096].removeprefix(UTF8_BOM).splitlines()
    keys = {line.split(b":", 1)[0].strip() for line in lines if b":" in line}
    return b"Name" in keys and b"Types" in keys


def _looks_like_mse(head: bytes) -> bool:
    text = head[:4096]
    return b"mse_version:" in text or b"\ncard:" in text or text.startswith(b"card:")


# A line of a text file that holds type lines: one of its words is a card type or supertype.
_WORD = re.compile(r"[^\W\d_]+")  # (`Creature-Goblin` is two words, as the checks read it)
_TEXT_SAMPLE_LINES = 200


def holds_type_lines(head: bytes, rules: RuleSet) -> bool:
    """Whether the start of a text file looks like type lines: at least half of its first
    lines (blank lines and `#` comments aside) hold a word that is a card type or supertype
    of `rules`, or an obsolete one, or Token or Emblem, in any case. A file of nothing but
    blank lines and comments counts as one (there is nothing in it to report), and so does
    one that is not text at all (UTF-16, NUL bytes): the text reader says what is wrong."""
    sample = type_word_lines(head, rules)
    return sample is None or sample.holds


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
    """The sample `holds_type_lines` judges by; None for input that is not text at all."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in head:
        return None
    words = {word.casefold() for word in (*rules.card_types, *rules.supertypes, "Token", "Emblem")}
    kinds = ("card_type", "supertype")
    words.update(rename.old.casefold() for rename in rules.renames if rename.kind in kinds)
    seen = typed = 0
    for line in head.decode("utf-8", "replace").splitlines():
        text = line.strip().lstrip(BOM)
        if not text or text.startswith("#"):
            continue
        seen += 1
        typed += any(word.casefold() in words for word in _WORD.findall(text))
        if seen == _TEXT_SAMPLE_LINES:
            break
    return TypeWordLines(seen, typed)
