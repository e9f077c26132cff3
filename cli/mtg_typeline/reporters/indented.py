"""Indented JSON documents (SARIF, GitLab Code Quality) written piece by piece, byte for
byte as `json.dumps(value, ensure_ascii=False, indent=2)` writes the whole.

`json.dumps` with an indent runs the pure-Python encoder and needs the whole document in
memory, as objects and then as one string: for tens of thousands of findings, seconds and
hundreds of megabytes. Here a value is made into a `Template`, its JSON text with holes:
`Hole`s, stand-ins for a number or a string that differs from finding to finding (the
line, the fingerprint) and for a list written item by item (the findings). A repeated
line's findings differ only in those, so a reporter makes one template per distinct
finding and fills it at each place; strings are encoded by the json module's C function.
To standard output and to a report file, whose text is written as it is, the findings'
texts are written as bytes under the text stream, each template encoded once
(`write_findings`): a report of tens of thousands of results is some 100 MB of text.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import AnyStr, TextIO

from mtg_typeline.findings import LINE_FIELD, Finding
from mtg_typeline.reporters import Bytes, utf8_under
from mtg_typeline.reporters.fingerprints import Key, Occurrences, occurrences_of

INDENT = "  "
_CONSTANTS = {True: "true", False: "false", None: "null"}  # True == 1: looked up by identity


class Hole(int):
    """A stand-in, named, for a number in a template: a negative int, so that it can take an
    int's place in a finding; it never equals a real line or column."""

    name: str

    def __new__(cls, value: int, name: str) -> Hole:
        hole = super().__new__(cls, value)
        hole.name = name
        return hole


class TextHole(str):
    """A stand-in for a string in a template, named by itself."""

    __slots__ = ()

    @property
    def name(self) -> str:
        return str.__str__(self)


class Items:
    """A stand-in for a list written item by item (`write`), each item at `level` (set when
    a template is made: one more than the list's)."""

    def __init__(self) -> None:
        self.level = 0


class Template:
    """A value's JSON text, cut at its holes: `literals[i]` precedes the hole named
    `names[i]` (an `Items` hole: ""), and the last literal follows the last hole."""

    __slots__ = ("literals", "names", "parts", "places")

    def __init__(self, value: object, level: int = 0) -> None:
        pieces: list[object] = [""]
        _add(value, level, pieces)
        self.literals = tuple(piece for piece in pieces if type(piece) is str)
        self.names = tuple(getattr(piece, "name", "") for piece in pieces if type(piece) is not str)
        # the literals with a place between each two for a hole's value, and where each goes
        self.parts = [text for literal in self.literals for text in (literal, "")][:-1]
        self.places = tuple(range(1, 2 * len(self.names), 2))

    def fill(self, values: Mapping[str, object]) -> str:
        """The text with each hole replaced by the value of its name in `values`: a number,
        or JSON text (the literals copied, the values put in their places, all joined once:
        `str.format_map` or `%` would parse the whole text anew each time)."""
        slots = tuple((place, index) for index, place in enumerate(self.places))
        return _filled(self.parts, slots, tuple(str(values[name]) for name in self.names))


def write(out: TextIO, template: Template, items: Items, texts: Iterable[str]) -> None:
    """Write a template whose one hole is `items`, the list of the item texts `texts` (each
    made at the list's `items.level`), as `json.dumps(indent=2)` writes a list: `[]` when
    it is empty."""
    _around(out, template, items, lambda first, between: _write_texts(out.write, texts, first, between))


def write_encoded(out: TextIO, template: Template, items: Items, data: Iterable[bytes], under: Bytes) -> None:
    """`write`, the item texts given encoded (`FindingTexts.data`) and written under `out`."""

    def put(first: str, between: str) -> bool:
        out.flush()  # (what `out` holds goes first)
        return _write_texts(under.stream.write, data, under.encode(first), under.encode(between))

    _around(out, template, items, put)


def _around(out: TextIO, template: Template, items: Items, put: Callable[[str, str], bool]) -> None:
    """The template's text around its list, the list's items written by `put` (given what
    goes before the first item and between two; it tells whether there were none)."""
    (before, after) = template.literals
    out.write(before)
    empty = put("[\n" + INDENT * items.level, ",\n" + INDENT * items.level)
    out.write("[]" if empty else "\n" + INDENT * (items.level - 1) + "]")
    out.write(after)


def _write_texts(
    write_out: Callable[[AnyStr], object], texts: Iterable[AnyStr], first: AnyStr, separator: AnyStr
) -> bool:
    """Write the item texts, `first` before the first and `separator` between two, some
    16 kB at a time (fewer, larger writes); whether there were none."""
    held: list[AnyStr] = []
    size = 0
    between = first
    for text in texts:
        held += (between, text)
        between = separator
        size += len(text)
        if size >= _HELD:
            write_out(first[:0].join(held))
            held.clear()
            size = 0
    write_out(first[:0].join(held))
    return between is first


_HELD = 1 << 14  # characters (or bytes) of item texts joined into one write
_encode = json.encoder.encode_basestring  # the C function json.dumps uses for strings


def _add(value: object, level: int, pieces: list[object]) -> None:
    """Append `value`'s text to `pieces`: literal text is joined to the last literal piece,
    a hole is a piece of its own followed by an empty literal."""
    kind = type(value)
    if kind is str:
        pieces[-1] = f"{pieces[-1]}{_encode(value)}"  # type: ignore[arg-type]
    elif kind in (Hole, TextHole) or isinstance(value, Items):
        if isinstance(value, Items):
            value.level = level + 1
        pieces += [value, ""]
    elif kind is dict or kind is list:
        _add_container(value, level, pieces)  # type: ignore[arg-type]
    elif kind is int:
        pieces[-1] = f"{pieces[-1]}{int.__repr__(value)}"
    elif value is None or kind is bool:
        pieces[-1] = f"{pieces[-1]}{_CONSTANTS[value]}"  # type: ignore[index]
    else:
        raise TypeError(f"not a value of an indented report: {value!r}")


def _add_container(value: dict[str, object] | list[object], level: int, pieces: list[object]) -> None:
    opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
    if not value:
        pieces[-1] = f"{pieces[-1]}{opening}{closing}"
        return
    inner = "\n" + INDENT * (level + 1)
    items = value.items() if isinstance(value, dict) else ((None, item) for item in value)
    separator = opening + inner
    for key, item in items:
        pieces[-1] = f"{pieces[-1]}{separator}" + ("" if key is None else f"{_encode(key)}: ")
        _add(item, level + 1, pieces)
        separator = "," + inner
    pieces[-1] = f"{pieces[-1]}\n{INDENT * level}{closing}"


LINE, LAST = Hole(-1, "line"), Hole(-2, "last")  # a finding's line, the line its words at fault end on
FINGERPRINT = TextHole("fingerprint")
# the holes of a finding's template, in the order `_each` fills them
_FILLED = ("line", "last", "fingerprint")
_REMEMBERED = 16384  # templates kept (cleared when full: real data repeats a few thousand)

# A template: its parts (text or bytes), and which of `_FILLED` goes where
Parts = tuple[list[AnyStr], tuple[tuple[int, int], ...]]
# A distinct finding's template, and the occurrences of its fingerprint's key (shared by
# every distinct finding of that key)
Made = tuple[list[AnyStr], tuple[tuple[int, int], ...], Occurrences]


class FindingTexts:
    """The texts of findings made by `make(finding, fingerprint)` at `level`, each with its
    fingerprint (`reporters.fingerprints`): one template per distinct finding (a repeated
    line's findings differ only in their lines and fingerprints), filled at each place. What
    tells a distinct finding (all its fields but its lines) holds what its fingerprint's key
    is made of, so each distinct finding keeps its template and its key's occurrences
    together, and a finding met again costs one lookup. A report whose texts read less of a
    finding gives that as its `shape` (a finding's fields that `make` reads, but its lines):
    findings of one shape share a template however their fingerprints' keys differ (many
    distinct lines with the same message)."""

    def __init__(
        self,
        make: Callable[[Finding, str], object],
        level: int,
        shape: Callable[[Finding], tuple[object, ...]] | None = None,
    ) -> None:
        self.make = make
        self.level = level
        self.shape = shape or _whole  # (the whole: a template per distinct finding)

    def texts(self, findings: Iterable[Finding]) -> Iterator[str]:
        """The texts of `findings`, in order."""
        return self._each(findings, str, str, str)

    def data(self, findings: Iterable[Finding], under: Bytes) -> Iterator[bytes]:
        """`texts`, encoded as `under` encodes: each template's parts encoded once; the
        holes' values (numbers, a fingerprint of hexadecimal digits) are ASCII."""
        return self._each(findings, under.encode, b"%d".__mod__, str.encode)

    def _each(
        self,
        findings: Iterable[Finding],
        encode: Callable[[str], AnyStr],
        number: Callable[[int], AnyStr],
        digits: Callable[[str], AnyStr],
    ) -> Iterator[AnyStr]:
        """The texts of `findings`, in order, each template's parts made by `encode` once,
        and its holes' values by `number` (a line) and `digits` (a fingerprint)."""
        known: dict[tuple[object, ...], Made[AnyStr]] = {}  # by distinct finding (emptied when full)
        shaped: dict[tuple[object, ...], Parts[AnyStr]] = {}  # by shape (emptied when full)
        seen: dict[Key, Occurrences] = {}  # every key's occurrences (kept: they count on)
        finding: Finding
        for finding in findings:
            line, last = finding.line, finding.end_line
            several = bool(last) and last != line
            key = (*finding[:LINE_FIELD], finding.card, finding.span, several)
            made = known.get(key)
            if made is None:
                if len(known) >= _REMEMBERED:
                    known.clear()
                parts, slots = self._shaped(finding, several, encode, shaped)
                made = known[key] = (parts, slots, occurrences_of(finding, seen))
            parts, slots, occurrences = made
            shown = number(line)
            values = (shown, number(last) if several else shown, digits(occurrences.next()))
            yield _filled(parts, slots, values)

    def _shaped(
        self,
        finding: Finding,
        several: bool,
        encode: Callable[[str], AnyStr],
        shaped: dict[tuple[object, ...], Parts[AnyStr]],
    ) -> Parts[AnyStr]:
        """The template of `finding` (on `several` lines or one), made by `encode`: that of
        its shape, made the first time the shape is met."""
        key = (*self.shape(finding), several)
        found = shaped.get(key)
        if found is None:
            if len(shaped) >= _REMEMBERED:
                shaped.clear()
            found = shaped[key] = self._made(finding, several, encode)
        return found

    def _made(self, finding: Finding, several: bool, encode: Callable[[str], AnyStr]) -> Parts[AnyStr]:
        """The template of `finding` (on `several` lines or one): its parts, made by
        `encode`, and which of `_FILLED` goes where."""
        placed = finding._replace(line=LINE, end_line=LAST if several else 0)
        template = Template(self.make(placed, FINGERPRINT), self.level)
        parts = template.parts.copy()
        slots = []
        for place, name in zip(template.places, template.names, strict=True):
            slots.append((place, _FILLED.index(name)))
            if name == FINGERPRINT:  # (a string: its quotes go with the parts around it)
                parts[place - 1] += '"'
                parts[place + 1] = '"' + parts[place + 1]
        return [encode(part) for part in parts], tuple(slots)


def _whole(finding: Finding) -> tuple[object, ...]:
    """A finding's fields but its lines."""
    return (*finding[:LINE_FIELD], finding.card, finding.span)


def _filled(parts: list[AnyStr], slots: tuple[tuple[int, int], ...], values: tuple[AnyStr, ...]) -> AnyStr:
    """A template's parts with each hole's value in its place, joined."""
    filled = parts.copy()
    for place, which in slots:
        filled[place] = values[which]
    return parts[0][:0].join(filled)


def write_findings(
    out: TextIO, template: Template, items: Items, texts: FindingTexts, findings: Iterable[Finding]
) -> None:
    """`write` the texts of `findings`, made by `texts`: encoded under `out` where it is a
    stream whose bytes can be written as UTF-8 (`utf8_under`: the holes' values are written
    in ASCII), else as text."""
    under = utf8_under(out)
    if under is None:
        write(out, template, items, texts.texts(findings))
    else:
        write_encoded(out, template, items, texts.data(findings, under), under)
