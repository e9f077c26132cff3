"""The facts of a Comprehensive Rules text (the type-line section's lists, their rules and
the effective date), extracted here independently of the package's importer, and the CR
texts of ../shared/cr.
"""

from __future__ import annotations

import codecs
import datetime as dt
import functools
import gzip
import re

import pytest
from conftest import SHARED_DIR

from helpers.rule_files import RSQUO, Facts, capitalised, norm, one

CR_DIR = SHARED_DIR / "cr"


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
