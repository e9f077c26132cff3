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
from collections.abc import Iterable
from typing import TYPE_CHECKING

import click

from mtg_typeline.display import COLOR_WHEN as COLOR_CHOICES
from mtg_typeline.display import printable
from mtg_typeline.errors import ExitStatus
from mtg_typeline.main.common import echo_error
from mtg_typeline.main.running import Settings, announce

if TYPE_CHECKING:
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


def before_run(options: Options, settings: Settings, show_settings: bool, show_files: bool) -> int | None:
    """Say what is said before a run (`running.announce`); print what --show-settings and
    --show-files ask for (the exit status then: the run is over), or None: the run goes on."""
    announce(options, settings, echo_error)
    if show_settings or show_files:
        return _show(options, settings, show_settings, show_files)
    return None


def _show(options: Options, settings: Settings, show_settings: bool, show_files: bool) -> int:
    """Print the settings, the inputs or both (settings first): exit status 0."""
    if show_settings:
        from mtg_typeline.options import describe

        click.echo(describe(settings.values, settings.typed, settings.config), nl=False)
    if show_files:
        from mtg_typeline.engine import input_names

        shown = [printable(input_name) for input_name in input_names(options, sys.stderr)]
        for start in range(0, len(shown), _SHOWN_AT_ONCE):  # (one echo a name cost more than the search)
            click.echo("\n".join(shown[start : start + _SHOWN_AT_ONCE]))
    return int(ExitStatus.OK)


_SHOWN_AT_ONCE = 1024  # names printed by one echo (`--show-files`)
