"""Big Scryfall and MTGJSON files read as a stream: the same entries, places, rewrites and
errors as the file parsed whole, however the file falls into read windows (each case is read
in windows of a few characters, so that every card, string and escape is cut somewhere), and
a big file is not held whole.

The whole reading is that of a file in memory (`--fix` reads files so); the streamed one is
`reader.streamed` with no size under which a file is parsed whole.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli
from helpers.cardjson import mtg_card

from mtg_typeline.sources import SourceSettings
from mtg_typeline.sources.base import Entry, Passed, SourceError, resolve
from mtg_typeline.sources.json_cards import reader
from mtg_typeline.sources.json_cards.mtgjson import MTGJSON
from mtg_typeline.sources.json_cards.scryfall import SCRYFALL
from mtg_typeline.sources.json_cards.shapes import Format

BAD = "Creature \u2014 Elff"
FORMS = {"scryfall": SCRYFALL, "mtgjson": MTGJSON}


def outcome(items: Any) -> list[Any]:
    """What a reading gives, each entry placed and rewritten as the engine asks at once, and
    the error that ends it (its kind, message and place)."""
    got: list[Any] = []
    try:
        for item in items:
            if isinstance(item, Passed):
                got.append(("passed", item.card, item.kind, item.why, item.where()))
                continue
            assert isinstance(item, Entry)
            region = tuple(resolve(item.locate).region(0, len(item.text)))
            fixed = item.rewrite(item.text.replace("Elff", "Elf")) if item.rewrite else None
            got.append(("entry", item.text, item.card, item.notes, region, fixed))
    except SourceError as exc:
        got.append((type(exc).__name__, exc.message, exc.line, exc.column))
    return got


def whole(data: bytes, fmt: str) -> list[Any]:
    return outcome(reader.make_reader(fmt, SourceSettings())(io.BytesIO(data), "big.json", lambda size: None))


def streamed(data: bytes, fmt: str, chunk: int, stream: Any = None) -> list[Any]:
    given = stream if stream is not None else io.BufferedReader(io.BytesIO(data))  # type: ignore[arg-type]
    form: Format = FORMS[fmt]
    return outcome(reader.streamed(given, form, "big.json", lambda size: None, chunk, 0))


def assert_same(text: str | bytes, fmt: str, chunks: tuple[int, ...] = (1, 3, 7, 64, 1 << 20)) -> list[Any]:
    data = text.encode("utf-8") if isinstance(text, str) else text
    expected = whole(data, fmt)
    for chunk in chunks:
        assert streamed(data, fmt, chunk) == expected, chunk
    return expected


def scry(name: str, type_line: str = BAD, **more: Any) -> dict[str, Any]:
    return {"object": "card", "name": name, "type_line": type_line, **more}


TRICKY = 'a ] } \\" [ { \\\\ ,: \\u00e9\\ud83d\\ude00 \\"'  # (as it is written in the file)


def bulk(cards: list[dict[str, Any]], end: str = "\n") -> str:
    return "[" + end + ("," + end).join(json.dumps(c, ensure_ascii=False) for c in cards) + end + "]" + end


def test_scryfall_bulk_with_brackets_braces_and_escaped_quotes_in_strings() -> None:
    text = bulk([scry("A", oracle_text="x"), scry("B", type_line="Instant"), scry("C", type_line=BAD)])
    text = text.replace('"oracle_text": "x"', f'"oracle_text": "{TRICKY}", "flavor": "]}}"')
    got = assert_same(text, "scryfall")
    assert [g[1] for g in got if g[0] == "entry"] == [BAD, "Instant", BAD]


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r", "", "\n\n  "])
def test_line_ends_and_white_space_between_cards(end: str) -> None:
    faced = scry("D // E", "Creature \u2014 Elff // Instant", card_faces=[scry("D"), scry("E", "Instant")])
    assert_same(bulk([scry("A"), faced, scry("F\u00e9", "Sorcery")], end), "scryfall")
    assert_same(json.dumps([scry("A"), faced], indent=4).replace("\n", end), "scryfall")


def test_deep_nesting_inside_a_card_and_escaped_keys() -> None:
    deep: Any = "leaf"
    for _ in range(60):
        deep = [{"k": deep}]
    card = json.dumps(scry("A", extra=deep)).replace('"type_line"', '"type_\\u006cine"')
    assert_same(f"[{card}, {json.dumps(scry('B'))}]", "scryfall")


def test_a_card_far_longer_than_a_read_window() -> None:
    long = scry("A", oracle_text="{T}: Add {G}. " * 5000)
    assert_same(bulk([scry("Z", "Instant"), long, scry("B")]), "scryfall", (1000, 4096))


def all_printings() -> str:
    def card(name: str, line: str, **more: Any) -> dict[str, Any]:
        foreign = [{"language": "German", "type": "Kreatur \u2014 Elf"}]
        return mtg_card(line, name=name, foreignData=foreign, **more)

    sets = {
        "AAA": {
            "baseSetSize": 2,
            "booster": {"default": {"cards": [{"type": "Creature"}], "sheets": {"x": {"type": BAD}}}},
            "cards": [card("A", BAD), card("B", "Instant", text=TRICKY)],
            "code": "AAA",
            "tokens": [card("T", "Token Creature \u2014 Elff")],
            "type": "expansion",
        },
        "BBB": {"cards": [], "tokens": [card("C", BAD)], "name": "Bé", "type": "core"},
        "CCC": {"baseSetSize": 0, "cards": [], "code": "CCC"},
    }
    return json.dumps({"meta": {"version": "5"}, "data": sets}, ensure_ascii=False)


def test_mtgjson_all_printings_atomic_and_set_files_and_tokens() -> None:
    text = all_printings().replace(json.dumps(TRICKY), f'"{TRICKY}"')
    got = assert_same(text, "mtgjson")
    assert [g[2] for g in got if g[0] == "entry"] == ["A", "B", "T", "C"]
    assert_same(json.dumps(json.loads(text), indent=2), "mtgjson")
    atomic = {"meta": {}, "data": {"Elff Lord": [mtg_card(BAD)], "Bolt": [mtg_card("Instant", name="Bolt")]}}
    assert_same(json.dumps(atomic), "mtgjson")
    one_set = {"meta": {}, "data": {"baseSetSize": 1, "cards": [mtg_card(BAD)], "tokens": [mtg_card(BAD)]}}
    assert_same(json.dumps(one_set), "mtgjson")
    assert_same(json.dumps(one_set["data"]), "mtgjson")  # a bare set
    assert_same(json.dumps([mtg_card(BAD), mtg_card("Instant")]), "mtgjson")  # a list of cards
    identifiers = {"meta": {}, "data": {"u1": mtg_card(BAD), "u2": mtg_card("Instant", uuid="u2")}}
    assert_same(json.dumps(identifiers), "mtgjson")


def test_objects_passed_over_and_cards_without_type_lines() -> None:
    cards = [scry("A"), {"object": "card", "name": "N"}, scry("Art", "Card", layout="art_series"), scry("B")]
    assert_same(bulk(cards), "scryfall")
    mtgjson = [mtg_card(BAD), {"name": "X", "uuid": "1"}, mtg_card("Card", name="Y")]
    assert_same(json.dumps(mtgjson), "mtgjson")


def test_bom_lone_surrogates_and_long_numbers() -> None:
    surrogate = bulk([scry("A"), scry("B"), scry("C")]).replace('"B"', '"B\\ud800"')
    assert_same(b"\xef\xbb\xbf" + surrogate.encode(), "scryfall")
    digits = bulk([scry("A"), scry("B")]).replace('"name": "B"', '"name": "B", "n": ' + "9" * 5000)
    assert_same(digits, "scryfall", (7, 4096))


def test_files_that_hold_no_card_data() -> None:
    assert_same(" " * 50, "scryfall")
    assert_same("[]", "scryfall")
    assert_same('[{"object": "set"}, {"a": 1}]', "scryfall")
    assert_same('{"meta": {"object": "list"}, "data": {"x": 1}}', "mtgjson")
    assert_same('{"meta": {}, "data": 5}', "mtgjson")
    assert_same('{"meta": {}, "data": {"AAA": {"cards": [{"name": "x"}]}}}', "mtgjson")
    assert_same(f"[{json.dumps(scry('A'))}, 5]", "scryfall")  # not a card object: at its place


@pytest.mark.parametrize(
    "broken",
    [
        '[{"type_line": "Instant"},]',
        '[{"type_line": "Instant"} {"type_line": "Instant"}]',
        '[{"type_line": "Instant"}].5',
        '[{"type_line": "Instant"}] x',
        '[{"type_line": "Instant", }]',
        '[{"type_line" "Instant"}]',
        '{"meta": {}, "data": {"A": {"cards": [] "tokens": []}}}',
        '{"meta": {}, "data": {"A": {"cards": [], tokens: []}}}',
        '{"meta": {}, "data": {"A": {"cards": [{"type": "Instant", "types": ["Instant"]}]}},}',
        '{"meta": {}, "data" {"A": {}}}',
        '[{"type_line": "Instant\n"}]',
        '[{"type_line": "Inst\\xnt"}]',
        '[{"type_line": "Instant", "n": 12e}]',
        '[{"type_line": "Instant", "n": tru}]',
        "[" + "[" * 100_000 + "]" * 100_000 + "]",
    ],
)
def test_malformed_json_is_one_error_at_the_place_json_gives(broken: str) -> None:
    fmt = "mtgjson" if broken.startswith("{") else "scryfall"
    expected = whole(broken.encode(), fmt)
    assert expected[-1][0] in ("SourceError", "NotCardData")
    for chunk in (1, 5, 64):
        assert streamed(broken.encode(), fmt, chunk)[-1] == expected[-1]


def test_a_truncated_file_is_an_error_at_the_same_place_wherever_it_is_cut() -> None:
    data = (bulk([scry("A", oracle_text=TRICKY), scry("B\u00e9", "Instant")], "\r\n")).encode()
    for cut in range(1, len(data) - 3):
        expected = whole(data[:cut], "scryfall")
        assert streamed(data[:cut], "scryfall", 7)[-1] == expected[-1], cut


def test_bytes_that_are_not_utf8_are_an_error_at_their_place() -> None:
    data = bulk([scry("A"), scry("B\u00e9")], "\n").encode()
    for at in (5, data.index("\u00e9".encode()) + 1, len(data) - 3):
        broken = data[:at] + b"\xff" + data[at:]
        expected = whole(broken, "scryfall")
        assert expected[-1][0] == "SourceError"
        for chunk in (1, 2, 5, 64):
            assert streamed(broken, "scryfall", chunk)[-1] == expected[-1]


@pytest.mark.parametrize("whole_chars", [0, 1 << 20])
def test_the_cards_before_bytes_that_are_not_utf8_are_checked(whole_chars: int) -> None:
    """However far the first reading reaches (up to the size under which a file is parsed
    whole, 1 MiB here, past the bad byte), the cards before the byte are read."""
    data = bulk([scry("A"), scry("B", "Instant"), scry("C\u00e9")], "\n").encode()
    at = data.index("\u00e9".encode())
    broken = data[:at] + b"\xff" + data[at:]
    for chunk in (1, 7, 64, 1 << 20):
        stream = io.BufferedReader(io.BytesIO(broken))  # type: ignore[arg-type]
        got = outcome(reader.streamed(stream, SCRYFALL, "big.json", lambda size: None, chunk, whole_chars))
        assert [g[1] for g in got if g[0] == "entry"] == [BAD, "Instant"], chunk
        assert (
            got[-1]
            == whole(broken, "scryfall")[-1]
            == ("SourceError", "big.json is not UTF-8 text (byte 0xff)", 4, 30)
        )


class _Pipe(io.RawIOBase):
    """Standard input: not seekable, giving a few bytes a read."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        piece = self.data[self.at : self.at + 3]
        buffer[: len(piece)] = piece
        self.at += len(piece)
        return len(piece)


def test_a_stream_that_is_not_seekable() -> None:
    data = all_printings().encode()
    assert streamed(data, "mtgjson", 64, _Pipe(data)) == whole(data, "mtgjson")


def test_a_big_file_is_not_read_whole_before_its_first_card() -> None:
    first = json.dumps(scry("A"))
    data = ("[" + first + ",\n" + ",\n".join([json.dumps(scry("B", "Instant"))] * 200_000) + "]").encode()
    assert len(data) > 2 * reader.WHOLE_CHARS
    stream = io.BufferedReader(io.BytesIO(data))  # type: ignore[arg-type]
    items = reader.make_reader("scryfall", SourceSettings())(stream, "big.json", lambda size: None)
    assert next(iter(items)).card == "A"  # type: ignore[union-attr]
    assert stream.tell() < len(data) // 2


@pytest.mark.parametrize("fmt", ["scryfall", "mtgjson"])
def test_the_command_gives_the_same_output_streamed_from_a_file_and_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    text = bulk([scry("A"), scry("B", "Instant"), scry("C")]) if fmt == "scryfall" else all_printings()
    path = tmp_path / "cards.json"
    path.write_text(text, encoding="utf-8")
    args = ["check", "--format", "json", "--input-format", fmt]
    parsed = run_cli([*args, path])
    monkeypatch.setattr(reader, "WHOLE_CHARS", 0)
    assert run_cli([*args, path]).output == parsed.output
    assert run_cli([*args, "-"], stdin=text.encode()).output == parsed.output.replace(str(path), "-")
    assert parsed.exit_code == 1


def test_entries_placed_and_rewritten_after_the_window_has_moved_on() -> None:
    data = bulk([scry("A"), scry("B\u00e9", "Instant"), scry("C", oracle_text="x" * 100)], "\r\n").encode()
    form: Format = SCRYFALL
    items = list(reader.streamed(io.BytesIO(data), form, "big.json", lambda size: None, 5, 0))
    assert outcome(items) == whole(data, "scryfall")
