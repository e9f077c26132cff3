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
named explicitly is searched even when it is itself hidden or ignored. With `force_exclude`
(`--force-exclude`, as pre-commit hooks run it) the `exclude` globs and the hidden-path rule
apply to named paths too.

Every input has one name, used in every report, in fingerprints and to read an input named
twice once: its path relative to the run's root (`Names`: the CI workspace, else the git
top level, else the working directory), with `/` between folders and no `./`; a path
outside the root is named by its absolute path. Files are reached through their names
(`Names.on_disk`), so a run from a subdirectory or with absolute paths names and reads
them as a run from the root does.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from typing import NamedTuple, TextIO

from mtg_typeline.discovery.gitignore import Ignores
from mtg_typeline.discovery.globs import matches
from mtg_typeline.display import printable
from mtg_typeline.errors import UsageError
from mtg_typeline.findings import STDIN
from mtg_typeline.sources import DEFAULT_INCLUDE, SNIFF_BYTES, detect

SET_SUFFIX = ".mse-set"
SET_FILE = "set"
# Where a CI system has checked out the repository: the root of reported paths there.
WORKSPACE_VARIABLES = ("GITHUB_WORKSPACE", "CI_PROJECT_DIR")


def find_root(cwd: str, environ: Mapping[str, str]) -> str:
    """The folder reported paths are relative to: the CI workspace where one is set and
    holds `cwd`, else the top of the git repository holding `cwd`, else `cwd`. The
    workspace is taken as the file system has it (a path through a symbolic link is
    resolved, as the working directory always is)."""
    for variable in WORKSPACE_VARIABLES:
        value = environ.get(variable)
        if value and os.path.isdir(value):
            workspace = os.path.realpath(value)
            here = os.path.realpath(cwd)
            if here == workspace or here.startswith(workspace.rstrip(os.sep) + os.sep):
                return workspace
    folder = cwd
    while True:
        if os.path.exists(os.path.join(folder, ".git")):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return cwd
        folder = parent


class Names(NamedTuple):
    """How inputs are named in reports, and where a name is on disk."""

    root: str  # absolute

    def name(self, path: str) -> str:
        """The name of `path` (as given, relative to the working directory)."""
        absolute = os.path.abspath(path)
        try:
            relative = os.path.relpath(absolute, self.root)
        except ValueError:  # another drive
            relative = os.pardir
        if relative == os.pardir or relative.startswith(os.pardir + os.sep):
            relative = absolute
        return relative.replace(os.sep, "/") if os.sep != "/" else relative

    def on_disk(self, name: str) -> str:
        """The path to open for a name."""
        return os.path.join(self.root, name)


class Input(NamedTuple):
    """One input of a run: its `name` (see `Names`; "-" for standard input unless it was
    given one), whether it was named rather than found by a directory search, and whether
    it is read from standard input."""

    name: str
    named: bool = True
    stdin: bool = False
    folder: bool = False  # an unzipped Magic Set Editor set, read whole


class FileFilter(NamedTuple):
    include: tuple[str, ...] = DEFAULT_INCLUDE
    exclude: tuple[str, ...] = ()
    gitignore: bool = True  # skip what .gitignore files ignore
    hidden: bool = False  # search hidden files and directories too
    # the configuration file's folder, which its globs are written from ("": none): a named
    # path is also matched as seen from there under --force-exclude
    base: str = ""

    def wants(self, *paths: str) -> bool:
        """Whether a file is read: `paths` are its path below the directory given, and the
        path as given (so `cards/drafts` works as well as `drafts`)."""
        if self.excludes(*paths):
            return False
        return any(matches(path, g) for path in paths for g in self.include)

    def excludes(self, *paths: str) -> bool:
        return any(matches(path, g) for path in paths for g in self.exclude)


class Discovery(NamedTuple):
    """What decides a run's inputs besides the paths given."""

    files: FileFilter
    names: Names
    force_exclude: bool = False  # exclude globs and hidden paths apply to named paths too
    stdin_name: str | None = None  # --stdin-filename


class Survey(NamedTuple):
    """A run's inputs (see `survey`) and how they were come by, for `--verbose`."""

    inputs: list[Input]
    named: int  # paths given (standard input counts once)
    searched: int  # files and set folders that directory searches found
    left_out: int  # named paths that --force-exclude left out


def survey(paths: tuple[str, ...], how: Discovery, err: TextIO) -> Survey:
    """The inputs of a run, each once, in the order given (a directory's files sorted): an
    input named twice (`a.txt ./a.txt`, a file and its directory) is read once, and so is a
    card file of an unzipped Magic Set Editor set named beside the `set` file that includes
    it, so the set's files given one by one (a shell glob, pre-commit) are read as the set;
    with the numbers of paths named, of files found by directory searches and of named
    paths left out."""
    inputs: dict[str, Input] = {}
    named = searched = left_out = 0
    for path in paths or (STDIN,):
        named += 1
        if _left_out(path, how):
            left_out += 1
            continue
        for found in _inputs(path, how, err):
            known = inputs.setdefault(found.name, found)
            if known.stdin != found.stdin:
                raise UsageError(
                    f"--stdin-filename {printable(how.stdin_name or '')} names {printable(found.name)}, "
                    "which is named as a path too: one of them would not be checked"
                )
            searched += known is found and not found.named
    return Survey(_sets_once(list(inputs.values()), how.names), named, searched, left_out)


def _left_out(path: str, how: Discovery) -> bool:
    """Whether --force-exclude leaves out the named `path` (standard input: by the name
    --stdin-filename gives it)."""
    if not how.force_exclude:
        return False
    if path == STDIN:
        given = how.stdin_name
        return given is not None and _force_excluded(given, how.names.name(given), how)
    return _force_excluded(path, how.names.name(path), how)


def _inputs(path: str, how: Discovery, err: TextIO) -> Iterator[Input]:
    names = how.names
    if path == STDIN:
        stdin_name = how.stdin_name
        yield Input(names.name(stdin_name) if stdin_name else STDIN, stdin=True)
        return
    name = names.name(path)
    if not os.path.isdir(path):
        yield Input(name)
        return
    lead = "" if name == "." else name + "/"
    search = _found(path, how.files, err)
    for found in search.found:
        is_set = found in search.sets
        yield Input(lead + found, named=False, folder=is_set) if found else Input(name, folder=is_set)


def _force_excluded(path: str, name: str, how: Discovery) -> bool:
    """Whether a named path is left out under --force-exclude: an exclude glob matches it or
    a folder it is in, or a folder or file on its way below the root is hidden (unless
    --hidden)."""
    if how.files.exclude and how.files.excludes(*_seen_as(path, name, how.files.base)):
        return True
    if how.files.hidden:
        return False
    parts = (name if not os.path.isabs(name) else os.path.normpath(path)).replace(os.sep, "/").split("/")
    return any(part.startswith(".") and part not in (".", "..") for part in parts)


def _seen_as(path: str, name: str, base: str) -> list[str]:
    """The ways exclude globs may see a named path, each with the folders it is in (an
    excluded folder leaves out the files in it, as in a search): as given, by its name, and
    from `base`, the configuration file's folder (whose globs are written from there, while
    the run may be in a subdirectory, with a root of its own)."""
    views = [os.path.normpath(path), name]
    if base:
        relative = os.path.relpath(os.path.abspath(path), base)
        if relative != os.pardir and not relative.startswith(os.pardir + os.sep):
            views.append(relative)
    seen = []
    for view in views:
        parts = view.replace(os.sep, "/").split("/")
        seen += ["/".join(parts[: end + 1]) for end, part in enumerate(parts) if part not in ("", ".", "..")]
    return seen


def _sets_once(inputs: list[Input], names: Names) -> list[Input]:
    """`inputs` without the files of a set folder that is an input too, and without the
    named files that a named Magic Set Editor `set` file beside them includes: reading the
    set reads them."""
    folders = {found.name for found in inputs if found.folder}
    included = {
        f"{folder}/{name}" if folder else name
        for found in inputs
        if found.named and not found.stdin and _base(found.name) == SET_FILE
        and _is_mse(names.on_disk(found.name))
        for folder in (found.name.rpartition("/")[0],)
        for name in _included(names.on_disk(found.name))
    }  # fmt: skip
    return [
        found
        for found in inputs
        if found.stdin or found.folder or (found.name not in included and not _in_set(found.name, folders))
    ]


def _in_set(name: str, folders: set[str]) -> bool:
    """Whether `name` is the `set` or a `card …` file of one of the set `folders`."""
    folder, _, base = name.rpartition("/")
    return (folder or ".") in folders and (base == SET_FILE or base.startswith("card "))


def _included(path: str) -> frozenset[str]:
    from mtg_typeline.sources.mse import included_files

    return included_files(path)


def _base(name: str) -> str:
    return name.rpartition("/")[2]


def _found(path: str, files: FileFilter, err: TextIO) -> _Search:
    """The search of a directory, done: its inputs, relative to it with `/` ("" for the
    directory itself), and which of them are set folders."""
    search = _Search(path, files)
    if not search.run():
        patterns = ", ".join(files.include)
        err.write(f"typeline: warning: no files matching {patterns} under {printable(path)}\n")
    return search


class _Search:
    """One directory search. Paths below the directory given are kept with `/` (`relative`)."""

    def __init__(self, root: str, files: FileFilter) -> None:
        self.root = root
        self.files = files
        base = os.path.normpath(root)
        self.shown = "" if base == "." else base.replace(os.sep, "/") + "/"  # for globs on the path as given
        # globs of a name alone are tried on the name only (the same answer, faster)
        self.by_name = tuple(g for g in files.include if not any(c in g for c in ("/", "**", "[")))
        self.by_path = tuple(g for g in files.include if g not in self.by_name)
        self.found: list[str] = []  # relative paths; "" is the root itself
        self.sets: set[str] = set()  # those of them that are set folders

    def run(self) -> list[str]:
        """The inputs found, relative to the root with `/` ("" for the root itself), sorted as
        paths (folder by folder)."""
        if self.root.rstrip("/\\").endswith(SET_SUFFIX):
            self.found, self.sets = [""], {""}
            return self.found
        ignores = Ignores.above(self.root) if self.files.gitignore else None
        self.visit(self.root, "", ignores)
        self.found.sort(key=lambda path: path.split("/"))
        return self.found

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
            self.sets.add(relative)
            return
        self.visit(folder, relative, ignores.below(folder, relative) if ignores is not None else None)

    def take_files(self, folder: str, lead: str, names: list[str]) -> None:
        """Add the wanted files of one directory; a Magic Set Editor `set` file makes the
        directory one input in place of its `set` and `card …` files."""
        if SET_FILE in names and _is_mse(os.path.join(folder, SET_FILE)):
            self.found.append(lead.rstrip("/"))
            self.sets.add(lead.rstrip("/"))
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
