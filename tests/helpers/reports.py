"""One run's result for the reporters' tests: real findings of every kind, rendered by name.

`RESULT` holds an error, a warning, an info, findings with fixes (a replacement, a deletion
and an unsafe guess), messages with `%`, `:`, `,` and a line break, an odd file name, stdin,
a clean file and an input that could not be read; `render` gives a reporter's output for it.
`ERROR_TEXT` is the text report of the one error `ERROR`, as the command line prints it.
"""

from __future__ import annotations

import io
import re
from typing import Any

from mtg_typeline.checker import Checker
from mtg_typeline.checks.inputs import UNREADABLE
from mtg_typeline.findings import Finding, Summary
from mtg_typeline.reporters import ReportSettings, RunResult, get_reporter
from mtg_typeline.ruleset import load_rules

ODD = "odd, name: 100%.txt"
RULES = load_rules()
ROOT = "/srv/cards"  # the run's root, and its working directory a folder below

# The text report of one error on standard input, without colour, and what colours it
ERROR = "Creature — Forest\n"  # TL304 error
ERROR_TEXT = """\
-:1:12: error TL304 subtype-type-mismatch
  Forest is a land type (205.3i), but this object is not a land
   |
 1 | Creature — Forest
   |            ^^^^^^
   = rules: 205.3d  An object cannot get a subtype that matches none of its card types.
            205.3i  Lists the land types; five of them are the basic land types.
Found 1 error in 1 type line in 1 file.
"""
SGR = re.compile(r"\x1b\[[0-9;]*m")


def placed(path: str, line: int, type_line: str) -> list[Finding]:
    return [finding.at(path, line) for finding in Checker(RULES).check(type_line)]


def unreadable(path: str) -> Finding:
    return Finding(
        code=UNREADABLE.code,
        name=UNREADABLE.name,
        severity=UNREADABLE.severity,
        message=f"cannot read {path}: No such file or directory",
        rules=(),
        type_line="",
        column=1,
        end_column=1,
        path=path,
        line=1,
    )


def build_result() -> RunResult:
    odd = placed(ODD, 1, "Creature — 100%: Elf, Orc")
    # no type line holds a line feed; a message with one is made from a real finding
    odd[0] = odd[0]._replace(message=odd[0].message + "\nand a second line\r")
    findings = [
        *placed("cards.txt", 2, "Creature - Elf"),  # warning, safe fix
        *placed("cards.txt", 3, "Creature — Forest"),  # error
        *placed("cards.txt", 4, "Emblem — Chandra"),  # info
        *odd,  # errors with % : , and a line break; an unsafe fix
        *placed("-", 1, "creature — Elf Elf"),  # stdin: warnings, a replacement and a deletion
        unreadable("missing.txt"),  # not among the files read
    ]
    findings.sort(key=Finding.sort_key)
    files = ("cards.txt", "clean.txt", ODD, "-")
    return RunResult(tuple(findings), Summary.of(findings, len(files), 9), RULES, files, ROOT, ROOT + "/sub")


RESULT = build_result()


def render(name: str, result: RunResult = RESULT, **settings: Any) -> str:
    out = io.StringIO()
    get_reporter(name)(result, out, ReportSettings(format=name, **settings))
    return out.getvalue()


def empty_result() -> RunResult:
    return RunResult((), Summary.of([], 1, 3), RULES, ("clean.txt",))


def unescape(text: str) -> str:
    """What GitHub's runner makes of an escaped message or property value."""
    for escaped, char in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        text = text.replace(escaped, char)
    return text
