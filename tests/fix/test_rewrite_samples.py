"""`--fix` on the real samples of every card-data format: rewritten as they are they stay the
same bytes; safe fixes change only their values; a mutated sample is restored; and through
the command line only type-line values change, and a second run changes nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import DATA
from helpers.rewriting import entries, outside

from mtg_typeline.fix.data import apply_edits
from mtg_typeline.sources import SourceSettings
from mtg_typeline.sources.base import Edit, Entry
from mtg_typeline.sources.mse import read_folder

SAMPLES = DATA / "samples"
FAN_SET = DATA / "yaml" / "tidewater-fan-set.yaml"
Sample = tuple[str, str, dict[str, str]]  # format, path under the samples' root, reader settings


def sample_inputs(root: Path = SAMPLES) -> list[Sample]:
    found: list[Sample] = []
    for fmt, folder, pattern in (
        ("scryfall", "scryfall", "*.json"), ("mtgjson", "mtgjson", "*.json"), ("csv", "csv", "*.csv"),
        ("cockatrice", "cockatrice", "*.xml"), ("forge", "forge", "**/*.txt"),
    ):  # fmt: skip
        for path in sorted((root / folder).glob(pattern)):
            settings = {"column": "3"} if "noheader" in path.name else {}
            found.append((fmt, str(path.relative_to(root)), settings))
    found += [("mse", str(path.relative_to(root)), {}) for path in sorted((root / "mse").glob("*"))]
    return found


SAMPLE_INPUTS = sample_inputs()


@pytest.fixture
def copy(tmp_path: Path) -> Callable[[Path, str], Path]:
    """A copy of a sample (a file or an MSE set folder) under tmp_path."""
    import shutil

    def make(root: Path, relative: str) -> Path:
        source, target = root / relative, tmp_path / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target)
        else:
            shutil.copyfile(source, target)
        return target

    return make


def read_sample(fmt: str, path: Path, settings: dict[str, str]) -> list[Entry]:
    if path.is_dir():
        return list(read_folder(str(path), SourceSettings()))
    return entries(fmt, path.read_bytes(), str(path), **settings)


def files_of(path: Path) -> dict[str, bytes]:
    """The bytes of a sample's files (a folder's every file)."""
    files = sorted(path.iterdir()) if path.is_dir() else [path]
    return {str(file): file.read_bytes() for file in files}


def write_edits(path: Path, found: list[Entry], edits: list[Edit | None]) -> None:
    """Make each entry's edit (none where it is None) in its file, all of a file at once."""
    by_file: dict[str, list[tuple[Edit, int]]] = {}
    for entry, edit in zip(found, edits, strict=True):
        if edit is not None:
            by_file.setdefault(entry.path or str(path), []).append((edit, 1))
    for file, made in by_file.items():
        done = apply_edits(Path(file).read_bytes(), made)
        assert not done.refused, (file, done.refused)
        Path(file).write_bytes(done.data)


@pytest.mark.parametrize(("fmt", "relative", "settings"), SAMPLE_INPUTS)
def test_sample_rewritten_as_it_is_stays_byte_identical(
    fmt: str, relative: str, settings: dict[str, str], copy: Callable[[Path, str], Path]
) -> None:
    path = copy(SAMPLES, relative)
    before = files_of(path)
    found = read_sample(fmt, path, settings)
    assert found
    edits = [entry.rewrite(entry.text) if entry.rewrite else None for entry in found]
    assert None not in edits
    write_edits(path, found, edits)
    assert files_of(path) == before


@pytest.mark.parametrize(("fmt", "relative", "settings"), SAMPLE_INPUTS)
def test_sample_safe_fixes_change_only_their_value(
    fmt: str, relative: str, settings: dict[str, str], copy: Callable[[Path, str], Path]
) -> None:
    from mtg_typeline.checker import Checker
    from mtg_typeline.fix.line import fix_line
    from mtg_typeline.ruleset import load_rules

    checker = Checker(load_rules())
    path = copy(SAMPLES, relative)
    found = read_sample(fmt, path, settings)
    for index, entry in enumerate(found):
        fixed = fix_line(entry.text, checker.check).text
        if fixed == entry.text:
            continue
        assert entry.rewrite is not None
        edit = entry.rewrite(fixed)
        assert edit is not None, (entry.text, fixed)
        file = Path(entry.path or str(path))
        original = file.read_bytes()
        write_edits(path, [entry], [edit])
        changed = file.read_bytes()
        head, tail = outside(original, edit)
        assert changed.startswith(head) and changed.endswith(tail) and changed != original
        assert read_sample(fmt, path, settings)[index].text == fixed
        file.write_bytes(original)


def _case(text: str) -> str:
    return text[:1].swapcase() + text[1:]


def _dash(text: str) -> str:
    return text.replace(" — ", " - ")


def _escapes(text: str) -> str:
    """Characters that need escaping or quoting, on the end of the last word (no word added,
    so an MTGJSON card's arrays follow the change)."""
    return text + '&"Elf"<Elf>\\/'


MUTATIONS = {"case": _case, "dash": _dash, "escapes": _escapes}
# Changes a format can't write: Forge and MSE make the dash up; MSE markup is never written.
NOT_WRITTEN = {("forge", "dash"), ("mse", "dash"), ("mse", "escapes")}
# Forge writes a line whose words after the types have no dash only with one.
SOME_WRITTEN = {("forge", "escapes")}


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
@pytest.mark.parametrize(("fmt", "relative", "settings"), SAMPLE_INPUTS)
def test_sample_mutated_and_restored(
    fmt: str, relative: str, settings: dict[str, str], mutation: str, copy: Callable[[Path, str], Path]
) -> None:
    """Every line of a sample changed at once (the case of its first letter, its dash, or
    characters that need escaping or quoting) re-reads as changed, and changing the lines
    back gives the file's bytes again (except after quoting was added)."""
    path = copy(SAMPLES, relative)
    before = files_of(path)
    found = read_sample(fmt, path, settings)
    wanted = [MUTATIONS[mutation](entry.text) for entry in found]
    edits = [
        e.rewrite(new) if e.rewrite and new != e.text else None for e, new in zip(found, wanted, strict=True)
    ]
    refused = [
        e.text for e, new, edit in zip(found, wanted, edits, strict=True) if new != e.text and edit is None
    ]
    if (fmt, mutation) in NOT_WRITTEN:
        assert len(refused) == sum(new != e.text for e, new in zip(found, wanted, strict=True))
        return
    assert not refused or (fmt, mutation) in SOME_WRITTEN, refused
    write_edits(path, found, edits)
    again = read_sample(fmt, path, settings)
    expected = [e.text if edit is None else new for e, new, edit in zip(found, wanted, edits, strict=True)]
    assert [e.text for e in again] == expected
    if mutation == "escapes":
        return
    back = [
        e.rewrite(old.text) if e.rewrite and old.text != e.text else None
        for e, old in zip(again, found, strict=True)
    ]
    write_edits(path, again, back)
    if _ascii_only(files_of(path)) and not _ascii_only(before):
        # the mutation took the file's last non-ASCII characters: its dashes come back
        # escaped, as in a file that is all ASCII; the lines are the same
        assert [e.text for e in read_sample(fmt, path, settings)] == [e.text for e in found]
        return
    assert files_of(path) == before


def _ascii_only(files: dict[str, bytes]) -> bool:
    return all(data.isascii() for data in files.values())


def shared_inputs() -> list[Sample]:
    from conftest import SHARED_DIR

    root = SHARED_DIR / "samples"
    return sample_inputs(root) if root.is_dir() else []


@pytest.mark.parametrize("mutation", ["case", "dash"])
@pytest.mark.parametrize(("fmt", "relative", "settings"), shared_inputs() or [("-", "-", {})])
def test_shared_samples_mutated_and_restored(
    fmt: str, relative: str, settings: dict[str, str], mutation: str, copy: Callable[[Path, str], Path]
) -> None:
    """The same over every sample in ../shared (the larger files too), where it is."""
    from conftest import shared_path

    root = shared_path("samples")
    path = copy(root, relative)
    before = files_of(path)
    found = read_sample(fmt, path, settings)
    assert None not in [entry.rewrite(entry.text) if entry.rewrite else None for entry in found]
    wanted = [MUTATIONS[mutation](entry.text) for entry in found]
    edits = [
        e.rewrite(new) if e.rewrite and new != e.text else None for e, new in zip(found, wanted, strict=True)
    ]
    if (fmt, mutation) in NOT_WRITTEN:
        return
    assert all(edit is not None for e, new, edit in zip(found, wanted, edits, strict=True) if new != e.text)
    write_edits(path, found, edits)
    again = read_sample(fmt, path, settings)
    assert [e.text for e in again] == wanted
    back = [
        e.rewrite(old.text) if e.rewrite and old.text != e.text else None
        for e, old in zip(again, found, strict=True)
    ]
    write_edits(path, again, back)
    assert [e.text for e in read_sample(fmt, path, settings)] == [e.text for e in found]
    if not (_ascii_only(files_of(path)) and not _ascii_only(before)):
        assert files_of(path) == before


# The command line

CLI_INPUTS = [
    pytest.param("scryfall", [], id="scryfall"),
    pytest.param("mtgjson", [], id="mtgjson"),
    pytest.param("csv/tgnc-binder-2024-02-25-gragonLeech-cards.csv", [], id="csv"),
    pytest.param("csv/cpcagle-xln-cards-noheader.csv", ["--column", "3"], id="csv-column"),
    pytest.param("cockatrice", [], id="cockatrice"),
    pytest.param("forge", [], id="forge"),
    pytest.param("mse/TheCloneWars.mse-set-partial", [], id="mse"),
    pytest.param("yaml", [], id="yaml"),
]


def value_patterns(relative: str, root: Path, options: list[str]) -> dict[str, re.Pattern[str]]:
    """For each file of a sample, a pattern its text matches as long as only its type-line
    values (as their readers place them) differ."""
    settings = {"column": options[1]} if options else {}
    regions: dict[str, list[tuple[int, int]]] = {}
    for fmt, path in _sample_files(root / relative):
        for entry in read_sample(fmt, path, settings):
            assert entry.rewrite is not None
            edit = entry.rewrite(entry.text)
            assert edit is not None
            file = entry.path or str(path)
            text = Path(file).read_bytes().decode("utf-8").removeprefix("\ufeff")
            regions.setdefault(file, []).append(_offsets(text, edit))
    patterns = {}
    for file, spans in regions.items():
        text = Path(file).read_bytes().decode("utf-8")
        shift = 1 if text.startswith("\ufeff") else 0
        pieces, at = [], 0
        for start, end in sorted(spans):
            pieces += [re.escape(text[at : start + shift]), "(.*?)"]
            at = end + shift
        patterns[file] = re.compile("".join([*pieces, re.escape(text[at:])]), re.DOTALL)
    return patterns


def _sample_files(path: Path) -> list[tuple[str, Path]]:
    from mtg_typeline.sources.inputs import detect

    if path.name.endswith(".mse-set-partial"):
        return [("mse", path)]
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    return [(detect(str(file), file.read_bytes()[:4096]), file) for file in files]


def _offsets(text: str, edit: Edit) -> tuple[int, int]:
    starts = [0] + [i + 1 for i, char in enumerate(text) if char == "\n"]
    return starts[edit.line - 1] + edit.column - 1, starts[edit.end_line - 1] + edit.end_column - 1


@pytest.mark.parametrize(("relative", "options"), CLI_INPUTS)
def test_cli_fix_changes_only_type_line_values_and_settles(
    relative: str, options: list[str], tmp_path: Path, copy: Callable[[Path, str], Path]
) -> None:
    from conftest import run_cli

    root = SAMPLES if relative != "yaml" else FAN_SET.parent.parent
    path = copy(root, relative)
    patterns = value_patterns(relative, tmp_path, options)
    before = {file: (Path(file).read_bytes(), Path(file).stat().st_mtime_ns) for file in files_of_tree(path)}
    first = run_cli(["check", "--fix", "--format", "json", *options, str(path)])
    assert first.exit_code in (0, 1), first.output
    changed = 0
    for file, (data, mtime) in before.items():
        now = Path(file).read_bytes()
        if now == data:
            assert Path(file).stat().st_mtime_ns == mtime  # a file with nothing to fix is not written
            continue
        changed += 1
        assert patterns[file].fullmatch(now.decode("utf-8")), file
    assert changed == EXPECTED_CHANGED[relative]
    after = {file: Path(file).read_bytes() for file in before}
    second = run_cli(["check", "--fix", "--format", "json", *options, str(path)])
    assert second.exit_code == first.exit_code
    assert {file: Path(file).read_bytes() for file in before} == after
    assert json.loads(second.stdout)["findings"] == json.loads(first.stdout)["findings"]


def files_of_tree(path: Path) -> list[str]:
    return [str(p) for p in sorted(path.rglob("*")) if p.is_file()] if path.is_dir() else [str(path)]


# Files `--fix` changes in each sample (the fixable findings of the samples: dashes written
# as hyphens, a Tribal become Kindred, a misspelt subtype with one close candidate).
EXPECTED_CHANGED = {
    "scryfall": 0,
    "mtgjson": 1,
    "csv/tgnc-binder-2024-02-25-gragonLeech-cards.csv": 0,
    "csv/cpcagle-xln-cards-noheader.csv": 1,
    "cockatrice": 1,
    "forge": 2,
    "mse/TheCloneWars.mse-set-partial": 0,
    "yaml": 1,
}
