"""The directory search: .gitignore rules case by case (and against git itself where it is
installed), hidden files, Magic Set Editor set folders as one input, files named explicitly,
sorted output."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from conftest import DATA, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_typeline.discovery import Discovery, FileFilter, Names, survey
from mtg_typeline.discovery.gitignore import Ignores, _Rules, parse, translate

EVERYTHING = FileFilter(include=("*",))
MSE_SET = b"mse_version: 2.0.2\ngame: magic\n"
MSE_CARD = b"mse_version: 2.5.8\ncard:\n\tname: A\n\tsuper_type: Creature - Elf\n"
GIT = shutil.which("git")


pytestmark = pytest.mark.usefixtures("in_tmp")


def make(files: dict[str, str | bytes]) -> None:
    for name, data in files.items():
        path = Path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)


def search(*paths: str, files: FileFilter = EVERYTHING) -> list[str]:
    err = io.StringIO()
    how = Discovery(files, Names(os.getcwd()))
    return [found.name for found in survey(paths or (".",), how, err).inputs]


def repository() -> None:
    """Make the current directory a repository root (git's own when git is here)."""
    if GIT:
        subprocess.run([GIT, "init", "-q", "."], check=True)
    else:
        Path(".git/info").mkdir(parents=True)


# Patterns, one rule at a time: (.gitignore text, files, the files left)

CASES = [
    pytest.param("# a.txt\n\n   \n", ["a.txt"], ["a.txt"], id="comment-and-blank"),
    pytest.param("\\#b.txt\n", ["#b.txt", "b.txt"], ["b.txt"], id="escaped-hash"),
    pytest.param(
        "*.txt\n!keep.txt\n", ["a.txt", "keep.txt", "d/keep.txt"], ["d/keep.txt", "keep.txt"], id="negation"
    ),
    pytest.param("!keep.txt\n*.txt\n", ["a.txt", "keep.txt"], [], id="last-pattern-wins"),
    pytest.param("\\!bang.txt\n", ["!bang.txt", "bang.txt"], ["bang.txt"], id="escaped-bang"),
    pytest.param("build/\n", ["build/a.txt", "d/build/b.txt", "x/build"], ["x/build"], id="directory-only"),
    pytest.param("/top.txt\n", ["top.txt", "d/top.txt"], ["d/top.txt"], id="leading-slash"),
    pytest.param("d/x.txt\n", ["d/x.txt", "a/d/x.txt", "x.txt"], ["a/d/x.txt", "x.txt"], id="middle-slash"),
    pytest.param("x.txt\n", ["x.txt", "a/b/x.txt", "y.txt"], ["y.txt"], id="no-slash-any-depth"),
    pytest.param("**/logs\n", ["logs/a.txt", "d/e/logs/b.txt", "logs.txt"], ["logs.txt"], id="leading-stars"),
    pytest.param(
        "logs/**\n", ["logs/a.txt", "logs/d/b.txt", "d/logs/c.txt"], ["d/logs/c.txt"], id="trailing-stars"
    ),
    pytest.param(
        "a/**/b.txt\n", ["a/b.txt", "a/x/b.txt", "a/x/y/b.txt", "c/a/b.txt"], ["c/a/b.txt"], id="middle-stars"
    ),
    pytest.param("a**b.txt\n", ["ab.txt", "axxb.txt", "a/b.txt"], ["a/b.txt"], id="stars-within-a-name"),
    pytest.param("*.txt\n", ["a.txt", "d/b.txt", "c.json"], ["c.json"], id="star"),
    pytest.param("d/*.txt\n", ["d/a.txt", "d/e/b.txt"], ["d/e/b.txt"], id="star-stays-in-a-directory"),
    pytest.param("?.json\n", ["a.json", "ab.json"], ["ab.json"], id="question-mark"),
    pytest.param(
        "[ab].txt\n[!c]x.csv\n", ["a.txt", "c.txt", "ax.csv", "cx.csv"], ["c.txt", "cx.csv"], id="brackets"
    ),
    pytest.param("[[:digit:]]*.yml\n", ["1.yml", "a.yml"], ["a.yml"], id="posix-class"),
    pytest.param("foo[\n", ["foo[", "foo"], ["foo", "foo["], id="unclosed-bracket"),
    pytest.param("space.txt   \n", ["space.txt"], [], id="trailing-spaces-dropped"),
    pytest.param("kept\\ \n", ["kept ", "kept"], ["kept"], id="escaped-trailing-space"),
    pytest.param("a.txt\r\nb.txt\r\n", ["a.txt", "b.txt", "c.txt"], ["c.txt"], id="crlf"),
    pytest.param("\ufeffa.txt\n", ["a.txt", "b.txt"], ["b.txt"], id="bom"),
    pytest.param("dir/\n!dir/a.txt\n", ["dir/a.txt"], [], id="no-re-include-inside-an-ignored-directory"),
    pytest.param(
        "*\n!*/\n!*.txt\n", ["a.txt", "b.csv", "d/c.txt", "d/e.csv"], ["a.txt", "d/c.txt"], id="allow-list"
    ),
    pytest.param("\\*.txt\n", ["*.txt", "a.txt"], ["a.txt"], id="escaped-star"),
]


@pytest.mark.parametrize(("gitignore", "files", "left"), CASES)
def test_gitignore_rule(gitignore: str, files: list[str], left: list[str]) -> None:
    repository()
    make({".gitignore": gitignore, **dict.fromkeys(files, "Creature\n")})
    assert search() == left


@pytest.mark.skipif(GIT is None, reason="git is not installed")
@pytest.mark.parametrize(("gitignore", "files", "left"), CASES)
def test_gitignore_rule_agrees_with_git(gitignore: str, files: list[str], left: list[str]) -> None:
    repository()
    make({".gitignore": gitignore, **dict.fromkeys(files, "Creature\n")})
    assert GIT is not None
    listed = subprocess.run(
        [GIT, "ls-files", "--others", "--exclude-standard", "-z"], check=True, capture_output=True
    ).stdout.decode("utf-8")
    by_git = sorted(p for p in listed.split("\0") if p and p != ".gitignore")
    assert sorted(search()) == by_git == sorted(left)


def test_deeper_files_override_higher_ones() -> None:
    repository()
    make({".gitignore": "*.txt\n", "a.txt": "", "d/.gitignore": "!*.txt\n", "d/b.txt": "", "d/e/c.txt": ""})
    assert search() == ["d/b.txt", "d/e/c.txt"]


def test_info_exclude_applies_below_gitignore_files() -> None:
    repository()
    make(
        {
            ".git/info/exclude": "*.txt\n*.csv\n",
            ".gitignore": "!a.txt\n",
            "a.txt": "",
            "b.txt": "",
            "c.csv": "",
        }
    )
    assert search() == ["a.txt"]


def test_gitignore_files_above_the_searched_directory() -> None:
    repository()
    make({
        ".gitignore": "cards/old/\n/cards/draft.txt\n/draft.txt\n",
        "cards/.gitignore": "*.csv\n",
        "cards/old/a.txt": "", "cards/draft.txt": "", "cards/new/draft.txt": "", "cards/b.txt": "",
        "cards/c.csv": "",
    })  # fmt: skip
    assert search("cards") == ["cards/b.txt", "cards/new/draft.txt"]
    os.chdir("cards")
    assert search() == ["b.txt", "new/draft.txt"]


def test_a_directory_named_is_searched_even_when_ignored() -> None:
    repository()
    make({".gitignore": "build/\n*.log\n", "build/a.txt": "", "build/b.log": "", "c.txt": ""})
    assert search() == ["c.txt"]
    assert search("build") == ["build/a.txt"]


def test_outside_a_repository_only_the_searched_tree_counts() -> None:
    make({".gitignore": "*.txt\n", "d/a.txt": "", "d/.gitignore": "b.txt\n", "d/b.txt": "", "d/c.json": ""})
    assert search("d") == ["d/a.txt", "d/c.json"]
    assert search() == ["d/c.json"]


def test_gitignore_can_be_turned_off() -> None:
    repository()
    make({".gitignore": "*.txt\n", "a.txt": "", "d/b.txt": ""})
    assert search() == []
    assert search(files=EVERYTHING._replace(gitignore=False)) == ["a.txt", "d/b.txt"]


def test_parse_and_translate() -> None:
    assert parse("# comment") is None
    assert parse("   ") is None
    assert parse("!") is None
    assert parse("/") is None
    assert parse("trailing\\") is None
    pattern = parse("!/a/b/ ")
    assert pattern is not None
    assert (pattern.negated, pattern.directories_only, pattern.name_only) == (True, True, False)
    assert translate("a/**/b") == "a/(?:.*/)?b"
    assert translate("[z-a]") == "(?!)"
    assert translate("[[:nope:]]") is None


def test_ignores_answer_for_directories_and_files() -> None:
    repository()
    make({".gitignore": "out/\n", "d/.gitignore": "/x\n"})
    ignores = Ignores.above(".")
    assert ignores.ignored("out", is_dir=True)
    assert not ignores.ignored("out", is_dir=False)
    deeper = ignores.below("d", "d")
    assert deeper.ignored("d/x", is_dir=False)
    assert not deeper.ignored("d/e/x", is_dir=False)


# Hidden files


def test_hidden_files_and_directories() -> None:
    make({"a.txt": "", ".h.txt": "", ".hidden/b.txt": "", "d/.e.txt": "", ".git/c.txt": ""})
    assert search() == ["a.txt"]
    assert search(files=EVERYTHING._replace(hidden=True)) == [".h.txt", ".hidden/b.txt", "a.txt", "d/.e.txt"]
    # git's own directory is never searched
    assert search(files=EVERYTHING._replace(hidden=True, gitignore=False)) == [
        ".h.txt", ".hidden/b.txt", "a.txt", "d/.e.txt",
    ]  # fmt: skip


def test_hidden_through_the_command_line() -> None:
    repository()
    make({".gitignore": "ignored.txt\n", "a.txt": "Creature - Elf\n", ".h.txt": "Creature - Elf\n",
          "ignored.txt": "Creature - Elf\n"})  # fmt: skip

    def paths(*flags: str) -> list[str]:
        result = run_cli(["check", "--format", "json", *flags, "."])
        return [f["path"] for f in json.loads(result.stdout)["findings"]]

    assert paths() == ["a.txt"]
    assert paths("--hidden") == [".h.txt", "a.txt"]
    assert paths("--no-respect-gitignore") == ["a.txt", "ignored.txt"]
    assert paths("--hidden", "--no-respect-gitignore") == [".h.txt", "a.txt", "ignored.txt"]


# Magic Set Editor sets


def test_mse_set_folder_is_one_input() -> None:
    make({"sets/x.mse-set/set": MSE_SET, "sets/x.mse-set/card a": MSE_CARD, "sets/x.mse-set/notes.txt": "",
          "sets/y.mse-set": b"PK\x05\x06" + bytes(18), "sets/z.txt": ""})  # fmt: skip
    assert search(files=FileFilter()) == ["sets/x.mse-set", "sets/y.mse-set", "sets/z.txt"]
    assert search("sets/x.mse-set") == ["sets/x.mse-set"]


def test_folder_holding_an_mse_set_file_is_one_input() -> None:
    make({"tcw/set": MSE_SET, "tcw/card a": MSE_CARD, "tcw/card b": MSE_CARD, "tcw/readme.txt": "",
          "tcw/sub/c.txt": ""})  # fmt: skip
    # card files are the set's: never read twice, even when the globs select them
    expected = ["tcw", "tcw/readme.txt", "tcw/sub/c.txt"]
    assert search(files=FileFilter()) == expected
    assert search(files=FileFilter(include=("set", "card *", "*.txt"))) == expected
    assert search("tcw", files=FileFilter()) == ["tcw", "tcw/readme.txt", "tcw/sub/c.txt"]
    os.chdir("tcw")
    assert search(files=FileFilter()) == [".", "readme.txt", "sub/c.txt"]


def test_a_set_file_that_is_not_mse() -> None:
    make({"d/set": "Creature - Elf\n", "e/set": "x\n", "e/a.txt": ""})
    assert search(files=FileFilter()) == ["e/a.txt"]
    assert search(files=FileFilter(include=("set", "*"))) == ["d/set", "e/a.txt", "e/set"]


def test_mse_set_folders_follow_the_globs() -> None:
    make({"x.mse-set/set": MSE_SET, "x.mse-set/card a": MSE_CARD})
    assert search(files=FileFilter(include=("*.txt",))) == []
    assert search(files=FileFilter(exclude=("x.mse-set",))) == []
    repository()
    make({".gitignore": "*.mse-set\n"})
    assert search(files=FileFilter()) == []


def test_the_sample_set_found_in_a_tree(in_tmp: Path) -> None:
    sample = DATA / "samples" / "mse" / "TheCloneWars.mse-set-partial"
    shutil.copytree(sample, in_tmp / "sets" / "tcw")
    result = run_cli(["check", "--format", "json", "sets"])
    document = json.loads(result.stdout)
    assert document["summary"]["files"] == 1
    assert document["summary"]["type_lines"] == 13
    assert {f["path"].split(os.sep)[-1] for f in document["findings"]} == {
        "card anakin skywalker 501st general",
        "card anakin skywalker chosen one",
        "card darth vader sith lord",
        "card mace windu bringer of justice",
        "card the malevolence",
        "card twice the pride double the fall",
    }


# Files named explicitly, order


def test_files_named_explicitly_are_always_read() -> None:
    repository()
    make({".gitignore": "*.txt\n", "a.txt": "", ".h.txt": "", "notes.md": "", "d/b.txt": ""})
    files = FileFilter(include=("*.csv",), exclude=("*.md",))
    assert search("a.txt", ".h.txt", "notes.md", "d", files=files) == ["a.txt", ".h.txt", "notes.md"]


def test_output_is_sorted_folder_by_folder() -> None:
    make(dict.fromkeys(["b.txt", "a-b/c.txt", "a/z.txt", "a/b/y.txt", "A.txt", "a.txt"], ""))
    assert search() == ["A.txt", "a/b/y.txt", "a/z.txt", "a-b/c.txt", "a.txt", "b.txt"]


def test_no_matching_files_warns() -> None:
    make({"d/a.md": ""})
    err = io.StringIO()
    assert survey(("d",), Discovery(FileFilter(), Names(os.getcwd())), err).inputs == []
    assert err.getvalue().startswith("typeline: warning: no files matching *.txt, *.json")


def test_a_big_tree() -> None:
    repository()
    make({".gitignore": "f1*.txt\n!f10.txt\n**/skip/**\n"})
    for folder in range(40):
        for index in range(50):
            make({f"d{folder}/f{index}.txt": "", f"d{folder}/skip/g{index}.json": ""})
    found = search(files=FileFilter())
    # of f0..f49: f1, f10..f19 ignored, f10 re-included: 50 - 11 + 1 = 40 per folder
    assert len(found) == 40 * 40
    assert found[:3] == ["d0/f0.txt", "d0/f10.txt", "d0/f2.txt"]


def test_a_hidden_directory_named_is_searched() -> None:
    make({".cards/a.txt": "", ".cards/.b.txt": "", ".cards/sub/c.txt": ""})
    assert search() == []
    assert search(".cards") == [".cards/a.txt", ".cards/sub/c.txt"]


# Text files a search comes upon: type lines, or other text passed over


def test_text_that_holds_no_type_lines_is_passed_over_in_a_search() -> None:
    make(
        {
            "requirements.txt": "click>=8\nrich\n",
            "deck.txt": "4 Lightning Bolt\n20 Mountain\n",
            "README.txt": "Our fan set.\n\nIt has creatures and an artifact.\nThe end.\n",
            "cards/lines.txt": "# a comment\nCreature - Elf\n\nInstant\n",
        }
    )
    result = run_cli(["check", "--format", "concise", "."])
    assert result.output.splitlines() == [
        "cards/lines.txt:2:9: TL101 [*] [warning] the dash is written as '-'; "
        "subtypes follow a long dash '—' with one space on each side",
        "Found 1 warning in 2 type lines in 1 file.",
        "[*] 1 fixable with --fix.",
    ]
    assert result.exit_code == 0
    summary = run_cli(["check", "--format", "json", "."])
    assert json.loads(summary.output)["summary"]["files"] == 1


def test_type_lines_full_of_mistakes_are_still_read_in_a_search() -> None:
    make({"lines.txt": "Creture — Elf\nlegendary creature\nTribal Instant — Elf\nsummon — Dragon\n"})
    result = run_cli(["check", "--format", "concise", "."])
    codes = [line.split()[1] for line in result.output.splitlines() if line.startswith("lines.txt:")]
    assert codes == ["TL201", "TL103", "TL202", "TL202"], result.output  # (one TL103: all lower case)
    assert result.exit_code == 1


def test_text_named_or_read_as_text_is_checked_whatever_it_holds() -> None:
    make({"deck.txt": "4 Lightning Bolt\n"})
    assert run_cli(["check", "deck.txt"]).exit_code == 1
    assert run_cli(["check", "--input-format", "text", "."]).exit_code == 1
    assert run_cli(["check", "."]).exit_code == 0


def test_fix_leaves_text_that_holds_no_type_lines_alone() -> None:
    make({"notes.txt": "Creature - Elf? ask Ann\nthen more\nand more\n", "lines.txt": "Creature - Elf\n"})
    before = os.stat("notes.txt")
    result = run_cli(["check", "--fix", "."])
    assert result.exit_code == 0, result.output
    assert Path("lines.txt").read_text() == "Creature — Elf\n"
    assert Path("notes.txt").read_text() == "Creature - Elf? ask Ann\nthen more\nand more\n"
    assert os.stat("notes.txt").st_mtime_ns == before.st_mtime_ns


@pytest.mark.parametrize(
    ("text", "holds"),
    [
        pytest.param("", True, id="empty"),
        pytest.param("# only a comment\n\n", True, id="comments"),
        pytest.param("Creature\nnot a type line\n", True, id="half"),
        pytest.param("Creature\nnot\nno\n", False, id="a-third"),
        pytest.param("TOKEN\nemblem — Ajani\nkindred\n", True, id="token-emblem-any-case"),
        pytest.param("Tribal\nInterrupt\nSummon\n", True, id="obsolete"),
        pytest.param("\ufeffSnow\nBasic Land — Forest\n", True, id="supertypes"),
        pytest.param("Urzas\nLands\nCreatures\n", False, id="whole-words-only"),
        pytest.param("x\n" * 200 + "Creature\n" * 400, False, id="first-200-lines"),
        pytest.param("Creature-Goblin\nEnchantment-Aura\nx\n", True, id="hyphen-for-a-dash"),
        pytest.param("\ufeffCreature — Elf\n".encode("utf-16-le").decode("latin-1"), True, id="utf-16"),
        pytest.param("x\x00y\n", True, id="nul-bytes"),
    ],
)
def test_what_looks_like_type_lines(text: str, holds: bool) -> None:
    from mtg_typeline.ruleset import load_rules
    from mtg_typeline.sources.inputs import look_at

    data = text.encode("latin-1") if text.startswith("\xff\xfe") else text.encode("utf-8")
    assert look_at(data, load_rules()).holds_type_lines is holds


def test_text_that_is_not_utf_8_text_is_reported_in_a_search() -> None:
    make({"win.txt": "Creature — Goblin\r\n".encode("utf-16")})
    result = run_cli(["check", "--format", "concise", "."])
    assert result.exit_code == 2
    assert result.output.startswith("win.txt:1:4: TL902 [error] a binary file (it holds NUL bytes)")


_PARTS = st.sampled_from(["a", "A", "b", "a-b", "a.b", "a0", "card x", "set", "x.mse-set", "b.txt"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(_PARTS, min_size=1, max_size=4), min_size=1, max_size=12), st.booleans())
def test_a_search_gives_its_inputs_sorted_as_paths(paths: list[list[str]], mse: bool) -> None:
    """Files and folders named alike, set folders (`*.mse-set`) and folders with a Magic Set
    Editor `set` file among them: the search goes through each folder by name, and what it
    finds comes out sorted component by component, each once."""
    with tempfile.TemporaryDirectory() as top:
        root = Path(top)
        for parts in paths:
            path = root.joinpath(*parts, "f.txt") if parts[-1] == "x.mse-set" else root.joinpath(*parts)
            if any(parent.is_file() for parent in path.parents) or path.is_dir():
                continue  # (a name taken by a file of the other kind)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(MSE_SET if mse and path.name == "set" else "Creature \u2014 Elf\n".encode())
        found = [
            item.name for item in survey((top,), Discovery(EVERYTHING, Names(top)), io.StringIO()).inputs
        ]
        assert found == sorted(found, key=lambda name: name.split("/"))
        assert len(set(found)) == len(found)
        assert found  # (a file at least: every path makes one, or a set)


_PATTERNS = st.sampled_from(
    ["*.txt", "!keep.txt", "a/", "a/*.txt", "**/b", "/c.txt", "d/**", "!a/x.txt", "[ab]*", "x?.txt", "*"]
)
_FILES = st.sampled_from(["a.txt", "keep.txt", "a/x.txt", "a/b", "b", "c.txt", "d/e/c.txt", "xy.txt", "q"])


@settings(max_examples=200, deadline=None)
@given(st.lists(_PATTERNS, max_size=6), _FILES)
def test_a_file_is_ignored_as_its_patterns_say_one_by_one(lines: list[str], path: str) -> None:
    """The expression of all of an ignore file's patterns that tells at once a file none of
    them matches decides as the last pattern that matches does."""
    patterns = tuple(p for p in map(parse, lines) if p is not None)
    name = path.rpartition("/")[2]
    expected = next(
        (
            not pattern.negated
            for pattern in reversed(patterns)
            if not pattern.directories_only and pattern.regex.fullmatch(name if pattern.name_only else path)
        ),
        False,
    )
    assert Ignores((_Rules.of(patterns, "", 0),)).ignored(path, False) == expected
