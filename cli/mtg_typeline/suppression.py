"""Inline suppressions: a trailing `# typeline: ignore` comment silences every finding on its
line, `# typeline: ignore[TL301,TL302]` only those codes (names work too). In text inputs the
comment is part of the line; in YAML card files it follows the type-line value, and its
reader hands it over (`sources.base.Comment`) for `Directives` to apply.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from mtg_typeline.checks import find_check
from mtg_typeline.checks.inputs import UNUSED_SUPPRESSION
from mtg_typeline.findings import Finding, Fix, Span

if TYPE_CHECKING:
    from mtg_typeline.sources.base import Comment

_DIRECTIVE = re.compile(r"#\s*typeline:\s*ignore\b(?:\s*\[(?P<codes>[^\]]*)\])?(?![\w\[])", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Suppression:
    """A directive on one line: the codes it names (empty: every code) and where it stands."""

    codes: frozenset[str] | None  # None: every code (no list given)
    start: int  # of the directive, 0-based in the line
    end: int
    whole: bool  # the comment is the directive and nothing else

    def covers(self, code: str) -> bool:
        """Whether the directive names `code` (or every code, or a prefix such as TL3)."""
        if self.codes is None or code in self.codes:
            return True
        return any(len(given) < len(code) and code.startswith(given) for given in self.codes)


@lru_cache(maxsize=1024)  # card data repeats its comments (the same directive on many values)
def find_suppression(comment: str, offset: int) -> Suppression | None:
    """The directive in `comment` (the line's text from its `#`, found at `offset`)."""
    match = _DIRECTIVE.search(comment)
    if match is None:
        return None
    listed = match.group("codes")
    codes = None
    if listed is not None:  # `ignore[]` names nothing, so it silences nothing
        names = [n.strip() for n in listed.split(",") if n.strip()]
        codes = frozenset((check.code if (check := find_check(n)) else n.upper()) for n in names)
    whole = not comment[: match.start()].strip() and not comment[match.end() :].strip()
    return Suppression(codes, offset + match.start(), offset + match.end(), whole)


def apply(suppression: Suppression, findings: tuple[Finding, ...], line: str) -> tuple[Finding, ...]:
    """The findings the directive leaves, plus TL904 if it silenced nothing.

    TL904 is off unless selected; whether it is reported is for the selection filter."""
    kept = tuple(f for f in findings if not suppression.covers(f.code))
    if len(kept) < len(findings):
        return kept
    return (*kept, unused(suppression, line))


def unused(suppression: Suppression, line: str, *, removable: bool = True) -> Finding:
    """TL904 for a directive that silences nothing on `line`; with a fix that removes it
    when it is the whole comment and `removable` (a text file's line: the fix is made on the
    line as the checks see it)."""
    start = suppression.start
    while start > 0 and line[start - 1] in " \t":
        start -= 1
    removal = Fix(Span(start, len(line)), "", "safe") if suppression.whole and removable else None
    what = "" if suppression.codes is None else f"[{', '.join(sorted(suppression.codes))}]"
    return Finding(
        code=UNUSED_SUPPRESSION.code,
        name=UNUSED_SUPPRESSION.name,
        severity=UNUSED_SUPPRESSION.severity,
        message=f"the suppression '# typeline: ignore{what}' suppresses nothing on this line",
        rules=(),
        type_line=line,
        column=suppression.start + 1,
        end_column=suppression.end + 1,
        suggestion=line[:start] if removal else None,
        fix=removal,
    )


def silenced_by(comment: Comment | None) -> Callable[[str], bool]:
    """Whether a code is silenced by the directive in `comment` (a card-data value's: see
    `sources.base.Comment`), for the fixer: a silenced finding is not fixed either."""
    directive = None if comment is None else find_suppression(comment.text[comment.start :], comment.start)
    return directive.covers if directive is not None else _nothing


def _nothing(code: str) -> bool:
    return False


class Directives:
    """The suppressions in the comments of one input's card-data values (`sources.base.
    Comment`), each on its line: they silence the findings of every value of their line (a
    flow collection can put several on one), and one that silenced nothing on its line is
    TL904, told once all the input's values are checked (`unused`). Its fix is not offered:
    the fixer edits type-line values, and the comment is beside the value."""

    def __init__(self) -> None:
        # (path, line) -> the directive (None: a comment without one), whether it silenced
        # something, and the comment and card it was met with
        self.lines: dict[tuple[str, int], tuple[Suppression | None, bool, Comment, str | None]] = {}

    def filter(self, comment: Comment, findings: list[Finding], path: str, card: str | None) -> list[Finding]:
        """The `findings` of a value (placed at `path`) that the directive on its line leaves."""
        key = (path, comment.line)
        if key not in self.lines:
            directive = find_suppression(comment.text[comment.start :], comment.start)
            self.lines[key] = (directive, False, comment, card)
        directive, used, _, first_card = self.lines[key]
        if directive is None:
            return findings
        kept = [finding for finding in findings if not directive.covers(finding.code)]
        if len(kept) < len(findings) and not used:
            self.lines[key] = (directive, True, comment, first_card)
        return kept

    def unused(self) -> list[Finding]:
        """TL904 for each directive that silenced nothing, at the directive."""
        return [
            unused(directive, comment.text, removable=False)._replace(path=path, line=line, card=card)
            for (path, line), (directive, used, comment, card) in self.lines.items()
            if directive is not None and not used
        ]
