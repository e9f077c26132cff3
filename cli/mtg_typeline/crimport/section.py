"""A Comprehensive Rules text read down to its type-line section: bytes to lines, the
effective date the text states, and the rules of the section (`Section`), each with the line
it starts on. The first step of the importer.

The published texts come in several encodings and line-end conventions, sometimes gzipped;
this module hides all of that, so `mtg_typeline.crimport.facts` sees numbered rules only.
Every error names `source:line`.
"""

from __future__ import annotations

import codecs
import gzip
import re
import zlib
from dataclasses import dataclass
from datetime import date

from mtg_typeline.errors import RulesDataError

_LINE_END = re.compile(r"\r\n|\r|\n")
_HEADING = re.compile(r"^(\d{3})\.\s+Type Line\s*$")
_ANY_HEADING = re.compile(r"^(?:\d{3}\.|\d{1,2}\.)\s+\S|^Glossary\s*$")
_RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s+(.*)$")
_STATED_DATE = re.compile(r"effective as of ([A-Z][a-z]+) (\d{1,2}), (\d{4})")
_NOTE_DATE = re.compile(
    r"^Effective date:.*?(?:\((\d{4})-(\d{2})-(\d{2})\)|([A-Z][a-z]+) (\d{1,2}), (\d{4}))"
)
_MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip


@dataclass(frozen=True)
class Rule:
    """One numbered rule of the section: its number, its text (continuation lines joined,
    examples left out) and the 1-based line it starts on."""

    number: str
    text: str
    line: int


@dataclass(frozen=True)
class Section:
    """The type-line section of one CR text."""

    source: str
    number: str  # "205", or "204" before 2011-09-30
    line: int  # the line of the heading
    rules: tuple[Rule, ...]

    def fail(self, line: int, message: str) -> RulesDataError:
        return RulesDataError(f"{self.source}:{line}: {message}")


MOST_INFLATED = 64 << 20  # bytes a gzipped CR text may inflate to (a whole text is about 1 MB)


def _gunzipped(data: bytes, source: str) -> bytes:
    """The bytes of gzipped `data` (one member or several, as `gzip.decompress` reads them),
    inflated no further than `MOST_INFLATED`: past that it is no CR text (a gzip bomb)."""
    pieces: list[bytes] = []
    left = MOST_INFLATED
    while data:
        if data[:2] != b"\x1f\x8b":
            raise gzip.BadGzipFile("Not a gzipped file")
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
        piece = inflate.decompress(data, left + 1)
        if len(piece) > left or inflate.unconsumed_tail:
            raise RulesDataError(f"{source}: inflates to more than {MOST_INFLATED >> 20} MiB: not a CR text")
        if not inflate.eof:
            raise EOFError("Compressed file ended before the end-of-stream marker was reached")
        pieces.append(piece)
        left -= len(piece)
        data = inflate.unused_data.lstrip(b"\x00")  # (zeros padding a member, as gzip reads past them)
    return b"".join(pieces)


def decode(data: bytes, source: str) -> str:
    """The text of a CR file: gunzipped if gzip, decoded by its byte-order mark, else as
    UTF-8, else as Windows-1252 (the older texts' curly quotes are bytes 0x91-0x94)."""
    if data[:2] == b"\x1f\x8b":
        try:
            data = _gunzipped(data, source)
        except (OSError, EOFError, zlib.error) as exc:
            raise RulesDataError(f"{source}: not a readable gzip file: {exc}") from None
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _decode(data, "utf-16", source)
    if data.startswith(codecs.BOM_UTF8):
        return _decode(data[len(codecs.BOM_UTF8) :], "utf-8", source)
    bomless = _bomless_utf16(data)
    if bomless:
        return _decode(data, bomless, source)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return _decode(data, "cp1252", source)


def _bomless_utf16(data: bytes) -> str | None:
    """UTF-16 without a byte-order mark, told by the zero bytes of its (ASCII) first characters."""
    head = data[:200]
    even, odd = head[0::2], head[1::2]
    if len(head) < 2:
        return None
    if all(even) and not any(odd):
        return "utf-16-le"
    if all(odd) and not any(even):
        return "utf-16-be"
    return None


def _decode(data: bytes, encoding: str, source: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].decode(encoding, "replace").count("\n") + 1
        raise RulesDataError(
            f"{source}:{line}: cannot decode the text as {encoding} (byte 0x{data[exc.start]:02x})"
        ) from None


def split_lines(text: str) -> list[str]:
    """Lines, whatever mixture of CR, LF and CRLF ends them (CRLF counts as one end)."""
    return _LINE_END.split(text)


def notes_end(lines: list[str]) -> int:
    """How many leading lines are provenance notes (`#` or `Effective date:` lines, and blank
    lines among them) rather than CR text: only section-only files have them."""
    count = 0
    for line in lines:
        if line.startswith("#") or line.startswith("Effective date:") or not line.strip():
            count += 1
        else:
            break
    return count


def effective_date(lines: list[str], source: str) -> str:
    """The effective date the text states ("These rules are effective as of …"), or, in a
    file without that sentence, the date of its `Effective date:` note; YYYY-MM-DD."""
    first = notes_end(lines)
    stated = _first_date(lines, first, len(lines), _STATED_DATE, source)
    noted = _first_date(lines, 0, first, _NOTE_DATE, source)
    if stated and noted and stated[0] != noted[0]:
        raise RulesDataError(
            f"{source}:{noted[1]}: the note gives the effective date {noted[0]}, "
            f"but line {stated[1]} states {stated[0]}"
        )
    found = stated or noted
    if found is None:
        raise RulesDataError(
            f"{source}:1: no effective date: neither 'These rules are effective as of <Month D, YYYY>' "
            "nor an 'Effective date:' note"
        )
    return found[0]


def _first_date(
    lines: list[str], start: int, stop: int, pattern: re.Pattern[str], source: str
) -> tuple[str, int] | None:
    for index in range(start, stop):
        match = pattern.search(lines[index])
        if match:
            return _iso_date(match.groups(), source, index + 1), index + 1
    return None


def _iso_date(groups: tuple[str | None, ...], source: str, line: int) -> str:
    parts = [g for g in groups if g is not None]
    try:
        if parts[0].isdigit():
            year, month, day = (int(p) for p in parts)
        else:
            month, day, year = _MONTHS.index(parts[0]) + 1, int(parts[1]), int(parts[2])
        return date(year, month, day).isoformat()
    except ValueError:
        raise RulesDataError(f"{source}:{line}: {' '.join(parts)!r} is not a date") from None


def find_section(lines: list[str], source: str, first: int = 0) -> Section:
    """The type-line section, found by its title: the "NNN. Type Line" heading that a rule
    NNN.1 follows (the table of contents has the heading too, without rules after it)."""
    for index in range(first, len(lines)):
        match = _HEADING.match(lines[index])
        if match and _next_text(lines, index + 1).startswith(f"{match.group(1)}.1"):
            return _read_section(lines, index, match.group(1), source)
    raise RulesDataError(
        f"{source}:1: no type-line section: no heading like '205. Type Line' followed by its rules"
    )


def _next_text(lines: list[str], start: int) -> str:
    return next((line for line in lines[start:] if line.strip()), "")


def _read_section(lines: list[str], heading: int, number: str, source: str) -> Section:
    rules: list[tuple[str, list[str], int]] = []
    for index in range(heading + 1, len(lines)):
        line = lines[index]
        match = _RULE.match(line)
        if match and match.group(1).startswith(f"{number}."):
            rules.append((match.group(1), [match.group(2).strip()], index + 1))
        elif _ANY_HEADING.match(line) or _RULE.match(line):
            break
        elif rules and line.strip() and not line.startswith("Example:"):
            rules[-1][1].append(line.strip())
    built = tuple(Rule(num, " ".join(parts), at) for num, parts, at in rules)
    return Section(source=source, number=number, line=heading + 1, rules=built)
