"""Which files a run reads: paths as given, directories searched for type-line files.

A directory yields the files below it that match an `include` glob (default `*.txt`) and no
`exclude` glob, sorted, skipping hidden files and directories. Globs match a file's name or
its path relative to the directory given. Files named explicitly are read as given.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple, TextIO

from mtg_typeline.display import printable
from mtg_typeline.globs import matches
from mtg_typeline.sources import DEFAULT_INCLUDE

if TYPE_CHECKING:
    from pathlib import Path

STDIN = "-"


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
    """Each path as given; a directory as its matching files, sorted, hidden ones skipped."""
    for path in paths:
        if path != STDIN and os.path.isdir(path):
            from pathlib import Path  # only for directories

            found = sorted(_walk(Path(path), files))
            if not found:
                patterns = ", ".join(files.include)
                err.write(f"typeline: warning: no files matching {patterns} under {printable(path)}\n")
            yield from (str(p) for p in found)
        else:
            yield path


def _walk(root: Path, files: FileFilter) -> Iterator[Path]:
    from pathlib import Path

    for folder, dirs, names in os.walk(root):
        base = Path(folder).relative_to(root).as_posix()
        prefix = "" if base == "." else base + "/"
        dirs[:] = [
            d
            for d in dirs
            if not d.startswith(".") and not files.excludes(prefix + d, Path(folder, d).as_posix())
        ]
        for name in names:
            if not name.startswith(".") and files.wants(prefix + name, Path(folder, name).as_posix()):
                yield Path(folder) / name
