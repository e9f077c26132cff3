"""The command line: `typeline check`, `explain`, `codes`, `rules list|show|diff|import`, `lookup`.

The only module that imports click. It builds frozen `Options`, hands them to the engine,
and turns `TypelineError`s and interrupts into a one-line message and an exit status.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click
from click.core import ParameterSource

from mtg_typeline import __version__
from mtg_typeline.display import printable
from mtg_typeline.errors import ExitStatus, TypelineError, UsageError
from mtg_typeline.reporters import FORMATS
from mtg_typeline.sources import AUTO
from mtg_typeline.sources import FORMATS as INPUT_FORMATS

F = TypeVar("F", bound=Callable[..., Any])
CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, prog_name="typeline")
def cli() -> None:
    """Check Magic: The Gathering type lines against the Comprehensive Rules.

    Each finding cites the rule it breaks, numbered as in the chosen edition.
    Exit status: 0 no errors, 1 errors (or warnings with --strict / --fail-on),
    2 usage, configuration, rules-data or unreadable input, 130 interrupted.
    """


def _guarded(ctx: click.Context, action: Callable[[], int]) -> None:
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
        from mtg_typeline.engine import drop_output

        drop_output(sys.stdout)
        status = ExitStatus.OK
    except Exception as exc:  # a bug: say so in one line, never as a traceback
        if os.environ.get("TYPELINE_DEBUG") == "1":
            raise
        click.echo(f"typeline: internal error: {type(exc).__name__}: {printable(str(exc))}", err=True)
        click.echo("typeline: set TYPELINE_DEBUG=1 to see where it happened", err=True)
        status = ExitStatus.TROUBLE
    ctx.exit(int(status))


@cli.command(context_settings=CONTEXT)
@click.argument("paths", nargs=-1, type=click.Path(dir_okay=True, allow_dash=True))
@click.option(
    "--edition", metavar="DATE", help="Shipped CR edition, by its exact effective date (default: newest)."
)
@click.option(
    "--as-of",
    metavar="DATE",
    help="The shipped CR edition in force on this date, such as a card's release date.",
)
@click.option(
    "--rules",
    multiple=True,
    metavar="FILE",
    help="Check against this rule file, full or custom, instead of a shipped edition (repeatable: "
    "each applies on top of the ones before).",
)
@click.option(
    "--format", type=click.Choice((*FORMATS, "auto")), default="auto", show_default=True,
    help="Output format; auto is github inside GitHub Actions, text elsewhere.",
)  # fmt: skip
@click.option(
    "--select",
    multiple=True,
    metavar="CODES",
    help="Report only these codes, prefixes or names (repeatable, comma-separated).",
)
@click.option(
    "--extend-select", multiple=True, metavar="CODES", help="Report these too (e.g. TL904, off by default)."
)
@click.option(
    "--ignore", multiple=True, metavar="CODES", help="Do not report these codes, prefixes or names."
)
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "info"]),
    default="error",
    show_default=True,
    help="The least severity that makes the exit status 1.",
)
@click.option(
    "--strict/--no-strict", default=False, help="Warnings fail the run too (same as --fail-on warning)."
)
@click.option(
    "--exit-zero/--no-exit-zero",
    default=False,
    help="Exit status 0 even with findings (2 still means trouble).",
)
@click.option(
    "--statistics/--no-statistics",
    default=False,
    help="Print how many findings of each code, not the findings.",
)
@click.option(
    "--fix/--no-fix",
    default=False,
    help="Apply the safe fixes to the files (standard input: print the fixed text), then "
    "report what remains.",
)
@click.option(
    "--unsafe-fixes/--no-unsafe-fixes",
    default=False,
    help="With --fix or --diff, apply the unsafe fixes too (guesses such as spelling).",
)
@click.option(
    "--diff", is_flag=True, help="Print a diff of what --fix would change, change nothing (exit 1 if any)."
)
@click.option("-q", "--quiet/--no-quiet", default=False, help="Print the findings only, no summary.")
@click.option(
    "--color/--no-color",
    default=None,
    help="Colour the text output (default: on a terminal, unless NO_COLOR is set).",
)
@click.option(
    "--input-format",
    type=click.Choice((AUTO, *INPUT_FORMATS)),
    default=AUTO,
    show_default=True,
    help="How to read the inputs; auto goes by file name and content.",
)
@click.option(
    "--column", metavar="NAME", help="The type-line column of CSV/TSV input (header name or number)."
)
@click.option(
    "--key", metavar="KEY", help="The type-line key of YAML card files (default: type_line or type)."
)
@click.option(
    "--include",
    multiple=True,
    metavar="GLOB",
    help="Files to read in directories (default: every supported kind; repeatable).",
)
@click.option(
    "--exclude",
    multiple=True,
    metavar="GLOB",
    help="Files or directories to skip in directories (repeatable).",
)
@click.option(
    "--respect-gitignore/--no-respect-gitignore",
    default=True,
    help="Skip files that .gitignore files ignore, in directories (default: on).",
)
@click.option("--hidden/--no-hidden", default=False, help="Search hidden files and directories too.")
@click.option(
    "--config",
    "config_file",
    metavar="FILE",
    help="Read this configuration file (pyproject.toml or .typeline.yaml).",
)
@click.option("--no-config", is_flag=True, help="Read no configuration file.")
@click.pass_context
def check(
    ctx: click.Context, /, paths: tuple[str, ...], config_file: str | None, no_config: bool, **given: Any
) -> None:
    """Check type lines in PATHS: text files (one type line a line), Scryfall or MTGJSON
    JSON, CSV/TSV, YAML card files, Cockatrice XML, Forge card scripts, Magic Set Editor
    sets. Directories are searched for all of these; `-` or no PATH reads standard input."""

    def action() -> int:
        from mtg_typeline.engine import run
        from mtg_typeline.settings import build_options, config_for

        typed = [name for name in given if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE]
        values = {name.replace("_", "-"): value for name, value in given.items()}
        config = config_for(config_file, no_config)
        options = build_options(paths, values, (n.replace("_", "-") for n in typed), config)
        stdin = sys.stdin.buffer
        if not paths and stdin.isatty():
            raise UsageError("no input: give PATHS, or pipe type lines to standard input")
        return run(options, sys.stdout, sys.stderr, stdin)

    _guarded(ctx, action)


def _text_or_json(command: F) -> F:
    """The --format option of `explain`, `codes`, `rules` and `lookup`."""
    return click.option(
        "--format",
        "output_format",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
        help="Output format.",
    )(command)


def _edition_and_format(command: F) -> F:
    """The options `explain` and `codes` share."""
    command = _text_or_json(command)
    return click.option("--edition", metavar="DATE", help="Cite rules as numbered in this edition.")(command)


@cli.command(context_settings=CONTEXT)
@click.argument("code")
@_edition_and_format
@click.pass_context
def explain(ctx: click.Context, code: str, edition: str | None, output_format: str) -> None:
    """Explain a finding code (TL304) or name (subtype-type-mismatch)."""

    def action() -> int:
        from mtg_typeline.explain import explain_check

        click.echo(explain_check(code, edition, output_format), nl=False)
        return ExitStatus.OK

    _guarded(ctx, action)


@cli.command(context_settings=CONTEXT)
@_edition_and_format
@click.pass_context
def codes(ctx: click.Context, edition: str | None, output_format: str) -> None:
    """List every finding code with its name, severity, rules and summary."""

    def action() -> int:
        from mtg_typeline.explain import list_checks

        click.echo(list_checks(edition, output_format), nl=False)
        return ExitStatus.OK

    _guarded(ctx, action)


def _edition_choice(command: F) -> F:
    """--edition DATE and --as-of DATE, for the commands that read one edition."""
    command = click.option(
        "--as-of",
        metavar="DATE",
        help="The shipped CR edition in force on this date, such as a card's release date.",
    )(command)
    return click.option(
        "--edition", metavar="DATE", help="Shipped CR edition, by its exact effective date (default: newest)."
    )(command)


def _rules_files(command: F) -> F:
    """--rules FILE, for the commands that read one edition: the user's rule files instead."""
    return click.option(
        "--rules",
        "rules_files",
        multiple=True,
        metavar="FILE",
        help="Read this rule file, full or custom, instead of a shipped edition (repeatable: "
        "each applies on top of the ones before).",
    )(command)


def _echo_action(ctx: click.Context, action: Callable[[], tuple[str, int]]) -> None:
    """Run `action`, print its text and exit with its status (errors as in `_guarded`)."""

    def run() -> int:
        text, status = action()
        click.echo(text, nl=False)
        return status

    _guarded(ctx, run)


def _pick_edition(edition: str | None, as_of: str | None) -> str | None:
    from mtg_typeline.rulesinfo import pick_edition

    return pick_edition(edition, as_of)


@cli.group(context_settings=CONTEXT)
def rules() -> None:
    """The shipped rule files: list the editions, show or compare their lists, import a CR text."""


@rules.command("list", context_settings=CONTEXT, short_help="List the shipped editions with their counts.")
@_text_or_json
@click.pass_context
def rules_list(ctx: click.Context, output_format: str) -> None:
    """List the shipped editions, oldest first, with how many entries each list has.

    Text columns: edition (* marks the default), type-line section, card types, supertypes,
    then the subtype lists (artifact, enchantment, land, planeswalker, spell, creature,
    planar, dungeon, battle) and `none`, the card types without subtypes; - where the
    edition has no such list."""
    from mtg_typeline.rulesinfo import list_editions

    _echo_action(ctx, lambda: (list_editions(output_format), ExitStatus.OK))


@rules.command("show", context_settings=CONTEXT, short_help="Show the lists of an edition, or one of them.")
@click.argument("category", required=False)
@_edition_choice
@_rules_files
@_text_or_json
@click.pass_context
def rules_show(
    ctx: click.Context,
    category: str | None,
    edition: str | None,
    as_of: str | None,
    rules_files: tuple[str, ...],
    output_format: str,
) -> None:
    """Show the lists of an edition, or only CATEGORY: card_types, supertypes, artifact,
    enchantment, land, planeswalker, spell, creature, planar, dungeon, battle, no_subtypes.
    With --rules, the lists of your rule files, marking what they added."""
    from mtg_typeline.rulesinfo import show_rules

    _echo_action(
        ctx,
        lambda: (
            show_rules(category, _pick_edition(edition, as_of), output_format, rules_files),
            ExitStatus.OK,
        ),
    )


@rules.command("diff", context_settings=CONTEXT, short_help="Compare the lists of two editions.")
@click.argument("old")
@click.argument("new")
@_text_or_json
@click.pass_context
def rules_diff(ctx: click.Context, old: str, new: str, output_format: str) -> None:
    """Compare the lists of the editions OLD and NEW (effective dates): entries added, removed
    and renamed, and rules renumbered."""
    from mtg_typeline.rulesdiff import diff_editions

    _echo_action(ctx, lambda: (diff_editions(old, new, output_format), ExitStatus.OK))


@rules.command("import", context_settings=CONTEXT, short_help="Import a CR text as a rule file.")
@click.argument("source")
@click.option("-o", "--output", metavar="FILE", help="Write the rule file here (default: standard output).")
@click.pass_context
def rules_import(ctx: click.Context, source: str, output: str | None) -> None:
    """Import a Comprehensive Rules text (or its type-line section) as a rule file."""
    from mtg_typeline.crimport import run_import

    _guarded(ctx, lambda: run_import(source, output, sys.stdout))


@cli.command(context_settings=CONTEXT, short_help="What a word is in the rules, and since when.")
@click.argument("word", nargs=-1, required=True)
@_edition_choice
@_rules_files
@click.option(
    "--as", "as_type", metavar="TYPE", help="May WORD be chosen as a subtype of this card type (CR 205.3e)?"
)
@_text_or_json
@click.pass_context
def lookup(
    ctx: click.Context,
    word: tuple[str, ...],
    edition: str | None,
    as_of: str | None,
    rules_files: tuple[str, ...],
    as_type: str | None,
    output_format: str,
) -> None:
    """Say what WORD is (card type, supertype, which subtype list) in an edition, in which
    editions it exists, and what replaced it. Several words are one phrase: Time Lord.
    With --rules, in your rule files (saying which file added it).

    Exit status: 0 when WORD is known in the edition (with --as: a valid choice), 1 when not."""
    from mtg_typeline.lookup import lookup_command

    _echo_action(
        ctx,
        lambda: lookup_command(
            " ".join(word), _pick_edition(edition, as_of), as_type, output_format, rules_files
        ),
    )


def entry_point() -> None:
    """The `typeline` console script."""
    cli.main(prog_name="typeline")


if __name__ == "__main__":  # pragma: no cover
    entry_point()
