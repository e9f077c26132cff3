"""Putting out what `--diff` shows, in the form the run's `--format` asks for: a diff to
read (`text`, `concise`: see `fix.review`; on a terminal with its control characters drawn
as symbols, `fix.diff.on_terminal`), or the edits as data (`json`: one document
when the run ends; `json-lines`: one object a line as each file is done).

The JSON document is `{"edits": [Revision…], "summary": {"fixes": N, "files": M}}`, each
revision as `fix.review.Revision` says, in the order the files were read, by place in
each; a JSON line is one revision.
"""

from __future__ import annotations

import json
from typing import TextIO

from mtg_typeline.fix.diff import on_terminal
from mtg_typeline.fix.review import Revision, Valued, revisions, shown
from mtg_typeline.fix.writing import Change, write_bytes
from mtg_typeline.fix.zipped import member_diffs

DIFF_FORMATS = ("text", "concise", "json", "json-lines")  # the formats --diff prints in


class DiffOutput:
    """The `--diff` output of one run, in `form` (one of `DIFF_FORMATS`), to `out`."""

    def __init__(self, form: str, out: TextIO) -> None:
        self.form = form
        self.out = out
        self.found: list[Revision] = []

    def show(self, change: Change) -> None:
        """Put out (or hold, for one JSON document) what a file's change comes to."""
        if self.form in ("json", "json-lines"):
            self.revise(change)
            return
        members = member_diffs(change.members) if change.members else b""
        shows = members or shown(change.path, change.old, change.new, change.values, change.encoding)
        write_bytes(self.out, on_terminal(shows) if _is_terminal(self.out) else shows)

    def revise(self, change: Change) -> None:
        parts: list[tuple[str, bytes, bytes, tuple[Valued, ...]]]
        parts = [(m.path, m.old, m.new, ()) for m in change.members]
        parts = parts or [(change.path, change.old, change.new, change.values)]
        found = [revision for part in parts for revision in revisions(*part, change.encoding)]
        if self.form == "json":
            self.found += found
            return
        for revision in found:
            self.out.write(json.dumps(revision.as_json(), ensure_ascii=False) + "\n")

    def close(self, fixes: int, files: int) -> None:
        """End the output: the JSON document of every edit, with what they fix."""
        if self.form != "json":
            return
        document = {
            "edits": [revision.as_json() for revision in self.found],
            "summary": {"fixes": fixes, "files": files},
        }
        self.out.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")


def _is_terminal(out: TextIO) -> bool:
    """Whether `out` is a terminal, which `--diff` must not drive (see `fix.diff`)."""
    try:
        return out.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False
