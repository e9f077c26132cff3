"""Inline suppressions in text inputs: a trailing `# typeline: ignore` comment silences every
finding on its line, `# typeline: ignore[TL301,TL302]` only those codes (names work too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mtg_typeline.checks import find_check
from mtg_typeline.checks.inputs import UNUSED_SUPPRESSION
from mtg_typeline.findings import Finding, Fix, Span

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
    start = suppression.start
    while start > 0 and line[start - 1] in " \t":
        start -= 1
    removal = Fix(Span(start, len(line)), "", "safe") if suppression.whole else None
    what = "" if suppression.codes is None else f"[{', '.join(sorted(suppression.codes))}]"
    unused = Finding(
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
    return (*kept, unused)
