"""Editions the user imported (`typeline rules update`) beside the shipped ones: `newest`,
`--as-of`, `rules list`, `rules show`, `lookup` and custom files that extend `newest` read
them, through the rule cache; a shipped edition of the same date wins."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import forget_rules, run_cli, shared_path, write
from helpers.rulesite import newer_edition, shipped_text

NEW_TYPE = "Zyzzyx"
NEW_DATE = "2026-12-04"
LINE = f"Creature — {NEW_TYPE}\n"


@pytest.fixture
def imported(tmp_path: Path, data_dir: Path) -> Path:
    """The newest archived CR text as a later edition (2026-12-04, with a new creature type),
    imported with `rules update --from FILE`; the file it came from."""
    newest = shipped_text(shared_path("cr", "archive", "2026-01-16.txt.gz"))
    text = write(tmp_path / "cr.txt", newer_edition(newest, "December 4, 2026", NEW_TYPE))
    result = run_cli(["rules", "update", "--from", text])
    assert result.exit_code == 0, result.stderr
    return text


def status(args: list[str]) -> int:
    return run_cli(["check", *args, "-"], stdin=LINE).exit_code


def test_newest_and_as_of_choose_the_imported_edition(imported: Path) -> None:
    assert status([]) == 0
    assert status(["--edition", "newest"]) == 0
    assert status(["--edition", NEW_DATE]) == 0
    assert status(["--as-of", "2027-01-01"]) == 0
    assert status(["--as-of", "2026-12-03"]) == 1  # the 2026-09-25 edition: no such type yet


def test_before_the_import_the_new_type_is_unknown() -> None:
    assert status([]) == 1
    assert "unknown edition" in run_cli(["rules", "show", "--edition", NEW_DATE]).stderr


def test_rules_list_marks_the_imported_edition(imported: Path) -> None:
    text = run_cli(["rules", "list"]).output.splitlines()
    assert text[-3].startswith(f"{NEW_DATE}*") and text[-3].endswith("  imported")
    assert not text[-4].endswith("imported")  # the newest shipped edition
    assert text[-1] == f"{NEW_DATE}: imported from {imported}"
    rows = json.loads(run_cli(["rules", "list", "--format", "json"]).output)["editions"]
    assert rows[-1]["edition"] == NEW_DATE and rows[-1]["imported_from"] == str(imported)
    assert rows[-1]["default"] and not any("imported_from" in row for row in rows[:-1])


def test_lookup_and_show_read_it(imported: Path) -> None:
    found = run_cli(["lookup", NEW_TYPE])
    assert found.exit_code == 0 and f"creature type: {NEW_DATE}" in found.output
    shown = run_cli(["rules", "show", "creature", "--edition", "newest"]).output
    assert shown.startswith(f"edition {NEW_DATE},") and f"  {NEW_TYPE}\n" in shown


def test_a_shipped_edition_of_the_same_date_wins(imported: Path, data_dir: Path) -> None:
    """An edition imported before typeline shipped it is read from the shipped rule file."""
    folder = data_dir / "rules"
    (folder / f"{NEW_DATE}.yaml").rename(folder / "2026-09-25.yaml")
    index = folder / "index.yaml"
    index.write_text(index.read_text(encoding="utf-8").replace(NEW_DATE, "2026-09-25"), encoding="utf-8")
    forget_rules()
    listed = run_cli(["rules", "list"]).output.splitlines()
    assert listed[-2].startswith("2026-09-25*") and "imported" not in "".join(listed)
    assert status([]) == 1


def test_the_rule_cache_sees_an_import(rule_cache: Path, tmp_path: Path, data_dir: Path) -> None:
    """A run that kept the editions (and a custom file extending `newest`) in the rule cache
    reads the imported edition on the next run."""
    custom = write(tmp_path / "mine.yaml", "extends: newest\nadd:\n  creature: [Ouphling]\n")
    both = f"Creature — {NEW_TYPE} Ouphling\n"
    assert run_cli(["check", "--rules", custom, "-"], stdin=both).exit_code == 1
    assert status([]) == 1
    newest = shipped_text(shared_path("cr", "archive", "2026-01-16.txt.gz"))
    text = write(tmp_path / "cr.txt", newer_edition(newest, "December 4, 2026", NEW_TYPE))
    assert run_cli(["rules", "update", "--from", text]).exit_code == 0
    forget_rules()  # as a new process: only the rule cache and the files
    assert status([]) == 0
    assert run_cli(["check", "--rules", custom, "-"], stdin=both).exit_code == 0


def test_an_empty_data_dir_setting_turns_user_editions_off(
    imported: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TYPELINE_DATA_DIR", "")
    assert status([]) == 1
    refused = run_cli(["rules", "update", "--from", imported])
    assert refused.exit_code == 2 and "TYPELINE_DATA_DIR is empty" in refused.stderr


def test_a_damaged_index_of_imported_editions_says_how_to_get_out_of_it(data_dir: Path) -> None:
    (data_dir / "rules").mkdir(parents=True)
    (data_dir / "rules" / "index.yaml").write_text(": : [\n", encoding="utf-8")
    result = run_cli(["check", "-"], stdin="Creature — Elf\n")
    assert result.exit_code == 2
    assert "index.yaml:1:1" in result.stderr and "imported by `typeline rules update`" in result.stderr
    assert "TYPELINE_DATA_DIR" in result.stderr
