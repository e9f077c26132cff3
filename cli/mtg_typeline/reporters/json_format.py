"""`--format json`: one JSON document, findings sorted by path, line and column.

    {"version": 1, "edition": "2026-09-25", "summary": {...}, "findings": [
    {"path": ..., "line": ..., ...},
    ...
    ]}

With custom rule files, `"rules": {"name": ..., "files": [...]}` follows `edition`.
One finding a line keeps large outputs readable with line tools and lets the encoder run
at C speed (an indented document goes through the pure-Python one, ten times slower).
A line repeated in the input has the same findings at each of its places: what follows a
finding's place in its object is encoded once (`EncodedFindings`) and written after each place.
To standard output and to a report file, whose text is written as it is, the findings are
written as UTF-8 bytes under the text stream (`reporters.bytes_under`): what follows each
place is encoded once, and the tens of megabytes of a large report are not encoded again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json.encoder import encode_basestring as _string  # (the encoder's own, at C speed)
from typing import Any, TextIO

from mtg_typeline.findings import Finding, Severity
from mtg_typeline.reporters import Bytes, ReportSettings, RunResult, utf8_under

VERSION = 1


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    rules = result.rules
    head: dict[str, object] = {"version": VERSION, "edition": rules.edition}
    if rules.provenance.files:  # custom rule files: their name for the rules, and the files
        head["rules"] = {"name": rules.name, "files": list(rules.provenance.files)}
    head["summary"] = result.summary.to_dict()
    out.write(json.dumps(head, ensure_ascii=False)[:-1] + ', "findings": [')
    findings = result.findings
    under = utf8_under(out)
    if under is not None and findings:
        out.flush()  # (what `out` holds goes first)
        data, write = EncodedFindings(under=under).data, under.stream.write
        for start in range(0, len(findings), _AT_ONCE):
            write(b",\n" if start else b"\n")
            write(b",\n".join(map(data, findings[start : start + _AT_ONCE])))
    else:
        encoded = EncodedFindings().finding
        for start in range(0, len(findings), _AT_ONCE):  # (no second copy of a large report)
            chunk = ",\n".join(map(encoded, findings[start : start + _AT_ONCE]))
            out.write(f",\n{chunk}" if start else f"\n{chunk}")
    out.write("\n]}\n")


_AT_ONCE = 1024  # findings written at once


_REMEMBERED = 16384  # finding tails kept (cleared when full: real data repeats a few thousand)


class EncodedFindings:
    """Findings as `Finding.to_dict` encodes them, byte for byte (`compact`: with the
    separators `,` and `:`, as JSON Lines has them): the place (path, line, column, end
    line) written each time, the rest (the same for every place of a repeated line) encoded
    once per distinct finding; as text (`finding`), or as the bytes a UTF-8 stream `under`
    the output is written (`data`: the rest encoded to bytes once too)."""

    def __init__(
        self, compact: bool = False, under: Bytes | None = None, clean: Callable[[str], str] = str
    ) -> None:
        self.item, self.key = (",", ":") if compact else (", ", ": ")
        self.clean = clean  # what a text's pieces (path, the rest) go through, each once
        self.paths: dict[str, str] = {}
        self.tails: dict[tuple[object, ...], str] = {}
        self.under = under
        self.checks: dict[tuple[str, str, Severity], str] = {}  # code, name, severity: their text
        self.cited: dict[tuple[str, ...], str] = {}  # rules cited: their text
        self.path_data: dict[str, bytes] = {}
        self.tail_data: dict[tuple[object, ...], bytes] = {}
        item, key = self.item, self.key
        self.column, self.end_line = f'{item}"column"{key}', f'{item}"end_line"{key}'
        self.column_data, self.end_data = self.column.encode(), self.end_line.encode()

    def finding(self, finding: Finding) -> str:
        path = self.paths.get(finding.path)
        if path is None:
            path = self.paths[finding.path] = self.clean(self._path(finding.path))
        # what `to_dict` writes after the end line: the first ten fields, and the card
        key = finding[:10] if finding.card is None else (*finding[:10], finding.card)
        tail = self.tails.get(key)
        if tail is None:
            tail = self.tails[key] = self.clean(self._tail(finding, self.tails))
        line = finding.line
        end_line = finding.end_line or line  # (`last_line`, read here at once)
        return f"{path}{line}{self.column}{finding.column}{self.end_line}{end_line}{self.item}{tail}"

    def data(self, finding: Finding) -> bytes:
        """`finding`'s text as the bytes `under` writes (UTF-8): the place written in ASCII
        each time, between its path and the rest, each encoded once."""
        assert self.under is not None
        path = self.path_data.get(finding.path)
        if path is None:
            path = self.path_data[finding.path] = self.under.encode(self.clean(self._path(finding.path)))
        key = finding[:10] if finding.card is None else (*finding[:10], finding.card)
        tail = self.tail_data.get(key)
        if tail is None:
            tail = self.tail_data[key] = self.under.encode(
                self.clean(self.item + self._tail(finding, self.tail_data))
            )
        line = finding.line
        end_line = finding.end_line or line  # (the place in ASCII, formatted with the rest at once)
        column, end = self.column_data, self.end_data
        return b"%b%d%b%d%b%d%b" % (path, line, column, finding.column, end, end_line, tail)

    def _path(self, path: str) -> str:
        """What the text of a finding at `path` starts with, up to its line."""
        return f'{{"path"{self.key}{_string(path)}{self.item}"line"{self.key}'

    def _tail(self, finding: Finding, kept: dict[tuple[object, ...], Any]) -> str:
        """What `to_dict` encodes after the end line, written field by field (as the encoder
        writes each: strings by its own function, at C speed), without the `to_dict` and
        the encoder's walk over it, which take three times as long. What the findings of a
        check share (its code, name and severity; the rules cited) is encoded once."""
        item, sep, text = self.item, self.key, _string
        (code, name, severity, message, rules, type_line, _, end_column, suggestion, fix) = finding[:10]
        check = self.checks.get((code, name, severity))
        if check is None:
            check = self.checks[(code, name, severity)] = (
                f'{item}"code"{sep}{text(code)}{item}"name"{sep}{text(name)}'
                f'{item}"severity"{sep}{text(severity.value)}{item}"message"{sep}'
            )
        cited = self.cited.get(rules)
        if cited is None:
            listed = item.join(map(text, rules))
            cited = self.cited[rules] = f'{item}"rules"{sep}[{listed}]{item}"type_line"{sep}'
        if fix is None:
            fixed = "null"
        else:
            fixed = (
                f'{{"start_column"{sep}{fix.span.start + 1}{item}"end_column"{sep}{fix.span.end + 1}'
                f'{item}"replacement"{sep}{text(fix.replacement)}'
                f'{item}"applicability"{sep}{text(fix.applicability)}}}'
            )
        card = finding.card
        tail = (
            f'"end_column"{sep}{end_column}{item}"card"{sep}{"null" if card is None else text(card)}'
            f"{check}{text(message)}{cited}{text(type_line)}"
            f'{item}"suggestion"{sep}{"null" if suggestion is None else text(suggestion)}'
            f'{item}"fix"{sep}{fixed}}}'
        )
        if len(kept) >= _REMEMBERED:  # (the caller keeps the new one)
            kept.clear()
        return tail
