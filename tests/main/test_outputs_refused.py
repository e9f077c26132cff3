"""A file a command writes (the report file, a baseline, an imported or drafted rule file)
that is a file the same command reads is refused before anything is read or written, under
whatever name it is given (a symbolic or hard link): the file is left as it was, byte for
byte. A baseline written over the one read is its update, and stays allowed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import run_cli

pytestmark = pytest.mark.usefixtures("repo")

CARDS = "Creature \u2014 Elf\nCreature Goblin\n"
RULES = "extends: newest\nadd:\n  creature: [Clamfolk]\n"
CONFIG = "select: [TL3]\n"


@pytest.fixture
def files(repo: Path) -> dict[str, bytes]:
    """The files of a run, written in the working directory: their names and bytes."""
    made = {"cards.txt": CARDS, "r.yaml": RULES, "conf.yaml": CONFIG, "cr.txt": "not a CR text\n"}
    for name, text in made.items():
        (repo / name).write_text(text, encoding="utf-8")
    assert run_cli(["check", "--no-config", "--write-baseline", "base.json", "cards.txt"]).exit_code == 0
    return {name: (repo / name).read_bytes() for name in [*made, "base.json"]}


def unchanged(repo: Path, files: dict[str, bytes]) -> None:
    assert {name: (repo / name).read_bytes() for name in files} == files
    assert sorted(p.name for p in repo.iterdir() if p.is_file()) == sorted(files)  # (no temporary file left)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--rules", "r.yaml", "-o", "r.yaml"],
            "--output-file r.yaml is a rule file (--rules), which the command reads",
        ),
        (
            ["--rules", "r.yaml", "-o", "./r.yaml"],
            "--output-file ./r.yaml is a rule file (--rules), which the command reads",
        ),
        (
            ["--config", "conf.yaml", "-o", "conf.yaml"],
            "--output-file conf.yaml is the configuration file, which the command reads",
        ),
        (
            ["--no-config", "--baseline", "base.json", "-o", "base.json"],
            "--output-file base.json is the baseline (--baseline), which the command reads",
        ),
        (
            ["--no-config", "--rules", "r.yaml", "--write-baseline", "r.yaml"],
            "--write-baseline r.yaml is a rule file (--rules), which the command reads",
        ),
        (
            ["--no-config", "--write-baseline", "cards.txt"],
            "--write-baseline cards.txt is an input of the run: it would be replaced; write elsewhere, "
            "or leave it out (--exclude)",
        ),
        (
            ["--no-config", "--write-baseline", "new.json", "-o", "new.json"],
            "--output-file and --write-baseline name one file, new.json; give two",
        ),
        (
            ["--no-config", "--diff", "--write-baseline", "base.json"],
            "--write-baseline writes the findings of a check, which --diff doesn't make; give one",
        ),
    ],
)
def test_a_check_refuses_to_write_a_file_it_reads(
    repo: Path, files: dict[str, bytes], args: list[str], message: str
) -> None:
    result = run_cli(["check", *args, "cards.txt"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"typeline: error: {message}")
    unchanged(repo, files)


@pytest.mark.parametrize("link", ["symbolic", "hard"])
def test_a_rule_file_under_another_name_is_refused_too(
    repo: Path, files: dict[str, bytes], link: str
) -> None:
    (os.symlink if link == "symbolic" else os.link)("r.yaml", "other.yaml")
    result = run_cli(["check", "--no-config", "--rules", "r.yaml", "-o", "other.yaml", "cards.txt"])
    assert result.exit_code == 2
    assert "--output-file other.yaml is a rule file (--rules)" in result.stderr
    (repo / "other.yaml").unlink()
    unchanged(repo, files)


def test_a_baseline_written_over_the_one_read_is_its_update(repo: Path, files: dict[str, bytes]) -> None:
    (repo / "cards.txt").write_text(CARDS + "Creature \u2014 Forest\n", encoding="utf-8")
    result = run_cli(
        ["check", "--no-config", "--baseline", "base.json", "--write-baseline", "base.json", "cards.txt"]
    )
    assert result.exit_code == 0
    assert "wrote a baseline of 2 findings in 1 file to base.json" in result.stderr


def test_a_baseline_kept_in_the_folder_checked_is_written_and_updated(
    repo: Path, files: dict[str, bytes]
) -> None:
    """A directory search meets the baseline too, and passes it over as no card data: it is
    no input the baseline would replace, written a second time or over the one read."""
    (repo / "sub").mkdir()
    (repo / "sub" / "cards.txt").write_text(CARDS, encoding="utf-8")
    for args in (["--write-baseline", "sub/b.json"], ["--write-baseline", "sub/b.json"],
                 ["--baseline", "sub/b.json", "--write-baseline", "sub/b.json"]):  # fmt: skip
        result = run_cli(["check", "--no-config", *args, "sub"])
        assert result.exit_code == 0, result.stderr
        assert result.stderr == "typeline: wrote a baseline of 1 finding in 1 file to sub/b.json\n"
    result = run_cli(["check", "--no-config", "--write-baseline", "sub/cards.txt", "sub"])
    assert result.exit_code == 2
    assert result.stderr.startswith("typeline: error: --write-baseline sub/cards.txt is an input of the run")
    assert (repo / "sub" / "cards.txt").read_text(encoding="utf-8") == CARDS


def test_a_device_written_to_replaces_nothing(repo: Path, files: dict[str, bytes]) -> None:
    result = run_cli(["check", "--config", "/dev/null", "-o", "/dev/null", "cards.txt"])
    assert result.exit_code == 1 and result.stderr == ""
    unchanged(repo, files)


def test_rules_import_refuses_to_write_over_the_text_it_imports(repo: Path, files: dict[str, bytes]) -> None:
    result = run_cli(["rules", "import", "cr.txt", "-o", "cr.txt"])
    assert result.exit_code == 2
    assert result.stderr == (
        "typeline: error: -o cr.txt is the CR text imported, which the command reads: it would be "
        "replaced; write elsewhere\n"
    )
    unchanged(repo, files)


def test_rules_new_refuses_to_write_over_a_file_it_drafts_from(repo: Path, files: dict[str, bytes]) -> None:
    result = run_cli(["rules", "new", "cards.txt", "--force", "--from", "cards.txt"])
    assert result.exit_code == 2
    assert result.stderr == (
        "typeline: error: FILE cards.txt is an input (--from), which the command reads: it would be "
        "replaced; write elsewhere\n"
    )
    unchanged(repo, files)
