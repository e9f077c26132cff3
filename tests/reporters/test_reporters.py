"""The output formats: exact output for one set of real findings (helpers/reports.py).

One `RunResult` holds an error, a warning, an info, findings with fixes (a replacement, a
deletion and an unsafe guess), messages with `%`, `:`, `,` and a line break, an odd file
name, stdin, a clean file and an input that could not be read. Each reporter's output for
it is written out literally (here, or under tests/data/reporters/); a finding in card data
keeps both its places. test_reporters_command_line.py checks that every format carries the
same findings as `--format json` from the command line.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from conftest import DATA
from helpers.reports import (
    ODD,
    RESULT,
    RULES,
    build_result,
    empty_result,
    placed,
    render,
    unescape,
    unreadable,
)

import mtg_typeline
from mtg_typeline.checker import Checker
from mtg_typeline.checks import CHECKS
from mtg_typeline.checks.docs import cited_rules
from mtg_typeline.findings import SORT_KEY, Summary
from mtg_typeline.reporters import FORMATS, REPORTERS, RunResult
from mtg_typeline.reporters.concise import summary_line
from mtg_typeline.reporters.fingerprints import fingerprints
from mtg_typeline.reporters.github import escape_data, escape_property
from mtg_typeline.reporters.sarif import artifact_uri
from mtg_typeline.ruleset import load_rules

REPORTS = DATA / "reporters"
MACHINE = ("json", "concise", "json-lines", "github", "sarif", "junit", "gitlab", "markdown")


def test_the_fixture_holds_what_the_tests_rely_on() -> None:
    codes = [f.code for f in RESULT.findings]
    assert codes == ["TL103", "TL307", "TL101", "TL304", "TL207", "TL901", "TL302", "TL302"]
    assert {f.severity.value for f in RESULT.findings} == {"error", "warning", "info"}
    assert [f.fix.applicability for f in RESULT.findings if f.fix] == ["safe", "safe", "safe", "unsafe"]
    assert "\n" in RESULT.findings[6].message


def test_findings_sort_by_the_key_at_c_speed_as_by_their_own() -> None:
    findings = list(reversed(RESULT.findings))
    assert [SORT_KEY(f) for f in findings] == [f.sort_key() for f in findings]
    assert sorted(findings, key=SORT_KEY) == sorted(findings, key=lambda f: f.sort_key())


def test_the_formats_are_registered_after_text_and_json() -> None:
    assert FORMATS == (
        "text", "json", "concise", "json-lines", "github", "sarif", "junit", "gitlab", "markdown",
    )  # fmt: skip
    assert "statistics" in REPORTERS and "statistics" not in FORMATS


# concise

CONCISE = """\
-:1:1: TL103 [*] [warning] 'creature' should be written 'Creature'
-:1:16: TL307 [*] [warning] the subtype Elf is written twice
cards.txt:2:9: TL101 [*] [warning] the dash is written as '-'; subtypes follow a long dash '—' \
with one space on each side
cards.txt:3:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land
cards.txt:4:1: TL207 [info] 'Emblem' is not a card type; emblem lines are not checked further
missing.txt:1:1: TL901 [error] cannot read missing.txt: No such file or directory
odd, name: 100%.txt:1:12: TL302 [error] '100%:' is not a creature type (205.3m) or any \
other subtype\u240aand a second line\u240d
odd, name: 100%.txt:1:18: TL302 [error] 'Elf,' is not a creature type (205.3m) or any other \
subtype; did you mean Elf?
"""


def test_concise() -> None:
    summary = "Found 4 errors, 3 warnings and 1 info in 9 type lines in 4 files.\n"
    hint = "[*] 3 fixable with --fix (1 more with --unsafe-fixes).\n"
    assert render("concise") == CONCISE + summary + hint


def test_concise_quiet_prints_the_findings_alone() -> None:
    assert render("concise", quiet=True) == CONCISE
    assert render("concise", empty_result(), quiet=True) == ""
    assert render("concise", empty_result()) == "No problems in 3 type lines in 1 file.\n"


@pytest.mark.parametrize(
    "counts",
    [(0, 0, 0), (1, 0, 0), (0, 2, 0), (0, 0, 3), (1, 1, 0), (2, 0, 5), (1234, 1, 1)],
)
def test_concise_summary_is_the_text_summary(counts: tuple[int, int, int]) -> None:
    from mtg_typeline.reporters.text import summary_text

    summary = Summary(files=2, type_lines=1, errors=counts[0], warnings=counts[1], infos=counts[2])
    assert summary_line(summary) == summary_text(summary).plain


# json-lines


def test_json_lines_is_one_finding_object_per_line() -> None:
    text = render("json-lines")
    lines = text.split("\n")
    assert lines.pop() == ""
    assert [json.loads(line) for line in lines] == [f.to_dict() for f in RESULT.findings]
    assert lines[1] == (
        '{"path":"-","line":1,"column":16,"end_line":1,"end_column":19,"card":null,"code":"TL307",'
        '"name":"duplicate-subtype","severity":"warning","message":"the subtype Elf is '
        'written twice","rules":["205.3b"],"type_line":"creature — Elf Elf",'
        '"suggestion":"creature — Elf","fix":{"start_column":15,"end_column":19,'
        '"replacement":"","applicability":"safe"}}'
    )
    assert render("json-lines", empty_result()) == ""


def test_json_lines_escapes_what_readers_take_for_line_breaks() -> None:
    finding = RESULT.findings[0]._replace(message="a\u2028b\u2029c\x85d\ne")
    result = RESULT._replace(findings=(finding,))
    text = render("json-lines", result)
    assert text.count("\n") == 1 and len(text.splitlines()) == 1
    assert '"message":"a\\u2028b\\u2029c\\u0085d\\ne"' in text
    assert json.loads(text)["message"] == finding.message


# github

GITHUB = """\
::warning line=1,col=1,endColumn=9,title=TL103 word-case::'creature' should be written 'Creature' \
(suggestion: Creature — Elf Elf)
::warning line=1,col=16,endColumn=19,title=TL307 duplicate-subtype::the subtype Elf is \
written twice (suggestion: creature — Elf)
::warning file=cards.txt,line=2,col=9,endColumn=12,title=TL101 dash-form::the dash is \
written as '-'; subtypes follow a long dash '—' with one space on each side \
(suggestion: Creature — Elf)
::error file=cards.txt,line=3,col=12,endColumn=18,title=TL304 subtype-type-mismatch::Forest \
is a land type (205.3i), but this object is not a land
::notice file=cards.txt,line=4,col=1,endColumn=7,title=TL207 emblem::'Emblem' is not a card \
type; emblem lines are not checked further
::error file=missing.txt,line=1,col=1,endColumn=1,title=TL901 unreadable-input::cannot read \
missing.txt: No such file or directory
::error file=odd%2C name%3A 100%25.txt,line=1,col=12,endColumn=17,title=TL302 \
unknown-subtype::'100%25:' is not a creature type (205.3m) or any other subtype%0Aand a \
second line%0D
::error file=odd%2C name%3A 100%25.txt,line=1,col=18,endColumn=22,title=TL302 \
unknown-subtype::'Elf,' is not a creature type (205.3m) or any other subtype; did you mean \
Elf? (suggestion: Creature — 100%25: Elf Orc)
"""


def test_github() -> None:
    assert render("github") == GITHUB
    assert render("github", empty_result()) == ""


def test_github_escaping() -> None:
    assert escape_data("100%: a, b\r\nc") == "100%25: a, b%0D%0Ac"
    assert escape_property("100%: a, b\r\nc") == "100%25%3A a%2C b%0D%0Ac"
    assert escape_data("%0A") == "%250A"  # an escape in the text stays text
    # other control characters can't drive the log
    assert escape_data("\x1b[31mred\x07") == "\u241b[31mred\u2407"
    assert escape_property("a\tb") == "a\u2409b"


@pytest.mark.parametrize("text", ["plain", "100%", "%25", "a:b,c", "x\r\ny", "%0A%%3A"])
def test_github_escaping_round_trips(text: str) -> None:
    assert unescape(escape_data(text)) == text
    assert unescape(escape_property(text)) == text
    assert not re.search(r"[,:\r\n]", escape_property(text))


# sarif


def test_sarif_results_and_driver() -> None:
    text = render("sarif")
    document = json.loads(text)
    assert text == json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    driver = document["runs"][0]["tool"]["driver"]
    assert len(driver.pop("rules")) + len(driver.pop("notifications")) == len(CHECKS)
    expected = json.loads((REPORTS / "expected.sarif").read_text(encoding="utf-8"))
    assert document == expected


def descriptors(result: RunResult) -> list[dict[str, Any]]:
    """The rules and the notifications of a SARIF report, in code order."""
    driver = json.loads(render("sarif", result))["runs"][0]["tool"]["driver"]
    return sorted(driver["rules"] + driver["notifications"], key=lambda rule: rule["id"])


def test_sarif_has_a_rule_for_every_check_and_input_problems_are_notifications() -> None:
    driver = json.loads(render("sarif", empty_result()))["runs"][0]["tool"]["driver"]
    notified = ["TL901", "TL902", "TL905", "TL908", "TL909"]  # unreadable, unparsable, unwritable
    assert [rule["id"] for rule in driver["notifications"]] == notified
    assert [rule["id"] for rule in driver["rules"]] == [c.code for c in CHECKS if c.code not in notified]
    rules = descriptors(empty_result())
    assert [rule["id"] for rule in rules] == [check.code for check in CHECKS]
    levels = {"error": "error", "warning": "warning", "info": "note"}
    for rule, check in zip(rules, CHECKS, strict=True):
        assert rule["name"] == check.name
        assert rule["shortDescription"] == {"text": check.summary}
        assert rule["fullDescription"]["text"].startswith(check.summary)
        assert rule["help"]["text"].startswith(rule["fullDescription"]["text"])
        assert rule["defaultConfiguration"] == {
            "enabled": check.default,
            "level": levels[check.severity.value],
        }
        assert rule["properties"]["rules"] == cited_rules(check, RULES)
    off = [rule["id"] for rule in rules if not rule["defaultConfiguration"]["enabled"]]
    assert off == ["TL904"]


def test_sarif_rule_in_full() -> None:
    rules = json.loads(render("sarif", empty_result()))["runs"][0]["tool"]["driver"]["rules"]
    assert rules[0] == {
        "id": "TL101",
        "name": "dash-form",
        "shortDescription": {
            "text": "The dash before the subtypes must be a long dash with a space on each side."
        },
        "fullDescription": {
            "text": "The dash before the subtypes must be a long dash with a space on each side. "
            'Subtypes follow a long dash (U+2014, "—"). People type a hyphen, two hyphens, an '
            "en dash, or leave out the spaces; the line still reads unambiguously, so this is "
            "a warning and the corrected line is suggested."
        },
        "help": {
            "text": "The dash before the subtypes must be a long dash with a space on each side. "
            'Subtypes follow a long dash (U+2014, "—"). People type a hyphen, two hyphens, an '
            "en dash, or leave out the spaces; the line still reads unambiguously, so this is "
            "a warning and the corrected line is suggested.\n\n"
            "Rules (edition 2026-09-25):\n"
            "205.3b  Subtypes come after a long dash, a word each, bar the two-word creature "
            "types; a plane has one subtype of any length.",
            "markdown": "**TL101 dash-form** (warning)\n\n"
            "The dash before the subtypes must be a long dash with a space on each side.\n\n"
            'Subtypes follow a long dash (U+2014, "—"). People type a hyphen, two hyphens, an '
            "en dash, or leave out the spaces; the line still reads unambiguously, so this is "
            "a warning and the corrected line is suggested.\n\n"
            "Fix: safe; `typeline check --fix` applies it.\n\n"
            "Rules (edition 2026-09-25):\n\n"
            "- **205.3b** Subtypes come after a long dash, a word each, bar the two-word creature "
            "types; a plane has one subtype of any length.\n\n"
            "Examples (under the 2026-09-25 edition):\n\n"
            "- ok: `Creature — Goblin`\n"
            "- ok: `Artifact Creature — Assembly-Worker`\n"
            "- bad: `Creature - Goblin`\n"
            "- bad: `Creature -- Goblin`\n"
            "- bad: `Creature – Goblin`\n"
            "- bad: `Creature—Goblin`\n\n"
            "`typeline explain TL101` prints this in a terminal.",
        },
        "defaultConfiguration": {"enabled": True, "level": "warning"},
        "properties": {
            "rules": ["205.3b"],
            "tags": ["form", "style", "fixable"],
            "precision": "very-high",
            "problem.severity": "warning",
        },
    }


def test_sarif_rules_follow_the_edition() -> None:
    old = load_rules("2020-08-07")
    result = empty_result()._replace(rules=old)
    document = json.loads(render("sarif", result))
    assert document["runs"][0]["properties"] == {"edition": "2020-08-07"}
    rules = descriptors(empty_result()._replace(rules=old))
    assert [rule["properties"]["rules"] for rule in rules] == [cited_rules(c, old) for c in CHECKS]


@pytest.mark.parametrize(
    ("path", "uri"),
    [
        ("-", "stdin"),
        ("cards.txt", "cards.txt"),
        ("data/my cards.txt", "data/my%20cards.txt"),
        (ODD, "odd%2C%20name%3A%20100%25.txt"),
        ("/srv/data/cards #1.txt", "file:///srv/data/cards%20%231.txt"),
        ("Über.txt", "%C3%9Cber.txt"),
        ("bad\udcff.txt", "bad%FF.txt"),  # a file name that is not UTF-8
    ],
)
def test_sarif_paths_are_uri_references(path: str, uri: str) -> None:
    assert artifact_uri(path) == uri


# junit

JUNIT = """\
<?xml version='1.0' encoding='utf-8'?>
<testsuite name="typeline" tests="5" failures="2" errors="1" skipped="0" time="0">
  <testcase classname="typeline" name="cards.txt" time="0">
    <failure type="TL304" message="3 findings">cards.txt:2:9: TL101 [warning] the dash is \
written as '-'; subtypes follow a long dash '—' with one space on each side
cards.txt:3:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land
cards.txt:4:1: TL207 [info] 'Emblem' is not a card type; emblem lines are not checked \
further</failure>
  </testcase>
  <testcase classname="typeline" name="clean.txt" time="0" />
  <testcase classname="typeline" name="odd, name: 100%.txt" time="0">
    <failure type="TL302" message="2 findings">odd, name: 100%.txt:1:12: TL302 [error] \
'100%:' is not a creature type (205.3m) or any other subtype\u240aand a second line\u240d
odd, name: 100%.txt:1:18: TL302 [error] 'Elf,' is not a creature type (205.3m) or any other \
subtype; did you mean Elf?</failure>
  </testcase>
  <testcase classname="typeline" name="-" time="0">
    <system-out>-:1:1: TL103 [warning] 'creature' should be written 'Creature'
-:1:16: TL307 [warning] the subtype Elf is written twice</system-out>
  </testcase>
  <testcase classname="typeline" name="missing.txt" time="0">
    <error type="TL901" message="cannot read missing.txt: No such file or directory">missing.txt:1:1: \
TL901 [error] cannot read missing.txt: No such file or directory</error>
  </testcase>
</testsuite>
"""


def test_junit() -> None:
    assert render("junit") == JUNIT


def test_junit_clean() -> None:
    assert render("junit", empty_result()) == (
        "<?xml version='1.0' encoding='utf-8'?>\n"
        '<testsuite name="typeline" tests="1" failures="0" errors="0" skipped="0" time="0">\n'
        '  <testcase classname="typeline" name="clean.txt" time="0" />\n'
        "</testsuite>\n"
    )


def test_junit_escapes_what_xml_cannot_hold() -> None:
    path = 'a<b>&"c"\x1b[31m\ufffe\udcff.txt'
    finding = unreadable(path)._replace(message="<&>\x00\x0b")
    result = RunResult((finding,), Summary.of([finding], 0, 0), RULES, ())
    suite = ET.fromstring(render("junit", result))
    case = suite.find("testcase")
    assert case is not None and case.get("name") == 'a<b>&"c"\u241b[31m\ufffd\ufffd.txt'
    error = case.find("error")
    assert error is not None and error.text is not None
    assert error.text.endswith("[error] <&>\u2400\u240b")
    assert error.get("message") == "<&>\u2400\u240b"


# gitlab


def test_gitlab() -> None:
    assert render("gitlab") == (REPORTS / "expected.gitlab.json").read_text(encoding="utf-8")
    assert render("gitlab", empty_result()) == "[]\n"


def test_gitlab_fingerprint_recipe() -> None:
    first = json.loads(render("gitlab"))[2]
    data = json.dumps(["cards.txt", "TL101", " - ", None, 0], ensure_ascii=False)
    assert first["fingerprint"] == hashlib.sha256(data.encode()).hexdigest()


def test_gitlab_fingerprints_survive_moving_lines_and_tell_repeats_apart() -> None:
    line = "Creature — Forest"
    before = placed("cards.txt", 3, line) + placed("cards.txt", 7, line) + placed("other.txt", 3, line)
    after = placed("cards.txt", 10, line) + placed("cards.txt", 12, line) + placed("other.txt", 1, line)
    assert fingerprints(before) == fingerprints(after)
    assert len(set(fingerprints(before))) == 3
    changed = placed("cards.txt", 3, "Creature — Island")
    assert fingerprints(changed)[0] not in fingerprints(before)


# every machine format


@pytest.mark.parametrize("name", MACHINE)
def test_output_is_deterministic(name: str) -> None:
    assert render(name) == render(name) == render(name, build_result())


NO_RICH = """\
import io, sys
from mtg_typeline.checker import Checker
from mtg_typeline.findings import Summary
from mtg_typeline.reporters import ReportSettings, RunResult, get_reporter
from mtg_typeline.ruleset import load_rules
rules = load_rules()
found = tuple(f.at("cards.txt", 1) for f in Checker(rules).check("creature - Forest"))
assert found
result = RunResult(found, Summary.of(list(found), 1, 1), rules, ("cards.txt",))
for name in sys.argv[1:]:
    get_reporter(name)(result, io.StringIO(), ReportSettings(format=name))
assert "rich" not in sys.modules, sorted(m for m in sys.modules if m.startswith("rich"))
"""


@pytest.mark.slow
def test_machine_formats_do_not_import_rich() -> None:
    command = [sys.executable, "-c", NO_RICH, *MACHINE]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_the_version_is_the_package_version() -> None:
    driver = json.loads(render("sarif", empty_result()))["runs"][0]["tool"]["driver"]
    assert driver["version"] == mtg_typeline.__version__


def card_result() -> RunResult:
    """A finding in card data: placed in its file apart from its place in the type line."""
    inner = Checker(RULES).check("Creature - Goblin")[0]  # TL101 at columns 9-12 of the line
    finding = inner.placed("cards.json", 7, 31, 7, 34, "Goblin Guide")
    summary = Summary.of([finding], 1, 1)
    return RunResult((finding,), summary, RULES, ("cards.json",))


def test_a_card_finding_keeps_both_places() -> None:
    (finding,) = card_result().findings
    assert (finding.line, finding.column, finding.end_column) == (7, 31, 34)
    assert finding.line_span == (8, 11)
    assert finding.to_dict()["card"] == "Goblin Guide"


def test_every_format_names_the_card() -> None:
    result = card_result()
    for name in FORMATS:
        assert "Goblin Guide" in render(name, result), name


def test_text_shows_the_card_and_carets_under_the_type_line() -> None:
    shown = render("text", card_result(), color=False)
    assert shown.startswith("cards.json:7:31: warning TL101 [*] dash-form\n")
    assert "\n   = card: Goblin Guide\n" in shown
    assert "\n 7 | Creature - Goblin\n   |         ^^^\n" in shown


def test_concise_names_the_card_after_the_message() -> None:
    assert render("concise", card_result(), quiet=True).endswith(" (card: Goblin Guide)\n")


def test_sarif_places_a_card_finding_in_its_file_and_offers_no_line_edit() -> None:
    (result,) = json.loads(render("sarif", card_result()))["runs"][0]["results"]
    region = result["locations"][0]["physicalLocation"]["region"]
    assert region == {
        "startLine": 7,
        "startColumn": 31,
        "endLine": 7,
        "endColumn": 34,
        "snippet": {"text": " - "},
    }
    assert result["properties"]["card"] == "Goblin Guide"
    assert "fixes" not in result  # its columns are the type line's, not the file's
