"""Inline suppressions in text inputs: a trailing `# typeline: ignore` comment silences every
finding on its line, `# typeline: ignore[TL301,TL302]` only those codes (names work too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mtg_typeline.checks import find_check
from mtg_typeline.checks.inputs import UNUSED_SUPPRESSION
from mtg_typeline.findings import Finding, Fix, Span

_DIRECTIVE = re.compile(r"#\s*typeline:\s*ignore(?:\[(?P<codes>[^\]]*)\])?", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Suppression:
    """A directive on one line: the codes it names (empty: every code) and where it stands."""

    codes: frozenset[str]
    start: int  # of the directive, 0-based in the line
    end: int
    whole: bool  # the comment is the directive and nothing else

    def covers(self, code: str) -> bool:
        return not self.codes or code in self.codes


def find_suppression(comment: str, offset: int) -> Suppression | None:
    """The directive in `comment` (the line's text from its `#`, found at `offset`)."""
    match = _DIRECTIVE.search(comment)
    if match is None:
        return None
    names = [n.strip() for n in (match.group("codes") or "").split(",") if n.strip()]
    codes = set()
    for name in names:
        check = find_check(name)
        codes.add(check.code if check else name.upper())
    whole = not comment[: match.start()].strip() and not comment[match.end() :].strip()
    return Suppression(frozenset(codes), offset + match.start(), offset + match.end(), whole)


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
    what = f"[{', '.join(sorted(suppression.codes))}]" if suppression.codes else ""
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
