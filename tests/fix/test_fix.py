"""`--fix` and `--unsafe-fixes` on text files: what is fixed (selection, suppression, unsafe
fixes), what is reported afterwards, the exit status, every byte around the type lines kept,
and files that change on disk or can't be written.

The fixer on one line is in test_fix_line.py; `--diff` and standard input in
test_fix_stdin_diff.py; card data in test_fix_data.py; interrupted writes in
test_fix_interrupt.py; generated lines in test_fix_properties.py.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import Result
from conftest import run_cli, write
from helpers.checking import checker, expand
from helpers.fixing import FIXED_SAMPLE, REMAINING, SAMPLE, check, temporaries

from mtg_typeline.fix import fixing, writing
from mtg_typeline.fix.text import FileFix, LineFixer, fix_text
from mtg_typeline.reporters import FORMATS

pytestmark = pytest.mark.usefixtures("in_tmp")


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
        "(see docs/fixing.md, 'Fixing card data'); its findings stay\n"
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


# A file that changes while it is fixed; a file that can't be written
# --------------------------------------------------------------------------


def changing_file_during_fixing(monkeypatch: pytest.MonkeyPatch, path: Path, text: str) -> None:
    """Have another writer put `text` in `path` while the fixes are being worked out."""

    def meddling(data: bytes, fixer: LineFixer) -> FileFix:
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

        def keep_time(data: bytes, fixer: LineFixer) -> FileFix:
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

    monkeypatch.setattr(writing.os, "replace", refuse)  # the same os module write_atomic uses
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
    found = [f for label, line in check_.examples() if label == code for f in checker().check(expand(line))]
    return {f.fix.applicability for f in found if f.code == code and f.fix}


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
