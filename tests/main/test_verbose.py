"""`typeline check -v/--verbose`, `--show-settings` and `--show-files`: what the run used
(configuration, edition, rule files), where each setting comes from, and which inputs it
reads, said on standard error or instead of the run.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import run_cli
from helpers.reports import ERROR

from mtg_typeline.discovery import FileFilter
from mtg_typeline.engine import Options, run

# -v/--verbose, --show-settings, --show-files


@pytest.fixture
def tree(repo: Path) -> Path:
    """Card files and others: cards/ holds a text file, a JSON file that holds no cards and
    a README of prose (both passed over by the search); a.txt beside it."""
    (repo / "cards").mkdir()
    (repo / "cards" / "goblins.txt").write_text("Creature — Goblin\n", encoding="utf-8")
    (repo / "cards" / "package.json").write_text('{"name": "x", "version": "1.0.0"}\n', encoding="utf-8")
    (repo / "cards" / "notes.txt").write_text("Remember to print the proxies.\n", encoding="utf-8")
    (repo / "a.txt").write_text("Creature — Elf\n", encoding="utf-8")
    return repo


def test_verbose_says_what_the_run_used_and_found(tree: Path) -> None:
    (tree / "pyproject.toml").write_text('[tool.typeline]\nedition = "2020-08-07"\n', encoding="utf-8")
    result = run_cli(["check", "-v", "a.txt", "./a.txt", "cards", "missing.txt"])
    assert result.exit_code == 2
    assert result.stderr == (
        "typeline: configuration: pyproject.toml\n"
        "typeline: root: . (inputs are named relative to it)\n"
        "typeline: rules: edition 2020-08-07 (shipped rule file 2020-07-03.yaml)\n"
        "typeline: inputs: 4 named, 0 left out (--force-exclude), 3 found in directories: 5 to read\n"
        "typeline: read 2 inputs; passed over 2 that hold no card data; 1 unreadable\n"
    )
    assert result.stdout.endswith("Found 1 error in 2 type lines in 2 files.\n")


def test_verbose_from_a_subdirectory_with_rule_files(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    custom = tree / "cards" / "fan.yaml"
    custom.write_text("extends: 2026-09-25\nadd:\n  creature: [Clamfolk]\n", encoding="utf-8")
    monkeypatch.chdir(tree / "cards")
    result = run_cli(["check", "--no-config", "--verbose", "--rules", "fan.yaml", "goblins.txt"])
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        "typeline: configuration: none (--no-config)\n"
        "typeline: root: .. (inputs are named relative to it)\n"
        "typeline: rules: fan.yaml (edition 2026-09-25)\n"
        "typeline: inputs: 1 named, 0 left out (--force-exclude), 0 found in directories: 1 to read\n"
        "typeline: read 1 input; passed over 0 that hold no card data; 0 unreadable\n"
    )


def test_verbose_of_standard_input_without_a_configuration(repo: Path) -> None:
    result = run_cli(["check", "-v", "--format", "json", "-"], ERROR)
    assert result.stderr == (
        "typeline: configuration: none found\n"
        "typeline: root: . (inputs are named relative to it)\n"
        "typeline: rules: edition 2026-09-25 (shipped rule file 2026-09-25.yaml)\n"
        "typeline: inputs: 1 named, 0 left out (--force-exclude), 0 found in directories: 1 to read\n"
        "typeline: read 1 input; passed over 0 that hold no card data; 0 unreadable\n"
    )
    assert result.stdout.startswith("{")  # the report is untouched


def test_verbose_counts_what_force_exclude_left_out(tree: Path) -> None:
    """Through the engine: the flag itself belongs to the command line."""
    options = Options(
        paths=("a.txt", "cards/goblins.txt", "cards"),
        files=FileFilter(exclude=("goblins.txt",)),
        force_exclude=True,
        verbose=True,
    )
    err = io.StringIO()
    assert run(options, io.StringIO(), err, io.BytesIO()) == 0
    assert err.getvalue().splitlines()[2:] == [
        "typeline: inputs: 3 named, 1 left out (--force-exclude), 2 found in directories: 3 to read",
        "typeline: read 1 input; passed over 2 that hold no card data; 0 unreadable",
    ]
    options = options._replace(
        paths=("a.txt", "cards/package.json"), files=FileFilter(), skip_non_card_files=True
    )
    err = io.StringIO()
    assert run(options, io.StringIO(), err, io.BytesIO()) == 0
    assert (
        err.getvalue().splitlines()[-1]
        == "typeline: read 1 input; passed over 1 that holds no card data; 0 unreadable"
    )


def test_show_files_lists_the_inputs_and_reads_nothing(tree: Path) -> None:
    result = run_cli(["check", "--show-files", "a.txt", "./a.txt", "cards", "-", "missing.txt"], "never read")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == "a.txt\ncards/goblins.txt\ncards/notes.txt\ncards/package.json\n-\nmissing.txt\n"


def test_show_files_names_standard_input_by_stdin_filename(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tree / "cards")
    result = run_cli(["check", "--show-files", "--stdin-filename", "new.csv", "-", "goblins.txt"])
    assert (result.exit_code, result.stdout) == (0, "cards/new.csv\ncards/goblins.txt\n")


def test_show_files_lists_a_big_tree_whole_and_in_order(repo: Path) -> None:
    """The names go out a thousand or so at a time: none is lost, doubled or run into the
    next at the seams, and a name that needs escaping is escaped wherever it falls."""
    (repo / "cards").mkdir()
    names = [f"cards/goblin {index:04}.txt" for index in range(2_500)]
    names[1_500] = "cards/goblin 1500 \x1b[31m.txt"  # (an escape sequence in a file's name)
    for name in names:
        (repo / name).write_text("Creature — Goblin\n", encoding="utf-8")
    result = run_cli(["check", "--show-files", "cards"])
    assert (result.exit_code, result.stderr) == (0, "")
    lines = result.stdout.split("\n")
    assert lines[-1] == "" and len(lines) == 2_501
    assert lines[:1_500] + lines[1_501:-1] == names[:1_500] + names[1_501:]
    assert "\x1b" not in result.stdout and lines[1_500].startswith("cards/goblin 1500 ")


def test_show_files_of_an_empty_folder_warns(repo: Path) -> None:
    (repo / "empty").mkdir()
    result = run_cli(["check", "--show-files", "--no-error-on-unmatched-pattern", "empty"])
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr.startswith("typeline: warning: no files matching *.txt")


SETTINGS_DEFAULT = {
    "as-of": "(not set)",
    "color": '"auto"',
    "column": "(not set)",
    "delimiter": "(not set)",
    "diff": "false",
    "baseline": "(not set)",
    "edition": "(not set)",
    "encoding": "(not set)",
    "error-on-unmatched-pattern": "true",
    "exclude": "(not set)",
    "exit-zero": "false",
    "extend-select": "(not set)",
    "fail-on": '"error"',
    "fix": "false",
    "force-exclude": "false",
    "format": '"auto"',
    "hidden": "false",
    "ignore": "(not set)",
    "include": "(not set)",
    "input-format": '"auto"',
    "key": "(not set)",
    "jobs": "(not set)",
    "max-member-ratio": "200",
    "max-member-size": '"64M"',
    "oracle": "(not set)",
    "output-file": "(not set)",
    "per-card-ignores": "(not set)",
    "per-file-ignores": "(not set)",
    "quiet": "false",
    "respect-gitignore": "true",
    "rules": "(not set)",
    "select": "(not set)",
    "skip-non-card-files": "false",
    "statistics": "false",
    "stdin-filename": "(not set)",
    "strict": "false",
    "unsafe-fixes": "false",
    "verbose": "false",
    "write-baseline": "(not set)",
}


def settings_of(output: str) -> tuple[str, dict[str, tuple[str, str]]]:
    """The configuration line and {key: (value, origin)} of --show-settings output, each line
    checked to be `key = value` padded to one column, then `# origin`."""
    first, *rows = output.splitlines()
    settings: dict[str, tuple[str, str]] = {}
    column = {row.index("  # ") for row in rows}
    assert len(column) == 1, output
    for row in rows:
        setting, origin = row.split("  # ")
        key, value = setting.rstrip().split(" = ", 1)
        settings[key] = (value, origin)
    return first, settings


def test_show_settings_of_the_defaults(repo: Path) -> None:
    result = run_cli(["check", "--no-config", "--show-settings"])
    assert (result.exit_code, result.stderr) == (0, "")
    first, settings = settings_of(result.stdout)
    assert first == "# configuration: none"
    assert settings == {key: (value, "default") for key, value in SETTINGS_DEFAULT.items()}


def test_show_settings_says_where_each_comes_from(repo: Path) -> None:
    (repo / ".typeline.yaml").write_text(
        "edition: '2020-08-07'\nselect: [TL1, unknown-subtype]\ncolor: false\n"
        "per-file-ignores:\n  'old/*.txt': [TL101]\nformat: concise\n",
        encoding="utf-8",
    )
    result = run_cli(
        ["check", "--show-settings", "--as-of", "2024-01-01", "--format", "json", "-o", "r.json"]
    )
    assert result.exit_code == 0
    first, settings = settings_of(result.stdout)
    assert first == "# configuration: .typeline.yaml"
    changed = {
        "as-of": ('"2024-01-01"', "command line"),
        "edition": ("(not set)", "default"),  # a typed --as-of sets the configured edition aside
        "select": ('["TL1", "unknown-subtype"]', ".typeline.yaml"),
        "color": ("false", ".typeline.yaml"),
        "per-file-ignores": ('{"old/*.txt" = ["TL101"]}', ".typeline.yaml"),
        "format": ('"json"', "command line"),
        "output-file": ('"r.json"', "command line"),
    }
    assert settings == {key: (value, "default") for key, value in SETTINGS_DEFAULT.items()} | changed
    assert not (repo / "r.json").exists()


def test_show_settings_of_a_bad_configuration_is_its_error(repo: Path) -> None:
    (repo / ".typeline.yaml").write_text("colour: true\n", encoding="utf-8")
    result = run_cli(["check", "--show-settings"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"typeline: error: {repo}/.typeline.yaml:1:1: unknown key 'colour'")


def test_show_settings_and_show_files_together(tree: Path) -> None:
    result = run_cli(["check", "--no-config", "--show-settings", "--show-files", "a.txt"])
    assert result.exit_code == 0
    assert result.stdout.startswith("# configuration: none\n")
    assert result.stdout.endswith("# default\na.txt\n")
