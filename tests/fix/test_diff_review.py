"""`--diff` that can be reviewed: a card file whose changed lines are long (a one-line JSON
set) shows one hunk per changed value with its card, not the whole line; a pretty-printed
one keeps the unified diff; `--format json` and `json-lines` give the edits as data; the
formats that can't show a diff are a usage error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

from mtg_typeline.fix.review import LONG_LINE


def cards(count: int = 30) -> list[dict[str, str]]:
    made = [{"name": f"Card {n}", "type": "Creature — Elf", "text": "x" * 100} for n in range(count)]
    made[5]["type"] = "Creature - Clamfolk"
    made[20]["type"] = "creature — Elf"
    return made


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_one_line_card_file_shows_one_hunk_per_value_with_its_card(tmp_path: Path) -> None:
    text = json.dumps(cards(), ensure_ascii=False)
    path = write(tmp_path, "set.json", text)
    result = run_cli(["check", "--diff", str(path)])
    assert result.exit_code == 1
    first, second = text.index("Creature - Clamfolk") + 1, text.index("creature — Elf") + 1
    assert result.stdout == (
        f"--- {path}\n+++ {path}\n"
        f"@@ {path}:1:{first} @@ Card 5\n"
        '-"type": "Creature - Clamfolk"\n+"type": "Creature — Clamfolk"\n'
        f"@@ {path}:1:{second} @@ Card 20\n"
        '-"type": "creature — Elf"\n+"type": "Creature — Elf"\n'
    )
    assert len(text) > LONG_LINE
    assert path.read_text(encoding="utf-8") == text  # --diff changes nothing


def test_a_pretty_printed_card_file_keeps_the_unified_diff(tmp_path: Path) -> None:
    text = json.dumps(cards(), ensure_ascii=False, indent=2)
    path = write(tmp_path, "set.json", text)
    result = run_cli(["check", "--diff", str(path)])
    assert result.exit_code == 1
    assert result.stdout.startswith(f"--- {path}\n+++ {path}\n@@ -26,7 +26,7 @@\n")
    assert '-    "type": "Creature - Clamfolk",\n+    "type": "Creature — Clamfolk",\n' in result.stdout


def test_diff_as_json_gives_the_edits(tmp_path: Path) -> None:
    text = json.dumps(cards(), ensure_ascii=False)
    data = write(tmp_path, "set.json", text)
    lines = write(tmp_path, "lines.txt", "Creature — Elf\nLegendary creature - Elf  # note\n")
    result = run_cli(["check", "--diff", "--format", "json", str(data), str(lines)])
    assert result.exit_code == 1
    first, second = text.index("Creature - Clamfolk") + 1, text.index("creature — Elf") + 1
    assert json.loads(result.stdout) == {
        "edits": [  # card data: the value's text; a text file: the line's changed characters
            {"path": str(data), "line": 1, "column": first, "end_line": 1, "end_column": first + 19,
             "card": "Card 5", "old": "Creature - Clamfolk", "new": "Creature — Clamfolk"},
            {"path": str(data), "line": 1, "column": second, "end_line": 1, "end_column": second + 14,
             "card": "Card 20", "old": "creature — Elf", "new": "Creature — Elf"},
            {"path": str(lines), "line": 2, "column": 11, "end_line": 2, "end_column": 21,
             "card": None, "old": "creature -", "new": "Creature —"},
        ],
        "summary": {"fixes": 4, "files": 2},
    }  # fmt: skip
    assert result.stderr == "Would fix 4 findings in 2 files.\n"


def test_diff_as_json_lines_gives_an_edit_a_line(tmp_path: Path) -> None:
    path = write(tmp_path, "lines.txt", "Creature - Elf\nCreature — Elf\nartifact\n")
    result = run_cli(["check", "--diff", "--format", "json-lines", str(path)])
    assert result.exit_code == 1
    edits = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(e["line"], e["column"], e["old"], e["new"]) for e in edits] == [
        (1, 10, "-", "—"),
        (3, 1, "a", "A"),
    ]


def test_diff_as_json_without_fixes_is_an_empty_list(tmp_path: Path) -> None:
    path = write(tmp_path, "lines.txt", "Creature — Elf\n")
    result = run_cli(["check", "--diff", "--format", "json", str(path)])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"edits": [], "summary": {"fixes": 0, "files": 0}}


@pytest.mark.parametrize("fmt", ["github", "gitlab", "sarif", "junit", "markdown"])
def test_a_format_that_cant_show_a_diff_is_a_usage_error(tmp_path: Path, fmt: str) -> None:
    path = write(tmp_path, "lines.txt", "Creature - Elf\n")
    result = run_cli(["check", "--diff", "--format", fmt, str(path)])
    assert result.exit_code == 2
    assert result.stderr == (
        "typeline: error: --diff prints a diff (text, concise) or the edits as JSON (json, json-lines), "
        f"not {fmt}; use --format text, concise, json, json-lines\n"
    )
    assert path.read_text(encoding="utf-8") == "Creature - Elf\n"


def test_the_auto_format_in_github_actions_shows_the_diff(tmp_path: Path) -> None:
    path = write(tmp_path, "lines.txt", "Creature - Elf\n")
    result = run_cli(["check", "--diff", str(path)], env={"GITHUB_ACTIONS": "true"})
    assert result.exit_code == 1
    assert result.stdout.startswith(f"--- {path}\n+++ {path}\n@@ -1 +1 @@\n")


def test_the_edits_of_a_file_read_with_encoding_are_its_characters(tmp_path: Path) -> None:
    path = tmp_path / "lines.txt"
    path.write_bytes("Café Creature - Elf\n".encode("cp1252"))
    result = run_cli(["check", "--encoding", "cp1252", "--diff", "--format", "json-lines", str(path)])
    assert json.loads(result.stdout) == {
        "path": str(path), "line": 1, "column": 15, "end_line": 1, "end_column": 16,
        "card": None, "old": "-", "new": "—",
    }  # fmt: skip
    unified = run_cli(["check", "--encoding", "cp1252", "--diff", str(path)]).stdout_bytes
    assert b"-Caf\xe9 Creature - Elf\n+Caf\xe9 Creature \x97 Elf\n" in unified  # the file's bytes, for patch
