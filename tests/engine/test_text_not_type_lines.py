"""A named text input that doesn't look like type lines (a draft log, notes): one TL905 that
says so, with the counts of the whole file, instead of a finding for each of its lines;
`--input-format text` (given or configured) checks it line by line anyway."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli, write

pytestmark = pytest.mark.usefixtures("in_tmp")

NOT_TYPE_LINES = re.compile(
    r"this doesn't look like type lines: (\d+) of (\d+) lines hold no card type; "
    r".*--input-format text"
)


def draft_log() -> str:
    """A draft log as a draft client writes it: the picks of three packs, a few cards with a
    type word in their name (Artifact Mutation)."""
    lines = ["Event #: 8812345", "Time:    3/2/2024 9:14:07 PM", "Players:", "--> Ann", "    Bo", ""]
    for pack in range(1, 4):
        lines += ["------ DMU ------", ""]
        for pick in range(1, 15):
            cards = ["Lightning Bolt", "Goblin Guide", "Artifact Mutation", "Llanowar Elves"][: 1 + pick % 4]
            lines += [f"Pack {pack} pick {pick}:", *(f"    {card}" for card in cards[1:])]
            lines += [f"--> {cards[0]}", ""]
    return "\n".join(lines) + "\n"


def notes(count: int) -> str:
    """Notes on a set, `count` lines: one line in ten names a card type."""
    return "".join(
        "the Creature curve is thin here\n" if index % 10 == 0 else f"talk to Ann about pick {index}\n"
        for index in range(count)
    )


def counted(text: str) -> tuple[int, int]:
    """(lines with no type word, lines) of the texts these tests write: blank lines aside,
    the type words they use are Artifact and Creature."""
    lines = [line for line in text.splitlines() if line.strip()]
    return sum("Artifact" not in line and "Creature" not in line for line in lines), len(lines)


def report(*args: str, stdin: str | bytes | None = None) -> tuple[int, dict[str, Any]]:
    result = run_cli(["check", "--format", "json", *args], stdin)
    return result.exit_code, json.loads(result.stdout)


def codes(document: dict[str, Any]) -> list[tuple[str, int, int, str]]:
    return [(f["path"], f["line"], f["column"], f["code"]) for f in document["findings"]]


@pytest.mark.parametrize("text", [draft_log(), notes(300)], ids=["draft-log", "notes"])
def test_a_named_text_file_that_holds_no_type_lines_is_one_finding(text: str) -> None:
    write("log.txt", text)
    status, document = report("log.txt")
    assert status == 2
    assert codes(document) == [("log.txt", 1, 1, "TL905")]
    found = NOT_TYPE_LINES.fullmatch(document["findings"][0]["message"])
    assert found is not None, document["findings"][0]["message"]
    assert (int(found[1]), int(found[2])) == counted(text)  # the whole file, not its first lines
    assert (document["summary"]["files"], document["summary"]["type_lines"]) == (1, 0)


def test_the_one_finding_in_the_text_output() -> None:
    write("notes.txt", notes(12))
    result = run_cli(["check", "--format", "concise", "notes.txt"])
    untyped, lines = counted(notes(12))
    assert result.stdout == (
        f"notes.txt:1:1: TL905 [error] this doesn't look like type lines: {untyped} of {lines} lines "
        "hold no card type; to check it line by line anyway, give --input-format text\n"
        "Found 1 error in 0 type lines in 1 file.\n"
    )
    assert result.exit_code == 2


def test_the_other_inputs_are_still_checked() -> None:
    write("notes.txt", notes(20))
    write("bad.txt", "Creature — Forest\n")
    status, document = report("notes.txt", "bad.txt")
    assert status == 2
    assert sorted(codes(document)) == [("bad.txt", 1, 12, "TL304"), ("notes.txt", 1, 1, "TL905")]
    assert document["summary"]["files"] == 2


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("Creature — Elf\nnot a type line\n" * 10, id="half-type-lines"),
        pytest.param(notes(200) + "Creature — Elf\n" * 400, id="type-lines-after-the-first-200"),
        pytest.param("20 Mountain\n4 Lightning Bolt\n", id="a-few-lines"),
    ],
)
def test_text_that_may_be_type_lines_is_checked_line_by_line(text: str) -> None:
    write("lines.txt", text)
    status, document = report("lines.txt")
    assert status == 1
    assert "TL905" not in {code for *_, code in codes(document)}
    assert document["summary"]["type_lines"] == len([line for line in text.splitlines() if line.strip()])


def test_input_format_text_checks_it_anyway() -> None:
    write("notes.txt", notes(30))
    status, document = report("--input-format", "text", "notes.txt")
    assert status == 1
    assert "TL905" not in {code for *_, code in codes(document)}
    assert document["summary"]["type_lines"] == 30


def test_input_format_text_from_the_configuration_of_the_file() -> None:
    write("drafts/.typeline.yaml", "input-format: text\n")
    write("drafts/log.txt", notes(30))
    write("notes.txt", notes(30))
    status, document = report("drafts/log.txt", "notes.txt")
    assert status == 2
    found = codes(document)
    assert [place for place in found if place[3] == "TL905"] == [("notes.txt", 1, 1, "TL905")]
    assert {path for path, *_ in found} == {"drafts/log.txt", "notes.txt"}


def test_a_text_file_in_another_encoding_is_counted_in_it() -> None:
    text = notes(20).replace("Ann", "Anné")
    Path("notes.txt").write_bytes(text.encode("cp1252"))
    status, document = report("--encoding", "cp1252", "notes.txt")
    assert (status, codes(document)) == (2, [("notes.txt", 1, 1, "TL905")])
    found = NOT_TYPE_LINES.fullmatch(document["findings"][0]["message"])
    assert found is not None and (int(found[1]), int(found[2])) == counted(text)


def test_skip_non_card_files_still_passes_it_over() -> None:
    write("notes.txt", notes(30))
    status, document = report("--skip-non-card-files", "notes.txt")
    assert (status, document["findings"], document["summary"]["files"]) == (0, [], 0)


def test_a_directory_search_still_passes_it_over() -> None:
    write("set/notes.txt", notes(30))
    write("set/bad.txt", "Creature — Forest\n")
    status, document = report("set")
    assert (status, codes(document)) == (1, [("set/bad.txt", 1, 12, "TL304")])
    assert document["summary"]["files"] == 1


def test_fix_leaves_it_alone_says_why_and_reports_the_one_finding() -> None:
    text = notes(30).replace("Creature curve", "Creature - Elf curve")
    write("notes.txt", text)
    result = run_cli(["check", "--fix", "--format", "concise", "notes.txt"])
    assert Path("notes.txt").read_text(encoding="utf-8") == text
    assert "typeline: warning: notes.txt: not fixed: " in result.stderr
    assert result.stdout.startswith("notes.txt:1:1: TL905 [error] this doesn't look like type lines: ")
    assert result.exit_code == 2
