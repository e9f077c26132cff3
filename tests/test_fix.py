"""`--fix`, `--unsafe-fixes` and `--diff` on text files and standard input: what is fixed, what
is reported afterwards, the exit status, and every byte around the type lines kept.

The fixer itself (rounds, overlapping edits, refused rounds) is tested at the top through
`fixer.fix_line`; card data in tests/test_fix_data.py; interrupted writes in
tests/test_fix_interrupt.py; generated lines in tests/test_fix_properties.py.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import Result
from conftest import run_cli

from mtg_typeline.checker import Checker
from mtg_typeline.findings import Finding, Fix, Severity, Span
from mtg_typeline.fix import fixing
from mtg_typeline.fix import text as fixtext
from mtg_typeline.fix import writing as fixwriting
from mtg_typeline.fix.line import MAX_ROUNDS, apply, choose, fix_line
from mtg_typeline.reporters import FORMATS
from mtg_typeline.ruleset import load_rules

CHECKER = Checker(load_rules())
SAMPLE = "Creature — Elf Warrior\nCreature - Elf\nCreature — Forest\n"
FIXED_SAMPLE = "Creature — Elf Warrior\nCreature — Elf\nCreature — Forest\n"
REMAINING = "cards.txt:3:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land\n"


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(name: str, data: str | bytes) -> Path:
    path = Path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def check(*args: str, stdin: str | bytes | None = None) -> Result:
    return run_cli(["check", "--no-config", "--no-color", *args], stdin=stdin)


def temporaries(folder: Path = Path()) -> list[str]:
    """Temporary files `write_atomic` would leave beside its target."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# The fixer: rounds of edits on one line
# --------------------------------------------------------------------------


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


# --fix on a text file
# --------------------------------------------------------------------------


def test_fix_writes_the_file_and_reports_what_remains() -> None:
    write("cards.txt", SAMPLE)
    result = check("--fix", "cards.txt")
    assert result.exit_code == 1  # the TL304 error remains
    assert Path("cards.txt").read_text(encoding="utf-8") == FIXED_SAMPLE
    assert result.stdout == (
        "cards.txt:3:12: error TL304 subtype-type-mismatch\n"
        "  Forest is a land type (205.3i), but this object is not a land\n"
        "   |\n"
        " 3 | Creature — Forest\n"
        "   |            ^^^^^^\n"
        "   = rules: 205.3d  An object cannot get a subtype that matches none of its card types.\n"
        "            205.3i  Lists the land types; five of them are the basic land types.\n"
        "Fixed 1 finding in 1 file.\n"
        "Found 1 error in 3 type lines in 1 file.\n"
        "1 left: it has no automatic fix.\n"
    )
    assert result.stderr == ""


def test_fix_of_warnings_alone_exits_0() -> None:
    write("cards.txt", "creature - elf\nLand — Forest\n")
    result = check("--fix", "--format", "concise", "cards.txt")
    assert (result.exit_code, result.stdout) == (
        0,
        "Fixed 2 findings in 1 file.\nNo problems in 2 type lines in 1 file.\n",
    )
    assert Path("cards.txt").read_text(encoding="utf-8") == "Creature — Elf\nLand — Forest\n"


def test_fix_counts_files_and_findings() -> None:
    write("a.txt", "Creature - Elf\n")
    write("b.txt", "Creature Legendary — Elf\ncreature — Elf\n")
    write("c.txt", "Creature — Elf\n")
    result = check("--fix", "--format", "concise", "a.txt", "b.txt", "c.txt")
    assert result.stdout == "Fixed 3 findings in 2 files.\nNo problems in 4 type lines in 3 files.\n"


def test_nothing_to_fix() -> None:
    write("cards.txt", "Creature — Forest\n")
    result = check("--fix", "--format", "concise", "cards.txt")
    assert result.exit_code == 1
    assert result.stdout == (
        "cards.txt:1:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land\n"
        "No fixes applied.\nFound 1 error in 1 type line in 1 file.\n1 left: it has no automatic fix.\n"
    )


def test_quiet_leaves_out_the_sentences() -> None:
    write("cards.txt", SAMPLE)
    assert check("--fix", "--quiet", "--format", "concise", "cards.txt").stdout == REMAINING


def test_a_second_fix_changes_nothing_and_keeps_the_file_time() -> None:
    write("cards.txt", "legendary creature - elf  warrior\n" * 3)
    check("--fix", "cards.txt")
    before = os.stat("cards.txt")
    os.utime("cards.txt", ns=(before.st_atime_ns, before.st_mtime_ns - 10**9))
    before = os.stat("cards.txt")
    result = check("--fix", "--format", "concise", "cards.txt")
    after = os.stat("cards.txt")
    assert result.stdout == "No fixes applied.\nNo problems in 3 type lines in 1 file.\n"
    assert (after.st_mtime_ns, after.st_ino) == (before.st_mtime_ns, before.st_ino)


def test_a_file_with_nothing_to_fix_is_not_written() -> None:
    data = b"\xef\xbb\xbfCreature \xe2\x80\x94 Forest\r\n# a comment\n\nCreat\xffure\n"
    path = write("cards.txt", data)
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    inode = os.stat(path).st_ino
    result = check("--fix", "cards.txt")
    assert result.exit_code == 2  # TL902 for the line that is not UTF-8
    assert path.read_bytes() == data
    assert (os.stat(path).st_mtime_ns, os.stat(path).st_ino) == (1_000_000_000, inode)


def test_every_byte_around_the_type_lines_is_kept() -> None:
    data = (
        b"\xef\xbb\xbfcreature - elf\r\n"  # BOM, CRLF
        b"\n"  # blank
        b"# Creature - Elf (a comment, left alone)\n"
        b"Creature - Goblin    # typeline: ignore[TL304]  keep   these  spaces\r\n"
        b"Creat\xff - re\n"  # not UTF-8: kept byte for byte, not fixed
        b"  \t\n"
        b"Land  - Forest\r\r\n"  # two CRs before the LF
        b"Instant//Sorcery"  # no newline at the end
    )
    path = write("cards.txt", data)
    result = check("--fix", "--format", "concise", "cards.txt")
    assert path.read_bytes() == (
        b"\xef\xbb\xbfCreature \xe2\x80\x94 Elf\r\n"
        b"\n"
        b"# Creature - Elf (a comment, left alone)\n"
        b"Creature \xe2\x80\x94 Goblin    # typeline: ignore[TL304]  keep   these  spaces\r\n"
        b"Creat\xff - re\n"
        b"  \t\n"
        b"Land \xe2\x80\x94 Forest\r\r\n"
        b"Instant // Sorcery"
    )
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [
        "cards.txt:5:6: TL902 [error] this line is not UTF-8 text; it was skipped; "
        "if it is Windows-1252, give --encoding cp1252",
        "Fixed 5 findings in 1 file.",
        "Found 1 error in 4 type lines in 1 file.",
        "1 left: it has no automatic fix.",
    ]


def test_binary_file_is_not_fixed() -> None:
    data = b"Creature - Elf\n\x00\x01"
    path = write("cards.txt", data)
    assert check("--fix", "cards.txt").exit_code == 2
    assert path.read_bytes() == data


def test_fixing_stops_at_a_line_with_nul_as_reading_does() -> None:
    data = b"Creature - Elf\n" + b"Creature \xe2\x80\x94 Elf\n" * 1000 + b"x\x00\nCreature - Elf\n"
    path = write("cards.txt", data)
    assert check("--fix", "cards.txt").exit_code == 2
    assert path.read_bytes() == data.replace(b"Creature - Elf\n", b"Creature \xe2\x80\x94 Elf\n", 1)


def test_missing_file_with_fix_is_reported() -> None:
    result = check("--fix", "--format", "concise", "missing.txt")
    assert result.exit_code == 2
    assert result.stdout.startswith("missing.txt:1:1: TL901 [error] cannot read missing.txt")


def test_permissions_are_kept(in_tmp: Path) -> None:
    path = write("cards.txt", SAMPLE)
    path.chmod(0o640)
    check("--fix", "cards.txt")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert path.read_text(encoding="utf-8") == FIXED_SAMPLE
    assert temporaries() == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root may give a file away")
def test_owner_and_group_are_kept(in_tmp: Path) -> None:
    path = write("cards.txt", SAMPLE)
    os.chown(path, 65534, 65534)  # nobody
    check("--fix", "cards.txt")
    assert (os.stat(path).st_uid, os.stat(path).st_gid) == (65534, 65534)
    assert path.read_text(encoding="utf-8") == FIXED_SAMPLE


def test_a_fix_the_format_cant_hold_is_named_and_the_file_left_alone(in_tmp: Path) -> None:
    card = (
        '{"name": "W", "uuid": "1", "type": "Creature Creature", '
        '"supertypes": [], "types": ["Creature", "Creature"], "subtypes": []}'
    )
    data = f'{{"meta": {{}}, "data": {{"cards": [{card}]}}}}\n'
    path = write("set.json", data)
    result = check("--fix", "--format", "concise", "set.json")
    assert result.stderr == (
        "typeline: warning: set.json:1: the fixed type line can't be written back exactly here "
        "(see README, Fixing card data); its findings stay\n"
    )
    assert result.stdout.splitlines()[:2] == [
        "set.json:1:78: TL206 [warning] the card type Creature is written twice (card: W)",  # (no [*])
        "No fixes applied.",
    ]
    assert path.read_text(encoding="utf-8") == data


def test_a_yaml_alias_is_not_fixed_and_said_once(in_tmp: Path) -> None:
    data = "- name: A\n  type_line: &t Creature - Elf\n- name: B\n  type_line: *t\n"
    path = write("cards.yaml", data)
    result = check("--fix", "cards.yaml")
    assert result.stderr.count("cards.yaml:2: the fixed type line can't be written back exactly here") == 1
    assert path.read_text(encoding="utf-8") == data


def test_a_symbolic_link_is_followed_not_replaced() -> None:
    target = write("real/cards.txt", SAMPLE)
    Path("link.txt").symlink_to(target)
    check("--fix", "link.txt")
    assert Path("link.txt").is_symlink()
    assert target.read_text(encoding="utf-8") == FIXED_SAMPLE


# What is fixed: selection, suppression, unsafe fixes
# --------------------------------------------------------------------------


def test_deselected_codes_are_not_fixed() -> None:
    path = write("cards.txt", "creature - elf\n")
    result = check("--fix", "--ignore", "TL101", "--format", "concise", "cards.txt")
    assert path.read_text(encoding="utf-8") == "Creature - Elf\n"
    assert result.stdout == "Fixed 1 finding in 1 file.\nNo problems in 1 type line in 1 file.\n"


def test_per_file_ignores_are_heeded(in_tmp: Path) -> None:
    write(".typeline.yaml", "per-file-ignores:\n  legacy/*: [TL202]\n")
    old = write("legacy/old.txt", "Tribal Instant - Elf\n")
    new = write("new.txt", "Tribal Instant - Elf\n")
    run_cli(["check", "--fix", "legacy/old.txt", "new.txt"])
    assert old.read_text(encoding="utf-8") == "Tribal Instant — Elf\n"
    assert new.read_text(encoding="utf-8") == "Kindred Instant — Elf\n"


def test_suppressed_findings_are_not_fixed() -> None:
    path = write(
        "cards.txt", "Creature - Elf  # typeline: ignore[TL101]\nCreature - Elf # typeline: ignore\n"
    )
    check("--fix", "cards.txt")
    assert path.read_text(encoding="utf-8") == (
        "Creature - Elf  # typeline: ignore[TL101]\nCreature - Elf # typeline: ignore\n"
    )


def test_an_unused_suppression_is_removed_when_tl904_is_selected() -> None:
    path = write(
        "cards.txt", "Creature — Elf  # typeline: ignore\nCreature — Elf # note  # typeline: ignore\n"
    )
    result = check("--fix", "--extend-select", "TL904", "--format", "concise", "cards.txt")
    # the comment that is only the directive goes; the other is reported, not fixed
    assert path.read_text(encoding="utf-8") == "Creature — Elf\nCreature — Elf # note  # typeline: ignore\n"
    assert result.stdout.splitlines()[0].startswith("cards.txt:2:24: TL904 [warning] the suppression")


def test_unsafe_fixes_with_unsafe_fixes_only() -> None:
    path = write("cards.txt", "Creature — Goblim\n")
    safe = check("--fix", "--format", "concise", "cards.txt")
    assert path.read_text(encoding="utf-8") == "Creature — Goblim\n"
    assert safe.stdout.startswith("cards.txt:1:12: TL302 [error] 'Goblim'")
    unsafe = check("--fix", "--unsafe-fixes", "--format", "concise", "cards.txt")
    assert path.read_text(encoding="utf-8") == "Creature — Goblin\n"
    assert (unsafe.exit_code, unsafe.stdout) == (
        0,
        "Fixed 1 finding in 1 file.\nNo problems in 1 type line in 1 file.\n",
    )


def test_fix_from_the_configuration(in_tmp: Path) -> None:
    write(".typeline.yaml", "fix: true\nunsafe-fixes: true\n")
    path = write("cards.txt", "Creature - Goblim\n")
    assert run_cli(["check", "--no-fix", "cards.txt"]).exit_code == 1
    assert path.read_text(encoding="utf-8") == "Creature - Goblim\n"
    assert run_cli(["check", "cards.txt"]).exit_code == 0
    assert path.read_text(encoding="utf-8") == "Creature — Goblin\n"


# The reports after fixing
# --------------------------------------------------------------------------


def test_fixable_findings_are_marked_in_text_and_concise() -> None:
    write("cards.txt", "Creature - Goblim\n")
    concise = check("--format", "concise", "cards.txt").stdout.splitlines()
    assert concise[:2] == [
        "cards.txt:1:9: TL101 [*] [warning] the dash is written as '-'; subtypes follow a long dash '—' "
        "with one space on each side",
        "cards.txt:1:12: TL302 [error] 'Goblim' is not a creature type (205.3m) or any other subtype; "
        "did you mean Goblin?",
    ]
    text = check("cards.txt").stdout
    assert "cards.txt:1:9: warning TL101 [*] dash-form\n" in text
    assert "cards.txt:1:12: error TL302 unknown-subtype\n" in text
    # with --unsafe-fixes the guesses count as fixable too
    assert "cards.txt:1:12: error TL302 [*] unknown-subtype\n" in check("--unsafe-fixes", "cards.txt").stdout
    assert " TL302 [*] [error] " in check("--unsafe-fixes", "--format", "concise", "cards.txt").stdout


def test_json_summary_counts_the_fixed() -> None:
    write("cards.txt", SAMPLE)
    document = json.loads(check("--fix", "--format", "json", "cards.txt").stdout)
    assert document["summary"] == {
        "files": 1, "type_lines": 3, "errors": 1, "warnings": 0, "infos": 0, "fixed": 1,
    }  # fmt: skip
    assert [f["code"] for f in document["findings"]] == ["TL304"]
    # without --fix there is no such count
    assert "fixed" not in json.loads(check("--format", "json", "cards.txt").stdout)["summary"]


@pytest.mark.parametrize("output_format", FORMATS)
def test_fix_works_with_every_format(output_format: str) -> None:
    write("cards.txt", SAMPLE)
    result = check("--fix", "--format", output_format, "cards.txt")
    assert result.exit_code == 1
    assert Path("cards.txt").read_text(encoding="utf-8") == FIXED_SAMPLE
    assert "TL304" in result.stdout and "the dash is written" not in result.stdout


def test_statistics_after_fixing() -> None:
    write("cards.txt", SAMPLE)
    result = check("--fix", "--statistics", "cards.txt")
    assert result.stdout == "1  TL304  subtype-type-mismatch  error\n1  in all, 1 fixed\n"


# --diff
# --------------------------------------------------------------------------


DIFF = """\
--- cards.txt
+++ cards.txt
@@ -1,3 +1,3 @@
 Creature — Elf Warrior
-Creature - Elf
+Creature — Elf
 Creature — Forest
"""


def test_diff_prints_what_fix_would_do_and_changes_nothing() -> None:
    path = write("cards.txt", SAMPLE)
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    result = check("--diff", "cards.txt")
    assert (result.exit_code, result.stdout, result.stderr) == (1, DIFF, "Would fix 1 finding in 1 file.\n")
    assert path.read_text(encoding="utf-8") == SAMPLE
    assert os.stat(path).st_mtime_ns == 1_000_000_000


def test_diff_is_the_same_with_fix_too() -> None:
    path = write("cards.txt", SAMPLE)
    assert check("--diff", "--fix", "cards.txt").stdout == DIFF
    assert path.read_text(encoding="utf-8") == SAMPLE


def test_diff_without_changes_exits_by_the_findings() -> None:
    write("clean.txt", "Creature — Elf\n")
    write("wrong.txt", "Creature — Forest\n")
    write("goblim.txt", "Creature — Goblim\n")
    clean = check("--diff", "clean.txt")
    assert (clean.exit_code, clean.stdout, clean.stderr) == (0, "", "No fixes available.\n")
    assert check("--diff", "wrong.txt").exit_code == 1
    assert check("--diff", "--quiet", "wrong.txt").stderr == ""
    assert check("--diff", "goblim.txt").stdout == ""  # an unsafe fix: not without --unsafe-fixes
    unsafe = check("--diff", "--unsafe-fixes", "goblim.txt")
    assert unsafe.exit_code == 1
    assert "-Creature — Goblim\n+Creature — Goblin\n" in unsafe.stdout


def test_diff_of_several_files_keeps_their_bytes() -> None:
    write("a.txt", b"Creature - Elf\r\nLand \xe2\x80\x94 Forest")
    write("b.txt", b"Land \xe2\x80\x94 Forest\nCreat\xff\ncreature \xe2\x80\x94 Elf")
    result = run_cli(["check", "--no-config", "--diff", "a.txt", "b.txt"])
    assert result.stdout_bytes == (
        b"--- a.txt\n+++ a.txt\n@@ -1,2 +1,2 @@\n"
        b"-Creature - Elf\r\n+Creature \xe2\x80\x94 Elf\r\n Land \xe2\x80\x94 Forest\n"
        b"\\ No newline at end of file\n"
        b"--- b.txt\n+++ b.txt\n@@ -1,3 +1,3 @@\n"
        b" Land \xe2\x80\x94 Forest\n Creat\xff\n"
        b"-creature \xe2\x80\x94 Elf\n\\ No newline at end of file\n"
        b"+Creature \xe2\x80\x94 Elf\n\\ No newline at end of file\n"
    )
    assert result.exit_code == 2  # b.txt has a line that is not UTF-8 (TL902)
    assert result.stderr == "Would fix 2 findings in 2 files.\n"


# Standard input
# --------------------------------------------------------------------------


def test_fix_on_standard_input_prints_the_fixed_text_and_reports_on_stderr() -> None:
    result = check("--fix", "--format", "concise", "-", stdin=SAMPLE.encode())
    assert result.exit_code == 1
    assert result.stdout == FIXED_SAMPLE
    assert result.stderr == REMAINING.replace("cards.txt", "-") + (
        "Fixed 1 finding in 1 file.\nFound 1 error in 3 type lines in 1 file.\n"
        "1 left: it has no automatic fix.\n"
    )


def test_fix_on_standard_input_without_paths() -> None:
    result = check("--fix", stdin=b"Creature - Elf")
    assert (result.exit_code, result.stdout) == (0, "Creature — Elf")


def test_standard_input_with_nothing_to_fix_comes_back_whole() -> None:
    data = b"\xef\xbb\xbfCreature \xe2\x80\x94 Forest\r\nCreat\xff\n\x00"
    result = run_cli(["check", "--no-config", "--fix", "-"], stdin=data)
    assert result.stdout_bytes == data
    assert result.exit_code == 2


def test_json_report_of_standard_input_goes_to_stderr() -> None:
    result = check("--fix", "--format", "json", stdin=SAMPLE.encode())
    assert result.stdout == FIXED_SAMPLE
    assert json.loads(result.stderr)["summary"]["fixed"] == 1


def test_diff_on_standard_input() -> None:
    result = check("--diff", "-", stdin=SAMPLE.encode())
    assert result.exit_code == 1
    assert result.stdout == DIFF.replace("cards.txt", "-")


def test_fix_on_standard_input_and_files() -> None:
    path = write("cards.txt", "Creature - Elf\n")
    result = check("--fix", "--format", "concise", "cards.txt", "-", stdin=b"creature \xe2\x80\x94 Elf\n")
    assert result.stdout == "Creature — Elf\n"
    assert path.read_text(encoding="utf-8") == "Creature — Elf\n"
    assert result.stderr == "Fixed 2 findings in 2 files.\nNo problems in 2 type lines in 2 files.\n"


# A file that changes while it is fixed; a file that can't be written
# --------------------------------------------------------------------------


def changing_file_during_fixing(monkeypatch: pytest.MonkeyPatch, path: Path, text: str) -> None:
    """Have another writer put `text` in `path` while the fixes are being worked out."""
    fix_text = fixtext.fix_text

    def meddling(data: bytes, fixer: fixtext.LineFixer) -> fixtext.FileFix:
        done = fix_text(data, fixer)
        path.write_text(text, encoding="utf-8")
        return done

    monkeypatch.setattr(fixing, "fix_text", meddling)  # where the fixer looks it up


@pytest.mark.parametrize("same_size", [False, True])
def test_a_file_changed_on_disk_is_not_overwritten(monkeypatch: pytest.MonkeyPatch, same_size: bool) -> None:
    path = write("cards.txt", SAMPLE)
    theirs = SAMPLE.replace("Warrior", "Warlock") if same_size else "Creature — Elf\n"
    stamp = os.stat(path)
    changing_file_during_fixing(monkeypatch, path, theirs)
    if same_size:  # the same size and time: only the contents tell
        os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
        real = fixing.fix_text

        def keep_time(data: bytes, fixer: fixtext.LineFixer) -> fixtext.FileFix:
            done = real(data, fixer)
            os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
            return done

        monkeypatch.setattr(fixing, "fix_text", keep_time)
    result = check("--fix", "--format", "concise", "cards.txt")
    assert path.read_text(encoding="utf-8") == theirs
    assert result.exit_code == 2
    assert result.stdout.splitlines()[0] == (
        "cards.txt:1:1: TL908 [error] cards.txt changed on disk while it was being fixed; it was not written"
    )
    assert "Fixed" not in result.stdout and temporaries() == []


def test_a_file_that_cannot_be_written_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    path = write("cards.txt", SAMPLE)

    def refuse(source: str, target: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(fixwriting.os, "replace", refuse)  # the same os module write_atomic uses
    result = check("--fix", "--format", "concise", "cards.txt")
    assert result.exit_code == 2
    assert path.read_text(encoding="utf-8") == SAMPLE
    assert result.stdout.splitlines()[0].startswith("cards.txt:1:1: TL909 [error] ")
    assert "Permission denied" in result.stdout
    assert temporaries() == []


# The fixable codes are documented
# --------------------------------------------------------------------------


def fixes_of_examples(code: str) -> set[str]:
    from mtg_typeline.checks import find_check

    check_ = find_check(code)
    assert check_ is not None
    found = [f for label, line in check_.examples() if label == code for f in CHECKER.check(expand(line))]
    return {f.fix.applicability for f in found if f.code == code and f.fix}


def expand(line: str) -> str:
    return line.replace("${SPACE}", " ").replace("${TAB}", "\t")


def test_the_declared_fix_of_each_check_is_what_its_examples_carry() -> None:
    from mtg_typeline.checks import CHECKS

    for check_ in CHECKS:
        if check_.scope == "input":
            continue
        carried = fixes_of_examples(check_.code)
        assert carried == ({check_.fix} if check_.fix else set()), check_.code


def test_codes_json_says_which_codes_are_fixable() -> None:
    infos = {i["code"]: i["fix"] for i in json.loads(run_cli(["codes", "--format", "json"]).stdout)}
    assert infos["TL101"] == "safe"
    assert infos["TL302"] == "unsafe"
    assert infos["TL304"] is None
    assert infos["TL904"] == "safe"
    explained = run_cli(["explain", "TL202"]).stdout
    assert "Fix: safe; `typeline check --fix` applies it." in explained


def test_help_lists_the_fix_options() -> None:
    shown = run_cli(["check", "--help"]).stdout
    for option in ("--fix / --no-fix", "--unsafe-fixes / --no-unsafe-fixes", "--diff"):
        assert option in shown


def lines_of(result: Result) -> Sequence[str]:
    return result.stdout.splitlines()


def test_lines_ended_by_a_bare_cr_are_fixed_and_keep_their_ends(tmp_path: Path) -> None:
    path = tmp_path / "cr.txt"
    original = b"creature - elf\rartifact -- equipment\r\nCreature - Goblin\n"
    path.write_bytes(original)
    run_cli(["check", "--fix", str(path)])
    assert path.read_bytes() == "Creature — Elf\rArtifact — Equipment\r\nCreature — Goblin\n".encode()
