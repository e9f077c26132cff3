"""The rule data against the Comprehensive Rules texts in ../shared/cr (skipped only where it
is absent, a failure under TYPELINE_REQUIRE_SHARED=1): the copies of the CR facts, the
subtypes shared between lists, summaries that are not CR sentences, the extractor on every
archived edition; and rules/renames.yaml, its dates against the archive.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import pytest
from helpers.cr_facts import (
    SHARED,
    edition_facts_by_date,
    edition_text,
    live_facts,
    require_cr,
    type_line_section,
)
from helpers.rule_files import (
    CITATION_KEYS,
    COPY_IDS,
    DATE_RE,
    ENTRY_RE,
    RENAME_KEYS,
    RENAME_KINDS,
    RENAMES_FILE,
    REQUIRED_RENAMES,
    RSQUO,
    RULE_FILE_IDS,
    RULE_FILES,
    WHOLE_GROUPING_KINDS,
    Facts,
    known_shared_subtypes,
    load_copy,
    load_rule_file,
    norm,
    one,
    schema_one_list,
)

# --------------------------------------------------------------------------
# Against the CR texts in ../shared/cr (skipped only when it is absent)
# --------------------------------------------------------------------------


@SHARED
@pytest.mark.parametrize("edition", COPY_IDS)
def test_cr_copy_equals_live_extraction(edition: str) -> None:
    require_cr()
    live = live_facts(edition)
    copy = load_copy(edition)
    assert sorted(copy) == sorted(live), "keys of the copy"
    for key in live:
        assert copy[key] == live[key], f"{key}: copy differs from the CR text"


@SHARED
@pytest.mark.parametrize("path", RULE_FILES, ids=RULE_FILE_IDS)
def test_shared_subtypes_are_in_the_cr(path: Path) -> None:
    require_cr()
    edition = load_rule_file(path)["edition"]
    facts = live_facts(edition)
    where: dict[str, list[str]] = {}
    for kind in facts["subtypes:kinds"]:
        for entry in facts[f"subtypes.{kind}"]:
            where.setdefault(entry, []).append(kind)
    shared = {e: kinds for e, kinds in where.items() if len(kinds) > 1}
    assert shared == known_shared_subtypes(edition)


def word_ngrams(text: str, n: int) -> set[tuple[str, ...]]:
    words = re.findall(rf"[a-z0-9{RSQUO}]+", norm(text))
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


@SHARED
@pytest.mark.parametrize("path", RULE_FILES, ids=RULE_FILE_IDS)
def test_summaries_are_not_cr_sentences(path: Path) -> None:
    require_cr()
    doc = load_rule_file(path)
    cr = word_ngrams(type_line_section(edition_text(doc["edition"]))[1], 6)
    for number, summary in doc["rules"].items():
        copied = word_ngrams(summary, 6) & cr
        assert not copied, f"{number}: summary repeats CR wording {copied}"


@SHARED
def test_extractor_reads_every_archived_edition() -> None:
    require_cr()
    by_date = edition_facts_by_date()
    assert len(by_date) >= 85
    for date, facts in by_date.items():
        for key in ("card_types", "supertypes", "subtypes.creature"):
            assert facts.get(key), f"{date}: no {key}"
        for kind in ("artifact", "enchantment", "land", "planeswalker", "spell"):
            assert facts.get(f"subtypes.{kind}"), f"{date}: no {kind} types"
        for kind in facts["subtypes:kinds"]:
            for entry in facts[f"subtypes.{kind}"]:
                assert ENTRY_RE.fullmatch(entry.replace("'", RSQUO)), (date, entry)
                if kind not in WHOLE_GROUPING_KINDS:
                    spaces = 1 if kind == "creature" and date >= "2023-10-13" else 0
                    assert entry.count(" ") <= spaces, (date, entry)
        for meaning in CITATION_KEYS:
            # The rule against gaining unrelated subtypes arrived with the
            # renumbering to section 205 (2011-09-30).
            if meaning == "no-gaining" and one(facts, "section") == "204":
                continue
            assert facts.get(f"citations.{meaning}"), f"{date}: {meaning}"


# --------------------------------------------------------------------------
# renames.yaml
# --------------------------------------------------------------------------


def load_renames() -> list[dict[str, Any]]:
    return schema_one_list(RENAMES_FILE, "renames")


def rule_file_list(doc: dict[str, Any], kind: str) -> list[str]:
    """The list of a rule file that a rename's `kind` refers to."""
    if kind == "card_type":
        return list(doc["card_types"]["entries"])
    if kind == "supertype":
        return list(doc["supertypes"]["entries"])
    return list(doc["subtypes"].get(kind, {}).get("entries", []))


def facts_list(facts: Facts, kind: str) -> list[str]:
    """The list of the CR facts that a rename's `kind` refers to."""
    key = {"card_type": "card_types", "supertype": "supertypes"}.get(kind, f"subtypes.{kind}")
    return facts.get(key, [])


def test_renames_schema() -> None:
    renames = load_renames()
    seen: set[tuple[str, str]] = set()
    for item in renames:
        assert isinstance(item, dict) and list(item) == RENAME_KEYS, item
        old, new, kind, since, source = (item[k] for k in RENAME_KEYS)
        for value in (old, new):
            assert isinstance(value, str) and ENTRY_RE.fullmatch(value), item
        assert norm(old) != norm(new)
        assert kind in RENAME_KINDS, item
        if since is not None:
            assert isinstance(since, str) and DATE_RE.fullmatch(since), item
            dt.date.fromisoformat(since)
        assert isinstance(source, str) and "\n" not in source.strip(), item
        assert source.strip().endswith("."), item
        assert (norm(old), kind) not in seen, f"duplicate rename of {old}"
        seen.add((norm(old), kind))
    present = {(r["old"], r["new"], r["kind"]) for r in renames}
    assert present >= REQUIRED_RENAMES, REQUIRED_RENAMES - present


def test_renames_against_newest_edition() -> None:
    newest = load_rule_file(RULE_FILES[-1])
    for item in load_renames():
        words = [norm(w) for w in rule_file_list(newest, item["kind"])]
        assert norm(item["old"]) not in words, f"{item['old']} is still listed"
        assert norm(item["new"]) in words, f"{item['new']} is not listed"


@SHARED
def test_renames_since_dates_match_the_archive() -> None:
    require_cr()
    history = edition_facts_by_date()
    for item in load_renames():
        old, new, kind = norm(item["old"]), norm(item["new"]), item["kind"]
        listed = {date: {norm(w) for w in facts_list(facts, kind)} for date, facts in history.items()}
        with_old = [date for date, words in listed.items() if old in words]
        if not with_old:
            assert item["since"] is None, f"{item['old']}: never listed, since: null"
            assert "no archived" in item["source"], item["source"]
            oldest = next(iter(listed.values()))
            assert new in oldest, f"{item['new']}: not in the oldest edition"
            continue
        last_old = with_old[-1]
        expected = next(
            (date for date, words in listed.items() if date > last_old and old not in words and new in words),
            None,
        )
        assert expected is not None, f"{item['old']}: no edition lists {item['new']}"
        assert item["since"] == expected, f"{item['old']} -> {item['new']}"
        assert expected in item["source"], f"{item['old']}: name {expected} in source"
        assert last_old in item["source"], f"{item['old']}: name {last_old} in source"
