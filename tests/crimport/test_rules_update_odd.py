"""`typeline rules update` on addresses and pages that urllib can't take apart, and waits the
socket layer can't hold: each a clear message and exit status 2, never an internal error."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli, shared_path
from helpers.rulesite import rule_site, rules_page

from mtg_typeline.crimport.fetch import text_link


@pytest.mark.parametrize("args", [["--page-url", "http://[::1"], ["--from", "http://[::1/x.txt"]])
def test_an_address_urllib_cannot_take_apart_is_a_clear_error(args: list[str], data_dir: Path) -> None:
    result = run_cli(["rules", "update", *args])
    assert result.exit_code == 2
    assert "not an address to fetch" in result.stderr and "internal error" not in result.stderr
    assert not (data_dir / "rules").exists()


@pytest.mark.parametrize("wait", ["inf", "1e300"])
def test_a_wait_too_long_for_the_socket_is_a_usage_error(wait: str) -> None:
    result = run_cli(["rules", "update", "--page-url", "http://127.0.0.1:9/", "--timeout", wait])
    assert result.exit_code == 2
    assert "--timeout" in result.stderr and "internal error" not in result.stderr


def test_a_broken_link_on_the_page_is_passed_over() -> None:
    page = rules_page("http://example.invalid/MagicCompRules%2020261204.txt")
    broken = page.replace("<body>", '<body><a href="http://[oops/MagicCompRules 20270305.txt">x</a>')
    assert broken != page
    found = text_link(broken.encode("utf-8"), "http://example.invalid/en/rules")
    assert found.endswith("MagicCompRules%2020261204.txt")


def test_a_page_with_only_a_broken_link_links_to_no_text(data_dir: Path) -> None:
    with rule_site() as site:
        page = site.put("/en/rules", b'<html><a href="http://[oops/MagicCompRules 20270305.txt">x</a></html>')
        result = run_cli(["rules", "update", "--page-url", page])
    assert result.exit_code == 2
    assert "links to no plain-text" in result.stderr and "internal error" not in result.stderr


def test_a_section_alone_takes_the_rules_outside_it_from_the_edition_before(tmp_path: Path) -> None:
    """A text of the type-line section alone, imported, cites the kindred and planeswalker
    rules of the shipped edition before it, as `rules import` does: the checks that need
    them still run under it."""
    section = shared_path("cr", "2026-09-25-section-205.txt").read_text(encoding="utf-8")
    later = section.replace("September 25, 2026 (2026-09-25)", "March 5, 2028 (2028-03-05)")
    assert later != section
    (tmp_path / "sec.txt").write_text(later, encoding="utf-8")
    assert run_cli(["rules", "update", "--from", str(tmp_path / "sec.txt")]).exit_code == 0
    result = run_cli(["check", "--format", "concise", "-"], stdin="Kindred — Elf\nPlaneswalker — Jace\n")
    assert "TL208" in result.stdout and "TL209" in result.stdout
