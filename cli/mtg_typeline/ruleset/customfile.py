"""Reading a custom rule file: `extends:`, `name:`, `add:`, `remove:` and `lists:`.

A custom rule file describes changes to other rules rather than a whole edition::

    extends: newest
    add:
      creature: [Clamfolk]

This module checks the file's own shape (keys, types, duplicates, `file:line:column` in
every error) into a `CustomFile`; what the changes mean against the rules it extends is
checked when they are applied (`mtg_typeline.ruleset.extend`). docs/rules.md ("Custom rule files")
documents the schema.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, TypeGuard

from yaml.nodes import MappingNode, ScalarNode

from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset.editions import NEWEST
from mtg_typeline.ruleset.provenance import CARD_TYPES, SUPERTYPES
from mtg_typeline.yamlnodes import NodeReader

if TYPE_CHECKING:
    from yaml.nodes import Node

SCHEMA = 1
EXTENDS = "extends"
_TOP_OPTIONAL = ("name", "add", "remove", "lists", "schema")
_NEW_LIST_KEYS = ("name", "card_types", "entries")
_CHANGES = ("add", "remove", "lists")
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_LIST_KEY_RE = re.compile(r"^[a-z][a-z0-9_]*$")
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
WHAT = "the custom rule file"

Entries = tuple[tuple[str, "Node"], ...]  # each entry with its node, for errors


class Extends(NamedTuple):
    """What a custom file extends: a shipped edition (`newest` or a date) or another file."""

    value: str
    node: Node
    edition: str | None  # "newest" or a date; None when `value` is a path

    def path_from(self, file: str) -> str:
        """The path of the extended file: relative to the directory of `file`."""
        return os.path.normpath(os.path.join(os.path.dirname(file), self.value))


class Change(NamedTuple):
    """The entries `add:` or `remove:` names for one category."""

    category: str
    node: Node  # the category's key
    entries: Entries


class NewList(NamedTuple):
    """A subtype list a custom file makes, for a card type of its own."""

    key: str
    node: Node  # the list's key
    name: str
    card_types: Entries
    entries: Entries
    whole: bool


class CustomFile(NamedTuple):
    """A custom rule file, checked for shape; `reader` makes its errors."""

    path: str
    reader: NodeReader
    extends: Extends
    name: str | None
    remove: tuple[Change, ...]
    add: tuple[Change, ...]
    lists: tuple[NewList, ...]

    @property
    def label(self) -> str:
        """How diagnostics name the file: its name, without the directories."""
        return os.path.basename(self.path)


def is_custom(root: Node | None) -> TypeGuard[MappingNode]:
    """Whether a composed rule file is a custom one: a mapping with an `extends` key."""
    if not isinstance(root, MappingNode):
        return False
    return any(isinstance(key, ScalarNode) and key.value == EXTENDS for key, _ in root.value)


def check_not_partial(reader: NodeReader, root: Node | None) -> None:
    """A file without `extends:` is a full rule file; one with the keys of a custom file
    only lacks its `extends:`, and is told so rather than that `add` is an unknown key."""
    if not isinstance(root, MappingNode):
        return
    keys = {key.value: key for key, _ in root.value if isinstance(key, ScalarNode)}
    found = [keys[name] for name in _CHANGES if name in keys]
    if found and EXTENDS not in keys and "schema" not in keys:
        raise reader.fail(
            found[0],
            f"{found[0].value!r} belongs in a custom rule file, which needs 'extends:' "
            "(newest, an edition's date, or the path of the rule file it changes)",
        )


def read_custom(reader: NodeReader, root: Node) -> CustomFile:
    """The changes of a composed custom rule file, checked for shape."""
    top = reader.mapping(root, WHAT, (EXTENDS,), _TOP_OPTIONAL)
    if "schema" in top and reader.integer(top["schema"], "schema") != SCHEMA:
        raise reader.fail(
            top["schema"], f"schema {top['schema'].value} is not supported (this tool reads {SCHEMA})"
        )
    return CustomFile(
        path=reader.path,
        reader=reader,
        extends=_extends(reader, top[EXTENDS]),
        name=reader.string(top["name"], "name") if "name" in top else None,
        remove=_changes(reader, top, "remove"),
        add=_changes(reader, top, "add"),
        lists=_new_lists(reader, top["lists"]) if "lists" in top else (),
    )


def _extends(reader: NodeReader, node: Node) -> Extends:
    if isinstance(node, ScalarNode) and node.tag == _TIMESTAMP:
        value = str(node.value)  # an unquoted date
    else:
        value = reader.string(node, EXTENDS)
    if value == NEWEST or _DATE_RE.match(value):
        return Extends(value, node, value)
    return Extends(value, node, None)


def _changes(reader: NodeReader, top: dict[str, Node], section: str) -> tuple[Change, ...]:
    if section not in top:
        return ()
    changes = []
    for category, (key_node, value) in reader.any_mapping(top[section], section).items():
        changes.append(Change(category, key_node, _entries(reader, value, f"{section}.{category}")))
    return tuple(changes)


def _entries(reader: NodeReader, node: Node, what: str) -> Entries:
    values = reader.string_list(node, what)
    return tuple(zip(values, reader.sequence(node, what), strict=True))


def _new_lists(reader: NodeReader, node: Node) -> tuple[NewList, ...]:
    found = []
    for key, (key_node, value) in reader.any_mapping(node, "lists").items():
        if not _LIST_KEY_RE.match(key):
            raise reader.fail(key_node, f"list key {key!r} must be lower case, like 'creature'")
        if key in (CARD_TYPES, SUPERTYPES):
            raise reader.fail(key_node, f"{key!r} is not a subtype list; add to it under 'add:'")
        what = f"lists.{key}"
        fields = reader.mapping(value, what, _NEW_LIST_KEYS, ("grouping",))
        grouping = reader.string(fields["grouping"], f"{what}.grouping") if "grouping" in fields else "words"
        if grouping not in ("words", "whole"):
            raise reader.fail(fields["grouping"], f"{what}.grouping must be 'words' or 'whole'")
        found.append(
            NewList(
                key=key,
                node=key_node,
                name=reader.string(fields["name"], f"{what}.name"),
                card_types=_entries(reader, fields["card_types"], f"{what}.card_types"),
                entries=_entries(reader, fields["entries"], f"{what}.entries"),
                whole=grouping == "whole",
            )
        )
    return tuple(found)
