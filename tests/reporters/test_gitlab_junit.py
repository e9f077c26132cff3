"""GitLab Code Quality fingerprints that outlive unrelated edits, and JUnit reports that fail
as the exit status does, with input problems as errors."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import run_cli
from helpers.report_schemas import validate_gitlab, validate_junit
from helpers.reports import RESULT, RULES, placed, render, unreadable
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_typeline.findings import Finding, Summary
from mtg_typeline.reporters import RunResult

Print = tuple[str, int, str]  # code, line, fingerprint


pytestmark = pytest.mark.usefixtures("in_tmp")


def gitlab(name: str, text: str) -> list[Print]:
    Path(name).write_text(text, encoding="utf-8")
    output = run_cli(["check", "--format", "gitlab", name]).stdout
    validate_gitlab(output)
    return [(i["check_name"], i["location"]["lines"]["begin"], i["fingerprint"]) for i in json.loads(output)]


def prints(found: list[Print], code: str) -> list[str]:
    return [fingerprint for found_code, _, fingerprint in found if found_code == code]


# GitLab fingerprints


def test_fixing_another_mistake_on_the_line_keeps_the_fingerprint() -> None:
    before = gitlab("cards.txt", "Creature - Forest\n")
    assert [code for code, _, _ in before] == ["TL101", "TL304"]
    after = gitlab("cards.txt", "Creature — Forest\n")  # the dash fixed, Forest still wrong
    assert [code for code, _, _ in after] == ["TL304"]
    assert prints(after, "TL304") == prints(before, "TL304")


def test_alike_findings_on_two_lines_differ_and_keep_theirs_when_lines_move() -> None:
    before = gitlab("cards.txt", "Creature — Forest\nCreature — Elf\nCreature — Forest\n")
    assert len(set(prints(before, "TL304"))) == 2
    after = gitlab("cards.txt", "Land — Swamp\n\nCreature — Forest\nArtifact\nCreature — Forest\n")
    assert [line for _, line, _ in after] == [3, 5]
    assert prints(after, "TL304") == prints(before, "TL304")


def test_another_word_at_fault_is_another_finding() -> None:
    forest = gitlab("cards.txt", "Creature — Forest\n")
    island = gitlab("cards.txt", "Creature — Island\n")
    assert prints(forest, "TL304") != prints(island, "TL304")
    assert gitlab("other.txt", "Creature — Forest\n") != forest  # the path goes in


CARDS = """\
- name: Elvish Grove
  type: Creature — Forest
- name: Mossy Bear
  type: Creature — Forest
"""


def test_cards_keep_their_fingerprints_when_they_move_or_others_change() -> None:
    before = gitlab("set.yaml", CARDS)
    grove, bear = prints(before, "TL304")
    assert grove != bear
    first, second = CARDS.split("- name: Mossy Bear\n")
    moved = "- name: Mossy Bear\n" + second + first.replace("Creature —", "creature -")
    after = gitlab("set.yaml", moved)
    assert [code for code, _, _ in after] == ["TL304", "TL103", "TL101", "TL304"]
    assert prints(after, "TL304") == [bear, grove]


def test_the_lines_of_words_that_run_onto_another_line() -> None:
    Path("set.yaml").write_text("- name: P\n  type: Plane — Dominaria\n    Zendikar\n", encoding="utf-8")
    (issue,) = json.loads(run_cli(["check", "--format", "gitlab", "set.yaml"]).stdout)
    assert issue["location"] == {"path": "set.yaml", "lines": {"begin": 2, "end": 3}}


# JUnit

FILES = {
    "errors.txt": "Creature — Forest\n",
    "warnings.txt": "Creature - Elf\n",
    "infos.txt": "Emblem — Chandra\n",
    "clean.txt": "Creature — Elf\n",
}


def junit(*args: str) -> tuple[int, ET.Element, str]:
    for name, text in FILES.items():
        Path(name).write_text(text, encoding="utf-8")
    result = run_cli(["check", "--format", "junit", *args, *FILES])
    validate_junit(result.stdout)
    return result.exit_code, ET.fromstring(result.stdout), result.stdout


def outcomes(suite: ET.Element) -> dict[str, str]:
    return {
        case.get("name", ""): ",".join(e.tag for e in case) or "passed" for case in suite.iter("testcase")
    }


@pytest.mark.parametrize(
    ("fail_on", "failing"),
    [
        ("error", ["errors.txt"]),
        ("warning", ["errors.txt", "warnings.txt"]),
        ("info", ["errors.txt", "warnings.txt", "infos.txt"]),
    ],
)
def test_test_cases_fail_by_the_threshold_of_the_exit_status(fail_on: str, failing: list[str]) -> None:
    status, suite, _ = junit("--fail-on", fail_on)
    assert status == 1
    assert [name for name, outcome in outcomes(suite).items() if outcome == "failure"] == failing
    assert (suite.get("failures"), suite.get("errors"), suite.get("tests")) == (str(len(failing)), "0", "4")
    passing = [case for case in suite.iter("testcase") if case.get("name") not in failing]
    assert all(case.find("failure") is None for case in passing)
    assert [c.get("name") for c in passing if c.find("system-out") is not None] == [
        name for name in ("warnings.txt", "infos.txt") if name not in failing
    ]


def test_a_failure_names_the_first_finding_at_the_threshold() -> None:
    _, suite, _ = junit("--fail-on", "warning")
    failure = next(c for c in suite.iter("testcase") if c.get("name") == "warnings.txt").find("failure")
    assert failure is not None
    assert (failure.get("type"), failure.get("message")) == ("TL101", "1 finding")


def test_exit_zero_changes_the_status_not_the_report() -> None:
    status, _, report = junit("--fail-on", "warning")
    zero, _, same = junit("--fail-on", "warning", "--exit-zero")
    assert (status, zero) == (1, 0)
    assert same == report


def test_a_clean_run_passes_every_case_in_no_time() -> None:
    Path("clean.txt").write_text("Creature — Elf\n", encoding="utf-8")
    result = run_cli(["check", "--format", "junit", "clean.txt"])
    suite = ET.fromstring(result.stdout)
    assert suite.get("time") == "0" and [case.get("time") for case in suite.iter("testcase")] == ["0"]
    assert (suite.get("failures"), suite.get("errors")) == ("0", "0")


def test_input_problems_are_errors_listing_every_finding_of_the_input() -> None:
    Path("cards.yaml").write_text("- name: A\n  type: Creature — Forest\n---\n- name: [\n", encoding="utf-8")
    Path("latin1.txt").write_bytes(b"Cr\xe9ature\n")
    result = run_cli(["check", "--format", "junit", "cards.yaml", "latin1.txt", "missing.txt"])
    assert result.exit_code == 2
    validate_junit(result.stdout)
    suite = ET.fromstring(result.stdout)
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("3", "0", "3")
    errors = {case.get("name"): case.find("error") for case in suite.iter("testcase")}
    assert {name: (e.get("type") if e is not None else None) for name, e in errors.items()} == {
        "cards.yaml": "TL905",
        "latin1.txt": "TL902",
        "missing.txt": "TL901",
    }
    listed = errors["cards.yaml"]
    assert listed is not None and listed.text is not None
    assert [line.split(": ")[1].split()[0] for line in listed.text.splitlines()] == ["TL304", "TL905"]
    assert all(case.find("failure") is None for case in suite.iter("testcase"))


def test_gitlab_leaves_out_files_outside_the_root_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    (tmp_path / "repo" / "bad.txt").write_text("Creature — Forest\n", encoding="utf-8")
    (tmp_path / "outside.txt").write_text("Creature — Forest\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path / "repo")
    result = run_cli(["check", "--format", "gitlab", "bad.txt", str(tmp_path / "outside.txt")])
    assert result.exit_code == 1
    assert [issue["location"]["path"] for issue in json.loads(result.stdout)] == ["bad.txt"]
    assert result.stderr == (
        "typeline: warning: gitlab: 1 finding is in files outside the root of the run, which a Code "
        "Quality report can't name (its paths are relative to the repository); left out of the report\n"
    )


def _junit_by_element_tree(result: RunResult, fail_on: str) -> str:
    """The JUnit report as the standard library's element tree writes the same document:
    the streamed report is held to it byte for byte."""
    from mtg_typeline.findings import INPUT_CODES, Severity
    from mtg_typeline.reporters.concise import line_of
    from mtg_typeline.reporters.junit import findings_by_path, xml_safe

    by_path = findings_by_path(result)
    suite = ET.Element("testsuite", name="typeline")
    outcomes = {"failure": 0, "error": 0}
    for path, found in by_path.items():
        case = ET.SubElement(suite, "testcase", classname="typeline", name=xml_safe(path), time="0")
        if not found:
            continue
        listing = "\n".join(xml_safe(line_of(finding)) for finding in found)
        problems = [finding for finding in found if finding.code in INPUT_CODES]
        failing = [finding for finding in found if finding.severity.rank >= Severity(fail_on).rank]
        if problems:
            ET.SubElement(
                case, "error", type=problems[0].code, message=xml_safe(problems[0].message)
            ).text = listing
            outcomes["error"] += 1
        elif failing:
            count = f"{len(found)} finding" + ("" if len(found) == 1 else "s")
            ET.SubElement(case, "failure", type=failing[0].code, message=count).text = listing
            outcomes["failure"] += 1
        else:
            ET.SubElement(case, "system-out").text = listing
    suite.attrib.update(
        tests=str(len(by_path)), failures=str(outcomes["failure"]), errors=str(outcomes["error"]),
        skipped="0", time="0",
    )  # fmt: skip
    ET.indent(suite)
    out = io.StringIO()
    ET.ElementTree(suite).write(out, encoding="unicode", xml_declaration=True)
    return out.getvalue() + "\n"


_ODD_TEXTS = ["a & b", "<x>", '"quoted"', "it's", "tab\there", "line\nfeed", "cr\rhere", "\ud800", "\x07"]


@given(
    st.lists(st.tuples(st.sampled_from([*_ODD_TEXTS, "cards.txt", "-"]), st.integers(0, 3)), max_size=6),
    st.sampled_from(["error", "warning", "info"]),
)
@settings(max_examples=200, deadline=None)
def test_the_streamed_junit_report_is_the_element_tree_s(files: list[tuple[str, int]], fail_on: str) -> None:
    findings: list[Finding] = []
    lines = ["Creature — Forest", "Creature - Elf", "Emblem — Chandra", "creature — Elf Elf"]
    for number, (name, count) in enumerate(files):
        for kind in range(count):
            for finding in placed(name, number + 1, lines[(number + kind) % len(lines)]):
                findings.append(finding._replace(message=finding.message + _ODD_TEXTS[kind]))
        if count == 3:
            findings.append(unreadable(name)._replace(message="cannot read " + name + ' & <so> "it" \t'))
    findings.sort(key=Finding.sort_key)
    names = tuple(dict.fromkeys(name for name, _ in files))
    result = RunResult(tuple(findings), Summary.of(findings, len(names), 9), RULES, names)
    assert render("junit", result, fail_on=fail_on) == _junit_by_element_tree(result, fail_on)


def test_the_junit_report_of_the_samples_and_of_no_input_is_the_element_tree_s() -> None:
    assert render("junit", RESULT) == _junit_by_element_tree(RESULT, "error")
    assert render("junit", RESULT, fail_on="warning") == _junit_by_element_tree(RESULT, "warning")
    nothing = RunResult((), Summary.of([], 0, 0), RULES, ())
    assert render("junit", nothing) == _junit_by_element_tree(nothing, "error")
