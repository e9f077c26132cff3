"""The documentation site (mkdocs.yml, docs/): every page is in the navigation, a page a code
is made from what `typeline explain` knows, and SARIF links a code to its page only when the
site has an address. `.ci/run` builds the site itself with `mkdocs build --strict`."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from conftest import ROOT

from mtg_typeline.checks import CHECKS
from mtg_typeline.reporters import sarif_rules
from mtg_typeline.ruleset import load_rules

DOCS = ROOT / "docs"


def mkdocs_config() -> dict[str, Any]:
    config: dict[str, Any] = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    return config


def nav_pages(nav: list[Any]) -> list[str]:
    """The page files the navigation names, sections opened."""
    found: list[str] = []
    for entry in nav:
        for value in entry.values() if isinstance(entry, dict) else [entry]:
            found += nav_pages(value) if isinstance(value, list) else [value]
    return found


def hooks() -> ModuleType:
    pytest.importorskip("mkdocs", reason="needs the docs extra (pip install -e '.[dev,docs]')")
    spec = importlib.util.spec_from_file_location("docs_hooks", DOCS / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_navigation_names_every_page_once_and_only_pages_that_exist() -> None:
    named = nav_pages(mkdocs_config()["nav"])
    written = sorted(str(page.relative_to(DOCS)) for page in DOCS.rglob("*.md"))
    assert sorted(named) == written


def test_the_hook_makes_a_page_for_every_code_from_what_explain_knows() -> None:
    rules = load_rules()
    pages = {check.code: hooks().code_page(check, rules) for check in CHECKS}
    for check in CHECKS:
        page = pages[check.code]
        assert page.startswith(f"# {check.code} {check.name}\n")
        assert check.summary in page
        assert f"`typeline explain {check.code}`" in page
    assert "add it to a rule" in pages["TL302"]  # the remedy a designer needs


def test_sarif_links_codes_to_their_pages_only_when_the_site_has_an_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = load_rules()
    assert mkdocs_config().get("site_url") == sarif_rules.DOCS_URL  # no published site: both None
    assert all("helpUri" not in sarif_rules.descriptor(check, rules) for check in CHECKS)
    monkeypatch.setattr(sarif_rules, "DOCS_URL", "https://docs.example/typeline")
    for check in CHECKS:
        link = sarif_rules.descriptor(check, rules)["helpUri"]
        assert link == f"https://docs.example/typeline/codes/{check.code}/"


def test_the_codes_table_links_every_code_to_its_page() -> None:
    text = (DOCS / "codes.md").read_text(encoding="utf-8")
    for check in CHECKS:
        assert f"| [{check.code}](codes/{check.code}.md) | {check.name} |" in text


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    """A dead link or heading fails the build (mkdocs.yml's `validation`)."""
    hooks()
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config = load_config(str(ROOT / "mkdocs.yml"), strict=True, site_dir=str(tmp_path / "site"))
    build(config)
    made = sorted(path.parent.name for path in (tmp_path / "site" / "codes").glob("*/index.html"))
    assert made == sorted(check.code for check in CHECKS)


def slug(heading: str) -> str:
    """A heading's anchor as GitHub and MkDocs both write it for the headings of docs/."""
    return re.sub(r"[^\w\- ]", "", heading.replace("`", "").strip().lower()).replace(" ", "-")


def test_the_readme_links_to_pages_and_headings_that_exist() -> None:
    """The site's build checks the links between pages; the README is no page of it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((docs/[^)#]+)(?:#([^)]+))?\)", readme)
    assert len(links) > 10
    for path, anchor in links:
        page = ROOT / path
        assert page.is_file(), path
        headings = re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), re.MULTILINE)
        assert not anchor or anchor in {slug(heading) for heading in headings}, f"{path}#{anchor}"
