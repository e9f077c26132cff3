"""One big text file checked in parts by several processes (engine/split.py): the output is
the serial run's, byte for byte, wherever the cuts fall, and whatever a part can't tell alone
(a NUL byte, bytes that are not UTF-8, a process that dies) sends the file back to one
process. The size a file needs to be split is made small here, so small files are cut."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_typeline.engine import split

pytestmark = [
    pytest.mark.usefixtures("in_tmp"),
    pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="parts are forked: POSIX only"),
]

LINES = [
    "Creature — Goblin Wizard",
    "Legendary Creature — Elf Druid",
    "Creature — Goblinn",  # a misspelling: a suggestion
    "Creature — Forest",  # a land type on a creature
    "creature — goblin",  # case
    "Instant",
    "",
    "   ",
    "Land Creature — Forest Dryad",
    "Creature — Elf  # typeline: ignore",
    "Creature — Dog  # typeline: ignore[TL302]",  # a suppression that silences nothing: TL904
    "# a comment",
    "Artifact — Equipmint",
    "Creature — Hound",  # renamed: a safe fix
]


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """Files of any size split; what each split check came to, in order."""
    monkeypatch.setattr(split, "MIN_BYTES", 1)
    told: list[int | None] = []
    checked = split.check_parts

    def spy(*args: object, **kwargs: object) -> int | None:
        result = checked(*args, **kwargs)  # type: ignore[arg-type]
        told.append(result)
        return result

    monkeypatch.setattr(split, "check_parts", spy)
    return told


def both(path: Path, *extra: str, env: dict[str, str | None] | None = None) -> tuple[str, str, int, int]:
    serial = run_cli(["check", "--no-config", "--format", "json", *extra, "--jobs", "1", path], env=env)
    parts = run_cli(["check", "--no-config", "--format", "json", *extra, "--jobs", "3", path], env=env)
    return serial.stdout, parts.stdout, serial.exit_code, parts.exit_code


def test_a_file_in_parts_reports_what_one_process_does(small_parts: list[int | None]) -> None:
    path = Path("lines.txt")
    path.write_bytes(("\ufeff" + "\n".join(LINES * 40) + "\n").encode("utf-8"))
    serial, parts, status, parts_status = both(path)
    assert small_parts and small_parts[-1] is not None  # it was checked in parts
    assert parts == serial and parts_status == status == 1
    assert '"line": 560' in serial  # (findings far down the file, placed after every part)


@pytest.mark.parametrize(
    "poison",
    [b"Creature \x00 Goblin\n", b"Creature \xff\xfe Goblin\n"],
    ids=["a NUL byte", "bytes that are not UTF-8"],
)
def test_what_a_part_cant_tell_alone_sends_the_file_to_one_process(
    small_parts: list[int | None], poison: bytes
) -> None:
    path = Path("lines.txt")
    body = ("\n".join(LINES * 20) + "\n").encode("utf-8")
    path.write_bytes(body + poison + body)
    serial, parts, status, parts_status = both(path)
    assert small_parts[-1] is None  # read serially
    assert parts == serial and parts_status == status


def test_a_process_that_dies_sends_the_file_to_one_process(small_parts: list[int | None]) -> None:
    path = Path("lines.txt")
    path.write_text("\n".join(LINES * 30) + "\n", encoding="utf-8")
    serial, parts, status, parts_status = both(path, env={split.KILL_PART: "lines.txt"})
    assert small_parts[-1] is None
    assert parts == serial and parts_status == status


def test_small_files_one_cpu_and_fixes_stay_in_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    told: list[object] = []
    monkeypatch.setattr(split, "check_parts", lambda *args: told.append(args))
    path = Path("lines.txt")
    path.write_text("\n".join(LINES * 30) + "\n", encoding="utf-8")
    run_cli(["check", "--no-config", path])  # under MIN_BYTES
    monkeypatch.setattr(split, "MIN_BYTES", 1)
    run_cli(["check", "--no-config", "--jobs", "1", path])
    run_cli(["check", "--no-config", "--diff", path])
    assert told == []
    assert not split.splittable(10 << 20, 1) and split.splittable(10 << 20, 2)


_PIECES = [*LINES, "Creature — Elf", "\r\n", "\r", "\n", "\n", "\n", " ", "—", "Goblin", "\ufeff"]


@given(st.lists(st.sampled_from(_PIECES), max_size=60).map("".join), st.integers(2, 5))
@settings(max_examples=40, deadline=None)
def test_wherever_the_cuts_fall_the_output_is_one_process_s(text: str, processes: int) -> None:
    path = Path("random.txt")
    path.write_bytes(text.encode("utf-8"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(split, "MIN_BYTES", 1)
        args = ["check", "--no-config", "--format", "json", "--input-format", "text"]
        serial = run_cli([*args, "--jobs", "1", path])
        parts = run_cli([*args, "--jobs", str(processes), path])
    assert parts.stdout == serial.stdout
    assert parts.exit_code == serial.exit_code


def test_a_fork_that_cant_be_made_sends_the_file_to_one_process(
    small_parts: list[int | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_fork() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    path = Path("lines.txt")
    path.write_text("\n".join(LINES * 30) + "\n", encoding="utf-8")
    serial = run_cli(["check", "--no-config", "--format", "json", "--jobs", "1", path])
    monkeypatch.setattr(split.os, "fork", no_fork)
    parts = run_cli(["check", "--no-config", "--format", "json", "--jobs", "3", path])
    assert small_parts[-1] is None
    assert parts.stdout == serial.stdout and parts.exit_code == serial.exit_code
