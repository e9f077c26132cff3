"""Code actions on a buffer's problems: each fix as a quick fix (a safe one preferred, an
unsafe one titled as such), the safe fixes of the whole file at once (`source.fixAll`), and,
in a format that reads `# typeline: ignore` comments (text, YAML), a directive for the code
on the problem's line (added to the line's directive where it has one)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lsprotocol import types

from mtg_typeline.server.checking import Edit, Problem
from mtg_typeline.server.positions import range_to_client

FIX_ALL = "source.fixAll.typeline"
FIX_ALL_TITLE = "typeline: fix all safe fixes in this file"
_DIRECTIVE = re.compile(r"#\s*typeline:\s*ignore\b(?P<codes>\s*\[[^\]]*\])?", re.IGNORECASE)


class Buffer:
    """A buffer as an action edits it: its URI, version, lines and the client's units."""

    def __init__(self, uri: str, version: int | None, lines: Sequence[str], encoding: str) -> None:
        self.uri, self.version, self.lines, self.encoding = uri, version, lines, encoding

    def edit(self, edits: Sequence[Edit]) -> types.WorkspaceEdit:
        """The workspace edit making `edits` (in characters) to this buffer."""
        changes = [
            types.TextEdit(range=range_to_client(self.encoding, self.lines, tuple(e[:4])), new_text=e.text)  # type: ignore[arg-type]
            for e in edits
        ]
        document = types.OptionalVersionedTextDocumentIdentifier(uri=self.uri, version=self.version)
        return types.WorkspaceEdit(
            document_changes=[types.TextDocumentEdit(text_document=document, edits=changes)]
        )


def quick_fix(problem: Problem, buffer: Buffer, diagnostic: types.Diagnostic) -> types.CodeAction | None:
    """The fix of `problem` as a quick fix; None if it has none."""
    if not problem.fix:
        return None
    shown = " ".join(repr(edit.text) for edit in problem.fix)
    title = f"Fix {problem.code}: {shown}" if problem.safe else f"Fix {problem.code} (unsafe fix): {shown}"
    return types.CodeAction(
        title=title,
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        is_preferred=problem.safe,
        edit=buffer.edit(problem.fix),
    )


def fix_all(text: str, fixed: str, buffer: Buffer) -> types.CodeAction | None:
    """The safe fixes of the file at once, as the buffer's text replaced; None if nothing changes."""
    if fixed == text:
        return None
    whole = Edit(0, 0, len(buffer.lines), 0, fixed)
    return types.CodeAction(title=FIX_ALL_TITLE, kind=FIX_ALL, edit=buffer.edit([whole]))


def ignore(problem: Problem, buffer: Buffer, diagnostic: types.Diagnostic) -> types.CodeAction | None:
    """`# typeline: ignore[CODE]` at the end of the problem's line; None where the line's
    directive silences every code already."""
    if problem.line >= len(buffer.lines):
        return None
    line = buffer.lines[problem.line].rstrip("\r\n")
    edit = ignore_edit(problem.line, line, problem.code)
    if edit is None:
        return None
    return types.CodeAction(
        title=f"Ignore {problem.code} on this line",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        edit=buffer.edit([edit]),
    )


def ignore_edit(number: int, line: str, code: str) -> Edit | None:
    """The edit that silences `code` on `line` (0-based `number`): the code added to the
    line's directive, or a directive of its own appended."""
    found = _DIRECTIVE.search(line)
    if found is None:
        end = len(line)
        return Edit(number, end, number, end, f"  # typeline: ignore[{code}]")
    codes = found.group("codes")
    if codes is None:
        return None  # `# typeline: ignore` silences every code
    close = found.end("codes") - 1
    listed = codes.strip()[1:-1].strip()
    return Edit(number, close, number, close, f", {code}" if listed else code)
