"""The documentation (README.md and the pages in docs/) lists every code, and its
`$ typeline …` examples run without a traceback and print what the page says they print.
`python tests/update_docs.py` rewrites the outputs after a change."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from conftest import ROOT

from mtg_typeline.checks import CHECKS
from mtg_typeline.main.commands import cli

README = ROOT / "README.md"
DOCS = ROOT / "docs"
CODES_PAGE = DOCS / "codes.md"
ROW = re.compile(
    r"^\|\s*(?:\[`?(TL\d{3})`?\]\(codes/TL\d{3}\.md\)|`?(TL\d{3})`?)\s*\|"  # linked to its page, or not
    r"\s*`?([a-z]+(?:-[a-z]+)*)`?\s*\|\s*(error|warning|info)\s*\|",
    re.MULTILINE,
)
FENCE = re.compile(r"^```console[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
ECHO_STATUS = ["echo", "exit status $?"]
VALUE_OPTIONS = {
    "--edition", "--as-of", "--format", "--rules", "--input-format", "--column", "--key",
    "--select", "--ignore", "-o", "--output-file", "--stdin-filename",
}  # fmt: skip


@dataclass(frozen=True)
class Example:
    """One `$ typeline …` line of a ```console block and the output README shows for it."""

    command: str
    documented: str
    args: tuple[str, ...] = ()
    stdin: str = ""
    echo_status: bool = False  # the command ends in `; echo "exit status $?"`
    emulated: bool = True  # False when the shell does more than this test emulates (pipes …)


def pages() -> list[Path]:
    """README.md and every Markdown page of docs/."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def page_examples() -> list[tuple[str, Example]]:
    """Every console example of every page, with the page it is on."""
    return [
        (str(page.relative_to(ROOT)), example)
        for page in pages()
        for example in examples(page.read_text(encoding="utf-8"))
    ]


def code_rows(text: str) -> dict[str, tuple[str, str]]:
    """code -> (name, severity) from the table rows `| [TL101](codes/TL101.md) | dash-form |
    warning | …` (or `| TL101 | …`)."""
    rows: dict[str, tuple[str, str]] = {}
    for linked, plain, name, severity in ROW.findall(text):
        code = linked or plain
        assert code not in rows, f"{code} has two rows"
        rows[code] = (name, severity)
    return rows


def examples(text: str) -> list[Example]:
    """The `$ typeline …` commands of the ```console blocks, each with the lines after it."""
    found: list[Example] = []
    for block in FENCE.findall(text):
        command: str | None = None
        output: list[str] = []
        for line in [*block.replace("\\\n", " ").splitlines(), "$ end"]:
            if not line.startswith("$ "):
                output.append(line)
                continue
            if command is not None:
                found.append(parse(command, "".join(f"{o}\n" for o in output)))
            command = line[2:] if line.startswith("$ typeline") else None
            output = []
    return found


def parse(command: str, documented: str) -> Example:
    """The arguments and standard input of a command as the shell would pass them."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    tokens = list(lexer)[1:]
    args: list[str] = []
    stdin = ""
    while tokens:
        token = tokens.pop(0)
        if token == "<<<" and tokens:
            stdin = tokens.pop(0) + "\n"
        elif token == ";" and tokens == ECHO_STATUS:
            return Example(command, documented, tuple(args), stdin, echo_status=True)
        elif token and token[0] in "|&;<>()":
            return Example(command, documented, tuple(args), stdin, emulated=False)
        else:
            args.append(token)
    return Example(command, documented, tuple(args), stdin)


def run(example: Example, scratch: Path) -> Result:
    """Run an example from the checkout; a file it writes under /tmp goes to `scratch`."""
    args = [
        str(scratch / arg.removeprefix("/tmp/")) if arg.startswith("/tmp/") else arg for arg in example.args
    ]
    result = CliRunner().invoke(cli, args, input=example.stdin, env={"NO_COLOR": "1"})
    assert "Traceback" not in result.output + result.stderr, example.command
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), f"{example.command}: {result.exception!r}"
    return result


def reproducible(example: Example) -> bool:
    """False if the example reads a file of the reader's own that is not in the checkout."""
    if not example.emulated or not example.args or example.args[0] != "check":
        return example.emulated
    previous = ""
    for arg in example.args[1:]:
        is_path = arg != "-" and not arg.startswith("-") and previous not in VALUE_OPTIONS - {"--rules"}
        if is_path and not (ROOT / arg).exists() and f"cannot read {arg}" not in example.documented:
            return False
        previous = arg
    return True


def test_codes_page_lists_every_code_with_its_name_and_severity() -> None:
    rows = code_rows(CODES_PAGE.read_text(encoding="utf-8"))
    expected = {check.code: (check.name, check.severity.value) for check in CHECKS}
    assert {code: rows.get(code) for code in expected} == expected


def test_codes_page_lists_no_unknown_code() -> None:
    rows = code_rows(CODES_PAGE.read_text(encoding="utf-8"))
    assert sorted(set(rows) - {check.code for check in CHECKS}) == []


def test_every_page_has_console_examples_where_expected() -> None:
    """The README and the pages that show examples keep them (a fence the parser stopped
    reading would leave them untested)."""
    on = {page for page, _ in page_examples()}
    assert {"README.md", "docs/commands.md", "docs/rules.md", "docs/output.md", "docs/ci.md"} <= on


def test_console_examples_run_without_traceback(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(ROOT)
    for page, example in page_examples():
        assert run(example, tmp_path).exit_code in (0, 1, 2), (page, example.command)


def test_console_examples_print_what_the_page_shows(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = [(page, example) for page, example in page_examples() if reproducible(example)]
    assert len(found) > 40
    monkeypatch.chdir(ROOT)
    for page, example in found:
        result = run(example, tmp_path)
        output = result.output.replace(f"{tmp_path}/", "/tmp/")  # a file written under /tmp, named so
        shown = output + (f"exit status {result.exit_code}\n" if example.echo_status else "")
        assert (page, example.command, shown) == (page, example.command, example.documented)


def test_example_parsing() -> None:
    """The parser of README examples itself, on a made-up README."""
    text = (
        "Intro\n```console\n$ typeline check cards.txt\ncards.txt:1:1: …\n\n$ echo x | typeline check\nx\n"
        '$ typeline check --strict - <<< "Creature - Elf"; echo "exit status $?"\nexit status 0\n'
        "$ typeline check --format json \\\n  cards.txt | jq .\n```\n```sh\n$ typeline codes\n```\n"
        "| TL101 | dash-form | warning | the dash |\n| `TL304` | `subtype-type-mismatch` | error | … |\n"
        "| [TL207](codes/TL207.md) | emblem | info | … |\n"
    )
    first, second, third = examples(text)
    assert first == Example("typeline check cards.txt", "cards.txt:1:1: …\n\n", ("check", "cards.txt"))
    assert (second.args, second.stdin, second.echo_status, second.documented) == (
        ("check", "--strict", "-"),
        "Creature - Elf\n",
        True,
        "exit status 0\n",
    )
    assert (third.args, third.emulated) == (("check", "--format", "json", "cards.txt"), False)
    assert code_rows(text) == {
        "TL101": ("dash-form", "warning"),
        "TL304": ("subtype-type-mismatch", "error"),
        "TL207": ("emblem", "info"),
    }
    assert not reproducible(first)  # cards.txt is not in the checkout
    assert reproducible(Example("typeline codes", "", ("codes",)))
