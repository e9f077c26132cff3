"""Loading rule files: the shipped editions, and every way a rule file can be wrong.

Each broken file is the shipped newest edition with one small change, written to tmp_path;
loading it must raise `RulesDataError` whose message starts with `<path>:<line>:<column>: `
and points at the changed line. The command line turns the same error into exit status 2 and
a one-line message, without a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_typeline.checker import Checker
from mtg_typeline.errors import RulesDataError, UsageError
from mtg_typeline.main.commands import cli
from mtg_typeline.ruleset import RuleSet, load_rules, parse_rules, rules_dir, shipped_editions

NEWEST = "2026-09-25"
OLDEST = "2020-08-07"
WHERE_RE = re.compile(r"^(?P<path>.+):(?P<line>\d+):(?P<column>\d+): \S")


def shipped_text(edition: str = NEWEST) -> str:
    return (rules_dir() / f"{edition}.yaml").read_text(encoding="utf-8")


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in the shipped file"
    return text.replace(old, new)


def position(text: str, needle: str, nth: int = 1) -> tuple[int, int]:
    """1-based line and column of the `nth` occurrence of `needle` in `text`."""
    index = -1
    for _ in range(nth):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


def load_error(path: Path) -> str:
    with pytest.raises(RulesDataError) as caught:
        load_rules(path=path)
    return str(caught.value)


def assert_points_at(message: str, path: Path, line: int, column: int | None = None) -> None:
    match = WHERE_RE.match(message)
    assert match, f"no file:line:column at the start of {message!r}"
    assert match["path"] == str(path)
    assert int(match["line"]) == line, message
    if column is not None:
        assert int(match["column"]) == column, message


# --------------------------------------------------------------------------
# Broken rule files: (mutation, what the message names, the text marking the bad place)
# --------------------------------------------------------------------------

Mutation = Callable[[str], str]


def add_after(old: str, extra: str) -> Mutation:
    return lambda text: replace_once(text, old, old + extra)


def swap(old: str, new: str) -> Mutation:
    return lambda text: replace_once(text, old, new)


BROKEN: list[tuple[str, Mutation, str, str, int]] = [
    # id, mutation, words of the message, marker of the bad place, which occurrence of it
    ("unknown-key", add_after('section: "205"\n', "sectoin: x\n"), "unknown key 'sectoin'", "sectoin", 1),
    (
        "unknown-key-nested",
        add_after("    name: battle types\n", "    grouping_: words\n"),
        "unknown key 'grouping_'",
        "grouping_",
        1,
    ),
    (
        "mapping-for-a-list",
        swap("card_types: [Instant, Sorcery]", "card_types: {first: Instant}"),
        "must be a list",
        "{first: Instant}",
        1,
    ),
    (
        "string-for-a-list",
        swap("card_types: [Battle]", "card_types: Battle"),
        "must be a list",
        "Battle\n",
        2,
    ),
    (
        "duplicate-top-key",
        add_after('section: "205"\n', 'edition: "2026-09-26"\n'),
        "duplicate key 'edition'",
        "edition: ",
        2,
    ),
    (
        "duplicate-list-key",
        add_after("    entries: [Siege]\n", '  land:\n    rule: "205.3i"\n'),
        "duplicate key 'land'",
        "land:\n",
        2,
    ),
    (
        "duplicate-summary",
        add_after('  "205.3q": Names the only battle type.\n', '  "205.3q": Again.\n'),
        "duplicate key '205.3q'",
        '"205.3q": ',
        2,
    ),
    ("duplicate-entry", add_after("      - Tower\n", "      - Tower\n"), "duplicate entry", "Tower\n", 2),
    (
        "duplicate-entry-case",
        add_after("      - Tower\n", "      - tower\n"),
        "duplicate entry",
        "tower\n",
        1,
    ),
    (
        "duplicate-entry-apostrophe",
        add_after("      - Urza’s\n", "      - Urza's\n"),
        "duplicate entry",
        "Urza's\n",
        1,
    ),
    (
        "duplicate-supertype-in-flow-list",
        swap("[Basic, Legendary, Ongoing, Snow, World]", "[Basic, Legendary, Ongoing, Snow, World, basic]"),
        "duplicate entry",
        "basic]",
        1,
    ),
    (
        "cited-rule-without-summary",
        swap('  "205.3q": Names the only battle type.\n', ""),
        "205.3q",
        '"205.3q"',
        1,
    ),
    (
        "citation-without-summary",
        swap('  "205.3d": An object cannot get a subtype that matches none of its card types.\n', ""),
        "205.3d",
        '"205.3d"',
        1,
    ),
    ("unknown-card-type-in-list", swap("card_types: [Battle]", "card_types: [Batle]"), "'Batle'", "Batle", 1),
    (
        "unknown-card-type-in-no-subtypes",
        swap("[Phenomenon, Scheme, Vanguard, Conspiracy]", "[Phenomenon, Schema, Vanguard, Conspiracy]"),
        "'Schema'",
        "Schema",
        1,
    ),
    (
        "edition-not-a-date",
        swap('edition: "2026-09-25"', 'edition: "2026-9-25"'),
        "2026-9-25",
        '"2026-9-25"',
        1,
    ),
    (
        "edition-impossible-date",
        swap('edition: "2026-09-25"', 'edition: "2026-13-45"'),
        "2026-13-45",
        '"2026-13-45"',
        1,
    ),
    (
        "broken-yaml",
        add_after('section: "205"\n', "  stray: indented\n"),
        "not valid YAML",
        "stray",
        1,
    ),
    ("schema", swap("schema: 1", "schema: 2"), "schema 2", "2\n", 1),
]


@pytest.mark.parametrize(
    ("mutate", "words", "marker", "nth"),
    [pytest.param(m, w, k, n, id=i) for i, m, w, k, n in BROKEN],
)
def test_broken_rule_file(tmp_path: Path, mutate: Mutation, words: str, marker: str, nth: int) -> None:
    text = mutate(shipped_text())
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    message = load_error(path)
    line, column = position(text, marker, nth)
    assert_points_at(message, path, line, column)
    assert words in message
    assert "\n" not in message


def test_duplicate_key_names_the_first(tmp_path: Path) -> None:
    text = add_after('section: "205"\n', 'edition: "2026-09-26"\n')(shipped_text())
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    first, _ = position(text, "edition: ")
    assert f"(first on line {first})" in load_error(path)


@pytest.mark.parametrize("text", ["", "\n", "# only a comment\n", "\ufeff"])
def test_empty_file(tmp_path: Path, text: str) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    message = load_error(path)
    assert_points_at(message, path, 1, 1)
    assert "empty" in message


def test_not_a_mapping(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("- a\n- list\n", encoding="utf-8")
    message = load_error(path)
    assert_points_at(message, path, 1, 1)
    assert "mapping" in message


def test_non_utf8_file(tmp_path: Path) -> None:
    text = shipped_text()
    line, column = position(text, "Legendary")
    data = text.encode("utf-8").replace(b"Legendary", b"L\xe9gendary", 1)
    path = tmp_path / "rules.yaml"
    path.write_bytes(data)
    message = load_error(path)
    assert "UTF-8" in message
    assert_points_at(message, path, line, column + 1)


def test_a_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + shipped_text().encode("utf-8"))
    assert load_rules(path=path).edition == NEWEST


def test_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "absent.yaml"
    message = load_error(path)
    assert message.startswith(f"{path}: ")


def test_parse_rules_reports_the_path_it_is_given() -> None:
    text = swap("card_types: [Battle]", "card_types: [Batle]")(shipped_text())
    with pytest.raises(RulesDataError) as caught:
        parse_rules(Path("somewhere/rules.yaml"), text)
    line, column = position(text, "Batle")
    assert str(caught.value).startswith(f"somewhere/rules.yaml:{line}:{column}: ")


# --------------------------------------------------------------------------
# The shipped editions
# --------------------------------------------------------------------------


def test_shipped_editions() -> None:
    editions = shipped_editions()
    assert {NEWEST, OLDEST} <= set(editions)
    assert list(editions) == sorted(editions)
    assert load_rules().edition == editions[-1] == NEWEST
    assert load_rules(OLDEST).edition == OLDEST


def test_an_unknown_edition_lists_the_editions() -> None:
    with pytest.raises(UsageError) as caught:
        load_rules("1999-01-01")
    assert str(caught.value) == (
        "unknown edition '1999-01-01': give the exact effective date of a shipped edition "
        "(2009-07-11 … 2026-09-25, 86 editions; `typeline rules list` shows them)"
    )


def test_a_shipped_file_loaded_by_path_is_the_same() -> None:
    by_path = load_rules(path=rules_dir() / f"{NEWEST}.yaml")
    assert by_path.card_types == load_rules().card_types
    assert by_path.lists == load_rules().lists


def lists_by_key(rules: RuleSet) -> dict[str, tuple[str, frozenset[str], bool]]:
    return {s.key: (s.rule, s.card_types, s.whole) for s in rules.lists}


def test_newest_edition_rule_numbers() -> None:
    rules = load_rules(NEWEST)
    assert rules.card_types_rule == "205.2a"
    assert rules.supertypes_rule == "205.4a"
    assert rules.no_subtypes_rule == "205.3r"
    assert set(rules.no_subtypes) == {"Phenomenon", "Scheme", "Vanguard", "Conspiracy"}
    assert "Kindred" in rules.card_types
    assert "Tribal" not in rules.card_types
    assert lists_by_key(rules) == {
        "artifact": ("205.3g", frozenset({"Artifact"}), False),
        "enchantment": ("205.3h", frozenset({"Enchantment"}), False),
        "land": ("205.3i", frozenset({"Land"}), False),
        "planeswalker": ("205.3j", frozenset({"Planeswalker"}), False),
        "spell": ("205.3k", frozenset({"Instant", "Sorcery"}), False),
        "creature": ("205.3m", frozenset({"Creature", "Kindred"}), False),
        "planar": ("205.3n", frozenset({"Plane"}), True),
        "dungeon": ("205.3p", frozenset({"Dungeon"}), False),
        "battle": ("205.3q", frozenset({"Battle"}), False),
    }
    assert rules.cite("no-gaining") == ("205.3d",)
    assert rules.cite("subtype-syntax") == ("205.3b",)
    assert rules.cite("obsolete-subtypes") == ("205.3f",)
    assert rules.cite("type-line") == ("205.1",)


def test_oldest_edition_rule_numbers() -> None:
    rules = load_rules(OLDEST)
    assert rules.card_types_rule == "205.2a"
    assert rules.supertypes_rule == "205.4a"
    assert rules.no_subtypes_rule == "205.3p"
    assert "Tribal" in rules.card_types
    assert "Kindred" not in rules.card_types
    assert "Battle" not in rules.card_types
    by_key = lists_by_key(rules)
    assert by_key["creature"] == ("205.3m", frozenset({"Creature", "Tribal"}), False)
    assert by_key["planar"] == ("205.3n", frozenset({"Plane"}), True)
    assert "battle" not in by_key


@pytest.mark.parametrize("edition", [NEWEST, OLDEST])
def test_every_rule_cited_has_a_summary(edition: str) -> None:
    rules = load_rules(edition)
    cited = {rules.card_types_rule, rules.supertypes_rule, rules.no_subtypes_rule}
    cited |= {s.rule for s in rules.lists} | set(rules.citations.values())
    for rule in cited:
        assert rules.summary(rule), rule


def test_lookups_fold_case_and_apostrophes() -> None:
    rules = load_rules()
    assert rules.card_type("CREATURE") == "Creature"
    assert rules.supertype("legendary") == "Legendary"
    assert rules.subtype_lists("urza's")[0][1] == "Urza’s"
    assert rules.subtype_lists("Time Lord")[0][0].key == "creature"
    assert rules.subtype_lists("Goblim") == ()


# --------------------------------------------------------------------------
# The command line with a rule file
# --------------------------------------------------------------------------


def run_check(*args: str, stdin: str = "Creature — Goblin\n") -> tuple[int, str, str, BaseException | None]:
    result = CliRunner().invoke(cli, ["check", *args, "-"], input=stdin)
    return result.exit_code, result.stdout, result.stderr, result.exception


@pytest.mark.parametrize(
    ("mutate", "marker"),
    [
        pytest.param(swap("card_types: [Battle]", "card_types: [Batle]"), "Batle", id="unknown-card-type"),
        pytest.param(add_after('section: "205"\n', "  stray: x\n"), "stray", id="broken-yaml"),
        pytest.param(add_after("      - Tower\n", "      - tower\n"), "tower\n", id="duplicate-entry"),
    ],
)
def test_cli_reports_a_broken_rule_file(tmp_path: Path, mutate: Mutation, marker: str) -> None:
    text = mutate(shipped_text())
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    status, out, err, exception = run_check("--rules", str(path))
    line, column = position(text, marker)
    assert status == 2
    assert exception is None or isinstance(exception, SystemExit)
    assert err.startswith(f"typeline: error: {path}:{line}:{column}: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err + out
    assert out == ""


def test_cli_reports_a_non_utf8_rule_file(tmp_path: Path) -> None:
    text = shipped_text()
    line, _ = position(text, "Legendary")
    path = tmp_path / "bad.yaml"
    path.write_bytes(text.encode("utf-8").replace(b"Legendary", b"L\xe9gendary", 1))
    status, out, err, exception = run_check("--rules", str(path))
    assert status == 2
    assert exception is None or isinstance(exception, SystemExit)
    assert err.startswith(f"typeline: error: {path}:{line}:")
    assert "Traceback" not in err + out


def test_cli_unknown_edition(tmp_path: Path) -> None:
    status, out, err, exception = run_check("--edition", "1999-01-01")
    assert status == 2
    assert exception is None or isinstance(exception, SystemExit)
    assert err.startswith("typeline: error: unknown edition '1999-01-01': ")
    assert "2009-07-11 … 2026-09-25, 86 editions" in err
    assert "Traceback" not in err + out


def test_cli_uses_the_rule_file_it_is_given(tmp_path: Path) -> None:
    """A valid changed file is really used: a word added to it is accepted."""
    path = tmp_path / "mine.yaml"
    path.write_text(add_after("      - Goblin\n", "      - Goblim\n")(shipped_text()), encoding="utf-8")
    status, _, err, _ = run_check("--rules", str(path), stdin="Creature — Goblim\n")
    assert (status, err) == (0, "")
    assert Checker(load_rules(path=path)).check_fully("Creature — Goblim") == ()
    status, _, _, _ = run_check(stdin="Creature — Goblim\n")
    assert status == 1
