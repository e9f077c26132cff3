"""The fixer on one line (`fix.line.fix_line`): rounds of edits until the line settles,
edits that touch wait for the next round, unsafe fixes only when asked, rounds refused when
they add an error or change the faces, and the best line when it never settles.
"""

from __future__ import annotations

from mtg_typeline.checker import Checker
from mtg_typeline.findings import Finding, Fix, Severity, Span
from mtg_typeline.fix.line import MAX_ROUNDS, apply, choose, fix_line
from mtg_typeline.ruleset import load_rules

CHECKER = Checker(load_rules())


def test_touching_edits_wait_for_the_next_round() -> None:
    # TL102 (two spaces → one) and TL301 (the same two spaces → a dash) overlap
    found = CHECKER.check("Creature  Elf")
    assert [(f.code, f.fix and f.fix.span) for f in found] == [("TL102", Span(8, 10)), ("TL301", Span(8, 10))]
    assert len(choose(found)) == 1
    done = fix_line("Creature  Elf", CHECKER.check)
    assert (done.text, done.fixed, done.settled, done.findings) == ("Creature — Elf", 2, True, ())


def test_apart_edits_are_made_in_one_round_from_the_end() -> None:
    edits = [Fix(Span(0, 9), "Legendary"), Fix(Span(18, 21), " — "), Fix(Span(21, 24), "Elf")]
    assert apply("legendary Creature - elf", edits) == "Legendary Creature — Elf"
    touching = [Fix(Span(0, 2), "x"), Fix(Span(2, 4), "y"), Fix(Span(5, 6), "z")]
    assert choose([finding("TL102", fix) for fix in touching]) == [touching[0], touching[2]]


def test_many_mistakes_in_one_line() -> None:
    done = fix_line("legendary  creature -- elf warrior elf", CHECKER.check)
    assert done.text == "Legendary Creature — Elf Warrior"
    assert done.settled and not done.findings


def test_unsafe_fixes_only_when_asked() -> None:
    assert fix_line("Creature — Goblim", CHECKER.check).text == "Creature — Goblim"
    assert fix_line("Creature — Goblim", CHECKER.check, unsafe=True).text == "Creature — Goblin"
    # two close words: no fix at all, even unsafe
    assert fix_line("Creature — Elv", CHECKER.check, unsafe=True).text == "Creature — Elv"


def finding(code: str, fix: Fix | None, severity: Severity = Severity.WARNING) -> Finding:
    return Finding(code, "test", severity, "m", (), "", 1, 2, fix=fix)


def test_a_round_that_adds_an_error_is_refused() -> None:
    def findings(line: str) -> list[Finding]:
        if line == "a b":
            return [finding("TL102", Fix(Span(1, 2), "  "))]
        return [finding("TL304", None, Severity.ERROR)]

    done = fix_line("a b", findings)
    assert (done.text, done.fixed, done.settled) == ("a b", 0, False)


def test_a_round_that_changes_the_number_of_faces_is_refused() -> None:
    def findings(line: str) -> list[Finding]:
        return [finding("TL102", Fix(Span(1, 5), " "))] if "//" in line else []

    assert fix_line("a // b", findings) == fix_line("a // b", findings)._replace(settled=False)
    assert fix_line("a // b", findings).text == "a // b"


def test_fixing_that_never_settles_stops_after_the_last_round_with_the_best_line() -> None:
    # each round undoes the last: fixing stops after MAX_ROUNDS with the line that had
    # the fewest findings, and says it did not settle
    def findings(line: str) -> list[Finding]:
        if line == "x":
            return [finding("TL103", Fix(Span(0, 1), "y")), finding("TL103", Fix(Span(0, 1), "y"))]
        return [finding("TL103", Fix(Span(0, 1), "x"))]

    done = fix_line("x", findings)
    assert (done.text, done.settled) == ("y", False)
    # the best line was met last after MAX_ROUNDS - 1 rounds (2 findings fixed on each odd
    # round, 1 on each even one)
    assert done.fixed == 3 * (MAX_ROUNDS // 2) - 1


def test_a_refused_edit_does_not_keep_the_others_from_being_made() -> None:
    # the dash fix makes "-Snow" a second dash (an error): refused; the spacing fix is made
    line = "Legendary  Artifact —-Snow"
    done = fix_line(line, CHECKER.check)
    assert done.text == "Legendary Artifact —-Snow"
    assert not done.settled
    assert fix_line(done.text, CHECKER.check).text == done.text
