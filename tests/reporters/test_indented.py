"""The indented JSON reports (SARIF, GitLab Code Quality) written piece by piece: byte for
byte what `json.dumps(indent=2)` writes of the whole, without the whole in one piece, and a
repeated line's findings made once."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from conftest import property_settings, run_cli, shared_path
from helpers.reports import RESULT
from hypothesis import given
from hypothesis import strategies as st

from mtg_typeline.checker import Checker
from mtg_typeline.findings import Summary
from mtg_typeline.reporters import (
    ReportFile,
    ReportSettings,
    RunResult,
    bytes_under,
    fingerprints,
    gitlab,
    indented,
    json_format,
    sarif,
)
from mtg_typeline.reporters.indented import FINGERPRINT, LAST, LINE, Items, Template, write
from mtg_typeline.ruleset import load_rules

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


@property_settings(200)
@given(VALUES)
def test_a_template_is_the_indented_dump(value: object) -> None:
    assert Template(value).fill({}) == dumps(value)


@property_settings(100)
@given(VALUES, st.lists(VALUES, max_size=4))
def test_a_list_written_item_by_item_is_the_indented_dump(head: object, items: list[object]) -> None:
    hole = Items()
    out = io.StringIO()
    write(
        out,
        Template({"head": head, "runs": [{"items": hole}]}),
        hole,
        (Template(item, hole.level).fill({}) for item in items),
    )
    assert out.getvalue() == dumps({"head": head, "runs": [{"items": items}]})


def test_holes_are_filled_with_their_values() -> None:
    template = Template({"lines": [LINE, LAST], "fingerprint": FINGERPRINT}, 1)
    filled = template.fill({"line": 7, "last": "12", "fingerprint": '"a{b}"'})
    assert filled == dumps({"lines": [7, 12], "fingerprint": "a{b}"}).replace("\n", "\n  ")
    odd = Template({"100%s": "%(line)s %d %%", "line": LINE, "%": FINGERPRINT})  # % in the text
    filled = odd.fill({"line": 3, "last": 4, "fingerprint": '"%s"'})
    assert filled == dumps({"100%s": "%(line)s %d %%", "line": 3, "%": "%s"})


class Writes(io.StringIO):
    """A stream that remembers its largest write."""

    largest = 0

    def write(self, text: str) -> int:
        self.largest = max(self.largest, len(text))
        return super().write(text)


def repeated(copies: int) -> RunResult:
    """RESULT's findings of cards.txt, its lines repeated `copies` times down the file."""
    once = [f for f in RESULT.findings if f.path == "cards.txt"]
    findings = [f.at(f.path, f.line + 10 * copy) for copy in range(copies) for f in once]
    return RESULT._replace(findings=tuple(findings), summary=Summary.of(findings, 1, 3 * copies))


@pytest.mark.parametrize("module", [sarif, gitlab])
def test_a_large_report_is_written_piece_by_piece(module: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    make = sarif.sarif_result if module is sarif else gitlab.issue

    def counted(finding: Any, *args: Any) -> Any:
        made.append(finding.line)
        return make(finding, *args)

    monkeypatch.setattr(module, "sarif_result" if module is sarif else "issue", counted)
    result = repeated(500)
    out = Writes()
    module.report(result, out, ReportSettings())
    text = out.getvalue()
    assert text == dumps(json.loads(text)) + "\n"
    assert len(made) == len(result.findings) // 500  # once per distinct finding
    assert out.largest < len(text) / 10  # SARIF's rules come whole: 85 kB


@pytest.mark.parametrize("format_", ["sarif", "gitlab"])
@pytest.mark.parametrize("sample", ["forge", "mtgjson", "csv"])
def test_a_report_of_real_data_is_the_indented_dump_of_itself(
    format_: str, sample: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(shared_path("samples"))  # named from here: GitLab's paths are relative
    result = run_cli(["check", "--format", format_, sample])
    assert result.exit_code in (1, 2)
    document = json.loads(result.stdout)
    assert document  # findings, in either
    assert result.stdout == dumps(document) + "\n"


def test_fingerprints_are_those_of_each_key_and_occurrence() -> None:
    findings = repeated(3).findings + RESULT.findings
    seen: dict[object, int] = {}
    expected = []
    for finding in findings:
        key = fingerprints.fingerprint_key(finding)
        expected.append(fingerprints.fingerprint(key, seen.get(key, 0)))
        seen[key] = seen.get(key, 0) + 1
    assert fingerprints.fingerprints(findings) == expected
    assert len(set(expected)) == len(expected)


@pytest.mark.parametrize("module", [sarif, gitlab])
@pytest.mark.parametrize("bytes_out", [False, True], ids=["text", "bytes"])
@pytest.mark.parametrize("kept", [2, 16384], ids=["templates dropped", "templates kept"])
def test_a_reports_fingerprints_count_each_key_across_its_findings(
    module: Any, bytes_out: bool, kept: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A report keeps the occurrences of a fingerprint's key with the templates of its
    findings: findings of one key whose lines differ (each a template of its own), met in
    turn, and templates dropped when too many are kept, still count on from where the key
    was, as `fingerprints` counts."""
    monkeypatch.setattr(indented, "_REMEMBERED", kept)
    checker = Checker(load_rules())
    lines = ["Creature — Forest", "Creature — Forest Elf", "Artifact — Forest", "Creature — Elf Forest"]
    found = [checker.check(line) for line in lines]
    findings = tuple(
        f.at("cards.txt", 1 + 4 * n + i) for n in range(3) for i, fs in enumerate(found) for f in fs
    )
    keys = {fingerprints.fingerprint_key(f) for f in findings}
    assert len(keys) < len({(f.type_line, f.code, f.column) for f in findings})  # (keys shared by templates)
    result = RESULT._replace(findings=findings, summary=Summary.of(list(findings), 1, len(findings)))
    raw = io.BytesIO()
    out: io.TextIOBase = ReportFile(raw) if bytes_out else io.StringIO()
    module.report(result, out, ReportSettings())
    out.flush()
    text = raw.getvalue().decode() if bytes_out else out.getvalue()  # type: ignore[attr-defined]
    document = json.loads(text)
    if module is sarif:
        written = [r["partialFingerprints"]["typeline/v2"] for r in document["runs"][0]["results"]]
    else:
        written = [issue["fingerprint"] for issue in document]
    assert written == fingerprints.fingerprints(findings)


@pytest.mark.parametrize("module", [sarif, gitlab, json_format])
@pytest.mark.parametrize("copies", [0, 1, 300])
@pytest.mark.parametrize("odd", [False, True], ids=["UTF-8", "not UTF-8"])
def test_a_report_to_a_text_file_is_written_as_its_bytes(module: Any, copies: int, odd: bool) -> None:
    """To a text file of the io module, the findings' texts are written encoded, under it:
    the bytes are those of the text, encoded as the file encodes it."""
    result = repeated(copies)
    if odd and result.findings:  # (a line read from bytes that are not UTF-8)
        bad = result.findings[0]._replace(message="not UTF-8: \udcff", type_line="Creature \u2014 \udcfe")
        result = result._replace(findings=(bad, *result.findings[1:]))
    text = io.StringIO()
    module.report(result, text, ReportSettings())
    raw = io.BytesIO()
    out = ReportFile(raw)
    out.write("before\n")
    assert bytes_under(out) is not None and bytes_under(text) is None
    module.report(result, out, ReportSettings())
    out.write("after\n")
    out.flush()
    assert raw.getvalue() == ("before\n" + text.getvalue() + "after\n").encode("utf-8", "surrogateescape")
    assert bytes_under(io.TextIOWrapper(io.BytesIO(), newline="\r\n")) is None  # (it may translate line ends)
