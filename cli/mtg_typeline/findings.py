"""Findings: what a check reports, complete and immutable; and the codes of the problems
found while reading input, which modules that run on every start need without loading the
checks (the checks document them in `checks/inputs.py`)."""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from mtg_typeline.records import NamedTuple

if TYPE_CHECKING:
    from mtg_typeline.sources.base import Edit

# The name of standard input among a run's inputs, and the path of a finding placed in no file
STDIN = "-"
SAFE = "safe"  # a fix's applicability: it keeps the line's meaning (see `Fix`)

UNREADABLE = ("TL901", "unreadable-input")
NOT_TEXT = ("TL902", "not-text")
LINE_TOO_LONG = ("TL903", "line-too-long")
UNUSED_SUPPRESSION = ("TL904", "unused-suppression")
MALFORMED = ("TL905", "malformed-input")
FACES_DISAGREE = ("TL906", "faces-disagree")
FIELDS_DISAGREE = ("TL907", "type-fields-disagree")
CHANGED_ON_DISK = ("TL908", "changed-on-disk")
WRITE_FAILED = ("TL909", "write-failed")
ORACLE_MISMATCH = ("TL910", "oracle-mismatch")

INPUT_CODES = frozenset(
    {UNREADABLE[0], NOT_TEXT[0], MALFORMED[0], CHANGED_ON_DISK[0], WRITE_FAILED[0]}
)  # can't be deselected; exit status 2
DEFAULT_OFF = frozenset({UNUSED_SUPPRESSION[0]})  # reported only when selected


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return _RANKS[self]


_RANKS = {Severity.ERROR: 3, Severity.WARNING: 2, Severity.INFO: 1}


class Span(NamedTuple):
    """A range of characters in one type line: 0-based start, end exclusive."""

    start: int
    end: int


class Fix(NamedTuple):
    """An edit that corrects a finding: replace `span` of the type line by `replacement`.

    `applicability` is "safe" when the edit keeps the line's meaning (form only) and
    "unsafe" when it is a guess, such as a spelling correction. `edit`: for a type line in
    card data, the edit of the file that makes this fix alone, as its reader writes it (set
    when the finding is placed in the file; see `engine.check.writable_fixes`).
    """

    span: Span
    replacement: str
    applicability: str = SAFE
    edit: Edit | tuple[Edit, ...] | None = None

    def applies(self, unsafe: bool = False) -> bool:
        """Whether `--fix` makes this edit: a safe one always, an unsafe one with `unsafe`
        (`--unsafe-fixes`)."""
        return self.applicability == SAFE or unsafe

    def to_dict(self) -> dict[str, Any]:
        return {
            "start_column": self.span.start + 1,
            "end_column": self.span.end + 1,
            "replacement": self.replacement,
            "applicability": self.applicability,
        }


class Finding(NamedTuple):
    """One problem in one type line.

    `line` and `column` are 1-based and place the finding in its file; `end_column` is
    exclusive, on `end_line` when the words at fault run onto another line of the file (a
    type line over several lines of card data), else on `line` (`end_line` 0: on `line`;
    `last_line` reads either); columns count characters. `span` is the same place within
    `type_line` where the two differ (a type line inside card data); None when the type
    line is the file's line. `card` names the card, when the input has names. `rules` are
    CR rule numbers of the chosen edition, most specific first.
    """

    code: str
    name: str
    severity: Severity
    message: str
    rules: tuple[str, ...]
    type_line: str
    column: int
    end_column: int
    suggestion: str | None = None
    fix: Fix | None = None
    path: str = STDIN
    line: int = 1
    card: str | None = None
    span: Span | None = None
    end_line: int = 0

    def at(self, path: str, line: int) -> Finding:
        """The same finding placed at `path`, `line`, on that line alone (made as a tuple is:
        `replace`, and even the constructor, take several times as long)."""
        return tuple.__new__(Finding, (*self[:_PATH], path, line, self[_CARD], self[_SPAN], 0))

    def placed(
        self, path: str, line: int, column: int, end_line: int, end_column: int, card: str | None
    ) -> Finding:
        """This finding (placed in its type line) placed in a file of card data, from (line,
        column) up to (end_line, end_column)."""
        span = Span(self.column - 1, self.end_column - 1)
        return Finding(self.code, self.name, self.severity, self.message, self.rules,
                       self.type_line, column, end_column, self.suggestion, self.fix,
                       path, line, card, span, 0 if end_line == line else end_line)  # fmt: skip

    @property
    def last_line(self) -> int:
        """The line `end_column` is on."""
        return self.end_line or self.line

    @property
    def line_span(self) -> Span:
        """Where the finding is within `type_line`."""
        return self.span if self.span is not None else Span(self.column - 1, self.end_column - 1)

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.line, self.column, self.code)  # (as `SORT_KEY` has it)

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.last_line,
            "end_column": self.end_column,
            "card": self.card,
            "code": self.code,
            "name": self.name,
            "severity": self.severity.value,
            "message": self.message,
            "rules": list(self.rules),
            "type_line": self.type_line,
            "suggestion": self.suggestion,
            "fix": self.fix.to_dict() if self.fix else None,
        }


class Summary(NamedTuple):
    """What a run looked at and what it found."""

    files: int
    type_lines: int
    errors: int
    warnings: int
    infos: int
    fixed: int | None = None  # findings fixed by --fix (None: not fixing)
    fixed_files: int = 0
    no_type_line: int = 0  # cards the readers found with no type line
    not_cards: int = 0  # objects of card data that are no cards (a checklist card)
    not_in_oracle: int = 0  # cards --oracle found no Oracle line for (tokens among them)

    @classmethod
    def of(cls, findings: list[Finding], files: int, type_lines: int) -> Summary:
        counts = Counter(map(_SEVERITY, findings))  # (counted at C speed)
        return cls(
            files=files,
            type_lines=type_lines,
            errors=counts[Severity.ERROR],
            warnings=counts[Severity.WARNING],
            infos=counts[Severity.INFO],
        )

    def to_dict(self) -> dict[str, int]:
        counts = {
            "files": self.files,
            "type_lines": self.type_lines,
            "errors": self.errors,
            "warnings": self.warnings,
            "infos": self.infos,
        }
        if self.fixed is not None:
            counts["fixed"] = self.fixed
        if self.no_type_line:  # (only when there are some: a report is as it was without)
            counts["no_type_line"] = self.no_type_line
        if self.not_cards:
            counts["not_cards"] = self.not_cards
        if self.not_in_oracle:
            counts["not_in_oracle"] = self.not_in_oracle
        return counts


# A finding's fields before its line (`finding[:LINE_FIELD]`, up to its path): the same at
# every place of a repeated line, with its card and span
LINE_FIELD = Finding._fields.index("line")
# `Finding.sort_key` at C speed, for the many findings of a run
_PATH, _CARD, _SPAN = (Finding._fields.index(name) for name in ("path", "card", "span"))
_SEVERITY = itemgetter(Finding._fields.index("severity"))
CODE = itemgetter(Finding._fields.index("code"))
SORT_KEY = itemgetter(*(Finding._fields.index(name) for name in ("path", "line", "column", "code")))


def input_finding(
    code: tuple[str, str], path: str, message: str, line: int, column: int, end_column: int
) -> Finding:
    """A finding about the input itself (TL9xx: `code` is (code, name)): an error with no
    type line and no rule cited."""
    return Finding(code[0], code[1], Severity.ERROR, message, (), "", column, end_column,
                   path=path, line=line)  # fmt: skip
