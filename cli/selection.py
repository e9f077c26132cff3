"""Which findings are reported: `--select`, `--extend-select`, `--ignore`, per-file ignores.

Each takes codes (`TL301`), code prefixes (`TL3`, `TL`) or names (`unknown-subtype`).
Problems with the input itself (TL901, TL902) are always reported: a file that was not read
can't be waved through.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import PurePath

from mtg_typeline.checks import CHECKS
from mtg_typeline.checks.inputs import INPUT_CODES
from mtg_typeline.errors import UsageError
from mtg_typeline.findings import Finding

ALL = "ALL"


def expand(selectors: Iterable[str], what: str = "--select") -> frozenset[str]:
    """The codes named by codes, prefixes, names or ALL; an unknown one is a usage error."""
    codes: set[str] = set()
    for selector in selectors:
        token = selector.strip()
        found = {c.code for c in CHECKS if _matches(c.code, c.name, token)}
        if not found:
            raise UsageError(f"{what}: {token!r} is no code, code prefix or name (see `typeline codes`)")
        codes |= found
    return frozenset(codes)


def _matches(code: str, name: str, token: str) -> bool:
    if token.upper() == ALL:
        return True
    return code.startswith(token.upper()) if token[:2].upper() == "TL" else name == token.lower()


@dataclass(frozen=True)
class Selection:
    """The codes reported, and per-file exceptions (glob -> codes ignored there)."""

    codes: frozenset[str]
    per_file: Mapping[str, frozenset[str]] = field(default_factory=dict)

    @classmethod
    def build(
        cls,
        select: Iterable[str] | None = None,
        extend_select: Iterable[str] = (),
        ignore: Iterable[str] = (),
        per_file_ignores: Mapping[str, Iterable[str]] | None = None,
    ) -> Selection:
        base = expand(select) if select is not None else frozenset(c.code for c in CHECKS if c.default)
        codes = (base | expand(extend_select, "--extend-select")) - expand(ignore, "--ignore")
        per_file = {
            glob: expand(names, f"per-file-ignores[{glob!r}]")
            for glob, names in (per_file_ignores or {}).items()
        }
        return cls(codes | INPUT_CODES, per_file)

    def keeps(self, finding: Finding) -> bool:
        if finding.code in INPUT_CODES:
            return True
        if finding.code not in self.codes:
            return False
        return not any(finding.code in codes and _path_matches(finding.path, glob)
                       for glob, codes in self.per_file.items())  # fmt: skip


def _path_matches(path: str, glob: str) -> bool:
    """`glob` against the path as given, or as a tail of it (`*.txt`, `sets/old/*`)."""
    return fnmatch.fnmatch(path, glob) or PurePath(path).match(glob)
