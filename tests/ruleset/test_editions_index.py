"""`rules/index.yaml`: read as strictly as a rule file, and kept in the rule cache so that a
start reads no YAML for it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import forget_rules, run_cli

from mtg_typeline import __version__
from mtg_typeline.errors import RulesDataError
from mtg_typeline.ruleset import cache, editions, index, rules_dir
from mtg_typeline.ruleset.index import parse_index

INDEX = (rules_dir() / "index.yaml").read_text(encoding="utf-8")
FOLDER = str(rules_dir())


def position(text: str, needle: str) -> tuple[int, int]:
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def replace_once(old: str, new: str) -> str:
    assert INDEX.count(old) == 1, old
    return INDEX.replace(old, new)


BROKEN = [
    # id, broken index, words of the message, where it points
    (
        "unknown-key",
        replace_once(
            '    section: "204"\n    first_source: "2009-07-11',
            '    sectoin: "204"\n    first_source: "2009-07-11',
        ),
        "unknown key 'sectoin' in an index entry (allowed: edition, file, section, first_source, "
        "last_source, covers, counts, notes)",
        "sectoin",
    ),
    (
        "out-of-order",
        replace_once('{edition: "2011-04-01"', '{edition: "2011-01-01"'),
        "edition 2011-01-01 is out of order (dates rise through the index)",
        '"2011-01-01"',
    ),
    (
        "not-a-date",
        replace_once('{edition: "2020-08-07"', '{edition: "2020-08-32"'),
        "edition '2020-08-32' is not a date (YYYY-MM-DD)",
        '"2020-08-32"',
    ),
    (
        "file-not-named-by-edition",
        replace_once('file: "2020-07-03.yaml"', 'file: "2020-08-07.yaml"'),
        "file '2020-08-07.yaml' must be named by its edition: 2020-07-03.yaml",
        '"2020-08-07.yaml"',
    ),
    (
        "path-as-file",
        replace_once('file: "2020-07-03.yaml"', 'file: "../2020-07-03.yaml"'),
        "file '../2020-07-03.yaml' must be named by its edition: 2020-07-03.yaml",
        '"../2020-07-03.yaml"',
    ),
    (
        "count-not-a-number",
        replace_once("counts: {card_types: 8,", "counts: {card_types: eight,"),
        "counts.card_types must be a whole number",
        "eight",
    ),
    ("schema", replace_once("schema: 1\n", "schema: 2\n"), "only schema 1 is supported", "2\nfiles"),
    (
        "duplicate-key",
        replace_once(
            '    section: "204"\n    first_source: "2009-07-11',
            '    section: "204"\n    section: "204"\n    first_source: "2009-07-11',
        ),
        "duplicate key 'section' in an index entry (first on line 8)",
        'section: "204"\n    first_source: "2009-07-11',
    ),
]


@pytest.mark.parametrize(("text", "words", "marker"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_a_broken_index_names_the_place(text: str, words: str, marker: str) -> None:
    with pytest.raises(RulesDataError) as caught:
        parse_index("rules/index.yaml", text, FOLDER)
    line, column = position(text, marker)
    assert str(caught.value) == f"rules/index.yaml:{line}:{column}: {words}"


def test_an_index_naming_a_missing_rule_file(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError) as caught:
        parse_index("index.yaml", INDEX, str(tmp_path))
    line, column = position(INDEX, '"2009-07-11.yaml"')
    assert str(caught.value) == f"index.yaml:{line}:{column}: the rule file 2009-07-11.yaml is missing"


def test_the_shipped_index_reads() -> None:
    data = parse_index("index.yaml", INDEX, FOLDER)
    assert list(data["editions"].items())[:3] == [
        ("2009-07-11", "2009-07-11.yaml"),
        ("2009-09-04", "2009-09-04.yaml"),
        ("2009-10-01", "2009-10-01.yaml"),
    ]
    assert data["editions"]["2020-11-20"] == "2020-07-03.yaml"
    assert len(data["entries"]) == 65


# --------------------------------------------------------------------------
# The cache
# --------------------------------------------------------------------------


def no_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> None:
        raise AssertionError("the index was parsed")

    monkeypatch.setattr(index, "read_index_file", refuse)


def test_a_warm_index_is_not_parsed(rule_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cold = editions.read_index(FOLDER)
    cold_entries = cold.entries
    forget_rules()
    no_parsing(monkeypatch)
    warm = editions.read_index(FOLDER)
    assert (warm.files, warm.entries) == (cold.files, cold_entries)
    assert warm.entries[0].covers == (("2009-07-11", "2009-07-11.txt.gz"),)


def test_a_plain_run_reads_only_the_editions_part(rule_cache: Path) -> None:
    editions.read_index(FOLDER)
    assert len(list(rule_cache.iterdir())) == 1  # the entries are cached when something asks for them
    _ = editions.read_index(FOLDER).entries
    assert len(list(rule_cache.iterdir())) == 2


def test_an_index_entry_of_another_shape_is_passed_over(rule_cache: Path) -> None:
    key = cache.key_of(__version__, (str(rules_dir() / "index.yaml"),))
    assert key is not None
    cache.store(f"{key}\neditions", {"editions": ["2009-07-11"]})
    assert editions.read_index(FOLDER).newest == "2026-09-25"
    forget_rules()
    cache.store(f"{key}\neditions", {"something": 1})
    assert editions.read_index(FOLDER).newest == "2026-09-25"


def copy_of_rules(tmp_path: Path) -> Path:
    folder = tmp_path / "rules"
    shutil.copytree(rules_dir(), folder)
    return folder


def test_an_edited_index_is_read_again(rule_cache: Path, tmp_path: Path) -> None:
    folder = copy_of_rules(tmp_path)
    assert editions.read_index(str(folder)).files["2020-11-20"] == "2020-07-03.yaml"
    index = folder / "index.yaml"
    index.write_text(
        index.read_text(encoding="utf-8").replace(
            '      - {edition: "2020-11-20", source: "2020-11-20.txt.gz"}\n', ""
        ),
        encoding="utf-8",
    )
    forget_rules()
    assert "2020-11-20" not in editions.read_index(str(folder)).files


def test_a_broken_shipped_index_is_one_line_and_exit_2(
    rule_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = copy_of_rules(tmp_path)
    (folder / "index.yaml").write_text(INDEX.replace("schema: 1\n", "schema: one\n"), encoding="utf-8")
    monkeypatch.setattr(editions, "shipped_folder", lambda: str(folder))
    result = run_cli(["check", "-"], stdin="Creature — Elf\n")
    line, column = position(INDEX, "1\nfiles")
    assert (result.exit_code, result.stdout) == (2, "")
    assert (
        result.stderr
        == f"typeline: error: {folder / 'index.yaml'}:{line}:{column}: schema must be a whole number\n"
    )
