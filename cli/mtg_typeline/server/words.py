"""Hover and completion on the words of a type line, from the rule data of the file's
configuration (its edition, or the user's rule files).

Hover on a word says what `typeline lookup` says of it: card type, supertype, which subtype
list, in which editions; hover on a problem's words adds the `typeline explain` text of its
code. Completion takes the type line typed so far on the cursor's line (what follows the
last `:`, `"`, `,`, `=` or tab, as a YAML value, a JSON string, a table's cell or a Forge
field starts) and offers, before the dash, the card types and supertypes, and after it the
subtypes of the lists of the card types before it (a Land: only land types).
"""

from __future__ import annotations

import re

from lsprotocol import types

from mtg_typeline.checks.docs import explain_check
from mtg_typeline.lookup.show import chosen_rules
from mtg_typeline.lookup.word import lookup_command
from mtg_typeline.ruleset.model import RuleSet
from mtg_typeline.server.checking import Setting

_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_FIELD_START = re.compile(r'.*[:",=\t]')
_DASH = re.compile(r"\s(?:—|–|--?)(?:\s|$)")


def word_at(line: str, column: int) -> str | None:
    """The word of `line` at character `column` (or just before it)."""
    for match in _WORD.finditer(line):
        if match.start() <= column <= match.end():
            return match.group().rstrip("'’-")
    return None


def hover_word(word: str, setting: Setting) -> str | None:
    """Markdown: what the rule data says of `word`; None if it is no type."""
    text, status = lookup_command(word, setting.edition, None, "text", setting.rule_files)
    return f"```text\n{text.rstrip()}\n```" if status == 0 else None


def hover_code(code: str, setting: Setting) -> str:
    """Markdown: the `typeline explain` text of `code`, its first line as a heading."""
    text = explain_check(code, setting.edition, "text")
    head, _, rest = text.partition("\n")
    return f"**{head}**\n\n```text\n{rest.strip()}\n```"


def rules_of(setting: Setting) -> RuleSet:
    return chosen_rules(setting.edition, setting.rule_files).rules


def typed_so_far(prefix: str) -> str:
    """The type line typed up to the cursor, from the line's text before it."""
    found = _FIELD_START.match(prefix)
    return prefix[found.end() :] if found else prefix


def completions(prefix: str, rules: RuleSet) -> list[types.CompletionItem]:
    """The words that may come next in the type line typed so far (`prefix`: the line up to
    the cursor)."""
    typed = typed_so_far(prefix)
    dash = _DASH.search(typed)
    if dash is None:
        kinds = [("card type", rules.card_types), ("supertype", rules.supertypes)]
        return [_item(word, kind) for kind, words in kinds for word in words]
    card_types = frozenset(
        found for w in _WORD.findall(typed[: dash.start()]) if (found := rules.card_type(w))
    )
    lists = rules.lists_for(card_types) if card_types else rules.lists
    seen: dict[str, str] = {}
    for sublist in lists:
        for entry in sublist.entries:
            seen.setdefault(entry, sublist.singular)
    return [_item(word, kind) for word, kind in seen.items()]


def _item(word: str, kind: str) -> types.CompletionItem:
    return types.CompletionItem(label=word, detail=kind, kind=types.CompletionItemKind.EnumMember)
