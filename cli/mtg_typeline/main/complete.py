"""Shell completion: what the shells are offered for codes, names and editions.

Click completes commands, options, choices and paths itself, once the shell has been told
how to ask (`_TYPELINE_COMPLETE=bash_source typeline`, see docs/commands.md); these functions add
the values it can't know: finding codes and names for `typeline explain CODE`, codes, code
prefixes and names for `--select`, `--extend-select` and `--ignore` (after a comma too:
`--select TL1,unk` offers `TL1,unknown-card-type` and `TL1,unknown-subtype`), and the
shipped editions' dates for `--edition` and `rules diff`. `--as-of` takes any date, so it is
offered none.

The command line loads this module only when the shell asks for values (see
`main.common.completion`), so a start of `typeline` that completes nothing costs nothing
more. Words are matched without regard to case, already-listed selectors are not offered
again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from click.shell_completion import CompletionItem

from mtg_typeline.checks import CHECKS
from mtg_typeline.errors import TypelineError
from mtg_typeline.ruleset import edition_dates
from mtg_typeline.ruleset.editions import NEWEST

if TYPE_CHECKING:
    from click import Context, Parameter

ALL = "ALL"


def complete_code(ctx: Context, param: Parameter, incomplete: str) -> list[CompletionItem]:
    """Codes and names of the checks (`typeline explain CODE`), each with the other as help."""
    return [item for item in _checks() if item.value.lower().startswith(incomplete.lower())]


def complete_selectors(ctx: Context, param: Parameter, incomplete: str) -> list[CompletionItem]:
    """`ALL`, code prefixes, codes and names, for the last of comma-separated selectors."""
    head, comma, tail = incomplete.rpartition(",")
    given = {word.strip().lower() for word in head.split(",")}
    lead = head + comma
    return [
        CompletionItem(lead + item.value, help=item.help)
        for item in (*_prefixes(), *_checks())
        if item.value.lower().startswith(tail.strip().lower()) and item.value.lower() not in given
    ]


def complete_edition(ctx: Context, param: Parameter, incomplete: str) -> list[CompletionItem]:
    """`newest` (with its date as help), then the shipped editions' effective dates, newest first."""
    try:
        dates = edition_dates()
    except TypelineError:  # broken rule data: no dates offered, and no traceback in the shell
        return []
    items = [CompletionItem(NEWEST, help=dates[-1]), *(CompletionItem(date) for date in reversed(dates))]
    return [item for item in items if item.value.startswith(incomplete)]


def _checks() -> list[CompletionItem]:
    """Each check's code (with its name as help), then each name (with its code)."""
    return [
        *(CompletionItem(check.code, help=check.name) for check in CHECKS),
        *(CompletionItem(check.name, help=check.code) for check in CHECKS),
    ]


def _prefixes() -> list[CompletionItem]:
    """`ALL` and the code prefixes (`TL1`: the structure codes, …), with what they select."""
    prefixes = sorted({check.code[:3] for check in CHECKS})
    return [
        CompletionItem(ALL, help="every code"),
        *(CompletionItem(p, help=f"every {p}xx code") for p in prefixes),
    ]
