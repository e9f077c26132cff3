"""The output formats through the command line: every format carries the findings of
`--format json` (read back from each format), from standard input and from files, and
`--format auto` is github inside GitHub Actions.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

import pytest
from click.testing import CliRunner, Result
from helpers.reports import ODD, unescape

from mtg_typeline.main.commands import cli

Key = tuple[str, int, int, str]  # path, line, column, code
PARSED = ("concise", "json-lines", "github", "sarif", "junit")  # back to (path, line, column, code)


# through the command line

SAMPLE = (
    "Creature - Elf\n"
    "Creature — Forest\n"
    "Emblem — Chandra\n"
    "creature — Elf Elf\n"
    "Creature — 100%: Elf, Orc\n"
    "Creature — Elf Warrior\n"
)


def invoke(args: list[str], stdin: str | None = SAMPLE) -> Result:
    result = CliRunner().invoke(cli, ["check", "--no-config", *args], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def parse_concise(lines: Iterator[str]) -> set[Key]:
    found = set()
    for line in lines:
        match = re.fullmatch(r"(.*):(\d+):(\d+): (TL\d{3})(?: \[\*\])? \[(error|warning|info)\] .*", line)
        assert match, line
        found.add((match[1], int(match[2]), int(match[3]), match[4]))
    return found


def parse_github(text: str) -> set[Key]:
    found = set()
    for line in text.splitlines():
        match = re.fullmatch(r"::(error|warning|notice) ([^:]*)::(.*)", line)
        assert match, line
        props = dict(part.split("=", 1) for part in match[2].split(","))
        code = unescape(props["title"]).split()[0]
        where = unescape(props.get("file", "-"))
        found.add((where, int(props["line"]), int(props["col"]), code))
    return found


def parse_sarif(text: str) -> set[Key]:
    found = set()
    for result in json.loads(text)["runs"][0]["results"]:
        location = result["locations"][0]["physicalLocation"]
        uri, region = location["artifactLocation"]["uri"], location["region"]
        path = "-" if uri == "stdin" else unquote(uri)
        found.add((path, region["startLine"], region["startColumn"], result["ruleId"]))
    return found


def parse_junit(text: str) -> set[Key]:
    listings = [
        e.text or "" for e in ET.fromstring(text).iter() if e.tag in ("failure", "error", "system-out")
    ]
    return parse_concise(line for listing in listings for line in listing.splitlines())


def parse_json_lines(text: str) -> set[Key]:
    objects = [json.loads(line) for line in text.splitlines()]
    return {(f["path"], f["line"], f["column"], f["code"]) for f in objects}


def parse(name: str, text: str) -> set[Key]:
    if name == "json":
        return parse_json_lines("\n".join(json.dumps(f) for f in json.loads(text)["findings"]))
    if name == "concise":
        closing = ("Found ", "No problems ", "[*] ")  # the summary, and what --fix would fix
        return parse_concise(line for line in text.splitlines() if not line.startswith(closing))
    parsers = {"json-lines": parse_json_lines, "github": parse_github, "sarif": parse_sarif}
    return {**parsers, "junit": parse_junit}[name](text)


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    return tmp_path


def cli_findings(args: list[str], stdin: str | None = SAMPLE) -> set[Key]:
    result = invoke(["--format", "json", *args], stdin)
    assert result.exit_code == 1
    found = parse("json", result.stdout)
    assert len(found) == 7 * len(set(args) - {"clean.txt"})  # SAMPLE has 7 findings
    return found


@pytest.mark.parametrize("name", PARSED)
def test_every_format_carries_the_findings_of_json_from_stdin(in_tmp: Path, name: str) -> None:
    expected = cli_findings(["-"])
    result = invoke(["--format", name, "-"])
    assert result.exit_code == 1
    assert parse(name, result.stdout) == expected


@pytest.mark.parametrize("name", PARSED)
def test_every_format_carries_the_findings_of_json_from_files(in_tmp: Path, name: str) -> None:
    (in_tmp / ODD).write_text(SAMPLE, encoding="utf-8")
    (in_tmp / "clean.txt").write_text("Creature — Elf\n", encoding="utf-8")
    expected = cli_findings([ODD, "clean.txt"])
    result = invoke(["--format", name, ODD, "clean.txt"], None)
    assert result.exit_code == 1
    assert parse(name, result.stdout) == expected


def test_gitlab_carries_the_findings_of_json_without_columns(in_tmp: Path) -> None:
    (in_tmp / ODD).write_text(SAMPLE, encoding="utf-8")
    expected = {(path, line, code) for path, line, _, code in cli_findings([ODD, "-"])}
    result = invoke(["--format", "gitlab", ODD, "-"])
    issues = json.loads(result.stdout)
    assert len(issues) == 14 and len({issue["fingerprint"] for issue in issues}) == 14
    found = {(i["location"]["path"], i["location"]["lines"]["begin"], i["check_name"]) for i in issues}
    assert found == expected


def test_junit_from_the_command_line_counts_inputs(in_tmp: Path) -> None:
    (in_tmp / "clean.txt").write_text("Creature — Elf\n", encoding="utf-8")
    result = invoke(["--format", "junit", "clean.txt", "missing.txt", "-"])
    suite = ET.fromstring(result.stdout)
    names = [(case.get("name"), [e.tag for e in case]) for case in suite.iter("testcase")]
    assert names == [("clean.txt", []), ("-", ["failure"]), ("missing.txt", ["error"])]
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("3", "1", "1")


def test_concise_from_the_command_line(in_tmp: Path) -> None:
    result = invoke(["--format", "concise", "-"], "Creature — Forest\nCreature — Elf\n")
    assert result.exit_code == 1
    assert result.stdout == (
        "-:1:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land\n"
        "Found 1 error in 2 type lines in 1 file.\n"
    )
    quiet = invoke(["--format", "concise", "--quiet", "-"], "Creature — Elf\n")
    assert (quiet.exit_code, quiet.stdout) == (0, "")


def test_format_auto_is_github_inside_github_actions(in_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    github = invoke(["--format", "github", "-"]).stdout
    text = invoke(["--format", "text", "-"]).stdout
    assert github != text
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    assert invoke(["--format", "auto", "-"]).stdout == github
    assert invoke(["-"]).stdout == github  # auto is the default
    monkeypatch.setenv("GITHUB_ACTIONS", "false")
    assert invoke(["--format", "auto", "-"]).stdout == text
    monkeypatch.delenv("GITHUB_ACTIONS")
    assert invoke(["--format", "auto", "-"]).stdout == text
