"""SARIF, GitLab and JUnit reports against their schemas (tests/data/reporters/SOURCES.md):
the reporters' output for one set of real findings, for a clean run, from the command line,
and proof that each schema refuses what breaks it."""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest
import xmlschema
from conftest import run_cli, shared_path
from helpers.report_schemas import (
    JUNIT_SCHEMA,
    SARIF_SCHEMA,
    gitlab_validator,
    sarif_validator,
    validate,
    validate_gitlab,
    validate_junit,
    validate_sarif,
)
from helpers.reports import RESULT, empty_result, render

from mtg_typeline.reporters import RunResult

SCHEMAS = ("sarif", "gitlab", "junit")
RESULTS = {"findings": RESULT, "clean": empty_result()}


@pytest.mark.shared
def test_the_sarif_schema_is_the_shared_one() -> None:
    shared = shared_path("schemas", SARIF_SCHEMA.name)
    assert SARIF_SCHEMA.read_bytes() == shared.read_bytes()
    validate_sarif(json.loads(render("sarif")))


def test_the_schemas_are_what_they_say() -> None:
    assert type(sarif_validator()) is jsonschema.Draft4Validator
    assert type(gitlab_validator()) is jsonschema.Draft7Validator
    description = gitlab_validator().schema["description"]
    assert "https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format" in description
    assert "The MIT License" in JUNIT_SCHEMA.read_text(encoding="utf-8")  # its licence, kept
    sources = (JUNIT_SCHEMA.parent / "SOURCES.md").read_text(encoding="utf-8")
    assert all(f"`{path.name}`" in sources for path in JUNIT_SCHEMA.parent.glob("*.*sd*"))


@pytest.mark.parametrize("name", SCHEMAS)
@pytest.mark.parametrize("result", RESULTS.values(), ids=RESULTS.keys())
def test_reports_validate(name: str, result: RunResult) -> None:
    validate(name, render(name, result))


@pytest.mark.parametrize("fail_on", ["error", "warning", "info"])
def test_junit_validates_whatever_fails(fail_on: str) -> None:
    validate_junit(render("junit", fail_on=fail_on))


# each schema refuses a broken report


def test_sarif_validation_can_fail() -> None:
    document = json.loads(render("sarif"))
    broken = copy.deepcopy(document)
    broken["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(jsonschema.ValidationError):
        validate_sarif(broken)
    broken = copy.deepcopy(document)
    del broken["runs"][0]["invocations"][0]["executionSuccessful"]
    with pytest.raises(jsonschema.ValidationError):
        validate_sarif(broken)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("severity", "error"),  # not one of GitLab's
        ("fingerprint", None),  # left out
        ("check_name", None),
        ("description", ""),
        ("location", {"path": "cards.txt"}),  # no line
        ("location", {"path": "./cards.txt", "lines": {"begin": 1}}),
        ("location", {"path": "/srv/cards.txt", "lines": {"begin": 1}}),
        ("location", {"path": "../cards.txt", "lines": {"begin": 1}}),
        ("location", {"path": "cards.txt", "lines": {"begin": 0}}),
        ("location", {"path": "cards.txt", "positions": {"begin": {"column": 3}}}),
    ],
)
def test_gitlab_validation_can_fail(field: str, value: object) -> None:
    issues = json.loads(render("gitlab"))
    validate_gitlab(json.dumps(issues))
    if value is None:
        del issues[0][field]
    else:
        issues[0][field] = value
    with pytest.raises(jsonschema.ValidationError):
        validate_gitlab(json.dumps(issues))


def test_gitlab_takes_positions_instead_of_lines_and_refuses_a_bom() -> None:
    issues = json.loads(render("gitlab"))
    issues[0]["location"] = {"path": "a/b.txt", "positions": {"begin": {"line": 2, "column": 1}}}
    validate_gitlab(json.dumps(issues))
    with pytest.raises(AssertionError):
        validate_gitlab("\ufeff" + render("gitlab"))


def test_junit_validation_can_fail() -> None:
    suite = ET.fromstring(render("junit"))
    del suite.attrib["errors"]
    with pytest.raises(xmlschema.XMLSchemaValidationError):
        validate_junit(ET.tostring(suite, encoding="unicode"))
    suite = ET.fromstring(render("junit"))
    case = suite.find("testcase")
    assert case is not None
    ET.SubElement(case, "stdout")  # not an element of JUnit's
    with pytest.raises(xmlschema.XMLSchemaValidationError):
        validate_junit(ET.tostring(suite, encoding="unicode"))


# from the command line


@pytest.mark.parametrize("name", SCHEMAS)
def test_reports_of_a_run_with_every_kind_of_finding_validate(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("cards.txt").write_text("Creature - Forest\nEmblem — Chandra\n", encoding="utf-8")
    Path("set.yaml").write_text(
        "- name: Far Plane\n  type: Plane — Dominaria\n    Zendikar\n", encoding="utf-8"
    )
    Path("broken.json").write_text('{"cards": [', encoding="utf-8")
    Path("latin1.txt").write_bytes(b"Cr\xe9ature\n")
    args = ["cards.txt", "set.yaml", "broken.json", "latin1.txt", "missing.txt", "-"]
    result = run_cli(["check", "--format", name, *args], "Creature — Elf Elf\n")
    assert result.exit_code == 2
    validate(name, result.stdout)
