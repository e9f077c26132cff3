"""The real corpus as a regression suite: 4,702 distinct type lines from card databases.

tests/data/corpus-typelines.tsv copies the columns these tests need (type_line, kind,
flags) from ../shared/corpus/real-typelines-detail.tsv, so they run on a fresh clone; one
test holds the copy to the live file where ../shared is present.

The corpus flags say what to expect under the newest edition: a line of a rules kind
(card, plane, scheme, …) with none of the flags joke, noncr, preview is a valid type line
and must give no finding at all; a line flagged noncr breaks that edition's rules and must
give at least one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from conftest import DATA, shared_path

from mtg_typeline.checker import Checker
from mtg_typeline.findings import Severity
from mtg_typeline.ruleset import load_rules

COPY = DATA / "corpus-typelines.tsv"
COLUMNS = ("type_line", "kind", "flags")
RULES_KINDS = frozenset(
    {"card", "plane", "scheme", "phenomenon", "vanguard", "conspiracy", "dungeon", "token"}
)
NOT_CHECKED_FLAGS = frozenset({"joke", "noncr", "preview"})
ROWS_IN_CORPUS = 4702


@dataclass(frozen=True)
class Row:
    type_line: str
    kind: str
    flags: frozenset[str]

    @property
    def valid_newest(self) -> bool:
        return self.kind in RULES_KINDS and not self.flags & NOT_CHECKED_FLAGS


def read_tsv(path: Path, columns: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The named columns of a TSV file (UTF-8, LF, no quoting, a header line)."""
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n") and "\r" not in text
    header, *lines = text[:-1].split("\n")
    names = header.split("\t")
    indexes = [names.index(c) for c in columns]
    rows = []
    for line in lines:
        fields = line.split("\t")
        assert len(fields) == len(names), line
        rows.append(tuple(fields[i] for i in indexes))
    return rows


@cache
def corpus() -> tuple[Row, ...]:
    rows = read_tsv(COPY, COLUMNS)
    return tuple(Row(line, kind, frozenset(filter(None, flags.split(",")))) for line, kind, flags in rows)


@cache
def newest() -> Checker:
    return Checker(load_rules("2026-09-25"))


def test_the_copy_is_whole() -> None:
    rows = corpus()
    assert len(rows) == ROWS_IN_CORPUS
    assert len({r.type_line for r in rows}) == ROWS_IN_CORPUS
    kinds = {r.kind for r in rows}
    assert kinds >= RULES_KINDS
    assert sum(r.valid_newest for r in rows) > 4000
    assert sum("noncr" in r.flags for r in rows) == 104


def test_valid_lines_give_no_error() -> None:
    errors = [
        (row.type_line, f.code, f.message)
        for row in corpus()
        if row.valid_newest
        for f in newest().check(row.type_line)
        if f.severity is Severity.ERROR
    ]
    assert errors == []


def test_valid_lines_give_no_finding_at_all() -> None:
    """Not even a warning or information: the corpus is written as the rules write it."""
    found = [
        (row.type_line, f.code, f.message)
        for row in corpus()
        if row.valid_newest
        for f in newest().check_fully(row.type_line)
    ]
    assert found == []


def test_lines_flagged_noncr_give_a_finding() -> None:
    noncr = [row for row in corpus() if "noncr" in row.flags]
    assert noncr
    missed = [row.type_line for row in noncr if not newest().check_fully(row.type_line)]
    assert missed == []
    missed_fast = [row.type_line for row in noncr if not newest().check(row.type_line)]
    assert missed_fast == []


def test_the_key_real_lines_are_in_the_copy() -> None:
    lines = {r.type_line: r for r in corpus()}
    assert lines["Tribal Instant — Elf"].flags >= {"noncr", "tribal-wording"}
    assert lines["Plane — Kaladesh"].flags >= {"noncr"}
    assert lines["Legendary Creature — Human Time Lord Rogue"].valid_newest
    assert lines["Land — Urza’s Power-Plant"].valid_newest
    assert lines["Land — Urza's Power-Plant"].valid_newest
    assert lines["Plane — The Dalek Asylum"].kind == "plane"


def test_the_copy_equals_the_live_corpus() -> None:
    live = shared_path("corpus", "real-typelines-detail.tsv")
    assert read_tsv(live, COLUMNS) == read_tsv(COPY, COLUMNS)
