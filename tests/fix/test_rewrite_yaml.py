"""`--fix` in YAML card files: a scalar keeps its style and the layout around it; anchors,
aliases and scalars that can't be written exactly are left alone.
"""

from __future__ import annotations

import pytest
from helpers.rewriting import FUZZ, LINES, applied, entries, outside, rewritten
from hypothesis import given
from hypothesis import strategies as st

from mtg_typeline.sources.base import Edit, Entry

YAML = rewritten("yaml")
CARD = "- name: A\n  type_line: {}  # the type\n  cost: 1\n"


@pytest.mark.parametrize(
    ("value", "new", "written"),
    [
        pytest.param("Creature - Elf", "Creature — Elf", "Creature — Elf", id="plain"),
        pytest.param("Creature - Elf", "Creature: — Elf", '"Creature: \\u2014 Elf"', id="plain-to-double"),
        pytest.param("Creature - Elf", "True", '"True"', id="plain-not-a-string"),
        pytest.param("Creature - Elf", "Creature — Elf #2", '"Creature \\u2014 Elf #2"', id="plain-comment"),
        pytest.param("'Creature - Elf'", "Creature — Elf's", "'Creature — Elf''s'", id="single"),
        pytest.param(
            "'Creature - Elf'", "Creature — Elf\x07", '"Creature \\u2014 Elf\\a"', id="single-to-double"
        ),
        pytest.param(
            '"Creature \\u2014 elf"', "Creature — Elf", '"Creature \\u2014 Elf"', id="double-escape"
        ),
        pytest.param('"Creature - Elf"', 'Creature — "Elf"', '"Creature \\u2014 \\"Elf\\""', id="double"),
        pytest.param('"Creature — elf"', "Creature — Elf", '"Creature — Elf"', id="double-raw"),
        pytest.param("!!str true", "True", "!!str True", id="tagged"),
    ],
)
def test_yaml_scalar_keeps_its_style(value: str, new: str, written: str) -> None:
    data = CARD.format(value)
    if "—" in value:  # a file not all ASCII: a new dash is written as it is
        written = written.replace("\\u2014", "—")
    assert YAML(data, new) == data.replace(value, written)


@pytest.mark.parametrize(
    ("data", "new", "expected"),
    [
        pytest.param(
            "- name: A\n  type_line: |-\n    Creature - Elf\n  cost: 1\n",
            "Creature — Elf",
            "- name: A\n  type_line: |-\n    Creature — Elf\n  cost: 1\n",
            id="literal",
        ),
        pytest.param(
            "- name: A\n  type_line: >-\n    Legendary\n    creature - Elf\n\n# end\n",
            "Legendary Creature — Elf",
            "- name: A\n  type_line: >-\n    Legendary\n    Creature — Elf\n\n# end\n",
            id="folded",
        ),
        pytest.param(
            "- name: A\r\n  type_line: Legendary\r\n    creature - Elf\r\n",
            "Legendary Creature — Elf",
            "- name: A\r\n  type_line: Legendary\r\n    Creature — Elf\r\n",
            id="plain-two-lines",
        ),
        pytest.param(
            '- name: A\n  type_line: "Creature -\n    Elf"\n',
            "Creature — Elf",
            '- name: A\n  type_line: "Creature \\u2014\n    Elf"\n',
            id="double-two-lines",
        ),
        pytest.param(
            "- {name: A, type_line: Creature - Elf}\n",
            "Creature — Elf",
            "- {name: A, type_line: Creature — Elf}\n",
            id="flow",
        ),
        pytest.param(
            "- {name: A, type_line: Creature - Elf}\n",
            "Creature, Elf",
            '- {name: A, type_line: "Creature, Elf"}\n',
            id="flow-comma",
        ),
    ],
)
def test_yaml_layout_is_kept(data: str, new: str, expected: str) -> None:
    assert YAML(data, new) == expected


@pytest.mark.parametrize(
    ("data", "new"),
    [
        pytest.param(
            "- name: A\n  type_line: >\n    Legendary\n    Creature\n",
            "LegendaryCreature\n",
            id="across-a-fold",
        ),
        pytest.param(
            "- name: A\n  type_line: |2-\n      Creature - Elf\n",
            "Creature — Elf",
            id="indentation-indicator",
        ),
        pytest.param(
            "- name: A\n  type_line: Legendary\n    Creature\n",
            "Legendary Creature: Elf",
            id="multi-line-plain",
        ),
    ],
)
def test_yaml_scalars_that_cant_be_written_exactly(data: str, new: str) -> None:
    assert YAML(data, new) is None


def test_yaml_anchored_and_aliased_scalars_are_not_written() -> None:
    data = "- name: A\n  type_line: &line Creature - Elf\n- name: B\n  type_line: *line\n"
    assert [e.rewrite for e in entries("yaml", data)] == [None, None]


# What YAML's parser (1.1, as PyYAML) takes for line breaks and the file's lines don't: the
# edits are placed on the lines of the file (`sources.edits`), a name holding them comes first.
YAML_BREAKS = st.text(
    st.sampled_from([*"Creature Elf—-", " ", "\r", "\n", "\x85", "\u2028", "\u2029"]), min_size=1, max_size=24
)
YAML_NAMES = st.sampled_from(["A", "Æ\u2028B\x85C\u2029D"])


@FUZZ
@given(
    old=LINES | YAML_BREAKS,
    new=LINES | YAML_BREAKS,
    name=YAML_NAMES,
    style=st.sampled_from([None, "'", '"', "|", ">"]),
    unicode=st.booleans(),
    flow=st.booleans(),
    width=st.sampled_from([8, 1000]),  # 8: scalars folded over several lines
)
def test_yaml_any_text_as_pyyaml_writes_it(
    old: str, new: str, name: str, style: str | None, unicode: bool, flow: bool, width: int
) -> None:
    import yaml

    cards = [{"name": name, "type_line": old}, {"name": "B", "type_line": "Creature"}]
    data = yaml.safe_dump(
        cards, default_style=style, allow_unicode=unicode, default_flow_style=flow, width=width
    )
    found = entries("yaml", data)
    if len(found) == 1:  # a blank line is no type line
        assert not old.strip()
        return
    entry = found[0]
    # What the file says, which is not always what was dumped: PyYAML folds a more-indented
    # line at a space and reads that fold back as a line break (' :::: :' -> ' ::::\n:').
    read = yaml.safe_load(data)
    written = read[0]["type_line"]
    assert entry.text == written
    assert entry.rewrite is not None
    assert applied(data, entry.rewrite(written)) == data
    edit = entry.rewrite(new)
    if edit is None:  # only a change in a scalar over several lines, across its line breaks
        assert written_over_lines(entry)
        return
    out = applied(data, edit)
    assert yaml.safe_load(out) == [{**read[0], "type_line": new}, cards[1]]
    head, tail = outside(data.encode(), edit)
    assert out.encode().startswith(head) and out.encode().endswith(tail)


def written_over_lines(entry: Entry) -> bool:
    """Whether the value of an entry is written over several lines, as YAML's parser counts
    them (a NEL, LS or PS ends one too)."""
    assert entry.rewrite is not None
    edit = entry.rewrite(entry.text)
    assert isinstance(edit, Edit)
    return any(char in "\r\n\x85\u2028\u2029" for char in edit.text)
