"""Glob patterns for paths, as in .gitignore and ruff: `*` and `?` stay within one folder,
`**` spans folders (`old/**/*.txt` matches `old/a.txt` and `old/x/y/a.txt`), and a pattern
without `/` matches a file's name in any folder."""

from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=256)
def _compile(pattern: str) -> re.Pattern[str]:
    out = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if pattern.startswith("**/", index):
            out.append("(?:.*/)?")
            index += 3
            continue
        if pattern.startswith("**", index):
            out.append(".*")
            index += 2
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[" and (close := pattern.find("]", index + 1)) > index + 1:
            body = pattern[index + 1 : close].replace("\\", "\\\\")
            out.append("[^" + body[1:] + "]" if body.startswith("!") else "[" + body + "]")
            index = close + 1
            continue
        else:
            out.append(re.escape(char))
        index += 1
    return re.compile("".join(out) + r"\Z")


def matches(path: str, pattern: str) -> bool:
    """Whether `path` (with `/` between folders) or a tail of it matches `pattern`:
    `old/*.txt` matches `old/a.txt` and `sets/old/a.txt`, not `old/x/a.txt`."""
    path = path.replace("\\", "/").removeprefix("./")
    regex = _compile(pattern.removeprefix("./").rstrip("/"))
    parts = path.split("/")
    return any(regex.match("/".join(parts[index:])) for index in range(len(parts)))
