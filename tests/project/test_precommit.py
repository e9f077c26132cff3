"""The pre-commit hooks in .pre-commit-hooks.yaml, checked offline: the manifest and the
example configuration against pre-commit's own validators, the hooks' entries and the files
each takes (as pre-commit's identify tags them), and the rev that the example configuration
and the docs (README.md, docs/ci.md) name. The real pre-commit runs the hooks in test_precommit_runs.py.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT, run_cli
from helpers.precommit import HOOK_IDS, MANIFEST, clean_env, hook, manifest, pre_commit, run

EXAMPLE_CONFIG = ROOT / "examples" / ".pre-commit-config.yaml"


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


# --- the rev the example configuration and the docs name ----------------------------------------

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


def shown_pre_commit_config(page: Path, heading: str) -> dict[str, Any]:
    text = page.read_text(encoding="utf-8")
    section = text[text.index(f"\n{heading}\n") :]
    block = re.search(r"^```yaml\n(repos:.*?)^```", section, re.MULTILINE | re.DOTALL)
    assert block, f"{page.name}'s pre-commit section shows no configuration"
    config: dict[str, Any] = yaml.safe_load(block.group(1))
    return config


@pytest.mark.parametrize(
    ("page", "heading"), [(README, "## pre-commit"), (ROOT / "docs" / "ci.md", "## Using it with pre-commit")]
)
def test_shown_configuration_is_the_example_configuration(page: Path, heading: str) -> None:
    (repo,) = shown_pre_commit_config(page, heading)["repos"]
    example = example_repo()
    assert (repo["repo"], repo["rev"]) == (example["repo"], example["rev"])
    assert [entry["id"] for entry in repo["hooks"]] == [entry["id"] for entry in example["hooks"]]
