"""What `--diff` shows of a file's change: the edits, one per changed value, for a person
or a program.

A unified diff is what a person reviews, and `patch` applies, as long as the lines it shows
are readable. A card file whose changed lines are long (over `LONG_LINE` characters: a
one-line MTGJSON set of 1.5 MB, minified JSON, one-line XML) would show each whole line for
one changed word, so it is shown as one hunk per changed value instead, headed by the
file, the place and the card:

    --- cards.json
    +++ cards.json
    @@ cards.json:1:2345 @@ Clam Diver
    -"type": "Creature - Clamfolk"
    +"type": "Creature — Clamfolk"

(with the value's JSON key before it where it has one). These hunks are for reading; they
do not apply with `patch`.

`--format json` and `json-lines` give the same edits as data (`Revision`): the file, where
the replaced text starts and ends (1-based line and column, in characters, end exclusive),
the card, the text that stood there and the text that replaces it, in the file's own
notation (escaped as the file escapes). A text file's edit is a line's changed characters.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from mtg_typeline.fix.data import Made
from mtg_typeline.fix.diff import unified
from mtg_typeline.records import NamedTuple
from mtg_typeline.sources.base import Edit
from mtg_typeline.sources.edits import LineIndex, common_ends

LONG_LINE = 200  # characters: a changed line longer than this is shown value by value
_ESCAPED = "surrogateescape"
# The JSON key (and its quote) that a string value's text follows on its line
_JSON_KEY = re.compile(r'"(?:[^"\\]|\\.)*"[ \t]*:[ \t]*"\Z')
_KEY_REACH = 300  # characters looked back for a key


class Revision(NamedTuple):
    """One edit of a file as `--diff --format json` gives it (see the module's docstring)."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    card: str | None
    old: str
    new: str

    def as_json(self) -> dict[str, Any]:
        return self._asdict()


class Valued(NamedTuple):
    """The edits made to one file's values (card data), each with the card it is in."""

    made: Made
    card: str | None


def revisions(
    path: str, old: bytes, new: bytes, values: Sequence[Valued], codec: str = "utf-8"
) -> list[Revision]:
    """The edits of a change (to a file in `codec`): its values' (card data), else its
    changed lines' (text)."""
    text = old.decode(codec, _ESCAPED)
    if not values:
        return list(_line_revisions(path, text, new.decode(codec, _ESCAPED)))
    index = LineIndex(text)
    found = [
        _revision(path, text, index, edit, value.card)
        for value in values
        for edit in ((value.made,) if isinstance(value.made, Edit) else value.made)
    ]
    return sorted(found, key=lambda r: (r.line, r.column))


def long_lines(text: str, found: Sequence[Revision]) -> bool:
    """Whether a line of `text` that an edit changes is longer than `LONG_LINE` characters."""
    lines = text.split("\n")
    return any(len(lines[r.line - 1]) > LONG_LINE for r in found if r.line <= len(lines))


def shown(path: str, old: bytes, new: bytes, values: Sequence[Valued], codec: str = "utf-8") -> bytes:
    """What `--diff` prints of a change (to a file in `codec`): hunks by value for long lines
    (in UTF-8), else a unified diff (in the file's bytes, for `patch`)."""
    found = revisions(path, old, new, values, codec) if values else []
    text = old.decode(codec, _ESCAPED)
    if not found or not long_lines(text, found):
        return unified(old, new, path)
    index = LineIndex(text)
    out = [f"--- {path}\n+++ {path}\n"]
    for revision in found:
        key = _key_before(text, index.starts[revision.line - 1] + revision.column - 1)
        close = '"' if key else ""
        card = f" {revision.card}" if revision.card else ""
        out.append(f"@@ {path}:{revision.line}:{revision.column} @@{card}\n")
        out.append(f"-{key}{revision.old}{close}\n+{key}{revision.new}{close}\n")
    return "".join(out).encode("utf-8", _ESCAPED)


def _revision(path: str, text: str, index: LineIndex, edit: Edit, card: str | None) -> Revision:
    start = index.starts[edit.line - 1] + edit.column - 1
    end = index.starts[edit.end_line - 1] + edit.end_column - 1
    return Revision(
        path, edit.line, edit.column, edit.end_line, edit.end_column, card, text[start:end], edit.text
    )


def _line_revisions(path: str, old: str, new: str) -> Iterator[Revision]:
    """The changed characters of each changed line (fixing a text keeps its lines)."""
    for number, (before, after) in enumerate(zip(old.split("\n"), new.split("\n"), strict=False), 1):
        if before != after:
            start, end = common_ends(before, after)
            old_part, new_part = before[start : len(before) - end], after[start : len(after) - end]
            yield Revision(
                path, number, start + 1, number, start + 1 + len(old_part), None, old_part, new_part
            )


def _key_before(text: str, offset: int) -> str:
    """The JSON key the value at `offset` follows (`"type": "`), or "" where it follows none."""
    found = _JSON_KEY.search(text, max(0, offset - _KEY_REACH), offset)
    return found.group() if found else ""
