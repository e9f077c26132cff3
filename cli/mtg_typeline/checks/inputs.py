"""TL9xx: problems with the input itself, found while reading rather than by a check."""

from __future__ import annotations

from mtg_typeline import findings
from mtg_typeline.checks.base import input_problem
from mtg_typeline.findings import Severity

UNREADABLE = input_problem(
    *findings.UNREADABLE,
    Severity.ERROR,
    """An input path that cannot be read.

    The path is missing, or the system refuses to open it. The finding names the path and
    the reason; the other inputs are still checked, and the exit status is 2.
    """,
)

NOT_TEXT = input_problem(
    *findings.NOT_TEXT,
    Severity.ERROR,
    """An input that is not UTF-8 text.

    A byte sequence that is not UTF-8, or a binary file (one holding NUL bytes). The first
    such place is reported with its line and column. In a text file with a few bad lines
    the other lines are still checked; a binary file is not read further. Exit status 2.
    The message names the encoding the bytes are likely in (Windows-1252, else Latin-1);
    `--encoding NAME` reads a text file or a table in it.
    """,
)

LINE_TOO_LONG = input_problem(
    *findings.LINE_TOO_LONG,
    Severity.ERROR,
    """A line far longer than any type line (over 1,000 characters).

    It is reported once and not checked word by word, so a stray data blob neither hangs
    the checker nor floods the screen. It counts as an error finding (exit status 1).
    """,
)

UNUSED_SUPPRESSION = input_problem(
    *findings.UNUSED_SUPPRESSION,
    Severity.WARNING,
    """A `# typeline: ignore` comment that suppresses nothing on its line.

    Reported only when selected (`--select TL904` or `--extend-select TL904`), like a
    linter's unused-noqa check: the comment outlived the mistake it silenced, or names a
    code that never occurs there. In a text file, removing the comment is a safe fix; in a
    YAML card file the comment stands beside the type-line value, and no fix is offered.
    An entry of `per-card-ignores` that silenced nothing in the run is reported too, at
    the configuration file, with no fix.
    """,
    default=False,
    fix="safe",
)

MALFORMED = input_problem(
    *findings.MALFORMED,
    Severity.ERROR,
    """An input that is not valid in its format (broken JSON, CSV, XML, YAML or zip).

    Broken JSON, bad CSV quoting, an XML or YAML error, a zip that can't be opened; also a
    file named as an input that holds no card data its reader knows. Reported once, at the
    place the parser stopped (line and column), with its message. Type lines read before
    that place are still checked, and so are the other inputs. Exit status 2.

    A named text file (or standard input) of 5 lines or more in which most lines hold no
    card type or supertype word, a draft log or notes, is one TL905 at line 1 that counts
    them ("this doesn't look like type lines: 12 of 13 lines hold no card type") instead of
    a finding for each line; `--input-format text` checks it line by line anyway.
    """,
)

CHANGED_ON_DISK = input_problem(
    *findings.CHANGED_ON_DISK,
    Severity.ERROR,
    """A file that changed on disk while `--fix` was working on it, so it was not written.

    Before a fixed file replaces the original, its size, modification time and contents
    are compared with what was read; when another program wrote it in between, the fixes
    are dropped rather than overwrite that program's work. So are they when another
    `typeline --fix` is writing the same file at that moment (it holds a lock on it): one
    run wins whole, the other says so. Run the fix again. Exit status 2.
    """,
)

WRITE_FAILED = input_problem(
    *findings.WRITE_FAILED,
    Severity.ERROR,
    """A fixed file that could not be written (no permission, a full disk).

    The original file is left as it was: the fixed text goes to a temporary file beside it
    that replaces it only once it is complete. A read-only file is not replaced, nor is a
    file in a folder where no file can be made. The finding names the file and the reason.
    Exit status 2.
    """,
)
