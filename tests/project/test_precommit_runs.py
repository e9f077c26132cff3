"""The pre-commit hooks run by the real pre-commit (`network` tests).

They run the real `pre-commit try-repo` on a temporary git repository: pre-commit clones the
hook repository and pip-installs it, with click, rich and pyyaml from the package index,
into a virtual environment of its own.

`try-repo` on a path snapshots uncommitted changes of *tracked* files only (it runs
`git add -u` into a shadow clone): untracked files, such as a new module or a hook manifest not
yet added, are left out, and the hook would be tested without them. So the tests give
`try-repo` a repository of their own holding the working tree as it is (tracked files with
their changes, untracked files that are not ignored), committed: the same from a fresh clone
and from a tree with uncommitted work.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import pytest
from conftest import DATA, ROOT, run_cli
from helpers.precommit import BAD, FIXABLE, GOOD, HOOK_IDS, clean_env, pre_commit, run

# --- the real pre-commit: installs the hook with pip ------------------------------------------


@dataclass(frozen=True)
class Sandbox:
    hook_repo: Path  # the project's working tree, committed
    work: Path  # a user's repository with type-line files
    env: dict[str, str]  # pre-commit's cache, temporary files and git configuration inside


def project_files() -> list[str]:
    """The working tree's files: tracked ones (as they are now) and untracked ones not ignored."""
    listing = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], ROOT, clean_env())
    if listing.returncode != 0:
        pytest.fail(f"the hook test needs a git checkout of the project: {listing.stdout}", pytrace=False)
    return [name for name in listing.stdout.split("\0") if name and (ROOT / name).is_file()]


def git_repo(path: Path, files: dict[str, str], env: dict[str, str]) -> None:
    """A new git repository at `path` holding `files`, committed."""
    path.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(text, encoding="utf-8")
    commands = [
        ["git", "init", "--quiet"],
        ["git", "config", "user.name", "typeline tests"],
        ["git", "config", "user.email", "tests@typeline.invalid"],
        ["git", "config", "commit.gpgsign", "false"],
        ["git", "add", "--all"],
        ["git", "commit", "--quiet", "--no-verify", "--message", "snapshot"],
    ]
    for command in commands:
        result = run(command, path, env)
        assert result.returncode == 0, f"{shlex.join(command)} in {path}:\n{result.stdout}"


def copy_project(target: Path) -> None:
    for name in project_files():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name, follow_symlinks=False)


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    base = tmp_path_factory.mktemp("precommit")
    (base / "tmp").mkdir()
    (base / "gitconfig").write_text("", encoding="utf-8")
    env = clean_env(
        PRE_COMMIT_HOME=str(base / "home"),
        TMPDIR=str(base / "tmp"),  # try-repo's own store and the hook's virtualenv go here
        GIT_CONFIG_GLOBAL=str(base / "gitconfig"),  # no user configuration …
        GIT_CONFIG_NOSYSTEM="1",  # … nor the system's
        GIT_TERMINAL_PROMPT="0",
    )
    copy_project(base / "hook-repo")
    git_repo(base / "hook-repo", {}, env)
    files = {"good.txt": GOOD, "bad.txt": BAD, "bad-notes.md": BAD, "fixable.txt": FIXABLE}
    git_repo(base / "work", files, env)
    return Sandbox(base / "hook-repo", base / "work", env)


def try_repo(sandbox: Sandbox, *files: str, hook_id: str = "typeline") -> subprocess.CompletedProcess[str]:
    command = [*pre_commit(), "try-repo", str(sandbox.hook_repo), hook_id, "--color", "never"]
    return run([*command, "--files", *files], sandbox.work, sandbox.env)


@pytest.mark.network
@pytest.mark.slow
def test_try_repo_passes_good_file_and_leaves_other_files_alone(sandbox: Sandbox) -> None:
    # bad-notes.md holds a wrong type line: the hook's `files` pattern must leave it out
    result = try_repo(sandbox, "good.txt", "bad-notes.md")
    assert result.returncode == 0, result.stdout
    assert re.search(r"^typeline\.+Passed$", result.stdout, re.MULTILINE), result.stdout


@pytest.mark.network
@pytest.mark.slow
def test_try_repo_fails_bad_file_citing_the_rule(sandbox: Sandbox) -> None:
    result = try_repo(sandbox, "bad.txt")
    assert result.returncode == 1, result.stdout
    assert re.search(r"^typeline\.+Failed$", result.stdout, re.MULTILINE), result.stdout
    assert "- exit code: 1" in result.stdout
    assert "bad.txt:1:12: error TL304 subtype-type-mismatch" in result.stdout
    assert "205.3d" in result.stdout


@pytest.mark.network
@pytest.mark.slow
def test_try_repo_fix_hook_fixes_and_fails_then_passes(sandbox: Sandbox) -> None:
    # pre-commit fails a hook that changed files, whatever its exit status (typeline's is 0
    # here: no finding remains); the next run finds nothing to change and passes
    result = try_repo(sandbox, "fixable.txt", "good.txt", hook_id="typeline-fix")
    assert result.returncode == 1, result.stdout
    assert re.search(r"^typeline \(fix\)\.+Failed$", result.stdout, re.MULTILINE), result.stdout
    assert "- files were modified by this hook" in result.stdout
    assert "Fixed 2 findings in 1 file." in result.stdout
    assert (sandbox.work / "fixable.txt").read_text(encoding="utf-8") == "Creature — Elf\nLand — Forest\n"
    assert (sandbox.work / "good.txt").read_text(encoding="utf-8") == GOOD
    again = try_repo(sandbox, "fixable.txt", "good.txt", hook_id="typeline-fix")
    assert again.returncode == 0, again.stdout
    assert re.search(r"^typeline \(fix\)\.+Passed$", again.stdout, re.MULTILINE), again.stdout


@pytest.mark.network
@pytest.mark.slow
def test_try_repo_fix_hook_reports_what_it_cannot_fix(sandbox: Sandbox) -> None:
    result = try_repo(sandbox, "bad.txt", hook_id="typeline-fix")
    assert result.returncode == 1, result.stdout
    assert "- exit code: 1" in result.stdout
    assert "files were modified" not in result.stdout
    assert "bad.txt:1:12: error TL304 subtype-type-mismatch" in result.stdout


# --- the real pre-commit in a repository of cards, docs and package files ----------------------

ODD = "Creature — Forest"  # TL304 in every format
CARD_FILES = {
    "cards/good.txt": GOOD,
    "cards/bad.txt": BAD,
    "cards/fixable.txt": FIXABLE,
    "cards/good.json": '[{"object": "card", "name": "Elves", "type_line": "Creature — Elf Druid"}]\n',
    "cards/bad.json": f'[{{"object": "card", "name": "Odd", "type_line": "{ODD}"}}]\n',
    "cards/fixable.json": '[{"object": "card", "name": "Bears", "type_line": "Creature - Bear"}]\n',
    "cards/bad.csv": f"name,type_line\nOdd,{ODD}\n",
    "cards/bad.yaml": f"- name: Odd\n  type_line: {ODD}\n",
    "cards/bad.xml": (
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_carddatabase version="4">\n  <cards>\n'
        f"    <card>\n      <name>Odd</name>\n      <prop><type>{ODD}</type></prop>\n    </card>\n"
        "  </cards>\n</cockatrice_carddatabase>\n"
    ),
    "forge/odd_guide.txt": "Name:Odd Guide\nManaCost:R\nTypes:Creature Forest\n",
}
OTHER_FILES = {
    ".github/workflows/ci.yml": "name: ci\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n"
    "    steps:\n      - uses: actions/checkout@v5\n      - run: make test\n",
    "package.json": '{\n  "name": "card-site",\n  "version": "1.0.0",\n  "private": true\n}\n',
    "docker-compose.yml": "services:\n  web:\n    image: nginx\n    ports: ['8080:80']\n",
    "docs/sitemap.xml": '<?xml version="1.0"?>\n<urlset><url><loc>https://example.org/</loc></url></urlset>\n',
    "docs/notes.txt": "Notes\n\nThe winter set ships in March; the cards are in cards/.\n",
    "README.md": "# Our cards\n\nType lines are checked with typeline on every commit.\n",
    "CHANGELOG.md": "# Changelog\n\n## 1.1\n\n- Winter set.\n- Fixed a typo in the rules text.\n",
    "requirements.txt": "click>=8.1\nrich>=13\npyyaml>=6\n",
    "deck.txt": "20 Mountain\n4 Lightning Bolt\n",
    ".typeline.yaml": "exclude: [drafts]\n",
    "drafts/bad.txt": BAD,
    "drafts/fixable.txt": FIXABLE,
    "drafts/bad.json": f'[{{"object": "card", "name": "Odd", "type_line": "{ODD}"}}]\n',
}
MSE_SAMPLE = DATA / "samples" / "mse" / "TheCloneWars.mse-set-partial"
FINDING = re.compile(r"^(.+?):(\d+):(\d+): (?:error|warning|info) (TL\d{3}) ", re.MULTILINE)


class CardRepo(NamedTuple):
    path: Path
    before: dict[str, bytes]  # every file's bytes, as committed


@pytest.fixture
def cards(sandbox: Sandbox, tmp_path: Path) -> CardRepo:
    repo = card_repo(tmp_path / "cards-repo", sandbox)
    return CardRepo(repo, snapshot(repo))


def card_repo(path: Path, sandbox: Sandbox) -> Path:
    """A user's repository: card files of every format (a zipped and an unzipped Magic Set
    Editor set among them), docs, package files, a workflow, an excluded folder, and the
    hooks of the project's committed copy, at its HEAD."""
    import zipfile

    (path / "sets").mkdir(parents=True)
    with zipfile.ZipFile(path / "sets" / "clone-wars.mse-set", "w", zipfile.ZIP_DEFLATED) as archive:
        for member in sorted(MSE_SAMPLE.iterdir()):
            archive.write(member, member.name)
    shutil.copytree(MSE_SAMPLE, path / "sets" / "unzipped")
    head = run(["git", "rev-parse", "HEAD"], sandbox.hook_repo, sandbox.env).stdout.strip()
    hooks = "".join(f"      - id: {hook_id}\n" for hook_id in HOOK_IDS)
    config = f"repos:\n  - repo: {sandbox.hook_repo}\n    rev: {head}\n    hooks:\n{hooks}"
    git_repo(path, {**CARD_FILES, **OTHER_FILES, ".pre-commit-config.yaml": config}, sandbox.env)
    return path


def pre_commit_run(
    repo: Path, sandbox: Sandbox, *args: str, skip: str = ""
) -> subprocess.CompletedProcess[str]:
    """`pre-commit run ARGS` in `repo` (hooks in SKIP, comma-separated, left out)."""
    return run([*pre_commit(), "run", "--color", "never", *args], repo, {**sandbox.env, "SKIP": skip})


def reported(output: str) -> Counter[tuple[str, int, int, str]]:
    """The findings in pre-commit's output (typeline's text format), each as often as shown."""
    return Counter(
        (path, int(line), int(column), code) for path, line, column, code in FINDING.findall(output)
    )


def checked_by_hand(repo: Path, monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[str, int, int, str]]:
    """What `typeline check` reports on the card files, each named once (the sets as sets)."""
    monkeypatch.chdir(repo)
    named = [*CARD_FILES, "sets/clone-wars.mse-set", "sets/unzipped"]
    document = json.loads(run_cli(["check", "--format", "json", *named]).stdout)
    return Counter((f["path"], f["line"], f["column"], f["code"]) for f in document["findings"])


def snapshot(repo: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(repo)): path.read_bytes()
        for path in repo.rglob("*")
        if path.is_file() and ".git" not in path.relative_to(repo).parts
    }


def hook_result(output: str, name: str) -> str:
    """`Passed`, `Failed` or `Skipped` for the hook called `name` in pre-commit's output."""
    found = re.search(
        rf"^{re.escape(name)}\.+(?:\(no files to check\))?(Passed|Failed|Skipped)$", output, re.M
    )
    assert found, f"no result for {name!r}:\n{output}"
    return found.group(1)


CHECK_HOOK_NAMES = ("typeline", "typeline (card data)", "typeline (Magic Set Editor)")


@pytest.mark.network
@pytest.mark.slow
def test_pre_commit_reports_bad_cards_once_and_passes_over_everything_else(
    sandbox: Sandbox, cards: CardRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, before = cards
    result = pre_commit_run(repo, sandbox, "--all-files", skip="typeline-fix")
    assert result.returncode == 1, result.stdout
    assert [hook_result(result.stdout, name) for name in CHECK_HOOK_NAMES] == ["Failed"] * 3
    found = reported(result.stdout)
    # each format's bad card, at its place; each finding once, the sets' too (a card file of
    # the unzipped set is read through its set, never also alone)
    for place in [
        ("cards/bad.txt", 1, 12, "TL304"),
        ("cards/bad.json", 1, 61, "TL304"),
        ("cards/bad.csv", 2, 16, "TL304"),
        ("cards/bad.yaml", 2, 25, "TL304"),
        ("cards/bad.xml", 6, 30, "TL304"),
        ("forge/odd_guide.txt", 3, 16, "TL304"),
        ("sets/clone-wars.mse-set/card darth vader sith lord", 28, 98, "TL302"),
        ("sets/unzipped/card darth vader sith lord", 28, 98, "TL302"),
    ]:
        assert found[place] == 1, (place, result.stdout)
    assert found == checked_by_hand(repo, monkeypatch)
    # nothing else is mentioned: docs, package files, the workflow, the excluded folder
    sets = ("sets/clone-wars.mse-set/card ", "sets/unzipped/card ")
    assert all(path in CARD_FILES or path.startswith(sets) for path, *_ in found), found
    for name in OTHER_FILES:
        assert name not in result.stdout.replace(".pre-commit-config.yaml", ""), name
    assert snapshot(repo) == before


@pytest.mark.network
@pytest.mark.slow
def test_pre_commit_passes_files_that_hold_no_cards(sandbox: Sandbox, cards: CardRepo) -> None:
    repo, before = cards
    result = pre_commit_run(repo, sandbox, "--files", *OTHER_FILES, "cards/good.txt", "cards/good.json")
    assert result.returncode == 0, result.stdout
    assert not reported(result.stdout), result.stdout
    assert [hook_result(result.stdout, name) for name in CHECK_HOOK_NAMES] == ["Passed", "Passed", "Skipped"]
    assert hook_result(result.stdout, "typeline (fix)") == "Passed"
    assert snapshot(repo) == before


@pytest.mark.network
@pytest.mark.slow
def test_pre_commit_fix_hook_fixes_card_files_only_then_is_clean(sandbox: Sandbox, cards: CardRepo) -> None:
    repo, before = cards
    result = pre_commit_run(repo, sandbox, "typeline-fix", "--all-files")
    assert result.returncode == 1, result.stdout
    assert hook_result(result.stdout, "typeline (fix)") == "Failed"
    assert "- files were modified by this hook" in result.stdout
    after = snapshot(repo)
    changed = {name for name in before if after[name] != before[name]}
    assert changed == {"cards/fixable.txt", "cards/fixable.json"}
    assert after["cards/fixable.txt"] == "Creature — Elf\nLand — Forest\n".encode()
    # (an ASCII-only JSON file gets the dash as an escape, in its own notation)
    fixed_json = CARD_FILES["cards/fixable.json"].replace("Creature - Bear", "Creature \\u2014 Bear")
    assert after["cards/fixable.json"] == fixed_json.encode()
    # what can't be fixed is reported: the bad cards, not the excluded ones
    assert ("cards/bad.txt", 1, 12, "TL304") in reported(result.stdout)
    assert "drafts/" not in result.stdout
    # the second run changes nothing; over the fixed files and the rest it passes
    again = pre_commit_run(repo, sandbox, "typeline-fix", "--all-files")
    assert "files were modified" not in again.stdout, again.stdout
    assert snapshot(repo) == after
    clean = pre_commit_run(
        repo, sandbox, "typeline-fix", "--files", "cards/fixable.txt", "cards/fixable.json", *OTHER_FILES
    )
    assert clean.returncode == 0, clean.stdout
    assert hook_result(clean.stdout, "typeline (fix)") == "Passed"
