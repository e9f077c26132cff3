"""TL2xx: card types and supertypes, the words before the dash."""

from __future__ import annotations

from collections.abc import Iterator

from mtg_typeline.checks.base import (
    Problem,
    close_matches,
    either,
    face_check,
    fix,
    removed_note,
    renamed_reason,
    replaced,
    shown,
)
from mtg_typeline.checks.enchant_forms import enchant_form
from mtg_typeline.checks.subtype_case import listed_before_dash
from mtg_typeline.findings import Severity
from mtg_typeline.notation import TOKEN
from mtg_typeline.parser import Face, Role, TypedWord, TypeLine
from mtg_typeline.ruleset import RuleSet
from mtg_typeline.ruleset.provenance import CARD_TYPES, SUPERTYPES


def unknown_kind(typed: TypedWord, face: Face, rules: RuleSet) -> str | None:
    """What an unrecognised word before the dash was meant as: "card type", "supertype",
    or None when it is something else (a subtype, an obsolete name) that another check reports.
    """
    if face.is_emblem or typed.role is not Role.OTHER or enchant_form(face):
        return None
    if listed_before_dash(typed, face, rules):
        return None
    word = typed.word.text
    if close_matches(word, rules.card_types):
        return "card type"
    if close_matches(word, rules.supertypes):
        return "supertype"
    later = face.before[face.before.index(typed) + 1 :]
    return "supertype" if any(w.role is Role.CARD_TYPE for w in later) else "card type"


@face_check("TL201", "unknown-card-type", Severity.ERROR, ("card-types",), fix="unsafe")
def unknown_card_type(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A word before the dash that is no card type of the edition.

    Only the listed card types (and supertypes before them) stand before the dash. The
    closest card type is suggested.

    Okay: Artifact Creature — Golem
    TL201: Creture — Goblin
    TL201: Spell — Arcane
    """
    for typed in face.before:
        if unknown_kind(typed, face, rules) != "card type":
            continue
        word = typed.word
        matches = close_matches(word.text, rules.card_types)
        if word.text.casefold() == TOKEN.casefold():
            why = "'Token' is accepted only as the first word of a type line"
        else:
            why = f"'{shown(word.text)}' is not a card type{removed_note(word.text, rules, [CARD_TYPES])}"
        yield _word_problem(line, typed, why, matches, (rules.card_types_rule,))


def _word_problem(
    line: TypeLine, typed: TypedWord, why: str, matches: list[str], cited: tuple[str, ...]
) -> Problem:
    word = typed.word
    if matches:
        why += f"; did you mean {' or '.join(matches)}?"
    unsafe = fix(word.start, word.end, matches[0], "unsafe") if len(matches) == 1 else None
    return Problem(
        word.start,
        word.end,
        why,
        cited,
        suggestion=replaced(line.text, word.start, word.end, matches[0]) if matches else None,
        fix=unsafe,
    )


@face_check("TL202", "obsolete-card-type", Severity.ERROR, ("card-types",), fix="safe")
def obsolete_card_type(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A card type or supertype under a name the rules no longer (or not yet) use.

    Tribal was renamed Kindred in 2024; old cards were printed with Summon (now Creature)
    and Interrupt (now Instant), and as Enchant Creature, Enchant Land, … (now Enchantment —
    Aura, what it enchants being its enchant ability) or Enchant World (now World
    Enchantment). Under an edition older than a rename, the new name is reported the other
    way round. The replacement is the card's type line now, so it is a safe fix.

    Okay: Kindred Instant — Elf
    TL202: Tribal Instant — Elf
    TL202: Summon — Dragon
    TL202: Enchant Creature
    """
    yield from _enchant_problem(face, line, rules)
    for typed in face.before:
        rename = typed.renamed
        if rename is None or typed.canonical is None:
            continue
        word, want = typed.word, typed.canonical
        why = renamed_reason(word.text, rename, want, typed.role.value, rules.edition)
        yield Problem(
            word.start,
            word.end,
            why,
            (rules.card_types_rule,),
            suggestion=replaced(line.text, word.start, word.end, want),
            fix=fix(word.start, word.end, want),
        )


def _enchant_problem(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """TL202 for an obsolete `Enchant …` face (Enchant Creature), one finding for both words."""
    form = enchant_form(face)
    if form is None:
        return
    written = shown(line.text[form.start : form.end])
    yield Problem(
        form.start,
        form.end,
        f"'{written}' is no longer a card type: it is now {form.now}",
        (rules.card_types_rule,),
        suggestion=replaced(line.text, form.start, form.end, form.now),
        fix=fix(form.start, form.end, form.now),
    )


@face_check("TL203", "missing-card-type", Severity.ERROR, ("type-line", "card-types"))
def missing_card_type(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A type line names at least one card type.

    Reported when a face has no card type and no word that looks like a misspelt or
    obsolete one (those are reported by TL201 and TL202).

    Okay: Legendary Land
    TL203: Legendary — Elf
    TL203: Goblin Wizard
    """
    if face.is_emblem or face.card_types or not (face.before or face.subtypes) or enchant_form(face):
        return
    for typed in face.before:
        if unknown_kind(typed, face, rules):
            return
    start = face.before[0].word.start if face.before else face.start
    end = face.before[-1].word.end if face.before else face.end
    yield Problem(
        start,
        end,
        "no card type: a type line names at least one card type before its dash",
        (*rules.cite("type-line"), rules.card_types_rule),
    )


@face_check("TL204", "unknown-supertype", Severity.ERROR, ("supertypes",), fix="unsafe")
def unknown_supertype(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A word before the card types that is no supertype of the edition.

    The supertypes are a short list (basic, legendary, ongoing, snow, world). A word that
    is close to one, or that stands before a card type, is reported here.

    Okay: Legendary Snow Creature — Yeti
    TL204: Legendery Creature — Elf
    TL204: Elite Creature — Head
    """
    for typed in face.before:
        if unknown_kind(typed, face, rules) == "supertype":
            why = f"'{shown(typed.word.text)}' is not a supertype"
            why += removed_note(typed.word.text, rules, [SUPERTYPES])
            matches = close_matches(typed.word.text, rules.supertypes)
            yield _word_problem(line, typed, why, matches, (rules.supertypes_rule,))


@face_check("TL205", "supertype-order", Severity.WARNING, ("supertypes",), fix="safe")
def supertype_order(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """Supertypes are written before the card types.

    Okay: Legendary Artifact Creature — Golem
    TL205: Creature Legendary — Elf
    TL205: Artifact Legendary Creature — Golem
    """
    roles = [w.role for w in face.before]
    if Role.CARD_TYPE not in roles:
        return
    first = roles.index(Role.CARD_TYPE)
    late = [w for w in face.before[first:] if w.role is Role.SUPERTYPE]
    if not late:
        return
    region = face.before[first:]
    names = either((f"'{w.word.text}'" for w in late), "and")
    what = f"supertypes {names} stand" if len(late) > 1 else f"supertype {names} stands"
    problem_fix = None
    suggestion = None
    if all(w.role in (Role.CARD_TYPE, Role.SUPERTYPE) for w in region):
        ordered = [w for w in region if w.role is Role.SUPERTYPE] + [
            w for w in region if w.role is Role.CARD_TYPE
        ]
        start, end = region[0].word.start, region[-1].word.end
        text = " ".join(w.word.text for w in ordered)
        problem_fix = fix(start, end, text)
        suggestion = replaced(line.text, start, end, text)
    yield Problem(
        late[0].word.start,
        late[0].word.end,
        f"the {what} after a card type; supertypes come first",
        (rules.supertypes_rule,),
        suggestion=suggestion,
        fix=problem_fix,
    )


@face_check("TL206", "duplicate-type", Severity.WARNING, ("card-types", "supertypes"), fix="safe")
def duplicate_type(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """A card type or supertype is written twice in one face.

    Okay: Artifact Creature — Golem
    TL206: Creature Creature — Goblin
    TL206: Legendary Legendary Creature — Elf
    """
    first: dict[str, TypedWord] = {}
    for typed in face.before:
        if typed.role not in (Role.CARD_TYPE, Role.SUPERTYPE) or typed.canonical is None:
            continue
        earlier = first.setdefault(typed.canonical, typed)
        if earlier is typed:
            continue
        # of Tribal and Kindred together, the renamed word is the one to drop
        extra = earlier if earlier.renamed and not typed.renamed else typed
        word = extra.word
        start = word.start - 1 if line.text[word.start - 1 : word.start] == " " else word.start
        end = word.end
        if start == word.start and line.text[end : end + 1] == " ":
            end += 1  # the first word: take the space after it instead
        rule = rules.card_types_rule if typed.role is Role.CARD_TYPE else rules.supertypes_rule
        yield Problem(
            word.start,
            word.end,
            f"the {typed.role.value} {typed.canonical} is written twice",
            (rule,),
            suggestion=replaced(line.text, start, end, ""),
            fix=fix(start, end, ""),
        )


@face_check("TL207", "emblem", Severity.INFO, ("card-types",))
def emblem(face: Face, line: TypeLine, rules: RuleSet) -> Iterator[Problem]:
    """Emblem lines are not type lines of the rules; they are reported as information only.

    Card databases list emblems as "Emblem" or "Emblem — Liliana". An emblem has no card
    type, so the rest of such a face is not checked.

    Okay: Legendary Planeswalker — Liliana
    TL207: Emblem
    TL207: Emblem — Liliana
    """
    for typed in face.of_role(Role.EMBLEM)[:1]:
        yield Problem(
            typed.word.start,
            typed.word.end,
            "'Emblem' is not a card type; emblem lines are not checked further",
            (rules.card_types_rule,),
        )
