"""An Oracle file that can't be used: of neither shape (a usage error naming what was
expected), not valid JSON or cut short (TL905 at its place: the comparison can't run on part
of the cards, the rest of the run goes on), unreadable (a usage error naming it). Exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import DATA, run_cli

from mtg_typeline.oracle import reading as oracle_reading

pytestmark = pytest.mark.usefixtures("in_tmp")
ORACLE = DATA / "oracle" / "oracle-cards.json"
CARDS = json.dumps([{"name": "Bitterblossom", "type_line": "Tribal Enchantment — Faerie"}])
EXPECTED = (
    "expected Scryfall's Oracle Cards bulk file (a JSON array of card objects) or MTGJSON's "
    "AtomicCards.json (an object whose `data` maps each card name to its faces)"
)


def check(oracle: str, *more: str) -> tuple[int, str, str]:
    Path("cards.json").write_text(CARDS, encoding="utf-8")
    result = run_cli(["check", "--format", "concise", "--oracle", oracle, *more, "cards.json"])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('"cards"', "it is not a JSON array or object"),
        ("", "it is empty"),
        ("[1, 2]", "an element of its array is not a card object with a `name`"),
        ('{"meta": {}, "cards": []}', "its object has no `data` holding cards"),
        (  # an MTGJSON set file, not AtomicCards
            '{"meta": {}, "data": {"name": "Eldritch Moon", "cards": []}}',
            'the value of "name" in its `data` is not a list of faces',
        ),
        ("[]", None),
        ('[{"name": "Soldier", "layout": "token", "type_line": "Token Creature — Soldier"}]', None),
    ],
)
def test_neither_shape(text: str, why: str | None) -> None:
    Path("oracle.json").write_text(text, encoding="utf-8")
    status, out, err = check("oracle.json")
    problem = f"is not an Oracle file: {why}" if why else "holds no cards"
    assert (status, out, err) == (2, "", f"typeline: error: --oracle: oracle.json {problem}; {EXPECTED}\n")


def test_unreadable() -> None:
    status, out, err = check("missing.json")
    assert (status, out) == (2, "")
    assert err == "typeline: error: --oracle: cannot read missing.json: No such file or directory\n"


def cut(text: str, at: int) -> None:
    Path("oracle.json").write_text(text[:at], encoding="utf-8")


@pytest.mark.parametrize("chunk", [oracle_reading.CHUNK, 5])
def test_cut_short_is_tl905_at_its_place(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    monkeypatch.setattr(oracle_reading, "CHUNK", chunk)
    text = ORACLE.read_text(encoding="utf-8")
    cut(text, text.index('"Grizzly Bears"') + 5)  # in the middle of line 6
    status, out, err = check("oracle.json")
    assert status == 2 and err == ""
    lines = out.splitlines()
    assert lines[1] == (
        "oracle.json:6:28: TL905 [error] oracle.json is not a valid Oracle file: Unterminated "
        "string starting at; the Oracle check did not run"
    )
    assert lines[0].startswith("cards.json:1:42: TL202")  # the other checks ran: Tribal is Kindred now
    assert "TL910" not in out


@pytest.mark.parametrize(
    ("text", "place", "why"),
    [
        ('[{"name": "Opt", "type_line": "Instant"},,\n]', "1:42", "Expecting value"),
        (
            '[{"name": "Opt", "type_line": "Instant"}\n{"name": "Ice"}]',
            "2:1",
            "expected ',' or ']', found '{'",
        ),
        ('{"data": [{"name": "Opt", "type_line": "Instant"}]} x', "1:53", "extra data after the JSON value"),
        (
            '[{"name": "Opt", "type_line": "Instant"}',
            "1:41",
            "expected ',' or ']', found the end of the file",
        ),
        (b'[{"name": "Opt\xff", "type_line": "Instant"}]', "1:1", "not UTF-8 text (invalid start byte)"),
    ],
)
def test_not_valid_json_is_tl905_at_its_place(text: str | bytes, place: str, why: str) -> None:
    if isinstance(text, bytes):
        Path("oracle.json").write_bytes(text)
    else:
        Path("oracle.json").write_text(text, encoding="utf-8")
    status, out, _ = check("oracle.json")
    assert status == 2
    assert out.splitlines()[1] == (
        f"oracle.json:{place}: TL905 [error] oracle.json is not a valid Oracle file: {why}; "
        "the Oracle check did not run"
    )
