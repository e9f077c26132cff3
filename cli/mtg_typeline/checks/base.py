"""What a check is, and the registry the check families add themselves to."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TypeVar

from mtg_typeline import spelling
from mtg_typeline.findings import Finding, Fix, Severity, Span
from mtg_typeline.notation import fold
from mtg_typeline.parser import Face, TypeLine
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset import Rename, RuleSet, SubtypeList
from mtg_typeline.ruleset.provenance import CARD_TYPES, SUPERTYPES

_CODE_RE = re.compile(r"^TL\d{3}$")
_NAME_RE = re.compile(r"^[a-z]+(?:-[a-z]+)*$")
MAX_SHOWN = 40  # characters of a user's word quoted in a message


class Problem(NamedTuple):
    """What a check found, before it is placed in a file: span, words and rules."""

    start: int
    end: int
    message: str
    rules: tuple[str, ...]
    suggestion: str | None = None
    fix: Fix | None = None


FaceCheck = Callable[[Face, TypeLine, RuleSet], Iterable[Problem]]
LineCheck = Callable[[TypeLine, RuleSet], Iterable[Problem]]


class Check(NamedTuple):
    """A registered check: its stable code, name, severity, what it cites, and its function.

    `cites` names what the check cites by meaning ("no-gaining", "list", …); `explain`
    resolves them against an edition. `scope` is "face", "line" or "input" (input problems
    are found while reading, not by a function). `fix` is the applicability of the fixes its
    findings may carry ("safe", "unsafe"), None when they carry none (the tests hold the
    examples' fixes to it).
    """

    code: str
    name: str
    severity: Severity
    cites: tuple[str, ...]
    doc: str
    scope: str
    face_func: FaceCheck | None = None
    line_func: LineCheck | None = None
    default: bool = True  # reported unless deselected; False: only when selected
    fix: str | None = None

    @property
    def summary(self) -> str:
        return self.doc.strip().splitlines()[0] if self.doc.strip() else ""

    def examples(self) -> tuple[tuple[str, str], ...]:
        """(label, type line) pairs from the docstring: label "Okay" or a code."""
        found = []
        for raw in self.doc.splitlines():
            label, sep, text = raw.strip().partition(": ")
            if sep and (label == "Okay" or _CODE_RE.match(label)):
                found.append((label, text))
        return tuple(found)


def finding_of(check: Check, problem: Problem, text: str) -> Finding:
    """The finding of `check` that `problem` makes in the type line `text` (at path "-",
    line 1; see `Finding.at`)."""
    return Finding(
        code=check.code,
        name=check.name,
        severity=check.severity,
        message=problem.message,
        rules=problem.rules,
        type_line=text,
        column=problem.start + 1,
        end_column=max(problem.end, problem.start + 1) + 1,
        suggestion=problem.suggestion,
        fix=problem.fix,
    )


REGISTRY: dict[str, Check] = {}

F = TypeVar("F", bound=Callable[..., Iterable[Problem]])


def _register(check: Check) -> None:
    if not _CODE_RE.match(check.code) or not _NAME_RE.match(check.name):
        raise ValueError(f"bad code or name: {check.code} {check.name}")
    if check.code in REGISTRY or any(c.name == check.name for c in REGISTRY.values()):
        raise ValueError(f"{check.code} {check.name} is registered twice")
    REGISTRY[check.code] = check


def face_check(
    code: str, name: str, severity: Severity, cites: tuple[str, ...], fix: str | None = None
) -> Callable[[F], F]:
    def decorate(func: F) -> F:
        _register(Check(code, name, severity, cites, func.__doc__ or "", "face", face_func=func, fix=fix))
        return func

    return decorate


def line_check(
    code: str, name: str, severity: Severity, cites: tuple[str, ...], fix: str | None = None
) -> Callable[[F], F]:
    def decorate(func: F) -> F:
        _register(Check(code, name, severity, cites, func.__doc__ or "", "line", line_func=func, fix=fix))
        return func

    return decorate


def input_problem(
    code: str,
    name: str,
    severity: Severity,
    doc: str,
    *,
    default: bool = True,
    fix: str | None = None,
    cites: tuple[str, ...] = (),
) -> Check:
    """Register a problem found while reading input (documented, not run on type lines)."""
    check = Check(code, name, severity, cites, doc, "input", default=default, fix=fix)
    _register(check)
    return check


# Helpers the check families share.


def shown(text: str) -> str:
    """A user's word as quoted in a message: shortened when very long."""
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "\u2026"


def article(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def either(names: Iterable[str], conj: str = "or") -> str:
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def kinds_of(lists: Iterable[tuple[SubtypeList, str]], rules: RuleSet | None = None) -> str:
    """'a land type (205.3i)' or 'an artifact type (205.3g) and a planar type (205.3n)'; an
    entry a custom rule file added has no rule: 'a creature type (added by fanset.yaml)'."""
    return either((f"{article(s.singular)} ({_origin(s, entry, rules)})" for s, entry in lists), "and")


def _origin(sublist: SubtypeList, entry: str, rules: RuleSet | None) -> str:
    added = rules.provenance.added_by(sublist.key, entry) if rules is not None else None
    return f"added by {added}" if added else sublist.rule


def list_label(sublist: SubtypeList, rules: RuleSet) -> str:
    """What a list is called by in a message: its rule, or the custom file that made it."""
    return sublist.rule or f"from {rules.provenance.lists.get(sublist.key, 'a custom rule file')}"


def entry_rules(found: Iterable[tuple[SubtypeList, str]], rules: RuleSet) -> tuple[str, ...]:
    """The rules of the lists holding an entry, leaving out lists a custom file added it to
    (the rules don't list it there)."""
    return list_rules(s for s, entry in found if not rules.provenance.added_by(s.key, entry))


def removed_note(word: str, rules: RuleSet, categories: Iterable[str] | None = None) -> str:
    """' (removed by fanset.yaml)' when a custom rule file removed `word` from one of
    `categories` (default: any subtype list), else ''."""
    if not rules.provenance.removed:
        return ""
    if categories is None:
        categories = [c for c, _ in rules.provenance.removed if c not in (CARD_TYPES, SUPERTYPES)]
    removed = rules.provenance.removed_by(categories, word)
    return f" (removed by {removed})" if removed else ""


def renamed_reason(written: str, rename: Rename, current: str, kind: str, edition: str) -> str:
    """Why a renamed word is wrong in this edition: it is the old name (the usual case), or
    the new name under an edition older than the rename."""
    if fold(current) == fold(rename.new):
        since = f" since the {rename.since} edition" if rename.since else ""
        return f"'{shown(written)}' is no longer {article(kind)}: it is now {current}{since}"
    return (
        f"'{shown(written)}' is not {article(kind)} in the {edition} edition; "
        f"it was called {current} until {rename.since}"
    )


def replaced(line: str, start: int, end: int, text: str) -> str:
    return line[:start] + text + line[end:]


def fix(start: int, end: int, replacement: str, applicability: str = "safe") -> Fix:
    return Fix(Span(start, end), replacement, applicability)


def list_rules(lists: Iterable[SubtypeList]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(s.rule for s in lists if s.rule))  # a custom file's list has none


def close_matches(word: str, candidates: Iterable[str], limit: int = 3) -> list[str]:
    """Listed words close to `word`, best first, compared case-insensitively."""
    return list(spelling.close_matches(word, tuple(candidates), limit))
