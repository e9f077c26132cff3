"""Rule files: loading, validation, and the frozen `RuleSet` the checks consult.

A rule file describes the type-line section of one Comprehensive Rules edition: its card
types, supertypes, subtype lists (with rule numbers and the card types each belongs to),
the card types that have no subtypes, and a summary in our own words of every rule a
diagnostic cites. The schema is documented in README.md ("Rule files").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from mtg_typeline.errors import RulesDataError, UsageError
from mtg_typeline.yamlnodes import NodeReader, fold
from yaml.nodes import Node

SCHEMA = 1
RULES_DIR_NAME = "rules"
RENAMES_FILE = "renames.yaml"
_EDITION_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_LIST_KEY_RE = re.compile(r"^[a-z][a-z0-9_]*$")

# What each check cites, by meaning; the rule file says which rule carries it.
REQUIRED_CITATIONS = ("type-line", "subtype-syntax", "correlation", "obsolete-subtypes")
OPTIONAL_CITATIONS = ("no-gaining",)
_TYPE_KINDS = ("card_type", "supertype")


@dataclass(frozen=True, slots=True)
class SubtypeList:
    """One list of subtypes, such as the creature types (rule 205.3m)."""

    key: str
    rule: str
    name: str
    card_types: frozenset[str]
    entries: tuple[str, ...]
    whole: bool = False  # a plane's subtype is everything after the dash

    @property
    def singular(self) -> str:
        """'land type' for 'land types'."""
        return self.name[:-1] if self.name.endswith("s") else self.name


@dataclass(frozen=True, slots=True)
class Rename:
    """A word the rules dropped or renamed, with where that comes from."""

    old: str
    new: str
    kind: str  # "card_type", "supertype" or a subtype list key
    since: str | None
    source: str


@dataclass(frozen=True)
class RuleSet:
    """The type-line rules of one edition, as the checks need them."""

    path: str
    edition: str
    name: str
    source: str
    section: str
    card_types: tuple[str, ...]
    card_types_rule: str
    supertypes: tuple[str, ...]
    supertypes_rule: str
    lists: tuple[SubtypeList, ...]
    no_subtypes: tuple[str, ...]
    no_subtypes_rule: str
    summaries: Mapping[str, str]
    citations: Mapping[str, str]
    renames: tuple[Rename, ...] = ()
    _card_types: dict[str, str] = field(init=False, repr=False, compare=False)
    _supertypes: dict[str, str] = field(init=False, repr=False, compare=False)
    _subtypes: dict[str, tuple[tuple[SubtypeList, str], ...]] = field(init=False, repr=False, compare=False)
    _phrases: dict[str, tuple[tuple[str, ...], ...]] = field(init=False, repr=False, compare=False)
    _lists_for: dict[frozenset[str], tuple[SubtypeList, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        subtypes: dict[str, list[tuple[SubtypeList, str]]] = {}
        phrases: dict[str, set[tuple[str, ...]]] = {}
        for sublist in self.lists:
            for entry in sublist.entries:
                subtypes.setdefault(fold(entry), []).append((sublist, entry))
                words = tuple(fold(entry).split(" "))
                if len(words) > 1 and not sublist.whole:
                    phrases.setdefault(words[0], set()).add(words)
        init = object.__setattr__
        init(self, "_lists_for", {})
        init(self, "_card_types", {fold(t): t for t in self.card_types})
        init(self, "_supertypes", {fold(t): t for t in self.supertypes})
        init(self, "_subtypes", {k: tuple(v) for k, v in subtypes.items()})
        # longest phrase first, so the longest listed phrase wins at a position
        init(
            self,
            "_phrases",
            {k: tuple(sorted(v, key=len, reverse=True)) for k, v in phrases.items()},
        )

    def card_type(self, word: str) -> str | None:
        """The card type `word` names (any case, either apostrophe), or None."""
        return self._card_types.get(fold(word))

    def supertype(self, word: str) -> str | None:
        return self._supertypes.get(fold(word))

    def subtype_lists(self, text: str) -> tuple[tuple[SubtypeList, str], ...]:
        """Every list holding `text` as an entry, with the entry as the list spells it."""
        return self._subtypes.get(fold(text), ())

    def phrases_from(self, word: str) -> tuple[tuple[str, ...], ...]:
        """Listed multi-word subtypes (folded words) that begin with `word`."""
        return self._phrases.get(fold(word), ())

    def lists_for(self, card_types: frozenset[str]) -> tuple[SubtypeList, ...]:
        """The subtype lists of an object with these card types."""
        found = self._lists_for.get(card_types)
        if found is None:
            found = tuple(s for s in self.lists if s.card_types & card_types)
            if len(self._lists_for) < 4096:
                self._lists_for[card_types] = found
        return found

    def type_rename(self, word: str) -> tuple[Rename, str] | None:
        """For a card type or supertype this edition does not know by `word`: the rename that
        explains it and the edition's own word (the new name, or the old one for an edition
        older than the rename)."""
        return self._renamed(word, lambda r: r.kind in _TYPE_KINDS, self._type_word)

    def subtype_rename(self, word: str) -> tuple[Rename, str] | None:
        """As `type_rename`, for subtypes (Hound -> Dog, Kaladesh -> Avishkar)."""
        return self._renamed(word, lambda r: r.kind not in _TYPE_KINDS, self._subtype_word)

    def _type_word(self, word: str) -> str | None:
        return self.card_type(word) or self.supertype(word)

    def _subtype_word(self, word: str) -> str | None:
        found = self.subtype_lists(word)
        return found[0][1] if found else None

    def _renamed(
        self, word: str, kind: Callable[[Rename], bool], known: Callable[[str], str | None]
    ) -> tuple[Rename, str] | None:
        if known(word):
            return None
        key = fold(word)
        for rename in self.renames:
            if not kind(rename):
                continue
            if fold(rename.old) == key and (current := known(rename.new)):
                return rename, current
            if fold(rename.new) == key and (current := known(rename.old)):
                return rename, current
        return None

    def cite(self, meaning: str) -> tuple[str, ...]:
        """The rule carrying `meaning` in this edition; () if this edition has none."""
        rule = self.citations.get(meaning)
        return (rule,) if rule else ()

    def summary(self, rule: str) -> str:
        return self.summaries.get(rule, "")

    @property
    def all_words(self) -> frozenset[str]:
        """Every card type, supertype and subtype this edition knows."""
        words = {*self.card_types, *self.supertypes}
        for sublist in self.lists:
            words.update(sublist.entries)
        return frozenset(words)


def rules_dir() -> Path:
    """The shipped rule files: inside the installed package, or beside `cli/` in a checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / RULES_DIR_NAME, here.parent / RULES_DIR_NAME):
        if (candidate / RENAMES_FILE).is_file():
            return candidate
    raise RulesDataError(f"the shipped rule files are missing (looked in {here / RULES_DIR_NAME})")


def shipped_editions() -> tuple[str, ...]:
    """Effective dates of the shipped editions, oldest first."""
    return tuple(sorted(p.stem for p in rules_dir().glob("*.yaml") if _EDITION_RE.match(p.stem)))


def load_rules(edition: str | None = None, path: str | Path | None = None) -> RuleSet:
    """The rule set of a shipped `edition` (default: the newest), or of the file at `path`."""
    if path is not None:
        return _load_cached(str(path))
    editions = shipped_editions()
    if not editions:
        raise RulesDataError(f"no rule files in {rules_dir()}")
    chosen = edition or editions[-1]
    if chosen not in editions:
        raise UsageError(
            f"no shipped edition is effective {chosen!r}; the editions are: {', '.join(editions)}"
        )
    return _load_cached(str(rules_dir() / f"{chosen}.yaml"))


@cache
def _load_cached(path: str) -> RuleSet:
    renames = load_renames(rules_dir() / RENAMES_FILE)
    return parse_rules(Path(path), _read_text(Path(path)), renames)


def _read_text(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise RulesDataError(f"{path}: cannot read the rule file: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise RulesDataError(f"{path}: the rule file is not UTF-8 (byte {exc.start})") from None


_TOP_REQUIRED = (
    "schema", "edition", "source", "section", "card_types", "supertypes", "subtypes",
    "no_subtypes", "rules", "citations",
)  # fmt: skip


def parse_rules(path: Path, text: str, renames: tuple[Rename, ...] = ()) -> RuleSet:
    """Validate the text of a rule file and build its `RuleSet`."""
    reader = NodeReader(path)
    root = reader.compose(text)
    top = reader.mapping(root, "the rule file", _TOP_REQUIRED, ("name",))
    schema = reader.integer(top["schema"], "schema")
    if schema != SCHEMA:
        raise reader.fail(top["schema"], f"schema {schema} is not supported (this tool reads {SCHEMA})")
    edition = reader.string(top["edition"], "edition")
    if not _EDITION_RE.match(edition):
        raise reader.fail(top["edition"], f"edition {edition!r} is not a date (YYYY-MM-DD)")
    summaries = _summaries(reader, top["rules"])
    card_types, ct_rule = _named_list(reader, top["card_types"], "card_types")
    supertypes, st_rule = _named_list(reader, top["supertypes"], "supertypes")
    known_types = frozenset(card_types)
    lists = _subtype_lists(reader, top["subtypes"], known_types)
    no_sub_node = reader.mapping(top["no_subtypes"], "no_subtypes", ("rule", "card_types"))
    no_subtypes = reader.string_list(no_sub_node["card_types"], "no_subtypes.card_types")
    _check_types_known(reader, no_sub_node["card_types"], no_subtypes, known_types)
    no_sub_rule = reader.string(no_sub_node["rule"], "no_subtypes.rule")
    citations = _citations(reader, top["citations"])
    _check_cited(reader, top, summaries)
    return RuleSet(
        path=str(path),
        edition=edition,
        name=reader.string(top["name"], "name") if "name" in top else edition,
        source=reader.string(top["source"], "source"),
        section=reader.string(top["section"], "section"),
        card_types=card_types,
        card_types_rule=ct_rule,
        supertypes=supertypes,
        supertypes_rule=st_rule,
        lists=lists,
        no_subtypes=no_subtypes,
        no_subtypes_rule=no_sub_rule,
        summaries=summaries,
        citations=citations,
        renames=renames,
    )


def _summaries(reader: NodeReader, node: Node) -> dict[str, str]:
    items = reader.any_mapping(node, "rules")
    return {key: reader.string(value, f"the summary of rule {key}") for key, (_, value) in items.items()}


def _named_list(reader: NodeReader, node: Node, what: str) -> tuple[tuple[str, ...], str]:
    fields = reader.mapping(node, what, ("rule", "entries"))
    return reader.string_list(fields["entries"], f"{what}.entries"), reader.string(
        fields["rule"], f"{what}.rule"
    )


def _subtype_lists(reader: NodeReader, node: Node, known_types: frozenset[str]) -> tuple[SubtypeList, ...]:
    lists = []
    for key, (key_node, value) in reader.any_mapping(node, "subtypes").items():
        if not _LIST_KEY_RE.match(key):
            raise reader.fail(key_node, f"subtype list key {key!r} must be lower case, like 'creature'")
        what = f"subtypes.{key}"
        fields = reader.mapping(value, what, ("rule", "name", "card_types", "entries"), ("grouping",))
        grouping = reader.string(fields["grouping"], f"{what}.grouping") if "grouping" in fields else "words"
        if grouping not in ("words", "whole"):
            raise reader.fail(fields["grouping"], f"{what}.grouping must be 'words' or 'whole'")
        types = reader.string_list(fields["card_types"], f"{what}.card_types")
        _check_types_known(reader, fields["card_types"], types, known_types)
        lists.append(
            SubtypeList(
                key=key,
                rule=reader.string(fields["rule"], f"{what}.rule"),
                name=reader.string(fields["name"], f"{what}.name"),
                card_types=frozenset(types),
                entries=reader.string_list(fields["entries"], f"{what}.entries"),
                whole=grouping == "whole",
            )
        )
    return tuple(lists)


def _check_types_known(reader: NodeReader, node: Node, types: tuple[str, ...], known: frozenset[str]) -> None:
    for item, name in zip(reader.sequence(node, "card_types"), types, strict=True):
        if name not in known:
            raise reader.fail(item, f"{name!r} is not one of this file's card_types")


def _citations(reader: NodeReader, node: Node) -> dict[str, str]:
    fields = reader.mapping(node, "citations", REQUIRED_CITATIONS, OPTIONAL_CITATIONS)
    return {key: reader.string(value, f"citations.{key}") for key, value in fields.items()}


def _check_cited(reader: NodeReader, top: dict[str, Node], summaries: Mapping[str, str]) -> None:
    """Every rule the file cites (lists, types, citations) needs a summary under `rules`."""
    cited: list[tuple[Node, str]] = []
    for key in ("card_types", "supertypes", "no_subtypes"):
        cited.append((reader.any_mapping(top[key], key)["rule"][1], key))
    for list_key, (_, value) in reader.any_mapping(top["subtypes"], "subtypes").items():
        cited.append((reader.any_mapping(value, list_key)["rule"][1], f"subtypes.{list_key}"))
    for meaning, (_, value) in reader.any_mapping(top["citations"], "citations").items():
        cited.append((value, f"citations.{meaning}"))
    for node, what in cited:
        rule = reader.string(node, what)
        if rule not in summaries:
            raise reader.fail(node, f"rule {rule} is cited ({what}) but has no summary under 'rules'")


def load_renames(path: Path) -> tuple[Rename, ...]:
    """The renames data file: words the rules dropped or renamed, with a source each."""
    reader = NodeReader(path)
    top = reader.mapping(reader.compose(_read_text(path)), "the renames file", ("schema", "renames"))
    if reader.integer(top["schema"], "schema") != SCHEMA:
        raise reader.fail(top["schema"], f"only schema {SCHEMA} is supported")
    renames = []
    seen: set[str] = set()
    for item in reader.sequence(top["renames"], "renames"):
        fields = reader.mapping(item, "a rename", ("old", "new", "kind", "since", "source"))
        old = reader.string(fields["old"], "old")
        if fold(old) in seen:
            raise reader.fail(fields["old"], f"{old!r} is renamed twice")
        seen.add(fold(old))
        renames.append(
            Rename(
                old=old,
                new=reader.string(fields["new"], "new"),
                kind=reader.string(fields["kind"], "kind"),
                since=reader.optional_string(fields["since"], "since"),
                source=reader.string(fields["source"], "source"),
            )
        )
    return tuple(renames)
