"""Finding a word in an edition's lists, and CR 205.3e: may a player choose it as a subtype?

Used by `mtg_typeline.lookup.word`. The rule a choice cites is the edition's own, as its rule
file cites it (`choose-subtype`): 204.3d before the 2011-09-30 edition, 205.3e since.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from mtg_typeline.errors import UsageError
from mtg_typeline.lookup.show import Category, categories, join
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset.model import Rename, RuleSet
from mtg_typeline.spelling import close_matches

MAX_PARTS = 12  # words of a phrase split into types; longer text is no type line's subtypes
_COUNTS = {2: "two", 3: "three", 4: "four"}


class Found(NamedTuple):
    """A list holding the word, the entry as the list spells it, and the custom rule file
    that added it there (None: the edition has it)."""

    category: Category
    entry: str
    added_by: str | None = None


class Part(NamedTuple):
    """A piece of a phrase of several types ("Merfolk", "Time Lord"), and where it is listed."""

    text: str
    found: tuple[Found, ...]


class Choice(NamedTuple):
    """The answer to `--as TYPE`: may the word be chosen as a subtype of the card type?"""

    card_type: str
    asked: str  # "a creature type", or "a subtype of Conspiracy" when the type has no list
    allowed: bool
    reason: str
    rule: str
    lists: tuple[Category, ...]

    def data(self) -> dict[str, Any]:
        return {
            "card_type": self.card_type,
            "allowed": self.allowed,
            "rule": self.rule,
            "categories": [c.key for c in self.lists],
            "reason": self.reason,
        }


@cache
def _categories(rules: RuleSet) -> dict[str, Category]:
    return {c.key: c for c in categories(rules)}


def found_in(rules: RuleSet, word: str) -> tuple[Found, ...]:
    """Every list of the edition holding `word` (any case, either apostrophe, spaces as one),
    in the order of `categories`; through the rule set's own indexes, so it is cheap enough to
    ask of every shipped edition."""
    text = " ".join(word.split())
    have = _categories(rules)
    found: list[Found] = []
    card_type = rules.card_type(text)
    if card_type:
        found.append(Found(have["card_types"], card_type))
    supertype = rules.supertype(text)
    if supertype:
        found.append(Found(have["supertypes"], supertype))
    found += (Found(have[s.key], entry) for s, entry in rules.subtype_lists(text))
    if card_type in rules.no_subtypes and "no_subtypes" in have:
        found.append(Found(have["no_subtypes"], card_type))
    origin = rules.provenance
    if not origin.added:
        return tuple(found)
    return tuple(f._replace(added_by=origin.added_by(f.category.key, f.entry)) for f in found)


def parts_of(rules: RuleSet, text: str) -> tuple[Part, ...]:
    """`text` of several words split into the longest listed entries, left to right; () for a
    single piece. An unlisted word is a part of its own."""
    words = text.split()
    if len(words) < 2 or len(words) > MAX_PARTS:
        return ()
    parts: list[Part] = []
    at = 0
    while at < len(words):
        for end in range(len(words), at, -1):
            found = found_in(rules, " ".join(words[at:end]))
            if found or end == at + 1:
                parts.append(Part(" ".join(words[at:end]), found))
                at = end
                break
    return tuple(parts) if len(parts) > 1 else ()


def choice_rule(rules: RuleSet) -> str:
    """The rule on choosing a subtype in this edition: the one the rule file cites as
    `choose-subtype` (every shipped file does). A user's full rule file without that citation
    gets the rule after the last of the rules on which card type a subtype goes with, where
    the CR has always put it: 204.3d after 204.3c before 2011-09-30, 205.3e after 205.3d since."""
    cited = rules.cite("choose-subtype")
    if cited:
        return cited[0]
    before = rules.citations.get("no-gaining") or rules.citations["correlation"]
    return before[:-1] + chr(ord(before[-1]) + 1)


def resolve_type(rules: RuleSet, edition: str, name: str) -> str:
    """The card type `name` names in the edition (any case); a `UsageError` if none.
    `edition` names the rules: "the 2026-09-25 edition", "… with fanset.yaml"."""
    card_type = rules.card_type(" ".join(name.split()))
    if card_type:
        return card_type
    renamed = rules.type_rename(name)
    hint = f" ({renamed[0].old} → {renamed[0].new}: this edition has {renamed[1]})" if renamed else ""
    raise UsageError(
        f"--as {name!r} is not a card type in {edition}{hint}; choose from {', '.join(rules.card_types)}"
    )


def choose(rules: RuleSet, word: str, card_type: str, edition: str, history: str = "") -> Choice:
    """CR 205.3e: may `word` be chosen as a subtype of `card_type` in `edition` (as
    `resolve_type` names it)? `history`
    says where other editions list the word ("a creature type in 2023-10-13 to 2026-09-25")."""
    chosen_type = resolve_type(rules, edition, card_type)
    own = tuple(c for c in categories(rules) if c.subtypes and chosen_type in c.card_types)
    asked = f"a subtype of {chosen_type}" if not own else join((article(c.singular) for c in own), "or")
    allowed, reason = _verdict(rules, word, chosen_type, own, history)
    return Choice(chosen_type, asked, allowed, reason, choice_rule(rules), own)


def _verdict(
    rules: RuleSet, word: str, card_type: str, own: tuple[Category, ...], history: str
) -> tuple[bool, str]:
    found = found_in(rules, word)
    mine = [f for f in found if f.category in own]
    if mine:
        return True, f"{mine[0].entry} is {kinds(mine)}"
    if not own:
        if card_type in rules.no_subtypes:
            return False, f"{card_type} has no subtypes ({rules.no_subtypes_rule})"
        return False, f"{card_type} has no list of subtypes in this edition"
    wanted = join((f"{article(c.singular)} ({c.rule})" for c in own), "or")
    if found:
        return False, f"{found[0].entry} is {kinds(found)}, not {wanted}"
    return False, _why_not(rules, word, own, wanted, history)


def _why_not(rules: RuleSet, word: str, own: tuple[Category, ...], wanted: str, history: str) -> str:
    """Why a word in no list of the edition is no choice: renamed, several types, or nothing."""
    renamed = rules.subtype_rename(word)
    if renamed and any(f.category in own for f in found_in(rules, renamed[1])):
        rename, current = renamed
        return f"'{word}' is not {wanted} in this edition ({renamed_text(rename)}): it has {current}"
    parts = parts_of(rules, word)
    if parts and all(p.found for p in parts):
        count = _COUNTS.get(len(parts), str(len(parts)))
        what = "subtypes" if all(p.found[0].category.subtypes for p in parts) else "types"
        names = join((p.found[0].entry for p in parts), "and")
        return f"'{word}' is {count} {what}, {names}; a choice is one subtype"
    if history:
        return f"'{word}' is not {wanted} in this edition; it is {history}"
    matches = close_matches(word, tuple(e for c in own for e in c.entries))
    hint = f"; did you mean {join(matches, 'or')}?" if matches else ""
    return f"'{word}' is not {wanted} or any other type{hint}"


def renamed_text(rename: Rename) -> str:
    """'Hound → Dog in the 2020-07-03 edition'."""
    when = f"in the {rename.since} edition" if rename.since else "before the shipped editions"
    return f"{rename.old} → {rename.new} {when}"


def article(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def kinds(found: list[Found] | tuple[Found, ...]) -> str:
    """'a land type (205.3i)'; 'an artifact type (205.3g) and a planar type (205.3n)';
    'a creature type (added by fanset.yaml)'."""
    return join((f"{article(f.category.singular)} ({_origin(f)})" for f in found), "and")


def _origin(found: Found) -> str:
    return f"added by {found.added_by}" if found.added_by else found.category.rule
