"""A text file of type lines as the `--fix` tests write and check it: one clean line, one
safely fixable warning and one error that stays.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import Result
from conftest import run_cli

SAMPLE = "Creature — Elf Warrior\nCreature - Elf\nCreature — Forest\n"
FIXED_SAMPLE = "Creature — Elf Warrior\nCreature — Elf\nCreature — Forest\n"
REMAINING = "cards.txt:3:12: TL304 [error] Forest is a land type (205.3i), but this object is not a land\n"


def check(*args: str, stdin: str | bytes | None = None) -> Result:
    return run_cli(["check", "--no-config", "--no-color", *args], stdin=stdin)


def temporaries(folder: Path = Path()) -> list[str]:
    """Temporary files `write_atomic` would leave beside its target."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))
