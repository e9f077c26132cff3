"""Configuration per file: each input checked with the configuration file nearest to it,
looking upward from its folder, as ruff and yamllint find theirs.

A run has its own configuration (`--config FILE`, none with `--no-config`, else the one
found from the working directory, or from `--stdin-filename`'s folder): it decides what is
about the run as a whole (the output format and file, colour, quiet, fail-on and strict,
exit-zero, statistics, fix, diff) and everything for standard input. Without `--config` or
`--no-config`, each input found on disk is checked with the nearest configuration above
it, and a named directory is searched with the one nearest above the directory
(its include and exclude globs, hidden files, `.gitignore`); an input with none above it
takes the run's. A configuration's paths (its rule files, `per-file-ignores` and
`exclude`) are read from its own folder.

Each configuration a run meets is a `Scope`: its options, rules, checker and filters, built
once when an input first needs it (a rule set and checker are shared by the scopes that
choose the same rules). A run that meets one configuration has one scope, the run's own.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from mtg_typeline.checker import Checker
from mtg_typeline.config import config_here, load_config
from mtg_typeline.discovery import Input, Names
from mtg_typeline.display import AUTO
from mtg_typeline.engine.check import Inputs
from mtg_typeline.engine.pool import most_processes
from mtg_typeline.filters import Filters
from mtg_typeline.options import Options, build_options
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset import load_rules
from mtg_typeline.sources import SourceSettings
from mtg_typeline.sources.inputs import Reading

if TYPE_CHECKING:
    from mtg_typeline.findings import Finding
    from mtg_typeline.oracle import Oracle
    from mtg_typeline.ruleset.model import RuleSet
    from mtg_typeline.suppressions import CardIgnores

_RulesKey = tuple[str | None, str | tuple[str, ...] | None]
# The rules and checker of a configuration's options: a run loads and builds its own; an
# embedder may hand in a rule set and a checker it keeps between checks (see `mtg_typeline.api`)
CheckerOf = Callable[[Options], tuple["RuleSet", Checker]]


class Scope(NamedTuple):
    """What checks the inputs under one configuration (`config`: its path; None for a run
    with no configuration file)."""

    config: str | None
    options: Options
    inputs: Inputs
    filters: Filters
    cards: CardIgnores | None = None  # its per-card ignores, which its filters apply


_UNKNOWN = "\0"  # (no configuration's path: not looked for yet)


class Configs:
    """The options of each configuration file a run meets, by the folders it meets them in."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.own = options.choices.config if options.choices is not None else None
        self._found: dict[str, str | None] = {}  # folder -> the configuration that applies there
        self._options: dict[str | None, Options] = {self.own: options}

    def config_in(self, folder: str) -> str | None:
        """The configuration that applies to the files of `folder` (absolute): the nearest
        above it. Each folder is looked in once: the folders on the way up from one already
        looked in share what was found there (a tree's configuration file is read once)."""
        found = self._found.get(folder, _UNKNOWN)
        if found is not _UNKNOWN:
            return found
        if self.options.choices is None:
            self._found[folder] = self.own
            return self.own
        walked = [folder]
        here = os.path.abspath(folder)
        while (found := self._found.get(here, _UNKNOWN)) is _UNKNOWN:
            walked.append(here)
            nearest = config_here(here)
            parent = os.path.dirname(here)
            if nearest is not None or parent == here:
                found = self.own if nearest is None else nearest
                break
            here = parent
        for seen in walked:
            self._found[seen] = found
        return found

    def options_of(self, config: str | None) -> Options:
        """The options of a run under `config`: the command line over that configuration,
        with what is about the whole run from the run's own."""
        known = self._options.get(config)
        if known is None:
            choices = self.options.choices
            assert choices is not None and config is not None  # (a run of one configuration has one)
            from pathlib import Path  # only for another configuration file: slow to import

            loaded = load_config(Path(config))
            built = build_options(self.options.paths, choices.values, choices.typed, loaded)
            known = self._options[config] = _run_wide(built, self.options)
        return known

    def of_named(self, path: str) -> Options:
        """The options a named path is found with: a directory's own, a file's folder's."""
        absolute = os.path.abspath(path)
        folder = absolute if os.path.isdir(absolute) else os.path.dirname(absolute)
        return self.options_of(self.config_in(folder))


def _run_wide(built: Options, run: Options) -> Options:
    """`built` with what is about the run as a whole taken from the run's options."""
    return run._replace(
        edition=built.edition,
        rules_file=built.rules_file,
        selection=built.selection,
        files=built.files,
        input_format=built.input_format,
        column=built.column,
        delimiter=built.delimiter,
        key=built.key,
        encoding=built.encoding,
        zip_limits=built.zip_limits,
        force_exclude=built.force_exclude,
        skip_non_card_files=built.skip_non_card_files,
        config=built.config,
        per_card_ignores=built.per_card_ignores,
    )


class Scopes:
    """The scopes of one run, by input."""

    def __init__(self, configs: Configs, names: Names, checker_of: CheckerOf | None = None) -> None:
        self.configs = configs
        self.names = names
        self._checker_of = checker_of
        self.oracle, self.oracle_problem = _oracle(configs.options.oracle, names)
        self._rules: dict[_RulesKey, tuple[RuleSet, Checker]] = {}
        self._scopes: dict[str | None, Scope] = {}
        self.base = self.scope(configs.own)
        self.met: dict[str | None, list[str]] = {}  # the inputs of each configuration but the run's
        # the configuration of the inputs of each folder, by the folder in their names
        self._configs: dict[tuple[str, bool], str | None] = {}

    def scope(self, config: str | None) -> Scope:
        """The scope of `config`, built when first asked for."""
        known = self._scopes.get(config)
        if known is None:
            options = self.configs.options_of(config)
            rules, checker = self._checker(options)
            inputs = _inputs(options, rules, checker, self.names)._replace(oracle=self.oracle)
            cards = _cards(options)
            known = Scope(config, options, inputs, _filters(options, self.names, cards), cards)
            self._scopes[config] = known
        return known

    def built(self) -> list[Scope]:
        """The scopes the run has built, the run's first."""
        return list(self._scopes.values())

    def of(self, item: Input) -> Scope:
        """The scope an input is checked in: standard input's is the run's."""
        if item.stdin or self.configs.options.choices is None:
            return self.base
        config = self._config(item)
        if config != self.configs.own:
            self.met.setdefault(config, []).append(item.name)
        return self.scope(config)

    def of_each(self, inputs: Sequence[Input]) -> list[Scope]:
        """The scope of each of `inputs`, in order, as `of` gives it: a file in the folder of
        the one before it has its scope (a tree of many files is scoped a folder at a time)."""
        if self.configs.options.choices is None:
            return [self.base] * len(inputs)
        scoped: list[Scope] = []
        own = self.configs.own
        lead: str | None = None  # the folder of the last file, up to its last `/`
        config, scope = own, self.base
        for item in inputs:
            if item.stdin or item.folder:
                scoped.append(self.of(item))
                lead = None
                continue
            name = item.name
            here = name[: name.rfind("/") + 1]
            if here != lead:  # (a name's folder is its part up to its last `/`: a new one)
                lead, config = here, self._config(item)
                scope = self.scope(config)
            if config != own:
                self.met.setdefault(config, []).append(name)
            scoped.append(scope)
        return scoped

    def _config(self, item: Input) -> str | None:
        """The configuration an input (not standard input) falls under: the nearest to it."""
        name = item.name  # (a file's folder known by its name up to its last `/`: no `dirname` a file)
        key = (name, True) if item.folder else (name[: name.rfind("/") + 1], False)
        config = self._configs.get(key, _UNKNOWN)
        if config is _UNKNOWN:  # (asked once for each folder the inputs are in)
            path = self.names.on_disk(item.name)
            folder = path if item.folder else os.path.dirname(path)
            config = self._configs[key] = self.configs.config_in(folder)
        return config

    def _checker(self, options: Options) -> tuple[RuleSet, Checker]:
        """The rules and checker of `options`, shared by the scopes that choose the same."""
        key = (options.edition, options.rules_file)
        known = self._rules.get(key)
        if known is None:
            if self._checker_of is not None:
                known = self._rules[key] = self._checker_of(options)
                return known
            rules = load_rules(options.edition, options.rules_file)
            known = self._rules[key] = (rules, Checker(rules))
        return known


def _inputs(options: Options, rules: RuleSet, checker: Checker, names: Names) -> Inputs:
    """How inputs are read and checked under `options`."""
    given = None if options.input_format == AUTO else options.input_format
    reading = Reading(given, options.column, options.key, options.encoding, options.delimiter)
    sources = SourceSettings(
        options.column, options.key, rules, names.root, limits=options.zip_limits, encoding=options.encoding,
        delimiter=options.delimiter,
    )  # fmt: skip
    processes = 1 if options.fix or options.diff else _processes(options.jobs)
    return Inputs(names, reading, sources, rules, checker, processes=processes, listed=bool(options.verbose))


def _processes(jobs: int | None) -> int:
    """The processes that may check one big file (`--jobs`, up to `pool.most_processes`;
    default: every CPU)."""
    return min(jobs, most_processes()) if jobs is not None else (os.cpu_count() or 1)


def _oracle(path: str | None, names: Names) -> tuple[Oracle | None, Finding | None]:
    """The Oracle file of the run (`--oracle`), read; or the TL905 of one that isn't valid
    JSON (the comparison can't run on part of it). Nothing is loaded without one."""
    if path is None:
        return None, None
    from mtg_typeline.oracle import load_oracle  # only for a run given --oracle

    return load_oracle(path, names.name(path))


def _cards(options: Options) -> CardIgnores | None:
    """The per-card ignores of `options` (None: none configured)."""
    if not options.per_card_ignores:
        return None
    from mtg_typeline.suppressions import CardIgnores  # only where per-card ignores are configured

    where = options.config or "per-card-ignores"
    return CardIgnores(options.per_card_ignores, where, os.path.dirname(where) if options.config else None)


def _filters(options: Options, names: Names, cards: CardIgnores | None) -> Filters:
    """The filters of `options`, silencing what its per-card ignores name."""
    return Filters(options.selection, names.root, cards.silences if cards is not None else None)
