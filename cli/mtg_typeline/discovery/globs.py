"""Glob patterns for paths, in the one dialect of the project: git's wildmatch, translated by
`discovery.gitignore.translate` as `.gitignore` lines are. `*`, `?` and bracket expressions
stay within one folder (`[!x]` and `[^x]` never match `/`; `]` first in a bracket is a member,
so `[]]` is `]`), `**` between slashes spans folders (`old/**/*.txt` matches `old/a.txt` and
`old/x/y/a.txt`), a backslash escapes the next character, and a pattern that can match
nothing (an unclosed `[`) matches nothing. Unlike a `.gitignore` line, a glob matches a
path or any tail of it, so a pattern without `/` matches a file's name in any folder."""

from __future__ import annotations

import re
from functools import lru_cache

from mtg_typeline.discovery.gitignore import translate


@lru_cache(maxsize=256)
def _compile(pattern: str) -> re.Pattern[str] | None:
    source = translate(pattern)
    return None if source is None else re.compile(source, re.DOTALL)


def matches(path: str, pattern: str) -> bool:
    """Whether `path` (with `/` between folders) or a tail of it matches `pattern`:
    `old/*.txt` matches `old/a.txt` and `sets/old/a.txt`, not `old/x/a.txt`."""
    regex = _compile(pattern.removeprefix("./").rstrip("/"))
    if regex is None:
        return False
    parts = path.replace("\\", "/").removeprefix("./").split("/")
    return any(regex.fullmatch("/".join(parts[index:])) for index in range(len(parts)))


@lru_cache(maxsize=32)
def name_matcher(patterns: tuple[str, ...]) -> re.Pattern[str] | None:
    """One pattern that matches a file's name (one without `/` or `\\`) when any of
    `patterns`, globs without `/`, matches it (`matches` of each, in one match); None when
    none of them can match anything."""
    sources = [regex.pattern for p in patterns if (regex := _compile(p.removeprefix("./").rstrip("/")))]
    return re.compile("|".join(f"(?:{source})" for source in sources), re.DOTALL) if sources else None
