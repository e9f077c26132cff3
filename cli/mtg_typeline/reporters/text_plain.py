"""The text format unstyled (a pipe, a file, `--color never`): the characters rich would
print, built without rich, and made once for the findings of a repeated line.

A findings report of real data repeats itself: a million lines hold a few thousand
distinct ones, and a finding's text differs from place to place only in its line number.
`PlainTexts` renders each distinct finding once, with a stand-in line number of as many
digits (shown as NUL characters, which `display.printable` leaves nowhere else), and
fills that template at each place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from mtg_typeline.findings import Finding

_REMEMBERED = 16384  # templates kept (cleared when full: real data repeats a few thousand)


class Plain:
    """A text built as a rich `Text` is (`append` with a style), its styles dropped: what
    unstyled output is built of, without importing rich."""

    __slots__ = ("_parts",)

    def __init__(self) -> None:
        self._parts: list[str] = []

    def append(self, text: str, style: str = "") -> Plain:
        self._parts.append(text)
        return self

    @property
    def plain(self) -> str:
        return "".join(self._parts)


class _StandIn(int):
    """A line number that is written as NUL characters, one a digit."""

    def __str__(self) -> str:
        return "\0" * len(int.__repr__(self))

    def __format__(self, spec: str) -> str:
        return str(self)


class PlainTexts:
    """The unstyled texts of findings as `render(finding, mark)` makes them, each distinct
    finding (bar its line) rendered once for each width of line number."""

    def __init__(self, render: Callable[[Finding, str], str]) -> None:
        self.render = render
        self.templates: dict[tuple[object, ...], list[str] | None] = {}

    def texts(self, findings: Iterable[tuple[Finding, str]]) -> Iterator[str]:
        """The text of each (finding, mark)."""
        for finding, mark in findings:
            line = str(finding.line)
            key = (*finding[:11], finding.card, finding.span, finding.end_line, mark, len(line))
            parts = self.templates.get(key, ())
            if parts == ():
                parts = self._template(finding, mark, key)
            yield self.render(finding, mark) if parts is None else line.join(parts)

    def _template(self, finding: Finding, mark: str, key: tuple[object, ...]) -> list[str] | None:
        """The finding's text cut where its line number goes: it is written once in the
        header and once before the type line, if it has one. None where the text has a NUL
        elsewhere (a rule's summary could): such a finding is rendered at each place."""
        digits = len(str(finding.line))
        text = self.render(finding._replace(line=_StandIn(10 ** (digits - 1))), mark)
        cut = text.split("\0" * digits)
        whole = len(cut) == (3 if finding.type_line else 2) and "\0" not in "".join(cut)
        parts = cut if whole else None
        if len(self.templates) >= _REMEMBERED:
            self.templates.clear()
        self.templates[key] = parts
        return parts
