"""Which findings are reported: `--select`, `--extend-select`, `--ignore`, per-file ignores.

Each takes codes (`TL301`), code prefixes (`TL3`, `TL`) or names (`unknown-subtype`).
Problems with the input itself (TL901, TL902) are always reported: a file that was not read
can't be waved through.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import NamedTuple

from mtg_typeline.discovery.globs import matches
from mtg_typeline.errors import UsageError
from mtg_typeline.findings import DEFAULT_OFF, INPUT_CODES, STDIN, Finding

ALL = "ALL"


def expand(selectors: Iterable[str], what: str = "--select") -> frozenset[str]:
    """The codes named by codes, prefixes, names or ALL; an unknown one is a usage error."""
    from mtg_typeline.checks import CHECKS  # only when something is selected by name or code

    codes: set[str] = set()
    tokens = [part.strip() for selector in selectors for part in selector.split(",")]
    for token in filter(None, tokens):
        found = {c.code for c in CHECKS if _matches(c.code, c.name, token)}
        if not found:
            raise UsageError(f"{what}: {token!r} is no code, code prefix or name (see `typeline codes`)")
        codes |= found
    return frozenset(codes)


def _matches(code: str, name: str, token: str) -> bool:
    if token.upper() == ALL:
        return True
    return code.startswith(token.upper()) if token[:2].upper() == "TL" else name == token.lower()


def _default_codes() -> frozenset[str]:
    from mtg_typeline.checks import CHECKS

    return frozenset(c.code for c in CHECKS if c.default)


class Selection(NamedTuple):
    """The codes reported (None: every code on by default), and per-file exceptions
    (glob -> codes ignored there)."""

    codes: frozenset[str] | None
    per_file: Mapping[str, frozenset[str]] = MappingProxyType({})
    root: str | None = None  # per-file globs are relative to this folder (the config's)
    base: str = ""  # finding paths are relative to this folder (see discovery.Names; "": here)

    @classmethod
    def build(
        cls,
        select: Iterable[str] | None = None,
        extend_select: Iterable[str] = (),
        ignore: Iterable[str] = (),
        per_file_ignores: Mapping[str, Iterable[str]] | None = None,
        root: str | None = None,
        where: str = "",
    ) -> Selection:
        """`where` prefixes errors about per-file ignores (the configuration file)."""
        per_file = {
            glob: expand(names, f"{where}per-file-ignores {glob!r}")
            for glob, names in (per_file_ignores or {}).items()
        }
        extend_select, ignore = tuple(extend_select), tuple(ignore)
        if select is None and not extend_select and not ignore:
            return cls(None, per_file, root)
        base = expand(select) if select is not None else _default_codes()
        codes = (base | expand(extend_select, "--extend-select")) - expand(ignore, "--ignore")
        return cls(codes | INPUT_CODES, per_file, root)

    def keeps(self, finding: Finding) -> bool:
        if finding.code in INPUT_CODES:
            return True
        if finding.code not in self.codes if self.codes is not None else finding.code in DEFAULT_OFF:
            return False
        ignored = [glob for glob, codes in self.per_file.items() if finding.code in codes]
        return not ignored or not self._matches_any(finding.path, ignored)

    def _matches_any(self, path: str, globs: list[str]) -> bool:
        candidates = [path]
        if self.root and path != STDIN:
            candidates.append(os.path.relpath(os.path.join(self.base or os.getcwd(), path), self.root))
        return any(matches(c, glob) for c in candidates for glob in globs)
