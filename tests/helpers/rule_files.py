"""The rule files in rules/ as the rule-data tests read them (with PyYAML, not the package):
the shape a rule file must have (schema 1), what differs between editions, and the copies
of the CR facts in tests/data/cr-lists-<edition>.json.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from conftest import DATA, ROOT

RULES_DIR = ROOT / "rules"
RENAMES_FILE = RULES_DIR / "renames.yaml"
INDEX_FILE = RULES_DIR / "index.yaml"

Facts = dict[str, list[str]]

# --------------------------------------------------------------------------
# Expected shape of a rule file (schema 1)
# --------------------------------------------------------------------------

TOP_KEYS = [
    "schema",
    "edition",
    "name",
    "source",
    "section",
    "card_types",
    "supertypes",
    "subtypes",
    "no_subtypes",
    "rules",
    "citations",
]
LIST_KEYS = ["rule", "entries"]
SUBTYPE_KEYS_REQUIRED = ["rule", "name", "card_types", "entries"]
SUBTYPE_KEYS_ORDER = ["rule", "name", "card_types", "grouping", "entries"]
NO_SUBTYPES_KEYS = ["rule", "card_types"]
SUBTYPE_KINDS = [
    "artifact",
    "enchantment",
    "land",
    "planeswalker",
    "spell",
    "creature",
    "planar",
    "dungeon",
    "battle",
]
GROUPINGS = {"words", "whole"}
WHOLE_GROUPING_KINDS = {"planar"}
CITATION_KEYS = [
    "type-line",
    "subtype-syntax",
    "correlation",
    "no-gaining",
    "choose-subtype",
    "obsolete-subtypes",
]
RENAME_KEYS = ["old", "new", "kind", "since", "source"]
RENAME_KINDS = ["card_type", "supertype", *SUBTYPE_KINDS]
REQUIRED_RENAMES = {
    ("Tribal", "Kindred", "card_type"),
    ("Summon", "Creature", "card_type"),
    ("Interrupt", "Instant", "card_type"),
    ("Hound", "Dog", "creature"),
    ("Naga", "Snake", "creature"),
    ("Cephalid", "Octopus", "creature"),
    ("Viashino", "Lizard", "creature"),
    ("Chicken", "Bird", "creature"),
    ("Kaladesh", "Avishkar", "planar"),
}
# Editions that differ from the newest in shape, by what the CR text of the time says.
NO_NO_SUBTYPES_RULE = {"2009-07-11", "2009-09-04"}  # no "… have no subtypes" rule yet
NO_GAINING_FROM = "2011-09-30"  # the "can't gain a subtype" rule came with section 205
STRAIGHT_APOSTROPHES = {"2019-01-25"}  # and every edition before 2014-02-01
INDEX_ENTRY_KEYS = ["edition", "file", "section", "first_source", "last_source", "covers", "counts"]


def known_shared_subtypes(edition: str) -> dict[str, list[str]]:
    """Words the CR itself puts in more than one subtype list, in an edition."""
    return {"Spacecraft": ["artifact", "planar"]} if edition >= "2025-07-25" else {}


def top_keys(edition: str) -> list[str]:
    return [k for k in TOP_KEYS if k != "no_subtypes" or edition not in NO_NO_SUBTYPES_RULE]


# Citations of the rules that constrain a type line beside the lists, with the first
# edition that has each rule (None: every edition); the last three stand outside the section.
LATER_CITATIONS = {
    "basic-meaning": None,
    "world-meaning": None,
    "ongoing-meaning": "2010-06-18",  # ongoing came with Archenemy
    "kindred-other-type": None,
    "kindred-other-type-general": "2010-02-01",
    "planeswalker-legendary": "2017-09-29",  # the uniqueness rule removed (Ixalan)
}
OUTSIDE_CITATIONS = ("kindred-other-type", "kindred-other-type-general", "planeswalker-legendary")


def citation_keys(edition: str) -> list[str]:
    keys = [k for k in CITATION_KEYS if k != "no-gaining" or edition >= NO_GAINING_FROM]
    return keys + [k for k, since in LATER_CITATIONS.items() if since is None or edition >= since]


def outside_rules(doc: dict[str, Any]) -> set[str]:
    """The rules a rule file cites from outside its type-line section."""
    return {number for key, number in doc["citations"].items() if key in OUTSIDE_CITATIONS}


def prints_straight_apostrophes(edition: str) -> bool:
    return edition < "2014-02-01" or edition in STRAIGHT_APOSTROPHES


RSQUO = "\u2019"  # the curly apostrophe (U+2019) the CR prints in type names
DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}")
RULE_NUMBER_RE = re.compile(r"\d{3}\.\d+[a-z]?")
ENTRY_RE = re.compile(rf"[A-Z][A-Za-z{RSQUO}\-]*(?: [A-Z][A-Za-z{RSQUO}\-]*)*")
SINGLE_WORD_RE = re.compile(rf"[A-Z][A-Za-z{RSQUO}\-]*")


def norm(word: str) -> str:
    """Comparison key: case-insensitive, straight and curly apostrophes equal."""
    return word.replace("'", RSQUO).casefold()


def capitalised(word: str) -> str:
    return word[:1].upper() + word[1:]


def rule_files() -> list[Path]:
    # rules/ also holds data files that are not editions (renames.yaml, summaries.yaml)
    return sorted(p for p in RULES_DIR.glob("*.yaml") if DATE_RE.fullmatch(p.stem))


RULE_FILES = rule_files()
RULE_FILE_IDS = [p.stem for p in RULE_FILES]
# The editions whose CR facts are copied to tests/data (the two shipped before every edition was)
COPY_IDS = sorted(p.stem.removeprefix("cr-lists-") for p in DATA.glob("cr-lists-*.json"))


@functools.cache
def load_yaml(path: Path) -> Any:
    with path.open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def load_rule_file(path: Path) -> dict[str, Any]:
    doc = load_yaml(path)
    assert isinstance(doc, dict), f"{path.name}: top level must be a mapping"
    return doc


def load_copy(edition: str) -> Facts:
    path = DATA / f"cr-lists-{edition}.json"
    assert path.is_file(), f"missing copy of the CR facts: {path}"
    with path.open(encoding="utf-8") as fh:
        raw = json.load(fh)
    assert isinstance(raw, dict)
    facts: Facts = {}
    for key, value in raw.items():
        assert isinstance(key, str)
        assert isinstance(value, list) and all(isinstance(v, str) for v in value), key
        facts[key] = [str(v) for v in value]
    return facts


def schema_one_list(path: Path, key: str) -> list[dict[str, Any]]:
    """The list under `key` of a file of schema 1 that holds nothing else (index.yaml's
    files, renames.yaml's renames)."""
    doc = load_yaml(path)
    assert isinstance(doc, dict) and list(doc) == ["schema", key]
    assert doc["schema"] == 1 and type(doc["schema"]) is int
    items = doc[key]
    assert isinstance(items, list) and items
    return items


def index_entries() -> list[dict[str, Any]]:
    return schema_one_list(INDEX_FILE, "files")


def covering_file(edition: str) -> Path:
    """The rule file the index names for the edition effective on `edition`."""
    [entry] = [e for e in index_entries() if any(c["edition"] == edition for c in e["covers"])]
    return RULES_DIR / entry["file"]


def one(facts: Facts, key: str) -> str:
    values = facts.get(key)
    assert values is not None and len(values) == 1, f"copy lacks a single {key!r}"
    return values[0]


def all_lists(doc: dict[str, Any]) -> Iterator[tuple[str, list[Any]]]:
    """Every sequence of words in a rule file, labelled."""
    yield "card_types.entries", doc["card_types"]["entries"]
    yield "supertypes.entries", doc["supertypes"]["entries"]
    if "no_subtypes" in doc:
        yield "no_subtypes.card_types", doc["no_subtypes"]["card_types"]
    for kind, spec in doc["subtypes"].items():
        yield f"subtypes.{kind}.card_types", spec["card_types"]
        yield f"subtypes.{kind}.entries", spec["entries"]


def cited_rules(doc: dict[str, Any]) -> list[tuple[str, Any]]:
    cited: list[tuple[str, Any]] = [
        ("card_types.rule", doc["card_types"]["rule"]),
        ("supertypes.rule", doc["supertypes"]["rule"]),
    ]
    if "no_subtypes" in doc:
        cited.append(("no_subtypes.rule", doc["no_subtypes"]["rule"]))
    cited += [(f"subtypes.{k}.rule", v["rule"]) for k, v in doc["subtypes"].items()]
    cited += [(f"citations.{k}", v) for k, v in doc["citations"].items()]
    return cited
