"""One CR text imported: its effective date, the facts of its type-line section, and the
summary of each rule its rule file cites.

The steps, each in its module: `section` (bytes to the numbered rules of the section, and the
date), `facts` (the rules to the lists and citations, with `unread` making sure nothing was
left unread), `summaries` (a summary for each cited rule), `layout` (the rule file's text).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from mtg_typeline.crimport.beyond import borrowed, outside_rules, section_only, with_outside
from mtg_typeline.crimport.facts import Facts, read_facts
from mtg_typeline.crimport.layout import render
from mtg_typeline.crimport.section import decode, effective_date, find_section, notes_end, split_lines
from mtg_typeline.crimport.summaries import (
    choose,
    edition_facts,
    list_facts,
    load_summaries,
    shipped_summaries,
)
from mtg_typeline.errors import InputError
from mtg_typeline.ruleset import load_rules, shipped_editions


@dataclass(frozen=True)
class Imported:
    """One imported edition: its effective date, its facts and the summaries of its rules."""

    effective: str
    facts: Facts
    summaries: tuple[tuple[str, str], ...]  # rule number -> summary, in the CR's order
    # the text holds the type-line section alone (see `beyond.borrowed`)
    section_only: bool = field(default=False, compare=False)
    summaries_file: str | None = field(default=None, compare=False)

    def text(self) -> str:
        """The rule file."""
        return render(self.effective, self.facts, dict(self.summaries))

    def same_rules(self, other: Imported) -> bool:
        """Whether the two rule files differ in nothing but the edition's date."""
        return (self.facts, self.summaries) == (other.facts, other.summaries)

    def borrow(self, cited: Mapping[str, str], edition: str) -> Imported:
        """A section-only edition with the rules outside its section (`cited`: meaning ->
        rule) of `edition`, the one before it; any other edition as it is."""
        if not self.section_only:
            return self
        facts = borrowed(self.facts, cited, edition)
        return Imported(self.effective, facts, _summarised(facts, self.effective, self.summaries_file))

    def counts(self) -> dict[str, int]:
        counts = {"card_types": len(self.facts.card_types), "supertypes": len(self.facts.supertypes)}
        counts.update({t.key: len(t.entries) for t in self.facts.lists})
        counts["no_subtypes"] = len(self.facts.no_subtypes)
        return counts


def import_cr(data: bytes, source_name: str) -> str:
    """The rule file (YAML text) of the CR text in `data`; `source_name` names it in errors.
    A text of the type-line section alone takes the rules outside it from the shipped
    edition before it (`after_shipped`)."""
    return after_shipped(read_cr(data, source_name)).text()


def after_shipped(imported: Imported) -> Imported:
    """A section-only edition with the rules outside its section of the newest shipped
    edition before it (see `beyond.borrowed`); any other edition as it is."""
    earlier = [edition for edition in shipped_editions() if edition < imported.effective]
    if not imported.section_only or not earlier:
        return imported
    rules = load_rules(earlier[-1])
    return imported.borrow(rules.citations, rules.edition)


def read_cr(data: bytes, source_name: str, summaries_file: str | None = None) -> Imported:
    """Import the CR text in `data`; a `RulesDataError` naming `source_name:line` where it
    does not read."""
    lines = split_lines(decode(data, source_name))
    effective = effective_date(lines, source_name)
    first = notes_end(lines)
    section = find_section(lines, source_name, first)
    facts = read_facts(section)
    alone = section_only(lines, first, section)
    if not alone:
        facts = with_outside(facts, outside_rules(lines, first, section))
    return Imported(effective, facts, _summarised(facts, effective, summaries_file), alone, summaries_file)


def _summarised(facts: Facts, effective: str, summaries_file: str | None) -> tuple[tuple[str, str], ...]:
    """The summary of each rule `facts` cite, in the CR's order."""
    table = load_summaries(summaries_file) if summaries_file else shipped_summaries()
    general = edition_facts(facts)
    chosen: dict[str, str] = {}
    for rule, meaning, conditions in _cited(facts, general):
        chosen.setdefault(rule, choose(table, meaning, conditions, effective))
    return tuple(sorted(chosen.items(), key=lambda item: facts.order.index(item[0])))


def _cited(facts: Facts, general: dict[str, object]) -> Iterator[tuple[str, str, dict[str, object]]]:
    """(rule, meaning, the conditions its summary may test) for every rule the file cites."""
    yield facts.card_types_rule, "card-types", general
    yield facts.supertypes_rule, "supertypes", general
    for type_list in facts.lists:
        yield type_list.rule, f"list:{type_list.key}", list_facts(facts, type_list)
    if facts.no_subtypes_rule is not None:
        yield facts.no_subtypes_rule, "no-subtypes", {**general, "entries": len(facts.no_subtypes)}
    for meaning, rule in facts.citations:
        yield rule, meaning, general


def read_source(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the CR text at `path`; an `InputError` naming it if it can't be read."""
    try:
        with open(path, "rb") as stream:
            return stream.read()
    except OSError as exc:
        raise InputError(f"{os.fspath(path)}: cannot read the CR text: {exc.strerror or exc}") from None


def import_file(path: str | os.PathLike[str]) -> Imported:
    """Import the CR text at `path` (errors name it as given)."""
    return read_cr(read_source(path), os.fspath(path))
