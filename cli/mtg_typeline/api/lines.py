"""`check_line` and `check_lines`, the API's checks of type lines given one by one: the
checker's findings (`checker.check_line`, `checker.check_lines`) as the API's records, placed
in the lines given (line 1 for one line; its number for each of many)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from mtg_typeline import checker
from mtg_typeline.api.convert import Coordinates, public
from mtg_typeline.api.model import Finding
from mtg_typeline.ruleset import RuleSet


def check_line(text: str, rules: RuleSet | None = None) -> list[Finding]:
    """Findings for one type line under `rules` (default: the newest shipped edition)."""
    place = Coordinates(text)
    return [public(found, lambda _: place) for found in checker.check_line(text, rules)]


def check_lines(lines: Iterable[str], rules: RuleSet | None = None) -> Iterator[Finding]:
    """Findings for many type lines, each placed at its 1-based position in `lines` (a line
    break at the end of a line is left out, as a file's lines are read)."""
    current = [""]  # the line whose findings come next: the checker yields them before reading on

    def read() -> Iterator[str]:
        for text in lines:
            current[0] = text.rstrip("\r\n")
            yield text

    for found in checker.check_lines(read(), rules):
        place = Coordinates(current[0], found.line, offsets=False)
        yield public(found, lambda _: place)  # noqa: B023 (used at once)
