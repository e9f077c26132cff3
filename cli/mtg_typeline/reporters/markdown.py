"""`--format markdown`: a GitHub-flavoured Markdown report, for a job's step summary
(`$GITHUB_STEP_SUMMARY`) and merge-request comments.

    ## typeline

    Found 1 error and 1 warning in 3 type lines in 1 file.

    ### Findings by code

    | count | code | name | severity |
    | ---: | --- | --- | --- |
    | 1 | TL304 | subtype-type-mismatch | error |
    | 1 | TL101 | dash-form | warning |

    ### Findings by file

    | file | code | count | first line |
    | --- | --- | ---: | ---: |
    | cards.txt | TL101 | 1 | 2 |
    | cards.txt | TL304 | 1 | 3 |

    ### Findings

    - `cards.txt:2:9` **TL101** warning (fixable): the dash is written as '-'; …
    - `cards.txt:3:12` **TL304** error: Forest is a land type (205.3i), but …

    Fixable findings are fixed by `typeline check --fix`.

The table of codes is `--statistics`' (most frequent first); the table of files has a row
per file and code, in path order; the list holds the first findings in path order, and a
last line says how many more there are. A clean run prints the heading and "No problems in
… type lines in … files.". `--fix` adds its "Fixed …" sentence.

GitHub keeps at most 1 MiB of summary per step, so the report is bounded whatever the run
found: at most MAX_ROWS rows of files, MAX_LISTED findings and MAX_CHARS characters of each
path, message and card name (a longer one ends in "…"): under 400 KiB in all.

User text can't become markup. In the list, a finding's place is a code span, fenced by one
backtick more than it holds. Elsewhere (table cells, messages, card names) `&`, `<` and `>`
are HTML entities and the other characters Markdown gives a meaning inside a line
(`` \\ ` * _ ~ [ ] | $ ``) are escaped with a backslash; that works in table cells too,
where a code span would not (GFM splits cells at `|` before it reads code spans). Control
characters are drawn as visible symbols, as in the other formats, so every finding is one
line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TextIO

from mtg_typeline.display import printable
from mtg_typeline.findings import Finding
from mtg_typeline.reporters import (
    ReportSettings,
    RunResult,
    fix_mark,
    fixed_sentence,
    passed_sentences,
    summary_pieces,
)
from mtg_typeline.reporters.statistics import rows as code_rows

HEADING = "## typeline"
MAX_ROWS = 100  # rows of the table of files
MAX_LISTED = 100  # findings listed one by one
MAX_CHARS = 200  # of each path, message or card name shown
_ESCAPES = {ord(c): "\\" + c for c in "\\`*_~[]|$"} | {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;"}
_BACKTICKS = re.compile("`+")


def report(result: RunResult, out: TextIO, settings: ReportSettings) -> None:
    out.write("\n".join(lines(result, settings)) + "\n")


def lines(result: RunResult, settings: ReportSettings) -> Iterator[str]:
    yield HEADING
    yield ""
    if (fixed := fixed_sentence(result.summary)) is not None:
        yield fixed
    yield "".join(text for text, _ in summary_pieces(result.summary))
    yield from passed_sentences(result.summary)
    if result.findings:
        yield from codes_table(result)
        yield from files_table(result.findings)
        yield from listed(result.findings, settings)


def codes_table(result: RunResult) -> Iterator[str]:
    yield from ("", "### Findings by code", "")
    yield from ("| count | code | name | severity |", "| ---: | --- | --- | --- |")
    for row in code_rows(result):
        yield f"| {row['count']:,} | {row['code']} | {row['name']} | {row['severity']} |"


def files_table(findings: tuple[Finding, ...]) -> Iterator[str]:
    """A row per file and code: how many findings, and the line of the first."""
    counts: dict[tuple[str, str], list[int]] = {}
    for finding in findings:
        counts.setdefault((finding.path, finding.code), [0, finding.line])[0] += 1
    ordered = sorted(counts.items(), key=lambda item: (item[0][0], item[0][1], item[1][1]))
    yield from ("", "### Findings by file", "", "| file | code | count | first line |")
    yield "| --- | --- | ---: | ---: |"
    for (path, code), (number, line) in ordered[:MAX_ROWS]:
        yield f"| {escape(path)} | {code} | {number:,} | {line} |"
    if len(ordered) > MAX_ROWS:
        yield ""
        yield f"And {len(ordered) - MAX_ROWS:,} more rows."


def listed(findings: tuple[Finding, ...], settings: ReportSettings) -> Iterator[str]:
    yield from ("", "### Findings", "")
    for finding in findings[:MAX_LISTED]:
        yield "- " + item(finding, fix_mark(finding, settings))
    if len(findings) > MAX_LISTED:
        more = len(findings) - MAX_LISTED
        yield ""
        yield f"And {more:,} more {'finding' if more == 1 else 'findings'}."
    if any(fix_mark(finding, settings) for finding in findings):
        yield ""
        yield "Fixable findings are fixed by `typeline check --fix`."


def item(finding: Finding, mark: str) -> str:
    """One finding: its place as a code span, its code, severity and message."""
    where = code_span(f"{finding.path}:{finding.line}:{finding.column}")
    fixable = " (fixable)" if mark else ""
    card = "" if finding.card is None else f" (card: {escape(finding.card)})"
    return f"{where} **{finding.code}** {finding.severity.value}{fixable}: {escape(finding.message)}{card}"


def shown(text: str) -> str:
    """`text` cut to MAX_CHARS characters, its control characters drawn as symbols."""
    cut = text if len(text) <= MAX_CHARS else text[: MAX_CHARS - 1] + "…"
    return printable(cut)


def escape(text: str) -> str:
    """User text as Markdown that shows it as it is, never as markup or HTML."""
    return shown(text).translate(_ESCAPES)


def code_span(text: str) -> str:
    """User text as a code span (never in a table): fenced by one backtick more than its
    longest run of them, padded with a space where CommonMark would otherwise strip one or
    join a backtick to the fence."""
    text = shown(text)
    fence = "`" * (max((len(run) for run in _BACKTICKS.findall(text)), default=0) + 1)
    padded = text.startswith("`") or text.endswith("`") or (text[:1] == text[-1:] == " " and text.strip())
    inner = f" {text} " if padded else text
    return fence + inner + fence
