"""Refresh the examples of README.md and the pages in docs/: run every `$ typeline …`
command shown in a ```console block and write its real output under it, and rebuild the
table of codes (docs/codes.md).

    python tests/update_docs.py          # rewrite README.md and docs/*.md in place
    python tests/update_docs.py --check  # exit 1 if one of them is out of date

tests/project/test_docs.py holds them to the same outputs.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
CODES_START = "<!-- codes:start -->"
CODES_END = "<!-- codes:end -->"


def run(command: str) -> str:
    """The output (stdout and stderr, as a terminal shows them) of a documented command."""
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    env.pop("NO_COLOR", None)
    env.pop("FORCE_COLOR", None)
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
        check=False,
    )
    return done.stdout.rstrip("\n")


def refresh_block(lines: list[str]) -> list[str]:
    """A console block with each `$ typeline` command followed by its current output."""
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        out.append(line)
        index += 1
        if not line.startswith("$ typeline"):
            continue
        command = line[2:]
        while command.endswith("\\") and index < len(lines):  # continued on the next line
            out.append(lines[index])
            command = command[:-1] + " " + lines[index]
            index += 1
        while index < len(lines) and not lines[index].startswith("$ "):
            index += 1  # the old output
        out.extend(run(command).splitlines())
    return out


def refresh(text: str) -> str:
    lines = text.split("\n")
    result: list[str] = []
    block: list[str] | None = None
    for line in lines:
        if block is None:
            result.append(line)
            if line.strip() == "```console":
                block = []
        elif line.strip() == "```":
            result.extend(refresh_block(block))
            result.append(line)
            block = None
        else:
            block.append(line)
    return codes_table("\n".join(result))


def codes_table(text: str) -> str:
    """The table between the codes markers, one row a code linked to its page (docs/hooks.py
    makes the pages)."""
    if CODES_START not in text:
        return text
    rows = [
        "| code | name | severity | fix | rules | what it finds |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for check in json.loads(run("typeline codes --format json")):
        rules = ", ".join(check["rules"]) or "-"
        summary = check["summary"].replace("|", "\\|")
        fix = check["fix"] or "-"
        rows.append(
            f"| [{check['code']}](codes/{check['code']}.md) | {check['name']} | {check['severity']} "
            f"| {fix} | {rules} | {summary} |"
        )
    pattern = re.compile(re.escape(CODES_START) + ".*?" + re.escape(CODES_END), re.S)
    return pattern.sub(lambda _: "\n".join([CODES_START, *rows, CODES_END]), text)


def pages() -> list[Path]:
    """README.md and every Markdown page of docs/."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def main() -> int:
    stale = 0
    for page in pages():
        old = page.read_text(encoding="utf-8")
        new = refresh(old)
        if new == old:
            continue
        stale += 1
        if "--check" in sys.argv[1:]:
            print(f"{page.relative_to(ROOT)} is out of date", file=sys.stderr)
        else:
            page.write_text(new, encoding="utf-8")
    return 1 if stale and "--check" in sys.argv[1:] else 0


if __name__ == "__main__":
    sys.exit(main())
