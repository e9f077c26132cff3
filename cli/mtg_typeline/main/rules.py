"""The commands that read the rule files rather than check type lines: `typeline rules
list|show|diff|import|new` and `typeline lookup`, with the options only they take.

`mtg_typeline.main` registers both on its `cli` group; they live here to keep that module short.
As there, each command imports the module doing its work inside its body, so that start-up
stays light.
"""

from __future__ import annotations

import sys
from itertools import islice

import click

from mtg_typeline.errors import ExitStatus
from mtg_typeline.main.common import CONTEXT, F, echo_action, guarded, text_or_json, with_rule_notes
from mtg_typeline.main.complete import complete_edition


def _edition_choice(command: F) -> F:
    """--edition DATE and --as-of DATE, for the commands that read one edition."""
    command = click.option(
        "--as-of",
        metavar="DATE",
        help="The CR edition (shipped or imported) in force on this date, such as a card's release date.",
    )(command)
    return click.option(
        "--edition",
        metavar="DATE",
        shell_complete=complete_edition,
        help="CR edition (shipped or imported), by its effective date or `newest` (the default).",
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


@click.group(context_settings=CONTEXT)
def rules() -> None:
    """The shipped rule files: list the editions, show or compare their lists, import a CR text
    or the newest edition; draft a rule file of your own."""


@rules.command("list", context_settings=CONTEXT, short_help="List the editions with their counts.")
@text_or_json
@click.pass_context
def rules_list(ctx: click.Context, output_format: str) -> None:
    """List the editions (shipped, and imported by `rules update`), oldest first, with how
    many entries each list has.

    Text columns: edition (* marks the default), type-line section, card types, supertypes,
    then the subtype lists (artifact, enchantment, land, planeswalker, spell, creature,
    planar, dungeon, battle) and `none`, the card types without subtypes; - where the
    edition has no such list."""
    from mtg_typeline.lookup.show import list_editions

    echo_action(ctx, lambda: (list_editions(output_format), ExitStatus.OK))


@rules.command("show", context_settings=CONTEXT, short_help="Show the lists of an edition, or one of them.")
@click.argument("category", required=False)
@_edition_choice
@_rules_files
@text_or_json
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
    from mtg_typeline.lookup.show import pick_edition, show_rules

    echo_action(
        ctx,
        with_rule_notes(
            rules_files,
            lambda: (
                show_rules(category, pick_edition(edition, as_of), output_format, rules_files),
                ExitStatus.OK,
            ),
        ),
    )


@rules.command("diff", context_settings=CONTEXT, short_help="Compare the lists of two editions.")
@click.argument("old", shell_complete=complete_edition)
@click.argument("new", shell_complete=complete_edition)
@text_or_json
@click.pass_context
def rules_diff(ctx: click.Context, old: str, new: str, output_format: str) -> None:
    """Compare the lists of the editions OLD and NEW (effective dates): entries added, removed
    and renamed, and rules renumbered."""
    from mtg_typeline.lookup.diff import diff_editions

    echo_action(ctx, lambda: (diff_editions(old, new, output_format), ExitStatus.OK))


@rules.command(
    "import", context_settings=CONTEXT, short_help="Import a CR text as a rule file, or an archive of them."
)
@click.argument("sources", metavar="[SOURCE]...", nargs=-1)
@click.option("-o", "--output", metavar="FILE", help="Write the rule file here (default: standard output).")
@click.option(
    "--archive",
    metavar="DIR",
    help="Import every CR text in DIR (*.txt.gz, *.txt), and any SOURCE besides, as the shipped "
    "rule files (one per change of the rules) and their index.yaml.",
)
@click.option("--out-dir", metavar="DIR", help="With --archive: the folder the rule files are written to.")
@click.pass_context
def rules_import(
    ctx: click.Context, sources: tuple[str, ...], output: str | None, archive: str | None, out_dir: str | None
) -> None:
    """Import a Comprehensive Rules text (or its type-line section) as a rule file. With
    --archive, import every edition of an archive as the shipped rule files and their index,
    each written whole or not at all."""
    from mtg_typeline.crimport import import_command

    guarded(ctx, lambda: import_command(sources, output, archive, out_dir, sys.stdout))


@rules.command(
    "update",
    context_settings=CONTEXT,
    short_help="Import the newest CR edition from the official rules page.",
)
@click.option(
    "--from",
    "source",
    metavar="FILE|URL",
    help="Import this CR text (a file, or its address) instead of the one the rules page links to.",
)
@click.option(
    "--page-url",
    metavar="URL",
    help="The rules page to find the plain-text CR on (default: https://magic.wizards.com/en/rules).",
)
@click.option(
    "--timeout",
    type=float,
    metavar="SECONDS",
    help="How long to wait on the network each time (default: 30).",
)
@click.pass_context
def rules_update(ctx: click.Context, source: str | None, page_url: str | None, timeout: float | None) -> None:
    """Fetch the newest Comprehensive Rules text from the official rules page (or take the one
    --from names), import it, and keep its rule file in your data directory, so that
    --edition newest, --as-of, `rules list` and `lookup` use it until a release of typeline
    ships it. Writes nothing when the edition is there already or shipped, or when the text
    can't be fetched whole or imported.

    Exit status: 0, or 2 when the text can't be fetched, read or imported."""
    from mtg_typeline.crimport.update import update_command

    guarded(ctx, lambda: update_command(source, page_url, timeout, sys.stdout))


class FromCommand(click.Command):
    """`typeline rules new`: the words after `--from` are its PATHs up to the next option
    (`--from a.json b.json`), as if each had its own `--from`, which click's options can't say."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, spread_from(args))


def spread_from(args: list[str]) -> list[str]:
    """`args` with `--from A B` as `--from A --from B`: the word after `--from` is its value
    whatever it looks like, and each word after that is another value until one that is an
    option (`-` alone, standard input, is a value); everything after `--` is left as it is."""
    words: list[str] = []
    rest = iter(args)
    taking = False
    for word in rest:
        if word == "--":
            return [*words, word, *rest]
        if taking and (word == "-" or not word.startswith("-")):
            words.extend(["--from", word])
            continue
        taking = word == "--from" or word.startswith("--from=")
        words.append(word)
        if word == "--from":
            words.extend(islice(rest, 1))
    return words


@rules.command(
    "new",
    cls=FromCommand,
    context_settings=CONTEXT,
    short_help="Draft a custom rule file from a set's unknown subtypes.",
)
@click.argument("file", metavar="FILE")
@click.option(
    "--from",
    "paths",
    metavar="PATH",
    multiple=True,
    required=True,
    help="Card data or type lines to draft from, read as `check` reads them; several may follow "
    "one --from (- is standard input).",
)
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@click.pass_context
def rules_new(ctx: click.Context, file: str, paths: tuple[str, ...], force: bool) -> None:
    """Write a custom rule file, FILE, that extends the newest edition and adds every subtype
    the cards of the PATHs use that the rules don't list (TL302), each in the list its card
    types call for, with a card that uses it; a word whose list the card types don't settle
    is left commented out, for you to place. Writes nothing when there is no such word, and
    replaces an existing FILE only with --force.

    Exit status: 0, or 2 when FILE exists (without --force) or an input can't be read."""
    from mtg_typeline.lookup.draft import new_rules_command
    from mtg_typeline.sources.inputs import standard_input

    guarded(ctx, lambda: new_rules_command(file, paths, force, sys.stdout, sys.stderr, standard_input()))


@click.command(context_settings=CONTEXT, short_help="What a word is in the rules, and since when.")
@click.argument("word", nargs=-1, required=True)
@_edition_choice
@_rules_files
@click.option(
    "--as", "as_type", metavar="TYPE", help="May WORD be chosen as a subtype of this card type (CR 205.3e)?"
)
@text_or_json
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
    from mtg_typeline.lookup.show import pick_edition
    from mtg_typeline.lookup.word import lookup_command

    echo_action(
        ctx,
        with_rule_notes(
            rules_files,
            lambda: lookup_command(
                " ".join(word), pick_edition(edition, as_of), as_type, output_format, rules_files
            ),
        ),
    )
