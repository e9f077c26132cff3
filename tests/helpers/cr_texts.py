"""A small CR-shaped text for the importer's tests: a type-line section in the CR's layout and
list grammar, worded for the tests, with the pieces a test rewords."""

from __future__ import annotations

ARTIFACTS = (
    "205.3g Artifacts have subtypes; these subtypes are called artifact types. "
    "The artifact types are Clue, Equipment (see rule 301.5), and Urza’s."
)
CREATURES = (
    "205.3m Creatures and kindreds share subtypes; these subtypes are called creature types. "
    "One creature type is two words long: Time Lord. All other creature types are one word long: "
    "Elf, Goblin, and Wizard."
)
PLANES = (
    "205.3n Planes have subtypes; these subtypes are called planar types. "
    "The planar types are The Abyss, Serra’s Realm, and Zendikar."
)
# A type-line section in the CR's layout and list grammar, worded for these tests.
SMALL = f"""\
Comprehensive Rules of a test edition. These rules are effective as of March 3, 2031.

Contents
205. Type Line
206. Something Else

205. Type Line

205.1. A type line shows a card type and more.

205.2. Card Types

205.2a The card types are artifact, creature, kindred, plane, and scheme. See elsewhere.

205.3. Subtypes

205.3b Subtypes follow a long dash; creature subtypes may be two words.

205.3c With several card types, each subtype is correlated to one of them.

205.3d An object can’t gain a subtype of a card type it lacks.

205.3f Some printed subtypes are now obsolete; ask Oracle.

{ARTIFACTS}

{CREATURES}

{PLANES}
Example: this line is left out.

205.3r Scheme cards have no subtypes.

205.4. Supertypes

205.4a The supertypes are basic and legendary.

206. Something Else

206.1. Not part of the section.
"""
