"""Documents of every input format, built for the property tests of the readers and of
`--fix` (tests/sources/test_properties_readers.py, tests/fix/test_properties_fix.py), and read
back.

A document is a set of files in a folder (`Document.files`, by name) and the one name a run
is given (`Document.target`): a text file, a Scryfall or MTGJSON file, a CSV or TSV table, a
YAML card file, a Cockatrice database, a Forge script, a Magic Set Editor set as a folder or
as a `.mse-set` zip. Its cards are drawn names and type lines: right lines of the corpus
with mistakes injected (tests/helpers/fix_mutations.py), and lines of every shape (the
fast-path tests' builder, tests/helpers/typelines.py). Each format is written in one of the
styles its files are found in (indents, escapes, quoting, line ends, BOMs, markup).

`mutated` spoils a document's bytes (truncation, flipped bytes, odd characters put in,
another encoding, a BOM, other line ends) for the property that no input makes an
internal error. `read_back` reads a document's files with the package's readers, as a run
reads them, into entries that know their file and the value of the file that holds them.
"""

from __future__ import annotations

import csv
import io
import json
import os
import random
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import NamedTuple
from xml.sax.saxutils import escape

import yaml
from hypothesis import strategies as st

from helpers import fix_mutations
from helpers.checking import NEWEST
from helpers.typelines import DrawPicker, build_line, rules, valid_lines
from mtg_typeline.sources import SNIFF_BYTES, SourceSettings, reader_for
from mtg_typeline.sources.base import Batch, Entry, Item, Rewrite, resolve
from mtg_typeline.sources.inputs import Reading, tell_format
from mtg_typeline.sources.mse import read_folder

FORMATS = ("text", "scryfall", "mtgjson", "csv", "yaml", "cockatrice", "forge", "mse-folder", "mse-zip")
MUTATIONS = {**fix_mutations.SAFE, **fix_mutations.UNSAFE}
NAMES = ("Elvish Bard", "Æther Vial", 'The "Big" One', "Fire & Ice <R>", "Urza's Tower", "Um, Yes: No",
         "#1 Fan", "Ünïcödé 🂡", "  Spaced  ", "- Dash", "null", "Yes")  # fmt: skip
DASHES = (" \u2014 ", " - ", " -- ", " \u2013 ", "\u2014", " \u2014", "\u2014 ")
BOM = b"\xef\xbb\xbf"


class Document(NamedTuple):
    """Files by name (relative, `/`-separated; a name ending `.mse-set` with `zipped`
    holding a zip's members is written as that zip) and the name a run is given."""

    files: dict[str, bytes]
    target: str
    fmt: str


# Type lines and cards
# --------------------------------------------------------------------------


@st.composite
def mistaken_lines(draw: st.DrawFn) -> str:
    """A right line of the corpus with up to two mistakes injected, or, one time in four, a
    line of any shape from the fast-path tests' builder."""
    if draw(st.integers(0, 3)) == 0:
        return build_line(DrawPicker(draw), NEWEST)
    lines = valid_lines()
    line = lines[draw(st.integers(0, len(lines) - 1))]
    rng = random.Random(draw(st.integers(0, 2**32)))
    for kind in draw(st.lists(st.sampled_from(sorted(MUTATIONS)), max_size=2)):
        line = MUTATIONS[kind](line, rules(NEWEST), rng) or line
    return line


CARDS = st.lists(st.tuples(st.sampled_from(NAMES), mistaken_lines()), min_size=1, max_size=4)


def one_line(text: str) -> str:
    """A text that a line-based format holds on one line."""
    return re.sub("[\r\n\x85\u2028\u2029]", " ", text)


def faces_of(line: str) -> list[str]:
    return line.split(" // ") if " // " in line else [line]


# Writers, one a format
# --------------------------------------------------------------------------

Cards = list[tuple[str, str]]


def text_document(draw: st.DrawFn, cards: Cards) -> Document:
    end = draw(st.sampled_from(["\n", "\r\n"]))
    lines = []
    for _, line in cards:
        lines.append(one_line(line).replace("#", "") + draw(st.sampled_from(["", "", "  # note"])))
        if draw(st.integers(0, 5)) == 0:
            lines.append(draw(st.sampled_from(["", "# Creature - Elf", "  "])))
    data = end.join(lines) + draw(st.sampled_from([end, ""]))
    return Document({"cards.txt": _bom(draw) + data.encode("utf-8")}, "cards.txt", "text")


def scryfall_document(draw: st.DrawFn, cards: Cards) -> Document:
    objects: list[dict[str, object]] = []
    for name, line in cards:
        card: dict[str, object] = {"object": "card", "name": name, "type_line": line}
        if " // " in line and draw(st.booleans()):
            card["card_faces"] = [{"object": "card_face", "name": f"{name} {i}", "type_line": face}
                                  for i, face in enumerate(faces_of(line))]  # fmt: skip
        objects.append(card)
    root: object = objects if draw(st.booleans()) else {"object": "list", "data": objects}
    return Document({"cards.json": _dump_json(draw, root)}, "cards.json", "scryfall")


def mtgjson_document(draw: st.DrawFn, cards: Cards) -> Document:
    ruleset = rules(NEWEST)
    objects = []
    for name, line in cards:
        for face in faces_of(line):
            head, _, tail = face.partition(" \u2014 ")
            words = head.split(" ")
            objects.append({
                "name": name, "type": face, "uuid": f"u{len(objects)}",
                "supertypes": [w for w in words if w in ruleset.supertypes],
                "types": [w for w in words if w in ruleset.card_types],
                "subtypes": tail.split(" ") if tail else [],
            })  # fmt: skip
    root = {"meta": {"date": "2026-01-01", "version": "5.2.2"}, "data": {"code": "TST", "cards": objects}}
    return Document({"set.json": _dump_json(draw, root)}, "set.json", "mtgjson")


def _dump_json(draw: st.DrawFn, root: object) -> bytes:
    indent = draw(st.sampled_from([None, 2, "\t"]))
    text = json.dumps(root, ensure_ascii=draw(st.booleans()), indent=indent)
    return text.encode("utf-8")


def csv_document(draw: st.DrawFn, cards: Cards) -> Document:
    delimiter = draw(st.sampled_from([",", ";", "\t"]))
    out = io.StringIO()
    quoting = draw(st.sampled_from([csv.QUOTE_MINIMAL, csv.QUOTE_ALL]))
    end = draw(st.sampled_from(["\r\n", "\n"]))
    writer = csv.writer(out, delimiter=delimiter, quoting=quoting, lineterminator=end)
    header = draw(st.sampled_from([["name", "type_line"], ["Name", "Type", "Set"], ["Card Name", "Types"]]))
    writer.writerow(header)
    for name, line in cards:
        if line.strip():  # a blank cell is no type line: the row would read as none
            writer.writerow([name, line, "TST"][: len(header)])
    name = "cards.tsv" if delimiter == "\t" else "cards.csv"
    return Document({name: _bom(draw) + out.getvalue().encode("utf-8")}, name, "csv")


def yaml_document(draw: st.DrawFn, cards: Cards) -> Document:
    objects = [{"name": name, "type_line": line} for name, line in cards if line.strip()]
    root: object = objects if draw(st.booleans()) else {"set": "TST", "cards": objects}
    text = yaml.safe_dump(
        root,
        default_style=draw(st.sampled_from([None, None, "'", '"'])),
        allow_unicode=draw(st.booleans()),
        default_flow_style=draw(st.sampled_from([False, False, True])),
        width=draw(st.sampled_from([20, 1000])),
        sort_keys=False,
    )
    return Document({"cards.yaml": text.encode("utf-8")}, "cards.yaml", "yaml")


def cockatrice_document(draw: st.DrawFn, cards: Cards) -> Document:
    version = draw(st.sampled_from([3, 4]))
    ascii_only = draw(st.booleans())
    body = []
    for name, line in cards:
        value = escape(_xml_chars(line))
        if ascii_only:
            value = value.encode("ascii", "xmlcharrefreplace").decode("ascii")
        typed = f"<type>{value}</type>" if version == 3 else f"<prop><type>{value}</type></prop>"
        body.append(f"    <card>\n      <name>{escape(name)}</name>\n      {typed}\n    </card>\n")
    declaration = '<?xml version="1.0" encoding="UTF-8"?>\n' if draw(st.booleans()) else ""
    root = f'<cockatrice_carddatabase version="{version}">'
    data = f"{declaration}{root}\n  <cards>\n{''.join(body)}  </cards>\n</cockatrice_carddatabase>\n"
    return Document({"cards.xml": data.encode("utf-8")}, "cards.xml", "cockatrice")


def _xml_chars(text: str) -> str:
    """The text with the characters no XML 1.0 document holds put as spaces."""
    return re.sub("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]", " ", text)


def forge_document(draw: st.DrawFn, cards: Cards) -> Document:
    name, line = cards[0]
    blocks = []
    for index, face in enumerate(faces_of(one_line(line))):
        forge = face.replace(" \u2014 ", " ", 1) if draw(st.integers(0, 4)) else face
        blocks.append(f"Name:{name.strip()} {index}\nManaCost:1 G\nTypes:{forge}\nPT:1/1\nOracle:Text.\n")
    end = draw(st.sampled_from(["\n", "\r\n"]))
    data = "\nALTERNATE\n\n".join(blocks).replace("\n", end)
    return Document({"cardsfolder/card.txt": data.encode("utf-8")}, "cardsfolder/card.txt", "forge")


def mse_files(draw: st.DrawFn, cards: Cards) -> dict[str, bytes]:
    """The files of a set: `set`, with some cards inline and the others in `card …` files
    it includes."""
    inline, files = [], {}
    for index, (name, line) in enumerate(cards):
        block = _mse_card(draw, name, line)
        if draw(st.booleans()):
            inline.append(block)
        else:
            files[f"card {index}"] = f"mse_version: 2.5.8\n{block}".encode()
    includes = "".join(f"include_file: {file}\n" for file in files)
    head = "mse_version: 2.0.2\ngame: magic\nset_info:\n\ttitle: Test\n"
    return {"set": (head + "".join(inline) + includes).encode("utf-8"), **files}


def _mse_card(draw: st.DrawFn, name: str, line: str) -> str:
    out = [f"card:\n\tname: {name.strip()}\n"]
    marked = draw(st.booleans())
    for index, face in enumerate(faces_of(one_line(line))):
        suffix = "" if index == 0 else f"_{index + 1}"
        head, dash, tail = face.partition(" \u2014 ")
        if not dash or draw(st.integers(0, 5)) == 0:
            head, tail = face, ""
        if marked:
            head = f"<word-list-type-en>{_mse_escape(head)}</word-list-type-en>"
            tail = "<atom-sep> </atom-sep>".join(f"<word-list-race-en>{_mse_escape(w)}</word-list-race-en>"
                                                 for w in tail.split(" ") if w)  # fmt: skip
        out.append(f"\tsuper_type{suffix}: {head}\n\tsub_type{suffix}: {tail}\n")
    out.append("\trarity: common\n")
    return "".join(out)


def _mse_escape(text: str) -> str:
    return text.replace("<", "").replace(">", "")  # (no tag in a word)


def mse_folder_document(draw: st.DrawFn, cards: Cards) -> Document:
    files = {f"cards.mse-set/{name}": data for name, data in mse_files(draw, cards).items()}
    return Document(files, "cards.mse-set", "mse")


def mse_zip_document(draw: st.DrawFn, cards: Cards) -> Document:
    return Document({"cards.mse-set": zip_of(mse_files(draw, cards))}, "cards.mse-set", "mse")


def zip_of(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


def _bom(draw: st.DrawFn) -> bytes:
    return BOM if draw(st.integers(0, 4)) == 0 else b""


WRITERS: dict[str, Callable[[st.DrawFn, Cards], Document]] = {
    "text": text_document,
    "scryfall": scryfall_document,
    "mtgjson": mtgjson_document,
    "csv": csv_document,
    "yaml": yaml_document,
    "cockatrice": cockatrice_document,
    "forge": forge_document,
    "mse-folder": mse_folder_document,
    "mse-zip": mse_zip_document,
}


@st.composite
def documents(draw: st.DrawFn, kind: str) -> Document:
    """A document of `kind` (one of `FORMATS`) with drawn cards."""
    return WRITERS[kind](draw, draw(CARDS))


# Spoilt bytes
# --------------------------------------------------------------------------

ODD = ("\x00", "\x1b[2J", "\r", "\u2028", "\ufeff", "\x85", "\ud800", '"', "<", "&", "]]>", "\t", "{",
       "[", ":", "- ", "\xff", "\u202e", "🂡", "\\", "'", "#", ",", "\n\t", "<!ENTITY a 'b'>", "*a",
       "&a;")  # fmt: skip
ENCODINGS = ("utf-16", "utf-16-be", "latin-1", "cp1252", "utf-32")
LINE_ENDS = (b"\r", b"\r\n", b"\n\r", b"\r\r\n")
BOMS = (BOM, b"\xff\xfe", b"\xfe\xff", BOM + BOM)


@st.composite
def spoilt(draw: st.DrawFn, data: bytes) -> bytes:
    """`data` spoilt by one to three of: truncation, a flipped byte, an odd character put
    in, bytes taken out, another encoding (UTF-16, Latin-1 ...), a BOM, other line ends."""
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(sorted(SPOILERS)))
        data = SPOILERS[how](draw, data, draw(st.integers(0, len(data))))
    return data


def _flip(draw: st.DrawFn, data: bytes, at: int) -> bytes:
    if not data:
        return data
    at = min(at, len(data) - 1)
    return data[:at] + bytes([data[at] ^ (1 << draw(st.integers(0, 7)))]) + data[at + 1 :]


def _insert(draw: st.DrawFn, data: bytes, at: int) -> bytes:
    return data[:at] + draw(st.sampled_from(ODD)).encode("utf-8", "surrogatepass") + data[at:]


def _encode(draw: st.DrawFn, data: bytes, at: int) -> bytes:
    return data.decode("utf-8", "replace").encode(draw(st.sampled_from(ENCODINGS)), "replace")


def _line_ends(draw: st.DrawFn, data: bytes, at: int) -> bytes:
    return data.replace(b"\r\n", b"\n").replace(b"\n", draw(st.sampled_from(LINE_ENDS)))


SPOILERS: dict[str, Callable[[st.DrawFn, bytes, int], bytes]] = {
    "truncate": lambda draw, data, at: data[:at],
    "delete": lambda draw, data, at: data[:at] + data[at + draw(st.integers(1, 8)) :],
    "flip": _flip,
    "insert": _insert,
    "encode": _encode,
    "bom": lambda draw, data, at: draw(st.sampled_from(BOMS)) + data,
    "line-ends": _line_ends,
}


# Writing and reading back
# --------------------------------------------------------------------------


def write(document: Document, folder: Path) -> Path:
    """The document's files written in `folder`; the path of its target."""
    for name, data in document.files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return folder / document.target


class Value(NamedTuple):
    """A type line as read back: its file (a key of `files_of`), text, card, the lines of
    the file its region covers (first, last), and its rewrite (None: the reader can't write
    it; for a text file's line, the whole line is its value)."""

    file: str
    text: str
    card: str | None
    lines: tuple[int, int]
    rewrite: Rewrite | None


def read_back(target: Path, fmt: str) -> list[Value]:
    """The type lines of the input `target`, as a run reads it (the format told by the name
    and content, as the run tells it)."""
    settings = SourceSettings(rules=rules(NEWEST))
    if target.is_dir():
        return list(_values(read_folder(str(target), settings), str(target)))
    with target.open("rb") as stream:
        told = tell_format(str(target), stream.read(SNIFF_BYTES), Reading())
        stream.seek(0)
        read = reader_for(told, settings)
        return list(_values(read(stream, str(target), lambda size: None), str(target)))


def _values(items: Iterable[Item], path: str) -> Iterator[Value]:
    for item in items:
        if isinstance(item, Entry):
            yield _value(item, path)
        elif isinstance(item, Batch) and item.entry is not None:
            yield from (_value(item.entry(i), path) for i, text in enumerate(item.texts) if text is not None)
        elif isinstance(item, Batch):
            yield from (Value(path, text, None, (item.first + i,) * 2, None)
                        for i, text in enumerate(item.texts) if text is not None)  # fmt: skip


def _value(entry: Entry, path: str) -> Value:
    region = resolve(entry.locate).region(0, len(entry.text))
    return Value(entry.path or path, entry.text, entry.card, (region.line, region.end_line), entry.rewrite)


def files_of(target: Path) -> dict[str, bytes]:
    """The bytes of every file an input is read from, by the name its entries give: a
    folder's files, a zip's members (`<zip>/<member>`, in the zip's order), or the file."""
    if target.is_dir():
        return {str(target / name): (target / name).read_bytes() for name in sorted(os.listdir(target))}
    data = target.read_bytes()
    if data.startswith(b"PK\x03\x04"):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return {f"{target}/{info.filename}": archive.read(info) for info in archive.infolist()}
    return {str(target): data}


def disk_of(target: Path) -> dict[str, bytes]:
    """The bytes of the input's files as they are on disk (a zip as its bytes, however broken)."""
    if target.is_dir():
        return {str(path): path.read_bytes() for path in sorted(target.rglob("*")) if path.is_file()}
    return {str(target): target.read_bytes()}
