"""The pre-commit hook in .pre-commit-hooks.yaml, checked by pre-commit itself.

The fast tests validate the manifest and the example configuration with pre-commit's own
validators. The `network` tests run the real `pre-commit try-repo` on a temporary git
repository: pre-commit clones the hook repository and pip-installs it, with click, rich and
pyyaml from the package index, into a virtual environment of its own.

`try-repo` on a path snapshots uncommitted changes of *tracked* files only (it runs
`git add -u` into a shadow clone): untracked files, such as a new module or a hook manifest not
yet added, are left out, and the hook would be tested without them. So the tests give
`try-repo` a repository of their own holding the working tree as it is (tracked files with
their changes, untracked files that are not ignored), committed: the same from a fresh clone
and from a tree with uncommitted work.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import pytest
import yaml
from conftest import run_cli

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / ".pre-commit-hooks.yaml"
EXAMPLE_CONFIG = ROOT / "examples" / ".pre-commit-config.yaml"
# git variables that would point our git commands at another repository (set inside git hooks)
GIT_KEEP = {"GIT_EXEC_PATH", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_SSL_CAINFO", "GIT_SSL_NO_VERIFY"}
GOOD = "Legendary Creature — Elf Warrior\nLand — Urza’s Power-Plant\n"
BAD = "Creature — Forest\n"
FIXABLE = "creature - elf\nLand — Forest\n"  # warnings only, all safely fixable


def pre_commit() -> list[str]:
    """The command that runs pre-commit in this environment; a failure, not a skip, without it."""
    if importlib.util.find_spec("pre_commit") is None:
        pytest.fail(
            "pre-commit is not installed in this environment; it is in the dev extra: "
            "pip install -e '.[dev]'",
            pytrace=False,
        )
    return [sys.executable, "-m", "pre_commit"]


def manifest() -> list[dict[str, Any]]:
    hooks: list[dict[str, Any]] = yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))
    return hooks


def hook(hook_id: str) -> dict[str, Any]:
    found = [entry for entry in manifest() if entry["id"] == hook_id]
    assert len(found) == 1, f"{MANIFEST.name} has {len(found)} hooks with the id {hook_id!r}"
    return found[0]


def clean_env(**extra: str) -> dict[str, str]:
    """This environment without git's repository variables and without GitHub Actions'
    marker (so `--format auto` is text), plus `extra`."""
    env = {
        key: value
        for key, value in os.environ.items()
        if (not key.startswith("GIT_") or key in GIT_KEEP) and key != "GITHUB_ACTIONS"
    }
    return {**env, **extra}


def run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run a command, its standard error merged into its output."""
    return subprocess.run(
        args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False
    )


# --- the manifest and the example configuration, offline ---------------------------------------


def validate(command: str, path: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    # every pre-commit command opens its cache: keep it out of the user's ~/.cache
    env = clean_env(PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"))
    return run([*pre_commit(), command, str(path)], ROOT, env)


def test_manifest_is_valid_for_pre_commit(tmp_path: Path) -> None:
    result = validate("validate-manifest", MANIFEST, tmp_path)
    assert (result.returncode, result.stdout) == (0, "")


def test_example_config_is_valid_for_pre_commit(tmp_path: Path) -> None:
    # pre-commit warns (exit status 0) of a mutable rev such as a branch: any output fails
    result = validate("validate-config", EXAMPLE_CONFIG, tmp_path)
    assert (result.returncode, result.stdout) == (0, "")


HOOK_IDS = ["typeline", "typeline-cards", "typeline-mse", "typeline-fix"]
ENTRY = ["typeline", "check", "--force-exclude", "--skip-non-card-files"]


def test_manifest_offers_the_hooks() -> None:
    assert [entry["id"] for entry in manifest()] == HOOK_IDS
    for entry in manifest():
        assert entry["language"] == "python"
        assert entry["name"] and entry["description"]


@pytest.mark.parametrize("hook_id", HOOK_IDS)
def test_every_hook_leaves_out_what_is_excluded_and_what_holds_no_cards(hook_id: str) -> None:
    # pasted into any repository, the hooks pass over its workflows, package files and docs
    fix = ["--fix"] if hook_id == "typeline-fix" else []
    assert shlex.split(hook(hook_id)["entry"]) == [*ENTRY, *fix]


def test_hooks_run_in_parallel_unless_an_unzipped_set_could_be_split() -> None:
    # pre-commit splits the files of a parallel hook among processes (shuffled): the set file
    # and the card files of one unzipped Magic Set Editor set must reach one process, or a
    # card file is read both alone and through its set (and fixed by two processes at once)
    serial = {entry["id"]: entry["require_serial"] for entry in manifest()}
    assert serial == {"typeline": False, "typeline-cards": False, "typeline-mse": True, "typeline-fix": True}


def test_hooks_that_use_types_or_ask_for_a_pre_commit_that_knows_it() -> None:
    # types_or came with pre-commit 2.9.0; an older one would ignore it and run the hook on everything
    for entry in manifest():
        if "types_or" in entry:
            version = tuple(int(part) for part in str(entry["minimum_pre_commit_version"]).split("."))
            assert version >= (2, 9, 0), entry["id"]


def test_manifest_has_no_key_pre_commit_ignores() -> None:
    # validate-manifest accepts unknown keys silently: a misspelt `require-serial` would be lost
    pre_commit()  # a clear failure where pre-commit is missing
    from pre_commit.clientlib import MANIFEST_HOOK_DICT

    known = {item.key for item in MANIFEST_HOOK_DICT.items if hasattr(item, "key")}
    for entry in manifest():
        assert set(entry) <= known, f"{entry['id']}: {sorted(set(entry) - known)}"


def test_example_config_has_no_key_pre_commit_ignores() -> None:
    pre_commit()
    from pre_commit.clientlib import CONFIG_HOOK_DICT, CONFIG_REPO_DICT

    config = yaml.safe_load(EXAMPLE_CONFIG.read_text(encoding="utf-8"))
    for repo in config["repos"]:
        assert set(repo) <= {item.key for item in CONFIG_REPO_DICT.items if hasattr(item, "key")}
        for entry in repo["hooks"]:
            assert set(entry) <= {item.key for item in CONFIG_HOOK_DICT.items if hasattr(item, "key")}


def test_manifest_hook_ids_are_unique() -> None:
    ids = [entry["id"] for entry in manifest()]
    assert len(ids) == len(set(ids))


def test_hook_entry_runs_the_console_script() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    for entry in manifest():
        assert shlex.split(entry["entry"])[0] in scripts, entry["id"]


NOT_TYPE_LINES = {
    "requirements.txt": "click>=8.1\nrich>=13\npyyaml>=6\n",
    "deck.txt": "20 Mountain\n4 Lightning Bolt\n",
    "README.txt": "Our cards\n\nType lines are checked on every commit; see cards/.\n",
    "CHANGELOG.txt": "1.1\n\n- Winter set.\n- Fixed a typo in the rules text.\n",
    "README.md": "# Our cards\n\nThe cards of our set.\n",
    "CHANGELOG.md": "# Changelog\n\n## 1.1\n\n- Winter set.\n",
}


@pytest.mark.parametrize("hook_id", ["typeline", "typeline-fix"])
def test_hook_entries_never_report_or_change_files_without_type_lines(
    hook_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # what the hooks' entries do when pre-commit names such files: nothing at all
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    for name, text in NOT_TYPE_LINES.items():
        Path(name).write_text(text, encoding="utf-8")
    args = shlex.split(hook(hook_id)["entry"])[1:]
    result = run_cli([*args, "--format", "json", *NOT_TYPE_LINES])
    assert (result.exit_code, result.stderr) == (0, "")
    document = json.loads(result.stdout)
    assert (document["findings"], document["summary"]["files"]) == ([], 0)
    assert {name: Path(name).read_text(encoding="utf-8") for name in NOT_TYPE_LINES} == NOT_TYPE_LINES


# Files as pre-commit's identify tags them: text, binary (a zipped set), with a type tag
ZIP = b"PK\x03\x04" + bytes(range(256))
SAMPLE_FILES: dict[str, tuple[bytes, set[str]]] = {
    "cards.txt": (b"Creature \xe2\x80\x94 Elf\n", {"typeline", "typeline-fix"}),
    "sets/dmu/Type Lines.txt": (b"Land\n", {"typeline", "typeline-fix"}),
    "forge/res/cardsfolder/g/goblin_guide.txt": (
        b"Name:Goblin Guide\nTypes:Creature Goblin Scout\n",
        {"typeline", "typeline-fix"},
    ),
    "cards/scryfall.json": (b"[]\n", {"typeline-cards", "typeline-fix"}),
    "collection.csv": (b"Name,Type\n", {"typeline-cards", "typeline-fix"}),
    "export.tsv": (b"Name\tType\n", {"typeline-cards", "typeline-fix"}),
    "cards.yaml": (b"- type: Land\n", {"typeline-cards", "typeline-fix"}),
    "cards.yml": (b"- type: Land\n", {"typeline-cards", "typeline-fix"}),
    "cockatrice/cards.xml": (b"<cockatrice_carddatabase/>\n", {"typeline-cards", "typeline-fix"}),
    "sets/winter.mse-set": (ZIP, {"typeline-mse", "typeline-fix"}),
    "sets/summer.mse-set/set": (b"mse_version: 2.0.2\n", {"typeline-mse", "typeline-fix"}),
    "sets/summer.mse-set/card goblin guide": (b"mse_version: 2.0.2\n", {"typeline-mse", "typeline-fix"}),
    "sets/summer.mse-set/image1": (ZIP, set()),
    "set": (b"mse_version: 2.0.2\n", {"typeline-mse", "typeline-fix"}),
    "README.md": (b"# Cards\n", set()),
    "cards.txt.bak": (b"Land\n", set()),
    "notes/asset": (b"Land\n", set()),
    "offset": (b"Land\n", set()),
    "setup.py": (b"print()\n", set()),
    "cards/logo.png": (b"\x89PNG\r\n\x1a\n\x00\x00", set()),
    "images/card back.jpg": (b"\xff\xd8\xff\xe0\x00\x10JFIF", set()),
    "art/card art.png": (b"\x89PNG\r\n\x1a\n\x00\x00", set()),
    "pack.txt.zip": (ZIP, set()),
}


def taken_by(hook_id: str) -> set[str]:
    """The sample files pre-commit gives the hook, chosen by pre-commit's own classifier."""
    pre_commit()
    from pre_commit.commands.run import Classifier, filter_by_include_exclude

    entry = hook(hook_id)
    names = filter_by_include_exclude(list(SAMPLE_FILES), entry.get("files", ""), entry.get("exclude", "^$"))
    chosen = Classifier(SAMPLE_FILES).by_types(
        names, entry.get("types", ["file"]), entry.get("types_or", []), entry.get("exclude_types", [])
    )
    return set(chosen)


@pytest.fixture
def sample_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, (data, _) in SAMPLE_FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("hook_id", HOOK_IDS)
@pytest.mark.usefixtures("sample_files")
def test_each_hook_takes_its_files(hook_id: str) -> None:
    assert taken_by(hook_id) == {name for name, (_, hooks) in SAMPLE_FILES.items() if hook_id in hooks}


@pytest.mark.usefixtures("sample_files")
def test_the_fix_hook_takes_what_the_other_hooks_take() -> None:
    others = set().union(*(taken_by(hook_id) for hook_id in HOOK_IDS if hook_id != "typeline-fix"))
    assert taken_by("typeline-fix") == others


# --- the rev the example configuration and README name ----------------------------------------

FULL_SHA = re.compile(r"[0-9a-f]{40}")
README = ROOT / "README.md"


def example_repo() -> dict[str, Any]:
    config = yaml.safe_load(EXAMPLE_CONFIG.read_text(encoding="utf-8"))
    (repo,) = config["repos"]
    assert repo["repo"] == "https://github.com/OWNER/mtg-typeline"
    found: dict[str, Any] = repo
    return found


def git(*args: str) -> subprocess.CompletedProcess[str]:
    env = clean_env()
    return subprocess.run(["git", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False)


def test_example_rev_is_a_commit_that_holds_the_hooks_it_uses() -> None:
    # the project makes no release tags: `rev` is a full commit sha of this repository
    repo = example_repo()
    rev, used = repo["rev"], [entry["id"] for entry in repo["hooks"]]
    assert FULL_SHA.fullmatch(rev), f"rev {rev!r} is not a full commit sha"
    assert set(used) <= {entry["id"] for entry in manifest()}
    if git("cat-file", "-e", f"{rev}^{{commit}}").returncode != 0:
        # a checkout without that history (a shallow clone, an unpacked archive) can check
        # the shape only; a full clone without it lost the commit (rebased, squashed)
        shallow = git("rev-parse", "--is-shallow-repository").stdout.strip()
        assert shallow != "false", f"rev {rev} is not in this repository's history: name a commit that is"
        return
    shown = git("show", f"{rev}:.pre-commit-hooks.yaml")
    assert shown.returncode == 0, shown.stderr
    at_rev = {entry["id"]: entry for entry in yaml.safe_load(shown.stdout)}
    for hook_id in used:
        assert hook_id in at_rev, f"{hook_id} is not a hook at {rev}"
        assert {"--force-exclude", "--skip-non-card-files"} <= set(shlex.split(at_rev[hook_id]["entry"]))


def readme_pre_commit_config() -> dict[str, Any]:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("\n## Using it with pre-commit\n") :]
    block = re.search(r"^```yaml\n(repos:.*?)^```", section, re.MULTILINE | re.DOTALL)
    assert block, "README's pre-commit section shows no configuration"
    config: dict[str, Any] = yaml.safe_load(block.group(1))
    return config


def test_readme_configuration_is_the_example_configuration() -> None:
    (repo,) = readme_pre_commit_config()["repos"]
    example = example_repo()
    assert (repo["repo"], repo["rev"]) == (example["repo"], example["rev"])
    assert [entry["id"] for entry in repo["hooks"]] == [entry["id"] for entry in example["hooks"]]


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
MSE_SAMPLE = ROOT / "tests" / "data" / "samples" / "mse" / "TheCloneWars.mse-set-partial"
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
