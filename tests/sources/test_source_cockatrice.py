"""Cockatrice XML: the `<type>` of each `<card>` (versions 3 and 4), the card's name, exact
places through entities, CDATA and non-ASCII text, the real Cockatrice and Magic-Spoiler
files, broken and hostile XML, and streaming."""

from __future__ import annotations

import hashlib
import io
import json
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import DATA, entries_of, run_cli, shared_path
from helpers.streams import CountingStream

from mtg_typeline.checker import Checker
from mtg_typeline.ruleset import load_rules
from mtg_typeline.sources import SourceSettings, reader_for
from mtg_typeline.sources.base import Entry, SourceError, resolve
from mtg_typeline.sources.cockatrice import CHUNK
from mtg_typeline.sources.cockatrice.places import Fed

SAMPLES = DATA / "samples" / "cockatrice"
Found = tuple[str, int, int, int, str, "str | None"]


def check(args: Sequence[str]) -> tuple[int, dict[str, Any]]:
    result = run_cli(["check", "--format", "json", *args])
    return result.exit_code, json.loads(result.stdout)


def found(document: dict[str, Any]) -> list[Found]:
    return [
        (Path(f["path"]).name, f["line"], f["column"], f["end_column"], f["code"], f["card"])
        for f in document["findings"]
    ]


def entries(data: bytes, progress: list[int] | None = None) -> list[Entry]:
    read = reader_for("cockatrice", SourceSettings())
    told = progress if progress is not None else []
    return entries_of(read(io.BytesIO(data), "cards.xml", told.append))


def error_of(data: bytes) -> SourceError:
    with pytest.raises(SourceError) as raised:
        entries(data)
    return raised.value


def expected_by_lines(path: Path) -> list[Found]:
    """The findings of a real file worked out apart from the reader: its comments blanked,
    each `<type>…</type>` found on its line (they stand on one line, without references, in
    these files), the checker run on its text, columns moved to where the text starts; the
    card is the `<name>` read since the last `<card>`, without the spaces that pad it."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"<!--.*?-->", lambda m: re.sub(r"[^\n]", " ", m.group()), text, flags=re.DOTALL)
    checker = Checker(load_rules())
    result: list[Found] = []
    card: str | None = None
    for number, line in enumerate(text.split("\n"), 1):
        if "<card>" in line:
            card = None
        if name := re.search(r"<name>(.*)</name>", line):
            card = name.group(1).strip()
        if typed := re.search(r"<type>(.*)</type>", line):
            start = typed.start(1)
            for f in checker.check(typed.group(1)):
                result.append((path.name, number, start + f.column, start + f.end_column, f.code, card))
    return sorted(result, key=lambda f: (f[1], f[2], f[4]))


def kinds(document: dict[str, Any]) -> Counter[tuple[str, str]]:
    return Counter((f["code"], f["type_line"]) for f in document["findings"])


pytestmark = pytest.mark.usefixtures("in_tmp")


# The real files


def test_magic_spoiler_2019_promos_version_3() -> None:
    """Six cards in `<card><type>`; the three with subtypes use the ASCII ` - ` of 2019."""
    status, doc = check([str(SAMPLES / "magic-spoiler-2019-PELD-v3.xml")])
    assert status == 0
    assert doc["summary"]["type_lines"] == 6
    assert found(doc) == [
        ("magic-spoiler-2019-PELD-v3.xml", 48, 21, 24, "TL101", "Inspiring Veteran"),
        ("magic-spoiler-2019-PELD-v3.xml", 60, 24, 27, "TL101", "Kenrith's Transformation"),
        ("magic-spoiler-2019-PELD-v3.xml", 73, 21, 24, "TL101", "Piper of the Swarm"),
    ]
    assert found(doc) == expected_by_lines(SAMPLES / "magic-spoiler-2019-PELD-v3.xml")


def test_magic_spoiler_2025_version_4_is_clean() -> None:
    """66 cards in `<card><prop><type>`, with `Kindred Instant — Elemental` and
    `Basic Land — Forest`: no finding; the set `<name>`s are not card names."""
    path = SAMPLES / "magic-spoiler-2025-spoiler-v4.xml"
    status, doc = check([str(path)])
    assert (status, doc["summary"]["type_lines"], doc["findings"]) == (0, 66, [])
    lines = [e.text for e in entries(path.read_bytes())]
    assert {"Kindred Instant — Elemental", "Basic Land — Forest"} <= set(lines)
    assert entries(path.read_bytes())[0].card == "Dark Ritual"


def test_magic_spoiler_2019_eld_version_3() -> None:
    """391 cards; every finding is the ASCII dash (332: adventure cards have two), placed at
    its space before the hyphen."""
    path = shared_path("samples", "cockatrice", "magic-spoiler-2019-ELD-v3.xml")
    status, doc = check([str(path)])
    assert (status, doc["summary"]["type_lines"]) == (0, 391)
    assert Counter(f["code"] for f in doc["findings"]) == {"TL101": 332}
    assert found(doc) == expected_by_lines(path)
    assert found(doc)[0] == ("magic-spoiler-2019-ELD-v3.xml", 23, 21, 24, "TL101", "Acclaimed Contender")


TOKENS_FINDINGS = {
    # not card types: Cockatrice's helper cards for counters, states, bounties, Boss and Event
    # cards of a game variant
    ("TL201", "Boss"): 11,
    ("TL201", "Bounty"): 12,
    ("TL201", "Companion"): 1,
    ("TL201", "Counter"): 6,
    ("TL201", "Event"): 14,
    ("TL201", "State"): 13,
    ("TL203", "Token"): 3,  # Copy, The Ring Tempts You, Wanted!
    # Theros challenge-deck cards: `Elite` is no supertype, `Head` and `Reveler` no creature type
    ("TL204", "Elite Creature — Head"): 4,
    ("TL302", "Elite Creature — Head"): 4,
    ("TL302", "Creature — Head"): 1,
    ("TL302", "Creature — Centaur Reveler"): 1,
    ("TL302", "Creature — Human Reveler"): 3,
    ("TL302", "Creature — Satyr Reveler"): 1,
    ("TL302", "Enchantment Creature — Nymph Reveler"): 1,
    # Un-set and other creature types the rules don't list
    ("TL302", "Token Creature — Attendee"): 1,
    ("TL302", "Token Creature — Brainiac"): 1,
    ("TL302", "Token Creature — Fighter"): 1,
    ("TL302", "Token Creature — Giant Teddy Bear"): 1,
    ("TL302", "Token Creature — Sketch"): 1,
    ("TL302", "Token Creature — Teddy Bear"): 1,
    # renamed creature types: Hound is Dog since 2020, Naga is Snake since 2024
    ("TL303", "Token Creature — Hound"): 1,
    ("TL303", "Token Creature — Zombie Naga Warrior"): 2,
    ("TL303", "Token Creature — Zombie Naga Wizard"): 1,
}


def test_cockatrice_tokens_version_4() -> None:
    """1,009 cards (the template inside a comment is not one). The findings are true under
    2026-09-25: tokens.xml also holds helper cards whose `<type>` is no type line, and old
    creature types; emblems are information (TL207). Names lose the spaces that pad them."""
    path = shared_path("samples", "cockatrice", "cockatrice-tokens.xml")
    status, doc = check([str(path)])
    assert (status, doc["summary"]["type_lines"]) == (1, 1009)
    without_emblems = kinds(doc) - Counter({k: v for k, v in kinds(doc).items() if k[0] == "TL207"})
    assert without_emblems == TOKENS_FINDINGS
    assert sum(v for k, v in kinds(doc).items() if k[0] == "TL207") == 90
    assert found(doc) == expected_by_lines(path)
    assert ("cockatrice-tokens.xml", 6798, 40, 45, "TL303", "Hound Token") in found(doc)
    assert ("cockatrice-tokens.xml", 19617, 23, 32, "TL201", "Companion") in found(doc)  # `Companion `
    assert all(not f["card"].endswith(" ") for f in doc["findings"])


def test_the_copies_are_the_shared_samples() -> None:
    manifest = shared_path("samples", "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()
    sums = dict(line.split("\t")[::2] for line in manifest[1:])
    for copy in sorted(SAMPLES.glob("*.xml")):
        assert hashlib.sha256(copy.read_bytes()).hexdigest() == sums[f"cockatrice/{copy.name}"]


# Exact places


END = "</cockatrice_carddatabase>\n"
CARD = "<card><name>{name}</name><prop><type>{type}</type></prop></card>"


def xml(*cards: str, head: str = '<?xml version="1.0" encoding="UTF-8"?>\n') -> bytes:
    body = "\n".join(cards)
    return f'{head}<cockatrice_carddatabase version="4"><cards>\n{body}\n</cards>\n{END}'.encode()


def column(data: bytes, line: int, needle: str, encoding: str = "utf-8") -> int:
    """The 1-based column in characters where `needle` first is on a line of `data`."""
    return data.decode(encoding).split("\n")[line - 1].index(needle) + 1


def test_columns_count_characters_not_bytes() -> None:
    """Non-ASCII before the type on its line (expat may count bytes): columns in characters."""
    data = xml(CARD.format(name="Épée d’Ærin  ", type="Légendary Creature — Elf"))
    Path("a.xml").write_bytes(data)
    _, doc = check(["a.xml"])
    assert column(data, 3, "Légendary") == 45
    assert found(doc) == [("a.xml", 3, 45, 54, "TL204", "Épée d’Ærin")]


def test_entity_references_are_places_in_the_file() -> None:
    """`&amp;` is five characters of the file for one of the line; `&#8212;` seven for the
    dash; `&apos;` six."""
    data = xml(CARD.format(name="B", type="Land &amp; — Urza&apos;s Mine&#8212;Tower"))
    Path("b.xml").write_bytes(data)
    _, doc = check(["b.xml"])
    amp, dash = column(data, 3, "&amp;"), column(data, 3, "&#8212;")
    assert found(doc) == [
        ("b.xml", 3, amp, amp + 5, "TL201", "B"),  # `&` is not a card type
        ("b.xml", 3, dash, dash + 7, "TL105", "B"),  # a second dash in the face
    ]
    assert (amp, dash) == (38, 62)
    [entry] = entries(data)
    assert entry.text == "Land & — Urza's Mine—Tower"
    locator = resolve(entry.locate)
    assert locator.region(14, 15) == (3, column(data, 3, "s Mine"), 3, column(data, 3, "s Mine") + 1)
    assert locator.region(len(entry.text), len(entry.text) + 1)[1] == column(data, 3, "</type>")


def test_cdata_comments_and_lines_inside_a_type() -> None:
    """A CDATA section, a comment and a CR LF line break inside `<type>`: each character is
    placed where it is, on its own line."""
    card = "<card><name>C</name><type>Creature <![CDATA[- Elf]]>\r\n  Wizard<!-- x -->  Elff</type></card>"
    data = xml(card)
    Path("c.xml").write_bytes(data)
    _, doc = check(["c.xml"])
    assert found(doc) == [
        ("c.xml", 3, 35, 47, "TL101", "C"),  # from the space before the CDATA to after its `- `
        ("c.xml", 3, 53, 3, "TL102", "C"),  # the line break and two spaces: from the CR
        ("c.xml", 4, 19, 21, "TL102", "C"),  # two spaces after the comment
        ("c.xml", 4, 21, 25, "TL302", "C"),
    ]
    # the first spacing finding runs onto line 4, where it ends after the two spaces
    assert [f["end_line"] for f in doc["findings"]] == [3, 4, 4, 4]
    assert column(data, 3, "\r") == 53
    assert (column(data, 4, "-->  ") + 3, column(data, 4, "Elff")) == (19, 21)
    [entry] = entries(data)
    assert entry.text == "Creature - Elf\n  Wizard  Elff"


def test_version_3_and_4_shapes_and_the_name_of_the_card() -> None:
    """`<card><type>` and `<card><prop><type>`; a `<type>` elsewhere (a set, `<related>`) is
    no card's; a card with no name has none; an empty `<type>` is no line."""
    data = xml(
        "<card><name>Three</name><type>Creature — Elf</type></card>",
        "<card><prop><type>Creature — Elf</type></prop><name> Four </name></card>",
        "<card><set><type>Sorcery</type></set><type>Instant</type></card>",
        "<card><name>Empty</name><type></type><prop><type/></prop></card>",
        "<set><name>Not a card</name><type>Sorcery</type></set>",
    )
    assert [(e.text, e.card) for e in entries(data)] == [
        ("Creature — Elf", "Three"),
        ("Creature — Elf", "Four"),
        ("Instant", None),
    ]


def test_a_card_inside_a_comment_is_not_read() -> None:
    data = xml("<!--\n" + CARD.format(name="Template", type="Token Creature — ") + "\n-->")
    assert entries(data) == []


# Broken and hostile XML


def test_broken_xml_is_one_error_at_the_parsers_place_after_the_cards_before_it() -> None:
    data = xml(
        CARD.format(name="A", type="Creature - Elf"),
        "<card><name>ééé</name><prop><type>Creature</typo></prop></card>",
        CARD.format(name="Z", type="Creature - Elf"),
    )
    Path("broken.xml").write_bytes(data)
    status, doc = check(["broken.xml"])
    assert status == 2
    assert found(doc) == [("broken.xml", 3, 41, 44, "TL101", "A"), ("broken.xml", 4, 45, 46, "TL905", None)]
    assert (column(data, 3, " - "), column(data, 4, "typo>")) == (41, 45)
    assert doc["findings"][1]["message"] == "broken.xml is not well-formed XML: mismatched tag"


@pytest.mark.parametrize(
    ("data", "message", "place"),
    [
        (b"<cards><card><name>A</name>", "no element found", (1, 28)),
        (b"<cards>\n<card>\xff</card></cards>", "not well-formed (invalid token)", (2, 7)),
        (b"\x00\x01binary", "not well-formed (invalid token)", (1, 1)),
        (b"Creature \xe2\x80\x94 Elf\n", "syntax error", (1, 1)),
        (b"<a/><b/>", "junk after document element", (1, 5)),
    ],
)
def test_not_well_formed(data: bytes, message: str, place: tuple[int, int]) -> None:
    error = error_of(data)
    assert (error.message, (error.line, error.column)) == (
        f"cards.xml is not well-formed XML: {message}",
        place,
    )


LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<cards><card><name>&lol9;</name><type>&lol9;</type></card></cards>
"""


def test_billion_laughs_is_refused_before_anything_expands() -> None:
    Path("lol.xml").write_bytes(LAUGHS.encode())
    status, doc = check(["lol.xml"])
    assert status == 2
    assert [(f["line"], f["code"]) for f in doc["findings"]] == [(3, "TL905")]
    assert doc["findings"][0]["message"].startswith("lol.xml declares the entity 'lol'; documents that")


def test_external_entities_are_never_fetched(tmp_path: Path) -> None:
    """An external entity declared in the document is refused; one declared in an external
    DTD stays unread (the DTD is not fetched), so its use is an error, not the file's text."""
    secret = tmp_path / "secret.txt"
    secret.write_text("Creature — Elf")
    declared = f'<!DOCTYPE c [<!ENTITY x SYSTEM "{secret.as_uri()}">]>\n<c><card><type>&x;</type></card></c>'
    assert error_of(declared.encode()).message.startswith("cards.xml declares the entity 'x'")
    (tmp_path / "cards.dtd").write_text(f'<!ENTITY x SYSTEM "{secret.as_uri()}">')
    Path("d.xml").write_bytes(b'<!DOCTYPE c SYSTEM "cards.dtd">\n<c><card><type>Land &x;</type></card></c>')
    status, doc = check(["d.xml"])
    assert (status, found(doc)) == (2, [("d.xml", 2, 21, 22, "TL905", None)])
    assert doc["findings"][0]["message"] == "d.xml uses the entity &x; that it does not declare"


def test_a_doctype_without_entities_is_read() -> None:
    data = b'<!DOCTYPE cards SYSTEM "cards.dtd">\n<cards><card><type>Creature - Elf</type></card></cards>'
    assert [e.text for e in entries(data)] == ["Creature - Elf"]


# Encodings, empty files, streaming


def test_empty_and_blank_files_hold_no_cards() -> None:
    for data in (b"", b"  \n\n", b"\xef\xbb\xbf"):
        assert entries(data) == []
    Path("empty.xml").write_bytes(b"")
    assert check(["empty.xml"]) == (
        0,
        {
            "version": 1,
            "edition": "2026-09-25",
            "summary": {"files": 1, "type_lines": 0, "errors": 0, "warnings": 0, "infos": 0},
            "findings": [],
        },
    )


@pytest.mark.parametrize(
    ("encoding", "head"),
    [
        ("utf-8-sig", '<?xml version="1.0" encoding="UTF-8"?>\n'),
        ("utf-8", ""),
        ("iso-8859-1", '<?xml version="1.0" encoding="ISO-8859-1"?>\n'),
        ("utf-16", '<?xml version="1.0" encoding="UTF-16"?>\n'),
        ("utf-16-le", '<?xml version="1.0" encoding="UTF-16LE"?>\n'),
    ],
)
def test_encodings_keep_columns_in_characters(encoding: str, head: str) -> None:
    card = CARD.format(name="Été", type="Créature - Elf")
    text = f'{head}<cockatrice_carddatabase version="4"><cards>\n{card}\n</cards></cockatrice_carddatabase>\n'
    Path("e.xml").write_bytes(text.encode(encoding))
    _, doc = check(["e.xml"])
    line = 3 if head else 2
    assert column(text.encode(), line, "Créature") == 35
    assert found(doc) == [("e.xml", line, 35, 43, "TL201", "Été"), ("e.xml", line, 43, 46, "TL101", "Été")]


def test_an_encoding_no_one_can_read_is_an_error() -> None:
    error = error_of(b'<?xml version="1.0" encoding="base64"?><cards/>')
    assert (error.message, error.line) == (
        "cards.xml declares an encoding this reader does not know: base64",
        1,
    )


def many_cards(count: int, separator: str = "\n") -> bytes:
    """Cards with non-ASCII names and an ASCII dash in each line, `separator` between them."""
    cards = [
        CARD.format(name=f"Ñame {i} ✓", type=f"Creature - Elf {'Ω' * (i % 7)}Warrior") for i in range(count)
    ]
    return xml(*cards).replace(b"\n<card>", separator.encode() + b"<card>")


def test_places_stay_exact_across_chunks() -> None:
    """Thousands of cards, many chunks: every dash finding is where the file has ` - `, on
    files with a line a card and on a file that is one line."""
    checker = Checker(load_rules())
    for separator in ("\n", ""):
        data = many_cards(4000, separator)
        assert len(data) > 4 * CHUNK
        lines = data.decode().split("\n")
        read = entries(data)
        assert len(read) == 4000
        for entry in read[::97]:
            finding = next(f for f in checker.check(entry.text) if f.code == "TL101")
            line, column, *_ = resolve(entry.locate).region(finding.column - 1, finding.end_column - 1)
            assert lines[line - 1][column - 1 : column + 2] == " - "
            assert lines[line - 1][column - 1 - len(entry.text[: finding.column - 1]) :].startswith(
                entry.text
            )


def test_cards_are_handed_out_while_the_file_is_read() -> None:
    data = many_cards(3000)
    stream = CountingStream(data)
    told: list[int] = []
    read = reader_for("cockatrice", SourceSettings())(stream, "cards.xml", told.append)
    first = next(read)
    assert first.card == "Ñame 0 ✓"
    assert stream.most < len(data) // 2
    rest: Iterator[Entry] = read
    assert len(list(rest)) == 2999
    assert sum(told) == len(data)


def test_auto_detection_reads_xml_as_cockatrice() -> None:
    Path("cards.xml").write_bytes(xml(CARD.format(name="A", type="Creature - Elf")))
    Path("cards").write_bytes(xml(CARD.format(name="B", type="Creature - Elf")))
    _, doc = check(["cards.xml", "cards"])
    assert found(doc) == [("cards", 3, 41, 44, "TL101", "B"), ("cards.xml", 3, 41, 44, "TL101", "A")]


def padded_to(offset: int, tail: str) -> bytes:
    """A file whose `tail` starts `offset` bytes in, after a card and a comment of padding
    on a line of non-ASCII text."""
    head = xml(CARD.format(name="A", type="Creature")).split(b"</cards>")[0] + "Ω <!-- ".encode()
    pad = offset - len(head) - len(b" -->")
    return head + b"x" * pad + b" -->" + tail.encode() + b"</cards></cockatrice_carddatabase>\n"


def test_a_type_across_two_chunks_keeps_its_places() -> None:
    """A `<type>` that starts in one chunk and ends in the next, with a reference in it."""
    card = CARD.format(name="Straddle", type="Creature &amp;&amp; Elf — Wizzard")
    data = padded_to(CHUNK - 50, card)
    start = data.index(b"Creature &amp;")
    assert start < CHUNK < data.index(b"Wizzard")
    entry = entries(data)[-1]
    assert (entry.card, entry.text) == ("Straddle", "Creature && Elf — Wizzard")
    line = data.count(b"\n", 0, start) + 1
    where = column(data, line, "Wizzard")
    assert resolve(entry.locate).region(18, 25) == (line, where, line, where + 7)
    amp = column(data, line, "&amp;")
    assert resolve(entry.locate).region(9, 10) == (line, amp, line, amp + 5)


def test_an_error_in_a_token_begun_in_an_earlier_chunk() -> None:
    """An unclosed comment begun before a chunk's end: the error is placed at its start, in
    characters, though expat saw its end only chunks later."""
    data = padded_to(CHUNK - 10, "<!-- never closed " + "y" * (2 * CHUNK))
    data = data.split(b"</cards>")[0]
    error = error_of(data)
    line = data.count(b"\n", 0, CHUNK) + 1
    assert (error.message, error.line) == ("cards.xml is not well-formed XML: unclosed token", line)
    assert error.column == column(data, line, "<!-- never")


def test_byte_offsets_become_columns_in_characters() -> None:
    """The reader's own count (expat counts bytes in some versions, characters in others):
    offsets in earlier chunks, after line breaks, and in the middle of a long line."""
    fed = Fed()
    fed.add("ab\r\nΩΩx".encode())
    fed.add("ΩΩ\nΩ".encode())
    assert [fed.column(offset) for offset in (0, 2, 4, 6, 8, 9, 11, 13, 14, 16)] == [
        1,
        3,
        1,
        2,
        3,
        4,
        5,
        6,
        1,
        2,
    ]
    long = Fed()
    for _ in range(5):
        long.add("Ω".encode() * CHUNK)
    assert long.column(2 * 5 * CHUNK) == 5 * CHUNK + 1
    assert long.column(0) is None  # long dropped; the caller then takes expat's column


# Other XML


POM = '<?xml version="1.0"?>\n<project><modelVersion>4.0.0</modelVersion><name>x</name></project>\n'
PAGE = "<html><head><title>T</title></head><body><p>One<br>two</p></body></html>\n"  # not XML


def test_a_directory_search_passes_over_xml_that_is_not_card_data() -> None:
    Path("site").mkdir()
    Path("site/pom.xml").write_text(POM)
    Path("site/page.xml").write_text(PAGE)
    Path("site/empty-db.xml").write_text('<cockatrice_carddatabase version="4"/>\n')
    Path("site/cards.xml").write_bytes(xml(CARD.format(name="A", type="Creature - Elf")))
    status, doc = check(["site"])
    assert (status, found(doc)) == (0, [("cards.xml", 3, 41, 44, "TL101", "A")])
    assert (doc["summary"]["files"], doc["summary"]["type_lines"]) == (2, 1)


@pytest.mark.parametrize(
    ("data", "message", "place"),
    [
        (POM, "pom.xml holds no card data: no <card>, and the root element is <project>, not "
         "<cockatrice_carddatabase>", (1, 1)),
        (PAGE, "pom.xml is not well-formed XML: mismatched tag", (1, 57)),  # at `p>` of `</p>`
    ],
)  # fmt: skip
def test_other_xml_named_as_an_input_is_tl905(data: str, message: str, place: tuple[int, int]) -> None:
    Path("pom.xml").write_text(data)
    status, doc = check(["pom.xml"])
    assert (status, found(doc)) == (2, [("pom.xml", *place, place[1] + 1, "TL905", None)])
    assert doc["findings"][0]["message"] == message


DECK = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
  <deckname>Elves</deckname>
  <zone name="main"><card number="4" name="Llanowar Elves"/><card number="20" name="Forest"/></zone>
</cockatrice_deck>
"""
ORDER = '<?xml version="1.0"?>\n<order>\n<fronts><card><name>Elf</name><type>Creature — Elf</type></card>'
ORDER += "</fronts></order>\n"
DATABASE_ROOTS = "(<cockatrice_carddatabase> or <cards>)"


@pytest.mark.parametrize(
    ("name", "data", "root"), [("deck.cod", DECK, "cockatrice_deck"), ("order.xml", ORDER, "order")]
)
def test_cards_under_a_root_that_is_no_card_database_are_tl905_naming_it(
    name: str, data: str, root: str
) -> None:
    """A deck's or a print order's <card>s are no card database's, whatever they hold."""
    Path(name).write_text(data, encoding="utf-8")
    status, doc = check([name])
    assert (status, found(doc), doc["summary"]["type_lines"]) == (2, [(name, 2, 1, 2, "TL905", None)], 0)
    message = (
        f"{name} holds no card data: its root element is <{root}>, not a card database's {DATABASE_ROOTS}"
    )
    assert doc["findings"][0]["message"] == message


def test_a_directory_search_passes_over_a_deck_or_an_order() -> None:
    Path("site").mkdir()
    Path("site/order.xml").write_text(ORDER, encoding="utf-8")
    Path("site/cards.xml").write_bytes(xml(CARD.format(name="A", type="Creature — Elf")))
    status, doc = check(["site"])
    assert (status, found(doc), doc["summary"]["files"]) == (0, [], 1)
