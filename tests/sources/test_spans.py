"""Words at fault that run onto another line of the file (a folded YAML value, a CSV cell or
an XML value over lines, a Magic Set Editor face whose types stand on two lines): placed
from their first character to just after their last, on the line that one is on, in every
format that can say so; one-line spans are placed as they always were."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli

from mtg_typeline.checker import Checker
from mtg_typeline.findings import Finding
from mtg_typeline.ruleset import load_rules
from mtg_typeline.sources.base import CharMap, Offset, Place, Region

CHECKER = Checker(load_rules())
Placed = tuple[int, int, int, int, str]  # line, column, end line, end column, code

PLANE_YAML = "- name: Far Plane\n  type: Plane — Dominaria\n    Zendikar\n"
SCHEME_YAML = "- name: Folded\n  type: >-\n    Scheme — Elf\n    Goblin\n"
PLANE_CSV = 'name,type\nA,"Plane — Dominaria\nZendikar"\n'
PLANE_XML = (
    '<?xml version="1.0"?>\n<cockatrice_carddatabase version="4"><cards>\n'
    "<card><name>X</name><type>Plane — Dominaria\n  Zendikar</type></card>\n"
    "</cards></cockatrice_carddatabase>\n"
)


pytestmark = pytest.mark.usefixtures("in_tmp")


def check(name: str, data: str, output_format: str = "json") -> str:
    Path(name).write_text(data, encoding="utf-8")
    return run_cli(["check", "--format", output_format, name]).stdout


def placed(name: str, data: str) -> list[Placed]:
    findings: list[dict[str, Any]] = json.loads(check(name, data))["findings"]
    return [(f["line"], f["column"], f["end_line"], f["end_column"], f["code"]) for f in findings]


# the locators


def test_a_span_over_two_lines_ends_after_its_last_character_on_its_line() -> None:
    # "ab\ncd": a and b on line 1, the line break at its end, c and d on line 2
    places = [Place(1, 5), Place(1, 6), Place(1, 7), Place(2, 3), Place(2, 4), Place(2, 5)]
    where = CharMap(places)
    assert where.region(0, 5) == Region(1, 5, 2, 5)
    assert where.region(1, 4) == Region(1, 6, 2, 4)
    # a span that ends with the line break stays on its line
    assert where.region(0, 3) == Region(1, 5, 1, 8)
    assert where.region(3, 5) == Region(2, 3, 2, 5)


def test_a_character_written_as_several_is_covered_whole_up_to_the_next() -> None:
    # "a&b": the `&` written `&amp;` (five file characters), then b on the next line
    places = [Place(1, 1), Place(1, 2), Place(2, 1), Place(2, 2)]
    where = CharMap(places)
    assert where.region(0, 2) == Region(1, 1, 1, 3)  # the next character is on line 2
    wide = CharMap([Place(1, 1), Place(1, 2), Place(1, 7), Place(1, 8)])
    assert wide.region(1, 2) == Region(1, 2, 1, 7)


def test_spans_at_or_past_the_end_are_one_column_at_the_end() -> None:
    where = CharMap([Place(3, 4), Place(4, 1)])
    assert where.region(1, 2) == Region(4, 1, 4, 2)
    assert where.region(5, 9) == Region(4, 1, 4, 2)


def test_characters_placed_out_of_order_end_after_the_furthest() -> None:
    # a made-up character placed where the text it stands for starts (before the ones shown)
    where = CharMap([Place(2, 9), Place(2, 3), Place(2, 4), Place(2, 5)])
    assert where.region(0, 3) == Region(2, 9, 2, 10)


def test_an_offset_is_one_line() -> None:
    assert Offset(7, 3).region(2, 5) == Region(7, 5, 7, 8)


# through the command line


def test_a_plain_yaml_value_over_two_lines() -> None:
    assert placed("a.yaml", PLANE_YAML) == [(2, 17, 3, 13, "TL306")]


def test_a_folded_yaml_value() -> None:
    assert placed("b.yaml", SCHEME_YAML) == [(3, 14, 4, 11, "TL305")]  # Elf Goblin


def test_a_csv_cell_over_two_lines() -> None:
    assert placed("c.csv", PLANE_CSV) == [(2, 12, 3, 9, "TL306"), (2, 21, 2, 22, "TL102")]


def test_an_xml_value_with_a_line_break() -> None:
    assert placed("d.xml", PLANE_XML) == [(3, 35, 4, 11, "TL306"), (3, 44, 4, 3, "TL102")]


def test_one_line_spans_end_on_their_line() -> None:
    found = placed("e.txt", "Creature — Forest\nCreature - Elf\n")
    assert found == [(1, 12, 1, 18, "TL304"), (2, 9, 2, 12, "TL101")]


def test_github_names_the_end_line_only_of_spans_over_lines() -> None:
    assert check("a.yaml", PLANE_YAML, "github").startswith(
        "::error file=a.yaml,line=2,endLine=3,col=17,endColumn=13,title=TL306 unknown-planar-type::"
    )
    assert check("e.txt", "Creature - Elf\n", "github").startswith(
        "::warning file=e.txt,line=1,col=9,endColumn=12,title=TL101 dash-form::"
    )


# the finding


def test_a_finding_ends_on_its_line_unless_placed_over_lines() -> None:
    (finding,) = CHECKER.check("Plane — Dominaria Zendikar")
    assert (finding.end_line, finding.last_line) == (0, 1)
    moved = finding.at("p.txt", 9)
    assert (moved.last_line, moved.to_dict()["end_line"]) == (9, 9)
    over = finding.placed("p.yaml", 2, 17, 3, 13, "Far Plane")
    assert (over.line, over.column, over.last_line, over.end_column) == (2, 17, 3, 13)
    assert over.to_dict()["end_line"] == 3
    assert over.line_span == (8, 26)  # still where it is in the type line
    same = finding.placed("p.yaml", 2, 17, 2, 35, None)
    assert same.end_line == 0 and same == Finding(*same)


def test_json_keys_keep_their_order_with_the_end_line_before_the_end_column() -> None:
    (finding,) = CHECKER.check("Creature — Forest")
    assert list(finding.to_dict())[:5] == ["path", "line", "column", "end_line", "end_column"]
