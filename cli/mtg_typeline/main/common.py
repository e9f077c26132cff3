"""What every command of the command line shares: the click settings, the error guard, and the
--format option of the commands that print text or JSON.

Kept apart from `mtg_typeline.main` so that `mtg_typeline.main.rules` can use it too without the
two importing each other. Like them, it imports no engine module at start: a command's work
is imported inside its body.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from mtg_typeline.display import printable
from mtg_typeline.errors import ExitStatus, TypelineError

F = TypeVar("F", bound=Callable[..., Any])
CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def guarded(ctx: click.Context, action: Callable[[], int]) -> None:
    """Run `action`, mapping our errors and Ctrl-C to a message and an exit status."""
    try:
        status = action()
    except TypelineError as exc:
        click.echo(f"typeline: error: {printable(str(exc))}", err=True)
        status = exc.status
    except KeyboardInterrupt:
        click.echo("typeline: interrupted", err=True)
        status = ExitStatus.INTERRUPTED
    except BrokenPipeError:
        from mtg_typeline.reporters.output import drop_output

        drop_output(sys.stdout)
        status = ExitStatus.OK
    except Exception as exc:  # a bug: say so in one line, never as a traceback
        if os.environ.get("TYPELINE_DEBUG") == "1":
            raise
        click.echo(f"typeline: internal error: {type(exc).__name__}: {printable(str(exc))}", err=True)
        click.echo("typeline: set TYPELINE_DEBUG=1 to see where it happened", err=True)
        status = ExitStatus.TROUBLE
    ctx.exit(int(status))


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
