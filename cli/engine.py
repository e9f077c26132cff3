"""`run(options, out, err, stdin) -> exit status`: inputs → checks → reporter.

The engine never exits and never prints through click; problems that stop a run are
`TypelineError`s, turned into a message and exit status 2 by the command-line module.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TextIO

from mtg_typeline.checker import Checker
from mtg_typeline.checks.inputs import INPUT_CODES, UNREADABLE
from mtg_typeline.display import printable
from mtg_typeline.errors import ExitStatus
from mtg_typeline.findings import Finding, Severity, Summary
from mtg_typeline.reporters import ReportSettings, RunResult, get_reporter
from mtg_typeline.ruleset import load_rules
from mtg_typeline.sources.text import check_stream

STDIN = "-"
TEXT_SUFFIXES = (".txt",)


@dataclass(frozen=True)
class Options:
    """Everything a `check` run needs, settled before it starts."""

    paths: tuple[str, ...] = ()
    edition: str | None = None
    rules_file: str | None = None
    output_format: str = "text"
    strict: bool = False
    quiet: bool = False
    color: bool | None = None


def run(options: Options, out: TextIO, err: TextIO, stdin: BinaryIO) -> int:
    """Check every input of `options`, report, and return the exit status."""
    rules = load_rules(options.edition, options.rules_file)
    reporter = get_reporter(options.output_format)
    checker = Checker(rules)
    findings: list[Finding] = []
    files: list[str] = []
    lines = 0
    for path in _expand(options.paths or (STDIN,), err):
        checked = _check_path(path, stdin, checker, findings.append)
        if checked is not None:
            files.append(path)
            lines += checked
    findings.sort(key=Finding.sort_key)
    summary = Summary.of(findings, len(files), lines)
    status = exit_status(findings, strict=options.strict)
    result = RunResult(tuple(findings), summary, rules, tuple(files))
    try:
        reporter(result, out, ReportSettings(quiet=options.quiet, color=options.color))
        out.flush()
    except BrokenPipeError:
        drop_output(out)  # the reader went away (`| head`): the status still stands
    return status


def drop_output(out: TextIO) -> None:
    """Point `out` at the null device so the buffered rest can't fail again at exit."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())


def exit_status(findings: list[Finding], *, strict: bool) -> int:
    if any(f.code in INPUT_CODES for f in findings):
        return ExitStatus.TROUBLE
    failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    if any(f.severity in failing for f in findings):
        return ExitStatus.FINDINGS
    return ExitStatus.OK


def _expand(paths: tuple[str, ...], err: TextIO) -> Iterator[str]:
    """Each path as given; a directory as its type-line files, sorted, hidden ones skipped."""
    for path in paths:
        if path != STDIN and os.path.isdir(path):
            found = sorted(_text_files(Path(path)))
            if not found:
                where = printable(path)
                err.write(f"typeline: warning: no {'/'.join(TEXT_SUFFIXES)} files under {where}\n")
            yield from (str(p) for p in found)
        else:
            yield path


def _text_files(root: Path) -> Iterator[Path]:
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in names:
            if not name.startswith(".") and name.lower().endswith(TEXT_SUFFIXES):
                yield Path(folder) / name


def _check_path(
    path: str, stdin: BinaryIO, checker: Checker, report: Callable[[Finding], None]
) -> int | None:
    """The number of type lines checked in `path`, or None if it could not be opened."""
    if path == STDIN:
        return check_stream(stdin, STDIN, checker, report).lines
    try:
        with open(path, "rb") as stream:
            return check_stream(stream, path, checker, report).lines
    except OSError as exc:
        report(_unreadable(path, exc.strerror or str(exc)))
        return None


def _unreadable(path: str, why: str) -> Finding:
    return Finding(
        code=UNREADABLE.code,
        name=UNREADABLE.name,
        severity=UNREADABLE.severity,
        message=f"cannot read {path}: {why}",
        rules=(),
        type_line="",
        column=1,
        end_column=1,
        path=path,
        line=1,
    )
