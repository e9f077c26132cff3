"""Magic Set Editor markup in the values of a card's fields: the type line of a face rebuilt
from `super_type` and `sub_type`, with the place in the file of each of its characters.

Values are MSE tagged text: `<word-list-type-en>Legendary Creature</word-list-type-en>`,
words of a list between `<atom-sep> </atom-sep>`, a `<soft>` separator after the last one.
Tags are taken out; the characters left keep their offset in the value, and so their line
and column in the file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from difflib import SequenceMatcher

from mtg_typeline.sources.base import Edit, Place, Region

_TAG = re.compile(r"<[^<>]*>")
_SEPARATOR_TAGS = ("atom-sep", "sep", "soft")  # MSE's separators between words of a list
_SPACE = " \t\n"


class Field:
    """A value as written: its lines (text, line, column where it starts) and the place of
    its key."""

    __slots__ = ("key", "parts")

    def __init__(self, key: Place) -> None:
        self.key = key
        self.parts: list[tuple[str, int, int]] = []

    def add(self, text: str, line: int, column: int) -> None:
        self.parts.append((text, line, column))

    @property
    def text(self) -> str:
        return "\n".join(part[0] for part in self.parts)

    def place(self, offset: int) -> Place:
        """The file place of a character of `text`."""
        start = 0
        for text, line, column in self.parts:
            if offset <= start + len(text):
                return Place(line, column + offset - start)
            start += len(text) + 1
        return self.key

    def start(self) -> Place:
        """Where the value starts when it is on the key's line, else the key."""
        if self.parts and self.parts[0][1] == self.key.line:
            return Place(self.parts[0][1], self.parts[0][2])
        return self.key


def _untag(field: Field | None) -> tuple[str, list[int]]:
    """The text of a value without its tags, and the offset in the value of each character.

    White space that separates words across tags or sits in a separator tag becomes one
    space (MSE writes `<atom-sep> </atom-sep>` between the words of a list and a `<soft>`
    one after the last); white space typed inside one piece of text is kept as it is, so
    the checker sees a doubled space the card really shows."""
    if field is None:
        return "", []
    value = field.text
    chars: list[tuple[str, int, int]] = []  # character, offset, piece (negative: a separator)
    piece, depth, at = 1, 0, 0
    for tag in _TAG.finditer(value):
        sign = -1 if depth else 1
        chars.extend((char, at + i, sign * piece) for i, char in enumerate(value[at : tag.start()]))
        depth = max(0, depth + _separator_step(tag.group()))
        piece += 1
        at = tag.end()
    sign = -1 if depth else 1
    chars.extend((char, at + i, sign * piece) for i, char in enumerate(value[at:]))
    return _collapse(chars)


def _separator_step(tag: str) -> int:
    """+1 for a separator's opening tag, -1 for its closing tag, 0 for any other tag."""
    closing = tag.startswith("</")
    words = tag.strip("</>").split(":", 1)[0].split()
    if not words or not words[0].lower().startswith(_SEPARATOR_TAGS):
        return 0
    return -1 if closing else 1


def _collapse(chars: list[tuple[str, int, int]]) -> tuple[str, list[int]]:
    out: list[str] = []
    offsets: list[int] = []
    index, count = 0, len(chars)
    while index < count:
        char, offset, piece = chars[index]
        if char not in _SPACE:
            out.append(char)
            offsets.append(offset)
            index += 1
            continue
        end = index
        while end < count and chars[end][0] in _SPACE:
            end += 1
        if out and end < count:  # white space at either end is dropped
            run = chars[index:end]
            if piece > 0 and all(p == piece and c != "\n" for c, _, p in run):
                out.extend(c for c, _, _ in run)
                offsets.extend(o for _, o, _ in run)
            else:
                out.append(" ")
                offsets.append(offset)
        index = end
    return "".join(out), offsets


def plain(field: Field | None) -> str:
    """A value as text: tags taken out, white space made single spaces (a card name)."""
    return " ".join(_untag(field)[0].split())


def face_line(supertypes: Field | None, subtypes: Field | None) -> tuple[str, Callable[[], Rebuilt]] | None:
    """A face's type line, `super — sub` (no dash without subtypes), and a function that
    places its characters; None for a face with neither."""
    head, head_at = _untag(supertypes)
    tail, tail_at = _untag(subtypes)
    if not head and not tail:
        return None
    text = head if not tail else f"{head} — {tail}" if head else f"— {tail}"

    def locate() -> Rebuilt:
        places = [supertypes.place(o) for o in head_at] if supertypes else []
        if subtypes is not None and tail:
            places += [subtypes.start()] * (len(text) - len(head) - len(tail))
            places += [subtypes.place(o) for o in tail_at]
        return Rebuilt(places)

    return text, locate


class Rebuilt:
    """Places the characters of a rebuilt type line: each one is one character of the file
    (the made-up dash takes the place of the value it stands before), so a span ends just
    after its last character, wherever the next one is (past a tag, on another line)."""

    __slots__ = ("places",)

    def __init__(self, places: list[Place]) -> None:
        self.places = places

    def region(self, start: int, end: int) -> Region:
        # the last character's place stands in for the place after the text
        return Region.spanning([*self.places, self.places[-1]], start, end, next_ends=False)


# Rewriting


_WORD_LIST_OPEN = re.compile(r"<word-list[^<>/]*>\Z")
_WORD_LIST_CLOSE = re.compile(r"</word-list[^<>]*>\Z")
_NOT_WRITTEN = re.compile(r"[<>\x00-\x1f\x7f]")  # what a rewrite never writes into markup
Hunk = tuple[int, int, str]  # characters [start, end) of a value, and what replaces them


def rewrite_face(
    supertypes: Field | None, subtypes: Field | None, text: str, new: str
) -> Edit | tuple[Edit, ...] | None:
    """The edits that make a face's type line read `new` (one per field changed), when each
    field's change lies inside the text of one word list (or of an untagged value) on one
    line, and writing them there reads back as `new` exactly; None otherwise (a change across
    tags, or to the dash the reader made up)."""
    fields = [field for field in (supertypes, subtypes) if field is not None and field.parts]
    if new == text:
        if not fields:
            return None
        line_text, line, column = fields[0].parts[0]
        return Edit(line, column, line, column + len(line_text), line_text)
    head_at = _untag(supertypes)[1]
    tail, tail_at = _untag(subtypes)
    sides = ((supertypes, head_at, 0), (subtypes, tail_at, len(text) - len(tail)))
    hunks: tuple[list[Hunk], list[Hunk]] = ([], [])
    for change in SequenceMatcher(None, text, new, autojunk=False).get_opcodes():
        if change[0] == "equal":
            continue
        made = [_hunks([change], at, base, new) if f is not None else [] for f, at, base in sides]
        side = next((i for i, found in enumerate(made) if found), None)
        if side is None:
            return None
        hunks[side].extend(made[side])
    return _rewritten((supertypes, subtypes), hunks, new)


def _hunks(
    changes: Sequence[tuple[str, int, int, int, int]], offsets: list[int], base: int, new: str
) -> list[Hunk]:
    """The changes as edits of one field's value, if they all fall inside it: characters
    replaced or removed that stand together in the value, or characters put between two that
    do."""
    hunks: list[Hunk] = []
    for _, start, end, new_start, new_end in changes:
        first, last = start - base, end - base
        if first < 0 or last > len(offsets) or (first == last and not 0 < first < len(offsets)):
            return []
        if first == last:  # put in between two characters
            if offsets[first] != offsets[first - 1] + 1:
                return []
            hunks.append((offsets[first], offsets[first], new[new_start:new_end]))
            continue
        span = offsets[first:last]
        if span[-1] - span[0] != len(span) - 1:  # not together in the value (a tag, blanks made one)
            return []
        hunks.append((span[0], span[-1] + 1, new[new_start:new_end]))
    return hunks


def _rewritten(
    faces: tuple[Field | None, Field | None], hunks: tuple[list[Hunk], list[Hunk]], new: str
) -> Edit | tuple[Edit, ...] | None:
    """The edits of the fields that make their hunks, if each field's lie in the text of word
    lists (or of an untagged value), all on one line of it, and the face then reads `new`."""
    copies = list(faces)
    edits: list[Edit] = []
    for side, (field, made) in enumerate(zip(faces, hunks, strict=True)):
        if field is None or not made:
            continue
        changed = _changed(field, made)
        if changed is None:
            return None
        copies[side], edit = changed
        edits.append(edit)
    built = face_line(copies[0], copies[1])
    if not edits or built is None or built[0] != new:
        return None
    return edits[0] if len(edits) == 1 else tuple(edits)


def _changed(field: Field, hunks: list[Hunk]) -> tuple[Field, Edit] | None:
    """The field with its hunks made, and the edit of its one changed line; None when a hunk
    is not inside a word list's text, or the change spans lines."""
    value = field.text
    tags = list(_TAG.finditer(value))
    if not all(_inside_word_list(value, tags, hunk) for hunk in hunks):
        return None
    for start, end, replacement in sorted(hunks, reverse=True):
        value = value[:start] + replacement + value[end:]
    changed = _refilled(field, value)
    if changed is None:
        return None
    copy, index = changed
    old_text, line, column = field.parts[index]
    return copy, Edit(line, column, line, column + len(old_text), copy.parts[index][0])


def _inside_word_list(value: str, tags: list[re.Match[str]], hunk: Hunk) -> bool:
    """Whether a hunk changes text, not markup, inside one word list (or a value without
    tags), and brings in no markup or control character."""
    start, end, replacement = hunk
    if _NOT_WRITTEN.search(replacement) or _NOT_WRITTEN.search(value, start, end):
        return False
    before = next((t.group() for t in reversed(tags) if t.end() <= start), None)
    after = next((t.group() for t in tags if t.start() >= end), None)
    if before is None or after is None:
        return before is None and after is None
    return bool(_WORD_LIST_OPEN.match(before) and _WORD_LIST_CLOSE.match(after))


def _refilled(field: Field, value: str) -> tuple[Field, int] | None:
    """The field with a new value that differs from its own on one line only, and that
    line's index."""
    lines = value.split("\n")
    if len(lines) != len(field.parts):
        return None
    changed = [i for i, (line, part) in enumerate(zip(lines, field.parts, strict=True)) if line != part[0]]
    if len(changed) != 1:
        return None
    copy = Field(field.key)
    copy.parts = [(line, part[1], part[2]) for line, part in zip(lines, field.parts, strict=True)]
    return copy, changed[0]
