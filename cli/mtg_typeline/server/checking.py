"""What the language server asks of the checker, behind one small seam: a buffer's text and
its file's name in, its problems in document coordinates and its fixed text out, through
the Python API (`mtg_typeline.api`), which checks a text as `typeline check --stdin-filename
PATH -` checks standard input.

The server sees none of the API's records: `Problem` places a finding by 0-based line and
column in characters (code points), the one unit the server turns into the client's (UTF-16
or UTF-8, `server.positions`); a fix is the `Edit`s of the buffer it makes. Each file is
checked with the configuration the command line would use for it (`load_config` of its
folder), kept per folder until a configuration or rule file changes (`forget_configs`).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from mtg_typeline.api.model import Finding, Place
from mtg_typeline.api.run import check_text, load_config
from mtg_typeline.config import Config
from mtg_typeline.findings import STDIN
from mtg_typeline.options import build_options
from mtg_typeline.records import NamedTuple
from mtg_typeline.sources import SNIFF_BYTES
from mtg_typeline.sources.inputs import Reading, tell_format

_configs: dict[str, Config] = {}  # folder -> its configuration, as last read


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
    fix: tuple[Edit, ...] = ()  # the edits of its fix, made together (none: no fix)
    safe: bool = True  # the fix keeps the line's meaning (`--fix` makes it without --unsafe-fixes)


class Checked(NamedTuple):
    """A buffer's problems, sorted by place, and its text with the fixes made (`fixed(unsafe)`)."""

    problems: tuple[Problem, ...]
    fixed: Callable[[bool], str]


class Setting(NamedTuple):
    """The rules a file's configuration chooses: an edition (None: the newest) and the
    user's rule files (empty: none)."""

    edition: str | None
    rule_files: tuple[str, ...]


def config_for(path: str) -> Config:
    """The configuration of the file `path` (read once per folder; see `forget_configs`)."""
    folder = os.path.dirname(os.path.abspath(path))
    found = _configs.get(folder)
    if found is None:
        found = _configs[folder] = load_config(folder)
    return found


def forget_configs() -> None:
    """Read each folder's configuration again when next asked (one has changed)."""
    _configs.clear()


def check_document(text: str, path: str, input_format: str | None = None) -> Checked:
    """The problems `typeline check` reports for `text` read as the file `path`."""
    report = check_text(text, path=path, input_format=input_format, config=config_for(path))
    return Checked(tuple(_problem(finding, path) for finding in report.findings), report.fixed_text)


def setting_for(path: str) -> Setting:
    """The edition and rule files `typeline check` would use for the file `path`."""
    options = build_options((STDIN,), {"format": "text"}, [], config_for(path))
    return Setting(options.edition, options.rule_files)


def format_of(text: str, path: str, given: str | None) -> str:
    """The format `typeline check` reads `text` in as the file `path` (`given`: --input-format)."""
    return tell_format(path, text[:SNIFF_BYTES].encode("utf-8"), Reading(given=given))


def _problem(finding: Finding, path: str) -> Problem:
    place, fix = finding.place, finding.fix
    edits = (
        () if fix is None else tuple(_edit(edit.place, edit.text) for edit in fix.edits if edit.path == path)
    )
    return Problem(
        finding.code, finding.name, finding.severity.value, finding.message,
        place.line - 1, place.column - 1, place.end_line - 1, place.end_column - 1,
        edits if fix is not None and len(edits) == len(fix.edits) else (),
        fix is None or fix.safe,
    )  # fmt: skip


def _edit(place: Place, text: str) -> Edit:
    return Edit(place.line - 1, place.column - 1, place.end_line - 1, place.end_column - 1, text)
