"""The quick reading of `typeline check` (`main.quick`, without click) against click's own:
the table holds every option of click's command with its default and choices, a command
line it reads gives the values and typed names click gives, one it can't read is left to
click, and a run read either way prints the same."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from click.core import ParameterSource
from conftest import CLEAN_ENV, run_cli

from mtg_typeline.main import quick
from mtg_typeline.main.commands import check

# The options of `check` that the quick reading leaves to click, and why
LEFT_TO_CLICK = {
    "--show-settings": "prints before the run, through click",
    "--show-files": "prints before the run, through click",
    "--max-member-ratio": "a number, which click checks",
    "-h": "help",
    "--help": "help",
}
# Not among the values `check` is given in one mapping (`config_file` and `no_config` are
# passed to it by name, the others are not passed on)
NOT_PASSED_ON = {"paths", "show_settings", "show_files", "no_color", "config_file", "no_config"}


def clicks_reading(words: list[str]) -> tuple[list[str], dict[str, Any], list[str]]:
    """The paths, the values and the names typed, as click reads `words` for `check`."""
    ctx = check.make_context("check", list(words))
    given = {name: value for name, value in ctx.params.items() if name not in NOT_PASSED_ON}
    typed = [name for name in given if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE]
    return list(ctx.params["paths"]), given, typed


def quick_reading(words: list[str]) -> tuple[list[str], dict[str, Any], list[str]] | None:
    reading = quick.read(["check", *words])
    if reading is None:
        return None
    return reading.paths, reading.given, reading.typed_given


def test_the_table_holds_every_option_of_check_with_its_default() -> None:
    ctx = check.make_context("check", [])
    defaults = {
        name: value
        for name, value in ctx.params.items()
        if name not in NOT_PASSED_ON - set(quick.PASSED_APART)
    }
    assert list(quick.DEFAULTS) == list(defaults)  # the same names, in click's order
    assert defaults == quick.DEFAULTS


def test_every_word_of_an_option_is_read_or_left_to_click_for_a_reason() -> None:
    read = set(quick.FLAGS) | set(quick.VALUED) | {quick.NO_COLOR}
    for param in check.params:
        if isinstance(param, click.Option):
            for word in (*param.opts, *param.secondary_opts):
                assert word in read or word in LEFT_TO_CLICK, word
                assert not (word in read and word in LEFT_TO_CLICK), word
    assert set(LEFT_TO_CLICK) - {"-h", "--help"} <= {w for p in check.params for w in p.opts}


def test_the_choices_are_clicks() -> None:
    for param in check.params:
        if isinstance(param.type, click.Choice):
            assert tuple(param.type.choices) == tuple(quick.CHOICES[param.name or ""])


READ_ALIKE = [
    [],
    ["-"],
    ["cards.txt", "more/"],
    ["--format", "json", "a.json"],
    ["--format=sarif", "-o", "out.sarif", "a.txt"],
    ["--select", "TL3", "--select=TL201,TL202", "--ignore", "TL304", "--extend-select", "TL904"],
    ["--fix", "--unsafe-fixes", "--no-fix", "a.txt"],
    ["--force-exclude", "--skip-non-card-files", "x.txt", "y.json"],
    ["-q", "--no-quiet", "-v", "--strict", "--no-strict", "--exit-zero", "--statistics"],
    ["--diff", "--hidden", "--no-respect-gitignore", "--no-error-on-unmatched-pattern"],
    ["--edition", "2020-01-24", "--as-of", "2021-01-01", "--rules", "a.yaml", "--rules", "b.yaml"],
    ["--fail-on", "warning", "--input-format", "csv", "--column", "Type", "--delimiter", ";"],
    ["--key", "type", "--encoding", "cp1252", "--include", "*.txt", "--exclude", "old/"],
    ["--max-member-size", "1M", "--oracle", "o.json", "--baseline", "b.json", "--write-baseline", "w"],
    ["--stdin-filename", "cards.csv", "-", "--config", "c.yaml"],
    ["--no-config", "a.txt"],
    ["--color", "never", "a.txt"],
    ["--color=always", "--no-color"],
    ["a.txt", "--color"],
    ["--", "--fix", "-q"],
    ["-o", "-", "a.txt"],
    ["--edition=", "a.txt"],
    ["--jobs", "2", "a.txt"],
    ["--jobs=1", "-", "--jobs", "16"],
    ["--jobs", "007", "a.txt"],
]


@pytest.mark.parametrize("words", READ_ALIKE)
def test_a_command_line_read_here_is_read_as_click_reads_it(words: list[str]) -> None:
    mine = quick_reading(words)
    if mine is not None:  # (a reading left to click is always the same as click's)
        clicks = clicks_reading(words)
        assert mine == clicks
        assert list(mine[1]) == list(clicks[1])  # the same order


@pytest.mark.parametrize(
    "words",
    [
        ["--format", "yaml"],  # not a choice: click's message
        ["--format"],  # no value
        ["--select", "--fix"],  # a value that looks like an option
        ["--max-member-ratio", "3"],
        ["--jobs", "0"],  # not a count: click's message
        ["--jobs=-1"],
        ["--jobs", "x"],
        ["--jobs", "+2"],  # a number click reads, written otherwise
        ["--jobs", " 2"],
        ["--jobs=1_0"],
        ["--jobs", "\uff12"],  # a digit, not an ASCII one
        ["--jobs", "9" * 5000],  # more digits than `int` reads (click says so)
        ["--jobs", "0" * 30 + "1"],  # a count click reads, written long
        ["--jobs"],
        ["--show-settings"],
        ["--help"],
        ["-qv"],
        ["-oout.txt"],
        ["--color", "cards.txt"],  # click's reading: --color always, then the file
        ["--fix=yes"],
        ["--unknown"],
    ],
)
def test_what_the_table_cannot_read_is_left_to_click(words: list[str]) -> None:
    assert quick_reading(words) is None


def test_other_commands_and_completion_are_left_to_click(monkeypatch: pytest.MonkeyPatch) -> None:
    assert quick.read(["explain", "TL304"]) is None
    assert quick.read([]) is None
    monkeypatch.setenv("_TYPELINE_COMPLETE", "bash_complete")
    assert quick.read(["check", "a.txt"]) is None


# The console script, then whether it loaded click
RUN = """\
import sys
from mtg_typeline.main import entry_point
sys.argv = ["typeline", *sys.argv[1:]]
try:
    entry_point()
finally:
    print("click" in sys.modules, file=sys.stderr)
"""


def console_script(args: list[str], cwd: Path, stdin: str) -> tuple[int, str, str]:
    """A run of the console script (the quick reading where it can), and whether it loaded click."""
    env = {k: v for k, v in os.environ.items() if k not in CLEAN_ENV}
    done = subprocess.run(
        [sys.executable, "-c", RUN, *args], cwd=cwd, input=stdin, capture_output=True, text=True,
        env={**env, "TYPELINE_CACHE_DIR": str(cwd / "cache")}, check=False,
    )  # fmt: skip
    *said, loaded = done.stderr.splitlines()
    return done.returncode, done.stdout, "\n".join([*said, f"click loaded: {loaded}"])


@pytest.mark.parametrize(
    "args",
    [
        ["check", "-"],
        ["check", "--format", "json", "-"],
        ["check", "--format", "concise", "--select", "TL3", "-"],
        ["check", "--fix", "-"],
        ["check", "--config", "missing.yaml", "-"],  # an error: one line, exit 2
        ["check", "--stdin-filename", "cards.csv", "cards.txt"],  # the warning before the run
        ["check", "-v", "-"],
        ["check", "--no-color", "--statistics", "-"],
        ["check", "--jobs", "1", "--format", "concise", "-"],
    ],
)
def test_a_run_read_quickly_prints_what_clicks_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    (tmp_path / "cards.txt").write_text("Creature — Elf\n", encoding="utf-8")
    stdin = "Creature — Forest Elf\nLegendary  Creature — Elf\nArtifact — Equipment\n"
    status, out, err = console_script(args, tmp_path, stdin)
    assert err.endswith("click loaded: False")
    monkeypatch.chdir(tmp_path)
    clicks = run_cli(args, stdin)
    assert (status, out) == (clicks.exit_code, clicks.stdout)
    assert err.removesuffix("click loaded: False").strip() == clicks.stderr.strip()


@pytest.mark.parametrize("count", ["0", "-1", "two", "+2", "9" * 5000])
def test_a_count_not_plainly_one_is_read_by_click(tmp_path: Path, count: str) -> None:
    status, out, err = console_script(["check", "--jobs", count, "-"], tmp_path, "Creature \u2014 Elf\n")
    assert err.endswith("click loaded: True")
    if count == "+2":  # (a number click reads: the run goes on)
        assert status == 0
        assert "No problems in 1 type line" in out + err
    else:
        assert status == 2
        assert "Invalid value for '--jobs'" in err


def test_a_check_collects_young_objects_less_often_and_leaves_the_collector_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mtg_typeline.engine import run as real_run
    from mtg_typeline.main import running

    during: list[tuple[int, ...]] = []

    def run(*args: Any, **kwargs: Any) -> int:
        during.append(gc.get_threshold())
        return real_run(*args, **kwargs)

    monkeypatch.setattr("mtg_typeline.engine.run", run)
    before = gc.get_threshold()
    result = run_cli(["check", "-"], stdin="Creature \u2014 Elf\n")
    assert result.exit_code == 0
    assert during == [(running.YOUNG, *before[1:])]
    assert gc.get_threshold() == before
