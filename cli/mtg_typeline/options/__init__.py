"""The options, the stage between the command line and the engine: a `check` run's choices
settled (command-line values over the configuration file over the defaults) into the frozen
`Options` the engine takes. The user's choices only: the engine builds its own state (the
rules, the checker, the filters) from them. Each single value is read and checked by
`options.values`, before any file is read.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from mtg_typeline.config import KEYS, Config, ConfigError, find_config, load_config
from mtg_typeline.discovery import FileFilter, find_root
from mtg_typeline.display import AUTO, printable, shown
from mtg_typeline.errors import UsageError
from mtg_typeline.filters import Selection, expand
from mtg_typeline.findings import STDIN
from mtg_typeline.options import values
from mtg_typeline.options.values import STDOUT
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset import edition_index
from mtg_typeline.sources import DEFAULT_INCLUDE, ZipLimits

# Ways to choose the rules, each excluding the others: typing one drops the others' settings
_CHOOSERS = ("edition", "rules", "as-of")


class Choices(NamedTuple):
    """What the command line gave, kept to settle the options of another configuration file
    (see `engine.scopes`): every option's value and the long names of those typed, and the
    run's own configuration file (None: none)."""

    values: Mapping[str, Any]
    typed: tuple[str, ...]
    config: str | None


class Options(NamedTuple):
    """Everything a `check` run is asked to do, settled before it starts (flags over
    configuration)."""

    paths: tuple[str, ...] = ()
    edition: str | None = None
    rules_file: str | tuple[str, ...] | None = None  # the user's rule files, applied in order
    output_format: str = "text"
    quiet: bool = False
    color: bool | None = None
    fail_on: str = "error"  # the least severity that fails the run ("warning": --strict)
    exit_zero: bool = False
    statistics: bool = False
    selection: Selection = Selection(None)  # every code that is on by default
    files: FileFilter = FileFilter()
    input_format: str = AUTO  # or one of sources.FORMATS
    column: str | None = None  # the type column of a table (--column)
    delimiter: str | None = None  # the delimiter of a table (--delimiter); None: told from it
    key: str | None = None  # the type key of a YAML card file or JSON card list (--key)
    encoding: str | None = None  # the codec of text and table inputs (--encoding); None: UTF-8
    fix: bool = False  # apply the fixes and write the files (--fix)
    unsafe_fixes: bool = False  # unsafe fixes too (--unsafe-fixes)
    diff: bool = False  # show what --fix would change, change nothing (--diff)
    root: str = ""  # inputs are named relative to it (see discovery.Names); "": the working directory
    force_exclude: bool = False  # exclude globs and hidden paths apply to named paths (--force-exclude)
    skip_non_card_files: bool = False  # named files are passed over as searched ones are
    error_on_unmatched: bool = True  # a named directory with no file to read is an error
    stdin_filename: str | None = None  # standard input is checked as if it were this file
    output_file: str | None = None  # the report is written to this file (--output-file)
    verbose: bool = False  # say what the run used and came upon, on standard error (--verbose)
    zip_limits: ZipLimits = ZipLimits()  # how far a zip member may inflate (--max-member-size, -ratio)
    # set when each input is checked with the configuration nearest to it (no --config or
    # --no-config): what settles the options under another configuration file
    choices: Choices | None = None
    config: str | None = None  # the configuration file these options were settled with
    per_card_ignores: Mapping[str, Any] | None = None  # card -> codes, or glob -> {card -> codes}
    baseline: str | None = None  # findings known in it are not reported (--baseline)
    write_baseline: str | None = None  # write the findings to it as a baseline (--write-baseline)
    oracle: str | None = None  # the Oracle file each card is compared with (--oracle); None: none
    jobs: int | None = None  # processes checking inputs (--jobs); None: every CPU for a tree of many

    @property
    def rule_files(self) -> tuple[str, ...]:
        """The user's rule files, in order (none: ())."""
        files = self.rules_file
        return (files,) if isinstance(files, str) else tuple(files or ())


def config_for(config_file: str | None, no_config: bool, start: str | None = None) -> Config:
    """The configuration in force: the file named, none, or the one found from `start` (by
    default the working directory) up."""
    if no_config and config_file:
        raise UsageError("--config and --no-config exclude each other")
    if config_file == "":  # (an empty shell variable: not a run that quietly finds another)
        raise UsageError("--config '': give a file name")
    if no_config:
        return Config()
    if config_file:
        from pathlib import Path

        return load_config(Path(config_file))
    found = find_config(start or os.getcwd())
    return load_config(found) if found else Config()


def build_options(
    paths: tuple[str, ...], given: Mapping[str, Any], explicit: Iterable[str], config: Config
) -> Options:
    """`given` holds every option's value by its long name; `explicit` names those the user
    typed. A configured key fills in an option that was not typed; a configured value no
    run can take (an unknown edition, `column: 0`) is an error of the configuration file,
    which names it and the key."""
    try:
        return _built(paths, given, explicit, config)
    except UsageError as exc:
        if str(exc).startswith(f"{config.path}:"):
            raise  # (named already: a configured selector)
        blamed = _blamed(paths, given, explicit, config)
        if blamed is None:
            raise
        key, wrong = blamed
        raise ConfigError(f"{config.path}: key {key!r}: {wrong}") from None


def _blamed(
    paths: tuple[str, ...], given: Mapping[str, Any], explicit: Iterable[str], config: Config
) -> tuple[str, UsageError] | None:
    """The first configured key whose value the options can't take even alone with those
    typed, and what is wrong with it; None where no key is to blame so (a value typed on
    the command line, keys that are wrong only together, as `edition` and `as-of`). Tried
    only once a build failed: a build with no key, then with each key alone."""
    try:
        _built(paths, given, explicit, config._replace(values={}))
    except UsageError:
        return None  # (what was typed is wrong, whatever the file holds)
    for key, value in config.values.items():
        try:
            _built(paths, given, explicit, config._replace(values={key: value}))
        except UsageError as exc:
            return key, exc
    return None


def _built(
    paths: tuple[str, ...], given: Mapping[str, Any], explicit: Iterable[str], config: Config
) -> Options:
    typed = set(explicit)
    merged, _ = _merged(given, typed, config)
    root = find_root(os.getcwd(), os.environ)
    return Options(
        paths=paths,
        edition=_edition(merged),
        rules_file=tuple(merged.get("rules") or ()) or None,
        output_format=values.output_format(merged["format"], bool(merged.get("diff"))),
        output_file=values.output_file(merged.get("output-file")),
        quiet=bool(merged.get("quiet")),
        verbose=bool(merged.get("verbose")),
        color=values.color(merged.get("color")),
        fail_on=_fail_on(merged, typed, config),
        exit_zero=bool(merged.get("exit-zero")),
        statistics=bool(merged.get("statistics")),
        selection=_selection(merged, typed, config),
        **_reading(merged, typed, config),
        fix=bool(merged.get("fix")),
        unsafe_fixes=bool(merged.get("unsafe-fixes")),
        diff=bool(merged.get("diff")),
        root=root,
        **_finding(merged, config),
        config=str(config.path) if config.path else None,
        per_card_ignores=merged.get("per-card-ignores"),
        baseline=values.named(merged.get("baseline"), "baseline"),
        write_baseline=values.named(merged.get("write-baseline"), "write-baseline"),
        oracle=values.named(merged.get("oracle"), "oracle"),
        jobs=merged.get("jobs"),
    )


def _reading(merged: Mapping[str, Any], typed: set[str], config: Config) -> dict[str, Any]:
    """The options that say how inputs are read."""
    return {
        "input_format": merged.get("input-format") or AUTO,
        "stdin_filename": values.stdin_filename(merged.get("stdin-filename"), merged.get("input-format")),
        "column": values.column(merged.get("column")),
        "delimiter": values.delimiter(merged.get("delimiter"), _configured("delimiter", typed, config)),
        "key": values.named(merged.get("key"), "key"),
        "encoding": values.encoding(merged.get("encoding"), _configured("encoding", typed, config)),
        "zip_limits": values.zip_limits(merged.get("max-member-size"), merged.get("max-member-ratio")),
    }


def _finding(merged: Mapping[str, Any], config: Config) -> dict[str, Any]:
    """The options that say which files are read."""
    return {
        "files": FileFilter(
            include=tuple(merged.get("include") or DEFAULT_INCLUDE),
            exclude=tuple(merged.get("exclude") or ()),
            gitignore=merged.get("respect-gitignore", True) is not False,
            hidden=bool(merged.get("hidden")),
            base=str(config.root) if config.path else "",
        ),
        "force_exclude": _force_exclude(merged, config),
        "skip_non_card_files": bool(merged.get("skip-non-card-files")),
        "error_on_unmatched": merged.get("error-on-unmatched-pattern", True) is not False,
    }


def _merged(given: Mapping[str, Any], typed: set[str], config: Config) -> tuple[dict[str, Any], set[str]]:
    """Every option's value (typed, else configured, else its default) by its long name, and
    the keys whose value the configuration gave."""
    merged = dict(given)
    configured = set()
    for key, value in config.values.items():
        if key not in typed and not (key in _CHOOSERS and typed & set(_CHOOSERS)):
            merged[key] = _from_config(key, value, config)
            configured.add(key)
    return merged, configured


def describe(given: Mapping[str, Any], explicit: Iterable[str], config: Config) -> str:
    """The settings a run would use (`--show-settings`): the configuration file, then every
    option, as `key = value  # where from` (the command line, the configuration file, the
    default), sorted; values in TOML's notation, `(not set)` for an option left unset."""
    typed = set(explicit)
    merged, configured = _merged(given, typed, config)
    where = printable(shown(str(config.path))) if config.path else "none"
    rows = []
    for key in sorted(set(merged) | set(KEYS)):
        origin = "command line" if key in typed else where if key in configured else "default"
        rows.append((f"{key} = {_notation(merged.get(key))}", origin))
    width = max(len(setting) for setting, _ in rows)
    return f"# configuration: {where}\n" + "".join(f"{s.ljust(width)}  # {o}\n" for s, o in rows)


def _notation(value: Any) -> str:
    """A setting's value as TOML writes it (`"text"`, `true`, `["a", "b"]`, `{"glob" = [...]}`)."""
    import json  # only for --show-settings

    if value is None or value == ():
        return "(not set)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{json.dumps(k)} = {_notation(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_notation(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def _edition(merged: Mapping[str, Any]) -> str | None:
    """The edition asked for: by its date (or `newest`), or the one in force on the `as-of` date."""
    chosen = [f"--{key}" for key in _CHOOSERS if _chosen(merged.get(key))]
    if len(chosen) > 1:
        raise UsageError(f"{', '.join(chosen[:-1])} and {chosen[-1]} exclude each other")
    if merged.get("as-of") is not None:
        return edition_index().in_force(str(merged["as-of"]))
    edition = merged.get("edition")
    return None if edition is None else edition_index().resolve(str(edition), as_of=True)


def _force_exclude(merged: Mapping[str, Any], config: Config) -> bool:
    """--force-exclude. Without a configuration file it still leaves out hidden paths
    (`.github/`, `.pre-commit-config.yaml`), which the pre-commit hooks, which always give
    it, rely on; typed where it can leave nothing out at all (no configuration file, no
    exclude glob, hidden paths searched) it is a usage error: the user expects it to leave
    something out. A configuration that searches hidden paths and excludes nothing makes it
    do nothing, quietly (the hooks must run there too)."""
    if not merged.get("force-exclude"):
        return False
    idle = merged.get("hidden") and not any(glob.strip("/ ") for glob in merged.get("exclude") or ())
    if idle and config.path is None:
        raise UsageError(
            "--force-exclude with --hidden, no exclude glob and no configuration file leaves "
            "nothing out; give --exclude GLOB, or leave out --force-exclude"
        )
    return True


def stdin_folder(paths: tuple[str, ...], stdin_filename: str | None) -> str | None:
    """Where the configuration is looked for when standard input is checked as the file
    `stdin_filename` (as ruff does): in that file's folder (None: the working directory)."""
    if stdin_filename and (not paths or STDIN in paths):
        return os.path.dirname(os.path.abspath(stdin_filename))
    return None


def _configured(key: str, typed: set[str], config: Config) -> str | None:
    """Where the configuration gave `key`, as a message names it; None if it was typed or not
    configured."""
    if key in typed or key not in config.values:
        return None
    return f"{config.path}: key {key!r}"


def _chosen(value: Any) -> bool:
    """Whether a chooser was given: an empty --edition or --as-of is (and is an error to report,
    not the newest edition); no --rules is an empty list."""
    return value is not None and not (isinstance(value, tuple | list) and not value)


def _fail_on(merged: Mapping[str, Any], typed: set[str], config: Config) -> str:
    """--fail-on over --strict, typed over configured; strict means warning."""
    for source in (typed, set(config.values)):
        if "fail-on" in source:
            return str(merged["fail-on"])
        if "strict" in source:
            return "warning" if merged["strict"] else "error"
    return "error"


def _selection(merged: Mapping[str, Any], typed: set[str], config: Config) -> Selection:
    """The selection, with errors in configured selectors blamed on the configuration file."""
    for key in ("select", "extend-select", "ignore"):
        if key not in typed and key in config.values:
            expand(config.values[key], f"{config.path}: key {key!r}")
    return Selection.build(
        select=values.codes(merged.get("select"), "select"),
        extend_select=values.codes(merged.get("extend-select"), "extend-select") or (),
        ignore=values.codes(merged.get("ignore"), "ignore") or (),
        per_file_ignores=merged.get("per-file-ignores"),
        root=str(config.root) if config.path else None,
        where=f"{config.path}: key " if config.path else "",
    )


def _from_config(key: str, value: Any, config: Config) -> Any:
    if key == "rules":  # one path or a list, each relative to the configuration file
        return tuple(str(config.root / path) for path in ([value] if isinstance(value, str) else value))
    if key in ("output-file", "baseline", "oracle") and value != STDOUT:  # relative to the configuration too
        return str(config.root / value)
    return value
