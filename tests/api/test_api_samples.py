"""The Python API gives the command line's findings: `check_path` and `check_text` against
`typeline check --format json` (a path, and standard input named by --stdin-filename) on
every shared sample, compared finding by finding (code, place, message) with the counts of
the summary."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import SHARED_DIR, run_cli, shared_path

from mtg_typeline import Report, TypelineError, check_path, check_text

SAMPLES = SHARED_DIR / "samples"


def _inputs() -> list[str]:
    """Every file of the samples, and every unzipped set folder (read whole), by name."""
    if not SAMPLES.is_dir():
        return ["(absent)"]
    files = [p for p in SAMPLES.rglob("*") if p.is_file()]
    folders = {p.parent for p in files if p.name == "set"}
    return sorted(str(p.relative_to(SAMPLES)) for p in [*files, *folders])


@pytest.fixture(autouse=True)
def _no_ci_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reports are named from the working directory, as in a run_cli run."""
    for variable in ("GITHUB_WORKSPACE", "CI_PROJECT_DIR", "GITHUB_ACTIONS"):
        monkeypatch.delenv(variable, raising=False)


def _cli(args: list[str], stdin: bytes | None = None) -> tuple[list[tuple[Any, ...]], dict[str, int]] | str:
    """The findings and summary of a run, or its usage error."""
    result = run_cli(["check", "--format", "json", "--no-config", *args], stdin=stdin)
    if not result.stdout:
        assert result.exit_code == 2
        return result.stderr
    data = json.loads(result.stdout)
    found = [(f["code"], f["path"], f["line"], f["column"], f["end_line"], f["end_column"], f["message"])
             for f in data["findings"]]  # fmt: skip
    return found, data["summary"]


def _api(report: Report) -> tuple[list[tuple[Any, ...]], dict[str, int]]:
    found = [(f.code, f.path, f.line, f.column, f.end_line, f.end_column, f.message) for f in report.findings]
    return found, {"type_lines": report.type_lines, "no_type_line": report.no_type_line,
                   "not_cards": report.not_cards}  # fmt: skip


def _counts(summary: dict[str, int]) -> dict[str, int]:
    return {key: summary.get(key, 0) for key in ("type_lines", "no_type_line", "not_cards")}


@pytest.mark.parametrize("name", _inputs())
def test_check_path_gives_the_findings_of_the_command_line(name: str) -> None:
    path = shared_path("samples", name)
    ran = _cli([str(path)])
    assert not isinstance(ran, str), ran
    found, summary = ran
    assert _api(check_path(path)) == (found, _counts(summary))


@pytest.mark.parametrize("name", _inputs())
def test_check_text_gives_the_findings_of_standard_input(name: str) -> None:
    path = shared_path("samples", name)
    if path.is_dir():
        pytest.skip("a set folder is no text")
    data = path.read_bytes()
    ran = _cli(["--stdin-filename", str(path), "-"], stdin=data)
    if isinstance(ran, str):  # a name no reader takes: a usage error, raised
        with pytest.raises(TypelineError) as raised:
            check_text(data, path=path)
        assert str(raised.value) in ran
        return
    found, summary = ran
    assert _api(check_text(data, path=path)) == (found, _counts(summary))
    assert found or summary["type_lines"] or not data.strip(), "a sample with nothing checked in it"


def test_the_samples_are_there() -> None:
    assert len(_inputs()) > 50 and shared_path("samples")


def test_a_text_given_as_a_string_is_checked_as_its_bytes() -> None:
    path = Path(shared_path("samples", "csv")).glob("*.csv")
    sample = next(path)
    text = sample.read_text(encoding="utf-8")
    assert _api(check_text(text, path=sample)) == _api(check_text(sample.read_bytes(), path=sample))
