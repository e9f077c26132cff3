"""What `typeline check` adds to click: `--color` with an optional value, and what is said
or shown before a run starts (warnings, `--show-settings`, `--show-files`, `--verbose`).

`--color` takes `auto`, `always` or `never`, and alone means `always`, as it did when it was a
flag; `--no-color` is `--color never`. Click lets an option's value be left out only where
the next word is another option, so `--color cards.txt` would take `cards.txt` for the
colour: the command line is read first (`color_words`) so that `--color` takes the next
word only when it is one of the three, and `--no-color` becomes `--color=never` in its place
(the last of them wins, as with any option given twice).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

import click

from mtg_typeline.display import COLOR_WHEN as COLOR_CHOICES
from mtg_typeline.display import printable
from mtg_typeline.errors import ExitStatus
from mtg_typeline.findings import STDIN

if TYPE_CHECKING:
    from mtg_typeline.config import Config
    from mtg_typeline.options import Options

__all__ = ["COLOR_CHOICES", "CheckCommand", "Settings", "before_run", "color_words"]


class CheckCommand(click.Command):
    """`typeline check`: its words read for `--color` before click parses them."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, color_words(args, _valued(self.params)))


def color_words(args: list[str], valued: Iterable[str]) -> list[str]:
    """`args` with `--color [WHEN]` and `--no-color` as `--color=WHEN`; the values of the
    options in `valued` (which take one) and everything after `--` left as they are."""
    takes_value = set(valued)
    words: list[str] = []
    index = 0
    while index < len(args):
        word = args[index]
        index += 1
        if word == "--":
            return [*words, word, *args[index:]]
        if word == "--no-color":
            word = "--color=never"
        elif word == "--color":
            given = index < len(args) and args[index] in COLOR_CHOICES
            word = f"--color={args[index] if given else 'always'}"
            index += given
        elif word in takes_value and index < len(args):
            words.append(word)
            word = args[index]
            index += 1
        words.append(word)
    return words


def _valued(params: Iterable[click.Parameter]) -> list[str]:
    """The names of the options that take a value (`--edition DATE`, `-o FILE`)."""
    return [
        name
        for param in params
        if isinstance(param, click.Option) and not param.is_flag and param.nargs == 1
        for name in param.opts
    ]


class Settings(NamedTuple):
    """How a run's options were settled: every option's value and those typed (by long
    name), the configuration, and whether --no-config said to read none."""

    values: Mapping[str, Any]
    typed: list[str]
    config: Config
    no_config: bool


def before_run(options: Options, settings: Settings, show_settings: bool, show_files: bool) -> int | None:
    """Warn of options that will do nothing in this run; print what --show-settings and
    --show-files ask for (the exit status then: the run is over), or with --verbose which
    configuration the run uses (None: the run goes on)."""
    name = options.stdin_filename
    if name is not None and options.paths and STDIN not in options.paths:
        click.echo(
            f"typeline: warning: --stdin-filename {printable(name)} is not used: standard input is "
            "not read (give - among the PATHS to read it)",
            err=True,
        )
    if show_settings or show_files:
        return _show(options, settings, show_settings, show_files)
    if options.verbose:
        from mtg_typeline.engine import verbose

        click.echo(verbose.configuration(settings.config, settings.no_config), err=True, nl=False)
    return None


def _show(options: Options, settings: Settings, show_settings: bool, show_files: bool) -> int:
    """Print the settings, the inputs or both (settings first): exit status 0."""
    if show_settings:
        from mtg_typeline.options import describe

        click.echo(describe(settings.values, settings.typed, settings.config), nl=False)
    if show_files:
        from mtg_typeline.engine import input_names

        for input_name in input_names(options, sys.stderr):
            click.echo(printable(input_name))
    return int(ExitStatus.OK)
