"""Fingerprints of findings, as `--format gitlab` and `--format sarif` write them (see
`reporters.gitlab`): the SHA-256 of a finding's key (its path, code, words at fault and
card) and its occurrence among the findings of that key in the run, written as JSON."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from mtg_typeline.findings import Finding

Key = tuple[str, str, str, str | None]  # path, code, words at fault, card


class Occurrences:
    """The fingerprints of one key's findings, in order (`next`): what the hash reads
    before the occurrence is hashed once, then copied for each occurrence."""

    __slots__ = ("count", "head")

    def __init__(self, key: Key) -> None:
        # `fingerprint`'s data up to the occurrence: '["path", "TL304", …, '
        head = json.dumps(list(key), ensure_ascii=False)[:-1] + ", "
        self.head = hashlib.sha256(head.encode("utf-8", "surrogatepass"))
        self.count = 0

    def next(self) -> str:
        """The fingerprint of the key's next finding."""
        digest = self.head.copy()
        digest.update(b"%d]" % self.count)
        self.count += 1
        return digest.hexdigest()


def fingerprints(findings: Iterable[Finding]) -> list[str]:
    """A stable fingerprint per finding, in order: each the `fingerprint` of its key and
    occurrence."""
    seen: dict[Key, Occurrences] = {}
    return [occurrences_of(finding, seen).next() for finding in findings]


def occurrences_of(finding: Finding, seen: dict[Key, Occurrences]) -> Occurrences:
    """The occurrences of `finding`'s key among those `seen` in a run (made the first time)."""
    key = fingerprint_key(finding)
    occurrences = seen.get(key)
    if occurrences is None:
        occurrences = seen[key] = Occurrences(key)
    return occurrences


def fingerprint_key(finding: Finding) -> Key:
    """What identifies a finding across runs, bar its occurrence."""
    span = finding.span  # (`line_span`, read here at once: a key for each finding of a report)
    start, end = (finding.column - 1, finding.end_column - 1) if span is None else span
    return (finding.path, finding.code, finding.type_line[start:end], finding.card)


def fingerprint(key: Key, occurrence: int) -> str:
    # JSON keeps the parts apart whatever characters they hold
    data = json.dumps([*key, occurrence], ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8", "surrogatepass")).hexdigest()
