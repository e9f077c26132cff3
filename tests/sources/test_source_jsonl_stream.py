"""JSON Lines read as a stream: a card is handed on before the lines after it are read, and
the lines read quickly are placed as the JSON card reader places them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, cast

from conftest import run_cli
from helpers.cardjson import check, found, write

from mtg_typeline.sources import SNIFF_BYTES, SourceSettings, reader_for
from mtg_typeline.sources.base import Entry

ELF = {"object": "card", "name": "Elff Lord", "type_line": "Creature — Elff"}


class _Guarded:
    """Lines of bytes that may be read only up to line `open_until`: a reader that reads
    further before handing on what it has read holds more of the input than it needs."""

    def __init__(self, lines: list[bytes], open_until: int) -> None:
        self.lines = lines
        self.open_until = open_until
        self.given = 0

    def __iter__(self) -> Iterator[bytes]:
        for line in self.lines:
            if self.given >= self.open_until:
                raise AssertionError(f"line {self.given + 1} read before the cards before it were handed on")
            self.given += 1
            yield line

    def read(self, size: int = -1) -> bytes:
        return b"".join(self)


def test_the_first_card_is_handed_on_before_the_rest_of_the_input_is_read() -> None:
    # the first line fills the head the shape is told from, so no more is needed to start
    first = json.dumps(ELF | {"oracle_text": "x" * SNIFF_BYTES}, ensure_ascii=False)
    lines = [f"{first}\n".encode(), *(f"{json.dumps(ELF, ensure_ascii=False)}\n".encode() for _ in range(50))]
    stream = _Guarded(lines, open_until=2)
    items = reader_for("jsonl", SourceSettings())(cast(BinaryIO, stream), "cards.jsonl", lambda size: None)
    entry = next(items)
    assert type(entry) is Entry
    assert entry.text == "Creature — Elff"
    assert stream.given <= 2
    stream.open_until = len(lines)
    assert sum(type(item) is Entry for item in items) == 50


def test_a_line_that_is_not_utf8_ends_the_reading_there(tmp_path: Path) -> None:
    text = json.dumps(ELF, ensure_ascii=False)
    card = text.encode()
    path = write(
        tmp_path, card + b"\n" + card.replace(b"Lord", b"L\xe9rd") + b"\n" + card + b"\n", "cards.jsonl"
    )
    status, document = check(path)
    assert status == 2
    assert [(line, start, code) for line, start, _, code, _ in found(document)] == [
        (1, text.index('Elff"') + 1, "TL302"),
        (2, text.index("Lord") + 2, "TL905"),  # the byte after the L
    ]
    assert "not UTF-8" in document["findings"][1]["message"]


def test_lone_surrogates_become_replacement_characters_as_in_json(tmp_path: Path) -> None:
    line = r'{"object": "card", "name": "D\udc00", "type_line": "Creature \ud800 Elf"}'
    _, lines = check(write(tmp_path, f"{line}\n{line}\n", "cards.jsonl"))
    _, whole = check(write(tmp_path, f"[{line}]", "cards.json"))
    expected = [(f["column"] - 1, f["code"], f["card"], f["message"]) for f in whole["findings"]]
    assert expected
    for number in (1, 2):
        on_line = [
            (f["column"], f["code"], f["card"], f["message"])
            for f in lines["findings"]
            if f["line"] == number
        ]
        assert on_line == expected
    assert {f["card"] for f in lines["findings"]} == {"D\ufffd"}


def test_quick_and_whole_readings_place_alike(tmp_path: Path) -> None:
    """A line read quickly (one card object) and the same card read whole (after it, with a
    number of more digits than `json.loads` takes, which only the JSON card reader reads)
    are placed and fixed alike."""
    faces = {
        "object": "card",
        "name": "A // B",
        "type_line": "Instnat // Sorcery",
        "card_faces": [{"name": "A", "type_line": "Instnat"}, {"name": "B", "type_line": "Sorcery"}],
    }
    line = json.dumps(faces, ensure_ascii=False)
    whole = line[:-1] + ', "number": ' + "1" * 5000 + "}"
    status, document = check(write(tmp_path, f"{line}\n{whole}\n", "cards.jsonl"))
    assert status == 1
    placed = found(document)
    assert (
        [place for place in placed if place[0] == 1]
        == [(1, *place[1:]) for place in placed if place[0] == 2]
        != []
    )
    path = write(tmp_path, f"{line}\n{whole}\n", "fixed.jsonl")
    assert run_cli(["check", "--fix", "--unsafe-fixes", str(path)]).exit_code in (0, 1)
    fixed = path.read_text(encoding="utf-8").split("\n")
    assert fixed[0] == line.replace("Instnat", "Instant") != line
    assert fixed[1] == whole.replace("Instnat", "Instant")


def test_a_line_of_two_values_is_no_line_of_json_lines(tmp_path: Path) -> None:
    """`{…},{…}` on one line is not JSON Lines (json.loads says "Extra data"): one TL905 at
    the comma, not two cards; the lines after it are still read."""
    card = '{"object": "card", "name": "A", "type_line": "Creature — Elf"}'
    (tmp_path / "two.jsonl").write_text(f"{card},{card}\n{card}\n", encoding="utf-8")
    result = run_cli(["check", "--format", "json", str(tmp_path / "two.jsonl")])
    doc = json.loads(result.stdout)
    assert [(f["code"], f["line"], f["column"]) for f in doc["findings"]] == [("TL905", 1, len(card) + 1)]
    assert doc["summary"]["type_lines"] == 1


def test_a_file_of_log_lines_is_told_from_its_first_lines(tmp_path: Path) -> None:
    """Lines with no card before the first card are held (each is a TL905 once a card comes),
    but not without end: a long log kept as JSON Lines is no card data after its first
    thousand lines, whatever follows."""
    log = "".join(f'{{"level": "info", "msg": "line {n}"}}\n' for n in range(1500))
    (tmp_path / "log.jsonl").write_text(log + '{"object": "card", "name": "A", "type_line": "Creature"}\n')
    result = run_cli(["check", "--format", "json", str(tmp_path / "log.jsonl")])
    doc = json.loads(result.stdout)
    assert result.exit_code == 2
    assert [f["code"] for f in doc["findings"]] == ["TL905"] and "no line holds a card" in doc["findings"][0][
        "message"
    ]


def test_bytes_that_are_not_utf8_are_placed_on_their_line_after_a_lone_cr(tmp_path: Path) -> None:
    """A lone CR ends a line, as everywhere else: the bad byte's line and column count it."""
    card = '{"object": "card", "name": "%s", "type_line": "Creature%s"}'
    data = (card % ("B", "")).encode() + b"\r" + (card % ("C", "")).encode() + b"\n"
    data += (card % ("D", "\r\xff")).encode("latin-1") + b"\n"
    (tmp_path / "cr.jsonl").write_bytes(data)
    doc = json.loads(run_cli(["check", "--format", "json", str(tmp_path / "cr.jsonl")]).stdout)
    assert [(f["code"], f["line"], f["column"]) for f in doc["findings"]] == [("TL905", 4, 1)]
