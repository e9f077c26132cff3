"""The checks: their docstring examples, the registry, and the findings for key type lines.

Every registered check that runs on type lines carries `Okay:` and `TLxxx:` example lines in
its docstring (pycodestyle style); they run here against the newest edition. The spot tests
pin the code set, severity, rules cited, message and suggestion of the cases that matter most,
and that each finding's columns point at the word it is about.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from mtg_typeline import check_line
from mtg_typeline.checker import Checker
from mtg_typeline.checks import CHECKS, Check, find_check
from mtg_typeline.findings import Finding, Severity
from mtg_typeline.ruleset import load_rules

NEWEST = "2026-09-25"
OLDEST = "2020-08-07"
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


@cache
def checker(edition: str = NEWEST) -> Checker:
    return Checker(load_rules(edition))


def expand(line: str) -> str:
    """Docstring examples spell edge white space as placeholders."""
    return line.replace("${SPACE}", " ").replace("${TAB}", "\t")


def found(line: str, edition: str = NEWEST) -> tuple[Finding, ...]:
    """The findings users get (cached, fast path first), which must equal the full check."""
    result = checker(edition).check(line)
    assert result == checker(edition).check_fully(line)
    return result


def codes(line: str, edition: str = NEWEST) -> list[str]:
    return [f.code for f in found(line, edition)]


def only(line: str, code: str, edition: str = NEWEST) -> Finding:
    """The one finding of `line`, which must have `code`."""
    result = found(line, edition)
    assert [f.code for f in result] == [code], [(f.code, f.message) for f in result]
    return result[0]


def marked(line: str, finding: Finding) -> str:
    """The text a finding points at."""
    return line[finding.column - 1 : finding.end_column - 1]


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


# --------------------------------------------------------------------------
# Key cases: codes, severity, rules, message, suggestion
# --------------------------------------------------------------------------


def test_land_type_on_a_creature() -> None:
    line = "Creature — Forest"
    finding = only(line, "TL304")
    assert finding.severity is Severity.ERROR
    assert finding.rules == ("205.3d", "205.3i")
    assert "Forest is a land type (205.3i), but this object is not a land" in finding.message
    assert marked(line, finding) == "Forest"
    assert finding.type_line == line


def test_land_creature_takes_subtypes_of_both_lists() -> None:
    assert found("Land Creature — Forest Dryad") == ()


def test_tribal_is_obsolete_in_the_newest_edition() -> None:
    line = "Tribal Instant — Elf"
    finding = only(line, "TL202")
    assert finding.severity is Severity.ERROR
    assert finding.suggestion == "Kindred Instant — Elf"
    assert marked(line, finding) == "Tribal"
    assert "Kindred" in finding.message
    assert found("Kindred Instant — Elf") == ()


def test_kindred_is_too_new_for_the_2020_edition() -> None:
    assert found("Tribal Instant — Elf", OLDEST) == ()
    line = "Kindred Instant — Elf"
    finding = only(line, "TL202", OLDEST)
    assert finding.suggestion == "Tribal Instant — Elf"
    assert marked(line, finding) == "Kindred"
    assert "Tribal" in finding.message


def test_misspelt_subtype() -> None:
    line = "Creature — Goblim"
    finding = only(line, "TL302")
    assert finding.rules == ("205.3m",)
    assert "did you mean Goblin?" in finding.message
    assert finding.suggestion == "Creature — Goblin"
    assert marked(line, finding) == "Goblim"


@pytest.mark.parametrize(
    ("line", "word", "hint"),
    [
        ("Land — Goblim", "Goblim", "did you mean Goblin (a creature type)?"),
        ("Creature — Deer Bird Ape Druid", "Deer", "did you mean Desert (a land type)?"),
        ("Artifact — Craft", "Craft", "did you mean Rat or Cat (each a creature type)?"),
    ],
)
def test_a_close_subtype_of_a_type_the_object_lacks_is_named_but_not_the_fix(
    line: str, word: str, hint: str
) -> None:
    """Replacing the word with it would only turn TL302 into TL304 (subtype-type-mismatch)."""
    finding = only(line, "TL302")
    assert marked(line, finding) == word
    assert finding.message.endswith(hint)
    assert finding.fix is None
    assert finding.suggestion is None


def test_a_close_subtype_of_any_of_the_objects_own_types_is_the_fix() -> None:
    line = "Land Creature — Goblim"
    finding = only(line, "TL302")
    assert finding.message.endswith("did you mean Goblin?")
    assert finding.fix is not None
    assert finding.fix.replacement == "Goblin"
    assert found(finding.suggestion or "") == ()


@pytest.mark.parametrize(
    ("line", "fixed"),
    [
        ("Legendary Creature — Timk Lord Doctor", "Legendary Creature — Time Lord Doctor"),
        ("Legendary Creature — Time Lrod Doctor", "Legendary Creature — Time Lord Doctor"),
    ],
)
def test_a_misspelt_word_of_a_two_word_subtype_is_fixed_to_make_it_whole(line: str, fixed: str) -> None:
    """Time alone is a planar type; before Lord it is the start of the creature type Time Lord."""
    (finding,) = [f for f in found(line) if f.code == "TL302" and f.fix is not None]
    assert finding.suggestion == fixed
    assert found(fixed) == ()


def test_the_start_of_a_two_word_subtype_is_no_fix_on_its_own() -> None:
    finding = only("Creature — Timk", "TL302")
    assert finding.fix is None
    assert finding.message.endswith("did you mean Time (a planar type)?")


def test_no_subtype_fix_in_the_corpus_gives_a_subtype_of_another_card_type() -> None:
    """Real lines with unknown subtypes: an unsafe fix never trades TL302 for TL304."""
    text = (Path(__file__).parent / "data" / "corpus-typelines.tsv").read_text(encoding="utf-8")
    lines = sorted({row.split("\t")[0] for row in text.splitlines()[1:]})
    fixed = []
    for line in lines:
        for finding in checker().check(line):
            if finding.code in ("TL302", "TL306") and finding.fix is not None:
                span, word = finding.fix.span, finding.fix.replacement
                fixed.append(line[: span.start] + word + line[span.end :])
    assert len(fixed) > 10  # the corpus has misspelt subtypes with one close entry
    assert [line for line in fixed if "TL304" in codes(line)] == []


def test_renamed_creature_type() -> None:
    line = "Creature — Hound"
    finding = only(line, "TL303")
    assert finding.rules == ("205.3f", "205.3m")
    assert finding.suggestion == "Creature — Dog"
    assert "Dog" in finding.message
    assert marked(line, finding) == "Hound"


def test_renamed_plane() -> None:
    line = "Plane — Kaladesh"
    finding = only(line, "TL303")
    assert finding.suggestion == "Plane — Avishkar"
    assert "205.3n" in finding.rules
    assert marked(line, finding) == "Kaladesh"


@pytest.mark.parametrize(("edition", "rule"), [(NEWEST, "205.3r"), (OLDEST, "205.3p")])
def test_scheme_has_no_subtypes(edition: str, rule: str) -> None:
    line = "Scheme — X"
    finding = only(line, "TL305", edition)
    assert finding.rules == (rule,)
    assert marked(line, finding) == "X"


def test_two_planes_are_not_one_planar_type() -> None:
    line = "Plane — Dominaria Zendikar"
    finding = only(line, "TL306")
    assert finding.rules == ("205.3n", "205.3b")
    assert marked(line, finding) == "Dominaria Zendikar"


@pytest.mark.parametrize(
    ("line", "dash"),
    [
        ("Creature-Goblin", "-"),
        ("Creature--Goblin", "--"),
        ("Creature–Goblin", "–"),
        ("Creature—Goblin", "—"),
        ("Creature - Goblin", " - "),
        ("Creature -- Goblin", " -- "),
        ("Creature – Goblin", " – "),
        ("Creature —Goblin", " —"),
        ("Creature  —  Goblin", "  —  "),
    ],
)
def test_dash_variants_are_a_warning_with_the_corrected_line(line: str, dash: str) -> None:
    finding = only(line, "TL101")
    assert finding.severity is Severity.WARNING
    assert finding.rules == ("205.3b",)
    assert finding.suggestion == "Creature — Goblin"
    assert marked(line, finding) == dash


def test_subtype_before_the_dash() -> None:
    line = "Creature Goblin"
    finding = only(line, "TL301")
    assert finding.rules[0] == "205.3b"
    assert finding.suggestion == "Creature — Goblin"
    assert marked(line, finding) == "Goblin"


def test_misspelt_supertype() -> None:
    line = "Legendery Creature — Elf"
    finding = only(line, "TL204")
    assert finding.suggestion == "Legendary Creature — Elf"
    assert "did you mean Legendary?" in finding.message
    assert marked(line, finding) == "Legendery"


def test_misspelt_card_type() -> None:
    line = "Creture — Goblin"
    finding = only(line, "TL201")
    assert finding.suggestion == "Creature — Goblin"
    assert "did you mean Creature?" in finding.message
    assert marked(line, finding) == "Creture"


def test_no_card_type() -> None:
    line = "Goblin Wizard"
    result = found(line)
    assert {f.code for f in result} == {"TL203", "TL301"}
    missing = [f for f in result if f.code == "TL203"]
    assert len(missing) == 1
    assert missing[0].rules == ("205.1", "205.2a")
    assert marked(line, missing[0]) == "Goblin Wizard"


def test_supertype_after_card_type() -> None:
    line = "Creature Legendary — Elf"
    finding = only(line, "TL205")
    assert finding.severity is Severity.WARNING
    assert finding.suggestion == "Legendary Creature — Elf"
    assert marked(line, finding) == "Legendary"
    assert finding.message == "the supertype 'Legendary' stands after a card type; supertypes come first"


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("Creature Legendary Snow — Elf", "'Legendary' and 'Snow'"),
        ("Creature Legendary Snow World — Elf", "'Legendary', 'Snow' and 'World'"),
        ("Artifact Legendary Creature Snow — Golem", "'Legendary' and 'Snow'"),
    ],
)
def test_supertypes_after_a_card_type_are_named_together(line: str, names: str) -> None:
    finding = only(line, "TL205")
    assert finding.message == f"the supertypes {names} stand after a card type; supertypes come first"
    assert marked(line, finding) == "Legendary"


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
    finding = only(line, code)
    assert finding.severity is Severity.WARNING
    assert finding.suggestion == suggestion
    duplicated = marked(line, finding)
    assert line.count(duplicated) == 2
    assert finding.column - 1 == line.rindex(duplicated)


def test_dash_without_subtypes() -> None:
    line = "Artifact —"
    finding = only(line, "TL104")
    assert finding.suggestion == "Artifact"
    assert marked(line, finding).strip() == "—"


def test_second_dash() -> None:
    line = "Creature — Goblin — Wizard"
    finding = only(line, "TL105")
    assert finding.severity is Severity.ERROR
    assert finding.suggestion == "Creature — Goblin Wizard"
    assert finding.column - 1 == line.index(" — ", 10)


@pytest.mark.parametrize("line", ["Instant //", "// Sorcery"])
def test_empty_face(line: str) -> None:
    empty = [f for f in found(line) if f.code == "TL106"]
    assert len(empty) == 1
    assert empty[0].severity is Severity.ERROR
    assert all(f.code in ("TL102", "TL106") for f in found(line))


def test_type_after_the_dash() -> None:
    line = "Creature — Legendary Elf"
    finding = only(line, "TL308")
    assert marked(line, finding) == "Legendary"


@pytest.mark.parametrize(
    ("line", "edition", "word", "said"),
    [
        ("Creature — Elf Tribal", NEWEST, "Tribal", "'Tribal' is no longer a card type: it is now Kindred"),
        ("Creature — Elf Summon", NEWEST, "Summon", "'Summon' is no longer a card type: it is now Creature"),
        (
            "Creature — Elf Kindred",
            OLDEST,
            "Kindred",
            "'Kindred' is not a card type in the 2020-08-07 edition; it was called Tribal",
        ),
    ],
)
def test_an_old_card_type_name_after_the_dash_is_a_type_after_the_dash(
    line: str, edition: str, word: str, said: str
) -> None:
    finding = only(line, "TL308", edition)
    assert marked(line, finding) == word
    assert finding.message.startswith(said)
    assert finding.message.endswith("; it belongs before the dash")
    assert "205.2a" in finding.rules


@pytest.mark.parametrize("line", ["Emblem — Liliana", "Emblem"])
def test_emblem_is_information_only(line: str) -> None:
    finding = only(line, "TL207")
    assert finding.severity is Severity.INFO
    assert marked(line, finding) == "Emblem"


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


def test_wrong_case_gives_one_warning_per_word() -> None:
    line = "creature — GOBLIN"  # (a line all in lower case is one finding)
    result = found(line)
    assert [f.code for f in result] == ["TL103", "TL103"]
    assert all(f.severity is Severity.WARNING for f in result)
    assert [marked(line, f) for f in result] == ["creature", "GOBLIN"]
    assert [f.suggestion for f in result] == ["Creature — GOBLIN", "creature — Goblin"]


def test_a_creature_type_on_an_artifact() -> None:
    line = "Artifact — Time Lord"
    finding = only(line, "TL304")
    assert marked(line, finding) == "Time Lord"


def test_hyphenated_types_are_one_word() -> None:
    line = "Land — Power"
    finding = only(line, "TL302")
    assert marked(line, finding) == "Power"
    worker = only("Artifact Creature — Assembly", "TL302")
    assert marked("Artifact Creature — Assembly", worker) == "Assembly"


def test_multi_word_subtype_with_two_spaces_is_only_a_spacing_problem() -> None:
    line = "Creature — Time  Lord"
    finding = only(line, "TL102")
    assert finding.suggestion == "Creature — Time Lord"


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


def test_check_line_is_the_public_entry() -> None:
    result = check_line("Creature — Forest")
    assert isinstance(result, list)
    assert [f.code for f in result] == ["TL304"]
    assert result[0].path == "-"
    assert result[0].line == 1
    assert check_line("Tribal Instant — Elf", load_rules(OLDEST)) == []


def test_findings_are_sorted_by_position() -> None:
    result = found("creature — Legendary goblin Goblim")
    assert [f.column for f in result] == sorted(f.column for f in result)
    assert {f.code for f in result} >= {"TL103", "TL308", "TL302"}
