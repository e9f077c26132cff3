"""Which files a run reads: paths as given, directories searched for card-data files.

A directory yields the files below it that match an `include` glob (default: every kind the
readers know) and no `exclude` glob, sorted. Globs match a file's name or its path relative
to the directory given. Hidden files and directories are skipped unless `hidden`; what
`.gitignore` files ignore is skipped unless `gitignore` is off (see `gitignore`), and git's
own `.git` directory is never searched.

A Magic Set Editor set kept unzipped is one input, read whole by its reader: a directory
whose name ends in `.mse-set` (not searched further), or one holding an MSE `set` file (its
`set` and `card …` files are the set's; its other files and directories are searched as
usual). A file named `set` that isn't MSE is read only when another include glob selects it.

Paths named explicitly are read as given, whatever the globs, hidden or ignored; a directory
named explicitly is searched even when it is itself hidden or ignored.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import NamedTuple, TextIO

from mtg_typeline.display import printable
from mtg_typeline.gitignore import Ignores
from mtg_typeline.globs import matches
from mtg_typeline.sources import DEFAULT_INCLUDE, SNIFF_BYTES, detect

STDIN = "-"
SET_SUFFIX = ".mse-set"
SET_FILE = "set"


class FileFilter(NamedTuple):
    include: tuple[str, ...] = DEFAULT_INCLUDE
    exclude: tuple[str, ...] = ()
    gitignore: bool = True  # skip what .gitignore files ignore
    hidden: bool = False  # search hidden files and directories too

    def wants(self, *paths: str) -> bool:
        """Whether a file is read: `paths` are its path below the directory given, and the
        path as given (so `cards/drafts` works as well as `drafts`)."""
        if self.excludes(*paths):
            return False
        return any(matches(path, g) for path in paths for g in self.include)

    def excludes(self, *paths: str) -> bool:
        return any(matches(path, g) for path in paths for g in self.exclude)


def expand(paths: tuple[str, ...], files: FileFilter, err: TextIO) -> Iterator[str]:
    """Each path as given; a directory as its matching files (and set folders), sorted."""
    for path in paths:
        if path != STDIN and os.path.isdir(path):
            found = _Search(path, files).run()
            if not found:
                patterns = ", ".join(files.include)
                err.write(f"typeline: warning: no files matching {patterns} under {printable(path)}\n")
            yield from found
        else:
            yield path


class _Search:
    """One directory search. Paths below the directory given are kept with `/` (`relative`)
    while searching, and given the directory's prefix at the end."""

    def __init__(self, root: str, files: FileFilter) -> None:
        self.root = root
        self.files = files
        base = os.path.normpath(root)
        self.prefix = "" if base == "." else base + os.sep
        self.shown = "" if base == "." else base.replace(os.sep, "/") + "/"  # for globs on the path as given
        # globs of a name alone are tried on the name only (the same answer, faster)
        self.by_name = tuple(g for g in files.include if not any(c in g for c in ("/", "**", "[")))
        self.by_path = tuple(g for g in files.include if g not in self.by_name)
        self.found: list[str] = []  # relative paths; "" is the root itself

    def run(self) -> list[str]:
        """The inputs found, sorted as paths (folder by folder)."""
        if self.root.rstrip("/\\").endswith(SET_SUFFIX):
            return [self.root]
        ignores = Ignores.above(self.root) if self.files.gitignore else None
        self.visit(self.root, "", ignores)
        self.found.sort(key=lambda path: path.split("/"))
        return [self.root if not path else self.prefix + path.replace("/", os.sep) for path in self.found]

    def visit(self, folder: str, relative: str, ignores: Ignores | None) -> None:
        """Search one directory: its wanted files, its set if it holds one, its
        subdirectories."""
        try:
            with os.scandir(folder) as scan:
                entries = sorted(scan, key=lambda entry: entry.name)
        except OSError:
            return  # an unreadable directory below the one given is passed over, as git does
        lead = relative + "/" if relative else ""
        names: list[str] = []
        folders: list[tuple[str, str]] = []
        for entry in entries:
            name = entry.name
            if (name.startswith(".") and not self.files.hidden) or name == ".git":
                continue
            path = lead + name
            if entry.is_dir(follow_symlinks=False):
                if ignores is None or not ignores.ignored(path, True):
                    folders.append((entry.path, path))
            elif (
                self.wanted(path, name)
                and entry.is_file()
                and (ignores is None or not ignores.ignored(path, False))
            ):
                names.append(name)
        self.take_files(folder, lead, names)
        for child, path in folders:
            self.enter(child, path, ignores)

    def enter(self, folder: str, relative: str, ignores: Ignores | None) -> None:
        if self.files.excludes(relative, self.shown + relative):
            return
        if folder.endswith(SET_SUFFIX) and self.wanted(relative, os.path.basename(folder)):
            self.found.append(relative)  # a set kept unzipped: read whole, not searched
            return
        self.visit(folder, relative, ignores.below(folder, relative) if ignores is not None else None)

    def take_files(self, folder: str, lead: str, names: list[str]) -> None:
        """Add the wanted files of one directory; a Magic Set Editor `set` file makes the
        directory one input in place of its `set` and `card …` files."""
        if SET_FILE in names and _is_mse(os.path.join(folder, SET_FILE)):
            self.found.append(lead.rstrip("/"))
            names = [n for n in names if n != SET_FILE and not n.startswith("card ")]
        elif SET_FILE in names and not self.selected_otherwise(lead + SET_FILE, SET_FILE):
            names.remove(SET_FILE)
        self.found.extend(lead + name for name in names)

    def wanted(self, relative: str, name: str) -> bool:
        files = self.files
        if files.exclude and files.excludes(relative, self.shown + relative):
            return False
        if any(matches(name, g) for g in self.by_name):
            return True
        return any(matches(p, g) for p in (relative, self.shown + relative) for g in self.by_path)

    def selected_otherwise(self, relative: str, name: str) -> bool:
        """Whether a `set` file that isn't MSE is selected by a glob other than `set`."""
        others = FileFilter(tuple(g for g in self.files.include if g != SET_FILE), self.files.exclude)
        return others.wants(relative, self.shown + relative)


def _is_mse(path: str) -> bool:
    try:
        with open(path, "rb") as file:
            head = file.read(SNIFF_BYTES)
    except OSError:
        return False
    return detect(path, head) == "mse"
