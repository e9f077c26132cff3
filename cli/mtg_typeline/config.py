"""Configuration files: `[tool.typeline]` in pyproject.toml, or `.typeline.yaml`.

The first one found from the working directory upward is used (`.typeline.yaml` before
`pyproject.toml` in the same directory; a pyproject.toml without `[tool.typeline]` is passed
over). Keys are the long option names of `typeline check`; options given on the command line
win. An unknown key or a bad value is an error naming the file and the key (exit status 2).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import date
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from mtg_typeline.display import AUTO, COLOR_WHEN
from mtg_typeline.errors import TypelineError
from mtg_typeline.records import NamedTuple
from mtg_typeline.reporters import FORMATS
from mtg_typeline.ruleset.editions import is_date, normal_date
from mtg_typeline.sources import FORMATS as INPUT_FORMATS
from mtg_typeline.sources import parse_size

if TYPE_CHECKING:
    from pathlib import Path

    from yaml.nodes import Node

YAML_NAME = ".typeline.yaml"
PYPROJECT = "pyproject.toml"
FAIL_ON = ("error", "warning", "info")

# key -> kind of value; keys are the long option names of `typeline check`
KEYS: dict[str, str] = {
    "edition": "string",
    "as-of": "date",
    "rules": "paths",
    "format": "format",
    "output-file": "string",
    "strict": "bool",
    "quiet": "bool",
    "color": "color",
    "select": "strings",
    "extend-select": "strings",
    "ignore": "strings",
    "fail-on": "fail-on",
    "exit-zero": "bool",
    "statistics": "bool",
    "per-file-ignores": "globs",
    "include": "strings",
    "exclude": "strings",
    "input-format": "input-format",
    "column": "string",
    "delimiter": "string",
    "key": "string",
    "encoding": "string",
    "respect-gitignore": "bool",
    "hidden": "bool",
    "force-exclude": "bool",
    "skip-non-card-files": "bool",
    "fix": "bool",
    "unsafe-fixes": "bool",
    "max-member-size": "size",
    "max-member-ratio": "count",
    "error-on-unmatched-pattern": "bool",
    "per-card-ignores": "cards",
    "baseline": "string",
    "oracle": "string",
    "jobs": "count",
}


class ConfigError(TypelineError):
    """A configuration file that can't be read or breaks the schema."""


class Config(NamedTuple):
    path: Path | None = None
    values: Mapping[str, Any] = MappingProxyType({})

    @property
    def root(self) -> Path:
        """The directory relative paths and globs in the file are read from."""
        from pathlib import Path

        return self.path.parent if self.path else Path.cwd()


def find_config(start: str | os.PathLike[str]) -> Path | None:
    """The configuration file that applies in `start`, looking upward."""
    # os.path, not pathlib: this runs on every start, and pathlib is slow to import
    folder = os.path.abspath(start)
    while True:
        found = config_here(folder)
        if found is not None:
            from pathlib import Path

            return Path(found)
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def config_here(folder: str) -> str | None:
    """The configuration file in `folder` itself (absolute), if it has one."""
    for name in (YAML_NAME, PYPROJECT):
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate) and (name == YAML_NAME or _has_tool_table(candidate)):
            return candidate
    return None


def _has_tool_table(path: str) -> bool:
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError:
        return False  # not ours to judge unless it is chosen with --config
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:  # (not TOML: ours, if it names the table, and loading it says so)
        return b"[tool.typeline" in data
    if not _may_name_the_table(text):
        return False  # most pyproject.toml files: no need to parse them
    import tomllib

    try:
        tool = tomllib.loads(text).get("tool")
    except (tomllib.TOMLDecodeError, ValueError):  # (ValueError: an integer of over 4,300 digits)
        return "[tool.typeline" in text  # ours but broken: loading it reports where
    return isinstance(tool, dict) and "typeline" in tool


def _may_name_the_table(text: str) -> bool:
    """Whether a TOML text may hold a key `typeline` (in `[tool.typeline]`, `tool.typeline =
    …`, `typeline = …` under `[tool]`, quoted or not): a word `typeline` that is not the end of a
    longer one, as the `mtg-typeline` a list of dependencies names. (Parsing the file costs a
    run a few milliseconds, loading the TOML parser most of them.)"""
    at = text.find("typeline")
    while at >= 0:
        before = text[at - 1] if at else " "
        if not (before.isalnum() or before in "_-"):
            return True
        at = text.find("typeline", at + 1)
    return False


def load_config(path: Path) -> Config:
    """Read and validate a configuration file (YAML, or TOML with `[tool.typeline]`)."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the configuration: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: the configuration is not UTF-8") from None
    if path.suffix == ".toml":
        return Config(path, _from_toml(path, text))
    return Config(path, _from_yaml(path, text))


def _from_toml(path: Path, text: str) -> dict[str, Any]:
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    except ValueError:  # (an integer of over 4,300 digits: Python's limit)
        raise ConfigError(f"{path}: not valid TOML: {_TOO_LONG}") from None
    tool = data.get("tool")
    table = tool.get("typeline") if isinstance(tool, dict) else None
    if table is None:
        raise ConfigError(f"{path}: has no [tool.typeline] table")
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.typeline] must be a table")
    return {key: _value(f"{path}: [tool.typeline]", key, value) for key, value in table.items()}


def _from_yaml(path: Path, text: str) -> dict[str, Any]:
    from mtg_typeline.yamlnodes import NodeReader

    reader = NodeReader(path, ConfigError)
    node = reader.compose_optional(text)
    if node is None:
        return {}  # empty, or comments only: no settings
    values = {}
    for key, (key_node, value_node) in reader.any_mapping(node, "the configuration").items():
        try:
            value = _construct(value_node)
        except ValueError:  # (an integer of over 4,300 digits: Python's limit)
            raise ConfigError(f"{reader.where(value_node)}: key {key!r}: {_TOO_LONG}") from None
        values[key] = _value(reader.where(key_node), key, value)
    return values


def _construct(node: Node) -> Any:
    import yaml

    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    finally:
        loader.dispose()


def _value(where: str, key: str, value: Any) -> Any:
    """`value` checked against the kind of `key`."""
    kind = KEYS.get(key)
    if kind is None:
        raise ConfigError(f"{where}: unknown key {key!r}{_key_hint(key)} (the keys are: {', '.join(KEYS)})")
    if key in ("edition", "as-of") and isinstance(value, date):
        value = value.isoformat()  # an unquoted date in YAML or TOML
    value = _as_given(kind, value)
    ok = {
        "string": isinstance(value, str) and bool(value),
        "date": isinstance(value, str) and is_date(value),
        "format": value in _formats(),
        "input-format": value in _input_formats(),
        "paths": (isinstance(value, str) and bool(value))
        or (isinstance(value, list) and bool(value) and all(isinstance(v, str) and v for v in value)),
        "bool": isinstance(value, bool),
        "strings": isinstance(value, list) and all(isinstance(v, str) for v in value),
        "fail-on": value in FAIL_ON,
        "size": isinstance(value, str | int) and parse_size(value) is not None,
        "count": isinstance(value, int) and not isinstance(value, bool) and value > 0,
        "color": isinstance(value, bool) or value in COLOR_WHEN,
        "globs": _globs(value),
        "cards": isinstance(value, dict)
        and all(isinstance(k, str) and k for k in value)
        and all(_codes(v) or (_globs(v) and bool(v)) for v in value.values()),
    }[kind]
    if not ok:
        raise ConfigError(f"{where}: key {key!r} must be {_describe(kind)}, not {_shown(value)}")
    if _holds_nul(value):  # (a path or name with a NUL character: no system takes one)
        raise ConfigError(f"{where}: key {key!r} holds a NUL character (\\0)")
    return value


def _holds_nul(value: Any) -> bool:
    """Whether a value of a known kind (strings, at most in lists in a mapping) holds a NUL."""
    if isinstance(value, str):
        return "\0" in value
    if isinstance(value, dict):
        return any(map(_holds_nul, value)) or any(map(_holds_nul, value.values()))
    return isinstance(value, list) and any(map(_holds_nul, value))


def _shown(value: Any) -> str:
    """`value` as a message shows it: its repr, cut short where it is long or deep (YAML
    aliases can make a value of a few bytes whose full repr would take gigabytes)."""
    import reprlib

    shown = reprlib.Repr()
    shown.maxlevel, shown.maxlist, shown.maxdict, shown.maxstring, shown.maxother = 2, 4, 4, 60, 60
    text = shown.repr(value)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


_SHOWN = 120  # the most characters of a value a message shows
_TOO_LONG = "a number too long to read (over 4,300 digits)"


def _as_given(kind: str, value: Any) -> Any:
    """`value` read as what the user means: a string where a list is expected is a list of
    one (`ignore = "TL101"`, in `per-file-ignores` too), a date of one-digit month or day is
    written with two (`as-of = "2024-6-1"`)."""
    if kind == "strings" and isinstance(value, str):
        return [value]
    if kind == "globs" and isinstance(value, dict):
        return {glob: [codes] if isinstance(codes, str) else codes for glob, codes in value.items()}
    if kind == "date" and isinstance(value, str):
        return normal_date(value)
    return value


def _key_hint(key: str) -> str:
    """ "; did you mean 'fail-on'?" for a key spelt with underscores or close to a key, or ''."""
    from mtg_typeline.spelling import close_matches  # only for a key that is wrong

    spelt = key.strip().lower().replace("_", "-")
    found = (spelt,) if spelt in KEYS else close_matches(spelt, tuple(KEYS), 1)
    return f"; did you mean {found[0]!r}?" if found else ""


def _codes(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(c, str) for c in value)


def _globs(value: Any) -> bool:
    """A mapping of strings to lists of codes (per-file ignores; a glob's per-card ignores)."""
    return isinstance(value, dict) and all(isinstance(k, str) and _codes(v) for k, v in value.items())


def _formats() -> tuple[str, ...]:
    return (*FORMATS, AUTO)


def _input_formats() -> tuple[str, ...]:
    return (AUTO, *INPUT_FORMATS)


def _describe(kind: str) -> str:
    return {
        "string": "a string",
        "date": "a date (YYYY-MM-DD)",
        "format": f"one of {', '.join(_formats())}",
        "input-format": f"one of {', '.join(_input_formats())}",
        "paths": "a path or a list of paths (strings)",
        "bool": "true or false",
        "strings": "a list of strings",
        "fail-on": f"one of {', '.join(FAIL_ON)}",
        "size": "a size: bytes, or a number with K, M or G (such as 64M)",
        "count": "a whole number over 0",
        "color": f"true, false or one of {', '.join(COLOR_WHEN)}",
        "globs": "a mapping of glob patterns to lists of codes",
        "cards": "a mapping of card names to lists of codes, or of glob patterns to such mappings",
    }[kind]
