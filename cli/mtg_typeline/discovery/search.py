"""The directory search of discovery: the files below a directory that a run reads (see
`discovery` for the rules), found without reading any of them but a `set` file (to tell a
Magic Set Editor set), and the glob tests of `FileFilter`. Loaded only when a directory is
named (or globs exclude named paths), with `.gitignore` reading (`discovery.gitignore`) and
glob matching (`discovery.globs`).
"""

from __future__ import annotations

import os
from operator import attrgetter
from typing import TYPE_CHECKING

from mtg_typeline.discovery.gitignore import Ignores
from mtg_typeline.discovery.globs import matches, name_matcher
from mtg_typeline.display import printable
from mtg_typeline.sources import SET_FILE, SET_SUFFIX, SNIFF_BYTES
from mtg_typeline.sources.inputs import detect

if TYPE_CHECKING:
    from mtg_typeline.discovery import FileFilter


_name = attrgetter("name")  # (a directory entry's)


def wants(files: FileFilter, *paths: str) -> bool:
    """Whether a file is read: `paths` are its path below the directory given, and the path
    as given (so `cards/drafts` works as well as `drafts`)."""
    if excludes(files, *paths):
        return False
    return any(matches(path, g) for path in paths for g in files.include)


def excludes(files: FileFilter, *paths: str) -> bool:
    """Whether an exclude glob matches one of `paths`."""
    return any(matches(path, g) for path in paths for g in files.exclude)


def search(path: str, files: FileFilter) -> Search:
    """The search of a directory, done: its inputs, relative to it with `/` ("" for the
    directory itself), and which of them are set folders (none: see `unmatched`)."""
    done = Search(path, files)
    done.run()
    return done


def unmatched(path: str, files: FileFilter) -> str:
    """What is said of a directory whose search found nothing to read."""
    return f"no files matching {', '.join(files.include)} under {printable(path)}"


class Search:
    """One directory search. Paths below the directory given are kept with `/` (`relative`)."""

    def __init__(self, root: str, files: FileFilter) -> None:
        self.root = root
        self.files = files
        base = os.path.normpath(root)
        self.shown = "" if base == "." else base.replace(os.sep, "/") + "/"  # for globs on the path as given
        # globs without `/` are tried on the name only (the same answer, faster: nothing in
        # them but a lone `**`, which matches any name too, can match across a `/`)
        self.by_name = tuple(g for g in files.include if "/" not in g)
        self.by_path = tuple(g for g in files.include if g not in self.by_name)
        self.name_globs = name_matcher(self.by_name)
        self.found: list[str] = []  # relative paths; "" is the root itself
        self.sets: set[str] = set()  # those of them that are set folders
        self.unsearched: dict[str, str] = {}  # those that are directories it could not list, and why

    def run(self) -> list[str]:
        """The inputs found, relative to the root with `/` ("" for the root itself), sorted as
        paths (folder by folder): each folder's files and subfolders are gone through in the
        order of their names, a set folder before what is in it."""
        if self.root.rstrip("/\\").endswith(SET_SUFFIX):
            self.take_set(self.root, "")
            return self.found
        ignores = Ignores.above(self.root) if self.files.gitignore else None
        self.visit(self.root, "", ignores)
        return self.found

    def visit(self, folder: str, relative: str, ignores: Ignores | None) -> None:
        """Search one directory: its set if it holds one, then its wanted files and its
        subdirectories, by name."""
        try:
            with os.scandir(folder) as scan:
                entries = sorted(scan, key=_name)
        except OSError as exc:
            self.cannot_list(relative, exc)
            return
        lead = relative + "/" if relative else ""
        names, here = self.sort_out(entries, lead, ignores)
        kept = self.take_files(folder, lead, names)
        left = set(kept) if len(kept) != len(names) else None  # (None: every one of them)
        if left is None and len(here) == len(names):  # (files alone, each read: a tree's every leaf)
            self.found += [lead + name for name in names] if lead else names
            return
        for place in here:
            if isinstance(place, tuple):
                self.enter(*place, ignores)
            elif left is None or place in left:
                self.found.append(lead + place)

    def sort_out(
        self, entries: list[os.DirEntry[str]], lead: str, ignores: Ignores | None
    ) -> tuple[list[str], list[tuple[str, str] | str]]:
        """Of a folder's entries (sorted by name), the names of the files it wants, and
        those files and its subfolders to search (a pair: the path, and the path below the
        root), in order."""
        names: list[str] = []
        here: list[tuple[str, str] | str] = []
        hidden, wanted = self.files.hidden, self.wanted
        ignored = ignores.ignored if ignores is not None else None
        # (a name that a glob of names matches, with no exclude glob: wanted, told here at once)
        by_name = self.name_globs if not self.files.exclude else None
        for entry in entries:
            name = entry.name
            if (name.startswith(".") and not hidden) or name == ".git":
                continue
            path = lead + name
            if entry.is_dir(follow_symlinks=False):
                if ignored is None or not ignored(path, True):
                    here.append((entry.path, path))
            elif (
                (
                    (by_name is not None and "\\" not in name and by_name.fullmatch(name) is not None)
                    or wanted(path, name)
                )
                and (ignored is None or not ignored(path, False))
                and is_file_or_broken_link(entry)
            ):
                names.append(name)
                here.append(name)
        return names, here

    def enter(self, folder: str, relative: str, ignores: Ignores | None) -> None:
        if excludes(self.files, relative, self.shown + relative):
            return
        if folder.endswith(SET_SUFFIX) and self.wanted(relative, os.path.basename(folder)):
            self.take_set(folder, relative)  # a set kept unzipped: read whole, not searched
            return
        self.visit(folder, relative, ignores.below(folder, relative) if ignores is not None else None)

    def take_set(self, folder: str, relative: str) -> None:
        """Add a set folder (`*.mse-set`), read whole by its reader, if it can be listed."""
        try:
            os.listdir(folder)
        except OSError as exc:
            self.cannot_list(relative, exc)
            return
        self.found.append(relative)
        self.sets.add(relative)

    def cannot_list(self, relative: str, exc: OSError) -> None:
        """Add a directory that can't be listed: an input that can't be read (TL901), not a
        folder of none."""
        self.found.append(relative)
        self.unsearched[relative] = exc.strerror or str(exc)

    def take_files(self, folder: str, lead: str, names: list[str]) -> list[str]:
        """The wanted files of one directory that are read; a Magic Set Editor `set` file
        makes the directory one input (added) in place of its `set` and `card …` files."""
        if SET_FILE in names and is_mse(os.path.join(folder, SET_FILE)):
            self.found.append(lead.rstrip("/"))
            self.sets.add(lead.rstrip("/"))
            return [n for n in names if n != SET_FILE and not n.startswith("card ")]
        if SET_FILE in names and not self.selected_otherwise(lead + SET_FILE, SET_FILE):
            return [n for n in names if n != SET_FILE]
        return names

    def wanted(self, relative: str, name: str) -> bool:
        files = self.files
        if files.exclude and excludes(files, relative, self.shown + relative):
            return False
        if "\\" not in name:  # (a name alone: one match for every glob of names)
            if (by_name := self.name_globs) is not None and by_name.fullmatch(name):
                return True
        elif any(matches(name, g) for g in self.by_name):
            return True
        return any(matches(p, g) for p in (relative, self.shown + relative) for g in self.by_path)

    def selected_otherwise(self, relative: str, name: str) -> bool:
        """Whether a `set` file that isn't MSE is selected by a glob other than `set`."""
        others = self.files._replace(include=tuple(g for g in self.files.include if g != SET_FILE))
        return wants(others, relative, self.shown + relative)


def is_file_or_broken_link(entry: os.DirEntry[str]) -> bool:
    """Whether a directory entry is a file, or a symbolic link that leads nowhere or round in a
    loop: one the search meant to read but can't, reported when opening it fails (TL901)
    rather than passed over. A link to a directory is not followed."""
    try:
        return entry.is_file() or (entry.is_symlink() and not os.path.exists(entry.path))
    except OSError:  # a loop of links
        return True


def is_mse(path: str) -> bool:
    """Whether a file is a Magic Set Editor `set` file (by its name and first bytes)."""
    try:
        with open(path, "rb") as file:
            head = file.read(SNIFF_BYTES)
    except OSError:
        return False
    return detect(path, head) == "mse"
