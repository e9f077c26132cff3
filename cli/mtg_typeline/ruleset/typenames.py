"""What a type name may look like, in a rule file or a custom rule file.

The entries are written as the Comprehensive Rules write them (and as the importer reads
them): a card type or supertype is one capitalised word, with hyphens between its parts as
in the rules (Assembly-Worker, Power-Plant); a subtype is one or more capitalised words of
letters, with apostrophes (either one) or hyphens inside a word and one space between words
(Urza’s, Time Lord, Bolas's Meditation Realm). Anything else (a dash, "//", a digit) could
never be matched on a type line, so it is an error where the entry is written.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from yaml.nodes import Node

    from mtg_typeline.yamlnodes import NodeReader

_LETTERS = r"[^\W\d_]+"  # letters of any script
_TYPE_WORD = re.compile(rf"{_LETTERS}(?:-{_LETTERS})*")
_SUBTYPE_WORD = rf"{_LETTERS}(?:['’-]{_LETTERS})*"
_SUBTYPE = re.compile(rf"{_SUBTYPE_WORD}(?: {_SUBTYPE_WORD})*")
TYPE_WORD_FORM = "one capitalised word of letters, hyphens between its parts"
SUBTYPE_FORM = "capitalised words of letters, apostrophes or hyphens inside a word, one space between words"


def name_problem(entry: str, subtype: bool) -> str | None:
    """Why `entry` is not a type name (a subtype if `subtype`, else a card type or
    supertype); None if it is one."""
    pattern, form = (_SUBTYPE, SUBTYPE_FORM) if subtype else (_TYPE_WORD, TYPE_WORD_FORM)
    if pattern.fullmatch(entry) and all(word[0].isupper() for word in entry.split(" ")):
        return None
    return f"{entry!r} is not a {'subtype' if subtype else 'type'} name ({form})"


def check_names(reader: NodeReader, node: Node, entries: tuple[str, ...], *, subtype: bool) -> None:
    """Every entry of the list at `node` is a type name; else an error at the entry."""
    for item, entry in zip(reader.sequence(node, "entries"), entries, strict=True):
        problem = name_problem(entry, subtype)
        if problem is not None:
            raise reader.fail(item, problem)
