"""The text of a rule file in the layout of the shipped ones (see docs/rules.md, "The format"), and
the YAML scalars the importer writes (`index.yaml` uses them too).

The YAML is written by hand rather than by a YAML dumper, so the layout (key order, short
lists inline, comments) is the same for every edition and a re-import gives the same bytes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from mtg_typeline.crimport.facts import Facts, TypeList

FLOW_MAX = 5  # lists of up to this many entries are written on one line
_CITATION_COMMENTS = {
    "type-line": "what a type line holds",
    "subtype-syntax": "long dash; one subtype per word; plane subtypes are whole",
    "correlation": "each subtype goes with the card type whose list holds it",
    "no-gaining": "no subtype of a card type the object lacks",
    "choose-subtype": "a chosen subtype is one existing subtype of the right card type",
    "obsolete-subtypes": "obsolete printed subtypes; Oracle is authoritative",
    "basic-meaning": "basic means something on lands only",
    "world-meaning": "world means something on permanents only",
    "ongoing-meaning": "ongoing means something on schemes only",
    "kindred-other-type": "a kindred (tribal) card has another card type too",
    "kindred-other-type-general": "the same, among the rules for every card type",
    "planeswalker-legendary": "no planeswalker uniqueness rule; planeswalkers are legendary",
}
_GROUPING_COMMENTS = {
    "words": "one subtype per word, except the multi-word entries, matched as a phrase",
    "whole": "everything after the dash is one subtype",
}
_RESERVED = frozenset(["y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"])
_PLAIN = re.compile(r"[A-Za-z][^\x00-\x1f\x7f\"#:]*[^\s:]|[A-Za-z]")


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
