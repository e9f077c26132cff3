"""Reading the user's rule files for `mtg_typeline.ruleset.custom`: full and custom files,
chains of `extends:`, files applied one on top of another; every file read is remembered,
so the rule cache can key its entry on all of them.

A custom file's shape is read by `customfile`, its changes applied by `extend`; a full file
is validated by `validate`, and a shipped edition a custom file extends comes from `editions`.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from mtg_typeline import __version__
from mtg_typeline.errors import UsageError
from mtg_typeline.ruleset import cache as rulecache
from mtg_typeline.ruleset.customfile import CustomFile, check_not_partial, is_custom, read_custom
from mtg_typeline.ruleset.editions import (
    INDEX_FILE,
    NEWEST,
    load_edition,
    load_rule_file,
    shipped_folder,
    user_index,
)
from mtg_typeline.ruleset.extend import apply_custom
from mtg_typeline.ruleset.validate import load_renames, parse_rules, read_text
from mtg_typeline.yamlnodes import NodeReader

if TYPE_CHECKING:
    from yaml.nodes import Node

    from mtg_typeline.ruleset.model import Rename, RuleSet


class Loader:
    """Reads the rule files of one run, remembering every file it read (for the cache)."""

    def __init__(self, renames_path: str) -> None:
        self.renames_path = renames_path
        self._renames: tuple[Rename, ...] | None = None
        self.read: list[str] = []
        self.full_file: RuleSet | None = None  # set when the one file given is a full one

    def load(self, given: tuple[str, ...]) -> RuleSet:
        """The rules of the files `given`, in order: a custom file first is built on what it
        extends, a custom file later on the rules so far, a full file replaces them."""
        rules: RuleSet | None = None
        files: tuple[str, ...] = ()
        for path in given:
            text, reader, root = self._compose(path)
            check_not_partial(reader, root)
            if not is_custom(root):
                if len(given) == 1:
                    self.full_file = load_rule_file(path)  # as a full file was always read
                    return self.full_file
                rules, files = parse_rules(path, text, self.renames()), (path,)
                continue
            custom = read_custom(reader, root)
            if rules is None:
                rules = self._chain(custom, (path,))
            else:
                self._check_applies(custom, rules, files)
                rules = apply_custom(custom, rules, files)
            files = rules.provenance.files
        assert rules is not None
        return rules

    def _compose(self, path: str) -> tuple[str, NodeReader, Node | None]:
        text = read_text(path)
        self.read.append(path)
        reader = NodeReader(path)
        return text, reader, reader.compose_optional(text)

    def renames(self) -> tuple[Rename, ...]:
        if self._renames is None:
            self._renames = load_renames(self.renames_path)
        return self._renames

    def _chain(self, custom: CustomFile, chain: tuple[str, ...]) -> RuleSet:
        """The rules of `custom` on the rules it extends; `chain` is the files that led here."""
        extends = custom.extends
        if extends.edition is not None:
            return apply_custom(custom, self._edition(custom), ())
        target = extends.path_from(custom.path)
        if os.path.realpath(target) in {os.path.realpath(p) for p in chain}:
            raise custom.reader.fail(extends.node, f"extends cycle: {' → '.join((*chain, target))}")
        if not os.path.isfile(target):
            raise custom.reader.fail(
                extends.node, f"extends {extends.value!r}, but there is no file {target}"
            )
        text, reader, root = self._compose(target)
        check_not_partial(reader, root)
        if is_custom(root):
            base = self._chain(read_custom(reader, root), (*chain, target))
            return apply_custom(custom, base, base.provenance.files)
        return apply_custom(custom, parse_rules(target, text, self.renames()), (target,))

    def _edition(self, custom: CustomFile) -> RuleSet:
        """The shipped edition `custom` extends."""
        extends = custom.extends
        try:
            rules = load_edition(None if extends.edition == NEWEST else extends.edition)
        except UsageError as exc:  # the message of --edition, at the place in the file
            raise custom.reader.fail(extends.node, f"extends {extends.value!r}: {exc}") from None
        # the folders and their indexes too: a new edition changes what 'newest' is
        folder = shipped_folder()
        index = os.path.join(folder, INDEX_FILE)
        mine = user_index()  # the user-imported editions (the cache key says whether there are any)
        self.read += [rules.path, folder, *([index] if os.path.isfile(index) else [])]
        self.read += [mine] if mine else []
        return rules

    def _check_applies(self, custom: CustomFile, rules: RuleSet, files: tuple[str, ...]) -> None:
        """A custom file given after others must extend what it is applied on."""
        extends = custom.extends
        if extends.edition is not None:
            wanted = self._edition(custom).edition
            if wanted != rules.edition:
                raise custom.reader.fail(
                    extends.node,
                    f"extends {extends.value!r}, but it is applied on the {rules.edition} edition "
                    f"(from {', '.join(files)})",
                )
            return
        target = os.path.realpath(extends.path_from(custom.path))
        if target not in {os.path.realpath(p) for p in files}:
            raise custom.reader.fail(
                extends.node,
                f"extends {extends.value!r}, which is not one of the rule files before it "
                f"({', '.join(files)})",
            )

    def entry(self, rules: RuleSet) -> dict[str, Any] | None:
        """What the cache keeps: a mark for a full file alone, else the rules and their files;
        None when a file can't be looked at."""
        if self.full_file is not None:
            return {"full": True}
        files = tuple(dict.fromkeys((*self.read, self.renames_path)))
        key = rulecache.key_of(__version__, files)
        if key is None:
            return None
        return {"files": files, "key": key, "path": rules.path, "rules": rulecache.to_data(rules)}
