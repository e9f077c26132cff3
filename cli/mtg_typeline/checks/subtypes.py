"""TL3xx: subtypes — where they stand, which list holds them, which card type they need."""

from __future__ import annotations

from collections.abc import Iterator

from mtg_typeline.checks.base import (
    Problem,
    article,
    close_matches,
    either,
    entry_rules,
    face_check,
    fix,
    kinds_of,
    list_rules,
    removed_note,
    renamed_reason,
    replaced,
    shown,
)
from mtg_typeline.checks.enchant_forms import enchant_form
from mtg_typeline.checks.subtype_case import listed_before_dash, misplaced_why
from mtg_typeline.checks.subtype_guesses import unknown_problem
from mtg_typeline.checks.subtype_history import dropped_problem, is_dropped
from mtg_typeline.findings import Severity
from mtg_typeline.notation import CANONICAL_DASH, fold
from mtg_typeline.parser import Face, Role, TypeLine, Word
from mtg_typeline.ruleset import RuleSet
from mtg_typeline.ruleset.provenance import CARD_TYPES, SUPERTYPES


def _is_whole(face: Face, rules: RuleSet) -> bool:
    return any(s.whole for s in rules.lists_for(face.card_types))


def _checked_subtypes(face: Face, rules: RuleSet) -> tuple[Word, ...]:
    """The subtypes the word-by-word checks look at (not on emblems, planes or typeless faces)."""
    if face.is_emblem or not face.card_types or _is_whole(face, rules):
        return ()
    if not rules.lists_for(face.card_types):
        return ()
    return face.subtypes


def is_type_word(word: Word, rules: RuleSet) -> bool:
    """A card type or supertype, under the edition's name or a renamed one (Tribal, Summon)."""
    return bool(rules.card_type(word.text) or rules.supertype(word.text) or rules.type_rename(word.text))


@face_check("TL301", "subtype-before-dash", Severity.ERROR, ("subtype-syntax", "list"), fix="safe")
def subtype_before_dash(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """Subtypes stand after a long dash, never among the card types.

    A lower-case word a list writes otherwise (time, Time) is a subtype only on a type line;
    among words of text ("Put a time counter on it") it is a word (see `subtype_case`).

    Okay: Creature — Goblin
    TL301: Creature Goblin
    TL301: Legendary Creature Elf Warrior
    """
    misplaced = [w for w in face.before if w.role is Role.OTHER and listed_before_dash(w, face, rules)]
    if not misplaced or enchant_form(face):
        return
    suggestion = None
    problem_fix = None
    tail = face.before[-len(misplaced) :]
    if face.dash is None and list(tail) == misplaced and len(misplaced) < len(face.before):
        start = face.before[-len(misplaced) - 1].word.end
        end = misplaced[0].word.start
        problem_fix = fix(start, end, CANONICAL_DASH)
        suggestion = replaced(line.text, start, end, CANONICAL_DASH)
    for typed in misplaced:
        found = rules.subtype_lists(typed.word.text)
        yield Problem(
            typed.word.start,
            typed.word.end,
            misplaced_why(typed, face, found, rules),
            (*rules.cite("subtype-syntax"), *entry_rules(found, rules)),
            suggestion=suggestion,
            fix=problem_fix,
        )
        problem_fix = None


@face_check("TL302", "unknown-subtype", Severity.ERROR, ("list",), fix="unsafe")
def unknown_subtype(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A subtype that no list of the edition holds.

    If the word is a type of your own (a fan set's creature type, say), add it to a rule
    file and give that file with `--rules`: a file of three lines, `extends: newest` and
    `add:` with the list of the type it stands under (`creature: [Clamfolk]`), see the
    documentation's "Custom rule files". The message says so when no listed word is close.

    The message names the lists of the object's own card types and suggests the closest
    entries from those lists (or the missing word of one of their two-word entries: Timk
    Lord, Time Lord); the unsafe fix is that entry when it is the only close one. An entry
    written as a plural (Elves, Humans) or with a hyphen for a space or a space for a hyphen
    (Elf-Warrior, Assembly Worker) has one right reading, which is the fix, a safe one. Failing
    that, it names the closest entries of other lists with what they are, without a fix: an
    object can't have them (TL304). A face with no card type has no lists to check against
    (TL201 or TL203 reports it). A word the rules renamed or dropped is reported by TL303
    instead; one a newer edition lists gets no guess, only that edition; one printed only on
    Un-set and silver-bordered cards (Cow, rules/unset-subtypes.yaml) gets no guess either,
    only what it is and one card that prints it.

    Okay: Creature — Goblin Wizard
    Okay: Legendary Creature — Human Time Lord Rogue
    TL302: Creature — Goblim
    TL302: Creature — Teddy Bear
    TL302: Artifact — Equipmint
    TL302: Land — Goblim
    """
    own = rules.lists_for(face.card_types)
    words = _checked_subtypes(face, rules)
    for index, word in enumerate(words):
        known = rules.subtype_lists(word.text) or is_type_word(word, rules)
        if not (known or rules.subtype_rename(word.text) or is_dropped(word.text, rules)):
            yield unknown_problem(line, words, index, own, rules)


@face_check("TL303", "obsolete-subtype", Severity.ERROR, ("obsolete-subtypes", "list"), fix="safe")
def obsolete_subtype_check(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A subtype the rules have renamed or dropped; the message gives its replacement.

    Card data copied from old printings keeps words such as Hound (now Dog), Naga (now
    Snake) or the plane Kaladesh (now Avishkar). The renames come from the data file
    rules/renames.yaml, each with its source. The replacement is a safe fix. A word an older
    edition listed and a later one dropped for nothing (Anteater) has its editions, no fix.

    Okay: Creature — Dog
    Okay: Plane — Avishkar
    TL303: Creature — Hound
    TL303: Creature — Zombie Naga
    TL303: Plane — Kaladesh
    TL303: Creature — Anteater Beast
    """
    if face.is_emblem or not face.card_types:
        return
    words = face.subtypes if _is_whole(face, rules) else _checked_subtypes(face, rules)
    for word in words:
        if rules.subtype_lists(word.text):
            continue
        found = rules.subtype_rename(word.text)
        if found is None:
            yield from dropped_problem(word, rules)
            continue
        rename, want = found
        lists = rules.subtype_lists(want)
        why = renamed_reason(word.text, rename, want, lists[0][0].singular, rules.edition)
        yield Problem(
            word.start,
            word.end,
            why,
            (*rules.cite("obsolete-subtypes"), *list_rules(s for s, _ in lists)),
            suggestion=replaced(line.text, word.start, word.end, want),
            fix=fix(word.start, word.end, want),
        )


@face_check("TL304", "subtype-type-mismatch", Severity.ERROR, ("no-gaining", "list"))
def subtype_type_mismatch(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A subtype that belongs to a card type the object does not have.

    Each subtype goes with one of the object's card types; an object can't have a subtype
    of a type it lacks. Every subtype is checked against the lists of all the object's
    card types, so Land Creature — Forest Dryad is right (Forest is a land type, Dryad a
    creature type).

    Okay: Land Creature — Forest Dryad
    Okay: Kindred Artifact — Rogue Equipment
    TL304: Creature — Forest
    TL304: Instant — Goblin
    TL304: Artifact — Aura
    """
    own = rules.lists_for(face.card_types)
    for word in _checked_subtypes(face, rules):
        found = rules.subtype_lists(word.text)
        if not found or any(s in own for s, _ in found):
            continue
        needed = sorted({t for s, _ in found for t in s.card_types})
        listed = found[0][1]
        yield Problem(
            word.start,
            word.end,
            f"{listed} is {kinds_of(found, rules)}, but this object is not "
            f"{either(article(t.lower()) for t in needed)}",
            (
                *(rules.cite("no-gaining") or rules.cite("correlation")),
                *entry_rules(found, rules),
            ),
        )


@face_check("TL305", "subtypes-not-allowed", Severity.ERROR, ("no-subtypes",))
def subtypes_not_allowed(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """Subtypes on a card type that has none (phenomenon, scheme, vanguard, conspiracy).

    Okay: Ongoing Scheme
    TL305: Scheme — Villain
    TL305: Conspiracy — Goblin
    """
    types = face.card_types
    if face.is_emblem or not types or not face.subtypes or rules.lists_for(types):
        return
    start, end = face.subtypes[0].start, face.subtypes[-1].end
    names = either(sorted(t.lower() for t in types), "and")
    cited: tuple[str, ...]
    if types <= set(rules.no_subtypes):
        why, cited = f"{names} cards have no subtypes", (rules.no_subtypes_rule,)
    else:
        why, cited = f"this edition lists no subtypes for {names}", rules.cite("subtype-syntax")
    yield Problem(start, end, why, cited)


@face_check("TL306", "unknown-planar-type", Severity.ERROR, ("whole-list", "subtype-syntax"), fix="unsafe")
def unknown_planar_type(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A plane's subtype is one planar type: all the words after the dash, taken together.

    Okay: Plane — Serra's Realm
    Okay: Plane — The Dalek Asylum
    TL306: Plane — Dominaria Zendikar
    TL306: Plane — Serras Realm
    """
    if face.is_emblem or not face.subtypes or not _is_whole(face, rules):
        return
    whole = [s for s in rules.lists_for(face.card_types) if s.whole]
    word = face.subtypes[0]
    if any(fold(e) == word.key for s in whole for e in s.entries):
        return
    if rules.subtype_rename(word.text) or is_dropped(word.text, rules):
        return
    matches = close_matches(" ".join(word.text.split()), [e for s in whole for e in s.entries])
    why = f"'{shown(word.text)}' is not {either(article(s.singular) for s in whole)}"
    why += removed_note(word.text, rules, [s.key for s in whole])
    if matches:
        why += f"; did you mean {' or '.join(matches)}?"
    yield Problem(
        word.start,
        word.end,
        why,
        (*list_rules(whole), *rules.cite("subtype-syntax")),
        suggestion=replaced(line.text, word.start, word.end, matches[0]) if matches else None,
        fix=fix(word.start, word.end, matches[0], "unsafe") if len(matches) == 1 else None,
    )


@face_check("TL307", "duplicate-subtype", Severity.WARNING, ("subtype-syntax",), fix="safe")
def duplicate_subtype(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A subtype is written twice in one face.

    Okay: Creature — Human Wizard
    TL307: Creature — Goblin Goblin
    """
    seen: set[str] = set()
    for word in face.subtypes:
        if word.key in seen:
            start = word.start - 1 if line.text[word.start - 1 : word.start] == " " else word.start
            yield Problem(
                word.start,
                word.end,
                f"the subtype {shown(word.text)} is written twice",
                rules.cite("subtype-syntax"),
                suggestion=replaced(line.text, start, word.end, ""),
                fix=fix(start, word.end, ""),
            )
        seen.add(word.key)


@face_check("TL308", "type-after-dash", Severity.ERROR, ("subtype-syntax", "card-types"))
def type_after_dash(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A card type or supertype written after the dash, among the subtypes.

    A card type under an old name (Tribal, Summon) is reported here too, with its name in
    this edition, as TL202 reports it before the dash.

    Okay: Legendary Creature — Elf
    TL308: Creature — Legendary Elf
    TL308: Land — Artifact
    TL308: Creature — Elf Tribal
    """
    if face.is_emblem or _is_whole(face, rules):
        return
    for word in face.subtypes:
        if rules.subtype_lists(word.text) or not is_type_word(word, rules):
            continue
        why, cited = _type_word_reason(word, rules)
        yield Problem(
            word.start,
            word.end,
            f"{why}; it belongs before the dash",
            (*rules.cite("subtype-syntax"), *cited),
        )


def _type_word_reason(word: Word, rules: RuleSet) -> tuple[str, tuple[str, ...]]:
    """What a type word after the dash is, and the rule listing it (none if a custom file
    added it)."""
    renamed = rules.type_rename(word.text)
    current = renamed[1] if renamed else word.text
    card_type = rules.card_type(current)
    kind = "card type" if card_type else "supertype"
    rule = rules.card_types_rule if card_type else rules.supertypes_rule
    if renamed:
        return renamed_reason(word.text, renamed[0], current, kind, rules.edition), (rule,)
    category = CARD_TYPES if card_type else SUPERTYPES
    added = rules.provenance.added_by(category, card_type or rules.supertype(current) or "")
    if added:
        return f"'{shown(word.text)}' is a {kind} (added by {added})", ()
    return f"'{shown(word.text)}' is a {kind}", (rule,)
