"""The text report unstyled, of findings of repeated lines: each finding exactly as
`render` makes it at its place, though each distinct finding is rendered once."""

from __future__ import annotations

from typing import Any

import pytest
from helpers.reports import RESULT, RULES, placed, render

from mtg_typeline.findings import Summary
from mtg_typeline.reporters import RunResult, fix_mark, text
from mtg_typeline.reporters.text_plain import PlainTexts

LINES = [1, 7, 9, 10, 99, 100, 12345, 999999, 1000000]  # numbers of every width


def repeated() -> RunResult:
    """RESULT's findings (every kind: stdin, an odd name, a message with a line break, an
    input problem without a type line) at lines of 1 to 7 digits."""
    findings = sorted(
        (f.at(f.path, line) for line in LINES for f in RESULT.findings), key=lambda f: f.sort_key()
    )
    return RESULT._replace(findings=tuple(findings), summary=Summary.of(findings, 4, 9 * len(LINES)))


@pytest.mark.parametrize("unsafe", [False, True])
def test_each_finding_as_render_makes_it(unsafe: bool) -> None:
    result = repeated()
    report = render("text", result, color=False, quiet=True, unsafe_fixes=unsafe)
    settings = text.ReportSettings(unsafe_fixes=unsafe)
    expected = "".join(
        text.render(f, RULES, fix_mark(f, settings), styled=False).plain + "\n" for f in result.findings
    )
    assert report == expected
    assert "999999 | " in report and "\n 1000000 | " in report


def test_a_repeated_finding_is_rendered_once(monkeypatch: pytest.MonkeyPatch) -> None:
    rendered: list[int] = []
    original = text.render

    def counted(finding: Any, *args: Any, **kwargs: Any) -> Any:
        rendered.append(finding.line)
        return original(finding, *args, **kwargs)

    monkeypatch.setattr(text, "render", counted)
    result = repeated()
    render("text", result, color=False, quiet=True)
    widths = {len(str(line)) for line in LINES}
    assert len(rendered) == len(RESULT.findings) * len(widths) < len(result.findings)


def test_a_text_with_a_nul_of_its_own_is_rendered_at_each_place() -> None:
    """A NUL the stand-in line number did not put there (a custom rule's summary could hold
    one): the finding is rendered at each place, not cut at that NUL."""
    findings = [
        f.at("x.txt", line) for line in (3, 4, 30, 40) for f in placed("x.txt", 1, "Creature — Forest")
    ]

    def with_nul(finding: Any, mark: str) -> str:
        return f"{finding.line}\0{finding.code}\0{finding.line}"

    texts = list(PlainTexts(with_nul).texts((f, "") for f in findings))
    assert texts == [with_nul(f, "") for f in findings]
