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

import sys


def entry_point() -> None:
    """The `typeline` console script."""
    from mtg_typeline.main.quick import quick_run

    status = quick_run(sys.argv[1:])
    if status is not None:
        sys.exit(status)
    from mtg_typeline.main.commands import cli

    cli.main(prog_name="typeline")


if __name__ == "__main__":  # pragma: no cover
    entry_point()
