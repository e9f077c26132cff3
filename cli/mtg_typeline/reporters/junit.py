"""`--format junit`: JUnit XML, for CI systems that show test reports.

    <testsuite name="typeline" tests="3" failures="1" errors="1" skipped="0" time="0">
      <testcase classname="typeline" name="cards.txt" time="0">
        <failure type="TL304" message="2 findings">cards.txt:2:9: TL101 [warning] …
    cards.txt:3:12: TL304 [error] …</failure>
      </testcase>
      <testcase classname="typeline" name="clean.txt" time="0" />
      <testcase classname="typeline" name="missing.txt" time="0">
        <error type="TL901" message="cannot read missing.txt: …">missing.txt:1:1: TL901 …</error>
      </testcase>
    </testsuite>

One test case per input: every file read, in the order read, then any input that could
not be read. An input with an input problem (it could not be read, parsed or written: the
codes that make the exit status 2) has an `<error>`, counted in `errors`: its `type` is
the code of the first problem and its `message` that problem's message. Otherwise a test
case fails by the same `--fail-on` as the exit status: it has a `<failure>` when it has a
finding at least that severe (an error; with `--fail-on warning`, a warning too), with the
code of the first such finding as `type` and the number of findings as `message`;
`--exit-zero` changes the exit status, not the report. Either element lists every finding
of the input (errors, warnings and information), one a line as `--format concise` writes
them; an input that passes lists its findings, if any, in `<system-out>`. Times are
written as `0`, so the same input gives the same bytes. Characters XML can't hold are
drawn as visible symbols.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import TextIO

from mtg_typeline.display import printable
from mtg_typeline.findings import INPUT_CODES, Finding, Severity
from mtg_typeline.reporters import ReportSettings, RunResult
from mtg_typeline.reporters.concise import line_of

# Beyond the controls `printable` draws: what XML 1.0 can't hold (lone surrogates, which
# stand for undecodable bytes of a file name, and the two non-characters).
_NOT_XML = re.compile("[\ud800-\udfff\ufffe\uffff]")


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    by_path = findings_by_path(result)
    suite = ET.Element("testsuite", name="typeline")
    outcomes = Counter(add_case(suite, path, found, settings.fail_on) for path, found in by_path.items())
    suite.attrib.update(
        tests=str(len(by_path)),
        failures=str(outcomes["failure"]),
        errors=str(outcomes["error"]),
        skipped="0",
        time="0",
    )
    ET.indent(suite)
    ET.ElementTree(suite).write(out, encoding="unicode", xml_declaration=True)
    out.write("\n")


def findings_by_path(result: RunResult) -> dict[str, list[Finding]]:
    """Every input read, then those that could not be read, each with its findings."""
    by_path: dict[str, list[Finding]] = {path: [] for path in result.files}
    for finding in result.findings:
        by_path.setdefault(finding.path, []).append(finding)
    return by_path


def add_case(suite: ET.Element, path: str, findings: list[Finding], fail_on: str) -> str:
    """Add the test case of one input; what became of it: "error", "failure" or "passed"."""
    case = ET.SubElement(suite, "testcase", classname="typeline", name=xml_safe(path), time="0")
    if not findings:
        return "passed"
    listing = "\n".join(xml_safe(line_of(finding)) for finding in findings)
    problems = [finding for finding in findings if finding.code in INPUT_CODES]
    if problems:
        message = xml_safe(problems[0].message)
        ET.SubElement(case, "error", type=problems[0].code, message=message).text = listing
        return "error"
    threshold = Severity(fail_on).rank
    failing = [finding for finding in findings if finding.severity.rank >= threshold]
    if not failing:
        ET.SubElement(case, "system-out").text = listing
        return "passed"
    count = f"{len(findings)} finding" + ("" if len(findings) == 1 else "s")
    ET.SubElement(case, "failure", type=failing[0].code, message=count).text = listing
    return "failure"


def xml_safe(text: str) -> str:
    return _NOT_XML.sub("\ufffd", printable(text))
