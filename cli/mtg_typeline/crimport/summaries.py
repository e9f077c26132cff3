"""The summaries of the rules a rule file cites, chosen from `rules/summaries.yaml`.

Summaries are written in our own words and keyed by what a rule means (`card-types`,
`list:creature`, `no-gaining`, …) rather than by its number, so they carry across
renumbering. A meaning has variants, each with the conditions under which it fits an edition
(`planes: true`, `entries: 4`); the first variant whose conditions the edition's facts meet
is its summary. The table is read as strictly as a rule file (`file:line:column` in errors).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from yaml.nodes import ScalarNode

from mtg_typeline.crimport.facts import Facts, TypeList
from mtg_typeline.errors import RulesDataError
from mtg_typeline.ruleset.editions import shipped_folder
from mtg_typeline.ruleset.validate import SCHEMA, read_text
from mtg_typeline.yamlnodes import NodeReader

if TYPE_CHECKING:
    from yaml.nodes import Node

SUMMARIES_FILE = "summaries.yaml"
_FIXED_MEANINGS = (
    "type-line", "card-types", "supertypes", "subtype-syntax", "correlation", "no-gaining",
    "choose-subtype", "obsolete-subtypes", "no-subtypes", "basic-meaning", "world-meaning",
    "ongoing-meaning", "kindred-other-type", "kindred-other-type-general", "planeswalker-legendary",
)  # fmt: skip
_CONDITIONS = {
    "planes": bool,
    "multiword": bool,
    "kindred": bool,
    "card_types": list,
    "entries": int,
    "phrases": int,
}


@dataclass(frozen=True)
class Variant:
    """A summary and the conditions under which it fits an edition."""

    when: tuple[tuple[str, object], ...]
    text: str


@dataclass(frozen=True)
class Summaries:
    """The table of summaries: meaning -> variants, tried in order."""

    path: str
    variants: Mapping[str, tuple[Variant, ...]]


def summaries_path() -> str:
    return os.path.join(shipped_folder(), SUMMARIES_FILE)


@cache
def shipped_summaries() -> Summaries:
    """The shipped table, read once per process."""
    return load_summaries(summaries_path())


def load_summaries(path: str) -> Summaries:
    """The table of summaries by meaning, read strictly (`file:line:column` in errors)."""
    reader = NodeReader(path)
    top = reader.mapping(reader.compose(read_text(path)), "the summaries file", ("schema", "summaries"))
    if reader.integer(top["schema"], "schema") != SCHEMA:
        raise reader.fail(top["schema"], f"only schema {SCHEMA} is supported")
    table: dict[str, tuple[Variant, ...]] = {}
    for meaning, (key_node, value) in reader.any_mapping(top["summaries"], "summaries").items():
        if meaning not in _FIXED_MEANINGS and not re.fullmatch(r"list:[a-z][a-z0-9_]*", meaning):
            raise reader.fail(key_node, f"unknown meaning {meaning!r}")
        items = reader.sequence(value, meaning)
        if not items:
            raise reader.fail(value, f"{meaning} has no summary")
        table[meaning] = tuple(_variant(reader, item, meaning) for item in items)
    return Summaries(path, table)


def _variant(reader: NodeReader, node: Node, meaning: str) -> Variant:
    fields = reader.mapping(node, f"a summary of {meaning}", ("text",), ("when",))
    text = reader.string(fields["text"], "text")
    if len(text) > 120 or not text[0].isupper() or not text.endswith(".") or "\n" in text:
        raise reader.fail(
            fields["text"], "a summary is one sentence of at most 120 characters, ending in '.'"
        )
    when: list[tuple[str, object]] = []
    if "when" in fields:
        for key, (key_node, value) in reader.any_mapping(fields["when"], "when").items():
            when.append((key, _condition(reader, key, key_node, value)))
    return Variant(tuple(when), text)


def _condition(reader: NodeReader, key: str, key_node: Node, value: Node) -> object:
    kind = _CONDITIONS.get(key)
    if kind is None:
        raise reader.fail(key_node, f"unknown condition {key!r} (known: {', '.join(_CONDITIONS)})")
    if kind is list:
        return tuple(sorted(reader.string_list(value, key)))
    if kind is int:
        return reader.integer(value, key)
    if not isinstance(value, ScalarNode) or value.tag != "tag:yaml.org,2002:bool":
        raise reader.fail(value, f"{key} must be true or false")
    return str(value.value).lower() in ("true", "yes", "on")  # YAML 1.1 spellings of true


def choose(table: Summaries, meaning: str, facts: Mapping[str, object], edition: str) -> str:
    """The first variant of `meaning` whose conditions `facts` meet."""
    for variant in table.variants.get(meaning, ()):
        if all(facts.get(key) == value for key, value in variant.when):
            return variant.text
    shown = ", ".join(f"{k} {v}" for k, v in facts.items())
    raise RulesDataError(
        f"{table.path}: no summary of {meaning!r} fits the edition {edition} ({shown}): add a variant"
    )


def edition_facts(facts: Facts) -> dict[str, object]:
    """The conditions every meaning may test."""
    return {
        "planes": any(t.whole for t in facts.lists),
        "multiword": any(" " in e for t in facts.lists if not t.whole for e in t.entries),
        "kindred": "Kindred" in facts.card_types,
    }


def list_facts(facts: Facts, type_list: TypeList) -> dict[str, object]:
    return {
        **edition_facts(facts),
        "card_types": tuple(sorted(type_list.card_types)),
        "entries": len(type_list.entries),
        "phrases": sum(" " in e for e in type_list.entries),
    }
