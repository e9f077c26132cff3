"""The JSON report of findings of repeated lines: each finding exactly as `Finding.to_dict`
encodes it, though what follows its place is encoded once per distinct finding."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli
from hypothesis import given
from hypothesis import strategies as st

from mtg_typeline.findings import Finding, Fix, Severity, Span
from mtg_typeline.reporters import Bytes, json_format

LINES = [
    "Creature \u2014 Goblim",
    "Creature \u2014 Elf",
    "Artifact \u2014 Equipmint",
    "creature \u2014 Goblim",
]


def _write(tmp_path: Path, name: str, copies: int) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(LINES * copies) + "\n", encoding="utf-8")
    return path


def test_each_finding_as_to_dict_encodes_it(tmp_path: Path) -> None:
    first, second = _write(tmp_path, "één.txt", 600), _write(tmp_path, 'q"uote.txt', 2)
    result = run_cli(["check", "--format", "json", first, second])
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    lines = result.stdout.splitlines()[1:-1]
    assert len(lines) == len(document["findings"]) > 2 * json_format._AT_ONCE  # (written a chunk at once)
    for line, finding in zip(lines, document["findings"], strict=True):
        assert line.rstrip(",") == json.dumps(finding, ensure_ascii=False)
    places = {(f["path"], f["line"], f["end_line"]) for f in document["findings"]}
    assert (str(second), 8, 8) in places and (str(first), 1, 1) in places


def test_a_repeated_finding_is_encoded_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    encoded: list[tuple[str, int]] = []
    tail = json_format.EncodedFindings._tail

    def counted(self: json_format.EncodedFindings, finding: Finding, kept: dict[Any, Any]) -> str:
        encoded.append((finding.path, finding.line))
        return tail(self, finding, kept)

    monkeypatch.setattr(json_format.EncodedFindings, "_tail", counted)
    result = run_cli(["check", "--format", "json", _write(tmp_path, "many.txt", 50)])
    findings = json.loads(result.stdout)["findings"]
    assert len(findings) >= 150
    assert (
        len(encoded) == len({(f["code"], f["message"], f["column"], f["type_line"]) for f in findings}) < 10
    )


def test_standard_output_has_the_bytes_of_the_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """To standard output the findings are written as bytes under the text stream, what
    follows each place encoded once: the bytes are those of the report as text."""
    first, second = _write(tmp_path, "één.txt", 600), _write(tmp_path, 'q"uote.txt', 2)
    monkeypatch.chdir(tmp_path)  # (both runs name the files from here)
    command = [sys.executable, "-m", "mtg_typeline", "check", "--format", "json", str(first), str(second)]
    done = subprocess.run(command, capture_output=True, check=False, cwd=tmp_path)
    assert done.returncode == 1 and done.stderr == b""
    text = run_cli(["check", "--format", "json", first, second]).stdout
    assert done.stdout == text.encode("utf-8")
    assert text.count("\n") > 2 * json_format._AT_ONCE


_TEXT = st.text(st.characters(codec="utf-8"), max_size=12)
_SPAN = st.builds(Span, st.integers(0, 99), st.integers(0, 99))
_FIX = st.builds(Fix, _SPAN, _TEXT, st.sampled_from(["safe", "unsafe"]))
_FINDINGS = st.builds(
    Finding,
    code=_TEXT,
    name=_TEXT,
    severity=st.sampled_from(list(Severity)),
    message=_TEXT,
    rules=st.lists(_TEXT, max_size=3).map(tuple),
    type_line=_TEXT,
    column=st.integers(1, 999),
    end_column=st.integers(1, 999),
    suggestion=st.none() | _TEXT,
    fix=st.none() | _FIX,
    path=_TEXT,
    line=st.integers(1, 10**7),
    card=st.none() | _TEXT,
    end_line=st.integers(0, 10**7),
)


@given(_FINDINGS)
def test_any_finding_is_written_as_to_dict_encodes_it(finding: Finding) -> None:
    """Field by field, as the encoder writes `to_dict`: any text (quotes, backslashes,
    control and line-break characters, any letter), no card or one, a fix or none; as
    text, and as the bytes of that text."""
    text = json.dumps(finding.to_dict(), ensure_ascii=False)
    assert json_format.EncodedFindings().finding(finding) == text
    encoded = json_format.EncodedFindings(under=Bytes(io.BytesIO(), "utf-8", "strict"))
    assert encoded.data(finding) == encoded.data(finding) == text.encode("utf-8")
    compact = json_format.EncodedFindings(compact=True).finding(finding)
    assert compact == json.dumps(finding.to_dict(), ensure_ascii=False, separators=(",", ":"))


def test_each_json_lines_finding_as_to_dict_encodes_it_compactly(tmp_path: Path) -> None:
    first, second = _write(tmp_path, "één.txt", 3), _write(tmp_path, 'q"uote.txt', 2)
    lines = run_cli(["check", "--format", "json-lines", first, second]).stdout.splitlines()
    findings = json.loads(run_cli(["check", "--format", "json", first, second]).stdout)["findings"]
    assert len(lines) == len(findings) > 10
    assert lines == [json.dumps(finding, ensure_ascii=False, separators=(",", ":")) for finding in findings]
