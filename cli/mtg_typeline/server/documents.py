"""The server's view of each open buffer: which format it is read in, its problems as last
checked, and the last problems of a buffer that could be read whole.

A buffer being typed is often not valid YAML or JSON for a moment. Its reader then stops at
the syntax error (TL905, placed where the parser noticed it), and the cards after that place
go unchecked: rather than let their diagnostics vanish and come back at the next keystroke,
the problems the last readable version had after the last fresh problem are kept, moved by
the number of lines the buffer grew or shrank by (`keep_last_good`).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable

from mtg_typeline.findings import MALFORMED
from mtg_typeline.records import NamedTuple
from mtg_typeline.server.checking import Problem, check_document, format_of
from mtg_typeline.server.incremental import Split, assign, placed, recheck, split

# An editor's language ids, and the format each is read in when the file's name doesn't tell
# (an untitled buffer); "json" is left to the content (Scryfall, MTGJSON or a card list)
LANGUAGE_FORMATS: dict[str, str | None] = {
    "yaml": "yaml",
    "json": None,
    "jsonl": "jsonl",
    "csv": "csv",
    "tsv": "csv",
    "xml": "cockatrice",
    "plaintext": None,
    "forge": "forge",
}
# the readers that hand over a line's `#` comment, where `# typeline: ignore` is read
COMMENTED_FORMATS = frozenset({"text", "yaml"})
NAMED_BY_EXTENSION = (".txt", ".json", ".jsonl", ".ndjson", ".csv", ".tsv", ".yaml", ".yml", ".xml")


class UnknownLanguage(Exception):
    """A buffer whose language id names no format, in a file whose name doesn't tell one."""


def given_format(path: str, language_id: str | None) -> str | None:
    """The format to give the checker for a buffer: None where the file's name (or the
    content) tells it; raises `UnknownLanguage` for a language id that tells nothing where
    the name doesn't either (the content is then read as the checker tells it)."""
    if path.lower().endswith(NAMED_BY_EXTENSION) or language_id is None:
        return None
    if language_id not in LANGUAGE_FORMATS:
        raise UnknownLanguage(language_id)
    return LANGUAGE_FORMATS[language_id]


def _unfixed(unsafe: bool) -> str:
    return ""


class Document(NamedTuple):
    """What the server knows of one buffer: its file's path, the format given (None: told),
    the format it is read in, its problems, its text with the fixes made (`fixed(unsafe)`),
    and the problems and line count of the last version read whole."""

    path: str
    given: str | None
    fmt: str
    problems: tuple[Problem, ...] = ()
    fixed: Callable[[bool], str] = _unfixed
    good: tuple[Problem, ...] = ()
    good_lines: int = 0
    items: Split | None = None  # a YAML list of cards, item by item (see `server.incremental`)

    @property
    def commented(self) -> bool:
        """Whether the format reads `# typeline: ignore` comments."""
        return self.fmt in COMMENTED_FORMATS


def checked(text: str, path: str, given: str | None, last: Document | None) -> Document:
    """The buffer `text` of the file `path` checked (only its changed cards, where
    `server.incremental` can); the problems of the last version read whole kept where this
    one can't be read past a syntax error."""
    fmt = format_of(text, os.path.basename(path), given)
    lines = text.count("\n") + 1
    if last is not None and last.items is not None and (last.fmt, last.given) == (fmt, given):
        items = recheck(text, path, given, last.items)
        if items is not None:
            problems = placed(items)
            return Document(path, given, fmt, problems, _fixer(text, path, given), problems, lines, items)
    found = check_document(text, path, given)
    fresh = found.problems
    found = found._replace(fixed=functools.cache(found.fixed))  # fix-all asked again: made once
    if not any(p.code == MALFORMED[0] for p in fresh):
        blocks = split(text) if fmt == "yaml" else None
        items = assign(blocks, fresh) if blocks is not None else None
        return Document(path, given, fmt, fresh, found.fixed, fresh, lines, items)
    if last is None:
        return Document(path, given, fmt, fresh, found.fixed)
    kept = keep_last_good(fresh, last.good, lines - last.good_lines)
    return Document(path, given, fmt, kept, found.fixed, last.good, last.good_lines)


def _fixer(text: str, path: str, given: str | None) -> Callable[[bool], str]:
    """The fixed text of a buffer checked item by item: the whole buffer checked when asked."""

    @functools.cache
    def fixed(unsafe: bool) -> str:
        return check_document(text, path, given).fixed(unsafe)

    return fixed


def keep_last_good(fresh: tuple[Problem, ...], good: tuple[Problem, ...], moved: int) -> tuple[Problem, ...]:
    """`fresh` (with a TL905) and the problems of `good` past the last fresh problem other
    than the TL905, `moved` lines down (their fixes dropped: made for another text)."""
    read = [p.line for p in fresh if p.code != MALFORMED[0]]
    last = max(read, default=-1)
    kept = [
        p._replace(line=p.line + moved, end_line=p.end_line + moved, fix=())
        for p in good
        if min(p.line, p.line + moved) > last  # not one of the lines read again
    ]
    stopped = min(p.line for p in fresh if p.code == MALFORMED[0])
    kept = [p for p in kept if p.line != stopped]
    return tuple(sorted([*fresh, *kept], key=lambda p: (p.line, p.column, p.code)))
