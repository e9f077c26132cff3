"""Tests of the rule data in rules/ (no import of the mtg_typeline package).

Three layers:

* schema checks of every rules/<edition>.yaml, of rules/index.yaml and of
  rules/renames.yaml, with what differs between editions stated per edition (the
  oldest files have no no-subtypes rule and no "can't gain" rule; older texts print
  straight apostrophes; Spacecraft is in two lists from 2025-07-25);
* the lists of two editions (2026-09-25, 2020-08-07) against
  tests/data/cr-lists-<edition>.json, a copy of the facts extracted from the
  Comprehensive Rules (CR) text by this file's own extractor, so these run everywhere
  (tests/crimport/test_importer.py compares every edition with the importer's reading);
* when ../shared/cr exists (as on developer machines and in CI), the copies and
  the renames' dates against the CR texts themselves.
"""

from __future__ import annotations

import codecs
import datetime as dt
import functools
import gzip
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import DATA, ROOT, SHARED_DIR

RULES_DIR = ROOT / "rules"
CR_DIR = SHARED_DIR / "cr"
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


def citation_keys(edition: str) -> list[str]:
    return [k for k in CITATION_KEYS if k != "no-gaining" or edition >= NO_GAINING_FROM]


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


def index_entries() -> list[dict[str, Any]]:
    doc = load_yaml(INDEX_FILE)
    assert isinstance(doc, dict) and list(doc) == ["schema", "files"]
    assert doc["schema"] == 1 and type(doc["schema"]) is int
    entries = doc["files"]
    assert isinstance(entries, list) and entries
    return entries


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


# --------------------------------------------------------------------------
# Reading the CR texts
# --------------------------------------------------------------------------


def decode_cr(raw: bytes) -> str:
    """Decode one CR file (UTF-8 +/- BOM, UTF-16 with BOM, Windows-1252)."""
    if raw.startswith(codecs.BOM_UTF8):
        text = raw[len(codecs.BOM_UTF8) :].decode("utf-8")
    elif raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        text = raw.decode("utf-16")
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("cp1252")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def strip_provenance(text: str) -> str:
    """Drop the notes of a section-only file: `#` lines, first `Effective date:`."""
    out: list[str] = []
    seen_effective = False
    for line in text.split("\n"):
        if line.startswith("#"):
            continue
        if not seen_effective and line.startswith("Effective date:"):
            seen_effective = True
            continue
        out.append(line)
    return "\n".join(out)


MONTH_DATE_RE = re.compile(r"effective as of ([A-Z][a-z]+ \d{1,2}, \d{4})")
PROVENANCE_DATE_RE = re.compile(r"^Effective date: .*?\((\d{4}-\d{2}-\d{2})\)", re.M)


def stated_effective_date(text: str) -> str:
    """The provenance note's date (section-only files), else the CR's own."""
    match = PROVENANCE_DATE_RE.search(text)
    if match:
        return match.group(1)
    match = MONTH_DATE_RE.search(text)
    assert match, "no effective date found in the CR text"
    return dt.datetime.strptime(match.group(1), "%B %d, %Y").date().isoformat()


def type_line_section(text: str) -> tuple[str, str]:
    """Return (section number, text) of the last "20x. Type Line" heading."""
    heads = list(re.finditer(r"^(20[45])\. Type Line[ \t]*$", text, re.M))
    assert heads, "no Type Line section found"
    head = heads[-1]  # the first one is the table of contents
    number = head.group(1)
    end = re.compile(rf"^{int(number) + 1}\. ", re.M).search(text, head.end())
    return number, text[head.start() : end.start() if end else len(text)]


RULE_LINE_RE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.? (.*)$")


def parse_rules(section: str) -> dict[str, str]:
    """Rule number -> rule text (continuation lines joined; examples left out)."""
    rules: dict[str, str] = {}
    current: str | None = None
    for line in section.split("\n"):
        match = RULE_LINE_RE.match(line)
        if match:
            current = match.group(1)
            rules[current] = match.group(2).strip()
        elif current is not None and line[:1] in (" ", "\t", "\xa0") and line.strip():
            rules[current] += " " + line.strip()
        else:
            current = None if line.strip() else current
    return rules


def first_sentence(text: str) -> tuple[str, str]:
    """Split off the first sentence (ignoring dots inside parentheses)."""
    depth = 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "." and depth == 0 and text[i + 1 : i + 2] in ("", " "):
            return text[:i], text[i + 1 :].lstrip()
    return text, ""


def split_list(prose: str) -> list[str]:
    """Split list prose: "A, B (see rule 301.5), and C"; "A and B"; "A"."""
    prose = re.sub(r"\s*\([Ss]ee rules? [^)]*\)", "", prose).strip()
    parts = prose.split(",") if "," in prose else prose.split(" and ")
    items = [re.sub(r"^(?:and|or) ", "", part.strip()) for part in parts]
    assert all(items), f"empty item in list: {prose!r}"
    return items


def singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") else word


def subject_card_types(subject: str) -> list[str]:
    """Card types named by a subject like "Instants and sorceries", "Battles"."""
    subject = re.sub(r"\s*\([^)]*\)", "", subject)
    subject = re.sub(r"^One (\w+) card$", r"\1", subject)
    return [capitalised(singular(w)) for w in split_list(subject)]


CITATION_MARKERS = {
    "type-line": ("type line", "card type"),
    "subtype-syntax": ("long dash",),
    "correlation": ("each subtype is correlated",),
    "no-gaining": (f"can{RSQUO}t gain a subtype",),
    "choose-subtype": ("choose one, and only one, existing subtype",),
    "obsolete-subtypes": ("now obsolete", "oracle"),
}


def extract_facts(text: str, effective: str | None = None) -> Facts:
    """The type-line facts of one CR edition, as a flat key -> list mapping."""
    number, section = type_line_section(text)
    rules = parse_rules(section)
    facts: Facts = {
        "effective": [effective or stated_effective_date(text)],
        "section": [number],
        "section:rules": list(rules),
        "subtypes:kinds": [],
    }
    for num, body in rules.items():
        simple = re.search(r"The (card types|supertypes) are (.*)", body)
        if simple:
            key = simple.group(1).replace(" ", "_")
            facts[key] = split_list(first_sentence(simple.group(2))[0])
            facts[f"{key}:rule"] = [num]
            continue
        none = re.fullmatch(r"(.*) have no subtypes\.", body) or re.fullmatch(
            r"Neither (.*) have subtypes\.", body
        )
        if none:
            names = none.group(1).replace(" nor ", " and ")
            facts["no_subtypes"] = [re.sub(r" cards?$", "", item) for item in split_list(names)]
            facts["no_subtypes:rule"] = [num]
            continue
        called = re.search(r"called (?:a )?(\w+) types?\. ", body)
        if not called:
            continue
        kind = called.group(1)
        key = f"subtypes.{kind}"
        subject = re.split(r" (?:have|share|has) ", body, maxsplit=1)[0]
        rest = body[called.end() :]
        multi: list[str] = []
        two = re.match(r"(?:One|Some) \w+ types? (?:is|are) two words long: (.*)", rest)
        if two:
            sentence, rest = first_sentence(two.group(1))
            multi = split_list(sentence)
            listing = re.match(r"All other \w+ types are one word long: (.*)", rest)
        else:
            listing = re.match(
                rf"(?:The|That|The only) {kind} types? (?:at this time )?(?:are|is) (.*)",
                rest,
            )
        assert listing, f"{num}: cannot find the list of {kind} types"
        facts["subtypes:kinds"].append(kind)
        facts[key] = multi + split_list(first_sentence(listing.group(1))[0])
        facts[f"{key}:rule"] = [num]
        facts[f"{key}:card_types"] = subject_card_types(subject)
    for meaning, markers in CITATION_MARKERS.items():
        hits = [num for num, body in rules.items() if all(m in norm(body) for m in markers)]
        if hits:
            facts[f"citations.{meaning}"] = hits[:1]
    return facts


def cr_available() -> bool:
    return CR_DIR.is_dir()


SHARED = pytest.mark.shared  # registered in pyproject.toml: needs ../shared


def require_cr() -> None:
    if not cr_available():
        pytest.skip(f"needs ../shared/cr: {CR_DIR} is absent")


@functools.cache
def archive_texts() -> dict[str, str]:
    """Archive file stem -> decoded text, for every archived edition."""
    return {
        p.name.removesuffix(".txt.gz"): decode_cr(gzip.decompress(p.read_bytes()))
        for p in sorted((CR_DIR / "archive").glob("*.txt.gz"))
    }


@functools.cache
def section_texts() -> dict[str, str]:
    """Effective date -> CR text, for the section-only files (newest editions)."""
    out: dict[str, str] = {}
    for path in sorted(CR_DIR.glob("*-section-*.txt")):
        text = decode_cr(path.read_bytes())
        out[stated_effective_date(text)] = strip_provenance(text)
    return out


@functools.cache
def edition_facts_by_date() -> dict[str, Facts]:
    """Effective date -> facts, for every edition in ../shared/cr, oldest first."""
    found: dict[str, Facts] = {}
    for text in archive_texts().values():
        facts = extract_facts(text)
        found[one(facts, "effective")] = facts
    for date, text in section_texts().items():
        found.setdefault(date, extract_facts(text, date))
    return dict(sorted(found.items()))


def edition_text(edition: str) -> str:
    """The CR text of the edition effective on `edition`, from ../shared/cr."""
    if edition in section_texts():
        return section_texts()[edition]
    path = CR_DIR / "archive" / f"{edition}.txt.gz"
    if path.is_file():
        return decode_cr(gzip.decompress(path.read_bytes()))
    for text in archive_texts().values():  # archive file names are not always
        if stated_effective_date(text) == edition:  # the effective date
            return text
    raise AssertionError(f"no CR text of edition {edition} in {CR_DIR}")


def live_facts(edition: str) -> Facts:
    from_section_file = edition in section_texts()
    return extract_facts(edition_text(edition), edition if from_section_file else None)


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
        assert number.startswith(f"{section}."), number
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

    known = facts["section:rules"]
    for number in doc["rules"]:
        assert number in known, f"rule {number} is not in the CR edition"
    order = [known.index(n) for n in doc["rules"]]
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
    doc = load_yaml(RENAMES_FILE)
    assert isinstance(doc, dict) and list(doc) == ["schema", "renames"]
    assert doc["schema"] == 1 and type(doc["schema"]) is int
    renames = doc["renames"]
    assert isinstance(renames, list) and renames
    return renames


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
