"""Strict reading of YAML data files, with `file:line:column` in every error.

PyYAML's constructors keep the last of two equal keys silently and forget positions, so
rule files are composed to nodes and read here, node by node.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from mtg_typeline.errors import RulesDataError, TypelineError
from mtg_typeline.notation import fold

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_NULL = "tag:yaml.org,2002:null"
_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


class NodeReader:
    """Reads composed YAML nodes of one file and raises `RulesDataError` with positions."""

    def __init__(self, path: os.PathLike[str] | str, error: type[TypelineError] = RulesDataError) -> None:
        self.path = str(path)
        self.error = error

    def compose(self, text: str) -> Node:
        node = self.compose_optional(text)
        if node is None:
            raise self.error(f"{self.path}:1:1: the file is empty")
        return node

    def compose_optional(self, text: str) -> Node | None:
        """The document's node, or None for an empty document (or one of comments only)."""
        try:
            node: Node | None = yaml.compose(text, Loader=_Loader)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            where = f"{self.path}:{mark.line + 1}:{mark.column + 1}" if mark else self.path
            raise self.error(f"{where}: not valid YAML: {exc.problem or exc}") from None
        except yaml.YAMLError as exc:  # (a character YAML doesn't allow: a ReaderError)
            at = getattr(exc, "position", None)
            line, column = _place(text, at) if isinstance(at, int) else (1, 1)
            said = str(exc).split("\n", 1)[0]  # (what follows names no file: "<unicode string>")
            raise self.error(f"{self.path}:{line}:{column}: not valid YAML: {said}") from None
        return node

    def where(self, node: Node) -> str:
        mark = node.start_mark
        return f"{self.path}:{mark.line + 1}:{mark.column + 1}"

    def fail(self, node: Node, message: str) -> TypelineError:
        return self.error(f"{self.where(node)}: {message}")

    def mapping(
        self, node: Node, what: str, required: Iterable[str], optional: Iterable[str] = ()
    ) -> dict[str, Node]:
        """The keys of a mapping with only the allowed keys, each once, the required present."""
        required = tuple(required)
        allowed = (*required, *optional)
        items = self.any_mapping(node, what)
        for key, (key_node, _) in items.items():
            if key not in allowed:
                raise self.fail(key_node, f"unknown key {key!r} in {what} (allowed: {', '.join(allowed)})")
        for key in required:
            if key not in items:
                raise self.fail(node, f"{what} lacks the required key {key!r}")
        return {key: value for key, (_, value) in items.items()}

    def any_mapping(self, node: Node, what: str) -> dict[str, tuple[Node, Node]]:
        """Every key of a mapping, each once: key -> (key node, value node)."""
        if not isinstance(node, MappingNode):
            raise self.fail(node, f"{what} must be a mapping")
        items: dict[str, tuple[Node, Node]] = {}
        for key_node, value_node in node.value:
            key = self.string(key_node, f"a key in {what}")
            if key in items:
                first = items[key][0].start_mark.line + 1
                raise self.fail(key_node, f"duplicate key {key!r} in {what} (first on line {first})")
            items[key] = (key_node, value_node)
        return items

    def string(self, node: Node, what: str) -> str:
        if not isinstance(node, ScalarNode) or node.tag != _STR:
            raise self.fail(node, f"{what} must be a string")
        value = str(node.value)
        if not value.strip():
            raise self.fail(node, f"{what} must not be empty")
        if _CONTROL.search(value):
            raise self.fail(node, f"{what} holds a control character")
        return value

    def integer(self, node: Node, what: str) -> int:
        if not isinstance(node, ScalarNode) or node.tag != _INT or not str(node.value).isdigit():
            raise self.fail(node, f"{what} must be a whole number")
        return int(node.value)

    def optional_string(self, node: Node, what: str) -> str | None:
        if isinstance(node, ScalarNode) and node.tag == _NULL:
            return None
        return self.string(node, what)

    def sequence(self, node: Node, what: str) -> list[Node]:
        if not isinstance(node, SequenceNode):
            raise self.fail(node, f"{what} must be a list")
        return list(node.value)

    def string_list(self, node: Node, what: str, *, empty_ok: bool = False) -> tuple[str, ...]:
        """A list of distinct strings (compared case-insensitively, either apostrophe)."""
        seen: dict[str, Node] = {}
        values: list[str] = []
        items = self.sequence(node, what)
        if not items and not empty_ok:
            raise self.fail(node, f"{what} must not be empty")
        for item in items:
            value = self.string(item, f"an entry of {what}")
            if value != value.strip() or "  " in value:
                raise self.fail(item, f"entry {value!r} of {what} has stray spaces")
            key = fold(value)
            if key in seen:
                first = seen[key].start_mark.line + 1
                raise self.fail(item, f"duplicate entry {value!r} in {what} (first on line {first})")
            seen[key] = item
            values.append(value)
        return tuple(values)


def _place(text: str, offset: int) -> tuple[int, int]:
    """The line and column of the place a reader error gives: an offset in the text's UTF-8
    bytes from libyaml's loader, in its characters from PyYAML's own."""
    if _Loader is yaml.SafeLoader:
        before = text[:offset]
    else:
        before = text.encode("utf-8", "surrogatepass")[:offset].decode("utf-8", "replace")
    return before.count("\n") + 1, len(before) - before.rfind("\n")
