"""Rule files validated: the YAML of a rule file, of the renames file or of the Un-set
subtypes checked key by key and built into a `RuleSet`, `Rename`s (see
`mtg_typeline.ruleset.model`) or `UnsetSubtype`s.

Only a rule file read from disk passes through here; a rule set from the rule cache does
not, so `mtg_typeline.ruleset.editions` imports this module (and with it PyYAML) only when
the cache has no copy of the file. A problem is a `RulesDataError`, at its line and column
in the file where it has one. The schema is documented in docs/rules.md ("The format"); the
importer (`mtg_typeline.crimport`) writes files to it and reads its own data files as
strictly, with `read_text`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from mtg_typeline.errors import RulesDataError
from mtg_typeline.notation import fold
from mtg_typeline.ruleset.model import Rename, RuleSet, SubtypeList, UnsetSubtype, is_date
from mtg_typeline.ruleset.typenames import check_names, name_problem
from mtg_typeline.yamlnodes import NodeReader

if TYPE_CHECKING:
    from yaml.nodes import Node

SCHEMA = 1  # of the rule files, the renames file, the Un-set subtypes and the importer's summaries

# What each check cites, by meaning; the rule file says which rule carries it.
REQUIRED_CITATIONS = ("type-line", "subtype-syntax", "correlation", "obsolete-subtypes")
OPTIONAL_CITATIONS = (
    "no-gaining", "choose-subtype", "basic-meaning", "world-meaning", "ongoing-meaning",
    "kindred-other-type", "kindred-other-type-general", "planeswalker-legendary",
)  # fmt: skip

_LIST_KEY_RE = re.compile(r"^[a-z][a-z0-9_]*$")
_TOP_REQUIRED = (
    "schema", "edition", "source", "section", "card_types", "supertypes", "subtypes", "rules",
    "citations",
)  # fmt: skip
# no_subtypes is optional: the oldest editions (2009-07-11, 2009-09-04) have no such rule
_TOP_OPTIONAL = ("name", "no_subtypes")


def parse_rules(path: str | os.PathLike[str], text: str, renames: tuple[Rename, ...] = ()) -> RuleSet:
    """Validate the text of a rule file and build its `RuleSet`."""
    reader = NodeReader(path)
    root = reader.compose(text)
    top = reader.mapping(root, "the rule file", _TOP_REQUIRED, _TOP_OPTIONAL)
    schema = reader.integer(top["schema"], "schema")
    if schema != SCHEMA:
        raise reader.fail(top["schema"], f"schema {schema} is not supported (this tool reads {SCHEMA})")
    edition = reader.string(top["edition"], "edition")
    if not is_date(edition):
        raise reader.fail(top["edition"], f"edition {edition!r} is not a date (YYYY-MM-DD)")
    summaries = _summaries(reader, top["rules"])
    card_types, ct_rule = _named_list(reader, top["card_types"], "card_types")
    supertypes, st_rule = _named_list(reader, top["supertypes"], "supertypes")
    known_types = frozenset(card_types)
    lists = _subtype_lists(reader, top["subtypes"], known_types)
    no_subtypes, no_sub_rule = _no_subtypes(reader, top, known_types)
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


def _no_subtypes(
    reader: NodeReader, top: dict[str, Node], known_types: frozenset[str]
) -> tuple[tuple[str, ...], str]:
    """The card types without subtypes and their rule; none and "" where the file has none."""
    if "no_subtypes" not in top:
        return (), ""
    node = reader.mapping(top["no_subtypes"], "no_subtypes", ("rule", "card_types"))
    no_subtypes = reader.string_list(node["card_types"], "no_subtypes.card_types")
    _check_types_known(reader, node["card_types"], no_subtypes, known_types)
    return no_subtypes, reader.string(node["rule"], "no_subtypes.rule")


def _summaries(reader: NodeReader, node: Node) -> dict[str, str]:
    items = reader.any_mapping(node, "rules")
    return {key: reader.string(value, f"the summary of rule {key}") for key, (_, value) in items.items()}


def _named_list(reader: NodeReader, node: Node, what: str) -> tuple[tuple[str, ...], str]:
    fields = reader.mapping(node, what, ("rule", "entries"))
    entries = reader.string_list(fields["entries"], f"{what}.entries")
    check_names(reader, fields["entries"], entries, subtype=False)
    return entries, reader.string(fields["rule"], f"{what}.rule")


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
        entries = reader.string_list(fields["entries"], f"{what}.entries")
        check_names(reader, fields["entries"], entries, subtype=True)
        lists.append(
            SubtypeList(
                key=key,
                rule=reader.string(fields["rule"], f"{what}.rule"),
                name=reader.string(fields["name"], f"{what}.name"),
                card_types=frozenset(types),
                entries=entries,
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
        if key in top:
            cited.append((reader.any_mapping(top[key], key)["rule"][1], key))
    for list_key, (_, value) in reader.any_mapping(top["subtypes"], "subtypes").items():
        cited.append((reader.any_mapping(value, list_key)["rule"][1], f"subtypes.{list_key}"))
    for meaning, (_, value) in reader.any_mapping(top["citations"], "citations").items():
        cited.append((value, f"citations.{meaning}"))
    for node, what in cited:
        rule = reader.string(node, what)
        if rule not in summaries:
            raise reader.fail(node, f"rule {rule} is cited ({what}) but has no summary under 'rules'")


def load_renames(path: str | os.PathLike[str]) -> tuple[Rename, ...]:
    """The renames data file: words the rules dropped or renamed, with a source each."""
    reader, items = _schema_one_list(path, "the renames file", "renames")
    renames = []
    seen: set[str] = set()
    for item in items:
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


def _schema_one_list(path: str | os.PathLike[str], what: str, key: str) -> tuple[NodeReader, list[Node]]:
    """The items of a data file of schema 1 that holds one list under `key`, with its reader."""
    reader = NodeReader(path)
    top = reader.mapping(reader.compose(read_text(path)), what, ("schema", key))
    if reader.integer(top["schema"], "schema") != SCHEMA:
        raise reader.fail(top["schema"], f"only schema {SCHEMA} is supported")
    return reader, reader.sequence(top[key], key)


def load_unset_subtypes(path: str | os.PathLike[str]) -> tuple[UnsetSubtype, ...]:
    """The Un-set subtypes data file: words only Un-set cards print, each once, with its list,
    one card and a source."""
    reader, items = _schema_one_list(path, "the Un-set subtypes file", "subtypes")
    entries = []
    seen: set[str] = set()
    for item in items:
        fields = reader.mapping(item, "an Un-set subtype", ("word", "kind", "card", "source"))
        word = reader.string(fields["word"], "word")
        problem = name_problem(word, subtype=True)
        if problem is not None or fold(word) in seen:
            raise reader.fail(fields["word"], problem or f"{word!r} is listed twice")
        seen.add(fold(word))
        kind = reader.string(fields["kind"], "kind")
        if not _LIST_KEY_RE.match(kind):
            raise reader.fail(fields["kind"], f"kind {kind!r} must be a subtype list key, like 'creature'")
        card, source = reader.string(fields["card"], "card"), reader.string(fields["source"], "source")
        entries.append(UnsetSubtype(word, kind, card, source))
    return tuple(entries)


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of a rule-data file (a rule file, the renames, the importer's summaries):
    UTF-8, with or without a byte-order mark; a `RulesDataError` at the place it is not."""
    try:
        with open(path, "rb") as stream:
            data = stream.read()
        if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
            raise RulesDataError(f"{path}:1:1: the rule file is UTF-16; rule files are UTF-8")
        return data.decode("utf-8-sig")
    except OSError as exc:
        raise RulesDataError(f"{path}: cannot read the rule file: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        line, column = _position(exc.object, exc.start)
        raise RulesDataError(
            f"{path}:{line}:{column}: the rule file is not UTF-8 (byte 0x{exc.object[exc.start]:02x})"
        ) from None


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of byte `offset` in `data`."""
    before = data[:offset]
    line_start = before.rfind(b"\n") + 1
    column = len(before[line_start:].decode("utf-8", "replace")) + 1
    return before.count(b"\n") + 1, column
