"""The progress bar: only for people at a terminal, only for long runs, never in the way."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from mtg_typeline import progress
from mtg_typeline.checker import Checker
from mtg_typeline.engine.check import check_items
from mtg_typeline.ruleset import load_rules
from mtg_typeline.sources import text


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def big(tmp_path: Path) -> Path:
    path = tmp_path / "big.txt"
    path.write_bytes(b"Creature \xe2\x80\x94 Goblin\n" * (progress.MIN_BYTES // 20 + 1))
    return path


def test_a_long_text_run_at_a_terminal_gets_a_bar(big: Path) -> None:
    assert progress.wanted([str(big)], "text", Terminal()) == big.stat().st_size
    assert progress.wanted([str(big)], "concise", Terminal()) == big.stat().st_size


@pytest.mark.parametrize("fmt", ["json", "json-lines", "github", "sarif", "junit", "gitlab", "markdown"])
def test_never_in_machine_formats(big: Path, fmt: str) -> None:
    assert progress.wanted([str(big)], fmt, Terminal()) == 0


def test_never_when_standard_error_is_not_a_terminal(big: Path) -> None:
    assert progress.wanted([str(big)], "text", io.StringIO()) == 0


def test_never_for_short_runs_or_standard_input(tmp_path: Path) -> None:
    small = tmp_path / "small.txt"
    small.write_text("Creature — Goblin\n", encoding="utf-8")
    assert progress.wanted([str(small), "-", str(tmp_path / "missing.txt")], "text", Terminal()) == 0


def test_the_bar_counts_every_byte_read() -> None:
    advanced: list[int] = []
    meter = progress.Meter(advanced.append)
    meter.add(10)
    meter.add(0)  # nothing more read: nothing more counted
    meter.add(5)
    assert advanced == [10, 5]


def test_a_check_moves_the_bar_to_the_end(big: Path) -> None:
    advanced: list[int] = []
    rules = load_rules()
    meter = progress.Meter(advanced.append)
    with big.open("rb") as stream:
        items = text.read(stream, str(big), meter.add)
        lines = check_items(items, str(big), Checker(rules), lambda f: None, searched=False)
    assert lines == big.read_text(encoding="utf-8").count("\n")
    assert sum(advanced) == big.stat().st_size
    assert len(advanced) > 1  # moved while reading, not only at the end


def test_no_bar_means_no_counting() -> None:
    with progress.bar(0, Terminal()) as meter:
        assert meter is progress.NO_METER
        meter.add(10)  # (nothing to move)
