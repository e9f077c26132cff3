"""Reports of one text a finding whose texts, from place to place of a repeated line, differ
in the line number alone (`--format github`, `junit`, `concise`; `json-lines` does the same
through `json_format.EncodedFindings`): what comes before a finding's line and what comes
after it are made once per distinct finding, and each place writes its line between them.

A million type lines hold tens of thousands of findings but a few hundred distinct ones:
making each text whole (formatting, escaping, encoding) took several times as long as the
rest of the report. A finding whose words at fault run onto another line of the file (its
`end_line` another line) is made whole, as the reporter makes it. To standard output and to a
report file that write UTF-8 (`reporters.utf8_under`), the texts are written as bytes under
the text stream, each piece encoded once and the line number written in ASCII between them;
to any other stream, as text. Either way some thousand texts go out in one write.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import AnyStr, TextIO

from mtg_typeline.findings import LINE_FIELD, Finding
from mtg_typeline.reporters import utf8_under

# What a finding's text is made of around its line: the text before the line, and after it
Pieces = Callable[[Finding], tuple[str, str]]
_AT_ONCE = 1024  # texts written at once
_REMEMBERED = 16384  # distinct findings kept (cleared when full: real data repeats a few thousand)


def write_stamped(
    out: TextIO,
    findings: Iterable[Finding],
    pieces: Pieces,
    whole: Callable[[Finding], str],
    encoded: bool = True,
) -> None:
    """Write the text of each of `findings` to `out`: `pieces` of a finding on one line, made
    once per distinct finding, with its line between them; `whole` of any other. Not
    `encoded`: as text, whatever the stream (for a report that writes a few findings at a
    time between texts of its own, which would each be written out before the bytes)."""
    under = utf8_under(out) if encoded else None
    if under is not None:
        out.flush()  # (what `out` holds goes first)
        _write(under.stream.write, findings, pieces, whole, under.encode, b"%b%d%b")
    else:
        _write(out.write, findings, pieces, whole, str, "%s%d%s")


def _write(
    write: Callable[[AnyStr], object],
    findings: Iterable[Finding],
    pieces: Pieces,
    whole: Callable[[Finding], str],
    encode: Callable[[str], AnyStr],
    stamp: AnyStr,
) -> None:
    """`write_stamped` by `write`, each text made by `encode` (once for a distinct finding's
    pieces), a finding on one line by `stamp` of its pieces and its line."""
    known: dict[tuple[object, ...], tuple[AnyStr, AnyStr]] = {}
    held: list[AnyStr] = []
    finding: Finding
    for finding in findings:
        line, last = finding.line, finding.end_line
        if last and last != line:
            held.append(encode(whole(finding)))
        else:
            key = (*finding[:LINE_FIELD], finding.card, finding.span)
            made = known.get(key)
            if made is None:
                if len(known) >= _REMEMBERED:
                    known.clear()
                before, after = pieces(finding)
                made = known[key] = (encode(before), encode(after))
            held.append(stamp % (made[0], line, made[1]))
        if len(held) >= _AT_ONCE:
            write(stamp[:0].join(held))
            held.clear()
    write(stamp[:0].join(held))
