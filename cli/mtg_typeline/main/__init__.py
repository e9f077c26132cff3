"""The command line, the first stage: `typeline check`, `explain`, `codes`, `server`,
`rules list|show|diff|import`, `lookup`.

The console script reads its words in one of two ways. The command lines that pre-commit,
CI and editors give, `check` with files and a few options, are read by
`mtg_typeline.main.quick` without click, whose import costs about as much as the rest of a
one-line run; every other command line (help, completion, other commands, an option that
`quick` leaves to click) is read by click, in `mtg_typeline.main.commands` and the modules
beside it (`check`, `common`, `complete`, `rules`), the only modules that import click. Both
hand the words they read to `mtg_typeline.main.running`, so that a run is the same whoever
read them.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from typing import Any


def console_script() -> None:
    """The `typeline` console script (and `python -m mtg_typeline`): `entry_point`, but a
    check read without click ends with an exit that doesn't free the run's objects one by
    one, as the interpreter's own exit does (a few milliseconds of a one-line run, tens of a
    run with many findings): its output is written out first, and the exit status is the
    same. Every other command, and a check whose output can't be written out, exits as the
    interpreter does."""
    _standard_streams()
    status = _quick()
    if status is None:
        _by_click()
        return
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        sys.exit(status)  # (the interpreter's own exit: it tells what can't be written)
    os._exit(status)


def entry_point() -> None:
    """The command line, ending with `SystemExit` as a click program does (the tests' way in)."""
    _standard_streams()
    status = _quick()
    if status is not None:
        sys.exit(status)
    _by_click()


def _quick() -> int | None:
    """A check read without click: its exit status; None for words click must read."""
    from mtg_typeline.main.quick import quick_run

    return quick_run(sys.argv[1:])


def _by_click() -> None:
    """The command line read by click; an error click lets through (its help or version
    that can't be written) is said as a command's is (`running.guard`)."""
    from mtg_typeline.main.commands import cli
    from mtg_typeline.main.quick import say
    from mtg_typeline.main.running import guard

    sys.exit(guard(lambda: cli.main(prog_name="typeline") or 0, say))


_UTF8 = ("utf-8", "utf8")


def _standard_streams() -> None:
    """Standard output and error where the process was started without them (`>&-`):
    streams whose first write fails as a closed one's does (EBADF), so that a command that
    writes there says so (exit status 2) rather than failing on the missing stream; what
    follows is dropped, as the rest of an output that failed is (`reporters.drop_output`),
    so that the exit doesn't fail on it again."""
    out = sys.stdout
    if isinstance(out, io.TextIOWrapper) and out.errors == "strict" and out.encoding.lower() not in _UTF8:
        # (an encoding that may lack a character of the output: `—` under PYTHONIOENCODING=ascii
        # or a legacy console's code page, written escaped, as standard error writes it)
        with contextlib.suppress(ValueError):
            out.reconfigure(errors="backslashreplace")
    if out is not None and sys.stderr is not None:
        return

    class Closed(io.RawIOBase):
        failed = False

        def writable(self) -> bool:
            return True

        def write(self, data: Any) -> int:
            if self.failed:
                return len(data)
            self.failed = True
            raise OSError(errno.EBADF, os.strerror(errno.EBADF))

    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, io.TextIOWrapper(io.BufferedWriter(Closed()), encoding="utf-8"))


if __name__ == "__main__":  # pragma: no cover
    entry_point()
