"""The rule data in rules/, read without the mtg_typeline package: every rules/<edition>.yaml
against the schema, with what differs between editions stated per edition (the oldest
files have no no-subtypes rule and no "can't gain" rule; older texts print straight
apostrophes; Spacecraft is in two lists from 2025-07-25); the lists of two editions
(2026-09-25, 2020-08-07) against tests/data/cr-lists-<edition>.json, the facts this suite's
own extractor (helpers/cr_facts.py) reads from the CR text, so that these run everywhere
(crimport/test_importer.py compares every edition with the importer's reading); and
rules/index.yaml.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from helpers.cr_facts import CR_DIR, SHARED, edition_facts_by_date, require_cr
from helpers.rule_files import (
    CITATION_KEYS,
    COPY_IDS,
    DATE_RE,
    ENTRY_RE,
    GROUPINGS,
    INDEX_ENTRY_KEYS,
    LIST_KEYS,
    NO_SUBTYPES_KEYS,
    RSQUO,
    RULE_FILE_IDS,
    RULE_FILES,
    RULE_NUMBER_RE,
    RULES_DIR,
    SINGLE_WORD_RE,
    SUBTYPE_KEYS_ORDER,
    SUBTYPE_KEYS_REQUIRED,
    SUBTYPE_KINDS,
    WHOLE_GROUPING_KINDS,
    all_lists,
    capitalised,
    citation_keys,
    cited_rules,
    covering_file,
    index_entries,
    known_shared_subtypes,
    load_copy,
    load_rule_file,
    norm,
    one,
    outside_rules,
    prints_straight_apostrophes,
    top_keys,
)

# --------------------------------------------------------------------------
# Rule files: schema
# --------------------------------------------------------------------------


def test_rule_files_exist() -> None:
    assert {"2009-07-11", "2011-09-30", "2020-07-03", "2026-09-25"} <= set(RULE_FILE_IDS)
    assert len(RULE_FILES) == 65
    assert "2020-08-07" not in RULE_FILE_IDS  # covered by 2020-07-03.yaml (see the index)


@pytest.mark.parametrize("path", RULE_FILES, ids=RULE_FILE_IDS)
def test_rule_file_schema(path: Path) -> None:
    doc = load_rule_file(path)
    assert list(doc) == top_keys(path.stem), "top-level keys (exact set and order)"
    assert doc["schema"] == 1 and type(doc["schema"]) is int
    edition = doc["edition"]
    assert isinstance(edition, str) and DATE_RE.fullmatch(edition)
    dt.date.fromisoformat(edition)
    assert path.name == f"{edition}.yaml"
    assert doc["name"] == f"Comprehensive Rules {edition}"
    section = doc["section"]
    assert isinstance(section, str) and section in ("204", "205")
    assert doc["source"] == (
        f"Magic: The Gathering Comprehensive Rules, effective {edition}, section {section} (Type Line)"
    )
    first_line = path.read_text(encoding="utf-8").split("\n", 1)[0]
    assert first_line == (
        f"# mtg-typeline rule file: Comprehensive Rules edition effective {edition}, type-line section."
    )


@pytest.mark.parametrize("path", RULE_FILES, ids=RULE_FILE_IDS)
def test_rule_file_list_blocks(path: Path) -> None:
    doc = load_rule_file(path)
    for key in ("card_types", "supertypes"):
        assert isinstance(doc[key], dict) and list(doc[key]) == LIST_KEYS, key
    if "no_subtypes" in doc:
        assert isinstance(doc["no_subtypes"], dict)
        assert list(doc["no_subtypes"]) == NO_SUBTYPES_KEYS

    subtypes = doc["subtypes"]
    assert isinstance(subtypes, dict) and subtypes
    assert set(subtypes) <= set(SUBTYPE_KINDS), "unknown subtype list"
    for kind, spec in subtypes.items():
        assert isinstance(spec, dict), kind
        keys = list(spec)
        assert set(SUBTYPE_KEYS_REQUIRED) <= set(keys), kind
        assert set(keys) <= set(SUBTYPE_KEYS_ORDER), kind
        assert keys == [k for k in SUBTYPE_KEYS_ORDER if k in keys], f"{kind}: order"
        assert spec["name"] == f"{kind} types"
        grouping = spec.get("grouping", "words")
        assert grouping in GROUPINGS, kind
        expected = "whole" if kind in WHOLE_GROUPING_KINDS else "words"
        assert grouping == expected, f"{kind}: grouping"
        if kind in WHOLE_GROUPING_KINDS:
            assert "grouping" in spec, f"{kind}: grouping must be stated"


@pytest.mark.parametrize("path", RULE_FILES, ids=RULE_FILE_IDS)
def test_rule_file_entries(path: Path) -> None:
    doc = load_rule_file(path)
    # an edition's entries keep its text's apostrophes: all straight or all curly
    printed, other = ("'", RSQUO) if prints_straight_apostrophes(path.stem) else (RSQUO, "'")
    for label, values in all_lists(doc):
        assert isinstance(values, list) and values, f"{label}: non-empty list"
        for value in values:
            assert isinstance(value, str), f"{label}: {value!r} is not a string"
            assert ENTRY_RE.fullmatch(value.replace(printed, RSQUO)), f"{label}: odd entry {value!r}"
            assert other not in value, f"{label}: {other!r} apostrophe in {value!r}"
        keys = [norm(v) for v in values]
        dups = sorted({v for v in values if keys.count(norm(v)) > 1})
        assert not dups, f"{label}: duplicate entries {dups}"

    for label in ("card_types.entries", "supertypes.entries"):
        values = dict(all_lists(doc))[label]
        assert all(SINGLE_WORD_RE.fullmatch(v) for v in values), label


@pytest.mark.parametrize("path", RULE_FILES, ids=RULE_FILE_IDS)
def test_rule_file_summaries_and_citations(path: Path) -> None:
    doc = load_rule_file(path)
    section = doc["section"]
    rules = doc["rules"]
    assert isinstance(rules, dict) and rules
    for number, summary in rules.items():
        assert isinstance(number, str) and RULE_NUMBER_RE.fullmatch(number), number
        assert number.startswith(f"{section}.") or number in outside_rules(doc), number
        assert isinstance(summary, str) and summary.strip() == summary, number
        assert summary and "\n" not in summary and len(summary) <= 120, number
        assert summary[0].isupper() and summary.endswith("."), number

    citations = doc["citations"]
    assert isinstance(citations, dict) and list(citations) == citation_keys(path.stem)
    for label, number in cited_rules(doc):
        assert isinstance(number, str), f"{label}: quote rule numbers"
        assert number in rules, f"{label}: rule {number} has no summary in `rules`"


@pytest.mark.parametrize("path", RULE_FILES, ids=RULE_FILE_IDS)
def test_rule_file_consistency(path: Path) -> None:
    doc = load_rule_file(path)
    edition = doc["edition"]
    card_types = doc["card_types"]["entries"]
    supertypes = doc["supertypes"]["entries"]
    assert not {norm(c) for c in card_types} & {norm(s) for s in supertypes}

    # Each card type has exactly one place: a subtype list, or "no subtypes".
    owners: dict[str, list[str]] = {norm(c): [] for c in card_types}
    for kind, spec in doc["subtypes"].items():
        for card_type in spec["card_types"]:
            assert norm(card_type) in owners, f"{kind}: unknown card type {card_type}"
            owners[norm(card_type)].append(kind)
    for card_type in doc.get("no_subtypes", {}).get("card_types", []):
        assert norm(card_type) in owners, f"no_subtypes: unknown {card_type}"
        owners[norm(card_type)].append("no_subtypes")
    bad = {c: o for c, o in owners.items() if len(o) != 1}
    assert not bad, f"card types not covered exactly once: {bad}"

    # Phrases in a `words` list are creature types of two words (CR 205.3b
    # from 2023-10-13 on); a subtype is in two lists only where the CR does that.
    where: dict[str, list[str]] = {}
    for kind, spec in doc["subtypes"].items():
        if spec.get("grouping", "words") == "words":
            for entry in spec["entries"]:
                assert entry.count(" ") <= (1 if kind == "creature" else 0), entry
        for entry in spec["entries"]:
            where.setdefault(entry, []).append(kind)
    shared = {e: kinds for e, kinds in where.items() if len(kinds) > 1}
    assert shared == known_shared_subtypes(edition)


# --------------------------------------------------------------------------
# Rule files against the copies of the CR facts (always run)
# --------------------------------------------------------------------------


def assert_words_match(label: str, yaml_values: list[str], cr_values: list[str]) -> None:
    """Case-insensitive, same order; the YAML spelling is the CR's, capitalised."""
    assert [norm(v) for v in yaml_values] == [norm(v) for v in cr_values], label
    assert yaml_values == [capitalised(v) for v in cr_values], f"{label}: spelling"


@pytest.mark.parametrize("edition", COPY_IDS)
def test_rule_file_matches_cr_copy(edition: str) -> None:
    doc = load_rule_file(covering_file(edition))  # 2020-08-07: 2020-07-03.yaml
    facts = load_copy(edition)
    assert one(facts, "effective") == edition
    assert one(facts, "section") == doc["section"]

    for key in ("card_types", "supertypes"):
        assert doc[key]["rule"] == one(facts, f"{key}:rule"), f"{key}.rule"
        assert_words_match(key, doc[key]["entries"], facts[key])
    assert doc["no_subtypes"]["rule"] == one(facts, "no_subtypes:rule")
    assert_words_match("no_subtypes", doc["no_subtypes"]["card_types"], facts["no_subtypes"])

    assert list(doc["subtypes"]) == facts["subtypes:kinds"], "subtype lists (order)"
    for kind, spec in doc["subtypes"].items():
        key = f"subtypes.{kind}"
        assert spec["rule"] == one(facts, f"{key}:rule"), f"{key}.rule"
        assert_words_match(f"{key}.card_types", spec["card_types"], facts[f"{key}:card_types"])
        # Exact: order, spelling, curly apostrophes.
        assert spec["entries"] == facts[key], f"{key}.entries differ from the CR"

    for meaning in CITATION_KEYS:
        cited = doc["citations"][meaning]
        assert cited == one(facts, f"citations.{meaning}"), f"citations.{meaning}"

    known = facts["section:rules"]  # the copy holds the type-line section only
    for number in set(doc["rules"]) - outside_rules(doc):
        assert number in known, f"rule {number} is not in the CR edition"
    order = [known.index(n) for n in doc["rules"] if n not in outside_rules(doc)]
    assert order == sorted(order), "`rules` keys should follow the CR's order"


def test_every_copy_has_a_rule_file() -> None:
    assert COPY_IDS == ["2020-08-07", "2026-09-25"]
    for edition in COPY_IDS:
        assert covering_file(edition).is_file(), f"the index covers no edition {edition}"
        assert one(load_copy(edition), "effective") == edition


# --------------------------------------------------------------------------
# rules/index.yaml: which rule file stands for which edition
# --------------------------------------------------------------------------


def counts_of(doc: dict[str, Any]) -> dict[str, int]:
    counts = {key: len(doc[key]["entries"]) for key in ("card_types", "supertypes")}
    counts |= {kind: len(spec["entries"]) for kind, spec in doc["subtypes"].items()}
    counts["no_subtypes"] = len(doc.get("no_subtypes", {}).get("card_types", []))
    return counts


def test_index_names_every_rule_file_in_order() -> None:
    entries = index_entries()
    assert [e["file"] for e in entries] == [p.name for p in RULE_FILES]
    dates = [c["edition"] for e in entries for c in e["covers"]]
    assert dates == sorted(set(dates)), "covered dates rise through the index, each once"
    assert len(dates) == 86
    covers = next(e["covers"] for e in entries if e["file"] == "2020-07-03.yaml")
    assert covers[1] == {"edition": "2020-08-07", "source": "2020-08-07.txt.gz"}


@pytest.mark.parametrize("entry", index_entries(), ids=lambda entry: entry["edition"])
def test_index_entry_describes_its_file(entry: dict[str, Any]) -> None:
    assert [k for k in entry if k != "notes"] == INDEX_ENTRY_KEYS
    path = RULES_DIR / entry["file"]
    doc = load_rule_file(path)
    assert entry["file"] == f"{entry['edition']}.yaml" and doc["edition"] == entry["edition"]
    assert entry["section"] == doc["section"]
    for cover in entry["covers"]:
        assert list(cover) == ["edition", "source"] and DATE_RE.fullmatch(cover["edition"])
    assert entry["covers"][0] == {"edition": entry["edition"], "source": entry["first_source"]}
    assert entry["covers"][-1]["source"] == entry["last_source"]
    assert entry["counts"] == counts_of(doc) and list(entry["counts"]) == list(counts_of(doc))
    # what the importer left out is said in the index and at the top of the file alike
    comments = path.read_text(encoding="utf-8").split("\nschema:", 1)[0].split("\n")[1:]
    assert [f"# {note}." for note in entry.get("notes", [])] == comments


@SHARED
def test_index_covers_every_edition_in_the_archive() -> None:
    require_cr()
    covered = {c["edition"]: c["source"] for e in index_entries() for c in e["covers"]}
    assert sorted(covered) == list(edition_facts_by_date())
    for source in covered.values():
        assert (CR_DIR / "archive" / source).is_file() or (CR_DIR / source).is_file(), source
