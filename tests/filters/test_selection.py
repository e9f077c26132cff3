"""Which findings are reported and what the run exits with: `--select`, `--extend-select`,
`--ignore`, per-file ignores, `--fail-on`, `--strict`, `--exit-zero` and `--statistics`.

Unit tests of `filters.expand`, `Selection.build`/`keeps` and `engine.exit_status`, and the
same behaviour through the command line with exact output.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from conftest import run_cli

from mtg_typeline import findings
from mtg_typeline.checks import CHECKS
from mtg_typeline.engine import exit_status
from mtg_typeline.errors import ExitStatus, UsageError
from mtg_typeline.filters import Selection, expand
from mtg_typeline.findings import Finding, Fix, Severity, Span

# Variables that change how rich decides on colour; each run starts without them.

ALL_CODES = frozenset(c.code for c in CHECKS)
DEFAULT_CODES = frozenset(c.code for c in CHECKS if c.default)
INPUT_CODES = frozenset({"TL901", "TL902", "TL905", "TL908", "TL909"})
SUBTYPE_CODES = frozenset(c.code for c in CHECKS if c.code.startswith("TL3"))

CLEAN = "Creature — Elf Warrior\n"
INFO = "Emblem\n"  # TL207, info
WARNING = "Creature - Elf\n"  # TL101, warning
ERROR = "Creature — Forest\n"  # TL304, error
# TL101 (warning), TL304 (error), TL103 (warning), TL307 (warning), TL207 (info)
MIXED = "Creature - Elf\nCreature — Forest\ncreature — Elf\nCreature — Elf Elf\nEmblem\n"


def codes_of(result: Result) -> list[tuple[int, str]]:
    """(line, code) of each finding in a `--format json` run."""
    return [(f["line"], f["code"]) for f in json.loads(result.stdout)["findings"]]


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test runs in an empty directory, so no configuration file is found."""
    monkeypatch.chdir(tmp_path)


def finding(
    code: str, path: str = "cards.txt", severity: Severity | None = None, fix: bool = False
) -> Finding:
    check = next(c for c in CHECKS if c.code == code)
    return Finding(
        code=code,
        name=check.name,
        severity=severity or check.severity,
        message="m",
        rules=(),
        type_line="Creature - Elf",
        column=1,
        end_column=2,
        fix=Fix(Span(0, 1), "C") if fix else None,
        path=path,
    )


# expand


@pytest.mark.parametrize(
    ("selectors", "expected"),
    [
        (["TL301"], {"TL301"}),
        (["tl301"], {"TL301"}),
        ([" TL301 "], {"TL301"}),
        (["unknown-subtype"], {"TL302"}),
        (["Unknown-Subtype"], {"TL302"}),
        (["TL3"], set(SUBTYPE_CODES)),
        (["TL30"], set(SUBTYPE_CODES)),
        (["tl3"], set(SUBTYPE_CODES)),
        (["TL90"], {"TL901", "TL902", "TL903", "TL904", "TL905", "TL906", "TL907", "TL908", "TL909"}),
        (["TL3", "dash-form", "TL207"], set(SUBTYPE_CODES) | {"TL101", "TL207"}),
        (["TL301", "TL301"], {"TL301"}),
        (["ALL"], set(ALL_CODES)),
        (["all"], set(ALL_CODES)),
        (["TL"], set(ALL_CODES)),
        ([], set()),
    ],
)
def test_expand(selectors: list[str], expected: set[str]) -> None:
    assert expand(selectors) == frozenset(expected)


def test_subtype_prefix_names_every_subtype_code() -> None:
    assert {f"TL30{n}" for n in range(1, 9)} == SUBTYPE_CODES


@pytest.mark.parametrize("selector", ["TL999", "TL4", "T", "E501"])
def test_expand_rejects_an_unknown_selector(selector: str) -> None:
    with pytest.raises(UsageError) as caught:
        expand(["TL301", selector])
    assert str(caught.value) == (
        f"--select: {selector!r} is no code, code prefix or name (see `typeline codes`)"
    )


def test_expand_names_the_option_in_its_error() -> None:
    with pytest.raises(UsageError, match=r"^--ignore: 'nope' "):
        expand(["nope"], "--ignore")


# Selection.build


def _finding(code: str, path: str = "cards.txt") -> Finding:
    return Finding(code, "name", Severity.ERROR, "message", (), "Creature", 1, 2, path=path)


def test_default_selection_is_every_default_code_but_not_tl904() -> None:
    selection = Selection.build()
    kept = {check.code for check in CHECKS if selection.keeps(_finding(check.code))}
    assert kept == DEFAULT_CODES | INPUT_CODES
    assert "TL904" not in kept
    assert "TL903" in kept
    assert dict(selection.per_file) == {}


def test_codes_known_without_the_registry_agree_with_it() -> None:
    assert {check.code for check in CHECKS if not check.default} == findings.DEFAULT_OFF
    assert findings.INPUT_CODES == INPUT_CODES
    names = {check.code: check.name for check in CHECKS}
    known = (findings.UNREADABLE, findings.NOT_TEXT, findings.LINE_TOO_LONG, findings.UNUSED_SUPPRESSION)
    for code, name in known:
        assert names[code] == name


def test_select_replaces_the_default() -> None:
    assert Selection.build(select=["TL3"]).codes == SUBTYPE_CODES | INPUT_CODES


def test_empty_select_keeps_only_input_problems() -> None:
    assert Selection.build(select=[]).codes == INPUT_CODES


def test_extend_select_adds_to_the_default() -> None:
    assert Selection.build(extend_select=["TL904"]).codes == DEFAULT_CODES | INPUT_CODES | {"TL904"}


def test_extend_select_adds_to_select() -> None:
    codes = Selection.build(select=["TL101"], extend_select=["unused-suppression"]).codes
    assert codes == {"TL101", "TL904"} | INPUT_CODES


def test_ignore_removes_codes() -> None:
    codes = Selection.build(ignore=["TL1", "unknown-subtype"]).codes
    assert codes == (DEFAULT_CODES | INPUT_CODES) - {c for c in ALL_CODES if c.startswith("TL1")} - {"TL302"}


def test_ignore_beats_select() -> None:
    assert Selection.build(select=["TL101", "TL304"], ignore=["TL101"]).codes == {"TL304"} | INPUT_CODES


def test_ignore_beats_extend_select() -> None:
    assert "TL904" not in Selection.build(extend_select=["TL904"], ignore=["TL9"]).codes


def test_input_problems_cannot_be_ignored() -> None:
    assert Selection.build(ignore=["ALL"]).codes == INPUT_CODES


@pytest.mark.parametrize(
    ("kwargs", "option"),
    [
        ({"select": ["TL999"]}, "--select"),
        ({"extend_select": ["TL999"]}, "--extend-select"),
        ({"ignore": ["TL999"]}, "--ignore"),
        ({"per_file_ignores": {"*.txt": ["TL999"]}}, "per-file-ignores '*.txt'"),
    ],
)
def test_build_rejects_unknown_selectors(kwargs: dict[str, Any], option: str) -> None:
    with pytest.raises(UsageError) as caught:
        Selection.build(**kwargs)
    assert str(caught.value).startswith(f"{option}: 'TL999' is no code")


def test_per_file_ignores_are_expanded() -> None:
    selection = Selection.build(per_file_ignores={"old/*.txt": ["TL1", "unknown-subtype"]})
    assert dict(selection.per_file) == {
        "old/*.txt": frozenset({c for c in ALL_CODES if c.startswith("TL1")} | {"TL302"})
    }


# Selection.keeps


def test_keeps_the_selected_codes_only() -> None:
    selection = Selection.build(select=["TL101"])
    assert selection.keeps(finding("TL101"))
    assert not selection.keeps(finding("TL304"))
    assert not selection.keeps(finding("TL904"))


@pytest.mark.parametrize("code", sorted(INPUT_CODES))
def test_keeps_input_problems_whatever_is_selected(code: str) -> None:
    selection = Selection.build(select=["TL101"], ignore=["TL9"], per_file_ignores={"*": ["TL9"]})
    assert selection.keeps(finding(code))


@pytest.mark.parametrize(
    ("glob", "path", "ignored"),
    [
        ("*.txt", "cards.txt", True),
        ("*.txt", "sets/old/cards.txt", True),
        ("*.csv", "cards.txt", False),
        ("cards.txt", "cards.txt", True),
        ("cards.txt", "sets/cards.txt", True),
        ("old/*.txt", "old/cards.txt", True),
        ("old/*.txt", "./old/cards.txt", True),
        ("old/*.txt", "sets/old/cards.txt", True),
        ("old/*.txt", "/abs/sets/old/cards.txt", True),
        ("old/*.txt", "new/cards.txt", False),
        ("old/*.txt", "cards.txt", False),
        ("sets/*/cards.txt", "sets/old/cards.txt", True),
        ("**/old/*.txt", "sets/old/cards.txt", True),
        ("old/**/*.txt", "old/deep/er/cards.txt", True),
        ("old/**/*.txt", "old/cards.txt", True),  # `**` stands for any number of folders, none too
    ],
)
def test_per_file_ignores_match_paths(glob: str, path: str, ignored: bool) -> None:
    selection = Selection.build(per_file_ignores={glob: ["TL101"]})
    assert selection.keeps(finding("TL101", path)) is not ignored
    assert selection.keeps(finding("TL304", path))  # only the codes named for the glob


def test_per_file_ignores_of_several_globs() -> None:
    selection = Selection.build(per_file_ignores={"a/*": ["TL101"], "b/*": ["TL304"]})
    assert not selection.keeps(finding("TL101", "a/x.txt"))
    assert selection.keeps(finding("TL304", "a/x.txt"))
    assert selection.keeps(finding("TL101", "b/x.txt"))
    assert not selection.keeps(finding("TL304", "b/x.txt"))


def test_per_file_ignores_do_not_apply_to_standard_input_unless_matched() -> None:
    selection = Selection.build(per_file_ignores={"*.txt": ["TL101"]})
    assert selection.keeps(finding("TL101", "-"))


# --select, --extend-select, --ignore on the command line


def test_everything_default_is_reported() -> None:
    result = run_cli(["check", "--format", "json", "-"], MIXED)
    assert codes_of(result) == [(1, "TL101"), (2, "TL304"), (3, "TL103"), (4, "TL307"), (5, "TL207")]


@pytest.mark.parametrize(
    "args",
    [
        ["--select", "TL101"],
        ["--select", "dash-form"],
        ["--select", "tl101"],
        ["--select", "TL10", "--ignore", "TL102,TL103,TL104,TL105,TL106"],
        ["--select", "TL101,TL304", "--ignore", "TL304"],
        ["--select", "TL1", "--ignore", "word-case"],
    ],
)
def test_select_one_code(args: list[str]) -> None:
    result = run_cli(["check", "--format", "json", *args, "-"], MIXED)
    assert codes_of(result) == [(1, "TL101")]
    assert result.exit_code == 0


@pytest.mark.parametrize(
    "args",
    [
        ["--select", "TL101,TL304,TL207"],
        ["--select", "TL101, TL304 ,emblem"],
        ["--select", "TL101", "--select", "TL304", "--select", "emblem"],
        ["--select", "TL101,TL304", "--extend-select", "TL207"],
        ["--select", "dash-form", "--select", "subtype-type-mismatch,TL2"],
        ["--ignore", "TL103,TL307"],
        ["--ignore", "word-case", "--ignore", "duplicate-subtype"],
        ["--select", "TL101,,TL304,TL207"],
    ],
)
def test_select_several_codes(args: list[str]) -> None:
    result = run_cli(["check", "--format", "json", *args, "-"], MIXED)
    assert codes_of(result) == [(1, "TL101"), (2, "TL304"), (5, "TL207")]


def test_ignore_a_prefix() -> None:
    result = run_cli(["check", "--format", "json", "--ignore", "TL3", "-"], MIXED)
    assert codes_of(result) == [(1, "TL101"), (3, "TL103"), (5, "TL207")]
    assert result.exit_code == 0  # the one error (TL304) was ignored


def test_select_changes_the_summary_and_exit_status() -> None:
    result = run_cli(["check", "--no-color", "--select", "TL207", "-"], MIXED)
    assert result.exit_code == 0
    assert result.stdout.endswith("Found 1 info in 5 type lines in 1 file.\n")


@pytest.mark.parametrize("option", ["--select", "--extend-select", "--ignore"])
@pytest.mark.parametrize("selector", ["TL999", "no-such-check"])
def test_unknown_selector_is_a_usage_error(option: str, selector: str) -> None:
    result = run_cli(["check", option, f"TL101,{selector}", "-"], MIXED)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"typeline: error: {option}: '{selector}' is no code, code prefix or name (see `typeline codes`)\n"
    )


@pytest.mark.parametrize(
    "args", [["--select", "TL1"], ["--ignore", "TL9,unreadable-input"], ["--select", "TL904"]]
)
def test_unreadable_input_is_always_reported(args: list[str]) -> None:
    result = run_cli(["check", "--format", "json", *args, "missing.txt"])
    assert result.exit_code == 2
    assert codes_of(result) == [(1, "TL901")]


def test_not_text_is_always_reported(tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_bytes(b"Creature \xff Elf\n")
    result = run_cli(["check", "--format", "json", "--ignore", "ALL", "bad.txt"])
    assert result.exit_code == 2
    assert codes_of(result) == [(1, "TL902")]


def test_tl904_is_off_by_default_and_on_when_selected_by_prefix() -> None:
    line = "Creature — Elf  # typeline: ignore\n"
    assert codes_of(run_cli(["check", "--format", "json", "-"], line)) == []
    assert codes_of(run_cli(["check", "--format", "json", "--extend-select", "TL9", "-"], line)) == [
        (1, "TL904")
    ]
    assert codes_of(run_cli(["check", "--format", "json", "--select", "ALL", "-"], line)) == [(1, "TL904")]


# exit_status


def test_exit_status_unit() -> None:
    warning, error, info = finding("TL101"), finding("TL304"), finding("TL207")
    assert exit_status([]) == ExitStatus.OK
    assert exit_status([warning, info]) == ExitStatus.OK
    assert exit_status([error]) == ExitStatus.FINDINGS
    assert exit_status([warning], "warning") == ExitStatus.FINDINGS
    assert exit_status([info], "warning") == ExitStatus.OK
    assert exit_status([info], "info") == ExitStatus.FINDINGS
    assert exit_status([error], exit_zero=True) == ExitStatus.OK
    assert exit_status([info], "info", exit_zero=True) == ExitStatus.OK


@pytest.mark.parametrize("code", sorted(INPUT_CODES))
def test_exit_status_is_2_for_input_problems_even_with_exit_zero(code: str) -> None:
    assert exit_status([finding(code)]) == ExitStatus.TROUBLE
    assert exit_status([finding("TL304"), finding(code)], "info") == ExitStatus.TROUBLE
    assert exit_status([finding(code)], exit_zero=True) == ExitStatus.TROUBLE


def test_line_too_long_is_an_ordinary_error() -> None:
    assert exit_status([finding("TL903")]) == ExitStatus.FINDINGS
    assert exit_status([finding("TL903")], exit_zero=True) == ExitStatus.OK


# --fail-on, --strict, --exit-zero through the command line

INPUTS = {"clean": CLEAN, "info": INFO, "warning": WARNING, "error": ERROR}


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        # statuses for clean, info, warning, error input
        ([], (0, 0, 0, 1)),
        (["--fail-on", "error"], (0, 0, 0, 1)),
        (["--fail-on", "warning"], (0, 0, 1, 1)),
        (["--fail-on", "info"], (0, 1, 1, 1)),
        (["--strict"], (0, 0, 1, 1)),
        (["--strict", "--fail-on", "info"], (0, 1, 1, 1)),
        (["--strict", "--fail-on", "error"], (0, 0, 0, 1)),
        (["--fail-on", "error", "--strict"], (0, 0, 0, 1)),
        (["--exit-zero"], (0, 0, 0, 0)),
        (["--exit-zero", "--fail-on", "info"], (0, 0, 0, 0)),
        (["--exit-zero", "--strict"], (0, 0, 0, 0)),
        (["--exit-zero", "--statistics"], (0, 0, 0, 0)),
        (["--statistics"], (0, 0, 0, 1)),
        (["--statistics", "--fail-on", "info"], (0, 1, 1, 1)),
        (["--ignore", "TL304"], (0, 0, 0, 0)),
        (["--select", "TL304", "--fail-on", "info"], (0, 0, 0, 1)),
    ],
)
def test_exit_status(args: list[str], expected: tuple[int, int, int, int]) -> None:
    statuses = tuple(run_cli(["check", "-q", *args, "-"], text).exit_code for text in INPUTS.values())
    assert statuses == expected


@pytest.mark.parametrize(
    "args", [[], ["--exit-zero"], ["--exit-zero", "--fail-on", "info"], ["--statistics"]]
)
def test_unreadable_input_exits_2_whatever_else(tmp_path: Path, args: list[str]) -> None:
    (tmp_path / "cards.txt").write_text(ERROR, encoding="utf-8")
    result = run_cli(["check", "-q", *args, "cards.txt", "missing.txt"])
    assert result.exit_code == 2


def test_exit_zero_still_exits_2_for_a_usage_error() -> None:
    result = run_cli(["check", "--exit-zero", "--select", "TL999", "-"], ERROR)
    assert result.exit_code == 2


def test_bad_fail_on_is_a_usage_error() -> None:
    result = run_cli(["check", "--fail-on", "never", "-"], ERROR)
    assert result.exit_code == 2
    assert "'never' is not one of 'error', 'warning', 'info'" in result.stderr


def test_exit_zero_still_prints_the_findings() -> None:
    plain = run_cli(["check", "--no-color", "-"], ERROR)
    zero = run_cli(["check", "--no-color", "--exit-zero", "-"], ERROR)
    assert (plain.exit_code, zero.exit_code) == (1, 0)
    assert zero.stdout == plain.stdout
    assert zero.stdout.endswith("Found 1 error in 1 type line in 1 file.\n")


# --statistics

STATISTICS_TEXT = """\
2  TL304  subtype-type-mismatch  error
1  TL101  dash-form              warning [*]
1  TL103  word-case              warning [*]
1  TL207  emblem                 info
1  TL307  duplicate-subtype      warning [*]
6  in all
"""

STATISTICS_JSON = [
    {"code": "TL304", "name": "subtype-type-mismatch", "severity": "error", "count": 2, "fixable": False},
    {"code": "TL101", "name": "dash-form", "severity": "warning", "count": 1, "fixable": True},
    {"code": "TL103", "name": "word-case", "severity": "warning", "count": 1, "fixable": True},
    {"code": "TL207", "name": "emblem", "severity": "info", "count": 1, "fixable": False},
    {"code": "TL307", "name": "duplicate-subtype", "severity": "warning", "count": 1, "fixable": True},
]


def test_statistics_text_is_exact() -> None:
    result = run_cli(["check", "--statistics", "-"], MIXED + ERROR)
    assert result.exit_code == 1
    assert result.stdout == STATISTICS_TEXT
    assert result.stderr == ""


def test_statistics_text_is_the_same_quiet_or_not_and_without_colour() -> None:
    assert run_cli(["check", "--statistics", "-q", "-"], MIXED + ERROR).stdout == STATISTICS_TEXT
    assert run_cli(["check", "--statistics", "--color", "-"], MIXED + ERROR).stdout == STATISTICS_TEXT


def test_statistics_json_is_exact() -> None:
    result = run_cli(["check", "--statistics", "--format", "json", "-"], MIXED + ERROR)
    assert result.exit_code == 1
    assert json.loads(result.stdout) == STATISTICS_JSON
    assert result.stdout == json.dumps(STATISTICS_JSON, ensure_ascii=False, indent=2) + "\n"


def test_statistics_json_key_order() -> None:
    result = run_cli(["check", "--statistics", "--format", "json", "-"], ERROR)
    assert [list(row) for row in json.loads(result.stdout)] == [
        ["code", "name", "severity", "count", "fixable"]
    ]


def test_statistics_of_clean_input() -> None:
    assert run_cli(["check", "--statistics", "-"], CLEAN).stdout == ""
    assert run_cli(["check", "--statistics", "--format", "json", "-"], CLEAN).stdout == "[]\n"


def test_statistics_mark_only_codes_safely_fixable_every_time() -> None:
    # "Elff" has one candidate (an unsafe fix, a guess): TL302 is never marked
    result = run_cli(["check", "--statistics", "-"], "Creature — Elff\nCreature — Xyzzyq\n")
    assert result.stdout == "2  TL302  unknown-subtype  error\n2  in all\n"
    result = run_cli(["check", "--statistics", "-"], "Creature — Elff\n")
    assert result.stdout == "1  TL302  unknown-subtype  error\n1  in all\n"
    # a dash in the wrong form has a safe fix every time; a misplaced supertype only when
    # the words around it are all types
    result = run_cli(["check", "--statistics", "-"], "Creature - Elf\nCreature -- Elf\n")
    assert result.stdout == "2  TL101  dash-form  warning [*]\n2  in all\n"


def test_statistics_aligns_counts_and_names() -> None:
    result = run_cli(["check", "--statistics", "-"], WARNING * 12 + ERROR)
    assert result.stdout == (
        "12  TL101  dash-form              warning [*]\n 1  TL304  subtype-type-mismatch  error\n13  in all\n"
    )


def test_statistics_follow_the_selection() -> None:
    result = run_cli(["check", "--statistics", "--select", "TL1", "--ignore", "TL103", "-"], MIXED)
    assert result.stdout == "1  TL101  dash-form  warning [*]\n1  in all\n"
    assert result.exit_code == 0


def test_statistics_count_unreadable_inputs(tmp_path: Path) -> None:
    (tmp_path / "cards.txt").write_text(WARNING, encoding="utf-8")
    result = run_cli(["check", "--statistics", "cards.txt", "missing.txt"])
    assert result.stdout == (
        "1  TL101  dash-form         warning [*]\n1  TL901  unreadable-input  error\n2  in all\n"
    )
    assert result.exit_code == 2


def test_statistics_count_over_several_files(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(WARNING + ERROR, encoding="utf-8")
    (tmp_path / "b.txt").write_text(WARNING, encoding="utf-8")
    result = run_cli(["check", "--statistics", "--format", "json", "a.txt", "b.txt"])
    assert json.loads(result.stdout) == [
        {"code": "TL101", "name": "dash-form", "severity": "warning", "count": 2, "fixable": True},
        {"code": "TL304", "name": "subtype-type-mismatch", "severity": "error", "count": 1, "fixable": False},
    ]


def test_statistics_output_is_deterministic() -> None:
    first = run_cli(["check", "--statistics", "-"], MIXED * 3)
    second = run_cli(["check", "--statistics", "-"], MIXED * 3)
    assert first.stdout == second.stdout
