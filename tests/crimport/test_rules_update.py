"""`typeline rules update`: a CR text fetched from a rules page on the loopback address (or
given with --from), imported into the user's data directory; and every way the fetch or the
import can fail, each a clear message, exit status 2 and nothing written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import run_cli, shared_path
from helpers.rulesite import Site, newer_edition, rule_site, rules_page, shipped_text, silent_server

from mtg_typeline.crimport.fetch import LIMIT, text_link

NEW_TYPE = "Zyzzyx"
NEW_DATE = "2026-12-04"


@pytest.fixture
def site() -> Iterator[Site]:
    with rule_site() as served:
        yield served


@pytest.fixture
def newer() -> bytes:
    """The newest archived CR text as a later edition, effective 2026-12-04, with a new type."""
    return newer_edition(
        shipped_text(shared_path("cr", "archive", "2026-01-16.txt.gz")), "December 4, 2026", NEW_TYPE
    )


def serve_newer(site: Site, newer: bytes) -> str:
    """The rules page's address, linking (as the official page does) to the newer text."""
    site.put("/downloads/MagicCompRules%2020261204.txt", newer)
    return site.put("/en/rules", rules_page(site.base + "/downloads/MagicCompRules%2020261204.txt"))


def files_in(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")) if folder.exists() else []


def test_update_imports_the_text_the_page_links_to(site: Site, newer: bytes, data_dir: Path) -> None:
    page = serve_newer(site, newer)
    result = run_cli(["rules", "update", "--page-url", page])
    assert result.exit_code == 0, result.stderr
    assert f"imported the {NEW_DATE} edition from {site.base}/downloads/" in result.output
    assert "now the newest edition" in result.output
    assert files_in(data_dir) == ["rules", f"rules/{NEW_DATE}.yaml", "rules/index.yaml"]
    assert site.asked == ["/en/rules", "/downloads/MagicCompRules%2020261204.txt"]
    assert run_cli(["check", "--edition", "newest", "-"], stdin=f"Creature — {NEW_TYPE}\n").exit_code == 0


def test_running_again_says_nothing_is_new_and_writes_nothing(
    site: Site, newer: bytes, data_dir: Path
) -> None:
    page = serve_newer(site, newer)
    assert run_cli(["rules", "update", "--page-url", page]).exit_code == 0
    before = {name: (data_dir / name).stat().st_mtime_ns for name in files_in(data_dir)}
    again = run_cli(["rules", "update", "--page-url", page])
    assert again.exit_code == 0, again.stderr
    assert again.output.startswith(f"nothing new: the {NEW_DATE} edition is imported already")
    assert {name: (data_dir / name).stat().st_mtime_ns for name in files_in(data_dir)} == before


def test_a_shipped_edition_wins_and_nothing_is_written(tmp_path: Path, data_dir: Path) -> None:
    text = tmp_path / "cr.txt"
    text.write_bytes(shipped_text(shared_path("cr", "archive", "2026-01-16.txt.gz")))
    result = run_cli(["rules", "update", "--from", text])
    assert result.exit_code == 0, result.stderr
    assert "the 2026-01-16 edition is shipped" in result.output
    assert "shipped rule file wins" in result.output
    assert files_in(data_dir) == []


def test_from_a_file_and_from_an_address(site: Site, newer: bytes, tmp_path: Path, data_dir: Path) -> None:
    text = tmp_path / "MagicCompRules 20261204.txt"
    text.write_bytes(newer)
    result = run_cli(["rules", "update", "--from", text])
    assert result.exit_code == 0, result.stderr
    assert f"imported the {NEW_DATE} edition from {text}" in result.output
    address = site.put("/cr.txt", newer)
    again = run_cli(["rules", "update", "--from", address])
    assert again.exit_code == 0 and again.output.startswith("nothing new"), again.output


def failed(args: list[str], data_dir: Path) -> str:
    """The message of a refused update, having checked it exits 2 and writes nothing."""
    result = run_cli(["rules", "update", *args])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert files_in(data_dir) == []
    message: str = result.stderr
    assert message.startswith("typeline: error: ") and message.count("\n") == 1, message
    return message


def test_a_page_without_a_link(site: Site, data_dir: Path) -> None:
    page = site.put("/en/rules", "<html><a href='/rules.pdf'>PDF</a></html>")
    message = failed(["--page-url", page], data_dir)
    assert f"{page}: the page links to no plain-text (.txt) Comprehensive Rules" in message
    assert "--from" in message


def test_a_404(site: Site, data_dir: Path) -> None:
    page = site.put("/en/rules", rules_page("/gone.txt"))
    message = failed(["--page-url", page], data_dir)
    assert f"{site.base}/gone.txt: cannot fetch the CR text: the server answered 404" in message
    assert "--from FILE" in message


def test_a_text_cut_off_on_the_way(site: Site, newer: bytes, data_dir: Path) -> None:
    address = site.put("/cr.txt", newer[: len(newer) // 2], announced=len(newer))
    message = failed(["--from", address], data_dir)
    assert f"{address}: the CR text came incomplete" in message
    assert f"after {len(newer) // 2} of {len(newer)} bytes" in message


def test_a_text_that_ends_inside_the_type_line_section(site: Site, newer: bytes, data_dir: Path) -> None:
    cut = newer[: newer.index(b"205.3m")]  # served whole: the importer finds the section unfinished
    message = failed(["--from", site.put("/cr.txt", cut)], data_dir)
    assert f"{site.base}/cr.txt:" in message


def test_a_server_that_never_answers(data_dir: Path) -> None:
    with silent_server() as base:
        message = failed(["--from", f"{base}/cr.txt", "--timeout", "0.3"], data_dir)
    assert f"{base}/cr.txt: cannot fetch the CR text: no answer within 0.3 seconds" in message


def test_an_unreachable_host_names_from(data_dir: Path) -> None:
    with silent_server() as base:
        pass  # closed: nothing listens there now
    message = failed(["--from", f"{base}/cr.txt", "--timeout", "2"], data_dir)
    assert "cannot fetch the CR text" in message and "--from FILE" in message


def test_a_body_over_the_limit(site: Site, data_dir: Path) -> None:
    address = site.put("/big.txt", b"x" * (LIMIT + 1))
    message = failed(["--from", address], data_dir)
    assert f"{address}: the CR text is {LIMIT + 1} bytes, more than the limit of 10 MiB" in message


def test_a_missing_file_and_page_url_with_from(tmp_path: Path, data_dir: Path) -> None:
    assert "cannot read the CR text" in failed(["--from", tmp_path / "none.txt"], data_dir)
    assert "give one" in failed(["--from", "x.txt", "--page-url", "http://127.0.0.1/"], data_dir)
    assert "above 0" in failed(["--timeout", "0"], data_dir)


def test_the_link_is_found_in_the_official_shapes() -> None:
    page = b"""<a href="https://media.wizards.com/2026/downloads/MagicCompRules 20260116.pdf">PDF</a>
    <a href="https://media.wizards.com/2026/downloads/MagicCompRules 20260116.txt">TXT</a>
    {"old":"https:\\/\\/media.wizards.com\\/2025\\/downloads\\/MagicCompRules%2020251114.txt"}"""
    found = text_link(page, "https://magic.wizards.com/en/rules")
    assert found == "https://media.wizards.com/2026/downloads/MagicCompRules 20260116.txt"
    relative = text_link(b"<a href='../files/MagicCompRules_20270101.txt'>", "https://x.test/en/rules")
    assert relative == "https://x.test/files/MagicCompRules_20270101.txt"
