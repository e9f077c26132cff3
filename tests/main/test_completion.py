"""Shell completion: what `typeline` offers the shells for codes, names and editions.

Through click's completion API (`ShellComplete.get_completions`), and through the
environment a shell's completion script sets (`_TYPELINE_COMPLETE=bash_complete` with
`COMP_WORDS` and `COMP_CWORD`), as docs/commands.md tells users to enable it.
"""

from __future__ import annotations

import pytest
from click.shell_completion import ShellComplete
from click.testing import CliRunner
from conftest import CLEAN_ENV

from mtg_typeline.checks import CHECKS
from mtg_typeline.main.commands import cli
from mtg_typeline.ruleset import shipped_editions

CODES = [check.code for check in CHECKS]
NAMES = [check.name for check in CHECKS]
PREFIXES = ["ALL", "TL1", "TL2", "TL3", "TL9"]
TL3 = ["TL301", "TL302", "TL303", "TL304", "TL305", "TL306", "TL307", "TL308"]
UNKNOWN = ["unknown-card-type", "unknown-supertype", "unknown-subtype", "unknown-planar-type"]


def offered(words: list[str], incomplete: str) -> list[str]:
    """What `typeline WORDS INCOMPLETE<Tab>` offers."""
    completer = ShellComplete(cli, {}, "typeline", "_TYPELINE_COMPLETE")
    return [item.value for item in completer.get_completions(words, incomplete)]


@pytest.mark.parametrize(
    ("incomplete", "expected"),
    [
        ("TL3", TL3),
        ("tl30", TL3),
        ("unknown-", UNKNOWN),
        ("", CODES + NAMES),
        ("dash", ["dash-form"]),
        ("TL999", []),
    ],
)
def test_explain_completes_codes_and_names(incomplete: str, expected: list[str]) -> None:
    assert offered(["explain"], incomplete) == expected


@pytest.mark.parametrize("option", ["--select", "--extend-select", "--ignore"])
def test_selectors_complete_all_prefixes_codes_and_names(option: str) -> None:
    assert offered(["check", option], "") == PREFIXES + CODES + NAMES
    assert offered(["check", option], "TL3") == ["TL3", *TL3]
    assert offered(["check", option], "a") == ["ALL"]


def test_selectors_complete_after_a_comma() -> None:
    assert offered(["check", "--select"], "TL1,unk") == [f"TL1,{name}" for name in UNKNOWN]
    assert offered(["check", "--ignore"], "TL101,TL10") == [f"TL101,TL10{n}" for n in range(2, 7)]
    assert offered(["check", "--select"], "TL1, dash-form,") == [
        f"TL1, dash-form,{value}"
        for value in PREFIXES[:1] + PREFIXES[2:] + CODES + NAMES
        if value != "dash-form"
    ]


def test_selector_help_says_what_each_selects() -> None:
    completer = ShellComplete(cli, {}, "typeline", "_TYPELINE_COMPLETE")
    items = {item.value: item.help for item in completer.get_completions(["check", "--select"], "")}
    assert (items["ALL"], items["TL9"], items["TL304"], items["subtype-type-mismatch"]) == (
        "every code",
        "every TL9xx code",
        "subtype-type-mismatch",
        "TL304",
    )


@pytest.mark.parametrize(
    "words",
    [
        ["check", "--edition"],
        ["explain", "TL304", "--edition"],
        ["codes", "--edition"],
        ["rules", "show", "--edition"],
        ["rules", "diff"],
        ["rules", "diff", "2009-07-11"],
        ["lookup", "Elf", "--edition"],
    ],
)
def test_editions_complete_with_the_shipped_dates_newest_first(words: list[str]) -> None:
    assert offered(words, "2009") == ["2009-10-01", "2009-09-04", "2009-07-11"]
    assert offered(words, "") == ["newest", *reversed(shipped_editions())]


def test_as_of_takes_any_date_and_is_offered_none() -> None:
    assert offered(["check", "--as-of"], "2009") == []


def test_color_completes_its_three_words_after_the_option() -> None:
    assert offered(["check", "--color"], "") == ["auto", "always", "never"]
    assert offered(["check", "--color"], "a") == ["auto", "always"]


def shell(variable: str, words: str, cword: str) -> str:
    """The output of `typeline` run by a completion script: `_TYPELINE_COMPLETE=VARIABLE`."""
    env = {**CLEAN_ENV, "_TYPELINE_COMPLETE": variable, "COMP_WORDS": words, "COMP_CWORD": cword}
    result = CliRunner().invoke(cli, [], env=env, prog_name="typeline")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_bash_asks_through_the_environment() -> None:
    assert shell("bash_complete", "typeline explain TL30", "2") == "".join(f"plain,{code}\n" for code in TL3)
    assert shell("bash_complete", "typeline check --select TL1,unk", "3") == "".join(
        f"plain,TL1,{name}\n" for name in UNKNOWN
    )


def test_zsh_and_fish_are_given_the_help_too() -> None:
    assert shell("zsh_complete", "typeline explain dash", "2") == "plain\ndash-form\nTL101\n"
    assert shell("fish_complete", "typeline explain dash", "dash") == "plain,dash-form\tTL101\n"


@pytest.mark.parametrize(("variable", "needle"), [
    ("bash_source", "_TYPELINE_COMPLETE=bash_complete"),
    ("zsh_source", "#compdef typeline"),
    ("fish_source", "_TYPELINE_COMPLETE=fish_complete"),
])  # fmt: skip
def test_the_completion_scripts_readme_sources(variable: str, needle: str) -> None:
    assert needle in shell(variable, "", "")
