"""The quick reading of `typeline check`'s common command lines, without click.

Importing click costs about as much as the rest of a one-line run. The command lines of
pre-commit, CI jobs and editors are `check` followed by files and a few options (a format,
a selection, --fix, the flags of a hook), and these are read here by the table below, the
same way click reads them. Anything else is left to click, which then reads the whole
command line as before: help, shell completion, another command, an option that is not in
the table (--show-settings, --color and its optional value, …), a value that would need
checking (a choice that is not one, a value that looks like an option, an empty one) and a
short option joined to its value.

The table is click's command written out: tests/main/test_quick_reading.py reads click's own
command and fails when an option, a default or a choice differs, so that a new option of
`check` is either added here or left to click.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

from mtg_typeline.display import AUTO, COLOR_WHEN
from mtg_typeline.findings import STDIN
from mtg_typeline.main.running import FAIL_ON, announce, guard, settle, start
from mtg_typeline.options.defaults import CHECK_DEFAULTS
from mtg_typeline.reporters import FORMATS
from mtg_typeline.sources import FORMATS as INPUT_FORMATS

COMMAND = "check"
COMPLETION = "_TYPELINE_COMPLETE"  # set by the shell when it asks for completions (click's)
END_OF_OPTIONS = "--"

# Every parameter of `check` with the value click gives it when it is not typed, in click's
# order (the order of the names typed, as click lists them), and the two it passes apart
DEFAULTS: dict[str, Any] = {**CHECK_DEFAULTS, "config_file": None, "no_config": False}
# The on/off flags read here: each word with the parameter it sets and the value
_PAIRS = ("strict", "exit_zero", "statistics", "fix", "unsafe_fixes", "quiet", "respect_gitignore",
          "hidden", "force_exclude", "skip_non_card_files", "error_on_unmatched_pattern")  # fmt: skip
FLAGS: dict[str, tuple[str, bool]] = {
    **{f"--{name.replace('_', '-')}": (name, True) for name in _PAIRS},
    **{f"--no-{name.replace('_', '-')}": (name, False) for name in _PAIRS},
    "-q": ("quiet", True),
    "-v": ("verbose", True),
    "--verbose": ("verbose", True),
    "--diff": ("diff", True),
    "--no-config": ("no_config", True),
}
COLOR, NO_COLOR = "--color", "--no-color"  # `--color [WHEN]`; `--no-color` is `--color never`
# The options that take a value, read here: each word with its parameter
_VALUED = ("edition", "as_of", "rules", "format", "output_file", "select", "extend_select", "ignore",
           "fail_on", "input_format", "stdin_filename", "column", "delimiter", "key", "encoding",
           "include", "exclude", "max_member_size", "oracle", "baseline", "write_baseline",
           "jobs")  # fmt: skip
VALUED: dict[str, str] = {
    **{f"--{name.replace('_', '-')}": name for name in _VALUED},
    "-o": "output_file",
    "--config": "config_file",
    COLOR: "color",
}
PASSED_APART = ("config_file", "no_config")  # click passes these to `check` by name, apart
MULTIPLE = frozenset({"rules", "select", "extend_select", "ignore", "include", "exclude"})
# The options whose value is a count of at least 1 (click's `IntRange(min=1)`): read here
# where it is written in ASCII digits alone, at most `_COUNT_DIGITS` of them, which click
# reads as `int` does; any other value is left to click (a usage error, a number written
# otherwise, or one too long for `int` to read without an error of its own)
COUNTS = frozenset({"jobs"})
_COUNT_DIGITS = 18
CHOICES: dict[str, tuple[str, ...]] = {
    "format": (*FORMATS, AUTO),
    "fail_on": FAIL_ON,
    "input_format": (AUTO, *INPUT_FORMATS),
    "color": COLOR_WHEN,
}


class Reading:
    """A command line of `check` as read here: the paths, and every parameter's value with
    those typed first, in the order they were first typed (click's order)."""

    def __init__(self) -> None:
        self.paths: list[str] = []
        self.values: dict[str, Any] = dict(DEFAULTS)
        self.typed: list[str] = []

    def set(self, name: str, value: Any) -> None:
        """`name` typed with `value` (added to those before it for a repeatable option)."""
        self.values[name] = (*self.values[name], value) if name in MULTIPLE else value
        if name not in self.typed:
            self.typed.append(name)

    @property
    def given(self) -> dict[str, Any]:
        """Every parameter's value, as click passes them: those typed first."""
        order = dict.fromkeys([*self.typed, *DEFAULTS])
        return {name: self.values[name] for name in order if name not in PASSED_APART}

    @property
    def typed_given(self) -> list[str]:
        """The names typed, as click lists them among the values it passes."""
        return [name for name in self.typed if name not in PASSED_APART]


def read(words: list[str]) -> Reading | None:
    """`words` (the command line after `typeline`) read as click would read them, or None
    where click is to read them."""
    if not words or words[0] != COMMAND or COMPLETION in os.environ:
        return None
    reading = Reading()
    rest = iter(words[1:])
    for word in rest:
        if word == END_OF_OPTIONS:
            reading.paths.extend(rest)
        elif word == STDIN or not word.startswith("-"):
            reading.paths.append(word)
        elif not _option(word, rest, reading):
            return None
    return reading


def _option(word: str, rest: Iterator[str], reading: Reading) -> bool:
    """Read the option `word` (and its value from `rest`) into `reading`: False where
    click is to read the command line."""
    if word in FLAGS:
        reading.set(*FLAGS[word])
        return True
    if word == NO_COLOR:
        word = f"{COLOR}=never"
    elif word == COLOR:  # its value is optional: the next word only if it is one
        color = next(rest, None)
        if color not in COLOR_WHEN:
            return color is None and _option(f"{COLOR}=always", rest, reading)
        word = f"{COLOR}={color}"
    option, joined, value = word.partition("=")
    name = VALUED.get(option)
    if name is None or (joined and option == "-o"):
        return False
    if not joined:
        value = next(rest, "")
        if not value or (value.startswith("-") and value != STDIN):
            return False
    if not _taken(name, value):
        return False
    reading.set(name, int(value) if name in COUNTS else value)
    return True


def _taken(name: str, value: str) -> bool:
    """Whether `value` of the option `name` is read here: one of its choices, a count in
    ASCII digits of at least 1, any other option's value."""
    if name in CHOICES:
        return value in CHOICES[name]
    if name in COUNTS:
        return value.isascii() and value.isdigit() and len(value) <= _COUNT_DIGITS and int(value) >= 1
    return True


def quick_run(words: list[str]) -> int | None:
    """Run `typeline check` as `words` ask: its exit status, or None when the words are for
    click to read (nothing has been done then)."""
    reading = read(words)
    if reading is None:
        return None
    paths = tuple(reading.paths)
    config_file, no_config = (reading.values[name] for name in PASSED_APART)

    def action() -> int:
        options, settings = settle(paths, config_file, no_config, reading.given, reading.typed_given)
        announce(options, settings, say)
        return start(options, paths)

    return guard(action, say)


def say(text: str) -> None:
    """Write `text` to standard error."""
    sys.stderr.write(text)
    sys.stderr.flush()
