"""The Comprehensive Rules importer: a CR text in, a rule file out.

`import_cr(data, source_name)` reads a full CR text, or a file holding only the type-line
section, and returns the text of a rule file in the shipped schema: the effective date, the
card types, supertypes and subtype lists with their rule numbers, the no-subtypes rule, which
rule carries each cited meaning, and a summary of each cited rule from `rules/summaries.yaml`.
`write_rule_files(archive_dir, out_dir)` imports a whole archive of editions and writes one
rule file per edition whose type-line section differs from the one before, plus `index.yaml`.

    typeline rules import CR.txt [-o FILE]           (`run_import`)
    python -m mtg_typeline.crimport CR.txt [-o FILE]
    python -m mtg_typeline.crimport --archive DIR --out-dir DIR [SECTION_FILE ...]

The reading is in `crimport_text` (bytes to numbered rules), `crimport_parse` (rules to
facts) and `crimport_yaml` (summaries and the YAML layout).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from mtg_typeline.atomicwrite import write_atomic
from mtg_typeline.crimport.parse import Facts, read_facts
from mtg_typeline.crimport.text import decode, effective_date, find_section, notes_end, split_lines
from mtg_typeline.crimport.writing import (
    choose,
    edition_facts,
    flow,
    list_facts,
    load_summaries,
    quote,
    render,
    scalar,
    shipped_summaries,
)
from mtg_typeline.errors import InputError, RulesDataError, TypelineError
from mtg_typeline.ruleset.editions import INDEX_FILE

__all__ = ["Imported", "import_cr", "main", "read_cr", "run_import", "write_rule_files"]

SOURCE_PATTERNS = ("*.txt.gz", "*.txt")


@dataclass(frozen=True)
class Imported:
    """One imported edition: its effective date, its facts and the summaries of its rules."""

    effective: str
    facts: Facts
    summaries: tuple[tuple[str, str], ...]  # rule number -> summary, in the CR's order

    def text(self) -> str:
        """The rule file."""
        return render(self.effective, self.facts, dict(self.summaries))

    def same_rules(self, other: Imported) -> bool:
        """Whether the two rule files differ in nothing but the edition's date."""
        return (self.facts, self.summaries) == (other.facts, other.summaries)

    def counts(self) -> dict[str, int]:
        counts = {"card_types": len(self.facts.card_types), "supertypes": len(self.facts.supertypes)}
        counts.update({t.key: len(t.entries) for t in self.facts.lists})
        counts["no_subtypes"] = len(self.facts.no_subtypes)
        return counts


def import_cr(data: bytes, source_name: str) -> str:
    """The rule file (YAML text) of the CR text in `data`; `source_name` names it in errors."""
    return read_cr(data, source_name).text()


def read_cr(data: bytes, source_name: str, summaries_file: str | None = None) -> Imported:
    """Import the CR text in `data`; a `RulesDataError` naming `source_name:line` where it
    does not read."""
    lines = split_lines(decode(data, source_name))
    effective = effective_date(lines, source_name)
    facts = read_facts(find_section(lines, source_name, notes_end(lines)))
    table = load_summaries(summaries_file) if summaries_file else shipped_summaries()
    general = edition_facts(facts)
    chosen: dict[str, str] = {}
    for rule, meaning, conditions in _cited(facts, general):
        chosen.setdefault(rule, choose(table, meaning, conditions, effective))
    ordered = tuple(sorted(chosen.items(), key=lambda item: facts.order.index(item[0])))
    return Imported(effective, facts, ordered)


def _cited(facts: Facts, general: dict[str, object]) -> Iterator[tuple[str, str, dict[str, object]]]:
    """(rule, meaning, the conditions its summary may test) for every rule the file cites."""
    yield facts.card_types_rule, "card-types", general
    yield facts.supertypes_rule, "supertypes", general
    for type_list in facts.lists:
        yield type_list.rule, f"list:{type_list.key}", list_facts(facts, type_list)
    if facts.no_subtypes_rule is not None:
        yield facts.no_subtypes_rule, "no-subtypes", {**general, "entries": len(facts.no_subtypes)}
    for meaning, rule in facts.citations:
        yield rule, meaning, general


def import_file(path: Path) -> Imported:
    return read_cr(path.read_bytes(), str(path))


@dataclass(frozen=True)
class RuleFile:
    """One written rule file and the editions (effective date, source file) it stands for."""

    imported: Imported
    covers: tuple[tuple[str, str], ...]

    @property
    def name(self) -> str:
        return f"{self.imported.effective}.yaml"


def write_rule_files(
    archive_dir: str | os.PathLike[str], out_dir: str | os.PathLike[str], extra: Iterable[Path] = ()
) -> list[RuleFile]:
    """Import every CR text in `archive_dir` (`*.txt.gz`, `*.txt`) and the `extra` files (such
    as a section-only file of an edition the archive lacks); write to `out_dir` one rule file
    per edition whose rules differ from the edition before, and the index. Files already in
    `out_dir` are replaced, never deleted."""
    editions = sorted(_imported(archive_dir, extra), key=lambda pair: (pair[1].effective, pair[0]))
    files = list(_group(editions))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for rule_file in files:
        _write(out / rule_file.name, rule_file.imported.text())
    _write(out / INDEX_FILE, index_text(files))
    return files


def _imported(archive_dir: str | os.PathLike[str], extra: Iterable[Path]) -> Iterator[tuple[str, Imported]]:
    archive = Path(archive_dir)
    paths = sorted({p for pattern in SOURCE_PATTERNS for p in archive.glob(pattern)})
    if not paths:
        raise RulesDataError(f"{archive}: no CR texts (*.txt.gz, *.txt) in it")
    for path in (*paths, *extra):
        yield path.name, import_file(path)


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


def index_text(files: Sequence[RuleFile]) -> str:
    """The index: for each rule file, the editions and source files it covers, and its counts."""
    lines = [
        "# mtg-typeline rule-file index: one entry per rule file, oldest first; each file stands for",
        "# the editions under `covers` (effective date, CR text it was imported from), whose",
        "# type-line sections give the same rule file but for the date.",
        "schema: 1",
        "files:",
    ]
    for rule_file in files:
        imported = rule_file.imported
        lines += [
            f"  - edition: {quote(imported.effective)}",
            f"    file: {scalar(rule_file.name)}",
            f"    section: {quote(imported.facts.section)}",
            f"    first_source: {scalar(rule_file.covers[0][1])}",
            f"    last_source: {scalar(rule_file.covers[-1][1])}",
            "    covers:",
            *(
                f"      - {{edition: {quote(date)}, source: {scalar(source, in_flow=True)}}}"
                for date, source in rule_file.covers
            ),
            "    counts: {" + ", ".join(f"{k}: {v}" for k, v in imported.counts().items()) + "}",
        ]
        if imported.facts.notes:
            lines.append(f"    notes: {flow(imported.facts.notes)}")
    return "\n".join(lines) + "\n"


def _write(path: Path | str, text: str) -> None:
    """Write `text` as UTF-8 with LF line ends, replacing the file in one step."""
    write_atomic(path, text.encode("utf-8"))


def run_import(source: str, output: str | None, out: TextIO) -> int:
    """`typeline rules import SOURCE [-o OUTPUT]`: import the CR text (or type-line section) at
    `source` and write its rule file to `output`, replaced whole or not at all, or to `out`
    when there is no `output`: as UTF-8 bytes to its binary buffer where it has one, since the
    file is UTF-8 whatever the terminal's encoding. Returns exit status 0; every error is a
    `TypelineError`."""
    try:
        with open(source, "rb") as stream:
            data = stream.read()
    except OSError as exc:
        raise InputError(f"{source}: cannot read the CR text: {exc.strerror or exc}") from None
    text = read_cr(data, source).text()
    if output is None:
        binary = getattr(out, "buffer", None)
        if binary is None:
            out.write(text)
        else:
            out.flush()  # whatever was written as text goes first
            binary.write(text.encode("utf-8"))
            binary.flush()
    else:
        _write(output, text)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m mtg_typeline.crimport`: 0 when done, 2 on any error (one line on stderr)."""
    parser = argparse.ArgumentParser(
        prog="python -m mtg_typeline.crimport", description="Import Comprehensive Rules texts as rule files."
    )
    parser.add_argument("texts", nargs="*", type=Path, help="a CR text; with --archive, extra texts")
    parser.add_argument("-o", "--output", type=Path, help="the rule file to write (default: stdout)")
    parser.add_argument("--archive", type=Path, help="import every CR text in this folder")
    parser.add_argument("--out-dir", type=Path, help="with --archive: where the rule files go")
    args = parser.parse_args(argv)
    try:
        if args.archive:
            if not args.out_dir or args.output:
                parser.error("--archive needs --out-dir (and no -o)")
            files = write_rule_files(args.archive, args.out_dir, args.texts)
            print(f"{len(files)} rule files, {sum(len(f.covers) for f in files)} editions: {args.out_dir}")
        elif len(args.texts) == 1 and not args.out_dir:
            run_import(str(args.texts[0]), args.output and str(args.output), sys.stdout)
        else:
            parser.error("give one CR text, or --archive DIR --out-dir DIR")
    except (TypelineError, OSError) as exc:
        print(f"typeline: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
