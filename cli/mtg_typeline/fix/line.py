"""Fixing one type line: apply the findings' fixes, round after round, until none is left.

Each round takes the findings whose fix applies (safe ones; unsafe ones too when asked),
picks edits that neither overlap nor touch (in order of position: one that meets an edit
already picked waits for the next round, when its finding, if it is still there, carries
an edit measured on the new line), applies them from the end and checks the line again.
A line may follow only if it keeps its number of faces and has no more errors; when the
edits together break that, they are tried one by one and those that break it are left
out. Fixing stops when nothing applicable is left, when no edit can be made, or after
`MAX_ROUNDS` (then with the best line met: fewest errors, then fewest findings).

Fixing is idempotent: the result has no applicable fix left, or only fixes that can't be
made (`LineFix.settled` tells), so fixing it again changes nothing (the one exception: a
line whose fixes still undo one another after `MAX_ROUNDS`, which no real line has shown).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from mtg_typeline.findings import Finding, Fix, Severity
from mtg_typeline.records import NamedTuple

MAX_ROUNDS = 10
Findings = Callable[[str], Sequence[Finding]]  # the (selected) findings of a line


class LineFix(NamedTuple):
    """The outcome of fixing one line.

    `fixed` counts the findings whose fix was applied (findings with the same edit count
    each); `settled` is False when fixing stopped with an applicable fix still left (one
    that can't be made, or the rounds ran out: `text` is then the best line met)."""

    text: str
    findings: tuple[Finding, ...]  # those of `text`
    fixed: int = 0
    settled: bool = True


def applicable(findings: Iterable[Finding], unsafe: bool = False) -> list[Finding]:
    """The findings whose fix `--fix` applies (with `unsafe`: `--unsafe-fixes` too)."""
    return [f for f in findings if f.fix is not None and f.fix.applies(unsafe)]


def fix_line(
    text: str, findings_of: Findings, unsafe: bool = False, found: Sequence[Finding] | None = None
) -> LineFix:
    """Fix `text`, whose findings `findings_of` gives (`found`: those already known)."""
    current = LineFix(text, tuple(findings_of(text) if found is None else found))
    best = current
    for _ in range(MAX_ROUNDS):
        todo = applicable(current.findings, unsafe)
        if not todo:
            return current._replace(settled=True)
        step = _round(current, todo, findings_of)
        if step is None:
            return current._replace(settled=False)
        current = step
        if _score(current) <= _score(best):
            best = current
    if applicable(current.findings, unsafe):
        return best._replace(settled=False)
    return current


def _score(state: LineFix) -> tuple[int, int]:
    return (_errors(state.findings), len(state.findings))


def _round(state: LineFix, todo: list[Finding], findings_of: Findings) -> LineFix | None:
    """The line after one round of edits, or None when no edit of it can be made.

    The edits are made together when the result is acceptable (see `_accepted`); otherwise
    one by one from the end, each kept only if the line is still acceptable with it (an edit
    refused waits: if it is refused again on the next round, with nothing else changing,
    the fixing stops there, and fixing the result again stops at once)."""
    edits = choose(todo)
    found = _accepted(state, apply(state.text, edits), findings_of)
    if found is not None:
        return LineFix(found[0], found[1], state.fixed + sum(1 for f in todo if f.fix in edits))
    current, made = state, 0
    for edit in reversed(edits):
        step = _accepted(current, apply(current.text, [edit]), findings_of)
        if step is not None:
            current = LineFix(step[0], step[1])
            made += sum(1 for f in todo if f.fix == edit)
    return None if not made else LineFix(current.text, current.findings, state.fixed + made)


def _accepted(state: LineFix, text: str, findings_of: Findings) -> tuple[str, tuple[Finding, ...]] | None:
    """`text` and its findings, if it may follow `state`: it differs, has as many faces and
    no more errors."""
    if text == state.text or _faces(text) != _faces(state.text):
        return None
    found = tuple(findings_of(text))
    return None if _errors(found) > _errors(state.findings) else (text, found)


def choose(todo: Iterable[Finding]) -> list[Fix]:
    """Edits that neither overlap nor touch, in order of position (findings with one and
    the same edit share it)."""
    fixes = sorted({f.fix for f in todo if f.fix is not None}, key=lambda x: (x.span, x.replacement))
    picked: list[Fix] = []
    end = -1
    for fix in fixes:
        if fix.span.start <= end:
            continue  # it meets an edit already picked: next round
        picked.append(fix)
        end = fix.span.end
    return picked


def apply(text: str, edits: Sequence[Fix]) -> str:
    """`text` with the edits (sorted, apart) applied from the end."""
    for edit in sorted(edits, key=lambda x: x.span.start, reverse=True):
        text = text[: edit.span.start] + edit.replacement + text[edit.span.end :]
    return text


def _errors(findings: Iterable[Finding]) -> int:
    return sum(1 for f in findings if f.severity is Severity.ERROR)


def _faces(text: str) -> int:
    return text.count("//")
