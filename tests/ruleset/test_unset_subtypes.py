"""rules/unset-subtypes.yaml: the subtypes printed only on Un-set and silver-bordered cards.
Its loader is as strict as the other rule data's; its words are in no shipped edition's lists
and are no rename's; and the file is what tests/update_unset_subtypes.py makes of the corpus."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, shared_path

from mtg_typeline.errors import RulesDataError
from mtg_typeline.notation import fold
from mtg_typeline.ruleset import load_rules, shipped_editions
from mtg_typeline.ruleset.typenames import name_problem
from mtg_typeline.ruleset.unset_subtypes import unset_subtypes_path
from mtg_typeline.ruleset.validate import load_unset_subtypes

SCRIPT = ROOT / "tests" / "update_unset_subtypes.py"


def test_cow_and_donkey_are_creature_types_of_unset_cards() -> None:
    by_word = {e.word: e for e in load_unset_subtypes(unset_subtypes_path())}
    assert (by_word["Cow"].kind, by_word["Cow"].card) == ("creature", "Hungry Hungry Heifer")
    assert by_word["Donkey"].kind == "creature"


def test_no_word_is_listed_by_an_edition_or_renamed() -> None:
    entries = load_unset_subtypes(unset_subtypes_path())
    newest = load_rules()
    renamed = {fold(r.old) for r in newest.renames} | {fold(r.new) for r in newest.renames}
    keys = {s.key for s in newest.lists}
    for edition in shipped_editions():
        rules = load_rules(edition)
        assert [e.word for e in entries if rules.subtype_lists(e.word)] == [], edition
    for entry in entries:
        assert fold(entry.word) not in renamed and entry.kind in keys
        assert name_problem(entry.word, subtype=True) is None and entry.card and entry.source.endswith(".")
    assert [e.word for e in entries] == sorted((e.word for e in entries), key=fold)


def test_the_file_is_what_the_script_makes_of_the_corpus() -> None:
    corpus = shared_path("corpus", "real-typelines-detail.tsv")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--check", "--corpus", str(corpus)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("schema: 2\nsubtypes: []\n", ":1:9: ", "only schema 1 is supported"),
        (
            "schema: 1\nsubtypes:\n  - {word: Cow, kind: creature, card: A, source: B, date: C}\n",
            ":3:",
            "date",
        ),
        (
            "schema: 1\nsubtypes:\n  - {word: cow, kind: creature, card: A, source: B}\n",
            ":3:12: ",
            "not a subtype",
        ),
        (
            "schema: 1\nsubtypes:\n  - {word: Cow, kind: Creature, card: A, source: B}\n",
            ":3:23: ",
            "list key",
        ),
        (
            "schema: 1\nsubtypes:\n  - {word: Cow, kind: creature, card: A, source: B}\n"
            "  - {word: Cow, kind: land, card: A, source: B}\n",
            ":4:12: ",
            "'Cow' is listed twice",
        ),
    ],
)
def test_a_bad_file_is_an_error_at_its_place(tmp_path: Path, text: str, where: str, message: str) -> None:
    path = tmp_path / "unset-subtypes.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesDataError) as caught:
        load_unset_subtypes(path)
    assert str(caught.value).startswith(f"{path}{where}") and message in str(caught.value)
