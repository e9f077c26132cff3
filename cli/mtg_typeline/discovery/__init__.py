"""Discovery, the stage between the options and the sources: which files a run reads, paths
as given and directories searched for card-data files (the search itself is
`discovery.search`, loaded only when a directory is named), each input with its name and
whether it is read as a search reads what it comes upon (`Input.searched`).

A directory yields the files below it that match an `include` glob (default: every kind the
readers know) and no `exclude` glob, sorted. Globs match a file's name or its path relative
to the directory given. Hidden files and directories are skipped unless `hidden`; what
`.gitignore` files ignore is skipped unless `gitignore` is off (see `gitignore`), and git's
own `.git` directory is never searched. What the search means to read but can't is an input
still, reported when it is read (TL901): a symbolic link that leads nowhere or round in a
loop, and a directory it can't list (`Input.unsearched`).

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
from collections.abc import Callable, Iterator, Mapping
from typing import TextIO

from mtg_typeline.display import printable
from mtg_typeline.errors import UsageError
from mtg_typeline.findings import STDIN
from mtg_typeline.records import NamedTuple
from mtg_typeline.sources import DEFAULT_INCLUDE, POSIX_PATHS, SET_FILE

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
        """The path to open for a name: `os.path.join` of the root and it, put together
        here where paths are POSIX's (a name for each file of a tree: the join's checks
        of its arguments cost more than the join)."""
        if POSIX_PATHS and name[:1] != "/":
            root = self.root
            return root + name if root[-1:] == "/" else f"{root}/{name}"
        return os.path.join(self.root, name)


class Input(NamedTuple):
    """One input of a run: its `name` (see `Names`; "-" for standard input unless it was
    given one), whether it was named rather than found by a directory search, and whether
    it is read from standard input. `searched`: it is read as a directory search reads
    what it comes upon (found by one, or named with `--skip-non-card-files`): if it holds
    no card data, it is passed over rather than reported."""

    name: str
    named: bool = True
    stdin: bool = False
    folder: bool = False  # an unzipped Magic Set Editor set, read whole
    searched: bool = False
    unsearched: str = ""  # why it is a directory the search could not list (reported: TL901)


class FileFilter(NamedTuple):
    """Which files a directory search reads (see `discovery.search.wants`)."""

    include: tuple[str, ...] = DEFAULT_INCLUDE
    exclude: tuple[str, ...] = ()
    gitignore: bool = True  # skip what .gitignore files ignore
    hidden: bool = False  # search hidden files and directories too
    # the configuration file's folder, which its globs are written from ("": none): a named
    # path is also matched as seen from there under --force-exclude
    base: str = ""


class Discovery(NamedTuple):
    """What decides a run's inputs besides the paths given."""

    files: FileFilter
    names: Names
    force_exclude: bool = False  # exclude globs and hidden paths apply to named paths too
    stdin_name: str | None = None  # --stdin-filename
    skip_non_card_files: bool = False  # named inputs are read as searched ones (--skip-non-card-files)
    # a named directory with no file to read is an error, not a warning (see `survey`)
    empty_is_error: bool = False
    # how a named path is found, when that depends on the path (the configuration nearest
    # to it: see `engine.scopes`); None: as this says for every path
    for_path: Callable[[str], Discovery] | None = None


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
    empty: list[str] = []
    for path in paths or (STDIN,):
        named += 1
        here = how.for_path(path) if how.for_path is not None and path != STDIN else how
        if _left_out(path, here):
            left_out += 1
            continue
        for found in _inputs(path, here, empty):
            known = inputs.setdefault(found.name, found)
            if known.stdin != found.stdin:
                raise UsageError(
                    f"--stdin-filename {printable(how.stdin_name or '')} names {printable(found.name)}, "
                    "which is named as a path too: one of them would not be checked"
                )
            searched += known is found and not found.named
    _say_empty(empty, how, err)
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


def _say_empty(empty: list[str], how: Discovery, err: TextIO) -> None:
    """Say which named directories held no file to read: an error with `empty_is_error` (a
    path mistyped in CI must not pass as a clean run), else a warning each."""
    if empty and how.empty_is_error:
        raise UsageError(
            f"{'; '.join(empty)}: nothing to check (give --no-error-on-unmatched-pattern if that is fine)"
        )
    for said in empty:
        err.write(f"typeline: warning: {said}\n")


def _inputs(path: str, how: Discovery, empty: list[str]) -> Iterator[Input]:
    """The inputs `path` yields; a directory that yields none is added to `empty`."""
    names = how.names
    skip = how.skip_non_card_files
    if path == STDIN:
        stdin_name = how.stdin_name
        yield Input(names.name(stdin_name) if stdin_name else STDIN, stdin=True, searched=skip)
        return
    name = names.name(path)
    if not os.path.isdir(path):
        yield Input(name, searched=skip)
        return
    from mtg_typeline.discovery.search import search, unmatched  # only when a directory is named

    lead = "" if name == "." else name + "/"
    found_in = search(path, how.files)
    if not found_in.found:
        empty.append(unmatched(path, how.files))
    if not found_in.sets and not found_in.unsearched:  # (files alone, none of them the directory)
        record = tuple.__new__  # (an `Input` made as its own `__new__` makes it, without the call)
        yield from (record(Input, (lead + found, False, False, False, True, "")) for found in found_in.found)
        return
    for found in found_in.found:
        is_set = found in found_in.sets
        why = found_in.unsearched.get(found, "")
        if found:
            yield Input(lead + found, False, False, is_set, True, why)  # (found, not named: given by place)
        else:
            yield Input(name, folder=is_set, searched=skip, unsearched=why)


def _force_excluded(path: str, name: str, how: Discovery) -> bool:
    """Whether a named path is left out under --force-exclude: an exclude glob matches it or
    a folder it is in, or a folder or file on its way below the root is hidden (unless
    --hidden)."""
    if how.files.exclude:
        from mtg_typeline.discovery.search import excludes  # only when excluding by globs

        if excludes(how.files, *_seen_as(path, name, how.files.base)):
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
    if not folders and not included:  # (no set among them: most runs)
        return inputs
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


def _is_mse(path: str) -> bool:
    from mtg_typeline.discovery.search import is_mse  # only for a named `set` file

    return is_mse(path)
