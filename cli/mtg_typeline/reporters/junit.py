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
from collections import Counter
from itertools import groupby
from operator import attrgetter
from typing import TextIO

from mtg_typeline.display import printable
from mtg_typeline.findings import INPUT_CODES, Finding, Severity
from mtg_typeline.reporters import ReportSettings, RunResult
from mtg_typeline.reporters.concise import line_of, line_parts
from mtg_typeline.reporters.stamped import write_stamped

# Beyond the controls `printable` draws: what XML 1.0 can't hold (lone surrogates, which
# stand for undecodable bytes of a file name, and the two non-characters).
_NOT_XML = re.compile("[\ud800-\udfff\ufffe\uffff]")


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    """The document, written piece by piece: each finding's line as it is escaped, so that
    a report of a great many findings holds no second copy of them."""
    by_path = findings_by_path(result)
    cases = [(path, found, _outcome(found, settings.fail_on)) for path, found in by_path.items()]
    outcomes = Counter(outcome for _, _, outcome in cases)
    out.write("<?xml version='1.0' encoding='utf-8'?>\n")
    counts = f'tests="{len(cases)}" failures="{outcomes["failure"]}" errors="{outcomes["error"]}"'
    head = f'<testsuite name="typeline" {counts} skipped="0" time="0"'
    if not cases:
        out.write(head + " />\n")
        return
    out.write(head + ">\n")
    for path, found, outcome in cases:
        case = f'  <testcase classname="typeline" name="{_attribute(xml_safe(path))}" time="0"'
        if not found:
            out.write(case + " />\n")
            continue
        out.write(case + ">\n    " + _element(found, outcome, settings.fail_on) + ">" + _listed(found[0]))
        # one a line: a repeated line's findings differ in their line alone (`stamped`)
        write_stamped(out, found[1:], _pieces, lambda finding: "\n" + _listed(finding), encoded=False)
        out.write(f"</{_ELEMENTS[outcome]}>\n  </testcase>\n")
    out.write("</testsuite>\n")


def findings_by_path(result: RunResult) -> dict[str, list[Finding]]:
    """Every input read, then those that could not be read, each with its findings."""
    by_path: dict[str, list[Finding]] = {path: [] for path in result.files}
    for path, found in groupby(result.findings, _PATH):  # (in path order: one group a path)
        by_path.setdefault(path, []).extend(found)
    return by_path


_PATH, _CODE = attrgetter("path"), attrgetter("code")
_ELEMENTS = {"error": "error", "failure": "failure", "passed": "system-out"}  # what lists the findings


def _outcome(findings: list[Finding], fail_on: str) -> str:
    """What became of an input: "error" (an input problem), "failure" (a finding at least
    as severe as `fail_on`) or "passed" (its findings, if any, in `<system-out>`)."""
    if not INPUT_CODES.isdisjoint(map(_CODE, findings)):
        return "error"
    if any(finding.severity.rank >= Severity(fail_on).rank for finding in findings):
        return "failure"
    return "passed"


def _element(findings: list[Finding], outcome: str, fail_on: str) -> str:
    """The start tag of the element that lists an input's findings, without its `>`."""
    if outcome == "error":
        problem = next(finding for finding in findings if finding.code in INPUT_CODES)
        return f'<error type="{_attribute(problem.code)}" message="{_attribute(xml_safe(problem.message))}"'
    if outcome == "failure":
        threshold = Severity(fail_on).rank
        first = next(finding for finding in findings if finding.severity.rank >= threshold)
        count = f"{len(findings)} finding" + ("" if len(findings) == 1 else "s")
        return f'<failure type="{_attribute(first.code)}" message="{count}"'
    return "<system-out"


def _listed(finding: Finding) -> str:
    """A finding's line in the element that lists its input's findings."""
    return _text(xml_safe(line_of(finding)))


def _pieces(finding: Finding) -> tuple[str, str]:
    """`_listed` of a finding after the first, after a line end, around its line number
    (the escapes take each character alone, so the pieces may be escaped apart)."""
    before, after = line_parts(finding)
    return "\n" + _text(xml_safe(before)), _text(xml_safe(after))


def _text(text: str) -> str:
    """Text escaped as XML writes it between tags."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _attribute(text: str) -> str:
    """Text escaped as XML writes it in a double-quoted attribute."""
    text = _text(text)
    if '"' in text:
        text = text.replace('"', "&quot;")
    for char, entity in (("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;")):
        if char in text:
            text = text.replace(char, entity)
    return text


def xml_safe(text: str) -> str:
    return _NOT_XML.sub("\ufffd", printable(text))
