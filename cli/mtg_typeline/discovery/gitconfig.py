"""Where a repository's git directory is, and where git's global excludes are
(`core.excludesFile`), read from git's configuration files as git reads them, without
running git, for the directory search's ignore rules (`discovery.gitignore`).

The configuration files are read in git's order, a later value winning: the user's
(`$GIT_CONFIG_GLOBAL` where set, else `$XDG_CONFIG_HOME/git/config`, or
`~/.config/git/config` where that is unset or empty, then `~/.gitconfig`), then the
repository's own `config`; an `[include]` section's `path` is read where it stands (from the
including file's folder; ten deep at most, as git stops a loop). Not read: the system file
(where it is depends on how git was built) and conditional includes (`[includeIf …]`), so
a `core.excludesFile` set only there is not found. Unset, the file is git's default,
`$XDG_CONFIG_HOME/git/ignore` (`~/.config/git/ignore`); set empty, there is none; with no
home folder (no `HOME`, no user entry) no file under it is read. A value starting `~/` or
`~user/` is under that home, as git's paths are; a relative one is from the top of the
working tree, where git runs.

A linked worktree's `.git` is a file (`gitdir: …`) naming its own git directory, whose
`commondir` file names the main one, where `info/exclude` and `config` are.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

_MAX_INCLUDE_DEPTH = 10  # as git's
# The start of a line: a section header, then a variable's name and its `=` (each may be absent).
_LINE = re.compile(r"[ \t]*(?:\[([^\]\n]*)\][ \t]*)?(?:([A-Za-z][A-Za-z0-9-]*)[ \t]*(=?))?")
_ESCAPES = {"n": "\n", "t": "\t", "b": "\b"}


def repository_dir(top: str) -> str:
    """The git directory holding `info/exclude` and `config` for the working tree `top` (the
    folder holding `.git`)."""
    dot_git = os.path.join(top, ".git")
    if os.path.isdir(dot_git):
        return dot_git
    own = _pointed(dot_git, "gitdir:") or dot_git
    common = os.path.join(own, "commondir")
    return _pointed(common, "") or own


def _pointed(path: str, lead: str) -> str | None:
    """The folder a small pointer file names after `lead` (relative to the file's folder), or
    None when it is absent or says something else."""
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as file:
            text = file.read(4096).strip()
    except OSError:
        return None
    if not text.startswith(lead):
        return None
    return os.path.normpath(os.path.join(os.path.dirname(path), text[len(lead) :].strip()))


def excludes_file(git_dir: str, top: str) -> str | None:
    """The path of the global excludes file of the repository whose git directory is
    `git_dir` and working tree `top`; None when it is set empty."""
    found = None
    for path in _config_files(git_dir):
        for value in config_values(path, "core", "excludesfile"):
            found = value
    if found is None:
        default = os.path.join(_xdg_config_home(), "git", "ignore")
        return default if os.path.isabs(default) else None  # (no home folder to have one in)
    return os.path.join(top, os.path.expanduser(found)) if found else None


def _config_files(git_dir: str) -> list[str]:
    """The configuration files git reads, in its order (see the module)."""
    given = os.environ.get("GIT_CONFIG_GLOBAL")
    if given is not None:
        users = [os.path.expanduser(given)] if given else []
    else:
        users = [os.path.join(_xdg_config_home(), "git", "config"), os.path.expanduser("~/.gitconfig")]
    return [*(user for user in users if os.path.isabs(user)), os.path.join(git_dir, "config")]


def _xdg_config_home() -> str:
    return os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")


def config_values(path: str, section: str, name: str, depth: int = 0) -> Iterator[str]:
    """The values of `name` in `[section]` (no subsection) of the configuration file at
    `path`, in order, those of the files it includes in their places; an unreadable or
    absent file has none."""
    try:
        with open(path, "rb") as file:
            text = file.read().decode("utf-8", "surrogateescape").replace("\r\n", "\n")
    except OSError:
        return
    for where, key, value in _variables(text):
        if where == section and key == name:
            yield value
        elif where == "include" and key == "path" and value and depth < _MAX_INCLUDE_DEPTH:
            included = os.path.join(os.path.dirname(path), os.path.expanduser(value))
            yield from config_values(included, section, name, depth + 1)


def _variables(text: str) -> Iterator[tuple[str, str, str]]:
    """(section, name, value) of each variable of a configuration text, section and name in
    lower case (a section with a subsection as written, so never a plain one's name) and a
    value. Comments, names without a value and lines that are neither are passed over."""
    section, at = "", 0
    while at < len(text):
        line = _LINE.match(text, at)
        assert line is not None  # (every part of it is optional)
        header, key, equals = line.groups()
        if header is not None:
            section = header.strip().lower()
        at = line.end()
        if key is None or not equals:  # (a name alone is a boolean: no path of ours)
            end = text.find("\n", at)
            at = len(text) if end < 0 else end + 1
            continue
        value, at = _value(text, at)
        yield section, key.lower(), value


def _value(text: str, at: int) -> tuple[str, int]:
    """The value starting at `at` as git reads it, and where the next line starts: white space
    around it dropped, `"` quotes what follows until the next one, `#` or `;` unquoted starts
    a comment, `\\` escapes `"`, `\\`, `n`, `t`, `b` and a line end (the value goes on)."""
    out: list[str] = []  # (never an empty string: `out` is empty until the value starts)
    spaces = 0
    quoted = comment = False
    while at < len(text):
        char = text[at]
        at += 1
        if char == "\n":
            break
        if comment or (char in " \t" and not quoted):
            spaces += bool(out) and not comment
            continue
        if char in "#;" and not quoted:
            comment = True
            continue
        if spaces:
            out.append(" " * spaces)
            spaces = 0
        if char == "\\" and at < len(text):
            escaped = text[at]
            at += 1
            if escaped != "\n":
                out.append(_ESCAPES.get(escaped, escaped))
        elif char == '"':
            quoted = not quoted
        else:
            out.append(char)
    return "".join(out), at
