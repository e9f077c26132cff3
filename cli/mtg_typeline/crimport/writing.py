"""The importer's output: rule summaries chosen from `rules/summaries.yaml`, and the text
of a rule file in the layout of the shipped ones (see README, "Rule files").

The YAML is written by hand rather than by a YAML dumper, so the layout (key order, short
lists inline, comments) is the same for every edition and a re-import gives the same bytes.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from yaml.nodes import ScalarNode

from mtg_typeline.crimport.parse import Facts, TypeList
from mtg_typeline.errors import RulesDataError
from mtg_typeline.ruleset.editions import shipped_folder
from mtg_typeline.ruleset.validate import SCHEMA, read_text
from mtg_typeline.yamlnodes import NodeReader

if TYPE_CHECKING:
    from yaml.nodes import Node

SUMMARIES_FILE = "summaries.yaml"
FLOW_MAX = 5  # lists of up to this many entries are written on one line
_FIXED_MEANINGS = (
    "type-line", "card-types", "supertypes", "subtype-syntax", "correlation", "no-gaining",
    "choose-subtype", "obsolete-subtypes", "no-subtypes",
)  # fmt: skip
_CONDITIONS = {"planes": bool, "multiword": bool, "card_types": list, "entries": int, "phrases": int}
_CITATION_COMMENTS = {
    "type-line": "what a type line holds",
    "subtype-syntax": "long dash; one subtype per word; plane subtypes are whole",
    "correlation": "each subtype goes with the card type whose list holds it",
    "no-gaining": "no subtype of a card type the object lacks",
    "choose-subtype": "a chosen subtype is one existing subtype of the right card type",
    "obsolete-subtypes": "obsolete printed subtypes; Oracle is authoritative",
}
_GROUPING_COMMENTS = {
    "words": "one subtype per word, except the multi-word entries, matched as a phrase",
    "whole": "everything after the dash is one subtype",
}
_RESERVED = frozenset(["y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"])
_PLAIN = re.compile(r"[A-Za-z][^\x00-\x1f\x7f\"#:]*[^\s:]|[A-Za-z]")


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
    }


def list_facts(facts: Facts, type_list: TypeList) -> dict[str, object]:
    return {
        **edition_facts(facts),
        "card_types": tuple(sorted(type_list.card_types)),
        "entries": len(type_list.entries),
        "phrases": sum(" " in e for e in type_list.entries),
    }


def render(effective: str, facts: Facts, summaries: Mapping[str, str]) -> str:
    """The rule file: `summaries` maps each cited rule number to its summary."""
    return "\n".join(_lines(effective, facts, summaries)) + "\n"


def _lines(effective: str, facts: Facts, summaries: Mapping[str, str]) -> Iterator[str]:
    section = facts.section
    yield f"# mtg-typeline rule file: Comprehensive Rules edition effective {effective}, type-line section."
    yield from (f"# {note}." for note in facts.notes)
    yield "schema: 1"
    yield f"edition: {quote(effective)}"
    yield f"name: {scalar(f'Comprehensive Rules {effective}')}"
    source = f"Magic: The Gathering Comprehensive Rules, effective {effective}, section {section} (Type Line)"
    yield f"source: {scalar(source)}"
    yield f"section: {quote(section)}"
    yield from _named("card_types", facts.card_types_rule, facts.card_types)
    yield from _named("supertypes", facts.supertypes_rule, facts.supertypes)
    yield "subtypes:"
    for type_list in facts.lists:
        yield from _subtype_list(type_list)
    if facts.no_subtypes_rule is not None:
        yield "no_subtypes:"
        yield f"  rule: {quote(facts.no_subtypes_rule)}"
        yield f"  card_types: {flow(facts.no_subtypes)}"
    yield "rules:"
    yield from (f"  {quote(rule)}: {scalar(text)}" for rule, text in summaries.items())
    yield "citations:"
    for meaning, rule in facts.citations:
        yield f"  {meaning}: {quote(rule)}  # {_CITATION_COMMENTS[meaning]}"


def _named(key: str, rule: str, entries: tuple[str, ...]) -> Iterator[str]:
    yield f"{key}:"
    yield f"  rule: {quote(rule)}"
    yield from _entries(entries, "  ")


def _subtype_list(type_list: TypeList) -> Iterator[str]:
    yield f"  {type_list.key}:"
    yield f"    rule: {quote(type_list.rule)}"
    yield f"    name: {scalar(f'{type_list.key} types')}"
    yield f"    card_types: {flow(type_list.card_types)}"
    grouping = "whole" if type_list.whole else "words"
    if type_list.whole or any(" " in entry for entry in type_list.entries):
        yield f"    grouping: {grouping}  # {_GROUPING_COMMENTS[grouping]}"
    yield from _entries(type_list.entries, "    ")


def _entries(entries: tuple[str, ...], indent: str) -> Iterator[str]:
    if len(entries) <= FLOW_MAX:
        yield f"{indent}entries: {flow(entries)}"
        return
    yield f"{indent}entries:"
    yield from (f"{indent}  - {scalar(entry)}" for entry in entries)


def flow(items: tuple[str, ...]) -> str:
    return "[" + ", ".join(scalar(item, in_flow=True) for item in items) + "]"


def scalar(text: str, *, in_flow: bool = False) -> str:
    """`text` as a YAML scalar: plain where YAML reads it back as this same string."""
    plain = _PLAIN.fullmatch(text) and text.lower() not in _RESERVED
    if plain and not (in_flow and any(c in text for c in ",[]{}")):
        return text
    return quote(text)


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
