"""`--format text`: diagnostics for people, through rich.

    cards.txt:2:12: error TL304 subtype-type-mismatch
      Forest is a land type (205.3i), but this object is not a land
       = card: …   (when the input names its cards)
       |
     2 | Creature — Forest
       |            ^^^^^^
       = rules: 205.3d  An object can't have a subtype of a card type it lacks.
                205.3i  Lists the land types.
       = suggestion: …

A finding that `--fix` fixes is marked `[*]` after its code (`warning TL101 [*] dash-form`;
with `--unsafe-fixes`, unsafe fixes too); after `--fix`, "Fixed 2 findings in 1 file."
precedes the summary. A last line says, as ruff's does, how many `--fix` would fix and
how many more only `--unsafe-fixes` would ("[*] 2 fixable with --fix (1 more with
--unsafe-fixes)."), so that a newcomer learns what `[*]` means; after `--fix`, what was
left and why ("3 left: 1 needs --unsafe-fixes, 2 have no automatic fix.").

Everything that comes from the user (paths, type lines, words in messages) is shown as
plain text: rich markup is never interpreted, and control characters are drawn as visible
symbols, so a type line can neither style the output nor drive the terminal.

Output that is not styled (a pipe, a file, `--color never`) is written with the standard
library alone, as rich would print it: rich is imported only to style a terminal's output
or one whose colours are asked for, or to measure a terminal's width, so a run writing to
a pipe (CI, pre-commit, an editor) starts without it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol, TextIO

from mtg_typeline.display import printable
from mtg_typeline.findings import Finding, Severity, Summary
from mtg_typeline.reporters import (
    ReportSettings,
    RunResult,
    fix_hint,
    fix_mark,
    fixed_sentence,
    passed_sentences,
    summary_pieces,
)
from mtg_typeline.reporters.text_plain import Plain, PlainTexts
from mtg_typeline.ruleset import RuleSet

if TYPE_CHECKING:
    from rich.console import Console

STYLES = {Severity.ERROR: "bold red", Severity.WARNING: "bold yellow", Severity.INFO: "bold blue"}
WINDOW = 60  # characters of a long type line shown on each side of the offending span
# Characters one terminal cell wide, as rich measures them (a test holds this to rich's
# `cell_len`): the ones type lines and paths are made of, so measuring them needs no rich
ONE_CELL = frozenset(
    chr(c)
    for start, end in ((0x20, 0x7E), (0xA0, 0x2FF), (0x2010, 0x2027), (0x2400, 0x2426))
    for c in range(start, end + 1)
)


class Shown(Protocol):
    """What a finding or a sentence is built as: a rich `Text` when styled, else a `Plain`."""

    def append(self, text: str, style: str = ...) -> object: ...

    @property
    def plain(self) -> str: ...


def new_text(styled: bool, words: str = "", style: str = "") -> Shown:
    """A text of `words` in `style`: a rich `Text` to style, else a `Plain`."""
    if not styled:
        return Plain().append(words)
    from rich.text import Text

    return Text(words, style=style)


def cell_len(text: str) -> int:
    """How many terminal cells `text` takes, as rich measures it (rich only for the
    characters `ONE_CELL` does not hold: wide or combining ones)."""
    if ONE_CELL.issuperset(text):
        return len(text)
    from rich.cells import cell_len as measured

    return measured(text)


def make_console(out: TextIO, color: bool | None) -> Console:
    """A console on `out` that styles what it prints if `color` (None: see `wants_color`)."""
    from rich.console import Console

    if color is None:
        color = wants_color(out, os.environ)
    return Console(
        file=out,
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=True,
        force_terminal=color,
        no_color=not color,
        color_system="standard" if color else None,
    )


def wants_color(out: TextIO, environ: Mapping[str, str]) -> bool:
    """`--color auto`: NO_COLOR set (to anything but "") turns styles off, all of them, not
    only colours; else FORCE_COLOR set turns them on (https://force-color.org: even when
    `out` is no terminal); else `out` is styled when it is a terminal. Decided here rather
    than by rich, which would read FORCE_COLOR="" as "not a terminal" and NO_COLOR as "bold
    but no colours"."""
    if environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR"):
        return True
    try:
        return out.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    styled = _styled(out, settings.color)
    show = _printer(out, styled)
    width = terminal_width(out)
    marked = ((finding, fix_mark(finding, settings)) for finding in result.findings)
    if styled:
        for finding, mark in marked:
            show(render(finding, result.rules, mark, width))
    else:  # each distinct finding rendered once (see text_plain)

        def plain(finding: Finding, mark: str) -> str:
            return render(finding, result.rules, mark, width, styled=False).plain

        out.writelines(text + "\n" for text in PlainTexts(plain).texts(marked))
    if not settings.quiet:
        _close(result, show, styled, settings.unsafe_fixes)


def closing(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    """The closing sentences alone (the findings went to a file: `--output-file`)."""
    styled = _styled(out, settings.color)
    _close(result, _printer(out, styled), styled, settings.unsafe_fixes)


def _close(result: RunResult, show: Callable[[Shown], None], styled: bool, unsafe: bool) -> None:
    """ "Fixed 2 findings in 1 file." after --fix, the summary sentence, then what --fix
    would fix or, after it, what was left and why (`reporters.fix_hint`)."""

    def sentence(words: str, style: str = "") -> Shown:
        return new_text(styled, words, style)

    if (fixed := fixed_sentence(result.summary)) is not None:
        show(sentence(fixed, "bold"))
    show(summary_text(result.summary, styled=styled))
    for passed in passed_sentences(result.summary):
        show(sentence(passed))
    if (hint := fix_hint(result.findings, result.summary, unsafe)) is not None:
        show(sentence(hint))


def _styled(out: TextIO, color: bool | None) -> bool:
    """Whether the output is styled: `color`, or for None (`--color auto`) `wants_color`."""
    return wants_color(out, os.environ) if color is None else color


def terminal_width(out: TextIO) -> int | None:
    """The width to wrap prose at: the terminal's (as rich measures it: `COLUMNS`, else the
    terminal's size) when `out` is one; None (no wrapping) for a pipe or a file, whose
    readers (grep, editors) want a finding's lines whole."""
    try:
        if not out.isatty():
            return None
    except (AttributeError, ValueError):  # a closed or unusual stream
        return None
    from rich.console import Console

    return Console(file=out).width


def wrap(text: str, indent: int, width: int | None, hanging: int = 2) -> str:
    """`text`, which starts `indent` columns in, broken at spaces to fit `width` columns,
    each further line indented `hanging` columns more (as it is, without a width)."""
    if width is None or indent + len(text) <= width:
        return text
    import textwrap  # a terminal's output alone is wrapped

    lines = textwrap.wrap(
        text, max(20, width - indent), subsequent_indent=" " * hanging, break_on_hyphens=False
    )
    return ("\n" + " " * indent).join(lines)


def _printer(out: TextIO, styled: bool) -> Callable[[Shown], None]:
    """How a text is printed: through rich when it is styled; else as plain text, sparing
    rich's renderer (tens of thousands of findings print in a second, not half a minute)."""
    if styled:
        return make_console(out, color=True).print

    def plain(text: Shown) -> None:
        out.write(text.plain + "\n")

    return plain


def render(
    finding: Finding, rules: RuleSet, mark: str = "", width: int | None = None, *, styled: bool = True
) -> Shown:
    """One finding: header, message, the line with carets, cited rules, suggestion; `mark`
    (`[*]`: `--fix` fixes it) follows the code. With a `width` (a terminal's), the prose
    (message, rule summaries) is broken between words with a hanging indent, rather than
    by the terminal inside a word; the type line is never broken: the carets stay under it.
    Not `styled`: a `Plain` of the same characters."""
    text = new_text(styled)
    text.append(f"{printable(finding.path)}:{finding.line}:{finding.column}: ", style="bold")
    text.append(finding.severity.value, style=STYLES[finding.severity])
    text.append(f" {finding.code} ", style="bold")
    if mark:
        text.append(f"{mark} ", style="bold cyan")
    text.append(finding.name, style="dim")
    text.append("\n  ")
    text.append(wrap(printable(finding.message), 2, width))
    gutter = " " * len(str(finding.line))
    if finding.card is not None:
        text.append(f"\n {gutter} = ", style="blue")
        text.append("card: ", style="bold")
        text.append(printable(_shorten(finding.card)))
    if finding.type_line:
        span = finding.line_span
        shown, start, end = _window(finding.type_line, span.start, span.end)
        text.append(f"\n {gutter} |\n {finding.line} | ", style="blue")
        text.append(shown)
        text.append(f"\n {gutter} | ", style="blue")
        text.append(" " * cell_len(shown[:start]))
        text.append("^" * max(1, cell_len(shown[start:end])), style=STYLES[finding.severity])
    _append_rules(text, gutter, finding.rules, rules, width)
    if finding.suggestion is not None:
        text.append(f"\n {gutter} = ", style="blue")
        text.append("suggestion: ", style="bold")
        text.append(printable(_shorten(finding.suggestion)))
    return text


def _append_rules(
    text: Shown, gutter: str, cited: tuple[str, ...], rules: RuleSet, width: int | None = None
) -> None:
    widest = max((len(rule) for rule in cited), default=0)
    for index, rule in enumerate(cited):
        label = "rules: " if index == 0 else "       "
        text.append(f"\n {gutter} {'=' if index == 0 else ' '} ", style="blue")
        text.append(label, style="bold" if index == 0 else "")
        text.append(f"{rule.ljust(widest)}  ", style="bold")
        indent = len(gutter) + 4 + len(label) + widest + 2  # the summary's column
        text.append(wrap(rules.summary(rule), indent, width, hanging=0))  # under the summary


def _window(line: str, start: int, end: int) -> tuple[str, int, int]:
    """A printable slice of a long line around [start, end), with adjusted offsets."""
    shown = printable(line)
    if len(shown) <= 2 * WINDOW + 20:
        return shown, start, end
    left = max(0, start - WINDOW)
    right = min(len(shown), max(end, start + 1) + WINDOW)
    end = min(end, right)
    prefix = "\u2026" if left else ""
    suffix = "\u2026" if right < len(shown) else ""
    return prefix + shown[left:right] + suffix, start - left + len(prefix), end - left + len(prefix)


def _shorten(text: str, limit: int = 2 * WINDOW + 20) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def summary_text(summary: Summary, *, styled: bool = True) -> Shown:
    text = new_text(styled)
    for piece, severity in summary_pieces(summary):
        style = STYLES[Severity(severity)] if severity else ""
        text.append(piece, style="bold green" if piece == "No problems" else style)
    return text
