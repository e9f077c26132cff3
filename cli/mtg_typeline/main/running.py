"""What `typeline check` does once its words are read, the same whoever read them: click's
command (`mtg_typeline.main.commands`) or the quick reading of common command lines
(`mtg_typeline.main.quick`). The user's choices are settled into frozen `Options`, what is
said before a run is said, the engine runs, and errors and interrupts become a one-line
message and an exit status.

It imports no click, and loads the options and the engine only when a run starts, so that
`explain` or `--help` never pays for them.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import os
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from mtg_typeline.display import printable
from mtg_typeline.errors import ExitStatus, TypelineError, UsageError
from mtg_typeline.findings import STDIN
from mtg_typeline.records import NamedTuple
from mtg_typeline.reporters import drop_output

if TYPE_CHECKING:
    from mtg_typeline.config import Config
    from mtg_typeline.options import Options

FAIL_ON = ("error", "warning", "info")  # the values of --fail-on
YOUNG = 10_000  # objects made between collections of the youngest generation, in a check
Say = Callable[[str], None]  # writes text to standard error as it is (lines end in "\n")


class Settings(NamedTuple):
    """How a run's options were settled: every option's value and those typed (by long
    name), the configuration, and whether --no-config said to read none."""

    values: Mapping[str, Any]
    typed: list[str]
    config: Config
    no_config: bool


def settle(
    paths: tuple[str, ...],
    config_file: str | None,
    no_config: bool,
    given: Mapping[str, Any],
    typed: list[str],
) -> tuple[Options, Settings]:
    """The run's options from the value of every option (`given`, by parameter name) and the
    names of those typed on the command line, with the configuration they lead to."""
    from mtg_typeline.options import Choices, build_options, config_for, stdin_folder

    values = {name.replace("_", "-"): value for name, value in given.items()}
    config = config_for(config_file, no_config, stdin_folder(paths, given["stdin_filename"]))
    explicit = [n.replace("_", "-") for n in typed]
    options = build_options(paths, values, explicit, config)
    if not (config_file or no_config):  # each input with the configuration nearest to it
        own = str(config.path) if config.path else None
        options = options._replace(choices=Choices(values, tuple(explicit), own))
    return options, Settings(values, explicit, config, no_config)


def announce(options: Options, settings: Settings, say: Say) -> None:
    """Warn of options that will do nothing in this run, and with --verbose say which
    configuration the run uses."""
    name = options.stdin_filename
    if name is not None and options.paths and STDIN not in options.paths:
        say(
            f"typeline: warning: --stdin-filename {printable(name)} is not used: standard input is "
            "not read (give - among the PATHS to read it)\n"
        )
    if options.verbose:
        from mtg_typeline.engine import verbose

        say(verbose.configuration(settings.config, settings.no_config))


def start(options: Options, paths: tuple[str, ...]) -> int:
    """Run the check: its exit status. A check is a run of its own, whose many short-lived
    records (lines, findings) are freed as they go by their reference counts, not by the
    cycle collector: the collector looks at young objects once `YOUNG` are made (rather
    than 700), which spares a run with many misspellings about a twentieth of its time. Not
    more: at 50,000 a big card file read a card at a time peaked 11 MiB higher. The
    collector is as it was once the check is done."""
    from mtg_typeline.engine import run
    from mtg_typeline.sources.inputs import standard_input

    stdin = standard_input()
    if not paths and stdin.isatty():
        raise UsageError("no input: give PATHS, or pipe type lines to standard input")
    was = gc.get_threshold()
    gc.set_threshold(YOUNG, *was[1:])
    try:
        return run(options, sys.stdout, sys.stderr, stdin)
    finally:
        gc.set_threshold(*was)


def guard(action: Callable[[], int], say: Say) -> int:
    """Run `action`, mapping our errors and Ctrl-C to a message and an exit status (the
    status stands where standard error can't take the message)."""
    say = _unfailing(say)
    try:
        return action()
    except TypelineError as exc:
        say(f"typeline: error: {printable(str(exc))}\n")
        return exc.status
    except KeyboardInterrupt:
        say("typeline: interrupted\n")
        return ExitStatus.INTERRUPTED
    except BrokenPipeError:
        drop_output(sys.stdout)
        return ExitStatus.OK
    except OSError as exc:
        return _os_error(exc, say)
    except Exception as exc:
        return _internal_error(exc, say)


def _os_error(exc: OSError, say: Say) -> int:
    """An OSError that reached the top: the output that can't be written (exit status 2,
    and the rest of it dropped, so that the exit doesn't fail on it again), else a bug."""
    if not output_failed(exc):
        return _internal_error(exc, say)
    say(f"typeline: error: cannot write the output: {exc.strerror or exc}\n")
    drop_output(sys.stdout)
    return ExitStatus.TROUBLE


def _internal_error(exc: Exception, say: Say) -> int:
    """A bug: said in one line, never as a traceback (but with TYPELINE_DEBUG=1); or the
    memory run out, reading a file that never ends (`--rules /dev/zero`) or is too large."""
    if isinstance(exc, MemoryError):
        say("typeline: error: out of memory (a file too large to read whole, or one that never ends?)\n")
        return ExitStatus.TROUBLE
    if os.environ.get("TYPELINE_DEBUG") == "1":
        raise exc
    say(f"typeline: internal error: {type(exc).__name__}: {printable(str(exc))}\n")
    say("typeline: set TYPELINE_DEBUG=1 to see where it happened\n")
    return ExitStatus.TROUBLE


# What a write to standard output or standard error fails with: a full disk or device
# (`> /dev/full`), a quota, a file grown too large, a device error, a stream closed (`>&-`)
_OUTPUT_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF})


def output_failed(exc: OSError) -> bool:
    """Whether `exc`, reaching the top of a command, is the failure of a write to standard
    output or error: what an input or a report file fails with names its file, or is
    reported where it happens."""
    return exc.filename is None and exc.errno in _OUTPUT_ERRORS


def _unfailing(say: Say) -> Say:
    """`say`, silent where standard error can't be written (closed, a full device)."""

    def said(text: str) -> None:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            say(text)

    return said
