"""`--format markdown`: the exact report, its escaping read back by a CommonMark parser with
GFM tables, its bound whatever the number of findings, and the command line.

User text is rendered by markdown-it-py (CommonMark with GFM tables and strikethrough) and
the text of each cell or list item must come back as it was, with no element of its own:
that is the test of the escaping, not a comparison with the escaping function's own output.
"""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import property_settings, run_cli
from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from mtg_typeline.checker import Checker
from mtg_typeline.checks.inputs import UNREADABLE
from mtg_typeline.display import printable
from mtg_typeline.findings import Finding, Summary
from mtg_typeline.reporters import ReportSettings, RunResult, get_reporter
from mtg_typeline.reporters.markdown import MAX_CHARS, MAX_LISTED, MAX_ROWS, code_span, escape
from mtg_typeline.ruleset import load_rules

RULES = load_rules()
MIB = 1024 * 1024
# what GitHub gives a meaning inside a line: emphasis, code, links, HTML, entities, tables, math
NASTY = "a|b `c` *d* _e_ ~~f~~ [g](h) ![i](j) <b>k</b> &amp; &#124; \\| $m$ <https://x.y> \\"


def placed(path: str, line: int, type_line: str) -> list[Finding]:
    return [finding.at(path, line) for finding in Checker(RULES).check(type_line)]


def unreadable(path: str) -> Finding:
    message = f"cannot read {path}: No such file or directory"
    return Finding(UNREADABLE.code, UNREADABLE.name, UNREADABLE.severity, message, (), "", 1, 1,
                   path=path, line=1)  # fmt: skip


def result_of(findings: list[Finding], files: int = 3, lines: int = 5) -> RunResult:
    findings.sort(key=Finding.sort_key)
    names = tuple(sorted({f.path for f in findings}))
    return RunResult(tuple(findings), Summary.of(findings, files, lines), RULES, names)


def render(result: RunResult, **settings: object) -> str:
    out = io.StringIO()
    get_reporter("markdown")(result, out, ReportSettings(format="markdown", **settings))  # type: ignore[arg-type]
    return out.getvalue()


def sample() -> RunResult:
    card = Checker(RULES).check("Creature - Goblin")[0].placed("cards.json", 7, 31, 7, 34, "Goblin Guide")
    return result_of([
        *placed("cards.txt", 2, "Creature - Elf"),
        *placed("cards.txt", 3, "Creature — Forest"),
        *placed("-", 1, "creature — Elf Elf"),
        card,
        unreadable("missing.txt"),
    ])  # fmt: skip


EXPECTED = """\
## typeline

Found 2 errors and 4 warnings in 5 type lines in 3 files.

### Findings by code

| count | code | name | severity |
| ---: | --- | --- | --- |
| 2 | TL101 | dash-form | warning |
| 1 | TL103 | word-case | warning |
| 1 | TL304 | subtype-type-mismatch | error |
| 1 | TL307 | duplicate-subtype | warning |
| 1 | TL901 | unreadable-input | error |

### Findings by file

| file | code | count | first line |
| --- | --- | ---: | ---: |
| - | TL103 | 1 | 1 |
| - | TL307 | 1 | 1 |
| cards.json | TL101 | 1 | 7 |
| cards.txt | TL101 | 1 | 2 |
| cards.txt | TL304 | 1 | 3 |
| missing.txt | TL901 | 1 | 1 |

### Findings

- `-:1:1` **TL103** warning (fixable): 'creature' should be written 'Creature'
- `-:1:16` **TL307** warning (fixable): the subtype Elf is written twice
- `cards.json:7:31` **TL101** warning (fixable): the dash is written as '-'; subtypes follow a \
long dash '—' with one space on each side (card: Goblin Guide)
- `cards.txt:2:9` **TL101** warning (fixable): the dash is written as '-'; subtypes follow a \
long dash '—' with one space on each side
- `cards.txt:3:12` **TL304** error: Forest is a land type (205.3i), but this object is not a land
- `missing.txt:1:1` **TL901** error: cannot read missing.txt: No such file or directory

Fixable findings are fixed by `typeline check --fix`.
"""


def test_the_report() -> None:
    assert render(sample()) == EXPECTED


def test_a_clean_run_says_so() -> None:
    clean = RunResult((), Summary.of([], 2, 7), RULES, ("a.txt", "b.txt"))
    assert render(clean) == "## typeline\n\nNo problems in 7 type lines in 2 files.\n"
    fixed = clean._replace(summary=clean.summary._replace(fixed=3, fixed_files=1))
    assert render(fixed) == (
        "## typeline\n\nFixed 3 findings in 1 file.\nNo problems in 7 type lines in 2 files.\n"
    )


def test_fixable_means_what_fix_would_fix() -> None:
    guess = placed("a.txt", 1, "Creature — Goblim")  # TL302: an unsafe fix only
    assert [f.fix.applicability for f in guess if f.fix] == ["unsafe"]
    plain = render(result_of(guess))
    assert "(fixable)" not in plain and "--fix" not in plain
    unsafe = render(result_of(guess), unsafe_fixes=True)
    assert "**TL302** error (fixable):" in unsafe
    assert unsafe.endswith("\n\nFixable findings are fixed by `typeline check --fix`.\n")


def test_quiet_changes_nothing() -> None:
    assert render(sample(), quiet=True) == render(sample())


# the escaping, read back by a Markdown parser


class Elements(HTMLParser):
    """The elements of rendered HTML, and the text of each cell and list item."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.texts: dict[str, list[str]] = {"td": [], "li": [], "code": []}
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        if tag in self.texts:
            self.texts[tag].append("")
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1] == tag:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        for tag in self.open:
            self.texts[tag][-1] += data


def rendered(markdown: str) -> Elements:
    html = MarkdownIt("commonmark").enable(["table", "strikethrough"]).render(markdown)
    elements = Elements()
    elements.feed(html)
    return elements


OUR_TAGS = {"h2", "h3", "p", "table", "thead", "tbody", "tr", "th", "td", "ul", "li", "code", "strong"}


def nasty_result(text: str) -> RunResult:
    """One finding whose path, message and card name are all `text`."""
    finding = placed("x", 1, "Creature — Forest")[0]
    return result_of([finding._replace(path=text, message=text, card=text)], 1, 1)


def check_round_trip(text: str) -> None:
    elements = rendered(render(nasty_result(text)))
    assert elements.tags <= OUR_TAGS
    shown = printable(text)
    assert elements.texts["li"] == [f"{shown}:1:12 TL304 error: {shown} (card: {shown})"]
    assert elements.texts["code"] == [f"{shown}:1:12"]
    file_cells = elements.texts["td"][4::4]  # after the four cells of the table of codes
    assert [cell.strip(" ") for cell in file_cells] == [shown.strip(" ")]  # a cell's outer spaces go


@pytest.mark.parametrize(
    "text",
    [NASTY, "`", "``a``", "` a `", " a ", "|", "a\\|b", "\\", "<script>x</script>", "&lt;", "*_~$",
     "[x]: https://e.com", "tab\there\nnew\rline\x1b[31m\x7f", "# heading", "- item", "1. item"],
)  # fmt: skip
def test_user_text_is_shown_as_it_is(text: str) -> None:
    check_round_trip(text)


MARKDOWN_CHARS = st.sampled_from([*"`*_~[]()|$\\<>&!#-+.: \t\n\x00\x1b", "&amp;", "&#60;", "a", "é", "—"])


@property_settings(300)
@given(st.lists(MARKDOWN_CHARS, min_size=1, max_size=30).map("".join))
def test_any_user_text_is_shown_as_it_is(text: str) -> None:
    check_round_trip(text)


def test_code_spans_outgrow_the_backticks_inside() -> None:
    assert code_span("a.txt:1:1") == "`a.txt:1:1`"
    assert code_span("a`b:1:1") == "``a`b:1:1``"
    assert code_span("`a``:1:1") == "``` `a``:1:1 ```"
    assert code_span(" a ") == "`  a  `"  # CommonMark strips one space each side


def test_escape_leaves_plain_words_alone() -> None:
    assert escape("Forest is a land type (205.3i), but this object is not a land") == (
        "Forest is a land type (205.3i), but this object is not a land"
    )
    assert escape("<b>|`x`") == "&lt;b&gt;\\|\\`x\\`"
    assert escape("$x$ ~~y~~") == "\\$x\\$ \\~\\~y\\~\\~"  # GitHub reads $…$ as math


# bounded whatever the run found


def many(count: int, length: int, path: str = "😀", message: str = "&") -> RunResult:
    """`count` findings, each in a file of its own, whose path, message and card name are
    `length` times `path` and `message`: by default the characters that take the most bytes
    once written (a path is shown twice: as text and in a code span)."""
    template = placed("x", 1, "Creature — Forest")[0]
    findings = [
        template._replace(path=f"{n:06}{path * length}", message=message * length, card=message * length)
        for n in range(count)
    ]
    return RunResult(tuple(findings), Summary.of(findings, count, count), RULES, ())


@pytest.mark.parametrize(("path", "message"), [("😀", "&"), ("&", "<"), ("`", "\x01"), ("\x01|", "`")])
def test_the_report_is_bounded(path: str, message: str) -> None:
    report = render(many(20_000, 5_000, path, message))
    assert len(report.encode("utf-8")) < 400 * 1024 < MIB
    assert report.count("\n- `") == MAX_LISTED
    assert f"\n\nAnd {20_000 - MAX_LISTED:,} more findings.\n" in report
    assert f"\n\nAnd {20_000 - MAX_ROWS:,} more rows.\n" in report
    rows = [line for line in report.splitlines() if line.startswith("| 0")]
    assert len(rows) == MAX_ROWS


def test_long_text_is_cut_with_an_ellipsis() -> None:
    long = placed("x", 1, "Creature — Forest")[0]._replace(message="m" * 1000, path="p" * 1000)
    report = render(result_of([long], 1, 1))
    assert f"| {'p' * (MAX_CHARS - 1)}… | TL304 |" in report
    assert f": {'m' * (MAX_CHARS - 1)}…\n" in report
    # one finding more than the list holds says "1 more finding"
    assert render(many(MAX_LISTED + 1, 1)).count("\n\nAnd 1 more finding.\n") == 1


def test_severities_and_counts_in_the_table_of_codes() -> None:
    findings = [found for n in range(1, 1235) for found in placed("a.txt", n, "Creature — Forest")]
    findings.append(placed("a.txt", 2000, "Emblem — Chandra")[0])
    report = render(result_of(findings))
    assert "| 1,234 | TL304 | subtype-type-mismatch | error |\n| 1 | TL207 | emblem | info |\n" in report
    assert "| a.txt | TL207 | 1 | 2000 |\n| a.txt | TL304 | 1,234 | 1 |\n" in report


# the command line

SAMPLE = "Creature - Elf\nCreature — Forest\nEmblem — Chandra\ncreature — Elf Elf\nCreature — Elf\n"


def listed_keys(report: str) -> set[tuple[str, int, int, str]]:
    found = set()
    for match in re.finditer(r"^- (`+) ?(.*?):(\d+):(\d+) ?\1 \*\*(TL\d{3})\*\*", report, re.MULTILINE):
        found.add((match[2], int(match[3]), int(match[4]), match[5]))
    return found


def test_the_command_line_lists_the_findings_of_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "odd `name` | 1.txt").write_text(SAMPLE, encoding="utf-8")
    args = ["check", "--no-config", "odd `name` | 1.txt", "-"]
    document = json.loads(run_cli([*args, "--format", "json"], SAMPLE).stdout)
    expected = {(f["path"], f["line"], f["column"], f["code"]) for f in document["findings"]}
    result = run_cli([*args, "--format", "markdown"], SAMPLE)
    assert result.exit_code == 1
    assert listed_keys(result.stdout) == expected and len(expected) == 10
    summary = "Found 2 errors, 6 warnings and 2 info in 10 type lines in 2 files."
    assert result.stdout.startswith(f"## typeline\n\n{summary}\n")
    assert result.stderr == ""


def test_exit_zero_and_fail_on_hold() -> None:
    assert run_cli(["check", "--format", "markdown", "--exit-zero", "-"], SAMPLE).exit_code == 0
    warned = ["check", "--format", "markdown", "-"]
    assert run_cli(warned, "Creature - Elf\n").exit_code == 0
    assert run_cli([*warned, "--fail-on", "warning"], "Creature - Elf\n").exit_code == 1
    clean = run_cli(["check", "--format", "markdown", "-"], "Creature — Elf\n")
    assert (clean.exit_code, clean.stdout) == (0, "## typeline\n\nNo problems in 1 type line in 1 file.\n")


def test_statistics_are_refused() -> None:
    result = run_cli(["check", "--statistics", "--format", "markdown", "-"], SAMPLE)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "--statistics prints a table or JSON, not markdown" in result.stderr
