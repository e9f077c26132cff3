"""The filter stage: which of the checker's findings a run reports. It comes after the checks,
for every format; the checker's results (and its cache) know nothing of it.

- The selection: `--select`, `--extend-select`, `--ignore` and per-file ignores, each taking
  codes (`TL301`), code prefixes (`TL3`, `TL`) or names (`unknown-subtype`). Problems with
  the input itself (TL901, TL902, …) are always reported: a file that was not read can't be
  waved through.
- Inline suppressions: a `# typeline: ignore` comment silences every finding of the type
  lines on its line, `# typeline: ignore[TL301,TL302]` only those codes (names work too).
  Readers hand over the comment a type line's line ends with (`sources.base.Comment`): a
  text file's line, a YAML value's. One that silenced nothing is TL904 (off unless
  selected); where the comment is part of the line the fixer rewrites (a text file's),
  removing it is its fix.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING

from mtg_typeline.errors import UsageError
from mtg_typeline.findings import DEFAULT_OFF, INPUT_CODES, STDIN, UNUSED_SUPPRESSION, Finding, Fix, Span
from mtg_typeline.records import NamedTuple

if TYPE_CHECKING:
    from mtg_typeline.checks import Check
    from mtg_typeline.sources.base import Comment

ALL = "ALL"
_DIRECTIVE = re.compile(r"#\s*typeline:\s*ignore\b(?:\s*\[(?P<codes>[^\]]*)\])?(?![\w\[])", re.IGNORECASE)


def expand(selectors: Iterable[str], what: str = "--select") -> frozenset[str]:
    """The codes named by codes, prefixes, names or ALL; an unknown one is a usage error."""
    codes: set[str] = set()
    tokens = [part.strip() for selector in selectors for part in selector.split(",")]
    for token in filter(None, tokens):
        found = {c.code for c in _checks() if _matches(c.code, c.name, token)}
        if not found:
            hint = _registry().did_you_mean(token)
            raise UsageError(
                f"{what}: {token!r} is no code, code prefix or name (see `typeline codes`){hint}"
            )
        codes |= found
    return frozenset(codes)


def _checks() -> tuple[Check, ...]:
    """The registered checks."""
    checks: tuple[Check, ...] = _registry().CHECKS
    return checks


def _registry() -> ModuleType:
    """The checks' registry, loaded only when a selector or a directive names codes: a run
    that selects nothing and meets no directive never loads the checks (the checker loads
    them for a line that is not plainly right)."""
    from mtg_typeline import checks

    return checks


def _matches(code: str, name: str, token: str) -> bool:
    if token.upper() == ALL:
        return True
    return code.startswith(token.upper()) if token[:2].upper() == "TL" else name == token.lower()


class Selection(NamedTuple):
    """The codes reported (None: every code on by default), and per-file exceptions
    (glob -> codes ignored there)."""

    codes: frozenset[str] | None
    per_file: Mapping[str, frozenset[str]] = MappingProxyType({})
    root: str | None = None  # per-file globs are relative to this folder (the config's)

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
        base = expand(select) if select is not None else frozenset(c.code for c in _checks() if c.default)
        codes = (base | expand(extend_select, "--extend-select")) - expand(ignore, "--ignore")
        return cls(codes | INPUT_CODES, per_file, root)

    def keeps(self, finding: Finding, base: str = "") -> bool:
        """Whether the finding is reported; its path is relative to `base` (the run's root,
        see `discovery.Names`; "": the working directory)."""
        if finding.code in INPUT_CODES:
            return True
        if finding.code not in self.codes if self.codes is not None else finding.code in DEFAULT_OFF:
            return False
        ignored = [glob for glob, codes in self.per_file.items() if finding.code in codes]
        return not ignored or not self._matches_any(finding.path, ignored, base)

    def _matches_any(self, path: str, globs: list[str], base: str) -> bool:
        from mtg_typeline.discovery.globs import matches  # only for per-file ignores

        candidates = [path]
        if self.root and path != STDIN:
            candidates.append(os.path.relpath(os.path.join(base or os.getcwd(), path), self.root))
        return any(matches(c, glob) for c in candidates for glob in globs)


class Suppression(NamedTuple):
    """A directive on one line: the codes it names (empty: every code) and where it stands."""

    codes: frozenset[str] | None  # None: every code (no list given)
    start: int  # of the directive, 0-based in the line
    end: int
    whole: bool  # the comment is the directive and nothing else

    def covers(self, code: str) -> bool:
        """Whether the directive names `code` (or every code, or a prefix such as TL3)."""
        if self.codes is None or code in self.codes:
            return True
        return any(len(given) < len(code) and code.startswith(given) for given in self.codes)


@lru_cache(maxsize=1024)  # card data repeats its comments (the same directive on many values)
def find_suppression(comment: str, offset: int) -> Suppression | None:
    """The directive in `comment` (the line's text from its `#`, found at `offset`)."""
    match = _DIRECTIVE.search(comment)
    if match is None:
        return None
    listed = match.group("codes")
    codes = None
    if listed is not None:  # `ignore[]` names nothing, so it silences nothing
        names = [n.strip() for n in listed.split(",") if n.strip()]
        codes = frozenset((check.code if (check := _find_check(n)) else n.upper()) for n in names)
    whole = not comment[: match.start()].strip() and not comment[match.end() :].strip()
    return Suppression(codes, offset + match.start(), offset + match.end(), whole)


def _find_check(code_or_name: str) -> Check | None:
    found: Check | None = _registry().find_check(code_or_name)
    return found


def directive_of(comment: Comment) -> Suppression | None:
    """The directive in a comment a reader handed over."""
    return find_suppression(comment.text[comment.start :], comment.start)


def unused(suppression: Suppression, line: str, *, removable: bool = True) -> Finding:
    """TL904 for a directive that silences nothing on `line`; with a fix that removes it
    when it is the whole comment and `removable` (a text file's line: the fix is made on the
    line as the checks see it)."""
    start = suppression.start
    while start > 0 and line[start - 1] in " \t":
        start -= 1
    removal = Fix(Span(start, len(line)), "") if suppression.whole and removable else None
    what = "" if suppression.codes is None else f"[{', '.join(sorted(suppression.codes))}]"
    check = _find_check(UNUSED_SUPPRESSION[0])
    assert check is not None
    return Finding(
        code=check.code,
        name=check.name,
        severity=check.severity,
        message=f"the suppression '# typeline: ignore{what}' suppresses nothing on this line",
        rules=(),
        type_line=line,
        column=suppression.start + 1,
        end_column=suppression.end + 1,
        suggestion=line[:start] if removal else None,
        fix=removal,
    )


class Directives:
    """The suppressions in the comments of one input, each on its line: they silence the
    findings of every type line of their line (a YAML flow collection can put several on
    one), and one that silenced nothing on its line is TL904, told once all the input's
    lines are checked (`unused`)."""

    def __init__(self) -> None:
        # (path, line) -> the directive (None: a comment without one), whether it silenced
        # something, and the comment and card it was met with
        self.lines: dict[tuple[str, int], tuple[Suppression | None, bool, Comment, str | None]] = {}

    def filter(self, comment: Comment, findings: list[Finding], path: str, card: str | None) -> list[Finding]:
        """The `findings` of a value (placed at `path`) that the directive on its line leaves."""
        key = (path, comment.line)
        if key not in self.lines:
            self.lines[key] = (directive_of(comment), False, comment, card)
        directive, used, _, first_card = self.lines[key]
        if directive is None:
            return findings
        kept = [finding for finding in findings if not directive.covers(finding.code)]
        if len(kept) < len(findings) and not used:
            self.lines[key] = (directive, True, comment, first_card)
        return kept

    def unused(self) -> list[Finding]:
        """TL904 for each directive that silenced nothing, at the directive."""
        return [
            unused(directive, comment.text, removable=comment.removable)._replace(
                path=path, line=line, card=card
            )
            for (path, line), (directive, used, comment, card) in self.lines.items()
            if directive is not None and not used
        ]


class Filters:
    """The filter stage of one run: its selection, with the run's root (`base`: reported
    paths are relative to it), and the inline suppressions of each input."""

    def __init__(
        self, selection: Selection, base: str, silences: Callable[[Finding, str], bool] | None = None
    ) -> None:
        self.selection = selection
        self.base = base
        self.silences = silences  # per-card ignores (see `suppressions`), which apply after the rest
        plain = selection.codes is None and not selection.per_file and silences is None
        self.keeps: Callable[[Finding], bool] = self._keeps_all if plain else self._keeps

    def _keeps(self, finding: Finding) -> bool:
        if not self.selection.keeps(finding, self.base):
            return False
        return self.silences is None or finding.code in INPUT_CODES or not self.silences(finding, self.base)

    @staticmethod
    def _keeps_all(finding: Finding) -> bool:
        """The default selection without per-file ignores: every code on by default."""
        return finding.code not in DEFAULT_OFF

    def line(self, found: Sequence[Finding], where: str, comment: Comment | None) -> list[Finding]:
        """The findings of one type line (placed at `where`, as the fixer sees them) that the
        run reports: selected, less those its line's directive silences, with TL904 where
        that silenced nothing and removing it is a fix."""
        kept = [finding for finding in found if self.keeps(finding.at(where, 1))]
        directive = directive_of(comment) if comment is not None else None
        if directive is None:
            return kept
        left = [finding for finding in kept if not directive.covers(finding.code)]
        silenced = any(directive.covers(finding.code) for finding in found)
        if comment is not None and comment.removable and not silenced:
            tl904 = unused(directive, comment.text)
            left += [tl904] if self.keeps(tl904.at(where, 1)) else []
        return left
