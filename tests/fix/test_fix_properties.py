"""Properties of fixing, on generated type lines and text files.

- A right line with one fixable mistake injected (tests/helpers/fix_mutations.py: dash form,
  spacing, case, supertype order, a duplicate type or subtype, Tribal, a renamed type or
  subtype, a subtype before a missing dash, a plural or a hyphen; a misspelling with one close
  word under `--unsafe-fixes`) is given back exactly.
- For any line (the fast-path tests' builder, and right lines with several mistakes): the
  fixed line parses, keeps its number of faces, has no more errors, has no applicable fix
  left unless fixing said it did not settle, and fixing it again changes nothing.
- A text file (generated lines, line ends, comments, a BOM, lines that are not UTF-8) fixed
  with `typeline check --fix` differs only inside its type lines, each fixed as the fixer
  fixes it alone, and a second run leaves the file untouched.
"""

from __future__ import annotations

import os
import random
from functools import cache
from pathlib import Path

import pytest
from conftest import property_settings, run_cli
from helpers import fix_mutations
from helpers.typelines import DrawPicker, build_line, type_lines, valid_lines
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from mtg_typeline.checker import Checker
from mtg_typeline.filters import Filters, Selection
from mtg_typeline.findings import STDIN, Finding, Severity
from mtg_typeline.fix.line import applicable, fix_line
from mtg_typeline.parser import parse
from mtg_typeline.ruleset import RuleSet, load_rules
from mtg_typeline.sources.text import type_line

NEWEST = "2026-09-25"
KINDS = sorted(fix_mutations.SAFE)
DEFAULT = Selection(None)  # the codes on by default, as a run without --select reports them
PROPERTY = property_settings(300)


@cache
def rules() -> RuleSet:
    return load_rules(NEWEST)


@cache
def checker() -> Checker:
    return Checker(rules())


def errors(line: str) -> int:
    return sum(1 for f in checker().check(line) if f.severity is Severity.ERROR)


def assert_fixed_well(line: str, unsafe: bool) -> str:
    """The properties every fixed line has; the fixed line."""
    done = fix_line(line, checker().check, unsafe)
    parse(done.text, rules())  # parses (never raises)
    assert done.text.count("//") == line.count("//"), (line, done.text)
    assert errors(done.text) <= errors(line), (line, done.text)
    if done.settled:
        assert not applicable(checker().check(done.text), unsafe), (line, done.text)
    again = fix_line(done.text, checker().check, unsafe)
    assert (again.text, again.fixed) == (done.text, 0), (line, done.text, again.text)
    return done.text


# One mistake, given back exactly
# --------------------------------------------------------------------------


@PROPERTY
@given(index=st.integers(0, 10**6), kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32))
def test_one_safe_mistake_is_undone_exactly(index: int, kind: str, seed: int) -> None:
    line = valid_lines()[index % len(valid_lines())]
    wrong = fix_mutations.SAFE[kind](line, rules(), random.Random(seed))
    if wrong is None:
        return
    assert assert_fixed_well(wrong, unsafe=False) == line, (kind, wrong)


@PROPERTY
@given(index=st.integers(0, 10**6), seed=st.integers(0, 2**32))
def test_one_misspelling_is_undone_with_unsafe_fixes(index: int, seed: int) -> None:
    line = valid_lines()[index % len(valid_lines())]
    wrong = fix_mutations.misspelling(line, rules(), random.Random(seed))
    if wrong is None:
        return
    assert assert_fixed_well(wrong, unsafe=False) == wrong  # a guess: not without --unsafe-fixes
    assert assert_fixed_well(wrong, unsafe=True) == line


@pytest.mark.parametrize("kind", [*KINDS, "misspelling"])
def test_every_kind_finds_places_in_the_corpus(kind: str) -> None:
    """The mutations are not vacuous: each kind spoils lines, and those lines have findings."""
    mutation = {**fix_mutations.SAFE, **fix_mutations.UNSAFE}[kind]
    spoilt = [w for line in valid_lines() if (w := mutation(line, rules(), random.Random(line)))]
    assert len(spoilt) >= 20, kind
    assert all(checker().check(w) for w in spoilt), kind


# Several mistakes, and lines of every shape
# --------------------------------------------------------------------------


@PROPERTY
@given(
    index=st.integers(0, 10**6),
    kinds=st.lists(st.sampled_from([*KINDS, "misspelling"]), min_size=2, max_size=4),
    seed=st.integers(0, 2**32),
    unsafe=st.booleans(),
)
def test_several_mistakes_are_fixed_well(index: int, kinds: list[str], seed: int, unsafe: bool) -> None:
    line = valid_lines()[index % len(valid_lines())]
    rng = random.Random(seed)
    mutations = {**fix_mutations.SAFE, **fix_mutations.UNSAFE}
    for kind in kinds:
        line = mutations[kind](line, rules(), rng) or line
    assert_fixed_well(line, unsafe)


@PROPERTY
@given(line=type_lines(NEWEST), unsafe=st.booleans())
def test_any_line_is_fixed_well(line: str, unsafe: bool) -> None:
    assert_fixed_well(line, unsafe)


# Text files
# --------------------------------------------------------------------------


@st.composite
def text_files(draw: st.DrawFn) -> bytes:
    """A text file of generated lines, each with its own line end, some with comments, some
    blank, some not UTF-8; maybe a BOM, maybe no newline at the end."""
    pick = DrawPicker(draw)
    pieces = []
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["line", "line", "line", "comment", "blank", "bytes"]))
        if kind == "line":
            text = build_line(pick, NEWEST).replace("\n", " ").replace("\r", " ").replace("\x00", "")
            if draw(st.booleans()):
                text += draw(st.sampled_from(["  # note", " # typeline: ignore[TL304]", "\t#  x  "]))
            body = text.encode("utf-8")
        elif kind == "comment":
            body = b"# Creature - Elf"
        elif kind == "blank":
            body = draw(st.sampled_from([b"", b"  ", b"\t"]))
        else:
            body = b"Creature - \xff\xfe Elf"
        pieces.append(body + draw(st.sampled_from([b"\n", b"\r\n", b"\r\r\n"])))
    data = b"".join(pieces)
    if draw(st.booleans()):
        data = data.rstrip(b"\r\n")
    return (b"\xef\xbb\xbf" if draw(st.booleans()) else b"") + data


def expected_line(piece: bytes, first: bool) -> bytes:
    """A line (without its LF) as `--fix` should leave it: the type line fixed on its own."""
    bom = b"\xef\xbb\xbf" if first and piece.startswith(b"\xef\xbb\xbf") else b""
    body = piece[len(bom) :].rstrip(b"\r")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return piece
    if checker().is_clean(text):
        return piece

    def findings(line: str) -> list[Finding]:
        body, comment = type_line(line)
        return [] if body is None else Filters(DEFAULT, "").line(checker().check(body), STDIN, comment)

    fixed = fix_line(text, findings).text
    return bom + fixed.encode("utf-8") + piece[len(bom) + len(body) :]


FILES = property_settings(60, HealthCheck.function_scoped_fixture)


@FILES
@given(data=text_files())
def test_text_files_change_only_inside_their_type_lines(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "cards.txt"
    path.write_bytes(data)
    run_cli(["check", "--no-config", "--fix", "--quiet", str(path)])
    fixed = path.read_bytes()
    pieces = data.split(b"\n")
    assert fixed.split(b"\n") == [expected_line(p, i == 0) for i, p in enumerate(pieces)]
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    run_cli(["check", "--no-config", "--fix", "--quiet", str(path)])
    assert path.read_bytes() == fixed
    assert os.stat(path).st_mtime_ns == 1_000_000_000


# The whole corpus, every safe kind, through the command line
# --------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_the_corpus_with_one_mistake_a_line_is_restored_exactly(tmp_path: Path, kind: str) -> None:
    """What bench/fix_corpus.py measures on ../shared, on the corpus copy in tests/data."""
    pairs = [
        (line, wrong)
        for line in valid_lines()
        if (wrong := fix_mutations.SAFE[kind](line, rules(), random.Random(f"{kind}-{line}"))) is not None
    ]
    path = tmp_path / "mutated.txt"
    path.write_text("".join(f"{wrong}\n" for _, wrong in pairs), encoding="utf-8")
    run_cli(["check", "--no-config", "--fix", "--quiet", str(path)])
    fixed = path.read_text(encoding="utf-8").split("\n")[:-1]
    missed = [(wrong, got) for (line, wrong), got in zip(pairs, fixed, strict=True) if got != line]
    assert missed == [], f"{len(missed)} of {len(pairs)} lines not restored"
    assert len(pairs) >= 40
