"""The composite action in action.yml: its metadata against SchemaStore's schema, its
expressions, and its steps run as GitHub's runner runs them.

The runner writes each `run:` step to a file and runs `bash --noprofile --norc -eo pipefail
FILE` in the workspace, with the step's `env:` (expressions evaluated) and the files
GITHUB_OUTPUT and GITHUB_STEP_SUMMARY of the step; `Runner` below does the same, evaluating
the few expressions the action may use and failing on any other. The install step
pip-installs a copy of this checkout (as the runner checks out the action) into a new
virtual environment: with click, rich, PyYAML and the build backend from the package index,
hence `network`.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT, copy_checkout

ACTION = ROOT / "action.yml"
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
GOOD = "Legendary Creature — Elf Warrior\nLand — Urza’s Power-Plant\n"
BAD = "Creature — Forest\nCreature - Goblin\n"  # TL304 (error) on line 1, TL101 (warning) on 2
WARNED = "Creature - Goblin\n"


def action() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(ACTION.read_text(encoding="utf-8"))
    return loaded


def check_jsonschema(schema: str, *files: Path) -> subprocess.CompletedProcess[str]:
    """check-jsonschema with one of its vendored schemas: offline, no schema is fetched."""
    command = [sys.executable, "-m", "check_jsonschema", "--builtin-schema", schema, *map(str, files)]
    return subprocess.run(command, capture_output=True, text=True, check=False)


# --- the metadata ------------------------------------------------------------------------------


def test_action_metadata_validates_against_the_github_action_schema() -> None:
    done = check_jsonschema("vendor.github-actions", ACTION)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_schema_check_can_fail(tmp_path: Path) -> None:
    broken = action()
    broken["runs"]["steps"][0].pop("shell")  # a composite run step needs its shell
    del broken["description"]
    path = tmp_path / "action.yml"
    path.write_text(yaml.safe_dump(broken), encoding="utf-8")
    done = check_jsonschema("vendor.github-actions", path)
    assert done.returncode == 1, done.stdout + done.stderr


def test_it_is_a_composite_action_of_bash_steps() -> None:
    runs = action()["runs"]
    assert runs["using"] == "composite"
    assert [step["shell"] for step in runs["steps"]] == ["bash", "bash"]
    assert all("uses" not in step for step in runs["steps"])


def expressions(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [found for item in value.values() for found in expressions(item)]
    if isinstance(value, list):
        return [found for item in value for found in expressions(item)]
    return EXPRESSION.findall(value) if isinstance(value, str) else []


def test_scripts_hold_no_expression() -> None:
    """Inputs are user text: spliced into a script they would be code (GitHub's security
    hardening guide); they reach the scripts through `env:`."""
    for step in action()["runs"]["steps"]:
        assert "${{" not in step["run"], step["name"]
        assert all(EXPRESSION.fullmatch(value) for value in step.get("env", {}).values())


def test_every_input_is_described_used_and_defaulted() -> None:
    metadata = action()
    inputs = metadata["inputs"]
    assert {"paths", "args", "edition", "sarif-file", "summary", "python"} <= set(inputs)
    used = {match[len("inputs.") :] for match in expressions(metadata["runs"]) if match.startswith("inputs.")}
    assert used == set(inputs)
    for name, spec in inputs.items():
        assert spec["description"].strip() and "default" in spec and spec["required"] is False, name
    assert (inputs["paths"]["default"], inputs["summary"]["default"]) == (".", "true")


def test_outputs_come_from_the_check_step() -> None:
    metadata = action()
    ids = {step.get("id") for step in metadata["runs"]["steps"]}
    for name, spec in metadata["outputs"].items():
        (expression,) = expressions(spec["value"])
        step, outputs, output = expression.split(".")[1:]
        assert (step in ids, outputs, output) == (True, "outputs", name)
    assert set(metadata["outputs"]) == {"exit-code", "sarif-file"}


def test_docs_document_every_input_and_output() -> None:
    page = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    section = page[page.index("### GitHub Actions: the action") :]
    section = section[: section.index("\n### ")]
    rows = re.findall(r"^\| `([a-z-]+)` \|", section, re.MULTILINE)
    metadata = action()
    assert rows == [*metadata["inputs"], *metadata["outputs"]]
    for name, spec in metadata["inputs"].items():
        inputs_table = section[: section.index("| output |")]
        (default,) = re.findall(rf"^\| `{name}` \|(.*?)\|", inputs_table, re.MULTILINE)
        assert default.strip() == (f"`{spec['default']}`" if spec["default"] else ""), name


# --- the steps, as the runner runs them --------------------------------------------------------


class UnknownExpression(AssertionError):
    pass


@dataclass
class Step:
    status: int
    log: str  # standard output and error, as the job log shows them
    outputs: dict[str, str]


@dataclass
class Runner:
    """One job's runner: RUNNER_TEMP and the action's checkout are shared by its steps."""

    action_path: Path
    temp: Path
    workspace: Path
    summary: Path = field(init=False)

    def __post_init__(self) -> None:
        self.summary = self.temp / "step_summary.md"
        self.summary.write_text("", encoding="utf-8")

    def evaluate(self, text: str, inputs: Mapping[str, str], steps: Mapping[str, Step]) -> str:
        def value(match: re.Match[str]) -> str:
            name = match[1]
            if name == "github.action_path":
                return str(self.action_path)
            if name.startswith("inputs.") and name[7:] in inputs:
                return inputs[name[7:]]
            parts = name.split(".")
            if len(parts) == 4 and parts[0] == "steps" and parts[2] == "outputs" and parts[1] in steps:
                return steps[parts[1]].outputs.get(parts[3], "")
            raise UnknownExpression(f"the test runner does not know the expression {match[0]!r}")

        evaluated = EXPRESSION.sub(value, text)
        if "${{" in evaluated:
            raise UnknownExpression(f"an expression that is not closed: {text!r}")
        return evaluated

    def run_action(self, **given: str) -> tuple[list[Step], dict[str, str]]:
        """Every step of the action with these inputs (the others at their defaults), as the
        runner runs them, until one fails; then the action's outputs."""
        metadata = action()
        unknown = set(given) - set(metadata["inputs"])
        assert not unknown, f"no such inputs: {unknown}"
        inputs = {name: str(spec.get("default", "")) for name, spec in metadata["inputs"].items()}
        inputs.update(given)
        done: list[Step] = []
        by_id: dict[str, Step] = {}
        for step in metadata["runs"]["steps"]:
            result = self.run_step(step, inputs, by_id)
            done.append(result)
            by_id[step.get("id", f"step{len(done)}")] = result
            if result.status != 0:
                break
        outputs = metadata["outputs"].items()
        return done, {name: self.evaluate(spec["value"], inputs, by_id) for name, spec in outputs}

    def run_step(self, step: dict[str, Any], inputs: Mapping[str, str], steps: Mapping[str, Step]) -> Step:
        # what this runner knows how to run: a key it doesn't know (if, working-directory,
        # uses …) fails the test rather than being passed over
        assert set(step) <= {"name", "id", "shell", "run", "env"}, set(step)
        assert step["shell"] == "bash"
        script = self.temp / "step.sh"
        script.write_text(self.evaluate(step["run"], inputs, steps), encoding="utf-8")
        output = self.temp / "github_output"
        output.write_text("", encoding="utf-8")
        env = {name: self.evaluate(str(value), inputs, steps) for name, value in step.get("env", {}).items()}
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
            cwd=self.workspace,
            env={**self.base_env(), "GITHUB_OUTPUT": str(output), **env},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )
        return Step(done.returncode, done.stdout, read_outputs(output.read_text(encoding="utf-8")))

    def base_env(self) -> dict[str, str]:
        kept = {key: os.environ[key] for key in ("PATH", "HOME", "LANG", "TMPDIR") if key in os.environ}
        # pip's settings of this machine (an index mirror, certificates), as a runner has its own
        kept |= {key: value for key, value in os.environ.items() if key.startswith("PIP_")}
        return {
            **kept,
            "CI": "true",
            "GITHUB_ACTIONS": "true",
            "GITHUB_WORKSPACE": str(self.workspace),
            "GITHUB_STEP_SUMMARY": str(self.summary),
            "RUNNER_TEMP": str(self.temp),
            "RUNNER_OS": "Linux",
            "TYPELINE_CACHE_DIR": str(self.temp / "cache"),
        }


def read_outputs(text: str) -> dict[str, str]:
    """GITHUB_OUTPUT's `name=value` lines (and `name<<DELIMITER` blocks)."""
    outputs: dict[str, str] = {}
    lines = iter(text.splitlines())
    for line in lines:
        name, equals, value = line.partition("=")
        if equals and "<<" not in name:
            outputs[name] = value
            continue
        name, _, delimiter = line.partition("<<")
        block = []
        for inner in lines:
            if inner == delimiter:
                break
            block.append(inner)
        outputs[name] = "\n".join(block)
    return outputs


def test_outputs_are_read_as_the_runner_reads_them() -> None:
    written = "a=1\nb=x=y\nc<<EOF\none\ntwo\nEOF\nd=\n"
    assert read_outputs(written) == {"a": "1", "b": "x=y", "c": "one\ntwo", "d": ""}


def test_the_runner_refuses_an_unknown_expression(tmp_path: Path) -> None:
    runner = Runner(tmp_path, tmp_path, tmp_path)
    with pytest.raises(UnknownExpression):
        runner.evaluate("${{ github.token }}", {}, {})
    with pytest.raises(UnknownExpression):
        runner.evaluate("${{ inputs.nothing }}", {"paths": "."}, {})
    with pytest.raises(UnknownExpression):
        runner.evaluate("${{ inputs.paths }", {"paths": "."}, {})
    assert runner.evaluate("${{ inputs.paths }} ${{github.action_path}}", {"paths": "a b"}, {}) == (
        f"a b {tmp_path}"
    )


def workspace(path: Path, files: Mapping[str, str]) -> Path:
    path.mkdir()
    for name, text in files.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(text, encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(path)], check=True)
    return path


@pytest.fixture(scope="module")
def job(tmp_path_factory: pytest.TempPathFactory) -> Runner:
    """A runner with the action checked out and its install step run."""
    base = tmp_path_factory.mktemp("job")
    checkout = base / "_actions" / "OWNER" / "mtg-typeline" / "main"
    copy_checkout(checkout)
    (base / "_temp").mkdir()
    runner = Runner(checkout, base / "_temp", workspace(base / "repo", {"cards/good.txt": GOOD}))
    install = action()["runs"]["steps"][0]
    installed = runner.run_step(install, {"python": sys.executable}, {})
    assert installed.status == 0, installed.log
    return runner


def check_step(job: Runner, files: Mapping[str, str], tmp_path: Path, **inputs: str) -> tuple[Step, str]:
    """The check step on a new workspace holding `files`: the step and the summary it added."""
    job.workspace = workspace(tmp_path / f"repo{len(list(tmp_path.glob('repo*')))}", files)
    before = job.summary.read_text(encoding="utf-8")
    metadata = action()
    defaults = {name: str(spec.get("default", "")) for name, spec in metadata["inputs"].items()}
    step = job.run_step(metadata["runs"]["steps"][1], {**defaults, **inputs}, {})
    return step, job.summary.read_text(encoding="utf-8")[len(before) :]


@pytest.mark.slow
@pytest.mark.network
def test_bad_cards_fail_the_step_with_annotations_summary_and_sarif(job: Runner, tmp_path: Path) -> None:
    step, summary = check_step(job, {"cards/good.txt": GOOD, "cards/bad.txt": BAD}, tmp_path,
                               **{"sarif-file": "reports/typeline.sarif"})  # fmt: skip
    assert step.status == 1, step.log
    assert step.outputs == {"exit-code": "1", "sarif-file": "reports/typeline.sarif"}
    assert re.search(r"^::error file=cards/bad\.txt,line=1,col=12,.*title=TL304 ", step.log, re.MULTILINE)
    assert re.search(r"^::warning file=cards/bad\.txt,line=2,", step.log, re.MULTILINE)
    assert summary.startswith("## typeline\n\nFound 1 error and 1 warning in 4 type lines in 2 files.\n")
    assert "| count | code | name | severity |\n| ---: | --- | --- | --- |\n" in summary
    assert "| cards/bad.txt | TL304 | 1 | 1 |\n" in summary
    sarif = json.loads((job.workspace / "reports" / "typeline.sarif").read_text(encoding="utf-8"))
    results = sarif["runs"][0]["results"]
    assert sorted(r["ruleId"] for r in results) == ["TL101", "TL304"]  # the warning too
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert uris == {"cards/bad.txt"}
    assert not list(job.workspace.glob("reports/*[!f]"))  # nothing but the SARIF file


@pytest.mark.slow
@pytest.mark.network
def test_good_cards_pass(job: Runner, tmp_path: Path) -> None:
    step, summary = check_step(job, {"cards/good.txt": GOOD, "README.md": "# cards\n"}, tmp_path,
                               **{"sarif-file": "typeline.sarif"})  # fmt: skip
    assert (step.status, step.outputs["exit-code"]) == (0, "0"), step.log
    assert "::" not in step.log
    assert summary == "## typeline\n\nNo problems in 2 type lines in 1 file.\n"
    sarif = json.loads((job.workspace / "typeline.sarif").read_text(encoding="utf-8"))
    assert sarif["runs"][0]["results"] == []


@pytest.mark.slow
@pytest.mark.network
def test_args_set_the_exit_status(job: Runner, tmp_path: Path) -> None:
    files = {"cards/warned.txt": WARNED}
    step, _ = check_step(job, files, tmp_path)
    assert (step.status, step.outputs["exit-code"]) == (0, "0"), step.log
    assert "::warning file=cards/warned.txt" in step.log
    step, _ = check_step(job, files, tmp_path, args="--fail-on warning")
    assert (step.status, step.outputs["exit-code"]) == (1, "1"), step.log
    step, summary = check_step(job, {"cards/bad.txt": BAD}, tmp_path, args="--exit-zero --select TL3")
    assert (step.status, step.outputs["exit-code"]) == (0, "0"), step.log
    assert "TL304" in step.log and "TL101" not in step.log + summary


@pytest.mark.slow
@pytest.mark.network
def test_paths_edition_and_summary_inputs(job: Runner, tmp_path: Path) -> None:
    files = {"my cards/-odd.txt": "Kindred Instant — Elf\n", "other/bad.txt": BAD}
    # only the paths named are read; quoted words keep their spaces; `-odd.txt` is a path
    step, summary = check_step(job, files, tmp_path, paths="'my cards/-odd.txt'\n", summary="false")
    assert (step.status, summary) == (0, ""), step.log
    # Kindred was Tribal in the 2020-08-07 edition
    step, _ = check_step(job, files, tmp_path, paths="'my cards/-odd.txt'", edition="2020-08-07")
    assert step.status == 1 and "title=TL202 " in step.log, step.log


@pytest.mark.slow
@pytest.mark.network
def test_inputs_are_never_code(job: Runner, tmp_path: Path) -> None:
    words = {"paths": "cards $(touch pwned1) `touch pwned2` ; touch pwned3", "sarif-file": "$(touch x).sarif"}
    step, summary = check_step(job, {"cards/good.txt": GOOD}, tmp_path, **words)
    assert step.status == 2, step.log  # the words are paths that don't exist (TL901)
    assert "| \\$(touch | TL901 | 1 | 1 |" in summary and "| ; | TL901 | 1 | 1 |" in summary
    assert (job.workspace / "$(touch x).sarif").is_file()
    options = {"args": "--select=TL3$(touch pwned5)", "edition": "$(touch pwned6)"}
    step, _ = check_step(job, {"cards/good.txt": GOOD}, tmp_path, **options)
    assert step.status == 2, step.log  # an unknown code, an edition that is no date
    assert not list(tmp_path.glob("**/pwned*")) and not list(tmp_path.glob("**/x"))
    assert not list(Path.cwd().glob("pwned*"))


@pytest.mark.slow
@pytest.mark.network
@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"summary": "yes"}, "the input summary must be true or false"),
        ({"paths": "'cards"}, "the input paths is not a list of shell words"),
        ({"args": "--diff"}, "the input args holds --diff"),
        ({"args": "-o out.txt"}, "the input args holds -o"),
        ({"args": "--output-file=out.txt"}, "the input args holds --output-file=out.txt"),
        ({"args": "--select TL3 -oout.txt"}, "the input args holds -oout.txt"),
        ({"args": "--show-files"}, "the input args holds --show-files"),
        ({"sarif-file": "a\nb"}, "the input sarif-file must be one line"),
    ],
)
def test_wrong_inputs_are_annotated_errors(
    job: Runner, tmp_path: Path, inputs: dict[str, str], message: str
) -> None:
    step, summary = check_step(job, {"cards/bad.txt": BAD}, tmp_path, **inputs)
    assert (step.status, step.outputs) == (2, {"exit-code": "2"}), step.log
    assert f"::error title=typeline::{message}" in step.log
    assert summary == ""


@pytest.mark.slow
@pytest.mark.network
def test_input_problems_exit_2_and_still_write_the_reports(job: Runner, tmp_path: Path) -> None:
    step, summary = check_step(job, {"cards/bad.txt": BAD}, tmp_path, paths="cards missing.txt",
                               **{"sarif-file": "t.sarif"})  # fmt: skip
    assert (step.status, step.outputs["exit-code"], step.outputs["sarif-file"]) == (2, "2", "t.sarif")
    assert "| missing.txt | TL901 | 1 | 1 |" in summary
    # a usage error prints no report: none is written, and the step says so
    step, summary = check_step(job, {"cards/bad.txt": BAD}, tmp_path, args="--select NOPE",
                               **{"sarif-file": "t.sarif"})  # fmt: skip
    assert (step.status, step.outputs, summary) == (2, {"exit-code": "2"}, ""), step.log
    assert "::warning title=typeline::no SARIF was written" in step.log
    assert not (job.workspace / "t.sarif").exists()


@pytest.mark.slow
@pytest.mark.network
def test_the_whole_action_sets_its_outputs(job: Runner, tmp_path: Path) -> None:
    job.workspace = workspace(tmp_path / "repo", {"cards/bad.txt": BAD})
    steps, outputs = job.run_action(python=sys.executable, **{"sarif-file": "out/t.sarif"})
    assert [step.status for step in steps] == [0, 1], steps[-1].log
    assert outputs == {"exit-code": "1", "sarif-file": "out/t.sarif"}


def test_an_old_or_missing_python_is_refused_before_installing(tmp_path: Path) -> None:
    runner = Runner(ROOT, tmp_path, tmp_path)
    install = action()["runs"]["steps"][0]
    for python in ("false", str(tmp_path / "no-python")):
        step = runner.run_step(install, {"python": python}, {})
        assert step.status == 2
        assert "::error title=typeline::the input python must name a Python 3.11 or newer" in step.log
    assert not (tmp_path / "mtg-typeline").exists()


def test_windows_runners_are_told_what_to_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = Runner(ROOT, tmp_path, tmp_path)
    monkeypatch.setattr(Runner, "base_env", lambda self: {"PATH": os.environ["PATH"], "RUNNER_OS": "Windows"})
    step = runner.run_step(action()["runs"]["steps"][0], {"python": sys.executable}, {})
    assert step.status == 2 and "install typeline with pip from git" in step.log
