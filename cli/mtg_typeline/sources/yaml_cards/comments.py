"""The comment on the line of a YAML scalar: where an inline suppression of its findings
stands (`type_line: Creature — Elf  # typeline: ignore[TL302]`).

The parser's events carry no comments, so the rest of the value's line is read here as YAML
reads it: after a plain or quoted scalar, what follows on the line where it ends, past flow
indicators (`, ] } : ? -`), other scalars (plain, quoted), anchors, tags and aliases, up to a
`#` that starts a comment (as PyYAML reads it, at a token's start: after white space or an
indicator); after a block scalar's indicator (`|`, `>` with its chomping and indentation
marks), the rest of that header line. A line ends at any of YAML's line breaks; a quoted
scalar still open at the end of the line means the rest is not a comment. The file must be
YAML the parser took (a reader only asks about the scalars of a file it parsed).
"""

from __future__ import annotations

from collections.abc import Callable

from mtg_typeline.sources.base import Comment
from mtg_typeline.sources.edits import LineIndex
from mtg_typeline.sources.yaml_cards.scalars import Scalar, value_start

_BREAKS = "\r\n\x85\u2028\u2029"
_FLOW_ENDS = ",[]{}"  # what ends a plain scalar, an anchor or a tag in a flow collection
_INDICATORS = " \t,[]{}:?-"
_VALUE_ENDS = " \t" + _BREAKS + _FLOW_ENDS  # what may follow the `:` that ends a key
_COMMENT_OR_BREAK = "#" + _BREAKS
_BLOCK_HEADER = " \t+-0123456789"  # chomping and indentation marks, and blanks after them


def comment_of(text: str, scalar: Scalar, lines: Callable[[], LineIndex]) -> Comment | None:
    """The comment on the line of `scalar` (a block scalar: its header line), or None;
    `lines` gives the file's lines, wanted only when there is a comment."""
    if scalar.style in ("|", ">"):
        at = _header_end(text, value_start(text, scalar.start) + 1)
    else:
        at = _rest(text, scalar.end)
    if at < 0 or at >= len(text) or text[at] != "#":
        return None
    line, column = lines().place(at)
    start = at - (column - 1)
    end = text.find("\n", at)
    return Comment(line, text[start : end if end >= 0 else len(text)].removesuffix("\r"), column - 1)


def _header_end(text: str, at: int) -> int:
    """Past a block scalar's indicators and the blanks after them."""
    while at < len(text) and text[at] in _BLOCK_HEADER:
        at += 1
    return at


def _rest(text: str, at: int) -> int:
    """Where a comment starts on the line from `at` (the end of a token), or -1."""
    size = len(text)
    while at < size:
        char = text[at]
        if char in _BREAKS:
            return -1
        if char == "#":
            return at
        if char in _INDICATORS:
            at += 1
        elif char in "\"'":
            at = _after_quoted(text, at)
            if at < 0:
                return -1
        else:  # a plain scalar, an anchor, a tag or an alias: up to what ends it on the line
            at = _after_word(text, at)
    return -1


def _after_quoted(text: str, at: int) -> int:
    """Past the quoted scalar that opens at `at`, or -1 if it does not close on this line."""
    quote = text[at]
    escape = "\\" if quote == '"' else "''"  # a backslash escape; a quote written twice
    at += 1
    while at < len(text) and text[at] not in _BREAKS:
        if text.startswith(escape, at):
            at += 2
        elif text[at] == quote:
            return at + 1
        else:
            at += 1
    return -1


def _after_word(text: str, at: int) -> int:
    """Past a plain scalar (or an anchor, tag, alias) from `at`: up to a break, a flow
    indicator, `: `, or blanks before a `#`."""
    size = len(text)
    while at < size:
        char = text[at]
        if char in _BREAKS or char in _FLOW_ENDS:
            return at
        if char == ":" and (at + 1 == size or text[at + 1] in _VALUE_ENDS):
            return at
        if char in " \t":
            blanks = at
            while at < size and text[at] in " \t":
                at += 1
            if at >= size or text[at] in _COMMENT_OR_BREAK:
                return blanks
            continue
        at += 1
    return at
