"""A finding is marked fixable (`[*]`, a JSON `fix`) only where `--fix` really writes its
fix into the file; and the Forge reader places the dash by the card types it knows, whatever
stands before them (`Types:Host Creature Cat`, an Unstable host card)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

HOST = "Name:Mother of Kittens\nManaCost:2 W\nTypes:Host Creature Cat\nPT:1/1\n"

# Inputs holding findings with safe fixes, some of which the format can't write back.
INPUTS = {
    "host.txt": HOST,
    "lower.txt": HOST.replace("Host Creature Cat", "Host creature Cat"),
    "legend.txt": "Name:Legend\nTypes:Legendary creature Elf Druid\n",
    "alias.yaml": "- name: A\n  type_line: &t creature - elf\n- name: B\n  type_line: *t\n",
    "cr.csv": "name,type\rA,creature - elf\r",
    "lf.csv": "name,type\nA,creature - elf\n",
    "cards.json": '[{"name": "A", "type_line": "creature - elf"}]\n',
    "plain.txt": "# typeline: not forge\ncreature - elf\n",
}
FORGE = {"host.txt", "lower.txt", "legend.txt"}


def _findings(path: Path, *args: str) -> list[dict[str, object]]:
    given = ["--input-format", "forge"] if path.name in FORGE else []
    result = run_cli(["check", "--format", "json", *given, *args, str(path)])
    assert result.exit_code in (0, 1), result.output
    findings: list[dict[str, object]] = json.loads(result.stdout)["findings"]
    return findings


def _fixable(findings: list[dict[str, object]]) -> list[tuple[object, ...]]:
    return [(f["code"], f["line"], f["column"]) for f in findings if f["fix"] is not None]


def test_a_host_card_gets_its_dash_after_the_card_types(tmp_path: Path) -> None:
    path = tmp_path / "host.txt"
    path.write_text(HOST, encoding="utf-8")
    findings = _findings(path)
    assert [(f["code"], f["type_line"], f["column"]) for f in findings] == [
        ("TL204", "Host Creature — Cat", 7)
    ]


@pytest.mark.parametrize("name", INPUTS)
def test_marked_fixable_exactly_where_fix_writes(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text(INPUTS[name], encoding="utf-8", newline="")
    marked = _fixable(_findings(path))
    given = ["--input-format", "forge"] if name in FORGE else []
    diff = run_cli(["check", "--diff", *given, str(path)])
    assert ("No fixes available." in diff.stderr) == (not marked)
    run_cli(["check", "--fix", *given, str(path)])
    after = _findings(path)
    # every finding marked fixable was fixed, and none that was not marked was
    assert _fixable(after) == []
    left = {(f["code"], f["line"], f["column"]) for f in after}
    assert not left & set(marked)
    if not marked:
        assert path.read_bytes() == INPUTS[name].encode("utf-8")


def test_some_inputs_hold_findings_of_each_kind(tmp_path: Path) -> None:
    """The inputs above hold both findings marked fixable and findings with a fix the format
    can't write (the test above would otherwise pass without looking)."""
    marked, unmarked = 0, 0
    for name, text in INPUTS.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8", newline="")
        findings = _findings(path)
        marked += len(_fixable(findings))
        unmarked += sum(1 for f in findings if f["fix"] is None and f["suggestion"] is not None)
    assert marked and unmarked
