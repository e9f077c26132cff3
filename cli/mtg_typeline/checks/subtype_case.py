"""Case on the words before the dash: a subtype is matched there as its list writes it when
the word is in lower case. A lower-case word that a list holds only in another case is a word
of text among words of text (`time` in "Put a time counter on it": TL201 like the others), and
on a type line TL301 says it is no subtype as written ("did you mean Time?"). A face typed all
in lower case is a type line typed so, as TL103 reads it: its words are the subtypes."""

from __future__ import annotations

from mtg_typeline.checks.base import kinds_of, shown
from mtg_typeline.parser import Face, Role, TypedWord
from mtg_typeline.ruleset import RuleSet, SubtypeList

Listed = tuple[tuple[SubtypeList, str], ...]  # the lists holding a word, with its entry in each


def listed_before_dash(typed: TypedWord, face: Face, rules: RuleSet) -> Listed:
    """The lists holding a word before the dash, as TL301 reads it: none for a lower-case
    word of text (`time` in "Put a time counter on it"), which a list holds only in another
    case and which stands among more words that are no type than words that are."""
    found = rules.subtype_lists(typed.word.text)
    if not found or not _lower_unlisted(typed.word.text, found):
        return found
    unknown = sum(t.role is Role.OTHER and not rules.subtype_lists(t.word.text) for t in face.before)
    return () if 2 * unknown > len(face.before) else found


def wrong_case(typed: TypedWord, face: Face, found: Listed) -> bool:
    """A lower-case word that its lists hold only in another case, on a face not all in lower
    case (a face all in lower case is a type line typed so: TL103): a word, not the subtype."""
    return face.text != face.text.lower() and _lower_unlisted(typed.word.text, found)


def _lower_unlisted(text: str, found: Listed) -> bool:
    """`text` is in lower case and no list writes it so (either apostrophe)."""
    plain = text.replace("\u2019", "'")
    return text == text.lower() and all(plain != entry.replace("\u2019", "'") for _, entry in found)


def misplaced_why(typed: TypedWord, face: Face, found: Listed, rules: RuleSet) -> str:
    """Why a subtype before the dash is wrong; for a word in another case than its list's,
    "no subtype 'time'; did you mean Time, a planar type (205.3n), after a long dash?"."""
    kinds, word = kinds_of(found, rules), shown(typed.word.text)
    if wrong_case(typed, face, found):
        return f"no subtype '{word}'; did you mean {found[0][1]}, {kinds}, after a long dash?"
    return f"'{word}' is {kinds}; subtypes go after a long dash"
