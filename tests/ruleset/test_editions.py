"""Every shipped edition: the index, `--edition` for any covered effective date, `--as-of`.

rules/ holds one rule file per run of editions with the same type-line rules and
`index.yaml` saying which file stands for which edition; an edition that shares the file of
an earlier one (2020-08-07 is read from 2020-07-03.yaml) is those rules under its own date.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from conftest import run_cli, shared_path

from mtg_typeline.crimport import after_shipped, read_cr
from mtg_typeline.errors import UsageError
from mtg_typeline.ruleset import (
    cache,
    editions,
    load_renames,
    load_rules,
    parse_rules,
    rules_dir,
    shipped_editions,
    shipped_index,
)

SHARED = pytest.mark.shared  # needs ../shared/cr
SECTION_FILE = "2026-09-25-section-205.txt"
TIME_LORD = "Creature — Time Lord\n"
IN_FORCE_FROM = "the oldest is in force from 2009-07-11"


def check_json(*args: str, stdin: str) -> tuple[int, dict[str, object]]:
    result = run_cli(["check", "--format", "json", *args, "-"], stdin=stdin)
    assert result.stderr == ""
    return result.exit_code, json.loads(result.stdout)


def codes(document: dict[str, object]) -> list[str]:
    findings = document["findings"]
    assert isinstance(findings, list)
    return [finding["code"] for finding in findings]


# --------------------------------------------------------------------------
# The shipped editions
# --------------------------------------------------------------------------


def test_the_shipped_editions_are_every_covered_date_oldest_first() -> None:
    dates = shipped_editions()
    assert len(dates) == 86
    assert (dates[0], dates[-1]) == ("2009-07-11", "2026-09-25")
    assert list(dates) == sorted(set(dates))
    assert {"2020-07-03", "2020-08-07", "2020-09-25", "2020-11-20"} <= set(dates)
    assert len(shipped_index().entries) == len(list(rules_dir().glob("20*.yaml"))) == 65
    assert load_rules().edition == "2026-09-25"


def test_a_covered_date_loads_the_file_of_its_run_under_its_own_date() -> None:
    first, covered = load_rules("2020-07-03"), load_rules("2020-08-07")
    assert covered.path == first.path == str(rules_dir() / "2020-07-03.yaml")
    assert (covered.edition, covered.name) == ("2020-08-07", "Comprehensive Rules 2020-08-07")
    assert (
        covered.source
        == "Magic: The Gathering Comprehensive Rules, effective 2020-08-07, section 205 (Type Line)"
    )
    same = ("lists", "summaries", "citations", "card_types", "supertypes", "no_subtypes", "renames")
    assert [getattr(covered, name) for name in same] == [getattr(first, name) for name in same]
    assert first.edition == "2020-07-03"


def test_every_index_entry_file_is_named_by_its_first_date() -> None:
    for entry in shipped_index().entries:
        assert entry.file == f"{entry.edition}.yaml" and entry.dates[0] == entry.edition
        assert load_rules(entry.edition).path == str(rules_dir() / entry.file)
        assert entry.section == ("204" if entry.edition < "2011-09-30" else "205")


@pytest.mark.parametrize(
    ("day", "edition"),
    [
        ("2009-07-11", "2009-07-11"),  # on an effective date: that edition
        ("2009-09-03", "2009-07-11"),  # the day before the next one
        ("2020-08-10", "2020-08-07"),
        ("2023-10-20", "2023-10-13"),  # Time Lord's first edition
        ("2024-06-06", "2024-03-08"),  # still Tribal
        ("2024-06-07", "2024-06-07"),  # Kindred
        ("2099-01-01", "2026-09-25"),
    ],
)
def test_the_edition_in_force_on_a_day(day: str, edition: str) -> None:
    assert shipped_index().in_force(day) == edition


@pytest.mark.parametrize(
    ("day", "message"),
    [
        (
            "2009-07-10",
            f"no shipped edition was in force on 2009-07-10: {IN_FORCE_FROM}",
        ),
        ("2023-02-30", "--as-of '2023-02-30' is not a date (YYYY-MM-DD)"),
        ("20231020", "--as-of '20231020' is not a date (YYYY-MM-DD)"),
        ("2023-W42-5", "--as-of '2023-W42-5' is not a date (YYYY-MM-DD)"),
    ],
)
def test_no_edition_in_force(day: str, message: str) -> None:
    with pytest.raises(UsageError) as caught:
        shipped_index().in_force(day)
    assert str(caught.value) == message


def test_an_unknown_date_names_the_range_and_the_edition_in_force() -> None:
    with pytest.raises(UsageError) as caught:
        load_rules("2020-08-01")
    assert str(caught.value) == (
        "unknown edition '2020-08-01': give the exact effective date of a shipped edition "
        "(2009-07-11 … 2026-09-25, 86 editions; `typeline rules list` shows them); "
        "the editions nearest 2020-08-01 are 2020-07-03 and 2020-08-07; "
        "the edition in force on that day is 2020-07-03"
    )


@functools.cache
def imported_editions() -> tuple[tuple[str, str], ...]:
    """(effective date, the rule file `typeline rules import` writes for that edition's text
    alone: a section-only text with the outside rules of the shipped edition before it)."""
    cr = shared_path("cr")
    sources = [*sorted((cr / "archive").glob("*.txt.gz")), cr / SECTION_FILE]
    return tuple(
        (imported.effective, imported.text())
        for imported in (after_shipped(read_cr(path.read_bytes(), path.name)) for path in sources)
    )


@SHARED
def test_every_edition_loads_as_the_importer_reads_its_own_text() -> None:
    renames = load_renames(rules_dir() / "renames.yaml")
    seen = []
    for effective, text in imported_editions():
        own = parse_rules(f"{effective}.yaml", text, renames)
        shipped = load_rules(effective)
        assert cache.to_data(shipped) == cache.to_data(own), effective
        seen.append(effective)
    assert sorted(seen) == list(shipped_editions())


# --------------------------------------------------------------------------
# The command line: --edition, --as-of
# --------------------------------------------------------------------------


def test_edition_of_a_covered_date_that_is_not_a_files_first() -> None:
    result = run_cli(["check", "--no-color", "--edition", "2020-08-07", "-"], stdin="Kindred Instant — Elf\n")
    assert result.exit_code == 1
    assert result.stdout == (
        "-:1:1: error TL202 [*] obsolete-card-type\n"
        "  'Kindred' is not a card type in the 2020-08-07 edition; it was called Tribal until 2024-06-07\n"
        "   |\n"
        " 1 | Kindred Instant — Elf\n"
        "   | ^^^^^^^\n"
        "   = rules: 205.2a  Lists the card types.\n"
        "   = suggestion: Tribal Instant — Elf\n"
        "Found 1 error in 1 type line in 1 file.\n"
        "[*] 1 fixable with --fix.\n"
    )
    status, document = check_json("--edition", "2020-08-07", stdin="Scheme — Villain\n")
    assert (status, document["edition"], codes(document)) == (1, "2020-08-07", ["TL305"])


@pytest.mark.parametrize(
    ("as_of", "line", "edition", "found"),
    [
        ("2023-10-20", TIME_LORD, "2023-10-13", []),  # a card released 2023-10-20
        ("2023-10-12", TIME_LORD, "2023-04-14", ["TL302", "TL302"]),  # before Time Lord
        ("2024-06-06", "Tribal Instant — Elf\n", "2024-03-08", []),
        ("2024-06-06", "Kindred Instant — Elf\n", "2024-03-08", ["TL202"]),
        ("2024-06-07", "Kindred Instant — Elf\n", "2024-06-07", []),
        ("2024-06-07", "Tribal Instant — Elf\n", "2024-06-07", ["TL202"]),
    ],
)
def test_as_of_a_release_date(as_of: str, line: str, edition: str, found: list[str]) -> None:
    status, document = check_json("--as-of", as_of, stdin=line)
    assert (document["edition"], codes(document), status) == (edition, found, 1 if found else 0)


def test_as_of_before_the_first_edition_is_a_usage_error() -> None:
    result = run_cli(["check", "--as-of", "2009-07-10", "-"], stdin=TIME_LORD)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"typeline: error: no shipped edition was in force on 2009-07-10: {IN_FORCE_FROM}\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--as-of", "2024-13-01"], "--as-of '2024-13-01' is not a date (YYYY-MM-DD)"),
        (["--as-of", "2024-06-07", "--edition", "2024-06-07"], "--edition and --as-of exclude each other"),
        (["--as-of", "2024-06-07", "--rules", "x.yaml"], "--rules and --as-of exclude each other"),
    ],
)
def test_as_of_usage_errors(args: list[str], message: str) -> None:
    result = run_cli(["check", *args, "-"], stdin=TIME_LORD)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"typeline: error: {message}\n")


def test_as_of_from_the_configuration(here: Path) -> None:
    (here / ".typeline.yaml").write_text("as-of: 2024-06-06\n", encoding="utf-8")  # a YAML date
    assert check_json(stdin=TIME_LORD)[1]["edition"] == "2024-03-08"
    assert check_json("--edition", "2020-08-07", stdin=TIME_LORD)[1]["edition"] == "2020-08-07"
    (here / ".typeline.yaml").write_text("edition: '2020-08-07'\n", encoding="utf-8")
    assert check_json("--as-of", "2024-06-07", stdin=TIME_LORD)[1]["edition"] == "2024-06-07"


def test_as_of_in_pyproject_toml(here: Path) -> None:
    (here / "pyproject.toml").write_text("[tool.typeline]\nas-of = 2023-10-20\n", encoding="utf-8")
    assert check_json(stdin=TIME_LORD)[1]["edition"] == "2023-10-13"


def test_a_configured_as_of_that_is_not_a_date(here: Path) -> None:
    (here / ".typeline.yaml").write_text("as-of: 'next week'\n", encoding="utf-8")
    result = run_cli(["check", "-"], stdin=TIME_LORD)
    assert result.exit_code == 2
    assert result.stderr == (
        f"typeline: error: {here / '.typeline.yaml'}:1:1: key 'as-of' must be a date (YYYY-MM-DD), "
        "not 'next week'\n"
    )


# --------------------------------------------------------------------------
# Diagnostics cite each edition's own rules
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "rules"),
    [
        (["--edition", "2009-07-11"], ["204.3c", "204.3h"]),  # 204: no "can't gain" rule
        (["--as-of", "2011-09-29"], ["204.3c", "204.3h"]),  # 2011-07-15, still 204
        (["--edition", "2011-09-30"], ["205.3d", "205.3i"]),
        ([], ["205.3d", "205.3i"]),
    ],
)
def test_a_creature_forest_cites_the_editions_rules(args: list[str], rules: list[str]) -> None:
    status, document = check_json(*args, stdin="Creature — Forest\n")
    findings = document["findings"]
    assert isinstance(findings, list) and status == 1
    assert [(f["code"], f["rules"]) for f in findings] == [("TL304", rules)]


def test_text_output_under_a_204_edition() -> None:
    result = run_cli(["check", "--no-color", "--edition", "2009-07-11", "-"], stdin="Creature — Forest\n")
    assert result.stdout == (
        "-:1:12: error TL304 subtype-type-mismatch\n"
        "  Forest is a land type (204.3h), but this object is not a land\n"
        "   |\n"
        " 1 | Creature — Forest\n"
        "   |            ^^^^^^\n"
        "   = rules: 204.3c  When a card has several card types, each subtype belongs to the card type whose "
        "list includes it.\n"
        "            204.3h  Lists the land types; five of them are the basic land types.\n"
        "Found 1 error in 1 type line in 1 file.\n"
    )


def test_the_index_module_is_what_the_wheel_ships() -> None:
    assert shipped_index().path == str(rules_dir() / editions.INDEX_FILE)
