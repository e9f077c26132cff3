"""`--verbose`: what a `check` run used and came upon, said on standard error.

One `typeline: ` line each, in the order the run meets them, with no time or other thing
that changes from run to run:

    typeline: configuration: pyproject.toml
    typeline: root: . (inputs are named relative to it)
    typeline: rules: edition 2026-09-25 (shipped rule file 2026-09-25.yaml)
    typeline: inputs: 2 named, 1 left out (--force-exclude), 14 found in directories: 15 to read
    typeline: read 13 inputs; passed over 2 that hold no card data; 0 unreadable
    typeline: tokens.xml:12:3: Goblin has no type line
    typeline: cards.json:40:5: Eldritch Moon Checklist is not a card (type line Card)

The texts are made here (paths drawn printable: see `display`); the command line, the engine
and the discovery hand over the facts (a configuration, a rule set, a `discovery.Survey`,
counts) and print nothing else.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, TextIO

from mtg_typeline.display import count, printable, shown
from mtg_typeline.sources.base import NO_TYPE_LINE, NOT_IN_ORACLE

if TYPE_CHECKING:
    from mtg_typeline.config import Config
    from mtg_typeline.discovery import Survey
    from mtg_typeline.engine.scopes import Scope
    from mtg_typeline.ruleset.model import RuleSet
    from mtg_typeline.sources.base import Passed

PREFIX = "typeline: "


def say(err: TextIO, lines: str) -> None:
    """Write `lines` to standard error now, so that they stand before the report, as the
    run meets them, wherever the two streams go."""
    err.write(lines)
    err.flush()


def configuration(config: Config, no_config: bool) -> str:
    """Which configuration file the run uses, shown from the working directory."""
    if config.path is not None:
        return f"{PREFIX}configuration: {printable(shown(str(config.path)))}\n"
    return f"{PREFIX}configuration: none{' (--no-config)' if no_config else ' found'}\n"


def root(folder: str) -> str:
    """The folder reported names are relative to (see `discovery.find_root`)."""
    return f"{PREFIX}root: {printable(shown(folder))} (inputs are named relative to it)\n"


def rules(ruleset: RuleSet, files: str | tuple[str, ...] | None) -> str:
    """The edition and rule files checked against: the user's (as given), or the shipped
    file that holds the edition."""
    if files:
        given = printable(", ".join((files,) if isinstance(files, str) else files))
        return f"{PREFIX}rules: {given} (edition {ruleset.edition})\n"
    return f"{PREFIX}rules: edition {ruleset.edition} (shipped rule file {os.path.basename(ruleset.path)})\n"


def scope(met: Scope, names: list[str]) -> str:
    """Which configuration file applied to inputs instead of the run's, and its rules."""
    given = met.options.rules_file
    edition = met.inputs.rules.edition
    how = f"rules {printable(', '.join(given))}, edition {edition}" if given else f"edition {edition}"
    listed = ", ".join(printable(name) for name in names)
    where = printable(shown(met.config or ""))
    return f"{PREFIX}configuration: {where} ({how}) for {count(len(names), 'input')}: {listed}\n"


def inputs(survey: Survey) -> str:
    """How many paths were named and left out, how many files searches found; inputs to read
    (fewer when an input was named twice, or files of one set one by one)."""
    return (
        f"{PREFIX}inputs: {survey.named:,} named, {survey.left_out:,} left out (--force-exclude), "
        f"{survey.searched:,} found in directories: {len(survey.inputs):,} to read\n"
    )


def read(files: int, passed_over: int, unreadable: int) -> str:
    """How the inputs went: read, passed over as no card data, not readable."""
    return (
        f"{PREFIX}read {count(files, 'input')}; passed over {passed_over:,} that "
        f"{'holds' if passed_over == 1 else 'hold'} no card data; {unreadable:,} unreadable\n"
    )


def passed(objects: list[Passed]) -> str:
    """The objects of card data the readers passed over, each at its place: the cards with
    no type line, the objects that are no cards (and how that was told)."""
    lines = []
    for found in objects:
        line, column = found.where()
        what = found.card if found.card is not None else "a card"
        how = _how(found)
        lines.append(f"{PREFIX}{printable(found.path or '')}:{line}:{column}: {printable(what)} {how}\n")
    return "".join(lines)


def _how(found: Passed) -> str:
    """Why a reader or `--oracle` passed an object over, as a listing says it."""
    if found.kind == NO_TYPE_LINE:
        return "has no type line"
    if found.kind == NOT_IN_ORACLE:
        return f"is not in the Oracle file ({found.why})" if found.why else "is not in the Oracle file"
    return f"is not a card ({found.why})"
