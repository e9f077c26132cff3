"""The API's calls: places in UTF-16 code units, the configuration the command line would
use, calls from several threads at once, nothing printed, frozen records with a stable
`to_dict`, and `check_line`/`check_lines` as before."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from conftest import ROOT

from mtg_typeline import (
    Config,
    Finding,
    TypelineError,
    check_line,
    check_lines,
    check_path,
    check_text,
    load_config,
    load_rules,
)
from mtg_typeline.ruleset import shipped_editions

# An astral character (a playing card, two UTF-16 code units) in the card's name, and a
# curly apostrophe and the dash before the word at fault
ASTRAL_SET = '[{"name": "\U0001f0a1 Urza’s Ace", "type": "Artifact Creature — Golem Forest"}]\n'


def test_columns_in_utf16_count_an_astral_character_twice() -> None:
    (finding,) = [f for f in check_text(ASTRAL_SET, path="set.json").findings if f.code == "TL304"]
    line = ASTRAL_SET.splitlines()[0]
    column = line.index("Forest") + 1
    assert (finding.line, finding.column, finding.end_column) == (1, column, column + len("Forest"))
    assert finding.place.utf16_column == column + 1  # the astral character before it
    assert finding.place.utf16_end_column == column + 1 + len("Forest")
    assert len(line[: column - 1].encode("utf-16-le")) // 2 + 1 == finding.place.utf16_column
    assert finding.place.offset == ASTRAL_SET.index("Forest")


def test_columns_in_utf16_are_the_columns_without_astral_characters() -> None:
    found = check_text("Artifact Creature — Urza’s Golem Forest\n").findings
    assert [f.place.utf16_column for f in found] == [f.column for f in found] == [21, 34]


def test_load_config_finds_the_nearest_configuration(tmp_path: Path) -> None:
    (tmp_path / ".typeline.yaml").write_text("ignore: [TL304]\n", encoding="utf-8")
    folder = tmp_path / "cards" / "new"
    folder.mkdir(parents=True)
    config = load_config(folder)
    assert config.path == tmp_path / ".typeline.yaml"
    text = "Creature — Forest\nlegendary Creature — Elf\n"
    assert [f.code for f in check_text(text, config=config).findings] == ["TL103"]
    assert [f.code for f in check_text(text).findings] == ["TL304", "TL103"]  # no configuration: none


def test_load_config_select_and_per_file_ignores_apply_to_the_path(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.typeline]\nselect = ["TL3"]\nper-file-ignores = {"old/*" = ["TL304"]}\n', encoding="utf-8"
    )
    (tmp_path / "old").mkdir()
    config = load_config(tmp_path / "old")
    text = "Creature — Forest\nlegendary Creature — Elf\n"
    assert [f.code for f in check_text(text, path=tmp_path / "new.txt", config=config).findings] == ["TL304"]
    assert check_text(text, path=tmp_path / "old" / "cards.txt", config=config).findings == ()


def test_load_config_without_a_configuration_is_empty(tmp_path: Path) -> None:
    assert load_config(tmp_path) == Config() or load_config(tmp_path).path != tmp_path


def test_a_configuration_that_breaks_the_schema_is_an_error(tmp_path: Path) -> None:
    (tmp_path / ".typeline.yaml").write_text("ignroe: [TL304]\n", encoding="utf-8")
    with pytest.raises(TypelineError, match="unknown key 'ignroe'"):
        load_config(tmp_path)


def test_an_unknown_input_format_is_an_error() -> None:
    with pytest.raises(TypelineError, match="input_format 'yml'"):
        check_text("Creature — Elf\n", input_format="yml")


def test_calls_from_threads_give_what_calls_one_after_another_give() -> None:
    texts = [
        ASTRAL_SET,
        "Creature — Forest\nlegendary creature - elf\n" * 50,
        "cards:\n  - name: A\n    type: Land - Forest\n",
        "\n".join(f"Creature — Elf {word}" for word in ("Warrior", "Wizzard", "Forest", "Goblin")),
    ] * 6
    names = ["a.json", "b.txt", "c.yaml", "d.txt"] * 6
    serial = [check_text(text, path=name).to_dict() for text, name in zip(texts, names, strict=True)]
    with ThreadPoolExecutor(max_workers=6) as pool:
        pairs = zip(texts, names, strict=True)
        threaded = list(pool.map(lambda pair: check_text(pair[0], path=pair[1]).to_dict(), pairs))
    assert threaded == serial


def test_nothing_is_printed(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "cards.json").write_text('{"data": [', encoding="utf-8")  # broken
    report = check_path(tmp_path / "cards.json")
    check_path(tmp_path / "missing.txt")
    check_text("legendary creature - elf\n" * 3, path="x.txt").fixed_text(unsafe=True)
    check_text(b"\x00\x01binary")
    list(check_lines(["Creature — Forest"]))
    assert capfd.readouterr() == ("", "")
    assert [f.code for f in report.problems] == ["TL905"] and report.exit_status == 2


def test_input_problems_are_told_apart(tmp_path: Path) -> None:
    report = check_path(tmp_path / "missing.txt")
    assert [(f.code, f.input_problem, f.stops_run) for f in report.findings] == [("TL901", True, True)]
    assert report.rule_findings == () and report.exit_status == 2
    report = check_text("Creature — Forest\n")
    assert report.problems == () and [f.code for f in report.rule_findings] == ["TL304"]


def test_a_finding_is_frozen_and_its_dict_stable() -> None:
    (finding,) = check_text("Creature — Forest\n", path="cards.txt").findings
    with pytest.raises(dataclasses.FrozenInstanceError):
        finding.code = "TL101"  # type: ignore[misc]
    data = finding.to_dict()
    assert list(data) == [
        "code", "name", "severity", "message", "rules", "path", "place", "type_line", "card",
        "suggestion", "fix",
    ]  # fmt: skip
    assert list(data["place"]) == [
        "line", "column", "end_line", "end_column", "utf16_column", "utf16_end_column", "offset",
        "end_offset",
    ]  # fmt: skip
    assert json.loads(json.dumps(data)) == data
    assert Finding(**{f.name: getattr(finding, f.name) for f in dataclasses.fields(Finding)}) == finding


def test_check_line_and_check_lines_keep_their_fields() -> None:
    rules = load_rules()
    (finding,) = check_line("Creature — Forest", rules)
    assert isinstance(finding, Finding)
    assert (finding.code, finding.line, finding.column, finding.end_column) == ("TL304", 1, 12, 18)
    assert finding.rules[0].startswith("205.3")
    found = list(
        check_lines(["Creature — Elf\n", "legendary Creature — Elf\r\n", "Creature — Forest"], rules)
    )
    assert [(f.code, f.line, f.column) for f in found] == [("TL103", 2, 1), ("TL304", 3, 12)]
    assert found[0].fix is not None and found[0].fix.edits[0].place.line == 2


def test_rules_given_are_used() -> None:
    oldest = load_rules(shipped_editions()[0])
    assert [f.code for f in check_text("Tribal Instant — Elf\n", rules=oldest).findings] == []
    assert "TL2" in "".join(f.code for f in check_text("Tribal Instant — Elf\n").findings)


@pytest.mark.slow
def test_the_api_is_typed_for_its_users(tmp_path: Path) -> None:
    script = tmp_path / "use.py"
    script.write_text(
        "from mtg_typeline import check_text\n"
        "report = check_text('Creature — Elf')\n"
        "columns: list[int] = [f.place.utf16_column for f in report.findings]\n"
        "wrong: str = report.exit_status\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(script)],
        capture_output=True, text=True, cwd=tmp_path, check=False,
    )  # fmt: skip
    assert "use.py:4: error: Incompatible types in assignment" in done.stdout, done.stdout
    assert done.stdout.count("error:") == 1, done.stdout
    assert (ROOT / "cli" / "mtg_typeline" / "py.typed").is_file()


def test_the_options_not_given_are_the_command_lines() -> None:
    from mtg_typeline.api.run import DEFAULTS
    from mtg_typeline.main import check

    own = ("paths", "config_file", "no_config", "show_settings", "show_files")
    params = check.make_context("check", []).params
    given = {name.replace("_", "-"): value for name, value in params.items() if name not in own}
    assert {**given, "format": "json"} == dict(DEFAULTS)  # (the API reports no output of its own)
