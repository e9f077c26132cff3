"""The exception hierarchy and the exit statuses.

Every problem that stops the tool before or outside the checks is a `TypelineError`;
the command-line boundary turns it into a one-line message and exit status 2.
"""

from __future__ import annotations

from enum import IntEnum


class ExitStatus(IntEnum):
    OK = 0
    FINDINGS = 1
    TROUBLE = 2
    INTERRUPTED = 130


class TypelineError(Exception):
    """Base of every error the tool reports itself (exit status 2)."""

    status = ExitStatus.TROUBLE


class UsageError(TypelineError):
    """The command line asks for something that does not exist."""


class RulesDataError(TypelineError):
    """A rule file is missing, unreadable or breaks the schema."""


class InputError(TypelineError):
    """An input could not be read at all."""
