"""An archive of CR texts imported as the shipped rule files: `typeline rules import --archive
DIR --out-dir DIR [SOURCE ...]`.

Every edition of the archive (`*.txt.gz`, `*.txt`), and any further text given (such as a
section-only file of an edition the archive lacks), is imported; a run of consecutive
editions whose rule files would differ in nothing but the date shares one file, named by its
first edition, and `index.yaml` says which editions each file stands for (read back by
`mtg_typeline.ruleset.editions`). This is how the top-level `rules/` is made: importing the
archive reproduces it byte for byte.

Everything is imported before anything is written, and the files are then written whole or
not at all: a temporary file for each is made first (so a folder that can't be written is
told before any file changes), then each replaces its target in one step. Files already in
the folder are replaced, never deleted.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from mtg_typeline.atomicwrite import AtomicFile, OutputError
from mtg_typeline.crimport.edition import Imported, import_file
from mtg_typeline.crimport.layout import flow, quote, scalar
from mtg_typeline.errors import InputError, RulesDataError
from mtg_typeline.ruleset.editions import INDEX_FILE
from mtg_typeline.ruleset.index import IndexEntry

SOURCE_PATTERNS = ("*.txt.gz", "*.txt")


@dataclass(frozen=True)
class RuleFile:
    """One written rule file and the editions (effective date, source file) it stands for."""

    imported: Imported
    covers: tuple[tuple[str, str], ...]

    @property
    def name(self) -> str:
        return f"{self.imported.effective}.yaml"

    def entry(self) -> IndexEntry:
        """The file's entry in the index."""
        imported = self.imported
        counts = tuple(imported.counts().items())
        section = imported.facts.section
        return IndexEntry(imported.effective, self.name, section, self.covers, counts, imported.facts.notes)


def run_archive(archive: str, out_dir: str, extra: Sequence[str], out: TextIO) -> int:
    """`typeline rules import --archive ARCHIVE --out-dir OUT_DIR [EXTRA ...]`: write the rule
    files and the index, and say on `out` how many. Returns exit status 0; every error is a
    `TypelineError`, and leaves `out_dir` as it was."""
    files = write_rule_files(archive, out_dir, [Path(path) for path in extra])
    out.write(f"{len(files)} rule files, {sum(len(f.covers) for f in files)} editions: {out_dir}\n")
    return 0


def write_rule_files(
    archive_dir: str | os.PathLike[str], out_dir: str | os.PathLike[str], extra: Iterable[Path] = ()
) -> list[RuleFile]:
    """Import every CR text in `archive_dir` and the `extra` files; write to `out_dir` one rule
    file per edition whose rules differ from the edition before, and the index."""
    read = sorted(_imported(archive_dir, extra), key=lambda pair: (pair[1].effective, pair[0]))
    editions = _borrowing(read)
    files = list(_group(editions))
    texts = {rule_file.name: rule_file.imported.text() for rule_file in files}
    texts[INDEX_FILE] = index_text([rule_file.entry() for rule_file in files])
    write_all(os.fspath(out_dir), texts)
    return files


def _imported(archive_dir: str | os.PathLike[str], extra: Iterable[Path]) -> Iterator[tuple[str, Imported]]:
    archive = Path(archive_dir)
    try:
        os.listdir(archive)
    except OSError as exc:
        raise InputError(f"{archive_dir}: cannot read the archive: {exc.strerror or exc}") from None
    paths = sorted({p for pattern in SOURCE_PATTERNS for p in archive.glob(pattern)})
    if not paths:
        raise RulesDataError(f"{archive}: no CR texts (*.txt.gz, *.txt) in it")
    for path in (*paths, *extra):
        yield path.name, import_file(path)


def _borrowing(editions: Sequence[tuple[str, Imported]]) -> list[tuple[str, Imported]]:
    """The editions, each section-only one with the outside rules of the edition before it."""
    done: list[tuple[str, Imported]] = []
    for source, imported in editions:
        before = done[-1][1] if done else None
        lent = imported.borrow(dict(before.facts.citations), before.effective) if before else imported
        done.append((source, lent))
    return done


def _group(editions: Sequence[tuple[str, Imported]]) -> Iterator[RuleFile]:
    """Runs of consecutive editions with the same rules, as one rule file each."""
    current: RuleFile | None = None
    for source, imported in editions:
        if (
            current
            and current.covers[-1][0] == imported.effective
            and not current.imported.same_rules(imported)
        ):
            raise RulesDataError(f"{source}: another text of edition {imported.effective} has other rules")
        if current and current.imported.same_rules(imported):
            current = RuleFile(current.imported, (*current.covers, (imported.effective, source)))
            continue
        if current:
            yield current
        current = RuleFile(imported, ((imported.effective, source),))
    if current:
        yield current


def index_text(entries: Sequence[IndexEntry]) -> str:
    """The index: for each rule file, the editions and source files it covers, and its counts
    (the shipped index, and the one of the user-imported editions)."""
    lines = [
        "# mtg-typeline rule-file index: one entry per rule file, oldest first; each file stands for",
        "# the editions under `covers` (effective date, CR text it was imported from), whose",
        "# type-line sections give the same rule file but for the date.",
        "schema: 1",
        "files:",
    ]
    for entry in entries:
        lines += [
            f"  - edition: {quote(entry.edition)}",
            f"    file: {scalar(entry.file)}",
            f"    section: {quote(entry.section)}",
            f"    first_source: {scalar(entry.covers[0][1])}",
            f"    last_source: {scalar(entry.covers[-1][1])}",
            "    covers:",
            *(
                f"      - {{edition: {quote(date)}, source: {scalar(source, in_flow=True)}}}"
                for date, source in entry.covers
            ),
            "    counts: {" + ", ".join(f"{k}: {v}" for k, v in entry.counts) + "}",
        ]
        if entry.notes:
            lines.append(f"    notes: {flow(entry.notes)}")
    return "\n".join(lines) + "\n"


def write_all(folder: str, texts: dict[str, str]) -> None:
    """Write each text (UTF-8, LF line ends) to its file in `folder`, made if need be: every
    temporary file first, then each put in place, so a failure while writing leaves no file
    changed (one in putting them in place, rare as a rename's, can leave the first ones
    put)."""
    _make_folder(folder)
    pending: list[AtomicFile] = []
    try:  # on any failure or interrupt, the temporary files not yet in place are removed
        for name, text in texts.items():
            path = os.path.join(folder, name)
            pending.append(AtomicFile(path))
            _fill(pending[-1], path, text)
        while pending:
            pending[0].commit()
            pending.pop(0)
    finally:
        for left in pending:
            left.discard()


def _make_folder(folder: str) -> None:
    try:
        os.makedirs(folder, exist_ok=True)
    except FileExistsError:
        raise OutputError(f"{folder}: cannot write: not a folder") from None
    except OSError as exc:
        raise OutputError(f"{folder}: cannot write: {exc.strerror or exc}") from None


def _fill(file: AtomicFile, path: str, text: str) -> None:
    try:
        file.stream.write(text.encode("utf-8"))
    except OSError as exc:
        raise OutputError(f"{path}: cannot write: {exc.strerror or exc}") from None
