"""The Comprehensive Rules importer: a CR text in, a rule file out (`typeline rules import`).

    typeline rules import CR.txt [-o FILE]                               (`run_import`)
    typeline rules import --archive DIR --out-dir DIR [CR.txt ...]      (`archive.run_archive`)

`read_cr(data, source_name)` reads a full CR text, or a file holding only the type-line
section, and gives the rule file in the shipped schema (`Imported.text()`): the effective
date, the card types, supertypes and subtype lists with their rule numbers, the no-subtypes
rule, which rule carries each cited meaning, and a summary of each cited rule from
`rules/summaries.yaml`. `write_rule_files(archive_dir, out_dir)` imports a whole archive of
editions as the shipped rule files and their `index.yaml`.

The modules, in the order a text goes through them: `section` (bytes to the numbered rules of
the type-line section, and the effective date), `facts` (the rules to the lists and
citations), `unread` (nothing of the section's subtypes left unread), `summaries` (a summary
for each cited rule), `layout` (the rule file's YAML text); `edition` puts them together for
one text, `archive` for a folder of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from mtg_typeline.atomicwrite import refuse_replacing, write_atomic
from mtg_typeline.crimport.archive import run_archive, write_rule_files
from mtg_typeline.crimport.edition import Imported, after_shipped, import_cr, read_cr, read_source
from mtg_typeline.errors import UsageError

__all__ = [
    "Imported",
    "after_shipped",
    "import_command",
    "import_cr",
    "read_cr",
    "run_import",
    "write_rule_files",
]


def import_command(
    sources: Sequence[str], output: str | None, archive: str | None, out_dir: str | None, out: TextIO
) -> int:
    """`typeline rules import`: one CR text (`run_import`), or with `archive` every edition of
    an archive and the `sources` besides (`archive.run_archive`). A `UsageError` for options
    that don't go together, before anything is read."""
    if archive is None:
        if out_dir is not None:
            raise UsageError("--out-dir goes with --archive DIR; one text is written with -o FILE")
        if not sources:
            raise UsageError("nothing to import: give a CR text, or --archive DIR --out-dir DIR")
        if len(sources) > 1:
            raise UsageError(
                f"give one CR text, not {len(sources)}; a folder of them: --archive DIR --out-dir DIR"
            )
        return run_import(sources[0], output, out)
    if out_dir is None:
        raise UsageError("--archive needs --out-dir DIR, the folder the rule files and index.yaml go to")
    if output is not None:
        raise UsageError("-o writes one rule file; with --archive the rule files go to --out-dir")
    return run_archive(archive, out_dir, sources, out)


def run_import(source: str, output: str | None, out: TextIO) -> int:
    """`typeline rules import SOURCE [-o OUTPUT]`: import the CR text (or type-line section) at
    `source` and write its rule file to `output`, replaced whole or not at all, or to `out`
    when there is no `output`: as UTF-8 bytes to its binary buffer where it has one, since the
    file is UTF-8 whatever the terminal's encoding. Returns exit status 0; every error is a
    `TypelineError`."""
    if output is not None:
        refuse_replacing("-o", output, [("the CR text imported", source)])
    text = after_shipped(read_cr(read_source(source), source)).text()
    if output is not None:
        write_atomic(output, text.encode("utf-8"))
        return 0
    binary = getattr(out, "buffer", None)
    if binary is None:
        out.write(text)
    else:
        out.flush()  # whatever was written as text goes first
        binary.write(text.encode("utf-8"))
        binary.flush()
    return 0
