"""The checks' registry, and what holds for every check: docstring examples, codes and names,
columns, suggestions and fixes.

Every registered check that runs on type lines carries `Okay:` and `TLxxx:` example lines in
its docstring (pycodestyle style); they run here against the newest edition. Each family's
key cases are in its own module (test_check_structure, test_check_cardtypes,
test_check_subtypes, test_check_carddata, test_check_inputs).
"""

from __future__ import annotations

import re

import pytest
from helpers.checking import OLDEST, checker, expand, found, marked, only

from mtg_typeline import check_line
from mtg_typeline.checks import CHECKS, Check, find_check
from mtg_typeline.findings import Severity
from mtg_typeline.ruleset import load_rules

CODE_RE = re.compile(r"^TL\d{3}$")


NAME_RE = re.compile(r"^[a-z]+(?:-[a-z]+)*$")


# The codes are public (select/ignore, noqa, CI configs): they never change meaning.
STABLE_CODES = {
    "TL101": "dash-form",
    "TL102": "spacing",
    "TL103": "word-case",
    "TL104": "empty-subtypes",
    "TL105": "extra-dash",
    "TL106": "empty-face",
    "TL201": "unknown-card-type",
    "TL202": "obsolete-card-type",
    "TL203": "missing-card-type",
    "TL204": "unknown-supertype",
    "TL205": "supertype-order",
    "TL206": "duplicate-type",
    "TL207": "emblem",
    "TL301": "subtype-before-dash",
    "TL302": "unknown-subtype",
    "TL303": "obsolete-subtype",
    "TL304": "subtype-type-mismatch",
    "TL305": "subtypes-not-allowed",
    "TL306": "unknown-planar-type",
    "TL307": "duplicate-subtype",
    "TL308": "type-after-dash",
    "TL901": "unreadable-input",
    "TL902": "not-text",
    "TL903": "line-too-long",
}


# --------------------------------------------------------------------------
# Docstring examples and the registry
# --------------------------------------------------------------------------

TYPE_LINE_CHECKS = tuple(c for c in CHECKS if c.scope != "input")


EXAMPLES = [
    pytest.param(check, label, expand(line), id=f"{check.code}-{label}-{line}")
    for check in TYPE_LINE_CHECKS
    for label, line in check.examples()
]


@pytest.mark.parametrize(("check", "label", "line"), EXAMPLES)
def test_docstring_example(check: Check, label: str, line: str) -> None:
    result = checker().check_fully(line)
    got = [(f.code, f.message) for f in result]
    if label == "Okay":
        assert check.code not in [f.code for f in result], got
    else:
        assert label in [f.code for f in result], got
    assert checker().check(line) == result


def test_every_type_line_check_has_okay_and_failing_examples() -> None:
    assert TYPE_LINE_CHECKS
    for check in TYPE_LINE_CHECKS:
        labels = [label for label, _ in check.examples()]
        assert "Okay" in labels, check.code
        failing = [label for label in labels if label != "Okay"]
        assert failing, check.code
        assert set(failing) == {check.code}, f"{check.code} examples are labelled {failing}"
        assert (check.face_func is None) != (check.line_func is None), check.code


def test_codes_and_names_are_unique_and_well_formed() -> None:
    found_codes = [c.code for c in CHECKS]
    names = [c.name for c in CHECKS]
    assert len(set(found_codes)) == len(found_codes)
    assert len(set(names)) == len(names)
    assert found_codes == sorted(found_codes)
    for check in CHECKS:
        assert CODE_RE.match(check.code), check.code
        assert NAME_RE.match(check.name), check.name
        assert isinstance(check.severity, Severity)
        assert check.summary, f"{check.code} has no docstring summary"
        is_input = check.scope == "input"
        assert is_input == check.code.startswith("TL9"), check.code
        assert check.scope in ("face", "line", "input")


def test_codes_are_stable() -> None:
    """A published code keeps its name and stays registered; new codes may be added."""
    registered = {c.code: c.name for c in CHECKS}
    assert {code: registered.get(code) for code in STABLE_CODES} == STABLE_CODES


@pytest.mark.parametrize("query", ["TL304", "tl304", " TL304 ", "subtype-type-mismatch"])
def test_find_check_by_code_or_name(query: str) -> None:
    check = find_check(query)
    assert check is not None
    assert check.code == "TL304"


def test_find_check_unknown() -> None:
    assert find_check("TL999") is None
    assert find_check("no-such-check") is None


def test_placeholders_are_expanded_in_examples() -> None:
    spacing = find_check("TL102")
    assert spacing is not None
    lines = [expand(line) for _, line in spacing.examples()]
    assert " Creature — Goblin" in lines
    assert "Creature — Goblin\tWizard" in lines
    assert not any("${" in line for line in lines)


def test_check_line_is_the_public_entry() -> None:
    result = check_line("Creature — Forest")
    assert isinstance(result, list)
    assert [f.code for f in result] == ["TL304"]
    assert result[0].path == "-"
    assert result[0].line == 1
    assert check_line("Tribal Instant — Elf", load_rules(OLDEST)) == []


@pytest.mark.parametrize(
    "line",
    [
        "Token Creature — Goblin",
        "Token Legendary Artifact Creature — Construct",
        "Land — Urza's Power-Plant",
        "Land — Urza’s Power-Plant",
        "Legendary Creature — Human Time Lord Rogue",
        "Artifact Creature — Assembly-Worker",
        "Basic Snow Land — Forest",
        "Instant // Sorcery",
        "Creature — Human Knight // Sorcery — Adventure",
        "Plane — The Dalek Asylum",
        "Plane — Serra’s Realm",
        "Plane — Serra's Realm",
        "Legendary Planeswalker — Jace",
        "Kindred Artifact — Rogue Equipment",
        "Battle — Siege",
        "Ongoing Scheme",
    ],
)
def test_clean_lines(line: str) -> None:
    assert found(line) == ()


def test_findings_are_sorted_by_position() -> None:
    result = found("creature — Legendary goblin Goblim")
    assert [f.column for f in result] == sorted(f.column for f in result)
    assert {f.code for f in result} >= {"TL103", "TL308", "TL302"}


@pytest.mark.parametrize(
    ("line", "code", "suggestion"),
    [
        ("Creature Creature — Goblin", "TL206", "Creature — Goblin"),
        ("Legendary Legendary Creature — Elf", "TL206", "Legendary Creature — Elf"),
        ("Creature — Goblin Goblin", "TL307", "Creature — Goblin"),
        ("Creature — Goblin Wizard Goblin", "TL307", "Creature — Goblin Wizard"),
    ],
)
def test_duplicates(line: str, code: str, suggestion: str) -> None:
    """A type (TL206) or subtype (TL307) said twice: a warning at the second, fixed by dropping it."""
    finding = only(line, code)
    assert finding.severity is Severity.WARNING
    assert finding.suggestion == suggestion
    duplicated = marked(line, finding)
    assert line.count(duplicated) == 2
    assert finding.column - 1 == line.rindex(duplicated)


# --------------------------------------------------------------------------
# Columns point exactly at the offending word, also in a second face
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "code", "text"),
    [
        ("Creature — Forest", "TL304", "Forest"),
        ("Instant // Creature — Forest", "TL304", "Forest"),
        ("Creature — Elf // Land — Forest Goblin", "TL304", "Goblin"),
        ("Sorcery // Creture — Goblin", "TL201", "Creture"),
        ("Creature — Goblin // Creature — Goblim", "TL302", "Goblim"),
        ("Land // Legendery Creature — Elf", "TL204", "Legendery"),
        ("Creature — Elf // Creature — Hound", "TL303", "Hound"),
        ("Creature — Elf // Creature Goblin", "TL301", "Goblin"),
        ("Creature — Elf // Creature — Legendary Elf", "TL308", "Legendary"),
        ("Instant // Plane — Dominaria Zendikar", "TL306", "Dominaria Zendikar"),
        ("Creature — Elf // Creature - Goblin", "TL101", " - "),
        ("Creature — Goblin  Wizard", "TL102", "  "),
        ("Creature — Elf // Creature Legendary — Elf", "TL205", "Legendary"),
    ],
)
def test_columns_point_at_the_word(line: str, code: str, text: str) -> None:
    hits = [f for f in found(line) if f.code == code]
    assert len(hits) == 1, found(line)
    assert marked(line, hits[0]) == text
    assert hits[0].column - 1 == line.rindex(text)


# --------------------------------------------------------------------------
# Suggestions and fixes
# --------------------------------------------------------------------------

SUGGESTING = [
    "Creature — Goblim",
    "Creature — Hound",
    "Tribal Instant — Elf",
    "Creature - Goblin",
    "Creature Goblin",
    "Legendery Creature — Elf",
    "Creature Legendary — Elf",
    "Creature Creature — Goblin",
    "Creature — Goblin Goblin",
    "Artifact —",
    "Artifact — // Land",
    "creature — goblin",
    "Creature — Goblin  Wizard",
    " Creature — Goblin",
    "Creature — Goblin ",
    "Instant//Sorcery",
    "Instant //",
    "// Sorcery",
    "Creature — Goblin — Wizard",
    "Legendary Creature Elf Warrior",
]


@pytest.mark.parametrize("line", SUGGESTING)
def test_fix_and_suggestion_agree(line: str) -> None:
    for finding in found(line):
        if finding.fix is None:
            continue
        span = finding.fix.span
        assert finding.fix.applicability in ("safe", "unsafe")
        assert finding.suggestion == line[: span.start] + finding.fix.replacement + line[span.end :]


@pytest.mark.parametrize("line", SUGGESTING)
def test_suggestions_do_not_add_white_space_at_the_ends(line: str) -> None:
    for finding in found(line):
        if finding.suggestion is None:
            continue
        assert finding.suggestion != line
        if line == line.strip():
            assert finding.suggestion == finding.suggestion.strip(), (finding.code, finding.suggestion)


@pytest.mark.parametrize(
    ("line", "fixed"),
    [
        ("Creature - Goblin", "Creature — Goblin"),
        ("Creature Legendary — Elf", "Legendary Creature — Elf"),
        ("Tribal Instant — Elf", "Kindred Instant — Elf"),
        ("Creature — Hound", "Creature — Dog"),
        ("Creature — Goblin Goblin", "Creature — Goblin"),
    ],
)
def test_a_single_suggestion_fixes_the_line(line: str, fixed: str) -> None:
    (finding,) = found(line)
    assert finding.suggestion == fixed
    assert found(fixed) == ()
