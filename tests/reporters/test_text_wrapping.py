"""`--format text` on a narrow terminal: prose broken between words with a hanging indent;
to a pipe or a file, lines as they are."""

from __future__ import annotations

import io
import re

import pytest

from mtg_typeline import load_rules
from mtg_typeline.checker import check_line
from mtg_typeline.findings import Summary
from mtg_typeline.reporters import ReportSettings, RunResult
from mtg_typeline.reporters.text import report

LINE = "Artifact Creature - Clamfolk"  # a long TL101 message and rule summary, a long TL302


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _report(out: io.StringIO) -> str:
    rules = load_rules()
    findings = tuple(check_line(LINE, rules))
    summary = Summary.of(list(findings), files=1, type_lines=1)
    report(RunResult(findings, summary, rules, ("-",)), out, ReportSettings(color=False))
    return out.getvalue()


def _words(text: str) -> list[str]:
    return re.findall(r"\S+", text)


def test_a_narrow_terminal_gets_whole_words_within_its_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    wrapped = _report(Terminal())
    flat = _report(io.StringIO())
    assert max(len(line) for line in wrapped.splitlines()) <= 60
    assert _words(wrapped) == _words(flat)  # no word cut in two, none lost
    lines = wrapped.splitlines()
    message = lines.index("  the dash is written as '-'; subtypes follow a long dash")
    assert lines[message + 1].startswith("    '—'")  # the hanging indent


def test_a_pipe_gets_the_lines_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    flat = _report(io.StringIO())
    assert any(len(line) > 60 for line in flat.splitlines())
    message = "the dash is written as '-'; subtypes follow a long dash '—' with one space on each side"
    assert f"\n  {message}\n" in flat
