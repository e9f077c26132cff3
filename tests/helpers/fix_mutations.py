"""Mistakes `--fix` must undo, injected into right type lines (for tests/fix/test_fix_properties.py
and bench/fix_corpus.py).

Each kind takes a right line (under the newest edition), the rules and a random source, and
returns the line with one mistake of its kind, or None when the line gives the kind no
place (no dash to spoil, no supertype to move). Every mistake but `misspelling` has one
right correction, a safe fix, so fixing must give back the line exactly; `misspelling`
changes a letter of a word so that exactly one listed word is close, an unsafe fix; `typo`
changes a letter of a word whatever comes of it (one close word, several, or another listed
word: not every typo can be undone). `plural` and `hyphen` write a subtype as a plural
(Elves) or with a hyphen where the list has a space and the other way round (Elf-Warrior,
Assembly Worker): each has one right reading, a safe fix.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from mtg_typeline.checks.base import close_matches
from mtg_typeline.parser import parse
from mtg_typeline.ruleset import RuleSet

DASH = " \u2014 "
FACES = " // "
Mutation = Callable[[str, RuleSet, random.Random], "str | None"]


def _faces(line: str) -> list[str]:
    return line.split(FACES)


def _one_face(
    line: str, rng: random.Random, want: Callable[[str], bool], change: Callable[[str], str]
) -> str | None:
    """The line with `change` made to one face that `want`s it (None: no such face)."""
    faces = _faces(line)
    fit = [index for index, face in enumerate(faces) if want(face)]
    if not fit:
        return None
    index = rng.choice(fit)
    faces[index] = change(faces[index])
    return FACES.join(faces)


def _is_whole(face: str, rules: RuleSet) -> bool:
    """A face whose subtypes are read whole (a plane): its words can't be moved about."""
    types = frozenset(w for w in face.partition(DASH)[0].split(" ") if w in rules.card_types)
    return any(s.whole for s in rules.lists_for(types))


def dash(line: str, rules: RuleSet, rng: random.Random) -> str | None:
    form = rng.choice([" - ", " -- ", " \u2013 ", "\u2014", " \u2014", "\u2014 ", "  \u2014 ", " --- "])
    return _one_face(line, rng, lambda f: DASH in f, lambda f: f.replace(DASH, form, 1))


def spacing(line: str, rules: RuleSet, rng: random.Random) -> str | None:
    where = rng.choice(["inside", "start", "end", "faces"])
    if where == "start":
        return rng.choice([" ", "\t", "  "]) + line
    if where == "end":
        return line + rng.choice([" ", "\t", "  "])
    if where == "faces":
        return line.replace(FACES, rng.choice(["//", " //", "// ", "  //  "]), 1) if FACES in line else None
    spaces = [i for i, c in enumerate(line) if c == " "]
    at = rng.choice(spaces) if spaces else -1
    return line[:at] + rng.choice(["  ", "\t", " \t", "   "]) + line[at + 1 :] if spaces else None


def case(line: str, rules: RuleSet, rng: random.Random) -> str | None:
    words = [i for i, w in enumerate(line.split(" ")) if w[:1].isalpha()]
    if not words:
        return None
    parts = line.split(" ")
    at = rng.choice(words)
    changed = rng.choice([str.lower, str.upper])(parts[at])
    if changed == parts[at]:
        return None
    parts[at] = changed
    return " ".join(parts)


def supertype_order(line: str, rules: RuleSet, rng: random.Random) -> str | None:
    """The last supertype of a face moved after its card types."""

    def want(face: str) -> bool:
        head = face.partition(DASH)[0].split(" ")
        return any(w in rules.supertypes for w in head) and any(w in rules.card_types for w in head)

    def change(face: str) -> str:
        head, dash_, tail = face.partition(DASH)
        words = head.split(" ")
        last = max(i for i, w in enumerate(words) if w in rules.supertypes)
        moved = words.pop(last)
        return " ".join([*words, moved]) + dash_ + tail

    return _one_face(line, rng, want, change)


def duplicate_type(line: str, rules: RuleSet, rng: random.Random) -> str | None:
    def change(face: str) -> str:
        head, dash_, tail = face.partition(DASH)
        words = head.split(" ")
        at = rng.choice([i for i, w in enumerate(words) if w in rules.card_types or w in rules.supertypes])
        words.insert(at, words[at])
        return " ".join(words) + dash_ + tail

    kinds = (*rules.card_types, *rules.supertypes)
    return _one_face(line, rng, lambda f: any(w in kinds for w in f.partition(DASH)[0].split(" ")), change)


def duplicate_subtype(line: str, rules: RuleSet, rng: random.Random) -> str | None:
    """A subtype written again right after itself."""

    def subtypes(face: str) -> list[str]:
        return [w.text for w in parse(face, rules).faces[0].subtypes]

    def want(face: str) -> bool:
        return DASH in face and not _is_whole(face, rules) and bool(subtypes(face))

    def change(face: str) -> str:
        head, dash_, _ = face.partition(DASH)
        words = subtypes(face)
        at = rng.randrange(len(words))
        words.insert(at, words[at])
        return head + dash_ + " ".join(words)

    return _one_face(line, rng, want, change)


def tribal(line: str, rules: RuleSet, rng: random.Random) -> str | None:
    return _one_face(line, rng, lambda f: "Kindred" in f.partition(DASH)[0].split(" "),
                     lambda f: f.replace("Kindred", "Tribal", 1))  # fmt: skip


def renamed_type(line: str, rules: RuleSet, rng: random.Random) -> str | None:
    olds = {r.new: r.old for r in rules.renames if r.kind == "card_type" and r.new != "Kindred"}

    def change(face: str) -> str:
        head, dash_, tail = face.partition(DASH)
        words = head.split(" ")
        at = rng.choice([i for i, w in enumerate(words) if w in olds])
        words[at] = olds[words[at]]
        return " ".join(words) + dash_ + tail

    return _one_face(line, rng, lambda f: any(w in olds for w in f.partition(DASH)[0].split(" ")), change)


def renamed_subtype(line: str, rules: RuleSet, rng: random.Random) -> str | None:
    olds = {r.new: r.old for r in rules.renames if r.kind not in {"card_type", "supertype"}}

    def words_of(face: str) -> list[str]:
        return face.partition(DASH)[2].split(" ") if DASH in face else []

    def want(face: str) -> bool:
        if _is_whole(face, rules):
            return face.partition(DASH)[2] in olds
        return any(w in olds for w in words_of(face))

    def change(face: str) -> str:
        head, dash_, tail = face.partition(DASH)
        if _is_whole(face, rules):
            return head + dash_ + olds[tail]
        words = tail.split(" ")
        at = rng.choice([i for i, w in enumerate(words) if w in olds])
        words[at] = olds[words[at]]
        return head + dash_ + " ".join(words)

    return _one_face(line, rng, want, change)


def subtype_before_dash(line: str, rules: RuleSet, rng: random.Random) -> str | None:
    def want(face: str) -> bool:
        tail = face.partition(DASH)[2]
        return DASH in face and not _is_whole(face, rules) and bool(rules.subtype_lists(tail.split(" ")[0]))

    return _one_face(line, rng, want, lambda f: f.replace(DASH, " ", 1))


def misspelling(line: str, rules: RuleSet, rng: random.Random) -> str | None:
    """One letter of a listed word changed so that the word is close to that word alone."""
    parts = line.split(" ")
    candidates = [i for i, w in enumerate(parts) if len(w) >= 5 and w.isalpha()]
    rng.shuffle(candidates)
    pool = sorted({*rules.card_types, *rules.supertypes, *(e for s in rules.lists for e in s.entries)})
    for at in candidates[:4]:
        word = parts[at]
        spot = rng.randrange(1, len(word))
        letter = rng.choice("abcdefghijklmnopqrstuvwxyz".replace(word[spot].lower(), ""))
        wrong = word[:spot] + letter + word[spot + 1 :]
        if wrong.casefold() not in {p.casefold() for p in pool} and close_matches(wrong, pool) == [word]:
            return " ".join([*parts[:at], wrong, *parts[at + 1 :]])
    return None


def typo(line: str, rules: RuleSet, rng: random.Random) -> str | None:
    """One letter of a word of four letters or more changed, whatever is then close to it."""
    parts = line.split(" ")
    candidates = [i for i, w in enumerate(parts) if len(w) >= 4 and w.isalpha()]
    if not candidates:
        return None
    at = rng.choice(candidates)
    word = parts[at]
    spot = rng.randrange(1, len(word))
    letter = rng.choice("abcdefghijklmnopqrstuvwxyz".replace(word[spot].lower(), ""))
    return " ".join([*parts[:at], word[:spot] + letter + word[spot + 1 :], *parts[at + 1 :]])


# Plurals English makes otherwise than with -s or -es (the subtype lists have these words).
_IRREGULAR = {"mouse": "mice", "ox": "oxen", "fungus": "fungi", "pegasus": "pegasi", "cyclops": "cyclopes"}


def _plural_of(word: str) -> str:
    """`word` made plural as English does (Elf → Elves, Harpy → Harpies, Fox → Foxes)."""
    if word.casefold() in _IRREGULAR:
        return word[0] + _IRREGULAR[word.casefold()][1:]
    if word.endswith(("lf", "rf")):
        return word[:-1] + "ves"
    if word.endswith("y") and word[-2:-1] not in tuple("aeiou"):
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    return word + "s"


def _word_subtypes(face: str, rules: RuleSet) -> list[str]:
    """The subtypes of a face checked word by word (none on a plane), as written."""
    if DASH not in face or _is_whole(face, rules):
        return []
    return face.partition(DASH)[2].split(" ")


def plural(line: str, rules: RuleSet, rng: random.Random) -> str | None:
    """One one-word subtype written as a plural that no list has (Elf → Elves)."""
    listed = {e.casefold() for s in rules.lists for e in s.entries}

    def fit(face: str) -> list[int]:
        words = _word_subtypes(face, rules)
        return [i for i, w in enumerate(words) if w.isalpha() and _plural_of(w).casefold() not in listed]

    def change(face: str) -> str:
        head, dash_, tail = face.partition(DASH)
        words = tail.split(" ")
        at = rng.choice(fit(face))
        words[at] = _plural_of(words[at])
        return head + dash_ + " ".join(words)

    return _one_face(line, rng, lambda f: bool(fit(f)), change)


def hyphen(line: str, rules: RuleSet, rng: random.Random) -> str | None:
    """A hyphen for a space or a space for a hyphen: two subtypes joined (Elf-Warrior), or a
    hyphenated subtype split (Assembly Worker) or a two-word one joined (Time-Lord)."""

    def spots(face: str) -> list[int]:
        tail = face.partition(DASH)[2]
        return [i for i, c in enumerate(tail) if c in " -"] if _word_subtypes(face, rules) else []

    def change(face: str) -> str:
        head, dash_, tail = face.partition(DASH)
        at = rng.choice(spots(face))
        return head + dash_ + tail[:at] + ("-" if tail[at] == " " else " ") + tail[at + 1 :]

    return _one_face(line, rng, lambda f: bool(spots(f)), change)


SAFE: dict[str, Mutation] = {
    "dash": dash,
    "spacing": spacing,
    "case": case,
    "supertype-order": supertype_order,
    "duplicate-type": duplicate_type,
    "duplicate-subtype": duplicate_subtype,
    "tribal": tribal,
    "renamed-type": renamed_type,
    "renamed-subtype": renamed_subtype,
    "subtype-before-dash": subtype_before_dash,
    "plural": plural,
    "hyphen": hyphen,
}
UNSAFE: dict[str, Mutation] = {"misspelling": misspelling, "typo": typo}
