"""TL1xx: the form of a type line — dashes, spacing, letter case, faces."""

from __future__ import annotations

import re
from collections.abc import Iterator

from mtg_typeline.checks.base import Problem, entry_rules, face_check, fix, line_check, replaced, shown
from mtg_typeline.findings import Severity
from mtg_typeline.notation import CANONICAL_DASH, FACE_SEPARATOR
from mtg_typeline.parser import Face, Role, TypeLine, Word
from mtg_typeline.ruleset import RuleSet
from mtg_typeline.ruleset.provenance import CARD_TYPES, SUPERTYPES

_SPACE_RUN = re.compile(r"\s+")


def _dash_replacement(face: Face, end: int) -> str:
    """The canonical dash for the span, without a trailing space where nothing follows."""
    return CANONICAL_DASH if end < face.end else CANONICAL_DASH.rstrip()


@face_check("TL101", "dash-form", Severity.WARNING, ("subtype-syntax",), fix="safe")
def dash_form(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """The dash before the subtypes must be a long dash with a space on each side.

    Subtypes follow a long dash (U+2014, "—"). People type a hyphen, two hyphens, an en
    dash, or leave out the spaces; the line still reads unambiguously, so this is a warning
    and the corrected line is suggested.

    Okay: Creature — Goblin
    Okay: Artifact Creature — Assembly-Worker
    TL101: Creature - Goblin
    TL101: Creature -- Goblin
    TL101: Creature – Goblin
    TL101: Creature—Goblin
    """
    dash = face.dash
    if dash is None or face.start == dash.start or not face.subtypes:
        return  # a dash with nothing after it: TL104, whose fix removes it
    want = _dash_replacement(face, dash.end)
    if dash.text == want:
        return
    kind = dash.text.strip()
    what = "" if kind == "\u2014" else f" as '{shown(kind)}'"
    yield Problem(
        dash.start,
        dash.end,
        f"the dash is written{what}{_spacing(dash.text, kind)}; "
        "subtypes follow a long dash '\u2014' with one space on each side",
        rules.cite("subtype-syntax"),
        suggestion=replaced(line.text, dash.start, dash.end, want),
        fix=fix(dash.start, dash.end, want),
    )


def _spacing(text: str, kind: str) -> str:
    if text == f" {kind} ":
        return ""
    if text == kind:
        return " without spaces"
    return " with uneven spaces"


@line_check("TL102", "spacing", Severity.WARNING, ("type-line",), fix="safe")
def spacing(line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """Words are separated by single spaces, faces by ' // ', with no space at either end.

    Extra spaces, tabs, or a face separator without its spaces make a type line differ
    from the same line elsewhere in a database; the meaning is unchanged, so this is a
    warning with the corrected spacing as a fix.

    Okay: Creature — Goblin Wizard
    Okay: Instant // Sorcery
    TL102: Creature — Goblin  Wizard
    TL102: Creature — Goblin${TAB}Wizard
    TL102: Instant//Sorcery
    TL102: ${SPACE}Creature — Goblin
    TL102: Creature — Goblin${SPACE}
    """
    text = line.text
    spans = [(d.start, d.end) for face in line.faces for d in (face.dash, *face.extra_dashes) if d]
    for index, sep in enumerate(line.separators):
        spans.append((sep.start, sep.end))
        beside = (line.faces[index], line.faces[index + 1])
        if sep.text != FACE_SEPARATOR and all(_has_words(face) for face in beside):
            why = f"faces are separated by ' // ', not '{sep.text}'"
            yield _space_problem(line, rules, sep.start, sep.end, FACE_SEPARATOR, why)
    for match in _SPACE_RUN.finditer(text):
        start, end = match.span()
        if any(a <= start and end <= b for a, b in spans):
            continue  # spacing inside a dash or separator: TL101, the check above, TL104, TL106
        if start == 0 or end == len(text):
            where = "start" if start == 0 else "end"
            yield _space_problem(line, rules, start, end, "", f"white space at the {where} of the line")
        elif match.group() != " ":
            why = f"{_describe_space(match.group())} between words; one space separates them"
            yield _space_problem(line, rules, start, end, " ", why)


def _has_words(face: Face) -> bool:
    return bool(face.before or face.subtypes)


def _space_problem(line: TypeLine, rules: RuleSet, start: int, end: int, want: str, why: str) -> Problem:
    return Problem(
        start,
        end,
        why,
        rules.cite("type-line"),
        suggestion=replaced(line.text, start, end, want),
        fix=fix(start, end, want),
    )


def _describe_space(text: str) -> str:
    if text == "\t":
        return "a tab"
    if set(text) == {" "}:
        return f"{len(text)} spaces"
    if len(text) == 1:
        return f"the white space character U+{ord(text):04X}"
    return "a mix of white space characters"


@face_check("TL103", "word-case", Severity.WARNING, ("card-types", "supertypes", "list"), fix="safe")
def word_case(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """Types are written with a capital letter, exactly as the rules list them.

    A word in the wrong case (`creature`, `GOBLIN`) is still recognised; the warning gives
    the listed spelling. Either apostrophe is fine: Urza's and Urza’s are the same word.

    Okay: Land — Urza's Power-Plant
    Okay: Land — Urza’s Mine
    TL103: legendary Creature — Elf
    TL103: Creature — goblin
    TL103: token Creature — Goblin
    TL103: legendary creature — elf warrior

    A line typed all in lower case is one finding, whose suggestion writes every word as
    the rules list it.
    """
    problems = list(_case_problems(face, line, rules))
    if len(problems) > 1 and line.text == line.text.lower():
        yield _lower_case_line(line, problems)  # one finding whose suggestion is whole
    else:
        yield from problems


def _case_problems(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A problem for each word of the face not written as the rules list it."""
    for typed in face.before:
        if typed.canonical and not typed.renamed and not _same(typed.word.text, typed.canonical):
            category = CARD_TYPES if typed.role is Role.CARD_TYPE else SUPERTYPES
            added = rules.provenance.added_by(category, typed.canonical)
            rule = () if added else _rule_of_role(typed.role, rules)
            yield _case_problem(line, typed.word, typed.canonical, rule, added)
    for word in face.subtypes:
        found = rules.subtype_lists(word.text)
        if found and not _same(word.text, found[0][1]):
            added = rules.provenance.added_by(found[0][0].key, found[0][1])
            yield _case_problem(line, word, found[0][1], entry_rules(found, rules), added)


def _lower_case_line(line: TypeLine, problems: list[Problem]) -> Problem:
    """The words of a type line typed all in lower case, as one problem: a finding per word
    would each suggest a line that is still wrong in its other words."""
    start, end = min(p.start for p in problems), max(p.end for p in problems)
    want = line.text[start:end]
    for problem in sorted(problems, key=lambda p: -p.start):  # from the right: offsets stay true
        if problem.fix is not None:  # (every case problem has one)
            want = replaced(want, problem.start - start, problem.end - start, problem.fix.replacement)
    cited = tuple(dict.fromkeys(rule for problem in problems for rule in problem.rules))
    return Problem(
        start,
        end,
        f"'{shown(line.text[start:end])}' should be written '{shown(want)}'",
        cited,
        suggestion=replaced(line.text, start, end, want),
        fix=fix(start, end, want),
    )


def _same(written: str, listed: str) -> bool:
    """Equal but for the apostrophe and the white space between words (TL102's business)."""
    return " ".join(written.split()).replace("\u2019", "'") == listed.replace("\u2019", "'")


def _rule_of_role(role: Role, rules: RuleSet) -> tuple[str, ...]:
    if role is Role.CARD_TYPE:
        return (rules.card_types_rule,)
    if role is Role.SUPERTYPE:
        return (rules.supertypes_rule,)
    return ()


def _case_problem(
    line: TypeLine, word: Word, listed: str, rules: tuple[str, ...], added: str | None = None
) -> Problem:
    want = _apostrophe_as_written(listed, word.text)
    return Problem(
        word.start,
        word.end,
        f"'{shown(word.text)}' should be written '{want}'" + (f" (added by {added})" if added else ""),
        rules,
        suggestion=replaced(line.text, word.start, word.end, want),
        fix=fix(word.start, word.end, want),
    )


def _apostrophe_as_written(listed: str, written: str) -> str:
    """The listed spelling with the apostrophe the line uses (either is right: the fix
    changes the case alone)."""
    if "\u2019" in written:
        return listed.replace("'", "\u2019")
    return listed.replace("\u2019", "'") if "'" in written else listed


@face_check("TL104", "empty-subtypes", Severity.WARNING, ("subtype-syntax",), fix="safe")
def empty_subtypes(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A dash must be followed by at least one subtype.

    A type line without subtypes has no dash at all; a dash with nothing after it is a
    leftover (often from a template). The fix removes the dash.

    Okay: Artifact
    Okay: Artifact — Equipment
    TL104: Artifact —
    TL104: Artifact — // Land
    """
    if face.dash and not face.subtypes and not face.extra_dashes and face.before:
        dash = face.dash
        yield Problem(
            dash.start,
            dash.end,
            "a dash with no subtype after it",
            rules.cite("subtype-syntax"),
            suggestion=replaced(line.text, dash.start, dash.end, ""),
            fix=fix(dash.start, dash.end, ""),
        )


@face_check("TL105", "extra-dash", Severity.ERROR, ("subtype-syntax",))
def extra_dash(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A face has at most one dash, between its types and its subtypes.

    Okay: Creature — Goblin Wizard
    TL105: Creature — Goblin — Wizard
    """
    text = line.text
    for dash in face.extra_dashes:
        inside = text[dash.start - 1 : dash.start].strip() and text[dash.end : dash.end + 1].strip()
        yield Problem(
            dash.start,
            dash.end,
            "a second dash in one face; all subtypes follow the first dash",
            rules.cite("subtype-syntax"),
            suggestion=replaced(text, dash.start, dash.end, " " if inside else ""),
        )


@face_check("TL106", "empty-face", Severity.ERROR, ("type-line",))
def empty_face(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """Every face has types: ' // ' joins two complete type lines, and a dash needs them too.

    Okay: Instant // Sorcery
    TL106: Instant //
    TL106: // Sorcery
    TL106: Instant // // Sorcery
    TL106: —
    """
    if _has_words(face):
        return
    index = line.faces.index(face)
    if face.dash is not None:
        start, end, why = face.dash.start, face.dash.end, "a face with a dash and no types"
    elif len(line.faces) > 1:
        if index == 0 and not _has_words(line.faces[1]) and line.faces[1].dash is None:
            return  # the next face is empty too, and reports the same separator
        sep = line.separators[max(index - 1, 0)]
        start, end, why = sep.start, sep.end, "an empty face: ' // ' joins two complete type lines"
    else:
        return
    yield Problem(start, end, why, rules.cite("type-line"))
