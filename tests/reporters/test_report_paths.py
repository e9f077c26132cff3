"""The same report from anywhere: a repository with good and bad cards of three formats (and
one broken file) in a subdirectory, checked from the top with `./cards/…` paths and with
plain ones, from the subdirectory, and with absolute paths from either. Every report
validates against its schema, and all name the same paths (URIs) with the same
fingerprints; apart from SARIF's working directory, the reports are the same bytes."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli
from helpers.report_schemas import validate

CARDS = {
    "good.txt": "Creature — Elf Warrior\nLegendary Land\n",
    "bad.txt": "Creature - Forest\ncreature — Goblin\n",
    "set.yaml": "- name: Far Plane\n  type: Plane — Dominaria\n    Zendikar\n"
    "- name: Bear\n  type: Creature — Bear\n",
    "cards.csv": "name,type\nGrove,Creature — Forest\nGoblin,Creature — Goblin\n",
    "broken.yaml": "- name: A\n  type: Creature — Elff\n---\n- name: [\n",
}
FORMATS = ("sarif", "gitlab", "junit", "json")
Identity = list[tuple[Any, ...]]


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "cards").mkdir()
    for name, text in CARDS.items():
        (root / "cards" / name).write_text(text, encoding="utf-8")
    return root


def runs(root: Path) -> dict[str, tuple[Path, list[str]]]:
    """Where each run starts, and how it names the files."""
    names = list(CARDS)
    return {
        "top, ./cards/": (root, [f"./cards/{name}" for name in names]),
        "top, cards/": (root, [f"cards/{name}" for name in names]),
        "subdirectory": (root / "cards", names),
        "top, absolute": (root, [str(root / "cards" / name) for name in names]),
        "subdirectory, absolute": (root / "cards", [str(root / "cards" / name) for name in names]),
    }


def identity(output_format: str, text: str) -> Identity:
    """The paths (URIs) and fingerprints a report gives, in its order."""
    if output_format == "sarif":
        (run,) = json.loads(text)["runs"]
        found: Identity = [
            (r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"], r["partialFingerprints"])
            for r in run["results"]
        ]
        notes = run["invocations"][0]["toolExecutionNotifications"]
        found += [
            (n["descriptor"]["id"], n["locations"][0]["physicalLocation"]["artifactLocation"]) for n in notes
        ]
        return [*found, ("root", run["originalUriBaseIds"])]
    if output_format == "gitlab":
        return [(i["check_name"], i["location"]["path"], i["fingerprint"]) for i in json.loads(text)]
    if output_format == "junit":
        cases = ET.fromstring(text).iter("testcase")
        return [(case.get("name"), *((e.tag, e.get("type")) for e in case)) for case in cases]
    return [(f["code"], f["path"], f["line"], f["column"]) for f in json.loads(text)["findings"]]


def without_working_directory(output_format: str, text: str) -> str:
    if output_format != "sarif":
        return text
    document = json.loads(text)
    del document["runs"][0]["invocations"][0]["workingDirectory"]
    return json.dumps(document, ensure_ascii=False, indent=2)


@pytest.mark.parametrize("output_format", FORMATS)
def test_the_same_report_from_anywhere(
    output_format: str, repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reports: dict[str, str] = {}
    for run, (where, paths) in runs(repository).items():
        monkeypatch.chdir(where)
        result = run_cli(["check", "--format", output_format, *paths])
        assert result.exit_code == 2, (run, result.stderr)  # broken.yaml
        if output_format != "json":
            validate(output_format, result.stdout)
        reports[run] = result.stdout
    first = next(iter(reports.values()))
    expected = identity(output_format, first)
    shown = json.dumps(expected)
    assert all(f'"cards/{name}"' in shown for name in CARDS if name != "good.txt")  # findings in each
    for run, text in reports.items():
        assert identity(output_format, text) == expected, run
        assert without_working_directory(output_format, text) == without_working_directory(
            output_format, first
        )


def test_the_names_are_the_repositorys(repository: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(repository / "cards")
    text = run_cli(["check", "--format", "sarif", *CARDS]).stdout
    (run,) = json.loads(text)["runs"]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repository.as_uri() + "/"
    assert run["invocations"][0]["workingDirectory"]["uri"] == (repository / "cards").as_uri() + "/"
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}
    assert uris == {"cards/bad.txt", "cards/set.yaml", "cards/cards.csv", "cards/broken.yaml"}
    gitlab = json.loads(run_cli(["check", "--format", "gitlab", *CARDS]).stdout)
    assert {issue["location"]["path"] for issue in gitlab} == uris
