"""The commands of the command line as click reads them: `typeline check`, `explain`,
`codes`, `server`, `rules list|show|diff|import`, `lookup`.

With `mtg_typeline.main.check` (what `check` adds to click), `mtg_typeline.main.common` (the
shared settings and error guard), `mtg_typeline.main.complete` (shell completion) and
`mtg_typeline.main.rules` (the `rules` group and `lookup`, registered here and loaded when
run), the modules that import click. `check` reads the user's words and hands them to
`mtg_typeline.main.running`, which settles them into frozen `Options`, runs the engine and
turns `TypelineError`s and interrupts into a one-line message and an exit status.
"""

from __future__ import annotations

from typing import Any

import click
from click.core import ParameterSource

from mtg_typeline import __version__
from mtg_typeline.display import AUTO
from mtg_typeline.errors import ExitStatus, UsageError
from mtg_typeline.main.check import COLOR_CHOICES, CheckCommand, before_run
from mtg_typeline.main.common import CONTEXT, F, LazyGroup, completion, guarded, text_or_json
from mtg_typeline.main.running import FAIL_ON
from mtg_typeline.reporters import FORMATS
from mtg_typeline.sources import FORMATS as INPUT_FORMATS

# The commands that read rule files, loaded only when one of them is run (see `main.rules`)
RULE_COMMANDS = {"rules": "mtg_typeline.main.rules:rules", "lookup": "mtg_typeline.main.rules:lookup"}
complete_code = completion("complete_code")
complete_edition = completion("complete_edition")
complete_selectors = completion("complete_selectors")


@click.group(cls=LazyGroup, lazy=RULE_COMMANDS, context_settings=CONTEXT)
@click.version_option(__version__, prog_name="typeline")
def cli() -> None:
    """Check Magic: The Gathering type lines against the Comprehensive Rules.

    Each finding cites the rule it breaks, numbered as in the chosen edition.
    Exit status: 0 no errors, 1 errors (or warnings with --strict / --fail-on),
    2 usage, configuration, rules-data or unreadable input, 130 interrupted.
    """


@cli.command(cls=CheckCommand, context_settings=CONTEXT)
# (a path that can't be read is an input problem, TL901, the others still checked: click's
# usage error would stop the run, so click is not asked to test it)
@click.argument("paths", nargs=-1, type=click.Path(allow_dash=True, readable=False))
@click.option(
    "--edition", metavar="DATE", shell_complete=complete_edition,
    help="CR edition (shipped or imported), by its effective date or `newest` (the default).",
)  # fmt: skip
@click.option(
    "--as-of",
    metavar="DATE",
    help="The CR edition (shipped or imported) in force on this date, such as a card's release date.",
)
@click.option(
    "--rules",
    multiple=True,
    metavar="FILE",
    help="Check against this rule file, full or custom, instead of a shipped edition (repeatable: "
    "each applies on top of the ones before).",
)
@click.option(
    "--format", type=click.Choice((*FORMATS, AUTO)), default=AUTO, show_default=True,
    help="Output format; auto is github inside GitHub Actions, text elsewhere.",
)  # fmt: skip
@click.option(
    "-o", "--output-file", metavar="FILE",
    help="Write the report to FILE (whole, or not at all); the summary still goes to the terminal.",
)  # fmt: skip
@click.option(
    "--select",
    multiple=True,
    metavar="CODES",
    shell_complete=complete_selectors,
    help="Report only these codes, prefixes or names (repeatable, comma-separated).",
)
@click.option(
    "--extend-select", multiple=True, metavar="CODES", shell_complete=complete_selectors,
    help="Report these too (e.g. TL904, off by default).",
)  # fmt: skip
@click.option(
    "--ignore", multiple=True, metavar="CODES", shell_complete=complete_selectors,
    help="Do not report these codes, prefixes or names.",
)  # fmt: skip
@click.option(
    "--fail-on",
    type=click.Choice(FAIL_ON),
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
    "-v", "--verbose", is_flag=True,
    help="Say on standard error which configuration, rules and inputs the run uses.",
)  # fmt: skip
@click.option(
    "--color", type=click.Choice(COLOR_CHOICES), is_flag=False, flag_value="always", default=AUTO,
    help="Colour the text output: always (--color alone), never, or auto (the default): on a terminal "
    "or with FORCE_COLOR set, unless NO_COLOR is set.",
)  # fmt: skip
@click.option("--no-color", is_flag=True, expose_value=False, help="The same as --color never.")
@click.option(
    "--input-format",
    type=click.Choice((AUTO, *INPUT_FORMATS)),
    default=AUTO,
    show_default=True,
    help="How to read the inputs; auto goes by file name and content.",
)
@click.option(
    "--stdin-filename", metavar="NAME",
    help="Check standard input as the file NAME: its format, configuration, per-file ignores, name.",
)  # fmt: skip
@click.option(
    "--column", metavar="NAME", help="The type-line column of CSV/TSV input (header name or number)."
)
@click.option(
    "--delimiter", metavar="CHAR",
    help="The delimiter of CSV/TSV input: one character, or tab (default: told from the file).",
)  # fmt: skip
@click.option(
    "--key", metavar="KEY", help="The type-line key of YAML and JSON card files (default: type_line or type)."
)
@click.option(
    "--encoding", metavar="NAME",
    help="The encoding of text and CSV/TSV inputs that are not UTF-8 (cp1252, latin-1, utf-16…).",
)  # fmt: skip
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
    "--force-exclude/--no-force-exclude",
    default=False,
    help="Leave out PATHS that an exclude glob matches or that are hidden, even when named (as "
    "pre-commit names files).",
)
@click.option(
    "--skip-non-card-files/--no-skip-non-card-files",
    default=False,
    help="Pass over named files that hold no card data (package.json, a README, a deck list), "
    "as a directory search does, instead of reporting them.",
)
@click.option(
    "--max-member-size", metavar="SIZE", default="64M", show_default=True,
    help="Refuse a member of a .mse-set zip that inflates past SIZE: bytes, or with K, M or G.",
)  # fmt: skip
@click.option(
    "--max-member-ratio", type=click.IntRange(min=1), metavar="N", default=200, show_default=True,
    help="Refuse a member of a .mse-set zip over 1 MiB that inflates past N times its compressed size.",
)  # fmt: skip
@click.option(
    "--oracle", metavar="FILE",
    help="Compare each named card's type line with its Oracle one in FILE (Scryfall's Oracle Cards "
    "bulk file or MTGJSON's AtomicCards.json): TL910.",
)  # fmt: skip
@click.option(
    "--baseline", metavar="FILE",
    help="Leave out the findings known in this baseline (by file, card and code; see --write-baseline).",
)  # fmt: skip
@click.option(
    "--write-baseline", metavar="FILE",
    help="Write the findings to FILE as a baseline, instead of reporting them (exit 0).",
)  # fmt: skip
@click.option(
    "--error-on-unmatched-pattern/--no-error-on-unmatched-pattern",
    default=True,
    help="A named directory with no file to read is an error (exit 2); --no-error-on-unmatched-pattern: "
    "a warning.",
)
@click.option(
    "--jobs", type=click.IntRange(min=1), metavar="N",
    help="Check inputs in N processes at once, at most 4 a CPU (8 on one CPU; default: every CPU, for a "
    "tree of 1,000 files or more).",
)  # fmt: skip
@click.option(
    "--config",
    "config_file",
    metavar="FILE",
    help="Read this configuration file (pyproject.toml or .typeline.yaml).",
)
@click.option("--no-config", is_flag=True, help="Read no configuration file.")
@click.option("--show-settings", is_flag=True, help="Print the settings in force and where each comes from.")
@click.option("--show-files", is_flag=True, help="Print the name of every input the run would read.")
@click.pass_context
def check(
    ctx: click.Context, /, paths: tuple[str, ...], config_file: str | None, no_config: bool, **given: Any
) -> None:
    """Check type lines in PATHS: text files (one type line a line), Scryfall or MTGJSON
    JSON and JSON Lines, CSV/TSV, YAML card files, Cockatrice XML, Forge card scripts, Magic
    Set Editor sets, Draftmancer card lists. Directories are searched for all of these; `-`
    or no PATH reads standard input."""

    shows = (given.pop("show_settings"), given.pop("show_files"))

    def action() -> int:
        from mtg_typeline.main.running import settle, start

        typed = [name for name in given if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE]
        options, settings = settle(paths, config_file, no_config, given, typed)
        if (shown := before_run(options, settings, *shows)) is not None:
            return shown
        return start(options, paths)

    guarded(ctx, action)


def _edition_and_format(command: F) -> F:
    """The options `explain` and `codes` share."""
    command = text_or_json(command)
    return click.option(
        "--edition",
        metavar="DATE",
        shell_complete=complete_edition,
        help="Cite rules as numbered in this edition.",
    )(command)


@cli.command(context_settings=CONTEXT)
@click.argument("code", shell_complete=complete_code)
@_edition_and_format
@click.pass_context
def explain(ctx: click.Context, code: str, edition: str | None, output_format: str) -> None:
    """Explain a finding code (TL304) or name (subtype-type-mismatch)."""

    def action() -> int:
        from mtg_typeline.checks.docs import explain_check

        click.echo(explain_check(code, edition, output_format), nl=False)
        return ExitStatus.OK

    guarded(ctx, action)


@cli.command(context_settings=CONTEXT)
@_edition_and_format
@click.pass_context
def codes(ctx: click.Context, edition: str | None, output_format: str) -> None:
    """List every finding code with its name, severity, rules and summary."""

    def action() -> int:
        from mtg_typeline.checks.docs import list_checks

        click.echo(list_checks(edition, output_format), nl=False)
        return ExitStatus.OK

    guarded(ctx, action)


# The words a missing extra leaves out (`typeline server` needs the `lsp` extra)
LSP_MODULES = ("pygls", "lsprotocol")


@cli.command(context_settings=CONTEXT)
@click.pass_context
def server(ctx: click.Context) -> None:
    """Run the language server on standard input and output (for editors; needs the `lsp`
    extra: pip install 'mtg-typeline[lsp]')."""

    def action() -> int:
        try:
            from mtg_typeline.server.features import build
        except ImportError as exc:
            if (exc.name or "").partition(".")[0] not in LSP_MODULES:
                raise
            raise UsageError(
                "typeline server needs the language-server extra: pip install 'mtg-typeline[lsp]'"
            ) from None
        build().start_io()
        return ExitStatus.OK

    guarded(ctx, action)
