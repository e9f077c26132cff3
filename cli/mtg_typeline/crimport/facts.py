"""The facts of a type-line section (`Facts`): card types, supertypes, the subtype lists,
the card types without subtypes, and which rule carries each meaning the checks cite. The
importer's second step, after `section`; `unread` checks what it did not read.

The CR writes its lists as prose ("A, B (see rule 301.5), and C."); a list that does not read
as one — a missing "and", no closing period, an item that is not a type name — is an error
naming its line, so a damaged text can never give a silently shorter list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mtg_typeline.crimport.section import Rule, Section
from mtg_typeline.crimport.unread import check_coverage, check_leftover, check_unread_rules
from mtg_typeline.notation import fold
from mtg_typeline.ruleset.validate import REQUIRED_CITATIONS

# The card types whose subtype is everything after the dash (CR 205.3b).
WHOLE_CARD_TYPES = frozenset({"Plane"})
# Patterns that identify the rule carrying each cited meaning: each must be found in the
# rule's folded text. The two verbs are matched in any form and wording within one sentence,
# so a rephrased rule ("cannot gain subtypes that …") is still found.
CITATION_MARKERS = {
    "type-line": ("type line", "card type"),
    "subtype-syntax": ("long dash",),
    "correlation": ("each subtype is correlated",),
    "no-gaining": (r"\bgain(?:s|ed|ing)?\b[^.]*\bsubtypes?\b",),
    "choose-subtype": (r"\bchoos(?:e|es|ing)\b[^.]*\bsubtypes?\b",),
    "obsolete-subtypes": ("now obsolete", "oracle"),
    # what a supertype means, said only of some objects: lands, permanents, schemes
    "basic-meaning": (r"\bsupertype\W+basic\b", r"\blands?\b"),
    "world-meaning": (r"\bsupertype\W+world\b", r"\bpermanents?\b"),
    "ongoing-meaning": (r"\bsupertype\W+ongoing\b", r"\bschemes?\b"),
}
# Meanings every edition of a section states: an edition whose rule can't be found is an error.
_REQUIRED_IN_SECTION = {"205": ("no-gaining",)}
_NAME = r"[A-Z][\w’'\-]*(?: [A-Z][\w’'\-]*)*"
_ENTRY = re.compile(_NAME)
_LOWER_WORD = re.compile(r"[a-z]+")
_PAREN = re.compile(r"\s*\([^()]*\)")
_INTRO = re.compile(
    r"^(?P<subject>.+?) (?:have|has|share) [^;,]+[;,] (?:these subtypes are |this subtype is )?"
    r"called (?:an? )?(?P<kind>[a-z]+) types?\.(?: (?P<rest>.*))?$"
)
_LISTING = re.compile(
    r"^(?:The|That|The only) (?P<kind>[a-z]+) types? (?:at this time )?(?:are|is) (?P<items>.+)$"
)
_LENGTH = re.compile(
    r"^(?:One|Some|All other|All) (?P<kind>[a-z]+) types? (?:is|are) (?P<words>one|two|three) words? long: "
    r"(?P<items>.+)$"
)
_WORDS = {"one": 1, "two": 2, "three": 3}
_NO_SUBTYPES = (
    re.compile(r"^(?P<items>.+) have no subtypes\.$"),
    re.compile(r"^Neither (?P<items>.+) have subtypes\.$"),
)


@dataclass(frozen=True)
class TypeList:
    """A subtype list as the CR gives it."""

    key: str  # "creature", from "called creature types"
    rule: str
    card_types: tuple[str, ...]
    entries: tuple[str, ...]
    whole: bool


@dataclass(frozen=True)
class Facts:
    """The facts of one edition's type-line section (without the effective date)."""

    section: str
    card_types: tuple[str, ...]
    card_types_rule: str
    supertypes: tuple[str, ...]
    supertypes_rule: str
    lists: tuple[TypeList, ...]
    no_subtypes: tuple[str, ...]
    no_subtypes_rule: str | None  # the oldest editions have no such rule
    citations: tuple[tuple[str, str], ...]  # meaning -> rule, in the rule files' order
    # every rule number of the section, in the CR's order: not compared, as a rule the file
    # does not cite does not make the file differ
    order: tuple[str, ...] = field(compare=False)
    notes: tuple[str, ...]  # what the importer had to leave out, and why


def read_facts(section: Section) -> Facts:
    """The facts of `section`; a `RulesDataError` naming the line where they don't read."""
    card_rule, card_types = _simple_list(section, "card types")
    super_rule, supertypes = _simple_list(section, "supertypes")
    citations = _citations(section)
    lists = tuple(_type_lists(section, frozenset(card_types), dict(citations)["subtype-syntax"]))
    no_rule, no_subtypes, notes = _no_subtypes(section, card_types)
    read = {*(t.rule for t in lists), *([no_rule] if no_rule else [])}
    check_unread_rules(section, card_types, read, f"{section.number}.3")  # 205.3: "Subtypes"
    covered = {*(c for t in lists for c in t.card_types), *no_subtypes}
    check_coverage(section, card_types, card_rule, covered)
    return Facts(
        section=section.number,
        card_types=card_types,
        card_types_rule=card_rule,
        supertypes=supertypes,
        supertypes_rule=super_rule,
        lists=lists,
        no_subtypes=no_subtypes,
        no_subtypes_rule=no_rule,
        citations=citations,
        order=tuple(r.number for r in section.rules),
        notes=notes,
    )


def _simple_list(section: Section, what: str) -> tuple[str, tuple[str, ...]]:
    """The rule with the sentence "The <what> are a, b, and c." and its (capitalised) items."""
    pattern = re.compile(rf"(?:^|\. )The {what} are (.+)$")
    for rule in section.rules:
        match = pattern.search(rule.text)
        if match:
            items = split_items(section, rule, first_sentence(section, rule, match.group(1)))
            for item in items:
                if not _LOWER_WORD.fullmatch(item):
                    raise section.fail(rule.line, f"rule {rule.number}: {item!r} is not one of the {what}")
            return rule.number, tuple(item[:1].upper() + item[1:] for item in items)
    raise section.fail(section.line, f"no rule of section {section.number} lists the {what}")


def first_sentence(section: Section, rule: Rule, text: str) -> str:
    """`text` up to its first full stop outside parentheses; an error if it has none."""
    depth = 0
    for index, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if char == "." and depth == 0 and text[index + 1 : index + 2] in ("", " "):
            return text[:index]
    raise section.fail(rule.line, f"rule {rule.number}: the list does not end (no full stop after it)")


def split_items(section: Section, rule: Rule, prose: str) -> list[str]:
    """The items of "A, B (see rule 301.5), and C", "A, and B", "A and B" or "A"."""
    prose = _PAREN.sub("", prose).strip()
    if "," not in prose:
        items = prose.split(" and ")
        if len(items) > 2:
            raise section.fail(rule.line, f"rule {rule.number}: cannot read the list {prose!r}")
        return [item.strip() for item in items]
    items = [item.strip() for item in prose.split(",")]
    if not items[-1].startswith("and "):
        raise section.fail(
            rule.line, f"rule {rule.number}: the list ends with {items[-1]!r}, not 'and …' (cut short?)"
        )
    items[-1] = items[-1][len("and ") :].strip()
    if any(not item or " and " in item for item in items):
        raise section.fail(rule.line, f"rule {rule.number}: cannot read the list {prose!r}")
    return items


def _citations(section: Section) -> tuple[tuple[str, str], ...]:
    """Meaning -> the first rule carrying it, in the order of CITATION_MARKERS."""
    found: list[tuple[str, str]] = []
    required = (*REQUIRED_CITATIONS, *_REQUIRED_IN_SECTION.get(section.number, ()))
    for meaning, markers in CITATION_MARKERS.items():
        rule = next((r for r in section.rules if all(re.search(m, fold(r.text)) for m in markers)), None)
        if rule is not None:
            found.append((meaning, rule.number))
        elif meaning in required:
            raise section.fail(section.line, f"no rule of section {section.number} carries {meaning!r}")
    return tuple(found)


def _type_lists(section: Section, card_types: frozenset[str], syntax_rule: str) -> list[TypeList]:
    syntax = fold(next(r.text for r in section.rules if r.number == syntax_rule))
    lists = []
    for rule in section.rules:
        match = _INTRO.match(rule.text)
        if match:
            kind = match.group("kind")
            owners = _subject_types(section, rule, match.group("subject"), card_types)
            whole = bool(WHOLE_CARD_TYPES & set(owners))
            entries = _entries(section, rule, kind, match.group("rest") or "")
            _check_entries(section, rule, entries, whole or _phrases_allowed(syntax, kind))
            lists.append(TypeList(kind, rule.number, owners, entries, whole))
    if not lists:
        raise section.fail(section.line, f"no rule of section {section.number} lists subtypes")
    return lists


def _phrases_allowed(syntax: str, kind: str) -> bool:
    """Whether the subtype-syntax rule lets subtypes of this list be two words (creature types
    from 2023-10-13 on); elsewhere an entry of two words is a misread list."""
    return ("two words" in syntax or "two-word" in syntax) and re.search(rf"\b{kind}\b", syntax) is not None


def _subject_types(section: Section, rule: Rule, subject: str, known: frozenset[str]) -> tuple[str, ...]:
    """ "Instants and sorceries" -> (Instant, Sorcery); "One dungeon card (Undercity)" -> (Dungeon,)."""
    subject = re.sub(r"^One (\w+) card$", r"\1", _PAREN.sub("", subject).strip())
    names = []
    for item in split_items(section, rule, subject):
        word = item.lower()
        singular = word[:-3] + "y" if word.endswith("ies") else word.removesuffix("s")
        name = singular[:1].upper() + singular[1:]
        if name not in known:
            raise section.fail(rule.line, f"rule {rule.number}: {item!r} is not a card type of this edition")
        names.append(name)
    return tuple(names)


def _entries(section: Section, rule: Rule, kind: str, rest: str) -> tuple[str, ...]:
    """The entries of every listing sentence after the one that names the list; what follows
    them must not read like a list (see `check_leftover`)."""
    entries: list[str] = []
    while rest:
        listing = _LISTING.match(rest) or _LENGTH.match(rest)
        if not listing or listing.group("kind") != kind:
            break
        sentence = first_sentence(section, rule, listing.group("items"))
        items = split_items(section, rule, sentence)
        words = _WORDS.get(listing.groupdict().get("words") or "")
        if words and any(len(item.split(" ")) != words for item in items):
            raise section.fail(
                rule.line, f"rule {rule.number}: an entry is not {words} word(s) long: {items}"
            )
        entries.extend(items)
        rest = listing.group("items")[len(sentence) + 1 :].strip()
    if not entries:
        raise section.fail(rule.line, f"rule {rule.number}: cannot find the list of {kind} types")
    check_leftover(section, rule, kind, rest)
    return tuple(entries)


def _check_entries(section: Section, rule: Rule, entries: tuple[str, ...], phrases: bool) -> None:
    seen: set[str] = set()
    for entry in entries:
        if not _ENTRY.fullmatch(entry):
            raise section.fail(rule.line, f"rule {rule.number}: {entry!r} is not a type name")
        if " " in entry and not phrases:
            raise section.fail(
                rule.line, f"rule {rule.number}: {entry!r} is several words, but its list takes one a word"
            )
        if fold(entry) in seen:
            raise section.fail(rule.line, f"rule {rule.number}: {entry!r} is listed twice")
        seen.add(fold(entry))


def _no_subtypes(
    section: Section, card_types: tuple[str, ...]
) -> tuple[str | None, tuple[str, ...], tuple[str, ...]]:
    """The rule naming the card types without subtypes, those types, and notes on any it
    names that this edition does not list as card types (left out: the loader requires it)."""
    for rule in section.rules:
        match = next((m for p in _NO_SUBTYPES if (m := p.match(rule.text))), None)
        if match:
            prose = match.group("items").replace(" nor ", " and ")
            names = [_card_name(section, rule, item) for item in split_items(section, rule, prose)]
            kept = tuple(n for n in names if n in card_types)
            notes = tuple(
                f"rule {rule.number} also names {n.lower()} cards, which rule {section.number}.2a "
                "does not list as a card type in this edition: left out of no_subtypes"
                for n in names
                if n not in card_types
            )
            if not kept:
                raise section.fail(rule.line, f"rule {rule.number}: names no card type of this edition")
            return rule.number, kept, notes
    return None, (), ()


def _card_name(section: Section, rule: Rule, item: str) -> str:
    match = re.fullmatch(r"([A-Za-z][a-z]*) cards?", item)
    if not match:
        raise section.fail(rule.line, f"rule {rule.number}: {item!r} is not '<card type> cards'")
    return match.group(1).capitalize()  # the first item of the sentence is capitalised
