"""Silencing by card, for card data: `per-card-ignores` in the configuration, and the
baseline of known findings (`--baseline FILE`, written by `--write-baseline FILE`).

`per-card-ignores` maps a card's name to the codes not reported for it, in any file; or a
glob (matched as `per-file-ignores` globs are) to such a mapping, for the files it matches:

    per-card-ignores:
      Bounty: [TL302]              # a card of this name, in any file
      tokens.xml:                  # only in files that match the glob
        State: [unknown-subtype]

A list is a card's codes, a mapping a glob's cards (a card's name may hold `:` or `/`, so the
two are told apart by their value, not by their spelling). An entry that silenced nothing in
a run is TL904 (off unless selected, as for an unused `# typeline: ignore`), placed at the
configuration file.

The baseline is a JSON file of the findings a data file is known to have, each kept by its
file, its card (or, in a file of bare type lines, the type line) and its code, with a count:
never by line, so that cards added, moved or fixed elsewhere in the file don't undo it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from typing import Any

from mtg_typeline.atomicwrite import write_atomic
from mtg_typeline.discovery.globs import matches
from mtg_typeline.display import printable
from mtg_typeline.errors import UsageError
from mtg_typeline.filters import expand
from mtg_typeline.findings import INPUT_CODES, STDIN, UNUSED_SUPPRESSION, Finding, Severity

BASELINE_VERSION = 1

_Entry = tuple[str | None, str]  # (glob, or None for any file; the card's name)


class CardIgnores:
    """The `per-card-ignores` of one configuration (`where`: its file, for messages and the
    TL904 of an unused entry; `root`: its folder, which globs are read from)."""

    def __init__(self, entries: Mapping[str, Any], where: str, root: str | None) -> None:
        self.where = where
        self.root = root
        self.codes: dict[_Entry, frozenset[str]] = {}
        for key, value in entries.items():
            if isinstance(value, Mapping):
                for card, codes in value.items():
                    self.codes[(key, card)] = expand(codes, f"{where}: per-card-ignores {key!r} {card!r}")
            else:
                self.codes[(None, key)] = expand(value, f"{where}: per-card-ignores {key!r}")
        self.cards = {card for _, card in self.codes}
        self.used: set[_Entry] = set()

    def silences(self, finding: Finding, base: str) -> bool:
        """Whether an entry silences `finding` (its path relative to `base`, the run's root)."""
        card = finding.card
        if card is None or card not in self.cards:
            return False
        for entry in ((None, card), *((glob, c) for glob, c in self.codes if glob is not None and c == card)):
            codes = self.codes.get(entry)
            if codes is not None and finding.code in codes and self._in(finding.path, entry[0], base):
                self.used.add(entry)
                return True
        return False

    def _in(self, path: str, glob: str | None, base: str) -> bool:
        if glob is None:
            return True
        candidates = [path]
        if self.root and path != STDIN:
            candidates.append(os.path.relpath(os.path.join(base or os.getcwd(), path), self.root))
        return any(matches(candidate, glob) for candidate in candidates)

    def unused(self, name: str) -> list[Finding]:
        """TL904 for each entry that silenced nothing, placed at the configuration file
        (`name`: as the run names it)."""
        found = []
        for entry, codes in self.codes.items():
            if entry in self.used:
                continue
            glob, card = entry
            listed = ", ".join(sorted(codes))
            text = f"{card}: [{listed}]" if glob is None else f"{glob}: {{{card}: [{listed}]}}"
            scope = "the inputs checked" if glob is None else f"the files matching {glob!r}"
            message = (
                f"the per-card suppression of {card!r} [{listed}] suppresses nothing: no such "
                f"finding of a card of that name in {scope}"
            )
            found.append(_unused(name, text, message, card))
        return found


def _unused(path: str, text: str, message: str, card: str) -> Finding:
    code, name = UNUSED_SUPPRESSION
    finding = Finding(code, name, Severity.WARNING, message, (), text, 1, len(text) + 1)
    return finding.placed(path, 1, 1, 1, len(text) + 1, card)


class Baseline:
    """Known findings, by file, card (or type line) and code, with how many of each."""

    def __init__(self, counts: Mapping[tuple[str, str, str], int]) -> None:
        self.left = dict(counts)

    def absorbs(self, finding: Finding) -> bool:
        """Whether `finding` is one of the known ones (each known one absorbs one finding)."""
        key = baseline_key(finding)
        if self.left.get(key, 0) <= 0:
            return False
        self.left[key] -= 1
        return True


def baseline_key(finding: Finding) -> tuple[str, str, str]:
    """What keeps a finding in a baseline: its file, its card's name (else its type line:
    `line:` and the text) and its code."""
    held = f"card:{finding.card}" if finding.card is not None else f"line:{finding.type_line}"
    return (finding.path, held, finding.code)


def baseline_counts(findings: Sequence[Finding]) -> dict[tuple[str, str, str], int]:
    """How many findings of each baseline key."""
    counts: dict[tuple[str, str, str], int] = {}
    for finding in findings:
        key = baseline_key(finding)
        counts[key] = counts.get(key, 0) + 1
    return counts


def read_baseline(path: str) -> Baseline:
    """The baseline in the file at `path`; a file that can't be read or isn't one is a
    usage error naming it."""
    try:
        with open(path, encoding="utf-8") as stream:
            data = json.load(stream)
    except OSError as exc:
        raise UsageError(f"--baseline {printable(path)}: cannot read it: {exc.strerror or exc}") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise UsageError(f"--baseline {printable(path)}: not a baseline (not JSON: {exc})") from None
    counts = _counts(data)
    if counts is None:
        raise UsageError(
            f"--baseline {printable(path)}: not a baseline (write one with --write-baseline FILE)"
        )
    return Baseline(counts)


def _counts(data: Any) -> dict[tuple[str, str, str], int] | None:
    """The counts of a baseline's JSON, None if it isn't one."""
    if not isinstance(data, dict) or data.get("version") != BASELINE_VERSION:
        return None
    files = data.get("files")
    if not isinstance(files, dict):
        return None
    counts = {}
    for path, held in files.items():
        if not isinstance(held, dict):
            return None
        for where, codes in held.items():
            if not isinstance(codes, dict) or not all(isinstance(n, int) for n in codes.values()):
                return None
            counts.update({(path, where, code): number for code, number in codes.items()})
    return counts


def write_baseline(path: str, findings: Sequence[Finding]) -> int:
    """Write the baseline of `findings` (input problems aside: they are never known ones)
    to `path`, whole or not at all; the number of findings it holds."""
    kept = [finding for finding in findings if finding.code not in INPUT_CODES]
    files: dict[str, dict[str, dict[str, int]]] = {}
    for (file, where, code), number in sorted(baseline_counts(kept).items()):
        files.setdefault(file, {}).setdefault(where, {})[code] = number
    text = json.dumps({"version": BASELINE_VERSION, "files": files}, ensure_ascii=False, indent=2)
    write_atomic(path, (text + "\n").encode("utf-8"))
    return len(kept)
