"""The files in examples/: the type-line files as acceptance cases, and the pre-commit and CI
configurations as documents that parse, hang together and run the commands they show.

examples/good.txt has no findings at all; every type line of examples/bad.txt ends in a
`# TLxxx` comment naming a code reported on that line.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import Result
from conftest import ROOT, copy_checkout, run_cli

from mtg_typeline.checks import CHECKS

EXAMPLES = ROOT / "examples"
GOOD = EXAMPLES / "good.txt"
BAD = EXAMPLES / "bad.txt"
EXPECTED = re.compile(r"#\s*(TL\d{3})\s*$")


# no colour, and `--format auto` is text even when the tests run inside GitHub Actions
def invoke(args: Sequence[str]) -> Result:
    return run_cli(args, env={"NO_COLOR": "1"})


def check_json(path: Path, *options: str) -> tuple[int, dict[str, Any]]:
    """`typeline check --format json` from the top of the checkout, as docs/output.md shows it."""
    result = invoke(["check", "--format", "json", *options, str(path.relative_to(ROOT))])
    document: dict[str, Any] = json.loads(result.stdout)
    return result.exit_code, document


def type_lines(path: Path) -> Iterator[tuple[int, str]]:
    """(line number, line) for each line that is neither blank nor only a comment."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            yield number, line


@pytest.fixture(autouse=True)
def at_top_of_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


# --- good.txt and bad.txt -----------------------------------------------------------------------


def test_good_examples_have_no_findings_at_all() -> None:
    status, document = check_json(GOOD, "--fail-on", "info")
    assert (status, document["findings"]) == (0, [])
    # every type line was checked, not taken for a comment
    assert document["summary"]["type_lines"] == len(list(type_lines(GOOD))) > 0


def test_bad_examples_exit_1() -> None:
    status, document = check_json(BAD)
    assert status == 1
    assert document["summary"]["errors"] > 0


def test_every_bad_type_line_names_its_code() -> None:
    unnamed = [f"{BAD.name}:{n}: {line}" for n, line in type_lines(BAD) if not EXPECTED.search(line)]
    assert unnamed == []


def test_each_bad_line_reports_the_code_its_comment_names() -> None:
    _, document = check_json(BAD)
    found: dict[int, set[str]] = {}
    for finding in document["findings"]:
        found.setdefault(finding["line"], set()).add(finding["code"])
    wrong = []
    for number, line in type_lines(BAD):
        expected = EXPECTED.search(line)
        if expected and expected.group(1) not in found.get(number, set()):
            wrong.append(
                f"{BAD.name}:{number}: expected {expected.group(1)}, got {sorted(found.get(number, ()))}"
            )
    assert wrong == []
    assert set(found) <= {number for number, _ in type_lines(BAD)}


def test_bad_examples_show_every_check_of_a_line() -> None:
    # TL9xx are about inputs (files, bytes, length, suppression comments), not a line's types
    named = {match.group(1) for _, line in type_lines(BAD) if (match := EXPECTED.search(line))}
    line_checks = {check.code for check in CHECKS if not check.code.startswith("TL9")}
    assert line_checks - named == set()
    assert named - {check.code for check in CHECKS} == set()


# --- .pre-commit-config.yaml -------------------------------------------------------------------


def load(name: str) -> Any:
    return yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))


def manifest_ids() -> list[str]:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    return [hook["id"] for hook in hooks]


def example_hooks() -> list[dict[str, Any]]:
    (repo,) = load(".pre-commit-config.yaml")["repos"]
    assert repo["repo"] == "https://github.com/OWNER/mtg-typeline"
    assert isinstance(repo["rev"], str) and repo["rev"]
    hooks: list[dict[str, Any]] = repo["hooks"]
    return hooks


EXAMPLE_HOOKS = ["typeline", "typeline-cards", "typeline-mse"]


def test_pre_commit_example_uses_the_hooks_this_repository_offers() -> None:
    assert [hook["id"] for hook in example_hooks()] == EXAMPLE_HOOKS
    assert set(manifest_ids()) >= set(EXAMPLE_HOOKS)


def test_pre_commit_example_works_as_pasted() -> None:
    # no `files:`, `types:` or `args:` to fit it to a repository: the hooks pass over what
    # holds no cards (tests/project/test_precommit.py runs them over such files)
    for hook in example_hooks():
        assert set(hook) == {"id"}, hook


def test_pre_commit_example_args_make_warnings_fail(tmp_path: Path) -> None:
    # the example's comment shows `args:`; a hook runs its entry with the args, then the files
    example = (EXAMPLES / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    assert "`args: [--fail-on, warning]`" in example
    entry = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))[0]["entry"]
    subcommand = shlex.split(entry)[1:]  # after the console script: `check …`
    warned = tmp_path / "warned.txt"
    warned.write_text("Creature - Goblin\n", encoding="utf-8")  # a TL101 warning, no error
    assert invoke([*subcommand, "--fail-on", "warning", str(warned)]).exit_code == 1
    assert invoke([*subcommand, str(warned)]).exit_code == 0
    assert invoke([*subcommand, "--fail-on", "warning", str(GOOD)]).exit_code == 0


def test_not_cards_example_is_passed_over_by_the_hooks_and_reported_without_them() -> None:
    not_cards = sorted(str(path) for path in (EXAMPLES / "not-cards").iterdir())
    entry = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))[0]["entry"]
    hooked = invoke([*shlex.split(entry)[1:], "--format", "json", *not_cards])
    assert (hooked.exit_code, json.loads(hooked.stdout)["findings"]) == (0, [])
    for path in not_cards:
        assert invoke(["check", path]).exit_code != 0, path


# --- GitHub Actions and GitLab CI ----------------------------------------------------------------

WORKFLOWS = ("github-workflow.yml", "github-workflow-pip.yml")
# The current major versions of the actions the workflows use: Node 20 actions stopped running
# on GitHub's runners in September 2026 (checkout v7 and setup-python v7 run on Node 24), and
# codeql-action v3 is deprecated from December 2026 (v4 runs on Node 24).
MAJORS = {"actions/checkout": "v7", "actions/setup-python": "v7", "github/codeql-action/upload-sarif": "v4"}
THIS_ACTION = "OWNER/mtg-typeline"
# pip's form for a package from git, which works outside this repository (the package is not
# on the index): the CI page (docs/ci.md) says the same
GIT_INSTALL = 'pip install "mtg-typeline @ git+https://github.com/OWNER/mtg-typeline@main"'
# Where the CI snippets are shown: the README's short one and the CI page's
DOC_PAGES = ("README.md", "docs/ci.md")


def check_jsonschema(schema: str, *files: Path) -> subprocess.CompletedProcess[str]:
    """check-jsonschema with one of its vendored schemas (SchemaStore's): offline."""
    command = [sys.executable, "-m", "check_jsonschema", "--builtin-schema", schema, *map(str, files)]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_github_workflows_validate_against_the_workflow_schema() -> None:
    done = check_jsonschema("vendor.github-workflows", *(EXAMPLES / name for name in WORKFLOWS))
    assert done.returncode == 0, done.stdout + done.stderr


def test_gitlab_job_validates_against_the_gitlab_ci_schema() -> None:
    done = check_jsonschema("vendor.gitlab-ci", EXAMPLES / "gitlab-ci.yml")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_schema_checks_can_fail(tmp_path: Path) -> None:
    workflow = load("github-workflow.yml")
    workflow["jobs"]["typeline"]["steps"][0] = {"uses": "actions/checkout@v7", "runs": "echo"}
    (tmp_path / "workflow.yml").write_text(yaml.safe_dump(workflow), encoding="utf-8")
    (tmp_path / "gitlab.yml").write_text(yaml.safe_dump({"typeline": {"script": 3}}), encoding="utf-8")
    assert check_jsonschema("vendor.github-workflows", tmp_path / "workflow.yml").returncode == 1
    assert check_jsonschema("vendor.gitlab-ci", tmp_path / "gitlab.yml").returncode == 1


def github_steps(name: str) -> list[dict[str, Any]]:
    workflow = load(name)
    # YAML 1.1 reads the key `on` as true
    assert set(workflow.get("on", workflow.get(True))) == {"push", "pull_request"}
    (job,) = workflow["jobs"].values()
    assert job["permissions"]["security-events"] == "write"
    steps: list[dict[str, Any]] = job["steps"]
    return steps


def step_index(steps: list[dict[str, Any]], text: str) -> int:
    found = [i for i, step in enumerate(steps) if text in step.get("uses", "") + step.get("run", "")]
    assert len(found) == 1, f"{len(found)} steps with {text!r}"
    return found[0]


@pytest.mark.parametrize("name", WORKFLOWS)
def test_github_workflows_use_the_current_major_versions(name: str) -> None:
    steps = github_steps(name)
    assert step_index(steps, "actions/checkout@") == 0
    python = steps[step_index(steps, "actions/setup-python@")]["with"]["python-version"]
    assert tuple(int(part) for part in python.split(".")) >= (3, 11)
    for step in steps:
        action, _, ref = step.get("uses", "").partition("@")
        assert action in {*MAJORS, THIS_ACTION, ""}, action
        assert action not in MAJORS or ref == MAJORS[action], step["uses"]


def test_readme_and_docs_snippets_use_the_current_major_versions() -> None:
    texts = [(ROOT / name).read_text(encoding="utf-8") for name in DOC_PAGES]
    used = re.findall(r"uses: ([\w./-]+)@(\S+)", "\n".join(texts))
    assert {action for action, _ in used} == {*MAJORS, THIS_ACTION}
    assert all(ref == MAJORS.get(action, "main") for action, ref in used), used


def test_the_action_workflow_uploads_the_sarif_the_action_writes() -> None:
    steps = github_steps("github-workflow.yml")
    check = steps[step_index(steps, THIS_ACTION + "@")]
    ref = check["uses"].partition("@")[2]
    assert ref == "main" or re.fullmatch(r"[0-9a-f]{40}", ref)  # a branch that exists, or a commit
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    assert set(check["with"]) <= set(action["inputs"])
    assert check["with"]["sarif-file"]
    upload = steps[step_index(steps, "github/codeql-action/upload-sarif@")]
    assert upload["with"]["sarif_file"] == f"${{{{ steps.{check['id']}.outputs.sarif-file }}}}"
    # the check fails the job on errors: the upload runs all the same, unless cancelled
    assert upload["if"] == f"${{{{ !cancelled() && steps.{check['id']}.outputs.sarif-file != '' }}}}"
    assert steps.index(check) < steps.index(upload) == len(steps) - 1


def test_the_pip_workflow_installs_from_git_then_reports_then_gates() -> None:
    steps = github_steps("github-workflow-pip.yml")
    checks = [i for i, step in enumerate(steps) if step.get("run", "").startswith("typeline check")]
    assert step_index(steps, GIT_INSTALL) < min(checks)
    writes = step_index(steps, "--format sarif")
    command = steps[writes]["run"]
    assert "--exit-zero" in command
    upload = step_index(steps, "github/codeql-action/upload-sarif@")
    assert steps[upload]["with"]["sarif_file"] == command.rsplit(">", 1)[1].strip()
    summary = steps[step_index(steps, "--format markdown")]["run"]
    assert "--exit-zero" in summary and summary.endswith('>> "$GITHUB_STEP_SUMMARY"')
    # the annotating step fails the job on errors: it comes last, so the reports are written
    assert writes < upload < step_index(steps, "--format github") == len(steps) - 1


def gitlab_job() -> dict[str, Any]:
    (job,) = load("gitlab-ci.yml").values()
    assert isinstance(job, dict)
    return job


def test_gitlab_job_reports_code_quality_and_fails_on_errors() -> None:
    job = gitlab_job()
    script: list[str] = job["script"]
    assert script[0] == GIT_INSTALL
    (report,) = [line for line in script if "--format gitlab" in line]
    assert "--exit-zero" in report
    assert job["artifacts"]["reports"]["codequality"] == report.rsplit(">", 1)[1].strip()
    assert job["artifacts"]["when"] == "always"
    gates = [line for line in script if line.startswith("typeline check") and "--exit-zero" not in line]
    assert len(gates) == 1
    assert script.index(report) < script.index(gates[0])
    # pip needs git for a git+ address: the slim images have none
    assert job["image"].startswith("python:3.") and "slim" not in job["image"]


def test_no_example_installs_from_the_package_index() -> None:
    """mtg-typeline is not on the package index, and `typeline` there is another package."""
    names = (*WORKFLOWS, "gitlab-ci.yml", "README.md")
    texts = [(EXAMPLES / name).read_text(encoding="utf-8") for name in names]
    docs = [(ROOT / name).read_text(encoding="utf-8") for name in DOC_PAGES]
    for text in texts + docs:
        assert not re.search(r"pip install (-\S+ )*(mtg-typeline|typeline)\b", text)
    assert all(GIT_INSTALL in text for text in docs)


def ci_commands() -> list[str]:
    runs = [step.get("run", "") for name in WORKFLOWS for step in github_steps(name)]
    return [line for line in runs + gitlab_job()["script"] if line.startswith("typeline ")]


@pytest.mark.parametrize("command", ci_commands())
def test_ci_example_commands_run(command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each `typeline …` command of the CI examples, on a cards/ directory holding the example
    files: --exit-zero gives 0, otherwise bad.txt's errors give 1; the output is in its format."""
    args, _, target = command.partition(">")
    words = shlex.split(args)[1:]
    (tmp_path / "cards").mkdir()
    for example in (GOOD, BAD):
        shutil.copy(example, tmp_path / "cards" / example.name)
    monkeypatch.chdir(tmp_path)
    result = invoke(words)
    assert result.exit_code == (0 if "--exit-zero" in words else 1), result.output + result.stderr
    if "sarif" in words:
        assert json.loads(result.stdout)["runs"][0]["results"]
    elif "gitlab" in words:
        assert json.loads(result.stdout)
    elif "github" in words:
        assert re.search(r"^::error ", result.stdout, re.MULTILINE)
    elif "markdown" in words:
        assert result.stdout.startswith("## typeline\n\nFound ")
        assert "\n| cards/bad.txt | TL304 | 1 | " in result.stdout
    # the reports go to the file the next step reads
    assert bool(target.strip()) is ("github" not in words and "--exit-zero" in words)


@pytest.mark.slow
@pytest.mark.network
def test_the_git_install_command_installs_a_working_typeline(tmp_path: Path) -> None:
    """The examples' pip command, with a git repository of this working tree in place of
    GitHub's: pip builds the package from git (rule files included) and its typeline runs."""
    repo = tmp_path / "mtg-typeline"
    copy_checkout(repo)
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    for command in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "snapshot"]):
        subprocess.run([*git, *command], check=True, capture_output=True)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    # file://localhost/…: the pip that ships with Python 3.11 refuses a file:/// requirement URL
    here = f"file://localhost{repo.as_posix()}"
    requirement = shlex.split(GIT_INSTALL)[2].replace("https://github.com/OWNER/mtg-typeline", here)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", requirement]
    installed = subprocess.run(pip, capture_output=True, text=True, check=False)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    checked = subprocess.run(
        [str(venv / "bin" / "typeline"), "check", "--format", "concise", "--no-config", str(BAD)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert checked.returncode == 1 and "TL304" in checked.stdout, checked.stdout + checked.stderr
