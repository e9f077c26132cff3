"""Shared test setup.

Tests that need ../shared (the CR texts, the corpus, the samples beside the checkout) skip
with a reason starting "needs ../shared" where it is absent. With TYPELINE_REQUIRE_SHARED=1
(as `.ci/run` sets) such a skip is turned into a failure, so CI can't pass without them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, TypeVar

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, seed, settings
from hypothesis.database import DirectoryBasedExampleDatabase, ReadOnlyDatabase

from mtg_typeline.main.commands import cli
from mtg_typeline.ruleset import editions
from mtg_typeline.sources.base import Batch, Entry, Item, Passed

# The checkout, the tests' data files, and ../shared beside the checkout: tests name files
# from these, never from their own place, so that a test module can move between folders.
ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
SHARED_DIR = ROOT.parent / "shared"

# The rule cache of the tests lives in a directory of their own, never the user's.
os.environ["TYPELINE_CACHE_DIR"] = tempfile.mkdtemp(prefix="typeline-test-cache-")
SHARED_REASON = "needs ../shared"


@pytest.fixture(autouse=True)
def data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test has a data directory of its own (`TYPELINE_DATA_DIR`, where `rules update`
    writes the editions it imports), empty and not yet made, never the user's."""
    folder = tmp_path_factory.mktemp("data") / "typeline"
    monkeypatch.setenv("TYPELINE_DATA_DIR", str(folder))
    return folder


def entries_of(items: Iterable[Item]) -> list[Entry]:
    """What a reader gave, as entries: each entry, and each type line of a batch of card data
    (clean or not) as its entry, asked for as the batch comes (as the engine asks)."""
    found: list[Entry] = []
    for item in items:
        if isinstance(item, Entry):
            found.append(item)
        elif isinstance(item, Batch) and item.entry is not None:
            found += [item.entry(index) for index, text in enumerate(item.texts) if text is not None]
    return found


def passed_of(items: Iterable[Item]) -> list[tuple[str | None, tuple[int, int], str, str]]:
    """The objects a reader passed over (a card with no type line, an object that is no
    card): name, place, kind and why, in file order."""
    return [(item.card, item.where(), item.kind, item.why) for item in items if isinstance(item, Passed)]


def shared_path(*parts: str) -> Path:
    """A path under ../shared, or skip the test (a failure under TYPELINE_REQUIRE_SHARED=1)."""
    path = SHARED_DIR.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{SHARED_REASON}: {path} is absent")
    return path


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("TYPELINE_REQUIRE_SHARED") != "1" or not report.skipped:
        return
    reason = str(report.longrepr[2]) if isinstance(report.longrepr, tuple) else str(report.longrepr)
    if reason.startswith("Skipped: "):
        reason = reason[len("Skipped: ") :]
    if reason.startswith(SHARED_REASON):
        report.outcome = "failed"
        report.longrepr = f"TYPELINE_REQUIRE_SHARED=1 but the test skipped: {reason}"


# Property tests. By default each run draws new random examples. TYPELINE_FUZZ=ci (as `.ci/run`
# sets) draws the same examples on every run, so CI's verdict depends on the code alone;
# TYPELINE_FUZZ=deep draws twenty times as many, to hunt for rare cases before a change lands.
FUZZ_MODE = os.environ.get("TYPELINE_FUZZ", "")
if FUZZ_MODE not in ("", "ci", "deep"):
    raise pytest.UsageError(f"TYPELINE_FUZZ={FUZZ_MODE!r}: use ci or deep, or leave it unset")

# Every failing example a property test finds is kept here (committed), and each run replays
# them first, so a failure found once stays found; CI reads it without writing. CI draws from a
# fixed seed rather than with `derandomize=True`, which makes hypothesis turn the database
# off; `@seed` does too, so the settings are put on after it, database and all. A defect found
# is also kept as an explicit `@example` beside its test, since the database is keyed by the
# test's source and an edit of the test leaves its entries behind.
EXAMPLES = DirectoryBasedExampleDatabase(ROOT / "tests" / "hypothesis-examples")
CI_SEED = 15
F = TypeVar("F", bound=Callable[..., object])


def property_settings(max_examples: int, *more_checks: HealthCheck) -> Callable[[F], F]:
    """The settings of a property test that draws `max_examples` (scaled by TYPELINE_FUZZ),
    as a decorator put above `@given`."""
    chosen = settings(
        max_examples=max_examples * (20 if FUZZ_MODE == "deep" else 1),
        database=ReadOnlyDatabase(EXAMPLES) if FUZZ_MODE == "ci" else EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, *more_checks],
    )

    def decorate(test: F) -> F:
        return chosen(seed(CI_SEED)(test)) if FUZZ_MODE == "ci" else chosen(test)

    return decorate


# Variables that change how rich decides on colour, or what `--format auto` picks; every
# command-line test starts without them.
CLEAN_ENV: dict[str, str | None] = {
    "NO_COLOR": None,
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    "TTY_INTERACTIVE": None,
    "CLICOLOR_FORCE": None,
    "COLUMNS": None,
    "GITHUB_ACTIONS": None,
    "GITHUB_WORKSPACE": None,
    "CI_PROJECT_DIR": None,
}


def run_cli(
    args: Sequence[str | Path],
    stdin: str | bytes | IO[bytes] | None = None,
    env: Mapping[str, str | None] | None = None,
) -> Result:
    """Run `typeline ARGS` (a path as its name): never a traceback, an internal error or an
    exception but an exit."""
    arguments = [str(arg) for arg in args]
    result = CliRunner().invoke(cli, arguments, input=stdin, env={**CLEAN_ENV, **(env or {})})
    assert "Traceback" not in result.output and "Traceback" not in result.stderr
    assert "internal error" not in result.output, result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own empty folder as the working directory (a module that runs every test
    there says so with `pytestmark = pytest.mark.usefixtures("in_tmp")`)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working directory, a folder of the test's own (resolved, as `Path.cwd()`
    reports it), with room beside it for what a run must not find from there."""
    folder = tmp_path.resolve() / "project"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository (a `.git` folder is all it takes) as the working directory: the root of
    the names a run reports, and no configuration above it."""
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def forget_rules() -> None:
    """Drop what this process keeps of the rule files and the index, so that the next load
    reads the rule cache (or the files)."""
    editions.load_rule_file.cache_clear()
    editions.load_as_edition.cache_clear()
    editions.read_index.cache_clear()
    editions.forget_editions()


@pytest.fixture
def rule_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A rule cache of the test's own (TYPELINE_CACHE_DIR), with nothing of the rule files
    kept in this process before the test or after it."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("TYPELINE_CACHE_DIR", str(folder))
    forget_rules()
    yield folder
    forget_rules()


def write(name: str | Path, data: str | bytes) -> Path:
    """A file written whole, with the folders it needs (text as UTF-8); its path."""
    path = Path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def copy_checkout(target: Path) -> None:
    """Copy the working tree into `target` as a checkout of it would hold it: the tracked
    files with their changes, and the new files git doesn't ignore (no build output, no
    caches, no virtual environments)."""
    listing = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True,
    )  # fmt: skip
    for name in listing.stdout.decode("utf-8").split("\0"):
        if name and (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
