"""What `.gitignore` files ignore, as git decides it, for the directory search.

The rules of gitignore(5) and git's wildmatch: blank lines and `#` comments are skipped;
trailing spaces are dropped unless escaped (`\\ `); `!` re-includes; a trailing `/` matches
directories only; a pattern with a `/` at its start or in its middle is anchored to the
directory of its file, one without matches a name at any depth; `*`, `?` and `[...]` stay
within one directory; `**/`, `/**/` and `/**` span directories; a backslash escapes the next
character (`\\#`, `\\!`). The last pattern that matches decides, deeper files over higher
ones, `.gitignore` files over `.git/info/exclude`, and that over git's global excludes
file. What is inside an ignored directory is ignored too (the search doesn't go in), as in
git.

The files read are git's global excludes file (`core.excludesFile`, by default
`~/.config/git/ignore`: found as `discovery.gitconfig` says), `.git/info/exclude` (a linked
worktree's is the main repository's) and the `.gitignore` files of the repository's
directories from its root (the directory holding `.git`) down to the one searched, then the
ones met during the search. Outside a repository only the `.gitignore` files inside the
searched directory apply.
"""

from __future__ import annotations

import os
import re

from mtg_typeline.discovery.gitconfig import excludes_file, repository_dir
from mtg_typeline.records import NamedTuple
from mtg_typeline.sources import UTF8_BOM

_CLASSES = {  # POSIX classes of bracket expressions, in ASCII as git's wildmatch has them
    "alnum": "a-zA-Z0-9",
    "alpha": "a-zA-Z",
    "blank": " \\t",
    "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9",
    "graph": "!-~",
    "lower": "a-z",
    "print": " -~",
    "punct": "!-/:-@\\[-`{-~",
    "space": " \\t\\n\\r\\f\\v",
    "upper": "A-Z",
    "xdigit": "0-9a-fA-F",
}


class Pattern(NamedTuple):
    """One line of an ignore file."""

    regex: re.Pattern[str]
    negated: bool  # `!`: re-includes what an earlier pattern ignored
    directories_only: bool  # a trailing `/`
    name_only: bool  # no `/` in it: matched against the last part of a path


def parse(line: str) -> Pattern | None:
    """The pattern of one line (without its newline), or None for a blank line, a comment
    or a pattern that can match nothing (an unclosed `[`, a trailing backslash)."""
    line = _trim_trailing_spaces(line.removesuffix("\r"))
    if not line or line.startswith("#"):
        return None
    negated = line.startswith("!")
    body = line[1:] if negated else line
    directories_only = body.endswith("/")
    body = body[:-1] if directories_only else body
    name_only = "/" not in body
    body = body.removeprefix("/")
    source = translate(body) if body else None
    if source is None:
        return None
    return Pattern(re.compile(source, re.DOTALL), negated, directories_only, name_only)


def _trim_trailing_spaces(line: str) -> str:
    """Drop the trailing spaces that are not escaped with a backslash (as git does)."""
    end = len(line)
    while end and line[end - 1] == " ":
        escapes = len(line[: end - 1]) - len(line[: end - 1].rstrip("\\"))
        if escapes % 2:
            break
        end -= 1
    return line[:end]


def translate(pattern: str) -> str | None:
    """A wildmatch pattern as a regular expression for the whole path; None when it can't
    match anything."""
    out: list[str] = []
    index, size = 0, len(pattern)
    while index < size:
        char = pattern[index]
        if char == "\\":
            if index + 1 == size:
                return None
            out.append(re.escape(pattern[index + 1]))
            index += 2
        elif char == "*":
            index = _stars(pattern, index, out)
        elif char == "?":
            out.append("[^/]")
            index += 1
        elif char == "[":
            found = _bracket(pattern, index)
            if found is None:
                return None
            out.append(found[0])
            index = found[1]
        else:
            out.append(re.escape(char))
            index += 1
    return "".join(out)


def _stars(pattern: str, index: int, out: list[str]) -> int:
    """Translate a run of `*`: `**` between slashes (or at an end) spans directories, any
    other run stays within one; returns where the pattern goes on."""
    end = index
    while end < len(pattern) and pattern[end] == "*":
        end += 1
    bounded = (index == 0 or pattern[index - 1] == "/") and (end == len(pattern) or pattern[end] == "/")
    if end - index < 2 or not bounded:
        out.append("[^/]*")
        return end
    if end == len(pattern):
        out.append(".*")  # `/**` at the end: everything inside
        return end
    out.append("(?:.*/)?")  # `**/`: any number of directories, none too
    return end + 1


def _bracket(pattern: str, index: int) -> tuple[str, int] | None:
    """A bracket expression starting at `index` as a regex class that never matches `/`,
    and the index after it; None when it is not closed or names an unknown class."""
    at = index + 1
    negated = at < len(pattern) and pattern[at] in "!^"
    at += negated
    items: list[str] = []
    first = True
    while at < len(pattern) and (first or pattern[at] != "]"):
        first = False
        if pattern.startswith("[:", at):
            close = pattern.find(":]", at + 2)
            if close < 0 or pattern[at + 2 : close] not in _CLASSES:
                return None
            items.append(_CLASSES[pattern[at + 2 : close]])
            at = close + 2
            continue
        low, at = _bracket_char(pattern, at)
        if low is None:
            return None
        if pattern.startswith("-", at) and at + 1 < len(pattern) and pattern[at + 1] != "]":
            high, at = _bracket_char(pattern, at + 1)
            if high is None:
                return None
            if low <= high:  # a range backwards matches nothing
                items.append(f"{re.escape(low)}-{re.escape(high)}")
            continue
        items.append(re.escape(low))
    if at >= len(pattern):
        return None
    body = "".join(items)
    if negated:
        return f"[^/{body}]", at + 1
    return (f"(?!/)[{body}]" if body else "(?!)"), at + 1


def _bracket_char(pattern: str, at: int) -> tuple[str | None, int]:
    if pattern[at] == "\\":
        return (pattern[at + 1], at + 2) if at + 1 < len(pattern) else (None, at + 1)
    return pattern[at], at + 1


def read_patterns(path: str) -> tuple[Pattern, ...]:
    """The patterns of an ignore file; an unreadable or absent one has none."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError:
        return ()
    text = data.removeprefix(UTF8_BOM).decode("utf-8", "surrogateescape")
    return tuple(p for line in text.split("\n") if (p := parse(line)) is not None)


class _Rules(NamedTuple):
    """The patterns of one ignore file, and how a path below the searched directory is made
    relative to that file's directory: `prefix` put before it, `strip` characters taken off.
    `files`: what a file's name, and its path, must match for any pattern of them to match
    it (one expression of those patterns each, None for none), so that a file none of them
    ignores (nearly every file) is told in two matches, not one a pattern."""

    patterns: tuple[Pattern, ...]
    prefix: str
    strip: int
    files: tuple[re.Pattern[str] | None, re.Pattern[str] | None]

    @classmethod
    def of(cls, patterns: tuple[Pattern, ...], prefix: str, strip: int) -> _Rules:
        on_files = [pattern for pattern in patterns if not pattern.directories_only]
        by_name = [pattern.regex.pattern for pattern in on_files if pattern.name_only]
        by_path = [pattern.regex.pattern for pattern in on_files if not pattern.name_only]
        return cls(patterns, prefix, strip, (_any_of(by_name), _any_of(by_path)))


def _any_of(sources: list[str]) -> re.Pattern[str] | None:
    """One expression that matches what any of `sources` matches (None for none)."""
    return re.compile("|".join(f"(?:{source})" for source in sources), re.DOTALL) if sources else None


class Ignores:
    """The ignore files that apply to a directory of the search (each directory's adds its
    own `.gitignore`). Paths are relative to the searched directory, with `/`."""

    __slots__ = ("rules",)

    def __init__(self, rules: tuple[_Rules, ...] = ()) -> None:
        self.rules = rules

    @classmethod
    def above(cls, root: str) -> Ignores:
        """The ignore files that apply to the searched directory `root` from above it: the
        repository's exclude file and the `.gitignore` files from its root down to `root`
        (`root`'s own one included)."""
        here = os.path.abspath(root)
        chain = [here]
        while not os.path.exists(os.path.join(chain[-1], ".git")):
            parent = os.path.dirname(chain[-1])
            if parent == chain[-1]:  # not in a repository: only the search's own files
                return cls().below(root, "")
            chain.append(parent)
        top = chain[-1]
        git_dir = repository_dir(top)
        everywhere = excludes_file(git_dir, top)
        rules = [
            _Rules.of(read_patterns(everywhere) if everywhere else (), _relative(top, here), 0),
            _Rules.of(read_patterns(os.path.join(git_dir, "info", "exclude")), _relative(top, here), 0),
        ]
        for folder in reversed(chain):
            patterns = read_patterns(os.path.join(folder, ".gitignore"))
            if patterns:
                rules.append(_Rules.of(patterns, _relative(folder, here), 0))
        return cls(tuple(r for r in rules if r.patterns))

    def below(self, folder: str, relative: str) -> Ignores:
        """These rules and those of `folder`'s `.gitignore` (`relative`: its path below the
        searched directory, "" for that one itself)."""
        patterns = read_patterns(os.path.join(folder, ".gitignore"))
        if not patterns:
            return self
        return Ignores((*self.rules, _Rules.of(patterns, "", len(relative) + 1 if relative else 0)))

    def ignored(self, path: str, is_dir: bool) -> bool:
        """Whether `path` (below the searched directory) is ignored: the last matching
        pattern of the deepest file with one decides."""
        name = path.rpartition("/")[2]
        for rules in reversed(self.rules):
            local = rules.prefix + path[rules.strip :]
            if not is_dir:  # (a file no pattern of these matches: told at once)
                by_name, by_path = rules.files
                if not (by_name is not None and by_name.fullmatch(name)) and not (
                    by_path is not None and by_path.fullmatch(local)
                ):
                    continue
            for pattern in reversed(rules.patterns):
                if pattern.directories_only and not is_dir:
                    continue
                if pattern.regex.fullmatch(name if pattern.name_only else local):
                    return not pattern.negated
        return False


def _relative(folder: str, here: str) -> str:
    """The prefix that makes a path below `here` relative to `folder` (an ancestor)."""
    rest = os.path.relpath(here, folder).replace(os.sep, "/")
    return "" if rest == "." else rest + "/"
