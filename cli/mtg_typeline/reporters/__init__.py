"""The reporters, the stage after the filters: a registry of output formats whose names are
the `--format` choices, and where a run's report goes.

Each reporter module has a function `report(result, out, settings)` (and the human formats a
`closing`, their summary); a reporter is imported only when chosen, so a JSON run never
loads rich.

The report goes to standard output, or to the file of `--output-file`, written whole or not
at all: the report goes to a temporary file beside it, made when the run starts (so a file
that can't be written stops the run before any input is read), which replaces the file when
the run ends; an error or an interrupt leaves the file as it was (`atomicwrite.AtomicFile`).
A device or a pipe named as the file (`/dev/null`, `/dev/stdout`) is written to as it is.
With a file, the human formats' closing sentences ("Found 1 error in 3 type lines in 1
file.") still go to the terminal, and the file holds the findings alone, uncoloured; the
machine formats, `--statistics` and `--diff` put everything in the file.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from importlib import import_module
from typing import TYPE_CHECKING, BinaryIO, TextIO

from mtg_typeline.display import count
from mtg_typeline.errors import TypelineError, UsageError
from mtg_typeline.findings import INPUT_CODES
from mtg_typeline.records import NamedTuple

if TYPE_CHECKING:
    from mtg_typeline.atomicwrite import AtomicFile
    from mtg_typeline.discovery import Input
    from mtg_typeline.findings import Finding, Summary
    from mtg_typeline.ruleset.model import RuleSet

OPTION = "--output-file"


class RunResult(NamedTuple):
    """What a run checked and found, as the reporters receive it."""

    findings: tuple[Finding, ...]  # sorted by path, line, column
    summary: Summary
    rules: RuleSet
    files: tuple[str, ...]  # every input that was read, in the order read
    root: str = ""  # the absolute folder inputs are named relative to ("": not known)
    working_directory: str = ""  # the absolute folder the run started in ("": not known)

    @property
    def execution_successful(self) -> bool:
        """Whether every input could be read and parsed (and, fixing, written): no input
        problem, the findings that make the exit status 2."""
        return not any(finding.code in INPUT_CODES for finding in self.findings)


def _ignore(message: str) -> None:
    """Where a reporter's warnings go when no one listens."""


class ReportSettings(NamedTuple):
    quiet: bool = False
    color: bool | None = None
    format: str = "text"  # the --format asked for (the statistics reporter follows it)
    unsafe_fixes: bool = False  # unsafe fixes count as fixable (marked `[*]`) too
    fail_on: str = "error"  # the least severity that fails the run (--fail-on), as for the exit status
    warn: Callable[[str], None] = _ignore  # tells the user something about the report (standard error)


def fix_mark(finding: Finding, settings: ReportSettings) -> str:
    """`[*]` for a finding `--fix` would fix (with `--unsafe-fixes`: unsafe fixes too)."""
    fix = finding.fix
    return "[*]" if fix is not None and fix.applies(settings.unsafe_fixes) else ""


def fixed_sentence(summary: Summary) -> str | None:
    """ "Fixed 3 findings in 2 files." after --fix (None when not fixing)."""
    if summary.fixed is None:
        return None
    if not summary.fixed:
        return "No fixes applied."
    return f"Fixed {count(summary.fixed, 'finding')} in {count(summary.fixed_files, 'file')}."


def closing_lines(result: RunResult, unsafe: bool) -> list[str]:
    """The human formats' closing lines, unstyled: "Fixed …" after --fix, the summary
    sentence, then the line on fixes (`fix_hint`)."""
    fixed = fixed_sentence(result.summary)
    hint = fix_hint(result.findings, result.summary, unsafe)
    summary = "".join(text for text, _ in summary_pieces(result.summary))
    return [line for line in (fixed, summary, *passed_sentences(result.summary), hint) if line is not None]


def passed_sentences(summary: Summary) -> list[str]:
    """The human formats' lines on what the readers passed over, after the summary, each only
    when there are some: "2 cards have no type line." and "1 object is not a card."."""
    lines = []
    if summary.no_type_line:
        have = "has" if summary.no_type_line == 1 else "have"
        lines.append(f"{count(summary.no_type_line, 'card')} {have} no type line.")
    if summary.not_cards:
        are = "is not a card" if summary.not_cards == 1 else "are not cards"
        lines.append(f"{count(summary.not_cards, 'object')} {are}.")
    if summary.not_in_oracle:
        are = "is" if summary.not_in_oracle == 1 else "are"
        lines.append(f"{count(summary.not_in_oracle, 'card')} {are} not in the Oracle file.")
    return lines


def fix_hint(findings: Iterable[Finding], summary: Summary, unsafe: bool) -> str | None:
    """The human formats' last line, on fixes (as ruff prints it): before fixing, what
    `--fix` would fix, and the guesses only `--unsafe-fixes` makes ("[*] 8 fixable with
    --fix (1 more with --unsafe-fixes)."), which says what `[*]` means; after `--fix`, what
    was left and why ("3 left: 1 needs --unsafe-fixes, 2 have no automatic fix."). None
    when there is nothing to say."""
    fixes = [finding.fix for finding in findings]
    made = sum(1 for fix in fixes if fix is not None and fix.applies(unsafe))
    guesses = sum(1 for fix in fixes if fix is not None and not fix.applies(unsafe))
    if summary.fixed is not None:
        return _left(len(fixes), guesses, made) if fixes else None
    more = f"{guesses:,} more with --unsafe-fixes"
    if made:
        return f"[*] {made:,} fixable with --fix" + (f" ({more})." if guesses else ".")
    return f"[*] {guesses:,} fixable with --fix --unsafe-fixes." if guesses else None


def _left(left: int, guesses: int, unmade: int) -> str:
    """ "3 left: 1 needs --unsafe-fixes, 2 have no automatic fix." after --fix."""
    reasons = [
        (guesses, "needs --unsafe-fixes", "need --unsafe-fixes"),
        (unmade, "has a fix that could not be made", "have a fix that could not be made"),
        (left - guesses - unmade, "has no automatic fix", "have no automatic fix"),
    ]
    why = [(number, one if number == 1 else many) for number, one, many in reasons if number]
    if len(why) == 1:  # one reason for them all
        return f"{left:,} left: {'it' if left == 1 else 'all'} {why[0][1]}."
    return f"{left:,} left: {', '.join(f'{number:,} {reason}' for number, reason in why)}."


def summary_pieces(summary: Summary) -> list[tuple[str, str | None]]:
    """The closing sentence of the human formats, as (text, severity or None) pieces:
    "Found 2 errors and 1 warning in 3 type lines in 1 file." / "No problems in …"."""
    where = f" in {count(summary.type_lines, 'type line')} in {count(summary.files, 'file')}."
    parts = [(summary.errors, "error"), (summary.warnings, "warning"), (summary.infos, "info")]
    found = [(count(number, word), word) for number, word in parts if number]
    if not found:
        return [("No problems", None), (where, None)]
    pieces: list[tuple[str, str | None]] = [("Found ", None)]
    for index, (text, severity) in enumerate(found):
        if index:
            pieces.append((", " if index < len(found) - 1 else " and ", None))
        pieces.append((text, severity))
    return [*pieces, (where, None)]


Reporter = Callable[[RunResult, TextIO, ReportSettings], None]  # a module's `report`


REPORTERS: dict[str, str] = {
    "text": "mtg_typeline.reporters.text",
    "json": "mtg_typeline.reporters.json_format",
    "concise": "mtg_typeline.reporters.concise",
    "json-lines": "mtg_typeline.reporters.json_lines",
    "github": "mtg_typeline.reporters.github",
    "sarif": "mtg_typeline.reporters.sarif",
    "junit": "mtg_typeline.reporters.junit",
    "gitlab": "mtg_typeline.reporters.gitlab",
    "markdown": "mtg_typeline.reporters.markdown",
}
FORMATS = tuple(REPORTERS)
# not a --format: what --statistics prints instead of the findings
REPORTERS["statistics"] = "mtg_typeline.reporters.statistics"


def get_reporter(name: str) -> Reporter:
    if name not in REPORTERS:
        raise UsageError(f"unknown format {name!r}; the formats are: {', '.join(FORMATS)}")
    report: Reporter = import_module(REPORTERS[name]).report
    return report


def get_closing(name: str) -> Reporter | None:
    """What a format prints after its findings (the human formats' summary), for when the
    findings go to a file and it to the terminal (`--output-file`); None for the others."""
    closing: Reporter | None = getattr(import_module(REPORTERS[name]), "closing", None)
    return closing


class ReportFileError(TypelineError):
    """The report file can't be written (exit status 2)."""


class ReportFile(io.TextIOWrapper):
    """The text stream of a report file: UTF-8, the bytes of lines that are not UTF-8 written
    back as they were read, and line ends written as they are (`newline="\n"`), so that a
    reporter may write its text encoded, under it (`bytes_under`)."""

    def __init__(self, stream: BinaryIO) -> None:
        super().__init__(stream, encoding="utf-8", errors="surrogateescape", newline="\n")


class Bytes(NamedTuple):
    """The byte stream under a text output, and the codec and error handler the output
    writes its text with: the texts of findings are written there encoded once per
    template, not encoded again at each place (a report of 57,212 SARIF results is some
    100 MB of text)."""

    stream: BinaryIO
    encoding: str
    errors: str

    def encode(self, text: str) -> bytes:
        return text.encode(self.encoding, self.errors)


def bytes_under(out: TextIO) -> Bytes | None:
    """The bytes under `out` where writing there is writing the text to `out`, a stream
    that writes line ends as they are: a report file (`reporters.ReportFile`), or standard
    output where the system ends lines with a line feed. None for any other stream."""
    stdout = out is sys.stdout and type(out) is io.TextIOWrapper and os.linesep == "\n"
    if not (stdout or type(out) is ReportFile):
        return None
    assert isinstance(out, io.TextIOWrapper)
    return Bytes(out.buffer, out.encoding, out.errors or "strict")


def utf8_under(out: TextIO) -> Bytes | None:
    """`bytes_under(out)` where it writes UTF-8, in which ASCII (a line number) and the text
    around it can be encoded apart; else None."""
    under = bytes_under(out)
    try:
        return under if under is not None and codecs.lookup(under.encoding).name == "utf-8" else None
    except LookupError:
        return None


@contextlib.contextmanager
def report_file(path: str | None) -> Iterator[TextIO | None]:
    """The text stream of the report file at `path` (None without one), put in place when
    the block ends, dropped if it ends with an exception (a write that fails, a full disk,
    is a `ReportFileError`)."""
    if path is None:
        yield None
        return
    target = _open(path)
    stream = ReportFile(target.stream)
    try:
        yield stream
        stream.flush()
    except OSError as exc:
        target.discard()
        if isinstance(exc, BrokenPipeError) or exc.filename is not None:
            raise  # not the report file's (an input's, standard output's)
        raise ReportFileError(f"{OPTION} {path}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        target.discard()
        raise
    try:
        target.commit()
    except TypelineError as exc:
        raise ReportFileError(f"{OPTION} {exc}") from None
    except OSError as exc:
        raise ReportFileError(f"{OPTION} {path}: cannot write: {exc.strerror or exc}") from None


def refuse_an_input(path: str, report: str, inputs: Iterable[Input], on_disk: Callable[[str], str]) -> None:
    """Refuse a report file (`path`, named `report` as inputs are) that the run reads: a
    file named or found by a directory search (the report of an earlier run among them),
    or a file of a Magic Set Editor set the run reads: the report would replace it."""
    folder, _, base = report.rpartition("/")
    of_a_set = base == "set" or base.startswith("card ")
    target = os.path.realpath(path)
    for item in inputs:
        if item.stdin:
            continue
        same = item.name == report or (item.named and os.path.realpath(on_disk(item.name)) == target)
        in_set = of_a_set and item.name in (folder or ".", f"{folder}/set" if folder else "set")
        if same or in_set:
            why = f"is a file of the set {item.name}, which the run reads" if in_set and not same else ""
            why = why or "is an input of the run"
            raise UsageError(
                f"{OPTION} {path} {why}: the report would replace it; write the report elsewhere, "
                "or leave it out (--exclude)"
            )


def deliver(
    reporters: tuple[Reporter, Reporter | None],
    result: RunResult,
    settings: ReportSettings,
    out: TextIO,
    file: TextIO | None,
) -> None:
    """Print the report with a format's reporter: to `out`, or with a report file to the
    file, uncoloured and without the closing sentences, which the format's closing reporter
    (None: it has none) prints to `out`."""
    report, closing = reporters
    if file is None:
        _to_terminal(report, result, settings, out)
        return
    report(result, file, settings._replace(quiet=True, color=False))
    if closing is not None and not settings.quiet:
        _to_terminal(closing, result, settings, out)


def _to_terminal(report: Reporter, result: RunResult, settings: ReportSettings, out: TextIO) -> None:
    try:
        report(result, out, settings)
        out.flush()
    except BrokenPipeError:
        drop_output(out)  # the reader went away (`| head`): the status still stands


def drop_output(out: TextIO) -> None:
    """Point `out` at the null device so the buffered rest can't fail again at exit."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())


class _Device:
    """A device or pipe (`/dev/null`): written to as it is, nothing to put in place."""

    def __init__(self, path: str) -> None:
        try:
            self.stream: BinaryIO = open(path, "wb")  # noqa: SIM115 (closed by commit or discard)
        except OSError as exc:
            raise ReportFileError(f"{OPTION} {path}: cannot write: {exc.strerror or exc}") from None

    def commit(self) -> None:
        self.stream.close()

    def discard(self) -> None:
        with contextlib.suppress(OSError):
            self.stream.close()


def _open(path: str) -> AtomicFile | _Device:
    """The report file, made now: a clear error, before any work, when it can't be."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        why = "is not a folder" if os.path.exists(folder) else "does not exist"
        raise ReportFileError(f"{OPTION} {path}: cannot write: {os.path.dirname(path) or folder} {why}")
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = stat.S_IFREG  # a new file
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        return _Device(path)
    from mtg_typeline.atomicwrite import AtomicFile, OutputError  # only when writing a file

    try:
        return AtomicFile(path)
    except OutputError as exc:
        raise ReportFileError(f"{OPTION} {exc}") from None
