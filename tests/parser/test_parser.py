"""The parser: faces, typed words, dashes and grouped subtypes, each with an exact span.

Example-based tests pin the groupings that others got wrong (planes split on spaces,
"Time Lord" in two or matched by prefix, "Planeswalker" taken for "Plane", hyphenated types
split); property tests hold the parser and the checks to "never raise, spans always exact"
on arbitrary text.
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from conftest import property_settings
from hypothesis import given
from hypothesis import strategies as st

from mtg_typeline.checker import MAX_LINE_CHARS, Checker
from mtg_typeline.checks import CHECKS
from mtg_typeline.parser import Dash, Face, Role, TypeLine, Word, parse
from mtg_typeline.ruleset import RuleSet, load_rules

NEWEST = "2026-09-25"
OLDEST = "2020-08-07"
SEVERITY = {c.code: c.severity for c in CHECKS}


@cache
def rules(edition: str = NEWEST) -> RuleSet:
    return load_rules(edition)


@cache
def checker(edition: str = NEWEST) -> Checker:
    return Checker(rules(edition))


def parsed(text: str, edition: str = NEWEST) -> TypeLine:
    line = parse(text, rules(edition))
    assert_spans(line)
    return line


def one_face(text: str, edition: str = NEWEST) -> Face:
    line = parsed(text, edition)
    assert len(line.faces) == 1
    return line.faces[0]


def texts(words: tuple[Word, ...]) -> list[str]:
    return [w.text for w in words]


def before(face: Face) -> list[tuple[str, Role, str | None]]:
    return [(t.word.text, t.role, t.canonical) for t in face.before]


def spans_of(line: TypeLine) -> list[Word | Dash]:
    found: list[Word | Dash] = list(line.separators)
    for face in line.faces:
        found += [t.word for t in face.before]
        found += [d for d in (face.dash, *face.extra_dashes) if d is not None]
        found += face.subtypes
    return found


def assert_spans(line: TypeLine) -> None:
    """Every span is exact, inside the line, and faces and separators tile the line."""
    text = line.text
    for item in spans_of(line):
        assert 0 <= item.start <= item.end <= len(text)
        assert text[item.start : item.end] == item.text
    assert len(line.faces) == len(line.separators) + 1
    assert line.faces[0].start == 0
    assert line.faces[-1].end == len(text)
    for face, sep, following in zip(line.faces[:-1], line.separators, line.faces[1:], strict=True):
        assert face.end == sep.start
        assert sep.end == following.start
    for face in line.faces:
        assert text[face.start : face.end] == face.text
        inside = [t.word for t in face.before] + [d for d in (face.dash, *face.extra_dashes) if d]
        inside += face.subtypes
        ordered = sorted(inside, key=lambda w: w.start)
        for item in ordered:
            assert face.start <= item.start <= item.end <= face.end
        for left, right in itertools.pairwise(ordered):
            assert left.end <= right.start
        for typed in face.before:  # one word, or a listed subtype of several left before its dash
            assert typed.word.text == typed.word.text.strip() and typed.word.text
            assert typed.role is Role.OTHER or not any(c.isspace() for c in typed.word.text)
        for word in face.subtypes:
            assert word.text == word.text.strip() and word.text


# --------------------------------------------------------------------------
# Faces and words
# --------------------------------------------------------------------------


def test_a_full_face() -> None:
    face = one_face("Legendary Artifact Creature — Human Time Lord")
    assert before(face) == [
        ("Legendary", Role.SUPERTYPE, "Legendary"),
        ("Artifact", Role.CARD_TYPE, "Artifact"),
        ("Creature", Role.CARD_TYPE, "Creature"),
    ]
    assert face.dash is not None
    assert face.dash.text == " — "
    assert face.extra_dashes == ()
    assert texts(face.subtypes) == ["Human", "Time Lord"]
    assert face.card_types == frozenset({"Artifact", "Creature"})


def test_faces_and_separators() -> None:
    line = parsed("Creature — Human Knight // Sorcery — Adventure")
    assert [f.text for f in line.faces] == ["Creature — Human Knight", "Sorcery — Adventure"]
    assert [s.text for s in line.separators] == [" // "]
    assert texts(line.faces[1].subtypes) == ["Adventure"]
    assert line.faces[1].start == len("Creature — Human Knight // ")
    assert line.faces[1].subtypes[0].start == len("Creature — Human Knight // Sorcery — ")


def test_three_faces_and_a_tight_separator() -> None:
    line = parsed("Instant//Sorcery // Land")
    assert [f.text for f in line.faces] == ["Instant", "Sorcery", "Land"]
    assert [s.text for s in line.separators] == ["//", " // "]


def test_empty_text_and_empty_faces() -> None:
    line = parsed("")
    assert len(line.faces) == 1
    assert line.faces[0].before == ()
    assert line.faces[0].subtypes == ()
    assert line.faces[0].dash is None
    tail = parsed("Instant //")
    assert len(tail.faces) == 2
    assert tail.faces[1].text == ""


def test_a_face_without_subtypes() -> None:
    face = one_face("Basic Snow Land")
    assert [t.role for t in face.before] == [Role.SUPERTYPE, Role.SUPERTYPE, Role.CARD_TYPE]
    assert face.dash is None
    assert face.subtypes == ()


def test_case_is_folded_but_kept_as_written() -> None:
    face = one_face("legendary CREATURE — elf")
    assert before(face) == [
        ("legendary", Role.SUPERTYPE, "Legendary"),
        ("CREATURE", Role.CARD_TYPE, "Creature"),
    ]
    assert texts(face.subtypes) == ["elf"]


# --------------------------------------------------------------------------
# Dashes and hyphens
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "dash",
    [" — ", "—", " —", "— ", " - ", " -- ", "--", " – ", "–", " ― ", " − ", "  —  ", "\t—\t"],
)
def test_dash_variants(dash: str) -> None:
    text = f"Creature{dash}Goblin Wizard"
    face = one_face(text)
    assert face.dash is not None
    assert face.dash.text == dash
    assert face.dash.start == len("Creature")
    assert before(face) == [("Creature", Role.CARD_TYPE, "Creature")]
    assert texts(face.subtypes) == ["Goblin", "Wizard"]


@pytest.mark.parametrize(
    ("text", "subtypes"),
    [
        ("Artifact Creature — Assembly-Worker", ["Assembly-Worker"]),
        ("Land — Urza's Power-Plant", ["Urza's", "Power-Plant"]),
        ("Land — Urza’s Power-Plant", ["Urza’s", "Power-Plant"]),
        ("Creature - Assembly-Worker", ["Assembly-Worker"]),
    ],
)
def test_hyphenated_words_are_one_word(text: str, subtypes: list[str]) -> None:
    face = one_face(text)
    assert face.extra_dashes == ()
    assert texts(face.subtypes) == subtypes


def test_a_second_dash_is_kept_and_its_subtypes_too() -> None:
    face = one_face("Creature — Goblin - Wizard")
    assert face.dash is not None
    assert [d.text for d in face.extra_dashes] == [" - "]
    assert texts(face.subtypes) == ["Goblin", "Wizard"]


# --------------------------------------------------------------------------
# Grouping: planes, Time Lord, Planeswalker
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "planar",
    [
        "The Dalek Asylum",
        "Serra’s Realm",
        "Serra's Realm",
        "Bolas's Meditation Realm",
        "New Phyrexia",
        "Dominaria Zendikar",
        "Dominaria",
    ],
)
def test_a_planes_subtype_is_one_word(planar: str) -> None:
    text = f"Plane — {planar}"
    face = one_face(text)
    assert texts(face.subtypes) == [planar]
    assert face.subtypes[0].start == len("Plane — ")


def test_planes_in_the_older_edition_are_whole_too() -> None:
    assert texts(one_face("Plane — Serra’s Realm", OLDEST).subtypes) == ["Serra’s Realm"]


@pytest.mark.parametrize(
    ("text", "subtypes"),
    [
        ("Creature — Time Lord", ["Time Lord"]),
        ("Creature — Human Time Lord Rogue", ["Human", "Time Lord", "Rogue"]),
        ("Creature — time lord", ["time lord"]),
        ("Creature — Time Lordship", ["Time", "Lordship"]),
        ("Creature — Timely Lord", ["Timely", "Lord"]),
        ("Creature — Lord Time", ["Lord", "Time"]),
        ("Creature — Human Time", ["Human", "Time"]),
    ],
)
def test_time_lord_is_grouped_only_at_word_boundaries(text: str, subtypes: list[str]) -> None:
    assert texts(one_face(text).subtypes) == subtypes


def test_time_lord_is_two_words_before_it_was_listed() -> None:
    assert texts(one_face("Creature — Time Lord", OLDEST).subtypes) == ["Time", "Lord"]


@pytest.mark.parametrize(
    ("text", "before"),
    [
        ("Legendary Creature Time Lord Doctor", ["Legendary", "Creature", "Time Lord", "Doctor"]),
        ("Creature Human Time  Lord", ["Creature", "Human", "Time  Lord"]),
        ("Creature Time Lordship", ["Creature", "Time", "Lordship"]),
    ],
)
def test_time_lord_before_a_missing_dash_is_one_word(text: str, before: list[str]) -> None:
    """So that TL301 sees one misplaced subtype (and fixes it), not a plane and an unknown word."""
    face = one_face(text)
    assert [t.word.text for t in face.before] == before
    assert [t.role for t in face.before if " " in t.word.text] == [Role.OTHER] * sum(" " in w for w in before)


@pytest.mark.parametrize("text", ["Planeswalker — Jace Beleren", "Legendary Planeswalker — Serra Realm"])
def test_planeswalker_is_not_a_plane(text: str) -> None:
    face = one_face(text)
    assert face.card_types == frozenset({"Planeswalker"})
    assert len(face.subtypes) == 2


def test_planes_word_is_not_plane() -> None:
    face = one_face("Planes — Dominaria Zendikar")
    assert before(face) == [("Planes", Role.OTHER, None)]
    assert texts(face.subtypes) == ["Dominaria", "Zendikar"]


# --------------------------------------------------------------------------
# Apostrophes, Token, Emblem, renamed types
# --------------------------------------------------------------------------


def test_apostrophes_are_equivalent() -> None:
    straight = one_face("Land — Urza's Mine")
    curly = one_face("Land — Urza’s Mine")
    assert [w.key for w in straight.subtypes] == [w.key for w in curly.subtypes]
    assert rules().subtype_lists("Urza's") == rules().subtype_lists("Urza’s")
    assert rules().subtype_lists("Urza's")
    assert (
        one_face("Plane — Serra's Realm").subtypes[0].key == one_face("Plane — Serra’s Realm").subtypes[0].key
    )


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("Token Creature — Goblin", ("Token", Role.TOKEN, "Token")),
        ("token Creature — Goblin", ("token", Role.TOKEN, "Token")),
        ("Token Legendary Artifact — Equipment", ("Token", Role.TOKEN, "Token")),
    ],
)
def test_token_first(text: str, first: tuple[str, Role, str]) -> None:
    face = one_face(text)
    assert before(face)[0] == first
    assert all(t.role is not Role.TOKEN for t in face.before[1:])


def test_token_elsewhere_is_not_a_token() -> None:
    face = one_face("Creature Token — Goblin")
    assert before(face)[1] == ("Token", Role.OTHER, None)
    second = parsed("Creature — Goblin // Token Creature — Goblin").faces[1]
    assert second.before[0].role is Role.TOKEN


def test_emblem() -> None:
    face = one_face("Emblem — Liliana")
    assert face.is_emblem
    assert before(face) == [("Emblem", Role.EMBLEM, "Emblem")]
    assert texts(face.subtypes) == ["Liliana"]


@pytest.mark.parametrize(
    ("edition", "written", "canonical"),
    [(NEWEST, "Tribal", "Kindred"), (OLDEST, "Kindred", "Tribal")],
)
def test_renamed_card_types(edition: str, written: str, canonical: str) -> None:
    face = one_face(f"{written} Instant — Elf", edition)
    typed = face.before[0]
    assert typed.role is Role.CARD_TYPE
    assert typed.canonical == canonical
    assert typed.renamed is not None
    assert face.card_types == frozenset({canonical, "Instant"})
    assert texts(face.subtypes) == ["Elf"]


# --------------------------------------------------------------------------
# Properties: never raise; spans exact; findings inside the line
# --------------------------------------------------------------------------

ANY_CHAR = st.characters(codec="utf-8")  # every character but the surrogates, controls too
PIECES = st.sampled_from(
    [
        "Creature", "Legendary", "Token", "Plane", "Planeswalker", "Land", "Time", "Lord", "Time Lord",
        "Goblin", "Urza's", "Urza’s", "Power-Plant", "Serra’s Realm", "The Dalek Asylum", "Emblem",
        "Tribal", "Kindred", "Hound", "Scheme", "—", " — ", "-", " - ", "--", "–", "//", " // ", " ",
        "  ", "\t", "\n", "\r", "\x00", "\x1b[31m", "\u200b", "\u00a0", "’", "'", "[bold]", "é", "𝔊",
    ]
)  # fmt: skip
MIXED = st.lists(st.one_of(PIECES, st.text(ANY_CHAR, max_size=6)), max_size=24).map("".join)
LONG_WORD = st.builds(
    lambda piece, count, prefix: prefix + piece * count,
    st.sampled_from(["a", "Goblin", "—", "-", "/", "’", "x y", "\t", "Time Lord "]),
    st.integers(min_value=200, max_value=3000),
    st.sampled_from(["", "Creature — ", "Plane — ", "Land // "]),
)
TEXTS = st.one_of(st.text(ANY_CHAR, max_size=80), MIXED, LONG_WORD)
PROPERTY = property_settings(300)


@PROPERTY
@given(text=TEXTS, edition=st.sampled_from([NEWEST, OLDEST]))
def test_parse_never_raises_and_spans_are_exact(text: str, edition: str) -> None:
    parsed(text, edition)


@PROPERTY
@given(text=TEXTS, edition=st.sampled_from([NEWEST, OLDEST]))
def test_checks_never_raise_and_findings_lie_within_the_line(text: str, edition: str) -> None:
    result = checker(edition).check_fully(text)
    assert list(result) == sorted(result, key=lambda f: f.sort_key())
    for finding in result:
        assert finding.severity == SEVERITY[finding.code]
        assert 1 <= finding.column < finding.end_column <= len(text) + 1, finding
        assert finding.message
        if len(text) > MAX_LINE_CHARS:
            assert finding.code == "TL903"
        else:
            assert finding.type_line == text
            assert finding.suggestion != text
    assert checker(edition).check(text) == result or checker(edition).is_clean(text)
