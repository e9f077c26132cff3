"""The command line through click's CliRunner: exit statuses, exact output, options.

Expected output is written out literally: a change to what users see must change a test.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli

import mtg_typeline
from mtg_typeline.checks import CHECKS
from mtg_typeline.ruleset import rules_dir

SAMPLE = "Creature — Elf Warrior\nCreature - Elf\nCreature — Forest\n"

SAMPLE_TEXT = """\
cards.txt:2:9: warning TL101 [*] dash-form
  the dash is written as '-'; subtypes follow a long dash '—' with one space on each side
   |
 2 | Creature - Elf
   |         ^^^
   = rules: 205.3b  Subtypes come after a long dash, a word each, bar the two-word creature types; \
a plane has one subtype of any length.
   = suggestion: Creature — Elf
cards.txt:3:12: error TL304 subtype-type-mismatch
  Forest is a land type (205.3i), but this object is not a land
   |
 3 | Creature — Forest
   |            ^^^^^^
   = rules: 205.3d  An object cannot get a subtype that matches none of its card types.
            205.3i  Lists the land types; five of them are the basic land types.
Found 1 error and 1 warning in 3 type lines in 1 file.
[*] 1 fixable with --fix.
"""

SAMPLE_JSON: dict[str, Any] = {
    "version": 1,
    "edition": "2026-09-25",
    "summary": {"files": 1, "type_lines": 3, "errors": 1, "warnings": 1, "infos": 0},
    "findings": [
        {
            "path": "cards.txt",
            "line": 2,
            "column": 9,
            "end_line": 2,
            "end_column": 12,
            "card": None,
            "code": "TL101",
            "name": "dash-form",
            "severity": "warning",
            "message": "the dash is written as '-'; "
            "subtypes follow a long dash '—' with one space on each side",
            "rules": ["205.3b"],
            "type_line": "Creature - Elf",
            "suggestion": "Creature — Elf",
            "fix": {"start_column": 9, "end_column": 12, "replacement": " — ", "applicability": "safe"},
        },
        {
            "path": "cards.txt",
            "line": 3,
            "column": 12,
            "end_line": 3,
            "end_column": 18,
            "card": None,
            "code": "TL304",
            "name": "subtype-type-mismatch",
            "severity": "error",
            "message": "Forest is a land type (205.3i), but this object is not a land",
            "rules": ["205.3d", "205.3i"],
            "type_line": "Creature — Forest",
            "suggestion": None,
            "fix": None,
        },
    ],
}

FINDING_KEYS = [
    "path", "line", "column", "end_line", "end_column", "card", "code", "name", "severity", "message",
    "rules", "type_line", "suggestion", "fix",
]  # fmt: skip

SGR = re.compile(r"\x1b\[([0-9;]*)m")


def colours(text: str) -> set[int]:
    """The colour parameters (foreground or background) of the SGR sequences in `text`."""
    found: set[int] = set()
    for match in SGR.finditer(text):
        for param in filter(None, match.group(1).split(";")):
            number = int(param)
            if 30 <= number <= 49 or 90 <= number <= 107:
                found.add(number)
    return found


@pytest.fixture
def cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """cards.txt (one clean line, one warning, one error) in the working directory."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "cards.txt"
    path.write_text(SAMPLE, encoding="utf-8")
    return path


@pytest.fixture
def clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "clean.txt"
    path.write_text("Creature — Elf Warrior\nLegendary Land\nArtifact Creature — Golem\n", encoding="utf-8")
    return path


# Exact output


def test_text_output_is_exact(cards: Path) -> None:
    result = run_cli(["check", "--no-color", "cards.txt"])
    assert result.exit_code == 1
    assert result.stdout == SAMPLE_TEXT
    assert result.stderr == ""


def test_json_output_is_exact(cards: Path) -> None:
    result = run_cli(["check", "--format", "json", "cards.txt"])
    assert result.exit_code == 1
    assert json.loads(result.stdout) == SAMPLE_JSON
    assert result.stderr == ""


def test_json_keys_come_in_the_documented_order(cards: Path) -> None:
    document = json.loads(run_cli(["check", "--format", "json", "cards.txt"]).stdout)
    assert list(document) == ["version", "edition", "summary", "findings"]
    assert all(list(finding) == FINDING_KEYS for finding in document["findings"])


def test_json_output_has_no_colour_even_when_asked(cards: Path) -> None:
    result = run_cli(["check", "--format", "json", "--color", "cards.txt"])
    assert "\x1b" not in result.stdout
    assert json.loads(result.stdout) == SAMPLE_JSON


def test_output_is_deterministic(cards: Path) -> None:
    first = run_cli(["check", "--no-color", "cards.txt"]).stdout
    assert run_cli(["check", "--no-color", "cards.txt"]).stdout == first


def test_clean_input_text_summary(clean: Path) -> None:
    result = run_cli(["check", "--no-color", "clean.txt"])
    assert result.exit_code == 0
    assert result.stdout == "No problems in 3 type lines in 1 file.\n"


def test_clean_input_json(clean: Path) -> None:
    result = run_cli(["check", "--format", "json", "clean.txt"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "version": 1,
        "edition": "2026-09-25",
        "summary": {"files": 1, "type_lines": 3, "errors": 0, "warnings": 0, "infos": 0},
        "findings": [],
    }


def test_summary_counts_files_and_lines(cards: Path, clean: Path) -> None:
    result = run_cli(["check", "--no-color", "cards.txt", "clean.txt"])
    assert result.stdout.endswith(
        "\nFound 1 error and 1 warning in 6 type lines in 2 files.\n[*] 1 fixable with --fix.\n"
    )


def test_summary_of_one_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("one.txt").write_text("Creature — Elf\nCreature — Forest\n", encoding="utf-8")
    result = run_cli(["check", "--no-color", "one.txt"])
    assert result.stdout.splitlines()[-1] == "Found 1 error in 2 type lines in 1 file."


def test_stdin_path_is_a_dash() -> None:
    result = run_cli(["check", "--format", "json"], stdin="Creature — Forest\n")
    assert result.exit_code == 1
    [finding] = json.loads(result.stdout)["findings"]
    assert (finding["path"], finding["line"], finding["column"]) == ("-", 1, 12)


def test_explicit_dash_reads_stdin() -> None:
    result = run_cli(["check", "--no-color", "-"], stdin="Creature — Forest\n")
    assert result.exit_code == 1
    assert result.stdout.startswith("-:1:12: error TL304 subtype-type-mismatch\n")


# Exit statuses


def test_exit_0_without_findings(clean: Path) -> None:
    assert run_cli(["check", "clean.txt"]).exit_code == 0


def test_exit_1_with_an_error() -> None:
    assert run_cli(["check", "-"], stdin="Creature — Forest\n").exit_code == 1


def test_warnings_alone_exit_0() -> None:
    result = run_cli(["check", "--no-color", "-"], stdin="Creature - Elf\n")
    assert result.exit_code == 0
    assert "warning TL101 [*] dash-form" in result.stdout


def test_strict_makes_warnings_fail() -> None:
    result = run_cli(["check", "--strict", "--no-color", "-"], stdin="Creature - Elf\n")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-2] == "Found 1 warning in 1 type line in 1 file."


def test_strict_passes_clean_input(clean: Path) -> None:
    assert run_cli(["check", "--strict", "clean.txt"]).exit_code == 0


def test_info_alone_never_fails() -> None:
    emblems = [c for c in CHECKS if c.severity.value == "info"]
    assert emblems, "no info-level check to test with"
    bad = [text for label, text in emblems[0].examples() if label != "Okay"]
    result = run_cli(["check", "--strict", "--format", "json", "-"], stdin=bad[0] + "\n")
    summary = json.loads(result.stdout)["summary"]
    assert (summary["infos"], summary["errors"], summary["warnings"]) == (1, 0, 0)
    assert result.exit_code == 0


def test_exit_2_for_an_unknown_edition(clean: Path) -> None:
    result = run_cli(["check", "--edition", "1999-01-01", "clean.txt"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        "typeline: error: unknown edition '1999-01-01': give the exact effective date of a shipped "
        "edition (2009-07-11 … 2026-09-25, 86 editions; `typeline rules list` shows them)\n"
    )


def test_exit_2_for_an_unknown_format(clean: Path) -> None:
    result = run_cli(["check", "--format", "xml", "clean.txt"])
    assert result.exit_code == 2
    assert "xml" in result.stderr


def test_exit_2_for_an_unknown_option(clean: Path) -> None:
    assert run_cli(["check", "--frobnicate", "clean.txt"]).exit_code == 2


def test_exit_2_for_a_missing_path(clean: Path) -> None:
    result = run_cli(["check", "--no-color", "clean.txt", "missing.txt"])
    assert result.exit_code == 2
    assert "missing.txt:1:1: error TL901 unreadable-input" in result.stdout


def test_exit_2_for_edition_and_rules_together(clean: Path) -> None:
    rule_file = rules_dir() / "2020-07-03.yaml"
    result = run_cli(["check", "--edition", "2020-08-07", "--rules", str(rule_file), "clean.txt"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "--edition" in result.stderr
    assert "--rules" in result.stderr


def test_exit_2_for_a_missing_rule_file(clean: Path) -> None:
    result = run_cli(["check", "--rules", "no-such-rules.yaml", "clean.txt"])
    assert result.exit_code == 2
    assert "no-such-rules.yaml" in result.stderr


def test_exit_2_for_a_broken_rule_file(clean: Path) -> None:
    Path("broken.yaml").write_text("schema: 1\nedition: [\n", encoding="utf-8")
    result = run_cli(["check", "--rules", "broken.yaml", "clean.txt"])
    assert result.exit_code == 2
    assert result.stderr.startswith("typeline: error: broken.yaml:")
    assert len(result.stderr.strip().splitlines()) == 1


def test_exit_2_without_input_on_a_terminal() -> None:
    class Terminal(io.BytesIO):
        def isatty(self) -> bool:
            return True

    result = run_cli(["check"], stdin=Terminal(b""))
    assert result.exit_code == 2
    assert "no input" in result.stderr


def test_exit_130_on_ctrl_c(clean: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr("mtg_typeline.engine.run", interrupted)
    result = run_cli(["check", "clean.txt"])
    assert result.exit_code == 130
    assert "interrupted" in result.stderr


# Options


def test_quiet_drops_the_summary(cards: Path) -> None:
    result = run_cli(["check", "--quiet", "--no-color", "cards.txt"])
    assert result.exit_code == 1
    assert result.stdout == SAMPLE_TEXT.rsplit("Found", 1)[0]


def test_short_quiet_prints_nothing_for_clean_input(clean: Path) -> None:
    result = run_cli(["check", "-q", "clean.txt"])
    assert result.exit_code == 0
    assert result.stdout == ""


def test_quiet_keeps_the_json_summary(cards: Path) -> None:
    result = run_cli(["check", "-q", "--format", "json", "cards.txt"])
    assert json.loads(result.stdout) == SAMPLE_JSON


def test_no_color_has_no_escapes(cards: Path) -> None:
    assert "\x1b" not in run_cli(["check", "--no-color", "cards.txt"]).output


def test_color_adds_colour(cards: Path) -> None:
    result = run_cli(["check", "--color", "cards.txt"])
    assert 31 in colours(result.stdout)  # errors are red
    assert 33 in colours(result.stdout)  # warnings are yellow
    assert SGR.sub("", result.stdout) == SAMPLE_TEXT


def test_no_colour_by_default_when_not_a_terminal(cards: Path) -> None:
    assert "\x1b" not in run_cli(["check", "cards.txt"]).output


def test_no_color_env_is_honoured_on_a_terminal(cards: Path) -> None:
    # FORCE_COLOR makes rich treat the output as a terminal, which colours by default …
    forced = run_cli(["check", "cards.txt"], env={"FORCE_COLOR": "1"})
    assert colours(forced.stdout)
    # … unless NO_COLOR is set.
    honoured = run_cli(["check", "cards.txt"], env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert colours(honoured.stdout) == set()
    assert SGR.sub("", honoured.stdout) == SAMPLE_TEXT


def test_no_color_flag_beats_force_color(cards: Path) -> None:
    result = run_cli(["check", "--no-color", "cards.txt"], env={"FORCE_COLOR": "1"})
    assert result.stdout == SAMPLE_TEXT


def test_old_edition_cites_its_own_rule_numbers() -> None:
    old = run_cli(["check", "--edition", "2020-08-07", "--format", "json", "-"], stdin="Scheme — Villain\n")
    new = run_cli(["check", "--format", "json", "-"], stdin="Scheme — Villain\n")
    assert old.exit_code == new.exit_code == 1
    old_doc, new_doc = json.loads(old.stdout), json.loads(new.stdout)
    assert old_doc["edition"] == "2020-08-07"
    assert [(f["code"], f["rules"]) for f in old_doc["findings"]] == [("TL305", ["205.3p"])]
    assert [(f["code"], f["rules"]) for f in new_doc["findings"]] == [("TL305", ["205.3r"])]


def test_old_edition_text_output() -> None:
    result = run_cli(["check", "--edition", "2020-08-07", "--no-color", "-"], stdin="Scheme — Villain\n")
    assert result.stdout == (
        "-:1:10: error TL305 subtypes-not-allowed\n"
        "  scheme cards have no subtypes\n"
        "   |\n"
        " 1 | Scheme — Villain\n"
        "   |          ^^^^^^^\n"
        "   = rules: 205.3p  Names the card types that never have subtypes.\n"
        "Found 1 error in 1 type line in 1 file.\n"
    )


def test_edition_by_default_is_the_newest() -> None:
    plain = run_cli(["check", "--format", "json", "-"], stdin="Creature — Elf\n")
    explicit = run_cli(
        ["check", "--edition", "2026-09-25", "--format", "json", "-"], stdin="Creature — Elf\n"
    )
    assert json.loads(plain.stdout) == json.loads(explicit.stdout)
    assert json.loads(plain.stdout)["edition"] == "2026-09-25"


def test_rules_file_is_used(tmp_path: Path) -> None:
    copy = tmp_path / "my-rules.yaml"
    copy.write_bytes((rules_dir() / "2020-07-03.yaml").read_bytes())
    result = run_cli(["check", "--rules", str(copy), "--format", "json", "-"], stdin="Scheme — Villain\n")
    document = json.loads(result.stdout)
    assert document["edition"] == "2020-07-03"
    assert document["findings"][0]["rules"] == ["205.3p"]


# explain and codes


def test_explain_text() -> None:
    result = run_cli(["explain", "TL101"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "TL101 dash-form (warning)"
    assert "Rules (edition 2026-09-25):" in lines
    assert any(line.startswith("  205.3b  ") for line in lines)
    assert "Examples (under the 2026-09-25 edition):" in lines


def test_explain_by_name_or_any_case_matches_by_code() -> None:
    by_code = run_cli(["explain", "TL304"]).stdout
    assert run_cli(["explain", "subtype-type-mismatch"]).stdout == by_code
    assert run_cli(["explain", "tl304"]).stdout == by_code


def test_explain_json() -> None:
    result = run_cli(["explain", "--format", "json", "TL305", "--edition", "2020-08-07"])
    assert result.exit_code == 0
    info = json.loads(result.stdout)
    assert set(info) == {
        "code", "name", "severity", "summary", "rules", "description", "fix", "examples",
        "examples_edition",
    }  # fmt: skip
    assert info["examples_edition"] == "2026-09-25"  # examples are written for the newest
    assert (info["code"], info["name"], info["severity"]) == ("TL305", "subtypes-not-allowed", "error")
    assert info["rules"] == ["205.3p"]
    assert info["examples"]
    assert {e["label"] for e in info["examples"]} <= {"Okay", "TL305"}


def test_explain_cites_the_chosen_edition() -> None:
    assert "205.3r" in run_cli(["explain", "TL305"]).stdout
    old = run_cli(["explain", "TL305", "--edition", "2020-08-07"]).stdout
    assert "205.3p" in old
    assert "205.3r" not in old


@pytest.mark.parametrize("args", [["explain", "TL999"], ["explain", "no-such-check"]])
def test_explain_unknown_code_exits_2(args: list[str]) -> None:
    result = run_cli(args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert args[-1] in result.stderr


def test_explain_unknown_edition_exits_2() -> None:
    assert run_cli(["explain", "TL101", "--edition", "2001-01-01"]).exit_code == 2


def test_codes_text_lists_every_check_in_order() -> None:
    result = run_cli(["codes"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split()[:3] for line in lines] == [[c.code, c.name, c.severity.value] for c in CHECKS]


def test_codes_json() -> None:
    result = run_cli(["codes", "--format", "json"])
    assert result.exit_code == 0
    infos = json.loads(result.stdout)
    assert [(i["code"], i["name"], i["severity"]) for i in infos] == [
        (c.code, c.name, c.severity.value) for c in CHECKS
    ]
    assert next(i for i in infos if i["code"] == "TL304")["rules"][0] == "205.3d"


def test_codes_json_follows_the_edition() -> None:
    infos = json.loads(run_cli(["codes", "--format", "json", "--edition", "2020-08-07"]).stdout)
    assert next(i for i in infos if i["code"] == "TL305")["rules"] == ["205.3p"]


# version and help


def test_version() -> None:
    result = run_cli(["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"typeline, version {mtg_typeline.__version__}\n"


def test_help_lists_the_commands() -> None:
    result = run_cli(["--help"])
    assert result.exit_code == 0
    for command in ("check", "explain", "codes"):
        assert re.search(rf"^  {command}\b", result.stdout, re.MULTILINE), command


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_check_help_lists_every_option(flag: str) -> None:
    result = run_cli(["check", flag])
    assert result.exit_code == 0
    for option in (
        "--edition DATE",
        "--rules FILE",
        "--format [text|json|",
        "--select CODES",
        "--extend-select CODES",
        "--ignore CODES",
        "--fail-on [error|warning|info]",
        "--strict",
        "--exit-zero",
        "--statistics",
        "-q, --quiet",
        "--color [auto|always|never]",
        "--no-color",
        "-o, --output-file FILE",
        "--stdin-filename NAME",
        "-v, --verbose",
        "--show-settings",
        "--show-files",
        "--include GLOB",
        "--exclude GLOB",
        "--config FILE",
        "--no-config",
        "-h, --help",
    ):
        assert option in result.stdout, option
    assert "PATHS" in result.stdout


@pytest.mark.parametrize("command", ["explain", "codes"])
def test_other_help_lists_format_and_edition(command: str) -> None:
    result = run_cli([command, "--help"])
    assert result.exit_code == 0
    assert "--format" in result.stdout
    assert "--edition" in result.stdout
