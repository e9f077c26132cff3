"""SARIF for GitHub code scanning: paths from the repository root (`%SRCROOT%`), the
invocation, input problems as notifications, the rules' help and GitHub's properties,
regions with their end line and snippets, the limit of results GitHub accepts."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any, cast

import pytest
from conftest import run_cli
from helpers.report_schemas import validate_sarif
from helpers.reports import RESULT, RULES, empty_result, render

from mtg_typeline.checker import Checker
from mtg_typeline.checks import CHECKS
from mtg_typeline.checks.docs import describe
from mtg_typeline.findings import Summary
from mtg_typeline.reporters import ReportSettings, RunResult, get_reporter
from mtg_typeline.reporters import sarif as sarif_module
from mtg_typeline.reporters.fingerprints import fingerprints
from mtg_typeline.reporters.sarif import artifact_location, folder_uri
from mtg_typeline.reporters.sarif_rules import help_markdown
from mtg_typeline.ruleset import RuleSet

Document = dict[str, Any]


def run_of(result: RunResult = RESULT) -> Document:
    run: Document = json.loads(render("sarif", result))["runs"][0]
    return run


def locations(run: Document) -> list[Document]:
    found = [result["locations"][0]["physicalLocation"] for result in run["results"]]
    notes = run["invocations"][0].get("toolExecutionNotifications", [])
    return found + [note["locations"][0]["physicalLocation"] for note in notes]


@pytest.fixture
def in_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository (a `.git` folder) with a `cards` folder; the run starts in `cards`."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "cards").mkdir()
    monkeypatch.chdir(tmp_path / "cards")
    return tmp_path


# where things are


def test_relative_paths_are_based_on_the_root_and_the_root_is_defined() -> None:
    run = run_of()
    assert run["originalUriBaseIds"] == {
        "%SRCROOT%": {"uri": "file:///srv/cards/", "description": {"text": "The root inputs are named from."}}
    }
    assert run["invocations"][0]["workingDirectory"] == {"uri": "file:///srv/cards/sub/"}
    where = {
        loc["artifactLocation"]["uri"]: loc["artifactLocation"].get("uriBaseId") for loc in locations(run)
    }
    assert where == {
        "stdin": None,
        "cards.txt": "%SRCROOT%",
        "missing.txt": "%SRCROOT%",
        "odd%2C%20name%3A%20100%25.txt": "%SRCROOT%",
    }
    fixed = [
        change["artifactLocation"]
        for r in run["results"]
        for f in r.get("fixes", ())
        for change in f["artifactChanges"]
    ]
    assert {"uri": "cards.txt", "uriBaseId": "%SRCROOT%"} in fixed and {"uri": "stdin"} in fixed


@pytest.mark.parametrize(
    ("path", "location"),
    [
        ("-", {"uri": "stdin"}),
        ("cards/a b.txt", {"uri": "cards/a%20b.txt", "uriBaseId": "%SRCROOT%"}),
        ("/elsewhere/x.txt", {"uri": "file:///elsewhere/x.txt"}),  # outside the root: a URI of its own
    ],
)
def test_artifact_locations(path: str, location: dict[str, str]) -> None:
    assert artifact_location(path, "/srv/cards") == location


def test_without_a_root_paths_stand_alone() -> None:
    run = run_of(RESULT._replace(root="", working_directory=""))
    assert "originalUriBaseIds" not in run and "workingDirectory" not in run["invocations"][0]
    assert all("uriBaseId" not in loc["artifactLocation"] for loc in locations(run))


@pytest.mark.parametrize(("folder", "uri"), [("/srv/cards", "file:///srv/cards/"), ("/", "file:///")])
def test_folder_uris_end_with_a_slash(folder: str, uri: str) -> None:
    assert folder_uri(folder) == uri


def test_no_information_uri_is_made_up() -> None:
    assert "informationUri" not in run_of()["tool"]["driver"]
    assert "pypi.org" not in render("sarif")


# the invocation and input problems


def test_input_problems_are_notifications_not_results() -> None:
    run = run_of()
    (invocation,) = run["invocations"]
    assert invocation["executionSuccessful"] is False
    assert "TL901" not in {result["ruleId"] for result in run["results"]}
    (note,) = invocation["toolExecutionNotifications"]
    assert note == {
        "level": "error",
        "message": {"text": "cannot read missing.txt: No such file or directory"},
        "locations": [
            {"physicalLocation": {"artifactLocation": {"uri": "missing.txt", "uriBaseId": "%SRCROOT%"}}}
        ],  # an unread file has no place to show
        "descriptor": {"id": "TL901", "index": 0},
    }
    descriptor = run["tool"]["driver"]["notifications"][note["descriptor"]["index"]]
    assert descriptor["id"] == "TL901"


def test_a_clean_run_succeeded_and_has_no_notifications() -> None:
    (invocation,) = run_of(empty_result())["invocations"]
    assert invocation == {"executionSuccessful": True}


def test_input_problems_from_the_command_line(in_repo: Path) -> None:
    Path("broken.json").write_text('{"cards": [\n  {"name": "A", "type_line": "Creature — Elf"},\n', "utf-8")
    Path("latin1.txt").write_bytes(b"Creature\nCr\xe9ature\n")
    Path("good.txt").write_text("Creature — Forest\n", encoding="utf-8")
    result = run_cli(["check", "--format", "sarif", "broken.json", "latin1.txt", "missing.txt", "good.txt"])
    assert result.exit_code == 2
    document = json.loads(result.stdout)
    validate_sarif(document)
    (run,) = document["runs"]
    (invocation,) = run["invocations"]
    assert invocation["executionSuccessful"] is False
    assert invocation["workingDirectory"]["uri"] == in_repo.joinpath("cards").as_uri() + "/"
    notes = invocation["toolExecutionNotifications"]
    placed = [
        (
            note["descriptor"]["id"],
            note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            note["locations"][0]["physicalLocation"].get("region", {}).get("startLine"),
        )
        for note in notes
    ]
    assert placed == [
        ("TL905", "cards/broken.json", 3),
        ("TL902", "cards/latin1.txt", 2),
        ("TL901", "cards/missing.txt", None),
    ]
    assert all(note["level"] == "error" for note in notes)
    assert [r["ruleId"] for r in run["results"]] == ["TL304"]  # the rest is still checked


# the rules


def test_every_rule_has_help_in_markdown_from_what_explain_knows() -> None:
    driver = run_of(empty_result())["tool"]["driver"]
    described = {d["id"]: d for d in driver["rules"] + driver["notifications"]}
    for check in CHECKS:
        info = describe(check, RULES)
        markdown = described[check.code]["help"]["markdown"]
        assert markdown.startswith(
            f"**{check.code} {check.name}** ({check.severity.value})\n\n{check.summary}"
        )
        assert markdown.endswith(f"`typeline explain {check.code}` prints this in a terminal.")
        assert all(f"- **{rule}** " in markdown for rule in info["rules"])
        assert all(f"`{text}`" in markdown for _, text in check.examples())
        assert ("Fix: " in markdown) == (check.fix is not None)


def test_every_rule_has_the_properties_github_sorts_and_filters_by() -> None:
    driver = run_of(empty_result())["tool"]["driver"]
    severities = {"error": "error", "warning": "warning", "info": "recommendation"}
    for descriptor, check in zip(
        sorted(driver["rules"] + driver["notifications"], key=lambda d: d["id"]), CHECKS, strict=True
    ):
        properties = descriptor["properties"]
        assert properties["problem.severity"] == severities[check.severity.value]
        assert properties["precision"] in ("very-high", "high", "medium", "low")
        assert 2 <= len(properties["tags"]) <= 3  # GitHub shows ten at most
        assert (
            properties["tags"][0]
            == {"1": "form", "2": "card-types", "3": "subtypes", "9": "input"}[check.code[2]]
        )
        assert ("fixable" in properties["tags"]) == (check.fix is not None)
    high = [d["id"] for d in driver["rules"] if d["properties"]["precision"] == "high"]
    assert high == ["TL201", "TL204", "TL302", "TL306"]  # words the edition may not know yet


class Worded:
    """The newest edition with rule 205.3b worded as a rule file of a user's could word it."""

    edition = RULES.edition

    def summary(self, rule: str) -> str:
        return "a *bold* [link](http://x) <b>" if rule == "205.3b" else RULES.summary(rule)


def test_rule_summaries_from_a_users_rule_file_are_escaped_in_markdown() -> None:
    check = next(c for c in CHECKS if c.code == "TL101")
    markdown = help_markdown(check, describe(check, RULES), cast(RuleSet, Worded()))
    assert "- **205.3b** a \\*bold\\* \\[link\\](http://x) \\<b\\>" in markdown


# regions


def region(line: int, column: int, end_line: int, end_column: int, snippet: str | None = None) -> Document:
    found: Document = {"startLine": line, "startColumn": column, "endLine": end_line, "endColumn": end_column}
    return found if snippet is None else {**found, "snippet": {"text": snippet}}


def test_regions_have_their_end_line_and_the_words_at_fault() -> None:
    run = run_of()
    for location in locations(run):
        if "region" in location:
            assert location["region"]["endLine"] == location["region"]["startLine"]
    forest = next(r for r in run["results"] if r["ruleId"] == "TL304")["locations"][0]["physicalLocation"]
    assert forest["region"] == region(3, 12, 3, 18, "Forest")
    assert forest["contextRegion"] == region(3, 1, 3, 18, "Creature — Forest")


def test_card_data_over_two_lines_ends_on_the_second_and_quotes_no_snippet(in_repo: Path) -> None:
    Path("set.yaml").write_text(
        "- name: Far Plane\n  type: Plane — Dominaria\n    Zendikar\n"
        '- name: B\n  type: "Creature \\u2014 Forest"\n',
        encoding="utf-8",
    )
    document = json.loads(run_cli(["check", "--format", "sarif", "set.yaml"]).stdout)
    validate_sarif(document)
    far, forest = (r["locations"][0]["physicalLocation"] for r in document["runs"][0]["results"])
    assert far["region"] == region(2, 17, 3, 13)
    assert "contextRegion" not in far  # the file's lines hold more than the type line
    assert forest["region"] == region(5, 26, 5, 32, "Forest")
    assert "contextRegion" not in forest


def test_words_written_with_escapes_have_no_snippet(in_repo: Path) -> None:
    Path("set.yaml").write_text('- name: B\n  type: "Creature \\u2014 \\x46orest"\n', encoding="utf-8")
    document = json.loads(run_cli(["check", "--format", "sarif", "set.yaml"]).stdout)
    (result,) = document["runs"][0]["results"]
    region = result["locations"][0]["physicalLocation"]["region"]
    assert region["endColumn"] - region["startColumn"] == len("\\x46orest")
    assert "snippet" not in region  # the file says \x46orest, not Forest


def test_an_overlong_line_quotes_no_snippet() -> None:
    (finding,) = Checker(RULES).check("x" * 2000)
    assert finding.code == "TL903"
    placed = finding.at("long.txt", 1)
    run = run_of(RunResult((placed,), Summary.of([placed], 1, 1), RULES, ("long.txt",), "/r", "/r"))
    location = run["results"][0]["locations"][0]["physicalLocation"]
    assert location["region"] == region(1, 1, 1, 2001)
    assert "contextRegion" not in location


def test_fingerprints_are_the_gitlab_ones() -> None:
    run = run_of()
    prints = [r["partialFingerprints"] for r in run["results"]]
    expected = [
        p for f, p in zip(RESULT.findings, fingerprints(RESULT.findings), strict=True) if f.code != "TL901"
    ]
    assert prints == [{"typeline/v2": p} for p in expected]


# GitHub's limit of results


def many(count: int) -> RunResult:
    (finding,) = Checker(RULES).check("Creature — Forest")
    findings = tuple(finding.at("cards.txt", number) for number in range(1, count + 1))
    return RunResult(findings, Summary.of(list(findings), 1, count), RULES, ("cards.txt",), "/r", "/r")


def report(result: RunResult) -> list[str]:
    warnings: list[str] = []
    get_reporter("sarif")(result, io.StringIO(), ReportSettings(format="sarif", warn=warnings.append))
    return warnings


def test_a_run_past_githubs_limit_is_reported_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    assert sarif_module.GITHUB_RESULTS == 25_000
    monkeypatch.setattr(sarif_module, "GITHUB_RESULTS", 3)
    assert report(many(3)) == []
    assert report(many(4)) == [
        "the SARIF report holds 4 results; GitHub code scanning rejects a run of more than 3 "
        "(check fewer files, or select fewer codes)"
    ]


def test_the_warning_goes_to_standard_error(in_repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sarif_module, "GITHUB_RESULTS", 1)
    Path("a.txt").write_text("Creature — Forest\nCreature — Island\n", encoding="utf-8")
    result = run_cli(["check", "--format", "sarif", "a.txt"])
    assert result.stderr == (
        "typeline: warning: the SARIF report holds 2 results; GitHub code scanning rejects a run "
        "of more than 1 (check fewer files, or select fewer codes)\n"
    )
    assert len(json.loads(result.stdout)["runs"][0]["results"]) == 2  # the report is whole


def test_input_problems_do_not_count_towards_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sarif_module, "GITHUB_RESULTS", 7)  # RESULT: 7 results and a notification
    assert len(RESULT.findings) == 8 and report(RESULT) == []
