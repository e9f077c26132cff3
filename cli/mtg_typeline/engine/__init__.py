"""The engine, the stage that runs a check: `run(options, out, err, stdin) -> exit status`.

From the user's choices (`options.Options`) it builds the run's own state: the run's root,
where inputs are named from (`discovery.Names`), and for each configuration file its inputs
fall under, the rules, the checker and the filters (`engine.scopes`).
It takes the inputs discovery finds, checks each (`engine.check`: its format's reader, then
one loop for every format through the checker and the filters), fixes them first when
asked (`engine.fixing`, with the `fix` package), and hands the findings to the reporter.

The engine never exits and never prints through click; problems that stop a run are
`TypelineError`s, turned into a message and exit status 2 by the command line.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, BinaryIO, TextIO

from mtg_typeline import progress
from mtg_typeline.discovery import Discovery, Names, Survey, survey
from mtg_typeline.display import count, printable
from mtg_typeline.engine.check import Report, Tally, check_input
from mtg_typeline.engine.collector import uncollected
from mtg_typeline.engine.jobs import check_in_workers
from mtg_typeline.engine.pool import workers_for
from mtg_typeline.engine.scopes import CheckerOf, Configs, Scope, Scopes
from mtg_typeline.errors import ExitStatus, UsageError
from mtg_typeline.findings import CODE, INPUT_CODES, SORT_KEY, STDIN, Finding, Severity, Summary
from mtg_typeline.options import Options
from mtg_typeline.reporters import (
    ReportSettings,
    RunResult,
    deliver,
    get_closing,
    get_reporter,
    refuse_an_input,
    report_file,
)
from mtg_typeline.sources.base import Passed

if TYPE_CHECKING:
    from mtg_typeline.engine.fixing import Fixer
    from mtg_typeline.ruleset import RuleSet
    from mtg_typeline.suppressions import Baseline

STATISTICS_FORMATS = ("text", "concise", "github", "json", "json-lines")
DIFF_FORMATS = ("text", "concise", "json", "json-lines")  # as `fix.diffout` has them


def run(
    options: Options, out: TextIO, err: TextIO, stdin: BinaryIO, checker_of: CheckerOf | None = None
) -> int:
    """Check every input of `options`, report, and return the exit status (`checker_of`: the
    rules and checker of a configuration's options, where the caller keeps its own)."""
    if options.statistics and options.output_format not in STATISTICS_FORMATS:
        raise UsageError(
            f"--statistics prints a table or JSON, not {options.output_format}; "
            f"use --format {', '.join(STATISTICS_FORMATS)}"
        )
    if options.diff and options.output_format not in DIFF_FORMATS:
        raise UsageError(
            f"--diff prints a diff (text, concise) or the edits as JSON (json, json-lines), not "
            f"{options.output_format}; use --format {', '.join(DIFF_FORMATS)}"
        )
    if options.diff and options.write_baseline:
        raise UsageError(
            "--write-baseline writes the findings of a check, which --diff doesn't make; give one"
        )
    _refuse_replacing(options)
    with report_file(options.output_file) as file:
        return _run(options, (out, err), stdin, file, checker_of)


def _refuse_replacing(options: Options) -> None:
    """Refuse a file the run writes (the report file, a baseline) that it reads besides its
    inputs (`_survey` refuses those): a rule file, the configuration, the baseline read (but
    a baseline written over it: its update) or the Oracle file; or the one the other."""
    report, baseline = options.output_file, options.write_baseline
    if not baseline and (not report or report == "-"):
        return  # (the common run: nothing written but the report to standard output)
    from mtg_typeline.atomicwrite import refuse_replacing  # (loaded by a run that writes a file)

    read = [
        *(("a rule file (--rules)", name) for name in options.rule_files),
        ("the configuration file", options.config),
        ("the Oracle file (--oracle)", options.oracle),
    ]
    if report and report != "-":
        refuse_replacing("--output-file", report, [*read, ("the baseline (--baseline)", options.baseline)])
        if baseline and os.path.realpath(baseline) == os.path.realpath(report) and not _device(report):
            raise UsageError(f"--output-file and --write-baseline name one file, {report}; give two")
    if baseline:
        refuse_replacing("--write-baseline", baseline, read)


def _device(path: str) -> bool:
    """Whether `path` is there and no regular file (`/dev/null`): writing it replaces nothing."""
    return os.path.exists(path) and not os.path.isfile(path)


def say_rule_notes(rules: RuleSet, err: TextIO) -> None:
    """The warnings about the user's rule files (an addition the rules have already), on
    standard error: the run goes on."""
    for note in rules.provenance.notes:
        err.write(f"typeline: warning: {printable(note)}\n")


def _run(
    options: Options,
    streams: tuple[TextIO, TextIO],
    stdin: BinaryIO,
    file: TextIO | None,
    checker_of: CheckerOf | None,
) -> int:
    """`run`, with the report file (`--output-file`) open, or None."""
    out, err = streams
    configs = Configs(options)
    scopes = Scopes(configs, _names(options), checker_of)
    base = scopes.base
    rules = base.inputs.rules
    say_rule_notes(rules, err)
    name = "statistics" if options.statistics else options.output_format
    reporter = get_reporter(name)
    if options.verbose:
        _say_setup(err, scopes.names.root, rules, options.rules_file)
    known = _baseline(options)
    fixer = _fixer(options, base, file if file is not None and options.diff else out, err)
    findings, tally = _check_inputs(options, scopes, err, stdin, fixer)
    if options.write_baseline:
        _refuse_a_file_read(options.write_baseline, tally.files, scopes.names)
        return _write_baseline(options.write_baseline, findings, err)
    findings = _unknown(findings, known)
    summary = Summary.of(findings, len(tally.files), tally.lines)
    summary = summary._replace(
        no_type_line=tally.no_type_line, not_cards=tally.not_cards, not_in_oracle=tally.not_in_oracle
    )
    status = exit_status(findings, options.fail_on, exit_zero=options.exit_zero)
    if fixer is not None:
        fixer.fixing.warn()
        if options.diff:
            return fixer.fixing.diff_status(status, options.quiet, options.exit_zero)
        summary = summary._replace(fixed=fixer.fixing.fixed, fixed_files=fixer.fixing.files)
        if _reads_stdin(options):
            out = err  # standard output carries the fixed text alone
    root = scopes.names.root
    result = RunResult(tuple(findings), summary, rules, tuple(tally.files), root, os.getcwd())
    with uncollected():
        deliver((reporter, get_closing(name)), result, _report_settings(options, err), out, file)
    return status


def findings_of(
    options: Options, err: TextIO, stdin: BinaryIO, checker_of: CheckerOf | None = None
) -> tuple[list[Finding], RuleSet, Tally]:
    """The findings the filters keep for every input of `options` (sorted, less those the
    baseline knows), the run's rules and what became of its inputs: a check's results for
    a caller that reports them its own way (`typeline rules new`, the Python API, which
    may hand in its rules and checker: `checker_of`)."""
    known = _baseline(options)
    scopes = Scopes(Configs(options), _names(options), checker_of)
    findings, tally = _check_inputs(options, scopes, err, stdin, None)
    return _unknown(findings, known), scopes.base.inputs.rules, tally


def _unknown(findings: list[Finding], known: Baseline | None) -> list[Finding]:
    """`findings` less those the baseline `known` knows (input problems are always kept)."""
    if known is None:
        return findings
    return [f for f in findings if f.code in INPUT_CODES or not known.absorbs(f)]


def _report_settings(options: Options, err: TextIO) -> ReportSettings:
    """What the reporter is told of the user's choices; its warnings go to `err`."""

    def warn(message: str) -> None:
        err.write(f"typeline: warning: {message}\n")

    return ReportSettings(
        options.quiet, options.color, options.output_format, options.unsafe_fixes, options.fail_on, warn
    )


def _fixer(options: Options, base: Scope, out: TextIO, err: TextIO) -> Fixer | None:
    """The fixing of this run, when it fixes (--fix) or shows fixes (--diff)."""
    if not (options.fix or options.diff):
        return None
    from mtg_typeline.engine.fixing import Fixer  # the fixer is loaded only by runs that fix

    return Fixer(
        base.inputs, base.filters, (options.unsafe_fixes, options.diff, options.output_format), out, err
    )


def _reads_stdin(options: Options) -> bool:
    return not options.paths or STDIN in options.paths


def _check_inputs(
    options: Options, scopes: Scopes, err: TextIO, stdin: BinaryIO, fixer: Fixer | None
) -> tuple[list[Finding], Tally]:
    """The reported findings of every input (sorted), and what became of the inputs."""
    findings: list[Finding] = []
    names = scopes.names
    found = _survey(options, scopes.configs, names, err)
    tally = Tally(listed=options.verbose)
    sizes = (names.on_disk(item.name) for item in found.inputs if not item.stdin)
    jobs = 1 if fixer is not None else workers_for(options.jobs, len(found.inputs))  # (--fix: serial)
    with progress.bar(progress.wanted(sizes, options.output_format, err), err) as meter:
        if jobs > 1:
            reporter_of = lambda scope: _reporter(findings, scope.filters.keeps, tally)  # noqa: E731
            check_in_workers(found.inputs, jobs, scopes, stdin, meter, reporter_of, tally)
        last: Scope | None = None  # (the inputs of a folder share their scope: one reporter)
        for item in found.inputs if jobs == 1 else ():
            scope = scopes.of(item)
            if scope is not last:
                last, report = scope, _reporter(findings, scope.filters.keeps, tally)
            if fixer is not None:
                checked = fixer.fix_input(item, stdin, report, meter, scope)
            else:
                checked = check_input(item, stdin, scope.inputs, report, meter)
            tally.add(item.name, checked)
    if options.verbose:
        _say_inputs(err, found, tally, scopes)
    _say_oracle(scopes, findings, err)
    if fixer is not None:
        findings.extend(fixer.fixing.problems)
    findings.extend(_unused_cards(scopes))
    with uncollected():
        findings.sort(key=SORT_KEY)
    return findings, tally


def _say_oracle(scopes: Scopes, findings: list[Finding], err: TextIO) -> None:
    """With `--oracle`: the TL905 of an Oracle file that could not be read whole, or a warning
    for each input whose type lines have no card names to compare."""
    if scopes.oracle_problem is not None:
        findings.append(scopes.oracle_problem)
    for path in scopes.oracle.nameless if scopes.oracle is not None else ():
        err.write(
            f"typeline: warning: {printable(path)}: its type lines have no card names, so none "
            "of them can be compared with the Oracle file (--oracle)\n"
        )


def _baseline(options: Options) -> Baseline | None:
    """The baseline the run leaves known findings out by (--baseline; not while writing one)."""
    if not options.baseline or options.write_baseline:
        return None
    from mtg_typeline.suppressions import read_baseline  # only for runs with a baseline

    return read_baseline(options.baseline)


def _unused_cards(scopes: Scopes) -> list[Finding]:
    """TL904 for the per-card ignores that silenced nothing, where selected."""
    return [
        finding
        for scope in scopes.built()
        if scope.cards is not None
        for finding in scope.cards.unused(scopes.names.name(scope.cards.where))
        if scope.filters.keeps(finding)
    ]


def _refuse_a_file_read(path: str, read: list[str], names: Names) -> None:
    """Refuse a baseline to be written over an input the run read as card data (`read`,
    named as `names` names them). A file it passed over as none, an earlier baseline kept
    in the folder checked among them, may be written: that is updating it."""
    from mtg_typeline.atomicwrite import same_file  # (loaded by a run that writes a file)

    if any(same_file(path, names.on_disk(name)) for name in read):
        raise UsageError(
            f"--write-baseline {path} is an input of the run: it would be replaced; write elsewhere, "
            "or leave it out (--exclude)"
        )


def _write_baseline(path: str, findings: list[Finding], err: TextIO) -> int:
    """Write the findings as a baseline (`--write-baseline`) instead of reporting them: exit
    status 0, or 2 if an input could not be read."""
    from mtg_typeline.suppressions import write_baseline  # only for --write-baseline

    written = write_baseline(path, findings)
    files = len({finding.path for finding in findings if finding.code not in INPUT_CODES})
    wrote = f"{count(written, 'finding')} in {count(files, 'file')}"
    err.write(f"typeline: wrote a baseline of {wrote} to {printable(path)}\n")
    return ExitStatus.TROUBLE if any(f.code in INPUT_CODES for f in findings) else ExitStatus.OK


def _reporter(findings: list[Finding], keeps: Callable[[Finding], bool], tally: Tally) -> Report:
    """What reports a finding of an input: kept in `findings` if its scope's filters keep it;
    an object a reader passed over is counted in `tally` (the filters select findings)."""

    def report(finding: Finding | Passed) -> None:
        if isinstance(finding, Passed):
            tally.count(finding)
        elif keeps(finding):
            findings.append(finding)

    return report


def input_names(options: Options, err: TextIO) -> list[str]:
    """The names of the inputs a run of `options` reads, in the order it reads them
    (`--show-files`); a directory search's warnings go to `err`."""
    return [item.name for item in _survey(options, Configs(options), _names(options), err).inputs]


def _names(options: Options) -> Names:
    """How the run names its inputs: from its root (see `discovery.Names`)."""
    return Names(options.root or os.getcwd())


def _survey(options: Options, configs: Configs, names: Names, err: TextIO) -> Survey:
    """The inputs of the run, each named path found with the configuration nearest to it;
    a report file (`--output-file`) among them is refused."""
    how = _discovery(options, names)
    if options.choices is not None:
        how = how._replace(for_path=lambda path: _discovery(configs.of_named(path), names))
    found = survey(options.paths, how, err)
    if options.output_file is not None:
        refuse_an_input(options.output_file, names.name(options.output_file), found.inputs, names.on_disk)
    return found


def _discovery(options: Options, names: Names) -> Discovery:
    """How the inputs of `options` are found."""
    return Discovery(
        options.files,
        names,
        options.force_exclude,
        options.stdin_filename,
        options.skip_non_card_files,
        options.error_on_unmatched,
    )


def _say_setup(err: TextIO, root: str, rules: RuleSet, files: str | tuple[str, ...] | None) -> None:
    """Say on standard error (`--verbose`) the run's root and rules."""
    from mtg_typeline.engine import verbose  # only for --verbose

    verbose.say(err, verbose.root(root) + verbose.rules(rules, files))


def _say_inputs(err: TextIO, found: Survey, tally: Tally, scopes: Scopes) -> None:
    """Say on standard error (`--verbose`) how the run came by its inputs, which other
    configuration files applied to which of them, and how they went."""
    from mtg_typeline.engine import verbose  # only for --verbose

    met = "".join(verbose.scope(scopes.scope(config), names) for config, names in scopes.met.items())
    read = verbose.read(len(tally.files), tally.passed_over, tally.unreadable)
    verbose.say(err, verbose.inputs(found) + met + read + verbose.passed(tally.listed or []))


def exit_status(findings: list[Finding], fail_on: str = "error", *, exit_zero: bool = False) -> int:
    """2 if an input could not be read; else 1 if a finding is at least `fail_on` severe."""
    if not INPUT_CODES.isdisjoint(map(CODE, findings)):
        return ExitStatus.TROUBLE
    threshold = Severity(fail_on).rank
    if not exit_zero and any(f.severity.rank >= threshold for f in findings):
        return ExitStatus.FINDINGS
    return ExitStatus.OK
