"""TL906, TL907: card data that disagrees with itself around a type line; TL910: a card whose
line is not its Oracle line.

Found by the readers of card-data formats (they see the fields a type line sits among) and,
for TL910, by the engine with `--oracle` (`oracle`), not
by a function on the type line; documented here so that `explain` and `codes` know them.
"""

from __future__ import annotations

from mtg_typeline import findings
from mtg_typeline.checks.base import input_problem
from mtg_typeline.findings import Severity

FACES_DISAGREE = input_problem(
    *findings.FACES_DISAGREE,
    Severity.ERROR,
    """A card's combined type line that is not its faces' type lines joined by ` // `.

    Scryfall gives a card of several faces a top-level `type_line` and one per face in
    `card_faces`; the top-level one should be the faces' lines in order, joined by ` // `.
    A mismatch means one of them was edited without the other. The suggestion is the
    faces' lines joined.
    """,
)

FIELDS_DISAGREE = input_problem(
    *findings.FIELDS_DISAGREE,
    Severity.ERROR,
    """A card whose type string disagrees with its own `supertypes`, `types` and `subtypes`.

    MTGJSON stores each card's type line in `type` and its words again in three arrays; a
    word in the string and not in the arrays (or the other way round) means one of them is
    wrong. MTGJSON's own conventions are not mistakes: `Token` listed in `types`, a type
    string with nothing but `Card`.
    """,
)

ORACLE_MISMATCH = input_problem(
    *findings.ORACLE_MISMATCH,
    Severity.ERROR,
    """A card's type line that is not its Oracle type line (with `--oracle FILE` only).

    The Oracle card reference, not the printed card, says what a card's types and subtypes
    are (the rules say so in the type-line section); a card database that copied printed
    lines keeps pre-errata creature types, `Tribal` for `Kindred`, a planeswalker without
    Legendary, `Summon` wording fixed since. Given an Oracle file (Scryfall's Oracle Cards
    bulk file or MTGJSON's AtomicCards.json), each card of card data that has a name is
    found in it and compared face by face; the message names both lines and the words
    that differ. Dashes and case are not compared (the other checks see to those).

    The safe fix writes the Oracle line in the face's place. Tokens, emblems and cards the
    Oracle file doesn't hold are passed over and counted in the summary (`--verbose` lists
    them). Off unless `--oracle` (or the `oracle` configuration key) names a file.
    """,
    fix="safe",
    cites=("obsolete-subtypes",),
)
