"""The rules beside the subtype lists that the importer records: what the supertypes basic,
world and ongoing mean (in the type-line section), and, outside it, that a kindred (tribal)
card has another card type and that planeswalkers became legendary when the uniqueness rule
went. Every edition's cited numbers are looked up in that edition's own text."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from conftest import shared_path
from helpers.cr_texts import SMALL

from mtg_typeline.crimport import Imported, after_shipped, import_cr, read_cr, write_rule_files
from mtg_typeline.crimport.section import decode, split_lines
from mtg_typeline.ruleset import parse_rules

SHARED = pytest.mark.shared  # needs ../shared/cr
SECTION_FILE = "2026-09-25-section-205.txt"
# Key words (folded) each cited rule must hold, in the edition's own text.
KEY_WORDS = {
    "basic-meaning": ("supertype", "basic", "land"),
    "world-meaning": ("supertype", "world", "permanent"),
    "ongoing-meaning": ("supertype", "ongoing", "scheme"),
    "kindred-other-type": ("card has another card type",),
    "kindred-other-type-general": ("card has another card type",),
    "planeswalker-legendary": ("uniqueness rule", "removed", "legendary"),
}
FIRST = {"ongoing-meaning": "2010-06-18", "kindred-other-type-general": "2010-02-01"}
FIRST["planeswalker-legendary"] = "2017-09-29"  # Ixalan: the uniqueness rule replaced
OUTSIDE = SMALL.replace(
    "206.1. Not part of the section.",
    "206.1. Not part of the section.\n\n"
    "309.1. Each kindred card has another card type. More follows.\n\n"
    "306.4. The planeswalker uniqueness rule was removed; planeswalkers are now legendary.",
)


@functools.cache
def editions() -> tuple[tuple[str, Imported, dict[str, str]], ...]:
    """(source, imported edition as `rules import` writes it, its text's rules by number)."""
    cr = shared_path("cr")
    paths = [*sorted((cr / "archive").glob("*.txt.gz")), cr / SECTION_FILE]
    return tuple(
        sorted(
            ((p.name, after_shipped(read_cr(p.read_bytes(), p.name)), rules_of(p)) for p in paths),
            key=lambda item: item[1].effective,
        )
    )


def rules_of(path: Path) -> dict[str, str]:
    """Each numbered rule of a CR text: number -> its first line, lower case."""
    found = {}
    for line in split_lines(decode(path.read_bytes(), path.name)):
        match = re.match(r"^(\d{3}\.\d+[a-z]?)\.?\s+(.*)$", line)
        if match:
            found.setdefault(match.group(1), match.group(2).casefold().replace("\u2019", "'"))
    return found


@SHARED
def test_every_cited_number_is_the_rule_in_that_editions_text() -> None:
    texts = {imported.effective: rules for _, imported, rules in editions()}
    for _, imported, rules in editions():
        date = imported.effective
        cited = dict(imported.facts.citations)
        for meaning, words in KEY_WORDS.items():
            assert (meaning in cited) == (date >= FIRST.get(meaning, "")), (date, meaning)
            if meaning not in cited:
                continue
            # a section-only text cites the rules outside it as the edition before it numbers them
            own = rules if cited[meaning] in rules else texts["2026-01-16"]
            assert date == "2026-09-25" or own is rules, (date, meaning)
            text = own[cited[meaning]]
            assert all(word in text for word in words), (date, meaning, cited[meaning], text)


@SHARED
def test_the_numbers_of_the_oldest_the_change_and_the_newest_edition() -> None:
    cited = {imported.effective: dict(imported.facts.citations) for _, imported, _ in editions()}
    assert cited["2009-07-11"]["basic-meaning"] == "204.4c"
    assert cited["2009-07-11"]["kindred-other-type"] == "308.1"
    assert "planeswalker-legendary" not in cited["2017-08-25"]
    assert cited["2017-09-29"]["planeswalker-legendary"] == "306.4"
    newest = cited["2026-09-25"]
    assert [newest[m] for m in KEY_WORDS] == ["205.4c", "205.4f", "205.4h", "308.1", "300.2b", "306.4"]


@SHARED
def test_a_section_only_text_says_where_its_outside_rules_come_from() -> None:
    text = import_cr(shared_path("cr", SECTION_FILE).read_bytes(), SECTION_FILE)
    assert "numbered as in the 2026-01-16 edition" in text.split("\n")[1]
    rules = parse_rules("2026-09-25.yaml", text)
    assert rules.cite("planeswalker-legendary") == ("306.4",)
    assert rules.summary("308.1").startswith("A kindred card always has")


def test_outside_rules_are_found_by_their_words_wherever_they_stand() -> None:
    rules = parse_rules("small.yaml", import_cr(OUTSIDE.encode(), "small.txt"))
    assert rules.cite("kindred-other-type") == ("309.1",)
    assert rules.cite("kindred-other-type-general") == ()
    assert rules.cite("planeswalker-legendary") == ("306.4",)
    assert list(rules.summaries)[-2:] == ["306.4", "309.1"]  # in the CR's order


def test_a_text_without_them_cites_none() -> None:
    rules = parse_rules("small.yaml", import_cr(SMALL.encode(), "small.txt"))
    for meaning in ("kindred-other-type", "planeswalker-legendary", "ongoing-meaning"):
        assert rules.cite(meaning) == ()


def test_an_archive_lends_a_section_only_text_the_rules_of_the_edition_before(tmp_path: Path) -> None:
    (tmp_path / "arch").mkdir()
    (tmp_path / "arch" / "2031-03-03.txt").write_text(OUTSIDE, encoding="utf-8")
    lines = SMALL.replace("March 3, 2031", "May 5, 2031").split("\n")
    section_only = "\n".join(line for line in lines if not line.startswith("206"))
    (tmp_path / "later.txt").write_text(section_only, encoding="utf-8")
    write_rule_files(tmp_path / "arch", tmp_path / "out", [tmp_path / "later.txt"])
    later = parse_rules("later.yaml", (tmp_path / "out" / "2031-05-05.yaml").read_text(encoding="utf-8"))
    assert later.cite("kindred-other-type") == ("309.1",)
    assert "numbered as in the 2031-03-03 edition" in (tmp_path / "out" / "index.yaml").read_text("utf-8")
