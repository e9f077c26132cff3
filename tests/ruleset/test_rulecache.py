"""The cache of validated rule files: the same rules as the files, YAML left unread when it
is warm, edits seen at once, and no trouble when the cache is broken, off or unwritable."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import forget_rules

from mtg_typeline import __version__, ruleset
from mtg_typeline.ruleset import cache, load_rules


def fresh(edition: str | None = None, path: Path | None = None) -> ruleset.RuleSet:
    forget_rules()
    return load_rules(edition, path)


@pytest.mark.parametrize("edition", ["2026-09-25", "2020-08-07"])
def test_the_cached_rules_are_the_rules_of_the_files(rule_cache: Path, edition: str) -> None:
    from_files = fresh(edition)
    assert len(list(rule_cache.iterdir())) >= 1
    from_cache = fresh(edition)
    assert cache.to_data(from_cache) == cache.to_data(from_files)
    assert from_cache.path == from_files.path
    assert from_cache.subtype_lists("Time Lord") == from_files.subtype_lists("Time Lord")


def _run(code: str, folder: Path) -> str:
    env = {**os.environ, "TYPELINE_CACHE_DIR": str(folder)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip()


@pytest.mark.slow
def test_a_warm_start_reads_no_yaml(rule_cache: Path) -> None:
    code = (
        "import sys; from mtg_typeline import check_line;"
        "print([f.code for f in check_line('Creature — Forest')], 'yaml' in sys.modules)"
    )
    assert _run(code, rule_cache) == "['TL304'] True"
    assert _run(code, rule_cache) == "['TL304'] False"


def test_an_edited_rule_file_is_read_again(rule_cache: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    shipped = (ruleset.rules_dir() / "2026-09-25.yaml").read_text(encoding="utf-8")
    mine.write_text(shipped, encoding="utf-8")
    assert not fresh(path=mine).subtype_lists("Clamfolk")
    mine.write_text(shipped.replace("      - Zubera\n", "      - Zubera\n      - Clamfolk\n"), "utf-8")
    assert fresh(path=mine).subtype_lists("Clamfolk")


def test_a_broken_entry_is_passed_over(rule_cache: Path) -> None:
    expected = cache.to_data(fresh())
    for entry in rule_cache.iterdir():
        entry.write_bytes(b"\x00not a cache entry")
    assert cache.to_data(fresh()) == expected


def test_an_entry_of_another_shape_is_passed_over(rule_cache: Path) -> None:
    expected = cache.to_data(fresh())
    key = cache.key_of(
        __version__,
        (str(ruleset.rules_dir() / "2026-09-25.yaml"), str(ruleset.rules_dir() / "renames.yaml")),
    )
    assert key is not None
    cache.store(key, {"edition": "1999-01-01"})  # no lists, no summaries
    assert cache.to_data(fresh()) == expected


def test_an_empty_cache_dir_setting_turns_it_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TYPELINE_CACHE_DIR", "")
    assert cache.cache_dir() is None
    assert fresh().edition == "2026-09-25"
    forget_rules()


def test_an_unwritable_cache_is_no_trouble(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory", encoding="utf-8")
    monkeypatch.setenv("TYPELINE_CACHE_DIR", str(blocker / "cache"))
    assert fresh().edition == "2026-09-25"
    assert fresh().edition == "2026-09-25"
    assert [p.name for p in tmp_path.iterdir()] == ["a-file"]
    forget_rules()


def test_the_default_place_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("TYPELINE_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.cache_dir() == str(tmp_path / "mtg-typeline")
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.cache_dir() == os.path.join(os.path.expanduser("~"), ".cache", "mtg-typeline")
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")  # (ignored, as XDG says)
    assert cache.cache_dir() == os.path.join(os.path.expanduser("~"), ".cache", "mtg-typeline")


def test_no_home_no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TYPELINE_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(os.path, "expanduser", lambda path: path)  # as with no HOME and no user
    assert cache.cache_dir() is None


def test_a_key_names_each_file_where_it_really_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through a linked folder, a linked file, a relative name and `..`: each file by its
    real path, as `os.path.realpath` has it, with its size and time."""
    real = tmp_path / "real"
    (real / "sub").mkdir(parents=True)
    (real / "a.yaml").write_text("a", encoding="utf-8")
    (real / "sub" / "b.yaml").write_text("bb", encoding="utf-8")
    (tmp_path / "linked").symlink_to(real)
    (tmp_path / "c.yaml").symlink_to(real / "sub" / "b.yaml")
    monkeypatch.chdir(real)
    paths = (
        str(tmp_path / "linked" / "a.yaml"),
        str(tmp_path / "linked" / "sub" / "b.yaml"),
        str(tmp_path / "c.yaml"),
        "a.yaml",
        "sub/../a.yaml",
        str(tmp_path / "linked" / "sub" / ".." / "sub" / "b.yaml"),
    )
    key = cache.key_of(__version__, paths)
    assert key is not None
    for line, path in zip(key.split("\n")[3:], paths, strict=True):
        info = os.stat(path)
        assert line == f"{os.path.realpath(path)}\0{info.st_size}\0{info.st_mtime_ns}"
    assert cache.key_of(__version__, (str(tmp_path / "missing.yaml"),)) is None
    (tmp_path / "dangling.yaml").symlink_to(tmp_path / "nowhere.yaml")
    assert cache.key_of(__version__, (str(tmp_path / "dangling.yaml"),)) is None
