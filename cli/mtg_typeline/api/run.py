"""`check_text`, `check_path` and `load_config`: a check of one input through the command
line's own engine, its findings handed out as the API's records.

A call settles its options as `typeline check` does (`options.build_options`, with the
configuration given, or none), then runs the engine's check of one input
(`engine.findings_of`): a text as standard input named `path` (`--stdin-filename`), a path as
a path. Nothing is printed: what the command line would say on standard error is kept as the
report's warnings. Fixing (`Report.fixed_bytes`) runs the engine's `--fix` on the input's
bytes as standard input, whose fixed text it writes to standard output: here a buffer.

Calls share what is immutable (the rule sets loaded, each loaded once per process) and keep
no state between them but one checker per rule set and thread (its cache of results, which
a checker changes as it checks, is never shared between threads).
"""

from __future__ import annotations

import io
import os
import threading
from collections.abc import Callable
from types import MappingProxyType
from typing import BinaryIO

from mtg_typeline import config as configs
from mtg_typeline.api.convert import NO_TEXT, Coordinates, TextOf, public
from mtg_typeline.api.model import Report
from mtg_typeline.checker import Checker
from mtg_typeline.config import Config, find_config
from mtg_typeline.discovery import Names
from mtg_typeline.display import AUTO
from mtg_typeline.engine import exit_status, findings_of, run, say_rule_notes
from mtg_typeline.engine.scopes import CheckerOf
from mtg_typeline.errors import UsageError
from mtg_typeline.findings import STDIN
from mtg_typeline.options import Options, build_options
from mtg_typeline.options.defaults import CHECK_DEFAULTS
from mtg_typeline.ruleset import RuleSet, load_rules
from mtg_typeline.sources import FORMATS

# Every option of `typeline check` as the command line has it when not typed (by long name)
DEFAULTS = MappingProxyType(
    {name.replace("_", "-"): value for name, value in CHECK_DEFAULTS.items()} | {"format": "json"}
)
_ZIP = b"PK\x03\x04"  # a zipped Magic Set Editor set: no text to place edits in
_CHECKERS_KEPT = 8  # rule sets a thread keeps a checker for (user rule files load anew per call)
_local = threading.local()


def load_config(directory: str | os.PathLike[str] = ".") -> Config:
    """The configuration `typeline check` uses for a file in `directory`: the nearest
    `.typeline.yaml`, or `pyproject.toml` with `[tool.typeline]`, from there upward (an
    empty `Config` where there is none). Raises `ConfigError` for a file that breaks the
    schema, as the command line stops with exit status 2."""
    found = find_config(directory)
    return configs.load_config(found) if found is not None else Config()


def check_text(
    text: str | bytes,
    *,
    path: str | os.PathLike[str] | None = None,
    input_format: str | None = None,
    rules: RuleSet | None = None,
    config: Config | None = None,
) -> Report:
    """Check `text` (a file's contents: type lines, or card data in any format the command
    line reads) as `typeline check --stdin-filename PATH -` does: `path` names it (its format
    is told by its name and content, per-file ignores match it; None: standard input),
    `input_format` says its format instead (`--input-format`), `rules` is the rule set
    (default: the configuration's choice, else the newest shipped edition), `config` the
    configuration (`load_config`; default: none, as `--no-config`)."""
    data = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text
    name = None if path is None else os.fspath(path)
    options = _options((STDIN,), config, input_format, name)
    return _check(options, io.BytesIO(data), data, name, rules)


def check_path(
    path: str | os.PathLike[str],
    *,
    input_format: str | None = None,
    rules: RuleSet | None = None,
    config: Config | None = None,
) -> Report:
    """Check the file (or unzipped Magic Set Editor set folder) at `path` as `typeline check
    PATH` does; the keywords as for `check_text`. A file that can't be read is a finding
    (TL901), as on the command line."""
    name = os.fspath(path)
    options = _options((name,), config, input_format, None)
    data = _read(name)
    return _check(options, io.BytesIO(), data, name, rules)


def _read(path: str) -> bytes | None:
    """The bytes of the file at `path`, to place findings and fix in; None when it is no
    file that can be read (the check says why)."""
    try:
        with open(path, "rb") as stream:
            return stream.read()
    except OSError:
        return None


def _options(
    paths: tuple[str, ...], config: Config | None, input_format: str | None, name: str | None
) -> Options:
    """The options of a check of `paths`, settled as the command line settles them."""
    if input_format is not None and input_format not in (AUTO, *FORMATS):
        raise UsageError(f"input_format {input_format!r}: give one of {', '.join((AUTO, *FORMATS))}")
    given = dict(DEFAULTS, **{"input-format": input_format or AUTO, "stdin-filename": name})
    typed = [key for key, value in (("input-format", input_format), ("stdin-filename", name)) if value]
    options = build_options(paths, given, typed, config or Config())
    # the report is the caller's: nothing is written, said or asked about the run's output;
    # and no worker processes are forked from the caller's process (it may have threads)
    return options._replace(output_file=None, statistics=False, write_baseline=None, verbose=False, jobs=1)


def _check(
    options: Options, stdin: BinaryIO, data: bytes | None, path: str | None, rules: RuleSet | None
) -> Report:
    """Check the one input of `options` (standard input read from `stdin`); `data`: its
    bytes, where they are known; `path`: the path given."""
    err = io.StringIO()
    checker_of = _checker_of(rules)
    found, used, tally = findings_of(options, err, stdin, checker_of)
    notes = io.StringIO()
    say_rule_notes(used, notes)
    names = Names(options.root or os.getcwd())
    own = names.name(path) if path is not None else STDIN
    text_of = _texts(names, own, data, options.encoding)
    return Report(
        path=path,
        findings=tuple(public(finding, text_of) for finding in found),
        type_lines=tally.lines,
        no_type_line=tally.no_type_line,
        not_cards=tally.not_cards,
        not_in_oracle=tally.not_in_oracle,
        warnings=tuple((notes.getvalue() + err.getvalue()).splitlines()),
        exit_status=int(exit_status(found, options.fail_on, exit_zero=options.exit_zero)),
        _fixed=_fixer(options, data, path, checker_of),
    )


def _texts(names: Names, own: str, data: bytes | None, codec: str | None) -> TextOf:
    """The coordinates of each file findings are in, by name: the input's from its bytes,
    another's (a card file of a set folder) read when first asked for."""
    known: dict[str, Coordinates] = {}

    def text_of(name: str) -> Coordinates:
        if name not in known:
            bytes_ = data if name == own else _read(names.on_disk(name)) if name != STDIN else None
            known[name] = _coordinates(bytes_, codec)
        return known[name]

    return text_of


def _coordinates(data: bytes | None, codec: str | None) -> Coordinates:
    if data is None or data.startswith(_ZIP):
        return NO_TEXT
    if codec is not None:
        return Coordinates(data.decode(codec, "replace"))
    return Coordinates.of_bytes(data)


def _fixer(
    options: Options, data: bytes | None, path: str | None, checker_of: CheckerOf
) -> Callable[[bool], bytes]:
    """What `Report.fixed_bytes` calls: the engine's `--fix` of the input's bytes as
    standard input, whose fixed text goes, whole, to a buffer."""

    def fixed(unsafe: bool) -> bytes:
        if data is None:
            raise UsageError(f"{path}: no file to fix (a set folder is fixed file by file, with --fix)")
        fixing = options._replace(
            paths=(STDIN,), stdin_filename=path, fix=True, unsafe_fixes=unsafe, diff=False,
            output_format="json", quiet=True, baseline=None,
        )  # fmt: skip
        out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
        run(fixing, out, io.StringIO(), io.BytesIO(data), checker_of)
        out.flush()
        buffer = out.buffer
        assert isinstance(buffer, io.BytesIO)
        return buffer.getvalue()

    return fixed


def _checker_of(rules: RuleSet | None) -> CheckerOf:
    """The rules and checker of a configuration's options: `rules` when given, else those
    the options choose; the checker this thread keeps for them."""

    def checker_of(options: Options) -> tuple[RuleSet, Checker]:
        chosen = rules if rules is not None else load_rules(options.edition, options.rules_file)
        return chosen, _checker(chosen)

    return checker_of


def _checker(rules: RuleSet) -> Checker:
    """This thread's checker of `rules` (a checker's cache changes as it checks)."""
    kept: dict[int, tuple[RuleSet, Checker]] | None = getattr(_local, "checkers", None)
    if kept is None:
        kept = _local.checkers = {}
    known = kept.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    if len(kept) >= _CHECKERS_KEPT:
        kept.clear()
    kept[id(rules)] = (rules, Checker(rules))
    return kept[id(rules)][1]
