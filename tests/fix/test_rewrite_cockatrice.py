"""`--fix` in Cockatrice XML: the text of `<type>` with its references and entities; markup
inside it, lone CR line ends and other encodings are not written.
"""

from __future__ import annotations

import pytest
from helpers.rewriting import FUZZ, LINES, applied, entries, rewritten
from hypothesis import given
from hypothesis import strategies as st

XML = rewritten("cockatrice")
DATABASE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_carddatabase version="4">\n<cards>\n<card>\n'
    "  <name>{name}</name>\n  <prop><type>{value}</type></prop>\n</card>\n</cards>\n"
    "</cockatrice_carddatabase>\n"
)


@pytest.mark.parametrize(
    ("name", "value", "new", "written"),
    [
        pytest.param("Æther", "Creature - Elf", "Creature — Elf", "Creature — Elf", id="raw"),
        pytest.param("Aether", "Creature - Elf", "Creature — Elf", "Creature &#8212; Elf", id="ascii-file"),
        pytest.param(
            "Æther", "Creature &#8212; elf", "Creature — Elf", "Creature &#8212; Elf", id="kept-reference"
        ),
        pytest.param(
            "Æ",
            "Creature &#x2014; Elf",
            "Legendary Creature — Elf",
            "Legendary Creature &#x2014; Elf",
            id="hex",
        ),
        pytest.param(
            "Æ",
            "Creature - Elf &amp; Elf",
            "Creature — <Elf> & Elf",
            "Creature — &lt;Elf&gt; &amp; Elf",
            id="escaped",
        ),
        pytest.param(
            "Æ", "Creature - Elf&apos;s", "Creature — Elf's", "Creature — Elf&apos;s", id="kept-apos"
        ),
    ],
)
def test_cockatrice_type_text(name: str, value: str, new: str, written: str) -> None:
    data = DATABASE.format(name=name, value=value)
    assert XML(data, new) == DATABASE.format(name=name, value=written)


@pytest.mark.parametrize(
    "value",
    [
        "<![CDATA[Creature - Elf]]>",
        "Creature <!-- x -->- Elf",
        "<!-- x -->Creature - Elf",
        "Creature - Elf<?pi x?>",
    ],
)
def test_cockatrice_markup_inside_type_is_not_written(value: str) -> None:
    (entry,) = entries("cockatrice", DATABASE.format(name="A", value=value))
    assert entry.rewrite is None


def test_cockatrice_crlf_file_and_lone_cr_file() -> None:
    data = DATABASE.format(name="Æ", value="Creature - Elf").replace("\n", "\r\n")
    assert XML(data, "Creature — Elf") == data.replace("Creature - Elf", "Creature — Elf")
    lone = DATABASE.format(name="Æ", value="Creature - Elf").replace("\n", "\r")
    assert XML(lone, "Creature — Elf") == lone.replace("Creature - Elf", "Creature — Elf")


def test_cockatrice_other_encodings_are_not_written() -> None:
    data = DATABASE.format(name="\xc6", value="Creature - Elf").replace("UTF-8", "ISO-8859-1")
    (entry,) = entries("cockatrice", data.encode("latin-1"))
    assert entry.text == "Creature - Elf" and entry.rewrite is None


@FUZZ
@given(old=LINES, new=LINES, ascii_only=st.booleans())
def test_cockatrice_any_text_as_xml_writes_it(old: str, new: str, ascii_only: bool) -> None:
    from xml.sax.saxutils import escape

    def database(value: str) -> str:  # an ASCII-only file writes references
        text = escape(value)
        if ascii_only:
            text = text.encode("ascii", "xmlcharrefreplace").decode()
        return DATABASE.format(name="A" if ascii_only else "Æ", value=text)

    if "\x01" in old + new:  # no XML 1.0 document holds it
        return
    data = database(old)
    (entry,) = entries("cockatrice", data)
    if old != old.strip() or "\t" in old:  # white space the reader keeps; compare as read
        assert entry.text == old
    assert entry.rewrite is not None
    assert applied(data, entry.rewrite(old)) == data
    out = applied(data, entry.rewrite(new))
    assert [e.text for e in entries("cockatrice", out)] == [new]
    assert out == database(new)
