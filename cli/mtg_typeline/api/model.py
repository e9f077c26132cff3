"""The public records of the Python API: frozen dataclasses with keyword fields, each with a
stable `to_dict()`.

They are made at the API's boundary from the pipeline's own records (`findings.Finding`, a
NamedTuple): a run of a million lines builds tens of thousands of findings, and a NamedTuple
is several times quicker to build than a frozen dataclass, so the command line keeps its
records and only what the API hands out is converted (`api.convert`).

Places are given three ways, so that every kind of caller can use them: 1-based lines;
columns counted in characters (as the command line reports them) and in UTF-16 code units
(as editors and the Language Server Protocol count them by default), 1-based, the end
exclusive; and 0-based character offsets into the input's text (None where the input is no
text, such as a zipped Magic Set Editor set, or the place is in another file of a set).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from mtg_typeline.findings import INPUT_CODES, SAFE, Severity


@dataclass(frozen=True, slots=True, kw_only=True)
class Place:
    """A range of the input: from (`line`, `column`) up to (`end_line`, `end_column`), end
    exclusive; columns in characters and, as `utf16_column`/`utf16_end_column`, in UTF-16
    code units; `offset`/`end_offset` the same range as character offsets into the text."""

    line: int
    column: int
    end_line: int
    end_column: int
    utf16_column: int
    utf16_end_column: int
    offset: int | None = None
    end_offset: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)  # (every field a number or None, in the order above)


@dataclass(frozen=True, slots=True, kw_only=True)
class Edit:
    """A change to the input: replace the text at `place` by `text` (written in the input's
    own notation: quoted and escaped as its format needs). `path` is the file it changes,
    which is the input but for a card file of an unzipped Magic Set Editor set."""

    place: Place
    text: str
    path: str

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, **self.place.to_dict(), "text": self.text}


@dataclass(frozen=True, slots=True, kw_only=True)
class Fix:
    """How a finding is fixed: `replacement` for characters `start`–`end` (0-based, end
    exclusive) of the type line, and the same as `edits` of the input (made together; empty
    where the fix can't be written into the input). `applicability` is "safe" (form only:
    `--fix` makes it) or "unsafe" (a guess: `--fix --unsafe-fixes`)."""

    replacement: str
    start: int
    end: int
    applicability: str
    edits: tuple[Edit, ...] = ()

    @property
    def safe(self) -> bool:
        return self.applicability == SAFE

    def applies(self, unsafe: bool = False) -> bool:
        """Whether `--fix` makes it (with `unsafe`: `--fix --unsafe-fixes`)."""
        return self.safe or unsafe

    def to_dict(self) -> dict[str, Any]:
        return {
            "replacement": self.replacement,
            "start": self.start,
            "end": self.end,
            "applicability": self.applicability,
            "edits": [edit.to_dict() for edit in self.edits],
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """One problem: its `code` (TL304) and `name`, `severity`, `message`, the CR `rules` it
    cites (most specific first), its `place` in `path`, the `type_line` it is about (empty
    for a problem of the input itself), the `card` it is on where the input names cards, a
    `suggestion` and a `fix`, where there is one."""

    code: str
    name: str
    severity: Severity
    message: str
    rules: tuple[str, ...]
    place: Place
    path: str
    type_line: str = ""
    card: str | None = None
    suggestion: str | None = None
    fix: Fix | None = None

    @property
    def line(self) -> int:
        return self.place.line

    @property
    def column(self) -> int:
        return self.place.column

    @property
    def end_line(self) -> int:
        return self.place.end_line

    @property
    def end_column(self) -> int:
        return self.place.end_column

    @property
    def input_problem(self) -> bool:
        """A problem of the input itself (TL9xx: unreadable, malformed, data that disagrees
        with itself), not of a type line against the rules."""
        return self.code.startswith("TL9")

    @property
    def stops_run(self) -> bool:
        """An input that could not be read (TL901, TL902, TL905, …): exit status 2."""
        return self.code in INPUT_CODES

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "severity": self.severity.value,
            "message": self.message,
            "rules": list(self.rules),
            "path": self.path,
            "place": self.place.to_dict(),
            "type_line": self.type_line,
            "card": self.card,
            "suggestion": self.suggestion,
            "fix": self.fix.to_dict() if self.fix is not None else None,
        }


@dataclass(frozen=True, kw_only=True)
class Report:
    """What a check of one input found: the `findings` (sorted by place, as the command line
    reports them), what the summary counts, the command line's warnings (what it would say
    on standard error, each a line), and the exit status it would end with. `path` is the
    path given (None: a text given with no path)."""

    path: str | None
    findings: tuple[Finding, ...]
    type_lines: int
    no_type_line: int = 0
    not_cards: int = 0
    not_in_oracle: int = 0
    warnings: tuple[str, ...] = ()
    exit_status: int = 0
    _fixed: Callable[[bool], bytes] = field(repr=False, compare=False, default=lambda unsafe: b"")

    @property
    def problems(self) -> tuple[Finding, ...]:
        """The problems of the input itself (TL9xx)."""
        return tuple(f for f in self.findings if f.input_problem)

    @property
    def rule_findings(self) -> tuple[Finding, ...]:
        """The findings about type lines against the rules (TL1xx–TL3xx)."""
        return tuple(f for f in self.findings if not f.input_problem)

    @property
    def fixable(self) -> tuple[Finding, ...]:
        """The findings with a fix that can be written into the input."""
        return tuple(f for f in self.findings if f.fix is not None and f.fix.edits)

    def fixed_bytes(self, unsafe: bool = False) -> bytes:
        """The input with its fixes made: the bytes `typeline check --fix` writes (with
        `unsafe`: `--fix --unsafe-fixes`). Nothing is written anywhere."""
        return self._fixed(unsafe)

    def fixed_text(self, unsafe: bool = False) -> str:
        """`fixed_bytes` as text (UTF-8; bytes that are not UTF-8 kept as lone surrogates,
        which `str.encode("utf-8", "surrogateescape")` gives back)."""
        return self._fixed(unsafe).decode("utf-8", "surrogateescape")

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "findings": [finding.to_dict() for finding in self.findings],
            "summary": {
                "type_lines": self.type_lines,
                "no_type_line": self.no_type_line,
                "not_cards": self.not_cards,
                "not_in_oracle": self.not_in_oracle,
            },
            "warnings": list(self.warnings),
            "exit_status": self.exit_status,
        }
