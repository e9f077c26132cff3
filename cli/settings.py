"""Settling a `check` run's options: command-line values over the configuration file over
the defaults, then built into the frozen `Options` the engine takes."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from mtg_typeline.config import Config, ConfigError, find_config, load_config
from mtg_typeline.discovery import FileFilter
from mtg_typeline.engine import Options
from mtg_typeline.errors import UsageError
from mtg_typeline.selection import Selection, expand
from mtg_typeline.sources import AUTO as AUTO_INPUT
from mtg_typeline.sources import DEFAULT_INCLUDE, SourceSettings

AUTO = "auto"
_EXCLUSIVE = {"edition": "rules", "rules": "edition"}  # typing one drops the other's setting


def config_for(config_file: str | None, no_config: bool) -> Config:
    """The configuration in force: the file named, none, or the one found from here up."""
    if no_config and config_file:
        raise UsageError("--config and --no-config exclude each other")
    if no_config:
        return Config()
    if config_file:
        from pathlib import Path

        return load_config(Path(config_file))
    found = find_config(os.getcwd())
    return load_config(found) if found else Config()


def build_options(
    paths: tuple[str, ...], given: Mapping[str, Any], explicit: Iterable[str], config: Config
) -> Options:
    """`given` holds every option's value by its long name; `explicit` names those the user
    typed. A configured key fills in an option that was not typed."""
    typed = set(explicit)
    merged = dict(given)
    for key, value in config.values.items():
        if key not in typed and _EXCLUSIVE.get(key) not in typed:
            merged[key] = _from_config(key, value, config)
    if merged.get("edition") and merged.get("rules"):
        raise UsageError("--edition and --rules exclude each other")
    return Options(
        paths=paths,
        edition=merged.get("edition"),
        rules_file=merged.get("rules"),
        output_format=resolve_format(merged["format"]),
        quiet=bool(merged.get("quiet")),
        color=merged.get("color"),
        fail_on=_fail_on(merged, typed, config),
        exit_zero=bool(merged.get("exit-zero")),
        statistics=bool(merged.get("statistics")),
        selection=_selection(merged, typed, config),
        files=FileFilter(
            include=tuple(merged.get("include") or DEFAULT_INCLUDE),
            exclude=tuple(merged.get("exclude") or ()),
            gitignore=merged.get("respect-gitignore", True) is not False,
            hidden=bool(merged.get("hidden")),
        ),
        input_format=merged.get("input-format") or AUTO_INPUT,
        sources=SourceSettings(column=merged.get("column"), key=merged.get("key")),
    )


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
        select=_codes(merged.get("select")),
        extend_select=_codes(merged.get("extend-select")) or (),
        ignore=_codes(merged.get("ignore")) or (),
        per_file_ignores=merged.get("per-file-ignores"),
        root=str(config.root) if config.path else None,
        where=f"{config.path}: key " if config.path else "",
    )


def _from_config(key: str, value: Any, config: Config) -> Any:
    if key == "rules":
        return str(config.root / value)
    return value


def _codes(values: Iterable[str] | None) -> tuple[str, ...] | None:
    """Selectors from repeated options or a configured list, each maybe comma-separated.
    None when not given; an empty configured list selects nothing."""
    if values is None or (isinstance(values, tuple) and not values):
        return None
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())


def resolve_format(name: str) -> str:
    """`auto` is GitHub annotations inside GitHub Actions, text elsewhere."""
    if name != AUTO:
        return name
    return "github" if os.environ.get("GITHUB_ACTIONS") == "true" and _have("github") else "text"


def _have(name: str) -> bool:
    from mtg_typeline.reporters import REPORTERS

    return name in REPORTERS


__all__ = ["ConfigError", "build_options", "config_for", "resolve_format"]
