"""The wheel: built from a copy of the project, it holds every module and the rule data,
declares only its real dependencies, and works installed in a fresh virtual environment."""

from __future__ import annotations

import email.parser
import os
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from collections.abc import Iterator
from email.message import Message
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

import mtg_typeline

pytestmark = pytest.mark.slow

# Never copied: build output (a stale build/lib would leak into the wheel), caches, VCS data.
NOT_COPIED = shutil.ignore_patterns(
    ".git", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis", ".venv", "venv",
    ".ci", "bench", "tests",
)  # fmt: skip
BASE_DEPENDENCIES = {"click", "rich", "pyyaml"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built by pip from a clean copy of the project."""
    source = tmp_path_factory.mktemp("source") / "mtg-typeline"
    shutil.copytree(ROOT, source, ignore=NOT_COPIED)
    out = tmp_path_factory.mktemp("wheel")
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    [built] = out.glob("mtg_typeline-*.whl")
    return built


@pytest.fixture(scope="module")
def names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


@pytest.fixture(scope="module")
def metadata(wheel: Path) -> Message:
    with zipfile.ZipFile(wheel) as archive:
        [path] = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        return email.parser.Parser().parsestr(archive.read(path).decode("utf-8"))


def source_modules() -> Iterator[str]:
    """Each module of cli/mtg_typeline/ as it is named inside the wheel."""
    for path in sorted((ROOT / "cli" / "mtg_typeline").rglob("*.py")):
        if "__pycache__" not in path.parts:
            yield path.relative_to(ROOT / "cli").as_posix()


def test_wheel_holds_the_rule_files(names: set[str]) -> None:
    for name in ("2026-09-25.yaml", "2020-07-03.yaml", "2009-07-11.yaml", "index.yaml", "renames.yaml"):
        assert f"mtg_typeline/rules/{name}" in names


def test_wheel_holds_every_file_the_index_names(names: set[str]) -> None:
    index = yaml.safe_load((ROOT / "rules" / "index.yaml").read_text(encoding="utf-8"))
    files = [entry["file"] for entry in index["files"]]
    assert len(files) == 65
    assert sum(len(entry["covers"]) for entry in index["files"]) == 86
    in_wheel = {n.removeprefix("mtg_typeline/rules/") for n in names if n.startswith("mtg_typeline/rules/")}
    assert set(files) | {"index.yaml", "renames.yaml", "summaries.yaml"} <= in_wheel
    assert {n for n in in_wheel if n.startswith("20")} == set(files)  # no rule file the index lacks


def test_wheel_holds_every_shipped_rule_file(names: set[str]) -> None:
    for path in (ROOT / "rules").glob("*.yaml"):
        assert f"mtg_typeline/rules/{path.name}" in names


def test_wheel_holds_the_checks_and_py_typed(names: set[str]) -> None:
    checks = {n for n in names if re.fullmatch(r"mtg_typeline/checks/[a-z_]+\.py", n)}
    assert "mtg_typeline/checks/__init__.py" in checks
    assert len(checks) >= 5
    assert "mtg_typeline/py.typed" in names


def test_wheel_holds_every_module(names: set[str]) -> None:
    missing = [module for module in source_modules() if module not in names]
    assert missing == []


def test_wheel_holds_no_tests_or_caches(names: set[str]) -> None:
    assert not [n for n in names if n.startswith("tests/") or "__pycache__" in n or n.endswith(".pyc")]


def test_wheel_dependencies(metadata: Message) -> None:
    requirements = metadata.get_all("Requires-Dist") or []
    base = {_name(r) for r in requirements if "extra ==" not in r}
    extras = {extra for r in requirements for extra in re.findall(r'extra == "([^"]+)"', r)}
    assert base == BASE_DEPENDENCIES
    assert extras <= {"dev", "docs", "lsp"}
    # the language server's extra brings pygls alone (lsprotocol comes with it)
    assert {_name(r) for r in requirements if 'extra == "lsp"' in r} == {"pygls"}
    assert metadata["Name"] == "mtg-typeline"
    assert metadata["Version"] == mtg_typeline.__version__


def test_wheel_console_script(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        [path] = [n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt")]
        entry_points = archive.read(path).decode("utf-8")
    assert re.search(r"^typeline\s*=\s*mtg_typeline\.main:console_script$", entry_points, re.MULTILINE)


def _name(requirement: str) -> str:
    match = re.match(r"[A-Za-z0-9._-]+", requirement)
    assert match is not None, requirement
    return match.group(0).lower().replace("_", "-")


# Installed in a fresh virtual environment


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin directory of a new virtual environment with the wheel (and its dependencies)."""
    home = tmp_path_factory.mktemp("venv") / "env"
    venv.EnvBuilder(with_pip=True).create(home)
    bin_dir = home / ("Scripts" if os.name == "nt" else "bin")
    result = subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return bin_dir


def run_installed(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "NO_COLOR", "FORCE_COLOR"}}
    result = subprocess.run(
        args, input=stdin, capture_output=True, text=True, cwd=cwd, env=env, timeout=120, check=False
    )
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def test_installed_package_is_the_wheel_not_the_checkout(installed: Path, tmp_path: Path) -> None:
    code = "import mtg_typeline.ruleset as r; print(r.__file__); print(r.rules_dir())"
    result = run_installed([str(installed / "python"), "-c", code], tmp_path)
    module, rules = result.stdout.splitlines()
    assert not Path(module).is_relative_to(ROOT)
    assert not Path(rules).is_relative_to(ROOT)


def test_installed_console_script_checks_stdin(installed: Path, tmp_path: Path) -> None:
    result = run_installed(
        [str(installed / "typeline"), "check", "--no-color", "-"], tmp_path, "Creature — Forest\n"
    )
    assert result.returncode == 1
    assert "205.3d" in result.stdout
    assert result.stdout.endswith("Found 1 error in 1 type line in 1 file.\n")


def test_installed_console_script_reads_both_editions(installed: Path, tmp_path: Path) -> None:
    typeline = str(installed / "typeline")
    old = run_installed(
        [typeline, "check", "--edition", "2020-08-07", "--format", "json", "-"],
        tmp_path,
        "Scheme — Villain\n",
    )
    assert old.returncode == 1
    assert '"205.3p"' in old.stdout
    assert '"edition": "2020-08-07"' in old.stdout  # read from 2020-07-03.yaml through the index
    oldest = run_installed(
        [typeline, "check", "--as-of", "2009-08-01", "--format", "json", "-"], tmp_path, "Creature — Forest\n"
    )
    assert '"edition": "2009-07-11"' in oldest.stdout
    assert '"204.3c"' in oldest.stdout
    codes = run_installed([typeline, "codes"], tmp_path)
    assert codes.returncode == 0
    assert "TL304" in codes.stdout


def test_installed_python_dash_m_version(installed: Path, tmp_path: Path) -> None:
    result = run_installed([str(installed / "python"), "-m", "mtg_typeline", "--version"], tmp_path)
    assert result.returncode == 0
    assert result.stdout == f"typeline, version {mtg_typeline.__version__}\n"


def test_wheel_holds_the_built_rule_data(names: set[str]) -> None:
    rule_files = {Path(n).stem for n in names if n.startswith("mtg_typeline/rules/2") and n.endswith(".yaml")}
    built = {Path(n).stem for n in names if n.startswith("mtg_typeline/rules/built/")}
    assert built == rule_files | {"index", "history", "unset-subtypes"}


FIRST_RUN = """\
import sys
from mtg_typeline.main import entry_point
sys.argv = ["typeline", "check", "--format", "json", "-"]
try:
    entry_point()
except SystemExit:
    print("yaml" in sys.modules)
"""


# A line of each kind of reading: a listed word in the wrong place, a misspelling (its guess
# reads the lists' history), an Un-set subtype (named from their file)
FIRST_LINES = {"TL304": "Creature — Forest", "TL302": "Creature — Elf Wizzard", "Un-set": "Creature — Cow"}


@pytest.mark.parametrize("kind", list(FIRST_LINES))
@pytest.mark.parametrize("edition", ["newest", "2020-08-07"])
def test_installed_first_run_reads_no_yaml(installed: Path, tmp_path: Path, edition: str, kind: str) -> None:
    """With an empty rule cache, the rule data built into the wheel is read, not the YAML:
    the rule set, and what the guesses of TL302 read (the lists' history, the Un-set subtypes)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {
        "TYPELINE_CACHE_DIR": str(tmp_path / "c")
    }
    command = [str(installed / "python"), "-c", FIRST_RUN.replace('"-"', f'"--edition", "{edition}", "-"')]
    done = subprocess.run(
        command,
        input=FIRST_LINES[kind] + "\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert done.stdout.endswith("False\n"), done.stdout + done.stderr
    assert ('"TL304"' if kind == "TL304" else '"TL302"') in done.stdout
    assert ("Un-set" in done.stdout) == (kind == "Un-set"), done.stdout
