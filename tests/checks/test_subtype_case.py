"""Case on the words before the dash (checks/subtype_case.py): a lower-case word that a list
holds only in another case is a word of text among words of text, and on a type line TL301
says it is no subtype as written; a line typed all in lower case keeps reading as TL103
reads it."""

from __future__ import annotations

import pytest
from helpers.checking import codes, found, marked, only


def test_a_lower_case_word_of_text_is_a_word_not_a_subtype() -> None:
    line = "Put a time counter on it"
    result = found(line)
    assert "TL301" not in [f.code for f in result]
    (time,) = (f for f in result if marked(line, f) == "time")
    assert time.code == "TL201"  # as its neighbours: Put, a, counter …
    assert not any("planar" in f.message for f in result)


def test_a_lower_case_subtype_on_a_type_line_is_asked_about() -> None:
    line = "Sorcery time"
    finding = only(line, "TL301")
    assert finding.message.startswith("no subtype 'time'; did you mean Time, a planar type (")
    assert finding.message.endswith("after a long dash?")
    assert marked(line, finding) == "time"


@pytest.mark.parametrize(
    ("line", "code", "message"),
    [
        ("Creature Goblin", "TL301", "'Goblin' is a creature type (205.3m); subtypes go after a long dash"),
        ("legendary creature — elf", "TL103", "should be written 'Legendary Creature — Elf'"),
    ],
)
def test_type_lines_read_as_before(line: str, code: str, message: str) -> None:
    assert message in only(line, code).message


def test_a_line_all_in_lower_case_is_a_type_line_typed_so() -> None:
    assert codes("creature goblin") == ["TL103", "TL301"]
    assert "'goblin' is a creature type" in found("creature goblin")[1].message
