"""What every command of the command line shares: the click settings, the error guard, the
--format option of the commands that print text or JSON, the group that loads a command's
module when the command is asked for, and shell-completion callbacks that load theirs when
the shell asks.

Kept apart from `mtg_typeline.main` so that `mtg_typeline.main.rules` can use it too without the
two importing each other. Like them, it imports no engine module at start: a command's work
is imported inside its body.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import click

from mtg_typeline.display import printable
from mtg_typeline.main.running import guard

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

F = TypeVar("F", bound=Callable[..., Any])
R = TypeVar("R")
CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
Completion = Callable[[click.Context, click.Parameter, str], "list[CompletionItem]"]


class LazyGroup(click.Group):
    """A group whose commands named in `lazy` ("module:command") are loaded when asked for
    (click's lazily loaded subcommands), so that a run of another command never loads them."""

    def __init__(self, *args: Any, lazy: Mapping[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.lazy:
            return super().get_command(ctx, cmd_name)
        module, _, name = self.lazy[cmd_name].partition(":")
        command: click.Command = getattr(importlib.import_module(module), name)
        return command


def completion(name: str) -> Completion:
    """The shell-completion callback `name` of `mtg_typeline.main.complete`, loaded only when
    the shell asks for values (a start that completes nothing never loads it)."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        from mtg_typeline.main import complete as completing

        found: list[CompletionItem] = getattr(completing, name)(ctx, param, incomplete)
        return found

    return complete


def guarded(ctx: click.Context, action: Callable[[], int]) -> None:
    """Run `action`, mapping our errors and Ctrl-C to a message and an exit status
    (`running.guard`), and exit with it."""
    ctx.exit(int(guard(action, echo_error)))


def echo_error(text: str) -> None:
    """Write `text` to standard error as click writes there."""
    click.echo(text, err=True, nl=False)


def with_rule_notes(files: tuple[str, ...], action: Callable[[], R]) -> Callable[[], R]:
    """`action`, after the warnings about the user's rule `files` (an addition the rules
    have already) are said on standard error, as `check` says them."""

    def run() -> R:
        if files:
            from mtg_typeline.ruleset import load_rules  # the rule cache answers: the same rules

            for note in load_rules(None, files).provenance.notes:
                click.echo(f"typeline: warning: {printable(note)}", err=True)
        return action()

    return run


def echo_action(ctx: click.Context, action: Callable[[], tuple[str, int]]) -> None:
    """Run `action`, print its text and exit with its status (errors as in `guarded`)."""

    def run() -> int:
        text, status = action()
        click.echo(text, nl=False)
        return status

    guarded(ctx, run)


def text_or_json(command: F) -> F:
    """The --format option of `explain`, `codes`, `rules` and `lookup`."""
    return click.option(
        "--format",
        "output_format",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
        help="Output format.",
    )(command)
