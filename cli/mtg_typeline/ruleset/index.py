"""Reading and validating `rules/index.yaml`, the index of the rule files, for
`mtg_typeline.ruleset.editions`.

Only a run that finds no cached index, or a caller that asks for every entry of the index
(`Index.entries`), loads this module, and with it PyYAML.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Any

from mtg_typeline.errors import RulesDataError
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset.model import is_date
from mtg_typeline.yamlnodes import NodeReader

if TYPE_CHECKING:
    from yaml.nodes import Node

__all__ = ["IndexEntry", "parse_index", "read_index_file"]

SCHEMA = 1
_FILE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}\.yaml$")
_ENTRY_KEYS = ("edition", "file", "section", "first_source", "last_source", "covers", "counts")


class IndexEntry(NamedTuple):
    """One rule file of the index and the editions it stands for."""

    edition: str  # the effective date of the first edition covered: the file's own edition
    file: str  # the rule file's name, in the index's folder
    section: str  # the number of the type-line section: "204" before 2011-09-30, then "205"
    covers: tuple[tuple[str, str], ...]  # (effective date, CR text imported), oldest first
    counts: tuple[tuple[str, int], ...]  # entries per list: card_types, supertypes, each subtype list…
    notes: tuple[str, ...] = ()  # what the importer had to leave out of the file

    @property
    def dates(self) -> tuple[str, ...]:
        """The effective dates of the editions the file stands for, oldest first."""
        return tuple(day for day, _ in self.covers)

    @classmethod
    def from_data(cls, item: list[Any] | tuple[Any, ...]) -> IndexEntry:
        """An entry from the plain data `parse_index` gives (as kept in the rule cache)."""
        edition, file, section, covers, counts, notes = item
        return cls(edition, file, section, tuple(map(tuple, covers)), tuple(map(tuple, counts)), tuple(notes))


def read_index_file(path: str, folder: str) -> dict[str, Any]:
    """Read and validate the index at `path`, whose rule files are in `folder`."""
    try:
        with open(path, "rb") as stream:
            text = stream.read().decode("utf-8")
    except OSError as exc:
        raise RulesDataError(
            f"{path}: cannot read the index of the rule files: {exc.strerror or exc}"
        ) from None
    except UnicodeDecodeError:
        raise RulesDataError(f"{path}: the index of the rule files is not UTF-8") from None
    return parse_index(path, text, folder)


def parse_index(path: str, text: str, folder: str) -> dict[str, Any]:
    """Validate the index text. Plain data (for the rule cache): `editions`, each covered
    effective date -> its rule file's name, oldest first; `entries`, one tuple per file."""
    reader = NodeReader(path)
    top = reader.mapping(reader.compose(text), "the index", ("schema", "files"))
    if reader.integer(top["schema"], "schema") != SCHEMA:
        raise reader.fail(top["schema"], f"only schema {SCHEMA} is supported")
    editions: dict[str, str] = {}
    entries = []
    items = reader.sequence(top["files"], "files")
    if not items:
        raise reader.fail(top["files"], "files must not be empty")
    for item in items:
        entry = _entry(reader, item, folder, after=next(reversed(editions), ""))
        editions.update((day, entry[1]) for day, _ in entry[3])
        entries.append(entry)
    return {"editions": editions, "entries": entries}


def _entry(reader: NodeReader, node: Node, folder: str, after: str) -> tuple[Any, ...]:
    """One file's entry, as a tuple; the dates it covers must all come after `after`."""
    fields = reader.mapping(node, "an index entry", _ENTRY_KEYS, ("notes",))
    edition = _date(reader, fields["edition"], "edition")
    file = reader.string(fields["file"], "file")
    if not _FILE_RE.match(file) or file != f"{edition}.yaml":
        raise reader.fail(fields["file"], f"file {file!r} must be named by its edition: {edition}.yaml")
    if not os.path.isfile(os.path.join(folder, file)):
        raise reader.fail(fields["file"], f"the rule file {file} is missing")
    covers = _covers(reader, fields["covers"], after)
    if covers[0][0] != edition:
        raise reader.fail(fields["covers"], f"the first edition covered must be the file's own, {edition}")
    counts = [
        (key, reader.integer(value, f"counts.{key}"))
        for key, (_, value) in reader.any_mapping(fields["counts"], "counts").items()
    ]
    notes = reader.string_list(fields["notes"], "notes") if "notes" in fields else ()
    for key in ("first_source", "last_source"):
        reader.string(fields[key], key)
    section = reader.string(fields["section"], "section")
    return (edition, file, section, covers, counts, list(notes))


def _covers(reader: NodeReader, node: Node, after: str) -> list[tuple[str, str]]:
    """The (date, source) pairs of `covers`, each date later than the one before."""
    covers: list[tuple[str, str]] = []
    for item in reader.sequence(node, "covers"):
        fields = reader.mapping(item, "a covered edition", ("edition", "source"))
        day = _date(reader, fields["edition"], "edition")
        if day <= (covers[-1][0] if covers else after):
            raise reader.fail(
                fields["edition"], f"edition {day} is out of order (dates rise through the index)"
            )
        covers.append((day, reader.string(fields["source"], "source")))
    if not covers:
        raise reader.fail(node, "covers must not be empty")
    return covers


def _date(reader: NodeReader, node: Node, what: str) -> str:
    text = reader.string(node, what)
    if not is_date(text):
        raise reader.fail(node, f"{what} {text!r} is not a date (YYYY-MM-DD)")
    return text
