"""`typeline rules import CR.txt [-o FILE]` (`crimport.run_import`): the rule file on standard
output, or written to FILE whole or not at all (`atomicwrite.write_atomic`)."""

from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli, shared_path

from mtg_typeline import atomicwrite
from mtg_typeline.atomicwrite import OutputError, write_atomic
from mtg_typeline.crimport import run_import
from mtg_typeline.errors import RulesDataError
from mtg_typeline.ruleset import rules_dir

SHARED = pytest.mark.shared  # needs ../shared/cr
SECTION_FILE = "2026-09-25-section-205.txt"
OLD = b"the file as it was\n"


def section() -> Path:
    return shared_path("cr", SECTION_FILE)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@SHARED
def test_import_to_standard_output() -> None:
    result = run_cli(["rules", "import", str(section())])
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == (rules_dir() / "2026-09-25.yaml").read_text(encoding="utf-8")


@SHARED
def test_import_of_a_full_gzip_text_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "2026-01-16.yaml"
    result = run_cli(
        ["rules", "import", str(shared_path("cr", "archive", "2026-01-16.txt.gz")), "-o", str(out)]
    )
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    assert out.read_bytes() == (rules_dir() / "2026-01-16.yaml").read_bytes()
    assert leftovers(tmp_path) == ["2026-01-16.yaml"]


@SHARED
def test_import_replaces_a_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    out = tmp_path / "mine.yaml"
    out.write_bytes(OLD)
    out.chmod(0o640)
    assert run_import(str(section()), str(out), io.StringIO()) == 0
    assert out.read_bytes() == (rules_dir() / "2026-09-25.yaml").read_bytes()
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert leftovers(tmp_path) == ["mine.yaml"]


@SHARED
def test_run_import_writes_to_out_without_output() -> None:
    out = io.StringIO()
    assert run_import(str(section()), None, out) == 0
    assert out.getvalue() == (rules_dir() / "2026-09-25.yaml").read_text(encoding="utf-8")


def test_a_text_that_does_not_import_leaves_the_output_as_it_was(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("Notes on the rules, not the rules.\n", encoding="utf-8")
    out = tmp_path / "rules.yaml"
    out.write_bytes(OLD)
    result = run_cli(["rules", "import", str(text), "-o", str(out)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"typeline: error: {text}:1: no effective date: neither 'These rules are effective as of "
        "<Month D, YYYY>' nor an 'Effective date:' note\n"
    )
    assert out.read_bytes() == OLD
    assert leftovers(tmp_path) == ["notes.txt", "rules.yaml"]
    with pytest.raises(RulesDataError):
        run_import(str(text), None, io.StringIO())


def test_an_unreadable_text(tmp_path: Path) -> None:
    result = run_cli(["rules", "import", str(tmp_path / "none.txt")])
    assert (result.exit_code, result.stdout) == (2, "")
    assert (
        result.stderr
        == f"typeline: error: {tmp_path / 'none.txt'}: cannot read the CR text: No such file or directory\n"
    )


@SHARED
@pytest.mark.parametrize("where", ["missing-folder/out.yaml", "a-folder"])
def test_an_unwritable_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-folder").mkdir()
    result = run_cli(["rules", "import", str(section()), "-o", where])
    reason = "No such file or directory" if "/" in where else "Is a directory"
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"typeline: error: {where}: cannot write: {reason}\n",
    )
    assert leftovers(tmp_path) == ["a-folder"]
    assert leftovers(tmp_path / "a-folder") == []


# --------------------------------------------------------------------------
# write_atomic
# --------------------------------------------------------------------------


def test_a_new_file_gets_the_permissions_of_the_umask(tmp_path: Path) -> None:
    previous = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.yaml", b"new\n")
    finally:
        os.umask(previous)
    assert (tmp_path / "new.yaml").read_bytes() == b"new\n"
    assert stat.S_IMODE((tmp_path / "new.yaml").stat().st_mode) == 0o640


@pytest.mark.parametrize("step", ["fsync", "replace"])
def test_an_interrupt_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    target = tmp_path / "rules.yaml"
    target.write_bytes(OLD)

    def interrupt(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(atomicwrite.os, step, interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"half of a new file")
    assert target.read_bytes() == OLD
    assert leftovers(tmp_path) == ["rules.yaml"]


def test_a_failed_replace_is_an_output_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "rules.yaml"
    target.write_bytes(OLD)

    def full(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomicwrite.os, "fsync", full)
    with pytest.raises(OutputError) as caught:
        write_atomic(target, b"new")
    assert str(caught.value) == f"{target}: cannot write: No space left on device"
    assert target.read_bytes() == OLD
    assert leftovers(tmp_path) == ["rules.yaml"]


def test_a_link_is_written_through_and_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "real.yaml"
    target.write_bytes(OLD)
    target.chmod(0o640)
    link = tmp_path / "link.yaml"
    link.symlink_to("real.yaml")
    write_atomic(link, b"new\n")
    assert link.is_symlink() and os.readlink(link) == "real.yaml"
    assert target.read_bytes() == b"new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert leftovers(tmp_path) == ["link.yaml", "real.yaml"]
    dangling = tmp_path / "dangling.yaml"
    dangling.symlink_to("created.yaml")
    write_atomic(dangling, b"made\n")  # as a shell's > would: the file the link names is made
    assert dangling.is_symlink() and (tmp_path / "created.yaml").read_bytes() == b"made\n"


def test_import_through_a_link(tmp_path: Path) -> None:
    source = tmp_path / "cr.txt"
    source.write_text(
        "These rules are effective as of March 3, 2031.\n\n205. Type Line\n\n205.1. A type line shows a "
        "card type.\n\n205.2a The card types are artifact and land.\n\n205.3b Subtypes follow a long "
        "dash.\n\n205.3c Each subtype is correlated to a card type.\n\n205.3d An object can’t gain a "
        "subtype of a card type it lacks.\n\n205.3f Some are now obsolete; see Oracle.\n\n205.3g "
        "Artifacts have subtypes; these subtypes are called artifact types. The artifact types are Clue "
        "and Food.\n\n205.3i Lands have subtypes; these subtypes are called land types. The land types "
        "are Forest and Urza’s.\n\n205.4a The supertypes are basic and legendary.\n",
        encoding="utf-8",
    )
    (tmp_path / "real.yaml").write_bytes(OLD)
    (tmp_path / "link.yaml").symlink_to("real.yaml")
    result = run_cli(["rules", "import", str(source), "-o", str(tmp_path / "link.yaml")])
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    assert (tmp_path / "link.yaml").is_symlink()
    assert (tmp_path / "real.yaml").read_text(encoding="utf-8").startswith("# mtg-typeline rule file")


def test_a_fifo_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(OutputError) as caught:
        write_atomic(fifo, b"new\n")
    assert str(caught.value) == f"{fifo}: cannot write: not a regular file"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    link = tmp_path / "to-pipe.yaml"
    link.symlink_to("pipe.yaml")
    with pytest.raises(OutputError, match="not a regular file"):
        write_atomic(link, b"new\n")
    assert link.is_symlink() and stat.S_ISFIFO(os.stat(link).st_mode)
    assert leftovers(tmp_path) == ["pipe.yaml", "to-pipe.yaml"]


def test_a_precondition_still_runs_before_the_replace(tmp_path: Path) -> None:
    target = tmp_path / "rules.yaml"
    target.write_bytes(OLD)

    def changed() -> None:
        raise OutputError("changed meanwhile")

    with pytest.raises(OutputError, match="changed meanwhile"):
        write_atomic(target, b"new", changed)
    assert target.read_bytes() == OLD and leftovers(tmp_path) == ["rules.yaml"]


@SHARED
def test_import_to_an_ascii_terminal_writes_utf8() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mtg_typeline", "rules", "import", str(section())],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == (rules_dir() / "2026-09-25.yaml").read_bytes()
