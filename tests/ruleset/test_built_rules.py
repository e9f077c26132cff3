"""The rule data built into a wheel (`ruleset.built`, written by `ruleset.prebuild`): the
same rules as the YAML files, used in place of them on a cold rule cache, and never once a
YAML file it was built from has changed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import forget_rules

from mtg_typeline import __version__
from mtg_typeline.ruleset import (
    built,
    cache,
    editions,
    history,
    prebuild,
    rules_dir,
    unset_subtypes,
    validate,
)

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the shipped rule files with their built data, as a wheel has them."""
    copy = tmp_path_factory.mktemp("wheel") / "rules"
    shutil.copytree(rules_dir(), copy, ignore=shutil.ignore_patterns("__pycache__"))
    prebuild.write(str(copy), __version__)
    return copy


@pytest.fixture
def no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TYPELINE_CACHE_DIR", "")
    forget_rules()


def from_yaml(path: Path) -> dict[str, object]:
    renames = validate.load_renames(path.parent / "renames.yaml")
    return cache.to_data(validate.parse_rules(path, validate.read_text(path), renames))


def test_every_rule_file_of_the_index_is_built(folder: Path) -> None:
    named = set(editions.read_index(str(folder)).files.values())
    built_files = {p.stem for p in (folder / "built").glob("*.json")}
    assert built_files == {Path(n).stem for n in named} | {"index", "history", "unset-subtypes"}


def test_the_built_data_is_the_data_of_the_yaml(folder: Path) -> None:
    renames = str(folder / "renames.yaml")
    for path in sorted(folder.glob("[0-9]*.yaml")):
        data = built.load((str(path), renames), __version__)
        assert data is not None, path.name
        assert cache.to_data(cache.from_data(str(path), built.rule_data(data))) == from_yaml(path), path.name


def test_the_built_editions_are_the_index(folder: Path) -> None:
    data = built.load((str(folder / "index.yaml"),), __version__)
    assert data is not None
    assert data["editions"] == dict(editions.read_index(str(folder)).files)


def refuse_yaml(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object) -> None:
        raise AssertionError("the YAML was read")

    monkeypatch.setattr(validate, "parse_rules", refused)


def test_a_cold_cache_loads_the_built_data(
    folder: Path, no_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = from_yaml(folder / "2026-09-25.yaml")
    refuse_yaml(monkeypatch)
    rules = editions.load_rule_file(str(folder / "2026-09-25.yaml"))
    assert cache.to_data(rules) == expected
    assert rules.path == str(folder / "2026-09-25.yaml")


@pytest.mark.parametrize("name", ["2026-09-25.yaml", "renames.yaml"])
def test_built_data_of_a_changed_file_is_not_used(
    folder: Path, no_cache: None, tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    changed = tmp_path / "rules"
    shutil.copytree(folder, changed)
    with open(changed / name, "a", encoding="utf-8") as stream:
        stream.write("# edited\n")  # the same rules, other bytes: the built data is stale
    assert built.load((str(changed / "2026-09-25.yaml"), str(changed / "renames.yaml")), __version__) is None
    other = built.load((str(changed / "2026-01-16.yaml"), str(changed / "renames.yaml")), __version__)
    assert (other is None) is (name == "renames.yaml")  # another rule file's data still holds


def test_an_edited_rule_file_is_read_from_the_yaml(folder: Path, no_cache: None, tmp_path: Path) -> None:
    changed = tmp_path / "rules"
    shutil.copytree(folder, changed)
    path = changed / "2026-09-25.yaml"
    path.write_text(
        path.read_text("utf-8").replace("      - Zubera\n", "      - Zubera\n      - Clamfolk\n"), "utf-8"
    )
    assert editions.load_rule_file(str(path)).subtype_lists("Clamfolk")
    forget_rules()


@pytest.mark.parametrize("damage", ["{not json", '{"format": 99}', "[]", '{"format": 1, "version": "0.0"}'])
def test_a_broken_built_file_is_passed_over(
    folder: Path, no_cache: None, tmp_path: Path, damage: str
) -> None:
    changed = tmp_path / "rules"
    shutil.copytree(folder, changed)
    (changed / "built" / "2026-09-25.json").write_text(damage, encoding="utf-8")
    assert built.load((str(changed / "2026-09-25.yaml"), str(changed / "renames.yaml")), __version__) is None
    assert cache.to_data(editions.load_rule_file(str(changed / "2026-09-25.yaml"))) == from_yaml(
        folder / "2026-09-25.yaml"
    )
    forget_rules()


def built_history(folder: Path) -> dict[str, object] | None:
    index = editions.read_index(str(folder))
    sources = history.history_sources(str(folder), index.files)
    return built.load(sources, __version__, str(folder / "built" / history.HISTORY_FILE))


def test_the_built_history_is_the_history_read_from_every_edition(folder: Path) -> None:
    data = built_history(folder)
    assert data is not None
    dates = editions.read_index(str(folder)).dates
    assert tuple(data["editions"]) == dates  # type: ignore[call-overload]
    runs = {word: tuple(tuple(run) for run in kept) for word, kept in data["runs"].items()}  # type: ignore[attr-defined]
    assert runs == history._read_runs(dates)


def test_a_cold_cache_takes_the_built_history(
    folder: Path, no_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    index = editions.read_index(str(folder))
    monkeypatch.setattr(history, "shipped_index", lambda: index)
    expected = history._read_runs(index.dates)

    def not_read(dates: tuple[str, ...]) -> None:
        raise AssertionError("the editions were read")

    monkeypatch.setattr(history, "_read_runs", not_read)
    history._runs.cache_clear()
    try:
        assert history._runs(index.dates) == expected
    finally:
        history._runs.cache_clear()


def test_a_changed_rule_file_leaves_the_built_history_out(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    changed = tmp_path / "rules"
    shutil.copytree(folder, changed)
    with open(changed / "2026-09-25.yaml", "a", encoding="utf-8") as stream:
        stream.write("# changed\n")
    index = editions.read_index(str(changed))
    monkeypatch.setattr(history, "shipped_index", lambda: index)
    assert built_history(changed) is None
    assert history._built_runs(index.dates) is None
    assert history._built_runs(index.dates[:-1]) is None  # other editions than the shipped


def test_the_built_unset_subtypes_are_those_of_the_yaml(
    folder: Path, no_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cold cache takes the built Un-set subtypes, the YAML's entries, without reading it."""
    path = str(folder / unset_subtypes.UNSET_SUBTYPES_FILE)
    expected = validate.load_unset_subtypes(path)

    def refused(*args: object) -> None:
        raise AssertionError("the YAML was read")

    monkeypatch.setattr(validate, "load_unset_subtypes", refused)
    assert unset_subtypes._load(path) == expected


def test_an_edited_unset_subtypes_file_is_read_from_the_yaml(
    folder: Path, no_cache: None, tmp_path: Path
) -> None:
    changed = tmp_path / "rules"
    shutil.copytree(folder, changed)
    path = changed / unset_subtypes.UNSET_SUBTYPES_FILE
    text = path.read_text("utf-8")
    entries = validate.load_unset_subtypes(str(path))
    path.write_text(text.replace(f"word: {entries[0].word}\n", "word: Zzyzxian\n", 1), "utf-8")
    assert built.load((str(path),), __version__) is None  # (stale)
    assert unset_subtypes._load(str(path))[0].word == "Zzyzxian"
