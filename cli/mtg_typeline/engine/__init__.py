"""`run(options, out, err, stdin) -> exit status`: inputs → checks → reporter.

The engine never exits and never prints through click; problems that stop a run are
`TypelineError`s, turned into a message and exit status 2 by the command-line module.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, BinaryIO, NamedTuple, TextIO

from mtg_typeline import progress
from mtg_typeline.checker import Checker
from mtg_typeline.discovery import Discovery, FileFilter, Input, Names, Survey, survey
from mtg_typeline.display import AUTO
from mtg_typeline.engine.entries import UNREADABLE_INPUT, Checked, Tally, check_entries
from mtg_typeline.errors import ExitStatus, UsageError
from mtg_typeline.findings import INPUT_CODES, STDIN, UNREADABLE, Finding, Severity, Summary, input_finding
from mtg_typeline.progress import Meter
from mtg_typeline.reporters import ReportSettings, RunResult, get_closing, get_reporter
from mtg_typeline.reporters.output import deliver, refuse_an_input, report_file
from mtg_typeline.ruleset import load_rules
from mtg_typeline.selection import Selection
from mtg_typeline.sources import SNIFF_BYTES, SourceSettings, detect, holds_type_lines
from mtg_typeline.sources.text import check_stream, peek, read_ahead

if TYPE_CHECKING:
    from mtg_typeline.fix.run import Fixing
    from mtg_typeline.sources.base import Entry

Report = Callable[[Finding], None]
STATISTICS_FORMATS = ("text", "concise", "github", "json", "json-lines")


class Options(NamedTuple):
    """Everything a `check` run needs, settled before it starts (flags over configuration)."""

    paths: tuple[str, ...] = ()
    edition: str | None = None
    rules_file: str | tuple[str, ...] | None = None  # the user's rule files, applied in order
    output_format: str = "text"
    quiet: bool = False
    color: bool | None = None
    fail_on: str = "error"  # the least severity that fails the run ("warning": --strict)
    exit_zero: bool = False
    statistics: bool = False
    selection: Selection = Selection(None)  # every code that is on by default
    files: FileFilter = FileFilter()
    input_format: str = AUTO  # or one of sources.FORMATS
    sources: SourceSettings = SourceSettings()
    searched: bool = False  # set per input: found by a directory search (or as if it were)
    fix: bool = False  # apply the fixes and write the files (--fix)
    unsafe_fixes: bool = False  # unsafe fixes too (--unsafe-fixes)
    diff: bool = False  # show what --fix would change, change nothing (--diff)
    root: str = ""  # inputs are named relative to it (see discovery.Names); "": the working directory
    force_exclude: bool = False  # exclude globs and hidden paths apply to named paths (--force-exclude)
    skip_non_card_files: bool = False  # named files are passed over as searched ones are
    stdin_filename: str | None = None  # standard input is checked as if it were this file
    output_file: str | None = None  # the report is written to this file (--output-file)
    verbose: bool = False  # say what the run used and came upon, on standard error (--verbose)


def run(options: Options, out: TextIO, err: TextIO, stdin: BinaryIO) -> int:
    """Check every input of `options`, report, and return the exit status."""
    if options.statistics and options.output_format not in STATISTICS_FORMATS:
        raise UsageError(
            f"--statistics prints a table or JSON, not {options.output_format}; "
            f"use --format {', '.join(STATISTICS_FORMATS)}"
        )
    with report_file(options.output_file) as file:
        return _run(options, out, err, stdin, file)


def _run(options: Options, out: TextIO, err: TextIO, stdin: BinaryIO, file: TextIO | None) -> int:
    """`run`, with the report file (`--output-file`) open, or None."""
    rules = load_rules(options.edition, options.rules_file)
    name = "statistics" if options.statistics else options.output_format
    reporter = get_reporter(name)
    checker = Checker(rules)
    root = options.root or os.getcwd()
    sources = options.sources._replace(rules=rules, checker=checker, root=root)
    options = options._replace(sources=sources, root=root)
    if options.verbose:
        from mtg_typeline.engine import verbose

        verbose.say(err, verbose.root(root) + verbose.rules(rules, options.rules_file))
    fixing = _fixing(options, checker, file if file is not None and options.diff else out, err)
    findings, files, lines = _check_inputs(options, checker, err, stdin, fixing)
    summary = Summary.of(findings, len(files), lines)
    status = exit_status(findings, options.fail_on, exit_zero=options.exit_zero)
    if fixing is not None:
        fixing.warn()
        if options.diff:
            return fixing.diff_status(status, options.quiet, options.exit_zero)
        summary = summary._replace(fixed=fixing.fixed, fixed_files=fixing.files)
        if _reads_stdin(options):
            out = err  # standard output carries the fixed text alone
    result = RunResult(tuple(findings), summary, rules, tuple(files), root, os.getcwd())
    deliver((reporter, get_closing(name)), result, _report_settings(options, err), out, file)
    return status


def _report_settings(options: Options, err: TextIO) -> ReportSettings:
    """What the reporter is told of the user's choices; its warnings go to `err`."""

    def warn(message: str) -> None:
        err.write(f"typeline: warning: {message}\n")

    return ReportSettings(
        options.quiet, options.color, options.output_format, options.unsafe_fixes, options.fail_on, warn
    )


def _fixing(options: Options, checker: Checker, out: TextIO, err: TextIO) -> Fixing | None:
    """The fixing of this run, when it fixes (--fix) or shows fixes (--diff)."""
    if not (options.fix or options.diff):
        return None
    from mtg_typeline.fix.run import Fixing, FixSettings

    keep = options.selection.keeps
    names = Names(options.root)
    judge = options.input_format == AUTO
    settings = FixSettings(options.unsafe_fixes, options.diff, checker, keep, options.sources, names, judge)
    return Fixing(settings, out, err)


def _reads_stdin(options: Options) -> bool:
    return not options.paths or STDIN in options.paths


def _check_inputs(
    options: Options, checker: Checker, err: TextIO, stdin: BinaryIO, fixing: Fixing | None = None
) -> tuple[list[Finding], list[str], int]:
    """The selected findings of every input (sorted), the files read, the type lines checked."""
    findings: list[Finding] = []
    keep = options.selection.keeps

    def report(finding: Finding) -> None:
        if keep(finding):
            findings.append(finding)

    found = _survey(options, err)
    tally = Tally()
    names = Names(options.root)
    sizes = [names.on_disk(item.name) for item in found.inputs if not item.stdin]
    with progress.bar(progress.wanted(sizes, options.output_format, err), err) as meter:
        for item in found.inputs:
            here = options._replace(searched=not item.named or options.skip_non_card_files)
            if fixing is not None:
                checked = _fix_path(item, stdin, checker, report, meter, here, fixing)
            else:
                checked = _check_path(item, stdin, checker, report, meter, here)
            tally.add(item.name, checked)
    if options.verbose:
        from mtg_typeline.engine import verbose

        verbose.say(
            err, verbose.inputs(found) + verbose.read(len(tally.files), tally.passed_over, tally.unreadable)
        )
    if fixing is not None:
        findings.extend(fixing.problems)
    findings.sort(key=Finding.sort_key)
    return findings, tally.files, tally.lines


def input_names(options: Options, err: TextIO) -> list[str]:
    """The names of the inputs a run of `options` reads, in the order it reads them
    (`--show-files`); a directory search's warnings go to `err`."""
    return [item.name for item in _survey(options, err).inputs]


def _survey(options: Options, err: TextIO) -> Survey:
    """The inputs of the run; a report file (`--output-file`) among them is refused."""
    names = Names(options.root or os.getcwd())
    how = Discovery(options.files, names, options.force_exclude, options.stdin_filename)
    found = survey(options.paths, how, err)
    if options.output_file is not None:
        refuse_an_input(options.output_file, names.name(options.output_file), found.inputs, names.on_disk)
    return found


def exit_status(findings: list[Finding], fail_on: str = "error", *, exit_zero: bool = False) -> int:
    """2 if an input could not be read; else 1 if a finding is at least `fail_on` severe."""
    if any(f.code in INPUT_CODES for f in findings):
        return ExitStatus.TROUBLE
    threshold = Severity(fail_on).rank
    if not exit_zero and any(f.severity.rank >= threshold for f in findings):
        return ExitStatus.FINDINGS
    return ExitStatus.OK


def _check_path(
    item: Input, stdin: BinaryIO, checker: Checker, report: Report, meter: Meter, options: Options
) -> Checked:
    """The number of type lines checked in the input; None if it was passed over (no card
    data), `UNREADABLE_INPUT` if it could not be read."""
    path = item.name
    if item.stdin:
        stream = read_ahead(stdin, SNIFF_BYTES) if options.input_format == AUTO else stdin
        fmt = _format(path, stream, options, stdin=True)
        if fmt == "text" and _other_text(stream, options, path):
            return None
        return _check_stream(stream, path, fmt, checker, report, meter, options)
    disk = os.path.join(options.root, path)
    try:
        if os.path.isdir(disk):  # a Magic Set Editor set kept unzipped, as a folder
            entries = _folder_entries(path, options)
            return check_entries(entries, path, checker, report, searched=options.searched)
        with open(disk, "rb") as stream:
            fmt = _format(path, stream, options)
            if fmt == "text" and _other_text(stream, options, path):
                return None
            return _check_stream(stream, path, fmt, checker, report, meter, options)
    except OSError as exc:
        report(_unreadable(path, exc.strerror or str(exc)))
        return UNREADABLE_INPUT


def _fix_path(
    item: Input,
    stdin: BinaryIO,
    checker: Checker,
    report: Report,
    meter: Meter,
    options: Options,
    fixing: Fixing,
) -> Checked:
    """Fix the input, then check what it holds after fixing (with --diff: would hold)."""
    if options.searched and not item.stdin and _passed_over(item.name, options):
        return None
    fixed = fixing.input(item, stdin, lambda name, stream: _format(name, stream, options), options.searched)
    if fixed is None:
        return _check_path(item, stdin, checker, report, meter, options)
    if item.stdin and options.searched and _other_text(fixed, options, item.name):
        return None
    fmt = _format(item.name, fixed, options)
    return _check_stream(fixed, item.name, fmt, checker, report, meter, options)


def _other_text(stream: BinaryIO, options: Options, path: str = STDIN) -> bool:
    """Whether a directory search came upon a text file that holds no type lines (a README,
    a deck list, requirements.txt), or a binary file whose name does not say it holds type
    lines (an image named `card back`: only `*.txt` is read as text by its name), which are
    passed over as other files of no card data are; named files, and all files with
    `--input-format text`, are read whatever they hold."""
    if not options.searched or options.input_format != AUTO or options.sources.rules is None:
        return False
    if stream.seekable():
        head = stream.read(SNIFF_BYTES)
        stream.seek(0)
    else:
        head = peek(stream, SNIFF_BYTES)  # standard input, read ahead
    if b"\x00" in head and not path.lower().endswith(".txt"):
        return True
    return not holds_type_lines(head, options.sources.rules)


def _passed_over(path: str, options: Options) -> bool:
    """Whether a file a directory search came upon is text that holds no type lines."""
    try:
        with open(os.path.join(options.root, path), "rb") as stream:
            return _format(path, stream, options) == "text" and _other_text(stream, options, path)
    except OSError:
        return False  # the fix reports it


def _format(path: str, stream: BinaryIO, options: Options, *, stdin: bool = False) -> str:
    """The format of the input named `path` (standard input: `stdin`)."""
    if options.input_format != AUTO:
        return options.input_format
    if not stdin and stream.seekable():
        head = stream.read(SNIFF_BYTES)
        stream.seek(0)
    else:
        head = peek(stream, SNIFF_BYTES)  # standard input: read ahead (see `read_ahead`)
    found = detect(path, head)
    if found == "text" and (path == STDIN or not path.lower().endswith(".txt")):
        # content that doesn't tell, with an option only a table or YAML takes: that one
        if options.sources.column is not None:
            return "csv"
        if options.sources.key is not None:
            return "yaml"
    return found


def _check_stream(
    stream: BinaryIO, path: str, fmt: str, checker: Checker, report: Report, meter: Meter, options: Options
) -> int | None:
    if fmt == "text":
        return check_stream(stream, path, checker, report, meter)
    from mtg_typeline.sources import reader_for

    entries = reader_for(fmt, options.sources)(stream, path, meter.add)
    return check_entries(entries, path, checker, report, searched=options.searched)


def _folder_entries(path: str, options: Options) -> Iterator[Entry]:
    """The entries of a set folder (named `path`)."""
    from mtg_typeline.sources.mse import read_folder

    return read_folder(path, options.sources)


def _unreadable(path: str, why: str) -> Finding:
    return input_finding(UNREADABLE, path, f"cannot read {path}: {why}", 1, 1, 1)
