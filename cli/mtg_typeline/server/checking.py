"""What the language server asks of the checker, behind one small seam: a buffer's text and
its file's name in, its findings in document coordinates and its fixed text out.

The server sees no finding of the engine's own: `Problem` places a finding by 0-based line
and column in characters (code points), the one unit the server turns into the client's
(UTF-16 or UTF-8, `server.positions`). A fix is an `Edit` in the same coordinates.

The buffer is checked as `typeline check --stdin-filename PATH -` checks standard input: the
configuration nearest to PATH, its format told from PATH and the content (or given), the
filters, suppressions and per-file ignores of that configuration.
"""

from __future__ import annotations

import io
import os
from typing import Any, NamedTuple

from mtg_typeline.engine import findings_of, run
from mtg_typeline.findings import STDIN, Finding
from mtg_typeline.options import Options, build_options, config_for
from mtg_typeline.sources import SNIFF_BYTES
from mtg_typeline.sources.inputs import Reading, tell_format


class Edit(NamedTuple):
    """Replace the text from (line, column) to (end_line, end_column) by `text` (0-based,
    columns in characters, end exclusive)."""

    line: int
    column: int
    end_line: int
    end_column: int
    text: str


class Problem(NamedTuple):
    """One finding of a buffer, placed in it (0-based, columns in characters)."""

    code: str
    name: str
    severity: str  # error, warning, info
    message: str
    line: int
    column: int
    end_line: int
    end_column: int
    fix: Edit | None = None
    safe: bool = True  # the fix keeps the line's meaning (`--fix` makes it without --unsafe-fixes)


class Checked(NamedTuple):
    """A buffer's problems, sorted by place."""

    problems: tuple[Problem, ...]


def options_for(path: str, input_format: str | None, *, fix: bool = False, unsafe: bool = False) -> Options:
    """The options of `typeline check --stdin-filename PATH -`, with the configuration nearest
    to PATH (flags given: the format, and --fix)."""
    given: dict[str, Any] = {"format": "json", "stdin-filename": path, "input-format": input_format}
    given |= {"fix": fix, "unsafe-fixes": unsafe}
    config = config_for(None, False, os.path.dirname(os.path.abspath(path)))
    return build_options((STDIN,), given, [], config)


def check_document(text: str, path: str, input_format: str | None = None) -> Checked:
    """The problems `typeline check` reports for `text` read as the file `path`."""
    options = options_for(path, input_format)
    findings, _, _ = findings_of(options, io.StringIO(), io.BytesIO(text.encode("utf-8")))
    lines = text.splitlines()
    return Checked(tuple(_problem(finding, lines) for finding in findings))


def fixed_text(text: str, path: str, input_format: str | None = None, *, unsafe: bool = False) -> str:
    """`text` with every fix `--fix` makes (`unsafe`: `--unsafe-fixes` too)."""
    options = options_for(path, input_format, fix=True, unsafe=unsafe)
    out = io.StringIO()
    run(options, out, io.StringIO(), io.BytesIO(text.encode("utf-8")))
    return out.getvalue() or text


def _problem(finding: Finding, lines: list[str]) -> Problem:
    line, column = finding.line - 1, finding.column - 1
    end_line = finding.last_line - 1
    fix = _edit(finding, lines)
    safe = finding.fix is None or finding.fix.applicability == "safe"
    return Problem(
        finding.code, finding.name, finding.severity.value, finding.message,
        line, column, end_line, finding.end_column - 1, fix, safe,
    )  # fmt: skip


def _edit(finding: Finding, lines: list[str]) -> Edit | None:
    """The fix of `finding` as an edit of the buffer, where the type line is written as it is
    on the finding's line (a YAML value unquoted, a text line); None where it is not."""
    if finding.fix is None or finding.last_line != finding.line or finding.line > len(lines):
        return None
    span, fix = finding.line_span, finding.fix
    start = finding.column - 1 - span.start  # where the type line starts on the line
    written = lines[finding.line - 1]
    if start < 0 or written[start : start + fix.span.end] != finding.type_line[: fix.span.end]:
        return None
    line = finding.line - 1
    return Edit(line, start + fix.span.start, line, start + fix.span.end, fix.replacement)


class Setting(NamedTuple):
    """The rules a file's configuration chooses: an edition (None: the newest) and the
    user's rule files (empty: none)."""

    edition: str | None
    rule_files: tuple[str, ...]


def setting_for(path: str) -> Setting:
    """The edition and rule files `typeline check` would use for the file `path`."""
    options = options_for(path, None)
    files = options.rules_file
    return Setting(options.edition, (files,) if isinstance(files, str) else tuple(files or ()))


def format_of(text: str, path: str, given: str | None) -> str:
    """The format `typeline check` reads `text` in as the file `path` (`given`: --input-format)."""
    return tell_format(path, text[:SNIFF_BYTES].encode("utf-8"), Reading(given=given))
