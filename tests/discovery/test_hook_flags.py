"""Named files as pre-commit names them: `--force-exclude` (exclude globs and hidden paths
apply to named paths), `--skip-non-card-files` (named files that hold no card data are passed
over as a directory search passes them over), and `--fix` leaving alone a text file that
doesn't look like type lines, named or not."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from conftest import run_cli

from mtg_typeline.discovery import Discovery, FileFilter, Names, survey

BAD = "Creature — Forest\n"  # TL304 at 1:12
FIXABLE = "creature - elf\n"  # warnings only, all safely fixable
DECK = "20 Mountain\n4 Lightning Bolt\n"
REQUIREMENTS = "click>=8.1\nrich>=13\npyyaml>=6\n"
README = "# My cards\n\nThe cards of our set, checked on every commit.\n"
CHANGELOG = "# Changelog\n\n## 1.1\n\n- New cards for the winter set.\n- Fixed a typo.\n"
PACKAGE_JSON = '{"name": "cards", "version": "1.0.0", "private": true}\n'
WORKFLOW = "name: ci\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make\n"
NOT_CARDS = {
    "deck.txt": DECK,
    "requirements.txt": REQUIREMENTS,
    "README.txt": README,
    "CHANGELOG.md": CHANGELOG,
    "package.json": PACKAGE_JSON,
    "workflows/ci.yml": WORKFLOW,
    "docs/index.xml": '<?xml version="1.0"?>\n<page><title>Cards</title></page>\n',
    "export.csv": "name,price\nBolt,1\n",
}
NOT_TYPE_LINES = (
    "typeline: warning: deck.txt: not fixed: 2 of the first 2 lines hold no card type or supertype "
    "word, so it may not hold type lines; to fix it anyway, give --input-format text\n"
)


def write(files: dict[str, str]) -> None:
    for name, text in files.items():
        Path(name).parent.mkdir(parents=True, exist_ok=True)
        Path(name).write_text(text, encoding="utf-8")


def check(*args: str, stdin: str | None = None) -> Result:
    return run_cli(["check", "--no-color", *args], stdin=stdin)


def report(*args: str, stdin: str | None = None) -> tuple[int, dict[str, Any]]:
    result = check("--format", "json", *args, stdin=stdin)
    return result.exit_code, json.loads(result.stdout)


def places(document: dict[str, Any]) -> list[tuple[str, int, str]]:
    return [(f["path"], f["line"], f["code"]) for f in document["findings"]]


# --force-exclude
# --------------------------------------------------------------------------


def test_named_files_are_read_whatever_the_excludes_without_force_exclude(repo: Path) -> None:
    write({"drafts/bad.txt": BAD, "bad.txt": BAD})
    status, document = report("--exclude", "drafts", "drafts/bad.txt", "bad.txt")
    assert status == 1
    assert places(document) == [("bad.txt", 1, "TL304"), ("drafts/bad.txt", 1, "TL304")]


@pytest.mark.parametrize("glob", ["drafts", "drafts/", "**/drafts", "cards/drafts", "*.txt", "bad.txt"])
def test_force_exclude_leaves_out_a_named_file_a_glob_or_its_folder_matches(repo: Path, glob: str) -> None:
    write({"cards/drafts/bad.txt": BAD})
    status, document = report("--force-exclude", "--exclude", glob, "cards/drafts/bad.txt")
    assert (status, places(document), document["summary"]["files"]) == (0, [], 0)


def test_force_exclude_leaves_the_other_named_files_in(repo: Path) -> None:
    write({"cards/drafts/bad.txt": BAD, "cards/bad.txt": BAD, "drafts.txt": BAD})
    status, document = report(
        "--force-exclude", "--exclude", "drafts", "cards/drafts/bad.txt", "cards/bad.txt", "drafts.txt"
    )
    assert status == 1
    assert places(document) == [("cards/bad.txt", 1, "TL304"), ("drafts.txt", 1, "TL304")]


def test_force_exclude_leaves_out_a_named_directory_that_is_excluded(repo: Path) -> None:
    write({"drafts/bad.txt": BAD})
    assert report("--force-exclude", "--exclude", "drafts", "drafts")[1]["summary"]["files"] == 0
    assert report("--exclude", "drafts", "drafts")[1]["summary"]["files"] == 1


def test_force_exclude_leaves_out_hidden_named_paths(repo: Path) -> None:
    # what pre-commit names in every repository: the hooks read none of it
    write({".github/workflows/ci.yml": WORKFLOW, ".pre-commit-config.yaml": "repos: []\n", ".notes.txt": BAD})
    named = (".github/workflows/ci.yml", ".pre-commit-config.yaml", ".notes.txt")
    status, document = report("--no-config", "--force-exclude", *named)
    assert (status, places(document), document["summary"]["files"]) == (0, [], 0)
    # without it they are read: the workflow and the pre-commit configuration hold no cards
    assert report("--no-config", *named)[0] == 2


def test_force_exclude_with_hidden_and_an_exclude_reads_hidden_paths(repo: Path) -> None:
    write({".cards/bad.txt": BAD, ".cards/old/bad.txt": BAD})
    status, document = report(
        "--force-exclude", "--hidden", "--exclude", "old", ".cards/bad.txt", ".cards/old/bad.txt"
    )
    assert (status, places(document)) == (1, [(".cards/bad.txt", 1, "TL304")])


def test_configured_excludes_leave_out_named_files_with_force_exclude(repo: Path) -> None:
    write({".typeline.yaml": "exclude: [cards/drafts]\nforce-exclude: true\n", "cards/drafts/bad.txt": BAD})
    assert report("cards/drafts/bad.txt")[1]["summary"]["files"] == 0
    # --no-force-exclude beats the configured key
    named = report("--no-force-exclude", "cards/drafts/bad.txt")[1]
    assert places(named) == [("cards/drafts/bad.txt", 1, "TL304")]


@pytest.mark.parametrize("git", [True, False])
def test_configured_excludes_match_a_path_named_from_a_subdirectory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, git: bool
) -> None:
    # the globs are written from the configuration's folder; the run is in cards/, and
    # without a repository its root (and the names) are the working directory
    if git:
        (tmp_path / ".git").mkdir()
    (tmp_path / ".typeline.yaml").write_text("exclude: [cards/drafts]\n", encoding="utf-8")
    (tmp_path / "cards" / "drafts").mkdir(parents=True)
    (tmp_path / "cards" / "drafts" / "bad.txt").write_text(BAD, encoding="utf-8")
    (tmp_path / "cards" / "bad.txt").write_text(BAD, encoding="utf-8")
    monkeypatch.chdir(tmp_path / "cards")
    status, document = report("--force-exclude", "drafts/bad.txt", "bad.txt")
    assert status == 1
    assert places(document) == [("cards/bad.txt" if git else "bad.txt", 1, "TL304")]


def test_force_exclude_applies_to_the_name_standard_input_is_given(repo: Path) -> None:
    how = Discovery(FileFilter(exclude=("drafts",)), Names(str(repo)), force_exclude=True)
    assert survey(("-",), how._replace(stdin_name="drafts/new.txt"), io.StringIO()).inputs == []
    assert survey(("-",), how._replace(stdin_name=".hidden.txt"), io.StringIO()).inputs == []
    kept = survey(("-",), how._replace(stdin_name="cards/new.txt"), io.StringIO()).inputs
    assert [(found.name, found.stdin) for found in kept] == [("cards/new.txt", True)]
    assert [found.name for found in survey(("-",), how, io.StringIO()).inputs] == ["-"]


def test_force_exclude_is_no_error_without_a_configuration(repo: Path) -> None:
    # the hooks always give it; a repository without a configuration file gets hidden paths left out
    write({"bad.txt": BAD})
    result = check("--no-config", "--force-exclude", "bad.txt")
    assert result.exit_code == 1
    assert result.stderr == ""


FORCE_EXCLUDE_IDLE = (
    "typeline: error: --force-exclude with --hidden, no exclude glob and no configuration file "
    "leaves nothing out; give --exclude GLOB, or leave out --force-exclude\n"
)


@pytest.mark.parametrize(
    "args",
    [
        ["--force-exclude", "--hidden"],
        ["--no-config", "--force-exclude", "--hidden"],
        ["--no-config", "--force-exclude", "--hidden", "--exclude", ""],
    ],
)
def test_force_exclude_that_can_leave_nothing_out_is_a_usage_error(repo: Path, args: list[str]) -> None:
    write({"bad.txt": BAD})
    result = check(*args, "bad.txt")
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", FORCE_EXCLUDE_IDLE)


@pytest.mark.parametrize(
    ("config", "args"),
    [
        ("hidden: true\n", ["--force-exclude"]),  # a hook, in a repository that searches hidden paths
        ("force-exclude: true\nhidden: true\n", []),
        ("force-exclude: true\n", ["--hidden"]),
        ("exclude: [old]\n", ["--force-exclude", "--hidden"]),
    ],
)
def test_force_exclude_with_a_configuration_is_never_an_error(
    repo: Path, config: str, args: list[str]
) -> None:
    write({".typeline.yaml": config, "bad.txt": BAD, ".cards/bad.txt": BAD})
    result = check(*args, "--format", "concise", "bad.txt", ".cards/bad.txt")
    assert (result.exit_code, result.stderr) == (1, "")
    assert result.stdout.count("TL304") == 2  # hidden paths are read (hidden: true)


# --skip-non-card-files
# --------------------------------------------------------------------------


def test_named_files_that_hold_no_card_data_are_reported_without_the_flag(repo: Path) -> None:
    write(NOT_CARDS)
    status, document = report("package.json")
    assert (status, places(document)) == (2, [("package.json", 1, "TL905")])
    assert report("deck.txt")[0] == 1
    assert report("requirements.txt")[0] == 1


def test_skip_non_card_files_passes_over_named_files_that_hold_no_card_data(repo: Path) -> None:
    write({**NOT_CARDS, "bad.txt": BAD, "cards.json": '[{"name": "X", "type_line": "Creature — Forest"}]\n'})
    status, document = report("--skip-non-card-files", *NOT_CARDS, "bad.txt", "cards.json")
    assert status == 1
    assert places(document) == [("bad.txt", 1, "TL304"), ("cards.json", 1, "TL304")]
    assert document["summary"]["files"] == 2  # the files passed over are not counted


def test_skip_non_card_files_passes_over_exactly_what_a_search_passes_over(repo: Path) -> None:
    write({f"tree/{name}": text for name, text in NOT_CARDS.items()})
    write({"tree/bad.txt": BAD, "tree/mistakes.txt": "Creature — Goblim\nLegendary Creature — Forest\n"})
    named = sorted(str(path) for path in Path("tree").rglob("*") if path.is_file())
    searched = report("--include", "*", "tree")
    assert report("--skip-non-card-files", *named) == searched
    assert searched[1]["summary"]["files"] == 2  # the type lines full of mistakes are read


def test_skip_non_card_files_from_the_configuration(repo: Path) -> None:
    write({".typeline.yaml": "skip-non-card-files: true\n", **NOT_CARDS})
    assert report(*NOT_CARDS) == (0, report("--skip-non-card-files", *NOT_CARDS)[1])
    assert report("--no-skip-non-card-files", "package.json")[0] == 2


def test_unreadable_named_files_are_still_reported_with_skip_non_card_files(repo: Path) -> None:
    status, document = report("--skip-non-card-files", "missing.txt")
    assert (status, places(document)) == (2, [("missing.txt", 1, "TL901")])


@pytest.mark.parametrize("name", ["package.json", "deck.txt", "requirements.txt", "export.csv"])
def test_skip_non_card_files_passes_over_standard_input(repo: Path, name: str) -> None:
    status, document = report("--skip-non-card-files", "-", stdin=NOT_CARDS[name])
    assert (status, places(document), document["summary"]["files"]) == (0, [], 0)
    assert report("-", stdin=NOT_CARDS[name])[0] != 0


def test_skip_non_card_files_still_reads_type_lines_on_standard_input(repo: Path) -> None:
    status, document = report("--skip-non-card-files", "-", stdin=BAD)
    assert (status, places(document)) == (1, [("-", 1, "TL304")])


# --fix leaves text that doesn't look like type lines alone
# --------------------------------------------------------------------------


def test_fix_leaves_a_named_deck_list_alone_and_says_why(repo: Path) -> None:
    write({"deck.txt": DECK, "cards.txt": FIXABLE})
    result = check("--fix", "--format", "concise", "deck.txt", "cards.txt")
    assert Path("deck.txt").read_bytes() == DECK.encode()
    assert Path("cards.txt").read_text(encoding="utf-8") == "Creature — Elf\n"
    assert result.stderr == NOT_TYPE_LINES
    # its findings are reported as a check would report them
    assert result.exit_code == 1
    assert result.stdout.startswith("deck.txt:1:1: TL201 [error] '20' is not a card type\n")
    alone = check("--format", "concise", "deck.txt").stdout
    summary = "Fixed 2 findings in 1 file.\nFound 5 errors in 3 type lines in 2 files."
    after = alone.replace("Found 5 errors in 2 type lines in 1 file.", summary)
    left = "5 left: 1 has a fix that could not be made, 4 have no automatic fix."  # deck.txt: not fixed
    assert result.stdout == after.replace("[*] 1 fixable with --fix.", left)


@pytest.mark.parametrize("name", ["requirements.txt", "README.txt", "CHANGELOG.md"])
def test_fix_never_writes_named_text_without_type_lines(repo: Path, name: str) -> None:
    write({name: NOT_CARDS[name]})
    result = check("--fix", "--unsafe-fixes", name)
    assert Path(name).read_bytes() == NOT_CARDS[name].encode()
    assert f"typeline: warning: {name}: not fixed: " in result.stderr


def test_fix_with_input_format_text_fixes_it_as_type_lines(repo: Path) -> None:
    write({"deck.txt": DECK})
    result = check("--fix", "--input-format", "text", "deck.txt")
    assert Path("deck.txt").read_text(encoding="utf-8") == "20 — Mountain\n4 Lightning Bolt\n"
    assert "not fixed" not in result.stderr


def test_diff_agrees_with_fix_about_text_without_type_lines(repo: Path) -> None:
    write({"deck.txt": DECK, "cards.txt": FIXABLE})
    result = check("--diff", "deck.txt", "cards.txt")
    assert result.exit_code == 1
    assert "deck.txt" not in result.stdout
    assert result.stdout.startswith("--- cards.txt\n+++ cards.txt\n")
    assert result.stderr == NOT_TYPE_LINES + "Would fix 2 findings in 1 file.\n"
    assert Path("deck.txt").read_bytes() == DECK.encode()
    only_deck = check("--diff", "deck.txt")
    assert (only_deck.stdout, only_deck.stderr) == ("", NOT_TYPE_LINES + "No fixes available.\n")
    forced = check("--diff", "--input-format", "text", "deck.txt")
    assert "+20 — Mountain\n" in forced.stdout


def test_fix_on_standard_input_prints_text_without_type_lines_as_it_is(repo: Path) -> None:
    result = check("--fix", "-q", "--format", "concise", "-", stdin=DECK)
    assert result.stdout == DECK
    assert result.stderr.startswith(NOT_TYPE_LINES.replace("deck.txt", "-"))
    assert "-:1:1: TL201 [error] '20' is not a card type\n" in result.stderr
    assert result.exit_code == 1


def test_fix_with_skip_non_card_files_passes_over_without_a_warning(repo: Path) -> None:
    write({"deck.txt": DECK})
    result = check("--fix", "--skip-non-card-files", "deck.txt")
    assert (result.exit_code, result.stderr) == (0, "")
    assert Path("deck.txt").read_bytes() == DECK.encode()
    piped = check("--fix", "--skip-non-card-files", "-", stdin=DECK)
    assert (piped.exit_code, piped.stdout) == (0, DECK)
    assert "not fixed" not in piped.stderr


def test_fix_still_fixes_type_lines_full_of_mistakes(repo: Path) -> None:
    write({"cards.txt": "creature - elf\nlegendary creature - goblin\nCreature — Forest\n"})
    check("--fix", "cards.txt")
    assert Path("cards.txt").read_text(encoding="utf-8") == (
        "Creature — Elf\nLegendary Creature — Goblin\nCreature — Forest\n"
    )


# Files that hold no card data but are broken or binary: passed over as a search passes them
BROKEN_NOT_CARDS = {
    "tsconfig.json": '{\n  // comments, which JSON has not\n  "compilerOptions": {"strict": true},\n}\n',
    "art.mse-set": "version https://git-lfs.github.com/spec/v1\noid sha256:0123abcd\nsize 1234\n",
    "chart/values.yaml": "image: {{ .Values.image }}\nreplicas: [1\n",
}
BINARY_NOT_CARDS = {
    "images/card back": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01",
    "set": b"\x89PNG\r\n\x1a\n\x00",
}


def test_broken_and_binary_files_that_hold_no_card_data_are_passed_over(repo: Path) -> None:
    write(BROKEN_NOT_CARDS)
    for name, data in BINARY_NOT_CARDS.items():
        Path(name).parent.mkdir(parents=True, exist_ok=True)
        Path(name).write_bytes(data)
    named = [*BROKEN_NOT_CARDS, *BINARY_NOT_CARDS]
    status, document = report("--skip-non-card-files", *named)
    assert (status, places(document), document["summary"]["files"]) == (0, [], 0)
    searched = report("--include", "*", ".")
    assert (searched[0], places(searched[1])) == (0, [])
    # named without the flag, each is still an error: the user named it as card data
    for name in named:
        assert report(name)[0] == 2, name


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("cards.json", '[{"name": "X", "type_line": "Creature — Elf"},]\n'),
        ("mtgjson.json", '{"data": {"cards": [{"types": ["Creature"], }]}}\n'),
        ("cards.yaml", "- name: X\n  type_line: Creature — Elf\n- name: [Y\n"),
        ("set.mse-set", "mse_version: 2.0.2\ncard:\n\tname: X\nnot a key\n"),
    ],
)
def test_broken_card_data_is_still_reported_in_a_search(repo: Path, name: str, text: str) -> None:
    write({f"tree/{name}": text})
    status, document = report("--include", "*", "tree")
    assert (status, [code for _, _, code in places(document)]) == (2, ["TL905"])
    assert report("--skip-non-card-files", f"tree/{name}")[0] == 2
