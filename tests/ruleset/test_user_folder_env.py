"""The user's data folder follows the environment of the moment, though it is remembered
(a check asks for it for each unknown word it meets)."""

from __future__ import annotations

import os

import pytest

from mtg_typeline.ruleset.editions import DATA_ENV, user_folder


def test_follows_each_change_of_the_variables(
    monkeypatch: pytest.MonkeyPatch, tmp_path: os.PathLike[str]
) -> None:
    monkeypatch.delenv(DATA_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", os.path.join(tmp_path, "xdg"))
    assert user_folder() == os.path.join(tmp_path, "xdg", "mtg-typeline", "rules")
    monkeypatch.setenv(DATA_ENV, os.path.join(tmp_path, "mine"))
    assert user_folder() == os.path.join(tmp_path, "mine", "rules")
    monkeypatch.setenv(DATA_ENV, "")
    assert user_folder() is None
    monkeypatch.delenv(DATA_ENV)
    monkeypatch.setenv("XDG_DATA_HOME", "relative")
    monkeypatch.setenv("HOME", os.path.join(tmp_path, "home"))
    assert user_folder() == os.path.join(tmp_path, "home", ".local", "share", "mtg-typeline", "rules")


def test_a_relative_folder_is_read_from_the_current_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: os.PathLike[str]
) -> None:
    monkeypatch.setenv(DATA_ENV, "data")
    monkeypatch.chdir(tmp_path)
    assert user_folder() == os.path.join(tmp_path, "data", "rules")
    os.mkdir(os.path.join(tmp_path, "sub"))
    monkeypatch.chdir(os.path.join(tmp_path, "sub"))
    assert user_folder() == os.path.join(tmp_path, "sub", "data", "rules")
