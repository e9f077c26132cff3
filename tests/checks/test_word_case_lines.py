"""TL103 on a type line typed all in lower case: one finding, whose suggestion is right."""

from __future__ import annotations

from mtg_typeline import check_line, load_rules


def test_a_line_all_in_lower_case_is_one_finding_with_a_right_suggestion() -> None:
    rules = load_rules()
    line = "legendary creature — elf warrior"
    found = [f for f in check_line(line, rules) if f.code == "TL103"]
    assert len(found) == 1
    assert found[0].suggestion == "Legendary Creature — Elf Warrior"
    assert (found[0].column, found[0].end_column) == (1, len(line) + 1)
    assert found[0].fix is not None and found[0].fix.replacement == "Legendary Creature — Elf Warrior"
    assert "should be written 'Legendary Creature — Elf Warrior'" in found[0].message
    assert not check_line(found[0].suggestion, rules)


def test_the_message_says_how_a_word_should_be_written() -> None:
    found = check_line("Legendary creature — Elf", load_rules())
    assert [f.message for f in found] == ["'creature' should be written 'Creature'"]


def test_words_no_list_has_are_left_as_they_are() -> None:
    found = [f for f in check_line("creature — elf clamfolk", load_rules()) if f.code == "TL103"]
    assert [f.suggestion for f in found] == ["Creature — Elf clamfolk"]
