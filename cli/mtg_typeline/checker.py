"""The checker, the stage between the readers and the filters: the findings of type lines,
from a fast path for lines that are certainly clean, the full parse and every check for the
rest, and the run's one bounded cache of results.

Real card data repeats itself (a million type lines hold a few thousand distinct ones) and
is almost all correct, so the checker first asks whether a line is plainly right: each face
split on its canonical dash, the words before it exactly a listed supertype or card type
(supertypes first, none twice), the words after it all in the lists of those card types.
Only lines that fail that test are parsed and checked in full, but for a line right save
one unknown word, whose finding comes from a template checked in full once for its card
types and that word (`checks.unknown_alone`). The full checks are the truth; the tests hold
the fast path and the templates to them (the fast path may only ever say "clean" when they
find nothing).

Results are remembered per distinct line (`check`, and `check_all` for the many lines a
reader gives at once): a line seen lately costs one dictionary lookup. What is remembered
is the checker's own result, before any filter; it holds for the line wherever it stands.
While lines don't repeat (every line new), remembering them would only cost: when the cache
fills without having paid for itself, lines are checked without it for a while.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from mtg_typeline.findings import LINE_TOO_LONG, STDIN, Finding, Severity
from mtg_typeline.notation import CANONICAL_DASH, FACE_SEPARATOR, TOKEN
from mtg_typeline.ruleset import RuleSet, load_rules
from mtg_typeline.ruleset.meaning import plain_combination

if TYPE_CHECKING:
    from mtg_typeline.checks.unknown_alone import UnknownAlone


MAX_LINE_CHARS = 1000
# Distinct lines (and runs of types) remembered; a cache is cleared when full. Real data
# holds a few thousand distinct type lines, so this keeps them all at a few MiB.
CACHE_SIZE = 16384
MAX_CACHED_CHARS = 512  # longer lines are not remembered (they are not type lines that repeat)
# The cache is kept while, over the lines that filled it, at least as many lines were looked
# up as `_PAYING` times the lines stored; otherwise storing pauses for `_PAUSE` lines.
_PAYING = 2
_PAUSE = 4 * CACHE_SIZE
Findings = tuple[Finding, ...]
_SHOWN_LINE = 100
_Heads = dict[str, frozenset[str] | None]
_Plain = dict[str, frozenset[str]]


class _Results(dict[str | None, Findings]):
    """The cache: a line's findings by its text. A line not in it is checked when looked up
    (`__missing__`), so that a batch of lines is looked up in one `map`."""

    __slots__ = ("checker",)

    def __init__(self, checker: Checker) -> None:
        super().__init__()
        self.checker = checker

    def __missing__(self, text: str | None) -> Findings:
        return self.checker.remember(text)


class Checker:
    """Checks type lines against one `RuleSet`; results of recent lines are remembered."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self._heads: _Heads = {}  # a run of types → the subtypes allowed after it
        self._plain = _plain_subtypes(rules)
        self._phrases = _phrases(rules)
        self._joined_heads: _Heads = {}  # the same, for lines with subtypes of several words
        self._joined = _plain_subtypes(rules, _JOIN)
        self._results = _Results(self)
        self._looked_up = 0  # lines looked up since the cache was last emptied
        self._paused = 0  # lines still to check without the cache
        self._alone: UnknownAlone | None = None

    def check(self, text: str) -> Findings:
        """Findings for one type line (path "-", line 1; see `Finding.at`), remembered."""
        if self._paused > 0:
            self._paused -= 1
            return self.evaluate(text)
        self._looked_up += 1
        return self._results[text]

    def check_all(self, texts: Sequence[str | None]) -> list[Findings]:
        """The findings of each of many type lines, in order (None, a line that holds no type
        line: none). The lines a reader gives at once: those seen lately cost a lookup each,
        made in one pass."""
        if self._paused > 0:
            self._paused -= len(texts)
            return self._evaluate_all(texts)
        self._looked_up += len(texts)
        results = self._results
        found = list(map(results.get, texts))
        if None not in found:  # (every line seen lately: the common case of real data)
            return found  # type: ignore[return-value]
        if found.count(None) == len(found):  # (no line seen lately: lines that don't repeat)
            return self._remember_all(texts)
        # the lines not seen lately, each checked once in one pass, then remembered in order
        missing = list(dict.fromkeys(t for t, f in zip(texts, found, strict=True) if f is None))
        checked = dict(zip(missing, self._evaluate_all(missing), strict=True))
        for text in missing:
            if text is not None:
                self._store(text, checked[text])
        return [checked[t] if f is None else f for t, f in zip(texts, found, strict=True)]

    def _remember_all(self, texts: Sequence[str | None]) -> list[Findings]:
        """The findings of lines none of which the cache holds, checked in one pass, then
        remembered: at once where they all fit in the cache as it is and may all be kept
        (a line twice in them is checked twice, at no harm), else one by one as `_store`
        keeps them."""
        found = self._evaluate_all(texts)
        results = self._results
        if (
            self._paused <= 0
            and len(results) + len(texts) < CACHE_SIZE
            and None not in texts
            and max(map(len, texts)) <= MAX_CACHED_CHARS  # type: ignore[arg-type]
        ):
            results.update(zip(texts, found, strict=True))
            return found
        for text, checked in zip(texts, found, strict=True):
            if text is not None:
                self._store(text, checked)
        return found

    def _evaluate_all(self, texts: Sequence[str | None]) -> list[Findings]:
        """`evaluate` of each line, without the cache: the inline test of `is_clean` made in
        this loop for a line whose head is known to be plain (the common case of lines that
        don't repeat), and where a word fails it, the rest of `evaluate` from there (a
        misspelt subtype: the line is not split again); `evaluate` called for the rest."""
        heads, evaluate = self._heads, self.evaluate
        found: list[Findings] = []
        for text in texts:
            if text is None:
                found.append(())
                continue
            head, dash, tail = text.partition(CANONICAL_DASH)
            allowed = heads.get(head)
            if allowed is not None and len(text) <= MAX_LINE_CHARS:
                if not dash:
                    found.append(())
                    continue
                words = tail.split(" ")
                if len(allowed.intersection(words)) != len(words):  # (`is_clean`'s test, then its findings)
                    clean = self._other_forms_clean(text)
                    found.append(() if clean else self._unknown(text, allowed, tail, words))
                    continue
                if "\u2019" not in tail:
                    found.append(())
                    continue
            found.append(evaluate(text))
        return found

    def remember(self, text: str | None) -> Findings:
        """The findings of a line not in the cache, stored there unless it is too long or
        the cache has not paid for itself (see the module's docstring)."""
        if text is None:
            return ()
        found = self.evaluate(text)
        self._store(text, found)
        return found

    def _store(self, text: str, found: Findings) -> None:
        """Keep the findings of a line just checked, unless it is too long or the cache has
        not paid for itself (see the module's docstring)."""
        if len(text) > MAX_CACHED_CHARS or self._paused > 0:
            return
        results = self._results
        if len(results) >= CACHE_SIZE:
            paying = self._looked_up >= _PAYING * CACHE_SIZE
            results.clear()
            self._looked_up = 0
            if not paying:
                self._paused = _PAUSE
                return
        results[text] = found

    def evaluate(self, text: str) -> Findings:
        """Findings for one type line, without the cache. A line too long to be a type line
        is told before the fast path, which would split it and remember its head."""
        if len(text) > MAX_LINE_CHARS:
            return (_too_long(text),)
        return () if self.is_clean(text) else self._not_clean(text)

    def _not_clean(self, text: str) -> Findings:
        """The findings of a line the fast path did not pass: a line right but for one
        unknown subtype from a template (`checks.unknown_alone`), any other from the checks."""
        head, dash, tail = text.partition(CANONICAL_DASH)
        allowed = self._heads.get(head)
        if allowed is None or not dash:
            return self.check_fully(text)
        return self._unknown(text, allowed, tail, tail.split(" "))

    def _unknown(self, text: str, allowed: frozenset[str], tail: str, words: list[str]) -> Findings:
        """The findings of a line the fast path did not pass whose head is plainly right,
        with `allowed` the subtypes allowed after it, and which has a dash: `tail` follows
        it, `words` are its words."""
        if self._alone is None:
            from mtg_typeline.checks.unknown_alone import UnknownAlone  # not on the fast path

            self._alone = UnknownAlone(self.rules, self.check_fully)
        found = self._alone.findings(text, allowed, tail, words)
        return self.check_fully(text) if found is None else found

    def is_clean(self, text: str) -> bool:
        """True only if the line is certainly free of findings (the fast path)."""
        head, dash, tail = text.partition(CANONICAL_DASH)  # one face: the common case, inline
        heads = self._heads
        allowed = heads.get(head)
        if allowed is None and (
            head in heads or (allowed := self._allowed_after(head, heads, self._plain)) is None
        ):
            return self._other_forms_clean(text)
        if dash:
            words = tail.split(" ")
            if len(allowed.intersection(words)) != len(words):  # one unknown, or one twice
                return self._other_forms_clean(text)
            if "\u2019" in tail and _has_duplicates(words, tail):  # Urza's and Urza’s
                return False
        return len(text) <= MAX_LINE_CHARS  # a face separator never gets this far

    def _other_forms_clean(self, text: str) -> bool:
        """The fast path for what the inline test leaves out: faces, the curly apostrophe,
        subtypes of several words (each joined into one word first)."""
        if _JOIN not in text:
            joined = text
            for phrase, word in self._phrases:
                if phrase in joined:
                    joined = joined.replace(phrase, word)
            if joined is not text:
                return self._faces_clean(joined, self._joined_heads, self._joined)
        if FACE_SEPARATOR in text or "\u2019" in text:
            return self._faces_clean(text, self._heads, self._plain)
        return False

    def _faces_clean(self, text: str, heads: _Heads, plain: _Plain) -> bool:
        for face in text.split(FACE_SEPARATOR):
            head, dash, tail = face.partition(CANONICAL_DASH)
            allowed = heads.get(head)
            if allowed is None and (
                head in heads or (allowed := self._allowed_after(head, heads, plain)) is None
            ):
                return False  # a head that is not plainly right
            if dash:
                words = tail.split(" ")
                if not allowed.issuperset(words):
                    return False
                if len(words) > 1 and _has_duplicates(words, tail):
                    return False
        return len(text) <= MAX_LINE_CHARS

    def _allowed_after(self, head: str, heads: _Heads, plain: _Plain) -> frozenset[str] | None:
        """Subtypes allowed after `head` if `head` is a plainly right run of types, else None."""
        if len(heads) >= CACHE_SIZE:
            heads.clear()
        allowed = heads[head] = _plain_head(head, self.rules, plain)
        return allowed

    def check_fully(self, text: str) -> tuple[Finding, ...]:
        """Parse the line and run every check on it."""
        if len(text) > MAX_LINE_CHARS:
            return (_too_long(text),)
        from mtg_typeline.checks import FACE_CHECKS, LINE_CHECKS  # not needed on the fast path
        from mtg_typeline.checks.base import finding_of
        from mtg_typeline.parser import parse

        line = parse(text, self.rules)
        found: list[Finding] = []
        for check in LINE_CHECKS:
            assert check.line_func is not None
            found.extend(finding_of(check, p, text) for p in check.line_func(line, self.rules))
        for face in line.faces:
            for check in FACE_CHECKS:
                assert check.face_func is not None
                problems = check.face_func(face, line, self.rules)
                found.extend(finding_of(check, p, text) for p in problems)
        return tuple(sorted(found, key=Finding.sort_key))


def _has_duplicates(words: list[str], tail: str) -> bool:
    if len(set(words)) != len(words):
        return True
    if "\u2019" in tail:  # Urza's and Urza’s are one word
        return len({w.replace("\u2019", "'") for w in words}) != len(words)
    return False


def _too_long(text: str) -> Finding:
    return Finding(
        code=LINE_TOO_LONG[0],
        name=LINE_TOO_LONG[1],
        severity=Severity.ERROR,
        message=f"a line of {len(text):,} characters is not a type line (the limit is "
        f"{MAX_LINE_CHARS:,}); it was not checked",
        rules=(),
        type_line=text[:_SHOWN_LINE] + "\u2026",
        column=1,
        end_column=len(text) + 1,
    )


# Stands for the space inside a listed subtype of several words on the fast path (a line
# that holds it already takes the slow path).
_JOIN = "\x1f"


def _phrases(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    """Each listed subtype of several words (Time Lord), with its one-word form."""
    entries = {e for s in rules.lists if not s.whole for e in s.entries if " " in e}
    entries |= {e.replace("\u2019", "'") for e in entries}
    return tuple((e, e.replace(" ", _JOIN)) for e in sorted(entries, key=len, reverse=True))


def _plain_subtypes(rules: RuleSet, join: str = "") -> _Plain:
    """For each card type, its one-word subtypes exactly as listed (either apostrophe); with
    `join`, also those of several words, joined by it into one."""
    plain: dict[str, set[str]] = {t: set() for t in rules.card_types}
    for sublist in rules.lists:
        if sublist.whole:
            continue
        words = {e.replace(" ", join) for e in sublist.entries if join or " " not in e}
        words |= {e.replace("\u2019", "'") for e in words}
        for card_type in sublist.card_types:
            plain[card_type] |= words
    return {t: frozenset(w) for t, w in plain.items()}


def _plain_head(head: str, rules: RuleSet, plain: _Plain) -> frozenset[str] | None:
    words = head.split(" ")
    if words[0] == TOKEN:
        words = words[1:]
    types: list[str] = []
    seen_type = False
    for word in words:
        if word in rules.card_types:
            types.append(word)
            seen_type = True
        elif seen_type or word not in rules.supertypes:
            return None
    if not seen_type or len(set(words)) != len(words):
        return None
    card_types = frozenset(types)
    if any(s.whole for s in rules.lists_for(card_types)):
        return None
    if not plain_combination(words[: len(words) - len(types)], card_types, rules):
        return None  # the types are listed, but do not go together (checks.combinations)
    return frozenset().union(*(plain[t] for t in types))


def check_line(text: str, rules: RuleSet | None = None) -> list[Finding]:
    """Findings for one type line under `rules` (default: the newest shipped edition)."""
    return list(Checker(rules or load_rules()).check(text))


def check_lines(lines: Iterable[str], rules: RuleSet | None = None) -> Iterator[Finding]:
    """Findings for many type lines, each placed at its 1-based position in `lines`."""
    checker = Checker(rules or load_rules())
    for number, text in enumerate(lines, 1):
        for finding in checker.check(text.rstrip("\r\n")):
            yield finding.at(STDIN, number)
