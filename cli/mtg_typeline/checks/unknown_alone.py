"""The findings of a line that is plainly right but for one unknown subtype (a misspelling:
Creature — Elf Wizzard), without parsing it and running every check on it.

Such a line has one finding, TL302 on that word, and its message, rules and guess depend on
the word and the card types alone, not on the line's other words or its supertypes, as long
as the word is a plain capitalised word that no list holds and none of the line's words can
be a piece of an entry of several words (Time Lord, Assembly-Worker: the guesses read the
words around). So the finding is made once for the head and that word alone (a template),
and each line with the same card types and word gets the template's finding moved to its
place.

A template is made by TL302's own reading of its word where that word is one TL302 reports
and no other check can: a word no list holds in any case, no card type or supertype under
any name, neither renamed nor dropped by the rules. The other checks read the head, which is
plainly right (the fast path passes it with any of its subtypes), or the word as a listed or
type word, which it is not; so they are silent on the template, and the parse and the run of
every check are spared. Any other word gets the full checks of the template. Where the
template is anything but that one TL302 on the word, the line takes the full checks. The
tests hold all of this to the full checks, as they hold the fast path.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mtg_typeline.checks.base import REGISTRY, finding_of
from mtg_typeline.checks.subtype_guesses import Own, Said, own_lists, said_of, unknown_problem
from mtg_typeline.checks.subtype_history import is_dropped
from mtg_typeline.checks.subtypes import is_type_word
from mtg_typeline.findings import Finding, Fix, Span
from mtg_typeline.notation import CANONICAL_DASH, FACE_SEPARATOR, fold
from mtg_typeline.parser import TypeLine, Word
from mtg_typeline.ruleset import RuleSet, edition_dates
from mtg_typeline.ruleset.history import listed_words
from mtg_typeline.ruleset.unset_subtypes import unset_subtype

Findings = tuple[Finding, ...]
_PLAIN_WORD = re.compile(r"[A-Z][a-z]+")
_REMEMBERED = 16384  # templates kept (cleared when full)
_GAP = len(CANONICAL_DASH)
_UNKNOWN_SUBTYPE = REGISTRY["TL302"]  # (registered by its module, imported above)
_UNSEEN = Said("", None, None)  # (a word not asked about yet: compared by identity)
_UNMADE = ((), (), 0, None, None)  # (a placing not made yet: compared by identity)


class UnknownAlone:
    """Templates of the one-unknown-word lines of one rule set; `check_fully` is the truth."""

    def __init__(self, rules: RuleSet, check_fully: Callable[[str], Findings]) -> None:
        self.rules = rules
        self.check_fully = check_fully
        self.types: dict[str, frozenset[str]] = {}  # the card types of each head met
        self.pieces: dict[frozenset[str], frozenset[str]] = {}  # of the lists of card types
        self.placings: dict[tuple[frozenset[str], str], Placing | None] = {}  # of the templates in lines
        self.allowed_pieces: dict[frozenset[str], frozenset[str]] = {}  # allowed words that fold to a piece
        self.owns: dict[frozenset[str], Own] = {}  # what TL302 reads of the lists of card types
        self.said: dict[str, Said | None] = {}  # what it reads of each word (None: not its alone)
        self.dates: tuple[str, ...] | None = None  # every edition (read once: each word looks in the history)
        self.read: frozenset[str] | None = None  # the words (folded) the rule set reads (`_said`)
        self.listed: frozenset[str] | None = None  # the words (folded) any edition lists

    def findings(self, text: str, allowed: frozenset[str], tail: str, words: list[str]) -> Findings | None:
        """The findings of `text` if it is such a line, else None: its head is plainly right,
        with `allowed` the subtypes allowed after it, and a dash follows it (then `tail`,
        whose words are `words`)."""
        if not allowed or FACE_SEPARATOR in text:
            return None
        unknown = [w for w in words if w not in allowed]
        if len(unknown) != 1:
            return None
        word = unknown[0]
        head = text[: len(text) - len(tail) - _GAP]
        card_types = self._types_of(head)
        placing = self.placings.get((card_types, word), _UNMADE)
        if placing is None or not self._alone(words, tail, card_types, allowed):
            return None
        if placing is _UNMADE:
            placing = self._placing(head, word, card_types)
            if placing is None:
                return None
        index = words.index(word)  # (the one place of a word no list holds: no word is twice)
        start = len(text) - len(tail) + (len(" ".join(words[:index])) + 1 if index else 0)
        return (_placed(placing, text, start),)

    def _alone(
        self, words: list[str], tail: str, card_types: frozenset[str], allowed: frozenset[str]
    ) -> bool:
        """Whether the finding of the one word of `words` (the `tail` after the dash) that
        `allowed` lacks can't depend on the words around it: no word written twice (Urza's
        and Urza’s are one), none of the others a piece of an entry of several words of the
        lists of `card_types` (`_placing` tells of the word itself)."""
        if len(set(words)) != len(words):
            return False
        if "\u2019" in tail and len({w.replace("\u2019", "'") for w in words}) != len(words):
            return False
        pieces = self.allowed_pieces.get(card_types)
        if pieces is None:  # (the others are allowed words: those that fold to a piece, once)
            folded = self._pieces_of(card_types)
            pieces = frozenset(w for w in allowed if w.casefold() in folded)
            self.allowed_pieces[card_types] = pieces
        return pieces.isdisjoint(words)

    def _placing(self, head: str, word: str, card_types: frozenset[str]) -> Placing | None:
        """How the finding of `word` after a head of `card_types` is placed in a line, where
        it can't depend on the words around it: a plain capitalised word, not a piece of an
        entry of several words of their lists, whose template (`_template`) is TL302 on it
        alone; else None (the line takes the full checks)."""
        if len(self.placings) >= _REMEMBERED:
            self.placings.clear()
            self.said.clear()
        placing = None
        if _PLAIN_WORD.fullmatch(word) and word.casefold() not in self._pieces_of(card_types):
            template = self._template(head, word, card_types)
            if template is not None:
                placing = _placing_of(template)
        self.placings[(card_types, word)] = placing
        return placing

    def _pieces_of(self, card_types: frozenset[str]) -> frozenset[str]:
        pieces = self.pieces.get(card_types)
        if pieces is None:
            pieces = self.pieces[card_types] = _pieces(self.rules, card_types)
        return pieces

    def _types_of(self, head: str) -> frozenset[str]:
        """The card types of a plainly right head."""
        card_types = self.types.get(head)
        if card_types is None:
            if len(self.types) >= _REMEMBERED:
                self.types.clear()
            card_types = frozenset(w for w in head.split(" ") if w in self.rules.card_types)
            self.types[head] = card_types
        return card_types

    def _template(self, head: str, word: str, card_types: frozenset[str]) -> Finding | None:
        """The finding of the line `head` — `word` where it is TL302 on the word alone, else
        None (made once per card types and word: `_placing` keeps what it gives)."""
        text = head + CANONICAL_DASH + word
        start = len(head) + _GAP
        found = self._unknown_alone(text, Word(word, start, len(text)), card_types)
        if found is None:
            found = self.check_fully(text)
        alone = len(found) == 1 and _on_word(found[0], start, start + len(word))
        return found[0] if alone else None

    def _unknown_alone(self, text: str, word: Word, card_types: frozenset[str]) -> Findings | None:
        """The findings of the template `text`, ending in `word`, where TL302 alone can report
        it (see the module's docstring): TL302's; else None."""
        rules = self.rules
        said = self.said.get(word.text, _UNSEEN)
        if said is _UNSEEN:
            said = self.said[word.text] = self._said(word)
        if said is None:
            return None
        own = self.owns.get(card_types)
        if own is None:
            own = self.owns[card_types] = own_lists(rules.lists_for(card_types), rules)
        problem = unknown_problem(TypeLine(text, (), ()), (word,), 0, own.lists, rules, own, said)
        return (finding_of(_UNKNOWN_SUBTYPE, problem, text),)

    def _said(self, word: Word) -> Said | None:
        """What TL302 reads of `word` whatever the card types, where TL302 alone reports it
        (see the module's docstring); else None. A word that this rule set doesn't read (no
        entry, type or rename), that no edition lists, and that no rule file removed (most
        misspellings) is none of what the lookups of `said_fully` look for but an Un-set
        subtype: it is told by a lookup in each of those sets and the Un-set subtypes'.
        Each is read when those lookups would read it, not before (on a first run the
        Un-set subtypes' file is YAML, and from an editable install the lists' history)."""
        rules = self.rules
        if self.read is None:
            self.read = rules.words_read()
        key = fold(word.text)
        known = key in self.read
        if known and (rules.subtype_lists(word.text) or is_type_word(word, rules)):
            return None
        if self.dates is None:
            self.dates = edition_dates()
        if not known and not rules.provenance.removed:
            if self.listed is None:
                self.listed = listed_words(self.dates)
            if key not in self.listed:
                return Said("", None, unset_subtype(word.text))  # (as `said_of` reads it)
        return said_fully(word, rules, self.dates)


def said_fully(word: Word, rules: RuleSet, dates: tuple[str, ...]) -> Said | None:
    """`UnknownAlone._said` of `word` by every lookup (`dates`: every edition)."""
    if rules.subtype_lists(word.text) or is_type_word(word, rules):
        return None
    if rules.subtype_rename(word.text) or is_dropped(word.text, rules, dates):
        return None
    return said_of(word.text, rules, dates)


def _pieces(rules: RuleSet, card_types: frozenset[str]) -> frozenset[str]:
    """The words (folded) of the entries of several words, or of a hyphen, of the lists of
    `card_types`: a guess at a word next to one of them may read the two together."""
    return frozenset(
        piece.casefold()
        for sublist in rules.lists_for(card_types)
        for entry in sublist.entries
        if " " in entry or "-" in entry
        for piece in entry.replace("-", " ").split(" ")
    )


def _on_word(finding: Finding, start: int, end: int) -> bool:
    """Whether the template's one finding is TL302 on the word, its guess (if any) in its place."""
    fix = finding.fix
    return (
        finding.code == "TL302"
        and (finding.column, finding.end_column) == (start + 1, end + 1)
        and (fix is None or fix.span == Span(start, end))
        and (finding.suggestion is None or finding.suggestion.startswith(finding.type_line[:start]))
        and (finding.suggestion is None or finding.suggestion.endswith(finding.type_line[end:]))
    )


# How a template's finding is placed in a line (`_placing_of`): its fields before the type
# line and after the fix, the length of its word, the guess written in for it (None: none),
# and the fix's replacement and applicability (None: no fix).
Placing = tuple[tuple[object, ...], tuple[object, ...], int, "str | None", "tuple[str, str] | None"]


def _placing_of(template: Finding) -> Placing:
    """The `Placing` of a template's finding, its word last in its line."""
    column = template.column
    suggestion, fix = template.suggestion, template.fix
    guess = None if suggestion is None else suggestion[column - 1 :]
    fixed = None if fix is None else (fix.replacement, fix.applicability)
    return template[:_TYPE_LINE], template[_FIX + 1 :], template.end_column - column, guess, fixed


def _placed(placing: Placing, text: str, start: int) -> Finding:
    """The finding of a template (`placing`) for its word at `start` of `text`."""
    before, after, width, guess, fixed = placing
    end = start + width
    suggestion = None if guess is None else text[:start] + guess + text[end:]
    fix = None if fixed is None else _record(Fix, (_record(Span, (start, end)), *fixed, None))
    # (records made whole: their constructors, and `_replace`, take several times as long)
    return _record(Finding, (*before, text, start + 1, end + 1, suggestion, fix, *after))


_TYPE_LINE, _FIX = Finding._fields.index("type_line"), Finding._fields.index("fix")
_record = tuple.__new__
