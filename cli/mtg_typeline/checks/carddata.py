"""TL906, TL907: card data that disagrees with itself around a type line.

Found by the readers of card-data formats (they see the fields a type line sits among), not
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
