"""Choosing an edition: an empty `--edition` or `--as-of` is an error, never the newest
edition; and `explain` cites, under each edition, the rules the check cites there."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

from mtg_typeline.errors import UsageError
from mtg_typeline.lookup.show import pick_edition
from mtg_typeline.ruleset import load_rules, shipped_editions

NO_EDITION = (
    f"unknown edition '': give the exact effective date of a shipped edition ({shipped_editions()[0]} … "
    f"{shipped_editions()[-1]}, {len(shipped_editions())} editions; `typeline rules list` shows them)"
)
NO_DATE = "--as-of '' is not a date (YYYY-MM-DD)"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "--no-config", "--edition", "", "-"], NO_EDITION),
        (["check", "--no-config", "--as-of", "", "-"], NO_DATE),
        (["check", "--no-config", "--as-of", "", "--edition", "2024-06-07", "-"], None),
        (["rules", "show", "card_types", "--edition", ""], NO_EDITION),
        (["rules", "show", "card_types", "--as-of", ""], NO_DATE),
        (["lookup", "Goblin", "--edition", ""], NO_EDITION),
        (["lookup", "Goblin", "--as-of", ""], NO_DATE),
        (["explain", "TL304", "--edition", ""], NO_EDITION),
        (["codes", "--edition", ""], NO_EDITION),
    ],
)
def test_an_empty_edition_or_date_is_a_usage_error(args: list[str], message: str | None) -> None:
    result = run_cli(args, stdin="Creature — Goblin\n")
    assert (result.exit_code, result.stdout) == (2, "")
    if message is None:  # both given, one of them empty: still both
        assert "exclude each other" in result.stderr
    else:
        assert result.stderr == f"typeline: error: {message}\n"


def test_the_python_api_tells_an_empty_edition_from_none() -> None:
    assert load_rules(None).edition == shipped_editions()[-1]
    with pytest.raises(UsageError, match="unknown edition ''"):
        load_rules("")
    with pytest.raises(UsageError, match="is not a date"):
        pick_edition(None, "")
    assert pick_edition(None, None) is None


def explained(*args: str) -> dict[str, object]:
    result = run_cli(["explain", "TL304", "--format", "json", *args])
    assert result.exit_code == 0, result.output
    document: dict[str, object] = json.loads(result.stdout)
    return document


@pytest.mark.parametrize("edition", ["2009-07-11", "2011-07-15", "2011-09-30", shipped_editions()[-1]])
def test_explain_cites_what_the_check_cites(edition: str) -> None:
    result = run_cli(
        ["check", "--no-config", "--format", "json", "--edition", edition, "-"], "Creature — Forest\n"
    )
    [finding] = json.loads(result.stdout)["findings"]
    rules = explained("--edition", edition)["rules"]
    assert isinstance(rules, list)
    assert set(finding["rules"]) <= set(rules), (finding["rules"], rules)
    assert rules[0] == ("204.3c" if edition < "2011-09-30" else "205.3d")


def test_explain_under_a_204_edition_shows_the_correlation_rule() -> None:
    result = run_cli(["explain", "TL304", "--edition", "2009-07-11"])
    assert result.exit_code == 0
    assert (
        "  204.3c  When a card has several card types, each subtype belongs to the card type whose list "
        "includes it.\n"
    ) in result.stdout
    codes = run_cli(["codes", "--edition", "2009-07-11"]).stdout.splitlines()
    assert any(line.startswith("TL304") and " 204.3c, 204.3f-k " in line for line in codes), codes
