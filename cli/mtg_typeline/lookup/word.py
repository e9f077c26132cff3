"""`typeline lookup WORD [--as TYPE]`: what a word is in an edition, and in which editions.

A word is found in every list of the edition that holds it (Spacecraft is an artifact type
and a planar type), compared in any case, with either apostrophe, and with runs of spaces as
one. Its history is read from every shipped edition: for each list, the runs of consecutive
editions that have it. A word the edition does not know may have been renamed (by
`rules/renames.yaml`), may be a subtype printed only on Un-set cards (Cow, by
`rules/unset-subtypes.yaml`), may be several types written together ("Merfolk Wizard"), or may
be nothing, in which case close matches are offered.

`--as TYPE` answers the question of CR 205.3e: when an effect tells a player to choose a
subtype for a card type, may this word be the choice? Only one existing subtype of a list
of that card type is.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from mtg_typeline.display import printable
from mtg_typeline.errors import ExitStatus, UsageError
from mtg_typeline.lookup.choice import (
    Choice,
    Found,
    Part,
    article,
    choose,
    found_in,
    kinds,
    parts_of,
    renamed_text,
)
from mtg_typeline.lookup.show import (
    JSON_VERSION,
    Category,
    all_editions,
    as_json,
    categories,
    chosen_rules,
    join,
)
from mtg_typeline.notation import fold
from mtg_typeline.records import NamedTuple
from mtg_typeline.ruleset import edition_dates
from mtg_typeline.ruleset.model import Rename, RuleSet
from mtg_typeline.ruleset.unset_subtypes import UnsetSubtype, unset_subtype
from mtg_typeline.spelling import close_matches

__all__ = ["Answer", "look_up", "lookup_command"]


class Span(NamedTuple):
    """The editions in which one list holds the word: runs of consecutive shipped editions."""

    category: Category
    runs: tuple[tuple[str, str], ...]  # (first, last) of each run, oldest first
    entry: str  # as the list of the last of these editions spells it


class Answer(NamedTuple):
    query: str  # as given, spaces as one
    word: str  # as the lists spell it, where some edition has it
    edition: str
    files: tuple[str, ...]  # the user's rule files applied to the edition (--rules)
    mine: str  # ' with fanset.yaml', or ''
    removed_by: str | None  # the user's rule file that removed the word, if one did
    found: tuple[Found, ...]
    spans: tuple[Span, ...]
    renames: tuple[tuple[Rename, str | None], ...]  # each rename of the word; the edition's word
    parts: tuple[Part, ...]
    matches: tuple[str, ...]
    choice: Choice | None
    unset: UnsetSubtype | None  # a subtype only Un-set cards print, which no edition lists

    @property
    def nothing(self) -> bool:
        """A type in no edition, not renamed, not of Un-set cards, not types written together:
        close matches apply."""
        known = self.found or self.spans or self.parts or self.unset
        return not (known or any(c for _, c in self.renames))


def look_up(word: str, edition: str | None, as_type: str | None, files: tuple[str, ...] = ()) -> Answer:
    """Everything `typeline lookup` says of `word` in `edition` (default: the newest) or in
    the user's rule `files`, and with `as_type` the answer of CR 205.3e for that card type."""
    text = " ".join(word.split())
    if not text:
        raise UsageError("nothing to look up: give a word, such as Goblin or 'Time Lord'")
    picked = chosen_rules(edition, files)
    label, rules = picked.edition, picked.rules
    found = found_in(rules, text)
    renames = _renames(rules, text)
    parts = parts_of(rules, text) if not found else ()
    if not any(p.found for p in parts):
        parts = ()  # words of which none is a type: no use telling them apart
    spans = _spans(fold(text), edition_dates())
    unset = None if found or spans else unset_subtype(text, any_case=True)
    answer = Answer(
        text,
        unset.word if unset else _spelling(text, found, spans, renames),
        label,
        picked.files,
        picked.mine,
        _removed_by(rules, text) if not found else None,
        found,
        spans,
        renames,
        parts,
        (),
        choose(rules, text, as_type, picked.phrase, _history(spans) or (unset.what if unset else ""))
        if as_type is not None
        else None,
        unset,
    )
    return answer._replace(matches=_matches(rules, text)) if answer.nothing else answer


def _removed_by(rules: RuleSet, word: str) -> str | None:
    return rules.provenance.removed_by((c.key for c in categories(rules)), word)


def _spelling(
    text: str,
    found: tuple[Found, ...],
    spans: tuple[Span, ...],
    renames: tuple[tuple[Rename, str | None], ...],
) -> str:
    """The word as this edition's lists spell it, else another edition's, else the renames'."""
    if found:
        return found[0].entry
    if spans:
        return spans[-1].entry
    key = fold(text)
    for rename, _ in renames:
        return rename.old if fold(rename.old) == key else rename.new
    return text


def _renames(rules: RuleSet, word: str) -> tuple[tuple[Rename, str | None], ...]:
    """Each rename of `word`, either way, with the word this edition has instead if any."""
    key = fold(word)
    instead = rules.type_rename(word) or rules.subtype_rename(word)
    return tuple(
        (r, instead[1] if instead and instead[0] == r else None)
        for r in rules.renames
        if key in (fold(r.old), fold(r.new))
    )


@cache
def _spans(key: str, editions: tuple[str, ...]) -> tuple[Span, ...]:
    """Where each list holding the folded word `key` has it, over every edition (kept per
    tuple of `editions`, shipped and user-imported, as an import adds one)."""
    runs: dict[str, list[list[str]]] = {}
    last: dict[str, Found] = {}
    before: set[str] = set()
    for label, rules in all_editions(editions):
        here = {f.category.key: f for f in found_in(rules, key)}
        for name, found in here.items():
            if name in before:
                runs[name][-1][1] = label
            else:
                runs.setdefault(name, []).append([label, label])
            last[name] = found
        before = set(here)
    return tuple(Span(last[k].category, tuple((a, b) for a, b in v), last[k].entry) for k, v in runs.items())


def _history(spans: tuple[Span, ...]) -> str:
    """'a creature type in the editions 2023-10-13 to 2026-09-25' (of a word this edition lacks)."""
    return join((f"{article(s.category.singular)} in the editions {_runs(s.runs)}" for s in spans), "and")


def _matches(rules: RuleSet, word: str) -> tuple[str, ...]:
    candidates = dict.fromkeys(e for c in categories(rules) for e in c.entries)
    return close_matches(word, tuple(candidates))


def lookup_command(
    word: str, edition: str | None, as_type: str | None, output_format: str, files: tuple[str, ...] = ()
) -> tuple[str, int]:
    """The output of `typeline lookup` and its exit status: 0 when the word is known (with
    `--as`, when it is a valid choice), 1 when not."""
    answer = look_up(word, edition, as_type, files)
    good = answer.choice.allowed if answer.choice else bool(answer.found)
    status = ExitStatus.OK if good else ExitStatus.FINDINGS
    if output_format == "json":
        return as_json(answer_data(answer)), status
    return "\n".join(_choice_text(answer) if answer.choice else _text(answer)) + "\n", status


# -- text -----------------------------------------------------------------------------------


def _text(answer: Answer) -> list[str]:
    word = printable(answer.word)
    what = kinds(answer.found) if answer.found else "not a card type, supertype or subtype"
    lines = [f"{word}: {what} in the {answer.edition} edition{answer.mine}"]
    if answer.removed_by:
        lines.append(f"  removed by {printable(answer.removed_by)}")
    lines += [f"  {s.category.singular}: {_runs(s.runs)}" for s in answer.spans]
    if not answer.spans:
        lines.append("  in no shipped edition")
    for rename, current in answer.renames:
        note = f"; this edition has {current}" if current else ""
        lines.append(f"  renamed: {renamed_text(rename)}{note}")
    if answer.unset:
        lines.append(f"  Un-set: {printable(answer.unset.what)}")
    if answer.parts:
        lines.append("  parts: " + ", ".join(_part_text(p) for p in answer.parts))
    if answer.nothing:
        lines.append(f"  close matches: {', '.join(answer.matches) or 'none'}")
    return lines


def _runs(runs: tuple[tuple[str, str], ...]) -> str:
    return ", ".join(first if first == last else f"{first} to {last}" for first, last in runs)


def _part_text(part: Part) -> str:
    what = join((f.category.singular for f in part.found), "and") or "not a type"
    return f"{printable(part.text)} ({what})"


def _choice_text(answer: Answer) -> list[str]:
    choice = answer.choice
    assert choice is not None
    word = printable(answer.word)
    verdict = "yes" if choice.allowed else "no"
    may = "may" if choice.allowed else "may not"
    where = f"{choice.rule}, {answer.edition} edition{answer.mine}"
    return [f"{verdict}: {word} {may} be chosen as {choice.asked} ({where})", f"  {printable(choice.reason)}"]


# -- JSON -----------------------------------------------------------------------------------


def answer_data(answer: Answer) -> dict[str, Any]:
    data: dict[str, Any] = {
        "version": JSON_VERSION,
        "query": answer.query,
        "word": answer.word,
        "edition": answer.edition,
        "rules_files": list(answer.files),
        "removed_by": answer.removed_by,
        "known": bool(answer.found),
        "found": [_found_data(f) for f in answer.found],
        "editions": [_span_data(s) for s in answer.spans],
        "renames": [_rename_data(r, c) for r, c in answer.renames],
        "parts": [{"text": p.text, "found": [_found_data(f) for f in p.found]} for p in answer.parts],
        "close_matches": list(answer.matches),
        "unset": answer.unset._asdict() if answer.unset else None,
    }
    if answer.choice:
        data["choice"] = answer.choice.data()
    return data


def _found_data(found: Found) -> dict[str, str | None]:
    category = found.category
    return {
        "category": category.key,
        "name": category.name,
        "rule": category.rule,
        "entry": found.entry,
        "added_by": found.added_by,
    }


def _span_data(span: Span) -> dict[str, Any]:
    return {
        "category": span.category.key,
        "name": span.category.name,
        "first": span.runs[0][0],
        "last": span.runs[-1][1],
        "runs": [{"first": a, "last": b} for a, b in span.runs],
    }


def _rename_data(rename: Rename, current: str | None) -> dict[str, Any]:
    return {**rename._asdict(), "in_this_edition": current}
