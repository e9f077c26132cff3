"""`--format junit`: JUnit XML, for CI systems that show test reports.

    <testsuite name="typeline" tests="2" failures="1" errors="0" skipped="0">
      <testcase classname="typeline" name="cards.txt">
        <failure type="TL304" message="2 findings">cards.txt:2:9: TL101 [warning] …
    cards.txt:3:12: TL304 [error] …</failure>
      </testcase>
      <testcase classname="typeline" name="clean.txt" />
    </testsuite>

One test case per input: every file read, in the order read, then any input that could
not be read (it has a TL901 finding). The reporter doesn't know `--fail-on`, so a test
case fails when its input has at least one *error* finding; its `<failure>` has the code
of the first error as `type`, the number of findings as `message`, and lists every finding
of the input (errors, warnings and information), one a line as `--format concise` writes
them. An input with only warnings or information passes and lists them in
`<system-out>`. No times are written, so the same input gives the same bytes. Characters
XML can't hold are drawn as visible symbols.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import TextIO

from mtg_typeline.display import printable
from mtg_typeline.findings import Finding, Severity
from mtg_typeline.reporters import ReportSettings, RunResult
from mtg_typeline.reporters.concise import line_of

# Beyond the controls `printable` draws: what XML 1.0 can't hold (lone surrogates, which
# stand for undecodable bytes of a file name, and the two non-characters).
_NOT_XML = re.compile("[\ud800-\udfff\ufffe\uffff]")


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    by_path = findings_by_path(result)
    suite = ET.Element("testsuite", name="typeline")
    failures = 0
    for path, findings in by_path.items():
        failures += add_case(suite, path, findings)
    suite.attrib.update(tests=str(len(by_path)), failures=str(failures), errors="0", skipped="0")
    ET.indent(suite)
    ET.ElementTree(suite).write(out, encoding="unicode", xml_declaration=True)
    out.write("\n")


def findings_by_path(result: RunResult) -> dict[str, list[Finding]]:
    """Every input read, then those that could not be read, each with its findings."""
    by_path: dict[str, list[Finding]] = {path: [] for path in result.files}
    for finding in result.findings:
        by_path.setdefault(finding.path, []).append(finding)
    return by_path


def add_case(suite: ET.Element, path: str, findings: list[Finding]) -> int:
    """Add the test case of one input; 1 if it failed, else 0."""
    case = ET.SubElement(suite, "testcase", classname="typeline", name=xml_safe(path))
    if not findings:
        return 0
    listing = "\n".join(xml_safe(line_of(finding)) for finding in findings)
    errors = [finding for finding in findings if finding.severity is Severity.ERROR]
    if not errors:
        ET.SubElement(case, "system-out").text = listing
        return 0
    count = f"{len(findings)} finding" + ("" if len(findings) == 1 else "s")
    failure = ET.SubElement(case, "failure", type=errors[0].code, message=count)
    failure.text = listing
    return 1


def xml_safe(text: str) -> str:
    return _NOT_XML.sub("\ufffd", printable(text))
