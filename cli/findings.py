"""Findings: what a check reports, complete and immutable."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple


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
    "unsafe" when it is a guess, such as a spelling correction.
    """

    span: Span
    replacement: str
    applicability: str = "safe"

    def to_dict(self) -> dict[str, Any]:
        return {
            "start_column": self.span.start + 1,
            "end_column": self.span.end + 1,
            "replacement": self.replacement,
            "applicability": self.applicability,
        }


class Finding(NamedTuple):
    """One problem in one type line.

    `line` and `column` are 1-based; `end_column` is exclusive; columns count characters.
    `rules` are CR rule numbers of the chosen edition, most specific first.
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
    path: str = "-"
    line: int = 1

    def at(self, path: str, line: int) -> Finding:
        """The same finding placed at `path`, `line` (a plain call: `replace` is slow)."""
        return Finding(self.code, self.name, self.severity, self.message, self.rules,
                       self.type_line, self.column, self.end_column, self.suggestion, self.fix,
                       path, line)  # fmt: skip

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.line, self.column, self.code)

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_column": self.end_column,
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

    @classmethod
    def of(cls, findings: list[Finding], files: int, type_lines: int) -> Summary:
        counts = dict.fromkeys(Severity, 0)
        for finding in findings:
            counts[finding.severity] += 1
        return cls(
            files=files,
            type_lines=type_lines,
            errors=counts[Severity.ERROR],
            warnings=counts[Severity.WARNING],
            infos=counts[Severity.INFO],
        )

    def to_dict(self) -> dict[str, int]:
        return {
            "files": self.files,
            "type_lines": self.type_lines,
            "errors": self.errors,
            "warnings": self.warnings,
            "infos": self.infos,
        }


def input_finding(
    code: tuple[str, str], path: str, message: str, line: int, column: int, end_column: int
) -> Finding:
    """A finding about the input itself (TL9xx: `code` is (code, name)): an error with no
    type line and no rule cited."""
    return Finding(code[0], code[1], Severity.ERROR, message, (), "", column, end_column,
                   path=path, line=line)  # fmt: skip
