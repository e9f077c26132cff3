"""Inputs too large to hold, and text that is no JSON named as a card file: an input a
reader would need whole in memory that doesn't fit is reported unreadable (TL901) and the
run goes on with the others (with `--fix` too, the input left as it is); a Scryfall or
MTGJSON reader given a big file that can't start a JSON document tells so from what it
has read already, without reading the rest."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import run_cli

from mtg_typeline.engine import check as engine_check
from mtg_typeline.fix.snapshot import read_snapshot as read_snapshot_of_the_fixer
from mtg_typeline.sources.base import Entry, SourceError
from mtg_typeline.sources.json_cards.mtgjson import MTGJSON
from mtg_typeline.sources.json_cards.reader import streamed
from mtg_typeline.sources.json_cards.scryfall import SCRYFALL

pytestmark = pytest.mark.usefixtures("in_tmp")

LINES = "Creature - Elf\n" * 20_000  # (300,000 bytes)


class Bounded(io.BytesIO):
    """A stream that fails a test where more than `most` bytes of it are read."""

    def __init__(self, data: bytes, most: int) -> None:
        super().__init__(data)
        self.most = most

    def read(self, size: int | None = -1) -> bytes:
        data = super().read(size)
        assert self.tell() <= self.most, f"read {self.tell()} bytes"
        return data

    def read1(self, size: int = -1) -> bytes:
        return self.read(size)


@pytest.mark.parametrize("form", [SCRYFALL, MTGJSON])
def test_text_that_cant_start_json_is_told_from_the_head(form: object) -> None:
    stream = Bounded(LINES.encode(), most=64 << 10)
    with pytest.raises(SourceError) as caught:
        list(streamed(stream, form, "cards.json", lambda size: None, chunk=4096, whole=16 << 10))  # type: ignore[arg-type]
    assert (caught.value.line, caught.value.column) == (1, 1)
    assert "not valid JSON: Expecting value" in caught.value.message


@pytest.mark.parametrize(
    "text", [" " * 40_000 + '[{"type_line": "Creature \u2014 Elf"}]', "\n" * 40_000 + "[]"]
)
def test_white_space_before_json_is_read_past(text: str) -> None:
    stream = io.BytesIO(text.encode())
    found = list(streamed(stream, SCRYFALL, "cards.json", lambda size: None, chunk=4096, whole=16 << 10))
    assert [entry.text for entry in found if isinstance(entry, Entry)] == (
        ["Creature \u2014 Elf"] if "type_line" in text else []
    )


def test_an_input_too_large_to_hold_is_unreadable_and_the_others_are_checked(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (in_tmp / "huge.json").write_text("[]", encoding="utf-8")
    (in_tmp / "cards.txt").write_text("Creature \u2014 Forest\n", encoding="utf-8")
    real = engine_check.check_stream

    def check_stream(stream, item, *args, **kwargs):  # type: ignore[no-untyped-def]
        if item.name == "huge.json":
            raise MemoryError
        return real(stream, item, *args, **kwargs)

    monkeypatch.setattr(engine_check, "check_stream", check_stream)
    result = run_cli(["check", "--no-config", "--format", "concise", "huge.json", "cards.txt"])
    assert result.exit_code == 2
    assert result.stdout.splitlines()[:2] == [
        "cards.txt:1:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land",
        "huge.json:1:1: TL901 [error] cannot read huge.json: out of memory: it is too large to read whole "
        "in the memory there is",
    ]


def test_fix_leaves_an_input_too_large_to_hold_as_it_is(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (in_tmp / "huge.txt").write_text("Creature - Elf\n", encoding="utf-8")
    (in_tmp / "cards.txt").write_text("Creature - Elf\n", encoding="utf-8")
    real = read_snapshot_of_the_fixer

    def read_snapshot(path: str):  # type: ignore[no-untyped-def]
        if path.endswith("huge.txt"):
            raise MemoryError
        return real(path)

    monkeypatch.setattr("mtg_typeline.engine.fixing.read_snapshot", read_snapshot)
    result = run_cli(["check", "--no-config", "--fix", "--format", "concise", "huge.txt", "cards.txt"])
    assert result.exit_code == 2
    assert "huge.txt:1:1: TL901 [error] cannot read huge.txt: out of memory" in result.stdout
    assert (in_tmp / "huge.txt").read_text(encoding="utf-8") == "Creature - Elf\n"
    assert (in_tmp / "cards.txt").read_text(encoding="utf-8") == "Creature \u2014 Elf\n"


def test_memory_run_out_outside_any_input_is_said_in_a_line(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading a rule or configuration file that never ends (`--rules /dev/zero`): a line
    that says what ran out, exit status 2, no internal error."""
    (in_tmp / "cards.txt").write_text("Creature \u2014 Elf\n", encoding="utf-8")

    def run(*args: object, **kwargs: object) -> int:
        raise MemoryError

    monkeypatch.setattr("mtg_typeline.engine.run", run)
    result = run_cli(["check", "--no-config", "cards.txt"])
    assert result.exit_code == 2
    assert (
        result.stderr
        == "typeline: error: out of memory (a file too large to read whole, or one that never ends?)\n"
    )
