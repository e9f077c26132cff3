"""The options' single values, each read and checked before any file is read: a usage
error names the option (or the configuration key) and what it wants."""

from __future__ import annotations

import os
from collections.abc import Iterable

from mtg_typeline.display import AUTO
from mtg_typeline.errors import UsageError
from mtg_typeline.findings import STDIN
from mtg_typeline.reporters import REPORTERS
from mtg_typeline.sources import EXTENSIONS, ZipLimits, named_for_a_reader, parse_size
from mtg_typeline.sources.encodings import codec_of

STDOUT = "-"  # standard output, as a report file name


def zip_limits(size: str | int | None, ratio: int | None) -> ZipLimits:
    """--max-member-size and --max-member-ratio (a size as `parse_size` reads it)."""
    if size is None:
        return ZipLimits(ratio=ratio or ZipLimits().ratio)
    if (parsed := parse_size(size)) is None:
        raise UsageError(f"--max-member-size {size}: give a size in bytes, or with K, M or G (64M)")
    return ZipLimits(parsed, ratio or ZipLimits().ratio)


def color(value: str | bool | None) -> bool | None:
    """--color (or the key `color`): always is True, never False, auto (the default) None,
    which the text output decides by where it goes (see `reporters.text.wants_color`)."""
    if value in (True, "always"):
        return True
    return False if value in (False, "never") else None


def stdin_filename(name: str | None, input_format: str | None) -> str | None:
    """--stdin-filename NAME: a name whose extension tells no reader the format is refused
    unless --input-format tells it (a `notes.docx` would otherwise be read as text)."""
    if name is None:
        return None
    if not name.strip() or name == STDIN:
        raise UsageError(f"--stdin-filename {name!r}: give the file name standard input is checked as")
    if (input_format or AUTO) == AUTO and not named_for_a_reader(name):
        ext = os.path.splitext(name)[1]
        known = ", ".join(EXTENSIONS)
        raise UsageError(
            f"--stdin-filename {name}: no reader takes {ext} files (they take {known}, MSE set and "
            "card … files, and names without an extension); give --input-format to say how to read it"
        )
    return name


def column(value: str | None) -> str | None:
    """The --column value: a column number must name a column (before any file is read)."""
    if value is not None and value.strip().isdecimal() and not value.strip().strip("0"):
        raise UsageError(f"--column {value.strip()}: column numbers start at 1")
    return value


# Names of the delimiters that are awkward to give on a command line
_DELIMITER_NAMES = {"tab": "\t", "\\t": "\t", "pipe": "|", "comma": ",", "semicolon": ";"}


def delimiter(value: str | None, where: str | None) -> str | None:
    """The --delimiter value: one character, or `tab` (`\\t`, `pipe`, `comma`, `semicolon`);
    not a quote, a line break or a letter or digit, which no table is delimited by."""
    if value is None:
        return None
    char = _DELIMITER_NAMES.get(value.lower(), value)
    if len(char) != 1 or char in '"\r\n' or char.isalnum():
        raise UsageError(
            f"{where or '--delimiter'}: {value!r} is not a delimiter; give one character such as "
            "',', ';', '|', or tab"
        )
    return char


def encoding(name: str | None, where: str | None) -> str | None:
    """The codec of --encoding NAME (before any file is read): a name Python knows as a text
    encoding, or a usage error (`where`: the configuration's key that gave it, if one did)."""
    if name is None:
        return None
    try:
        return codec_of(name)
    except LookupError:
        raise UsageError(
            f"{where or '--encoding'}: {name!r} is not an encoding Python knows for text; give one "
            "such as cp1252 (Windows-1252), latin-1, utf-16 or mac-roman"
        ) from None


def output_file(value: str | None) -> str | None:
    """The report file (--output-file); `-` is standard output, as with no file (to set
    aside a configured one)."""
    if value == "":
        raise UsageError("--output-file '': give a file name, or - for standard output")
    return None if value in (None, STDOUT) else value


def named(value: str | None, option: str) -> str | None:
    """The file or key an option names (`--baseline`, `--write-baseline`, `--oracle`,
    `--key`): given empty (an empty shell variable), a usage error rather than a run that
    quietly does without it; a baseline written to `-`, which reads as standard output,
    a usage error rather than a file named so."""
    if value == "":
        raise UsageError(f"--{option} '': give {'a key' if option == 'key' else 'a file name'}")
    if value == STDOUT and option == "write-baseline":  # (a file named `-` is `./-`)
        raise UsageError(
            "--write-baseline -: give a file name; a baseline is a file, read back with --baseline"
        )
    return value


def codes(values: Iterable[str] | None, option: str) -> tuple[str, ...] | None:
    """Selectors from repeated options or a configured list, each maybe comma-separated.
    None when not given; an empty configured list selects nothing, but an option given with
    nothing in it (`--select ""`, an empty shell variable) is a usage error, not a run that
    quietly checks nothing."""
    if values is None or (isinstance(values, tuple) and not values):
        return None
    codes = tuple(part.strip() for value in values for part in value.split(",") if part.strip())
    if not codes and isinstance(values, tuple):
        raise UsageError(f"--{option} {' '.join(repr(v) for v in values)}: give codes, prefixes or names")
    return codes


def output_format(name: str, diff: bool) -> str:
    """The format of the run: `auto` resolved; with --diff, `auto` is a diff to read (text)
    wherever the run is, GitHub Actions too."""
    return "text" if diff and name == AUTO else resolve_format(name)


def resolve_format(name: str) -> str:
    """`auto` is GitHub annotations inside GitHub Actions, text elsewhere."""
    if name != AUTO:
        return name
    return "github" if os.environ.get("GITHUB_ACTIONS") == "true" and "github" in REPORTERS else "text"
