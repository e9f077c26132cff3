"""One big text or JSON Lines file checked in parts by several processes (engine/split.py):
the output is the serial run's, byte for byte, wherever the cuts fall, and whatever a part
can't tell alone (a NUL byte, bytes that are not UTF-8, a JSON Lines file whose first part
holds no card, a process that dies) sends the file back to one process. The size a file
needs to be split is made small here, so small files are cut."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_typeline.engine import split
from mtg_typeline.engine.pool import most_processes
from mtg_typeline.findings import Finding, Fix, Severity, Span
from mtg_typeline.sources.base import Edit, Passed

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


def test_the_head_of_the_file_is_checked_before_the_forks_are_made(
    small_parts: list[int | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a check builds on meeting its first findings is built once, before the forks:
    the head's lines are checked first, in the run's process, and what they find is dropped
    (the report is the serial run's: no finding twice)."""
    events: list[tuple[str, int]] = []
    warm, fork = split._warm, split._fork
    monkeypatch.setattr(split, "_warm", lambda *args: events.append(("warm", args[2])) or warm(*args))
    monkeypatch.setattr(split, "_fork", lambda *args: events.append(("fork", args[2])) or fork(*args))
    monkeypatch.setattr(split, "_WARM_BYTES", 200)
    path = Path("lines.txt")
    path.write_text("\n".join(LINES * 40) + "\n", encoding="utf-8")
    serial, parts, status, parts_status = both(path)
    assert small_parts[-1] is not None and parts == serial and parts_status == status == 1
    assert [kind for kind, _ in events] == ["warm", "fork", "fork"]
    assert events[0][1] == events[1][1]  # (the head, up to the first fork's part)


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
    in_parts_as_in_one(Path("random.txt"), text, "text", processes)


def in_parts_as_in_one(path: Path, text: str, fmt: str, processes: int) -> None:
    """`text` checked as `fmt` in parts (wherever they fall) and in one process: the same."""
    path.write_bytes(text.encode("utf-8"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(split, "MIN_BYTES", 1)
        args = ["check", "--no-config", "--format", "json", "--verbose", "--input-format", fmt]
        serial = run_cli([*args, "--jobs", "1", path])
        parts = run_cli([*args, "--jobs", str(processes), path])
    assert (parts.stdout, parts.stderr, parts.exit_code) == (serial.stdout, serial.stderr, serial.exit_code)


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


def _card(name: str, type_line: str, **more: str) -> str:
    return json.dumps({"object": "card", "name": name, "type_line": type_line, **more}, ensure_ascii=False)


JSONL_LINES = [
    _card("Elff Lord", "Creature — Elff"),  # a misspelling: a guess, an unsafe fix
    _card("Hound of Old", "Creature — Hound"),  # renamed: a safe fix, its edit of the line
    _card("Grove", "Land Creature — Forest Dryad"),
    _card("Mirror Art Card", "Card", layout="art_series"),  # passed over, placed
    '{"object": "card", "name": "Unprinted", "layout": "normal"}',  # no type line
    "[1, 2]",  # not a card: TL905
    "",
    "   ",
    '  {"object": "card", "name": "Spaced", "type_line": "creature — goblin"}  ',  # read whole
    _card("Bolt", "Instant"),
]


def both_verbose(path: Path) -> tuple[tuple[str, str, int], tuple[str, str, int]]:
    """The output, the messages and the status of a serial and a parted run, with `--verbose`
    (which lists the objects passed over, placed)."""
    args = ["check", "--no-config", "--format", "json", "--verbose"]
    serial = run_cli([*args, "--jobs", "1", path])
    parts = run_cli([*args, "--jobs", "3", path])
    return (serial.stdout, serial.stderr, serial.exit_code), (parts.stdout, parts.stderr, parts.exit_code)


@pytest.mark.parametrize("end", ["\n", "\r\n"], ids=["LF", "CRLF"])
def test_json_lines_in_parts_report_what_one_process_does(small_parts: list[int | None], end: str) -> None:
    path = Path("cards.jsonl")
    path.write_bytes(("\ufeff" + end.join(JSONL_LINES * 30) + end).encode("utf-8"))
    serial, parts = both_verbose(path)
    assert small_parts and small_parts[-1] is not None  # it was checked in parts
    assert parts == serial and serial[2] == 2  # (the lines that are no cards: TL905)
    assert '"line": 291' in serial[0]  # (findings far down the file, placed after every part)
    assert "Mirror Art Card" in serial[1]


def _text_around(poison: bytes) -> bytes:
    body = ("\n".join(LINES * 20) + "\n").encode("utf-8")
    return body + poison + body


def _cards_after(before: bytes, between: bytes = b"") -> bytes:
    cards = ("\n".join(JSONL_LINES * 10) + "\n").encode("utf-8")
    return before + cards + between + cards


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("lines.txt", _text_around(b"Creature \x00 Goblin\n")),
        ("lines.txt", _text_around(b"Creature \xff\xfe Goblin\n")),
        ("cards.jsonl", _cards_after(b'{"event": "start"}\n' * 400)),
        (
            "cards.jsonl",
            _cards_after(b"", b'{"object": "card", "name": "Bad \xff", "type_line": "Instant"}\n'),
        ),
    ],
    ids=[
        "a NUL byte",
        "bytes that are not UTF-8",
        "JSON Lines: a first part with no card",
        "JSON Lines: not UTF-8",
    ],
)
def test_what_a_part_cant_tell_alone_sends_the_file_to_one_process(
    small_parts: list[int | None], name: str, content: bytes
) -> None:
    path = Path(name)
    path.write_bytes(content)
    serial, parts = both_verbose(path)
    assert small_parts[-1] is None  # read serially
    assert parts == serial


_JSONL_PIECES = [*JSONL_LINES, "\n", "\n", "\r\n", "\r", "\ufeff", '{"event": 1}', "{"]


@given(st.lists(st.sampled_from(_JSONL_PIECES), max_size=40).map("".join), st.integers(2, 5))
@settings(max_examples=30, deadline=None)
def test_json_lines_wherever_the_cuts_fall_the_output_is_one_process_s(text: str, processes: int) -> None:
    in_parts_as_in_one(Path("random.jsonl"), text, "jsonl", processes)


def test_a_moved_finding_keeps_its_fix_s_edit_on_its_line() -> None:
    edit = Edit(3, 20, 3, 24, "Dog")
    fix = Fix(Span(11, 16), "Dog", "safe", (edit, edit._replace(line=4, end_line=5)))
    finding = Finding("TL303", "obsolete-subtype", Severity.ERROR, "m", (), "Creature — Hound", 20, 25)
    finding = finding._replace(fix=fix, path="a.jsonl", line=3, span=Span(11, 16), end_line=4)
    moved = split._moved(finding, 10)
    assert isinstance(moved, Finding)
    assert (moved.line, moved.end_line, moved.span) == (13, 14, Span(11, 16))
    assert moved.fix is not None and moved.fix.edit == (
        Edit(13, 20, 13, 24, "Dog"),
        Edit(14, 20, 15, 24, "Dog"),
    )
    assert split._moved(Passed("X", (2, 5)), 10) == Passed("X", (12, 5))
    assert split._moved(Passed("X", (0, 0)), 10) == Passed("X", (0, 0))  # (not listed: no place)


def _crossing(found: list[Finding | Passed], listed: bool) -> split.Crossed:
    """`found`, a part's findings, as they cross to the run's process, reported one by one."""
    crossing = split._Crossing("", listed)
    for thing in found:
        crossing(thing)
    return crossing.crossed()


def test_a_finding_that_crossed_from_a_fork_is_placed_as_a_moved_one() -> None:
    plain = Finding("TL302", "unknown-subtype", Severity.ERROR, "m", ("205.3",), "Creature — Goblim", 12, 18)
    plain = plain._replace(fix=Fix(Span(11, 17), "Goblin", "unsafe"), path="a.txt", line=7)
    edited = plain._replace(fix=Fix(Span(11, 17), "Goblin", "unsafe", Edit(7, 20, 7, 26, "Goblin")))
    found: list[Finding | Passed] = [
        plain,
        plain._replace(line=9),  # (the same body at another place: it crosses once)
        plain._replace(end_line=9, span=Span(11, 17)),
        Passed("X", (8, 2)),
        edited,
        plain._replace(line=12, card="Goblin Guide"),
    ]
    crossed = _crossing(found, listed=True)
    assert len(crossed[0]) == 2  # (the bodies of the plain findings: with no card, and with one)
    arrived = list(split._arrivals(crossed, 100))
    assert arrived == [split._moved(thing, 100) for thing in found]
    assert [type(thing) for thing in arrived] == [type(thing) for thing in found]
    assert [thing.line for thing in arrived if isinstance(thing, Finding)] == [107, 109, 107, 107, 112]
    for thing in arrived:  # (the records in them too: a severity is equal to its text)
        if isinstance(thing, Finding):
            assert type(thing.severity) is Severity
            assert thing.fix is not None and type(thing.fix) is Fix and type(thing.fix.span) is Span
            assert thing.span is None or type(thing.span) is Span


def test_a_huge_number_of_jobs_cuts_a_file_in_no_more_parts_than_a_run_may_have(
    small_parts: list[int | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--jobs 1000000000000` on a big file: cut in `pool.most_processes` parts at most (not
    at every line, after a trillion tries), with one process's output."""
    path = Path("lines.txt")
    path.write_text("\n".join(LINES * 40) + "\n", encoding="utf-8")
    cut: list[int] = []
    cuts = split._cuts

    def counted(path: str, size: int, processes: int) -> list[int] | None:
        cut.append(processes)
        return cuts(path, size, processes) if processes <= most_processes() else None  # (else: no end)

    monkeypatch.setattr(split, "_cuts", counted)
    serial = run_cli(["check", "--no-config", "--format", "json", "--jobs", "1", path])
    parts = run_cli(["check", "--no-config", "--format", "json", "--jobs", str(10**12), path])
    assert cut == [most_processes()] and small_parts[-1] is not None
    assert (parts.exit_code, parts.stdout) == (serial.exit_code, serial.stdout)


def test_a_checkers_finding_placed_as_it_crosses_is_the_finding_placed_whole() -> None:
    """A line of a batch reports the checker's findings for it by `at`: what crosses is what
    crosses of each finding placed whole, the same finding met again at another line (a
    repeated line) crossing as its body's number, a finding with an edit or of another file
    placed whole each time."""
    finding = Finding(
        "TL302", "unknown-subtype", Severity.ERROR, "m", ("205.3",), "Creature — Goblim", 12, 18
    )
    fixed = finding._replace(fix=Fix(Span(11, 17), "Goblin", "unsafe"))
    equal = Finding(*finding)  # (equal to `finding`, another object)
    edited = finding._replace(fix=Fix(Span(11, 17), "Goblin", "unsafe", Edit(1, 1, 1, 2, "x")))
    path, other = "a.txt", "b.txt"
    placings = [
        (finding, path, 3), (fixed, path, 3), (finding, path, 8), (equal, path, 9), (fixed, path, 12),
        (edited, path, 13), (edited, path, 14), (finding, other, 15), (finding, path, 16),
    ]  # fmt: skip
    crossing = split._Crossing(path, listed=False)
    for placed, where, line in placings:
        crossing.at(placed, where, line)
    whole = [placed.at(where, line) for placed, where, line in placings]
    assert crossing.crossed() == _crossing(whole, listed=False)  # type: ignore[arg-type]
    assert len(crossing.crossed()[0]) == 3  # (bodies: the finding, the fixed one, the other file's)
    assert list(split._arrivals(crossing.crossed(), 100)) == [split._moved(thing, 100) for thing in whole]


def test_what_a_fork_found_crosses_whole_either_way() -> None:
    """A part with nothing to report, or with findings that cross as plain bodies, crosses
    in `marshal`'s form; one with objects passed over, or a finding that crosses whole, in
    `pickle`'s; both come back as they went."""
    finding = Finding(
        "TL302", "unknown-subtype", Severity.ERROR, "m", ("205.3",), "Creature — Goblim", 12, 18
    )
    fixed = finding._replace(fix=Fix(Span(11, 17), "Goblin", "unsafe"), span=Span(1, 2), card="Goblin")
    plain = _crossing([finding, fixed, finding._replace(line=3)], listed=True)
    passed = _crossing([finding, finding._replace(line=3), Passed("X", (2, 5))], listed=True)
    whole = _crossing([finding._replace(end_line=2)], listed=True)
    for part, form in (
        (([], 400, 512), b"m"),
        (None, b"m"),
        ((plain, 2, 3), b"m"),
        ((passed, 2, 3), b"p"),
        ((whole, 1, 2), b"p"),
    ):
        data = split._encoded(part)  # type: ignore[arg-type]
        assert data[:1] == form
        assert split._decoded(data) == part
