"""The reports whose findings' texts are made once per distinct finding and stamped with each
place's line (`reporters.stamped`, and JSON Lines through `json_format.EncodedFindings`):
byte for byte the report that makes every text whole, for findings repeated down a file,
findings over several lines, and text fields holding what each format escapes."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from conftest import property_settings
from helpers.reports import RESULT
from hypothesis import given
from hypothesis import strategies as st

from mtg_typeline.findings import Finding, Summary
from mtg_typeline.reporters import (
    ReportFile,
    ReportSettings,
    RunResult,
    concise,
    github,
    json_lines,
    junit,
    stamped,
)

STAMPED = {"github": github, "concise": concise, "junit": junit}
# what the formats escape or draw: GitHub's %, :, , and line ends; controls; XML's &, <, >, ";
# the line breaks JSON Lines escapes; a lone surrogate (a byte that was not UTF-8)
ODD_TEXT = st.text(st.sampled_from(list("ab %:,\r\n\x1b\x07&<>\"'\u2028\u2029\x85\udcff\u2014")), max_size=12)


def _whole(
    out: Any,
    findings: Iterable[Finding],
    pieces: stamped.Pieces,
    whole: Callable[[Finding], str],
    encoded: bool = True,
) -> None:
    """`write_stamped` as it would be without pieces: each text made whole."""
    out.write("".join(whole(finding) for finding in findings))


@st.composite
def results(draw: st.DrawFn) -> RunResult:
    """RESULT's findings with odd text fields, each at one or more places (some over two lines)."""
    base = [f for f in RESULT.findings if f.code != "TL901"]
    findings = []
    for finding in draw(st.lists(st.sampled_from(base), min_size=1, max_size=6)):
        changed = finding._replace(
            message=draw(ODD_TEXT),
            path=draw(st.sampled_from(["cards.txt", "-", "odd, name: 100%.txt", "a<b>&\u2028.txt"])),
            card=draw(st.none() | ODD_TEXT),
            suggestion=draw(st.none() | ODD_TEXT),
        )
        for line in draw(st.lists(st.integers(1, 50), min_size=1, max_size=4, unique=True)):
            end_line = draw(st.sampled_from([0, line, line + 1]))
            findings.append(changed._replace(line=line, end_line=end_line))
    findings.sort(key=Finding.sort_key)
    paths = tuple(dict.fromkeys(f.path for f in findings))
    return RunResult(tuple(findings), Summary.of(findings, len(paths), len(findings)), RESULT.rules, paths)


def _report(module: Any, result: RunResult, encoded: bool) -> str:
    """The module's report of `result`: to a text stream, or as bytes under a report file."""
    settings = ReportSettings(quiet=True)
    if not encoded:
        text = io.StringIO()
        module.report(result, text, settings)
        return text.getvalue()
    raw = io.BytesIO()
    out = ReportFile(raw)
    module.report(result, out, settings)
    out.flush()
    return raw.getvalue().decode("utf-8", "surrogateescape")


@pytest.mark.parametrize("name", list(STAMPED))
@pytest.mark.parametrize("encoded", [False, True], ids=["text", "bytes"])
@property_settings(150)
@given(result=results())
def test_a_stamped_report_is_the_report_of_whole_texts(name: str, encoded: bool, result: RunResult) -> None:
    module = STAMPED[name]
    got = _report(module, result, encoded)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, "write_stamped", _whole)
        expected = _report(module, result, False)
    assert got == expected


@pytest.mark.parametrize("encoded", [False, True], ids=["text", "bytes"])
@property_settings(150)
@given(result=results())
def test_json_lines_are_each_finding_encoded_whole(encoded: bool, result: RunResult) -> None:
    """One object a line, as `to_dict` encodes, the three line breaks escaped in it."""
    breaks = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}
    lines = [json.dumps(f.to_dict(), ensure_ascii=False, separators=(",", ":")) for f in result.findings]
    assert _report(json_lines, result, encoded) == "".join(line.translate(breaks) + "\n" for line in lines)


@pytest.mark.parametrize("name", list(STAMPED))
def test_a_stamped_report_keeps_its_pieces_when_it_forgets_some(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the distinct findings it keeps, a report makes their pieces again: the same text."""
    result = _repeated()
    expected = _report(STAMPED[name], result, True)
    monkeypatch.setattr(stamped, "_REMEMBERED", 1)
    assert _report(STAMPED[name], result, True) == expected
    assert _report(STAMPED[name], result, False) == expected


def _repeated() -> RunResult:
    """RESULT's findings of cards.txt, their lines repeated down the file."""
    once = [f for f in RESULT.findings if f.path == "cards.txt"]
    findings = [f.at(f.path, f.line + 10 * copy) for copy in range(50) for f in once]
    return RESULT._replace(findings=tuple(findings), summary=Summary.of(findings, 1, 150))


@pytest.mark.parametrize("name", ["json", "json-lines", "github", "junit", "concise", "sarif", "gitlab"])
def test_a_report_to_an_output_of_another_encoding_is_its_text(name: str, tmp_path: Path) -> None:
    """Standard output that writes UTF-16: the report is its text, encoded so (no number
    written as ASCII between encoded pieces)."""
    cards = tmp_path / "cards.txt"
    cards.write_text("Creature — Forest\nCreature - Elf\n" * 3, encoding="utf-8")

    def run(encoding: str) -> str:
        env = {**os.environ, "PYTHONIOENCODING": encoding}
        command = [sys.executable, "-m", "mtg_typeline", "check", "--format", name, "cards.txt"]
        done = subprocess.run(command, capture_output=True, env=env, cwd=tmp_path, check=False)
        assert done.returncode == 1, done.stderr
        return done.stdout.decode(encoding)

    assert run("utf-16") == run("utf-8")
