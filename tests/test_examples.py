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
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result

from mtg_typeline.checks import CHECKS
from mtg_typeline.main import cli

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
GOOD = EXAMPLES / "good.txt"
BAD = EXAMPLES / "bad.txt"
EXPECTED = re.compile(r"#\s*(TL\d{3})\s*$")
# no colour, and `--format auto` is text even when the tests run inside GitHub Actions
ENV: dict[str, str | None] = {"NO_COLOR": "1", "GITHUB_ACTIONS": None}


def invoke(args: Sequence[str]) -> Result:
    result = CliRunner().invoke(cli, list(args), env=ENV)
    assert "Traceback" not in result.output + result.stderr
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def check_json(path: Path, *options: str) -> tuple[int, dict[str, Any]]:
    """`typeline check --format json` from the top of the checkout, as README shows it."""
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
    # holds no cards (tests/test_precommit.py runs them over such files)
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


def github_steps() -> list[dict[str, Any]]:
    workflow = load("github-workflow.yml")
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


def test_github_workflow_structure() -> None:
    steps = github_steps()
    assert step_index(steps, "actions/checkout@") == 0
    python = steps[step_index(steps, "actions/setup-python@")]["with"]["python-version"]
    assert tuple(int(part) for part in python.split(".")) >= (3, 11)
    checks = [i for i, step in enumerate(steps) if step.get("run", "").startswith("typeline check")]
    assert step_index(steps, "pip install mtg-typeline") < min(checks)


def test_github_workflow_uploads_the_sarif_it_writes() -> None:
    steps = github_steps()
    writes = step_index(steps, "--format sarif")
    command = steps[writes]["run"]
    assert "--exit-zero" in command
    upload = step_index(steps, "github/codeql-action/upload-sarif@")
    assert steps[upload]["with"]["sarif_file"] == command.rsplit(">", 1)[1].strip()
    # the annotating step fails the job on errors: it comes last, so the upload still runs
    assert writes < upload < step_index(steps, "--format github") == len(steps) - 1


def gitlab_job() -> dict[str, Any]:
    (job,) = load("gitlab-ci.yml").values()
    assert isinstance(job, dict)
    return job


def test_gitlab_job_reports_code_quality_and_fails_on_errors() -> None:
    job = gitlab_job()
    script: list[str] = job["script"]
    (report,) = [line for line in script if "--format gitlab" in line]
    assert "--exit-zero" in report
    assert job["artifacts"]["reports"]["codequality"] == report.rsplit(">", 1)[1].strip()
    assert job["artifacts"]["when"] == "always"
    gates = [line for line in script if line.startswith("typeline check") and "--exit-zero" not in line]
    assert len(gates) == 1
    assert script.index(report) < script.index(gates[0])


def ci_commands() -> list[str]:
    lines = [step.get("run", "") for step in github_steps()] + gitlab_job()["script"]
    return [line for line in lines if line.startswith("typeline ")]


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
    # the machine formats go to the file the next step reads
    assert bool(target.strip()) is ("sarif" in words or "gitlab" in words)
