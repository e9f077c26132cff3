"""The checks as SARIF reporting descriptors: what `typeline explain` knows of each, in the
form GitHub code scanning shows beside an alert.

Each descriptor has the code as `id`, the check's name, its summary (`shortDescription`), the
summary and description (`fullDescription`), `help` as text and as Markdown (description,
fix, the rules cited in the edition checked with their summaries, the docstring's examples),
the default level, `helpUri` (the code's page of the documentation site, when the site has an
address: `DOCS_URL`), and `properties`: the rules cited, `tags`, `precision` and
`problem.severity`, the keys GitHub reads to sort and filter alerts (a flat key, as CodeQL
writes it).

Input problems, the codes that make the exit status 2 (an input that could not be read,
parsed or written: `findings.INPUT_CODES`), are no alert about the cards: SARIF reports them as
tool execution notifications, so their descriptors go to `driver.notifications`; the other
codes are `driver.rules`.
"""

from __future__ import annotations

import re
from typing import Any

from mtg_typeline.checks import CHECKS, Check
from mtg_typeline.checks.docs import FIX_NOTES, describe
from mtg_typeline.findings import INPUT_CODES, Severity
from mtg_typeline.ruleset import RuleSet

LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
# GitHub's severities of problems that are not security problems.
PROBLEM_SEVERITIES = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "recommendation"}
# The address of the published documentation site (mkdocs.yml's `site_url`), under which
# docs/hooks.py makes a page a code (`codes/TL302/`): SARIF's `helpUri` links an alert there.
# None while no site is published, and then reports carry no link; set both together.
DOCS_URL: str | None = None
# What a code's hundreds say (docs/codes.md, "Codes"), as a tag to filter alerts by.
AREAS = {"1": "form", "2": "card-types", "3": "subtypes", "9": "input"}
# What the severities mean (docs/codes.md, "Severities"): an error is about meaning, a warning about form.
KINDS = {Severity.ERROR: "correctness", Severity.WARNING: "style", Severity.INFO: "information"}
# Checks that take a word the edition doesn't list for a mistake: a word newer than the
# edition checked, or a fan set's own, is reported too. Every other check follows from the
# rule data alone.
HIGH_PRECISION = frozenset({"TL201", "TL204", "TL302", "TL306"})
_MARKDOWN = str.maketrans({c: "\\" + c for c in "\\`*_[]<>"})  # what marks up text inside a line


def descriptors(rules: RuleSet) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The reporting descriptors of the rules and of the notifications, in code order."""
    checks = [descriptor(check, rules) for check in CHECKS]
    notifications = [d for d in checks if d["id"] in INPUT_CODES]
    return [d for d in checks if d["id"] not in INPUT_CODES], notifications


def descriptor(check: Check, rules: RuleSet) -> dict[str, Any]:
    info = describe(check, rules)
    description = reflow(info["description"])
    full = f"{check.summary} {description}" if description else check.summary
    properties: dict[str, Any] = {
        "rules": info["rules"],
        "tags": tags(check),
        "precision": "high" if check.code in HIGH_PRECISION else "very-high",
        "problem.severity": PROBLEM_SEVERITIES[check.severity],
    }
    helps = {"text": help_text(full, info["rules"], rules), "markdown": help_markdown(check, info, rules)}
    found: dict[str, Any] = {
        "id": check.code,
        "name": check.name,
        "shortDescription": {"text": check.summary},
        "fullDescription": {"text": full},
        "help": helps,
        "defaultConfiguration": {"enabled": check.default, "level": LEVELS[check.severity]},
        "properties": properties,
    }
    if DOCS_URL:
        found["helpUri"] = f"{DOCS_URL.rstrip('/')}/codes/{check.code}/"
    return found


def tags(check: Check) -> list[str]:
    """What the check is about, what kind of problem, and whether `--fix` fixes it."""
    found = [AREAS[check.code[2]], KINDS[check.severity]]
    return [*found, "fixable"] if check.fix else found


def reflow(text: str) -> str:
    """Docstring paragraphs as single lines, separated by blank lines."""
    paragraphs = (" ".join(part.split()) for part in text.split("\n\n"))
    return "\n\n".join(paragraph for paragraph in paragraphs if paragraph)


def help_text(full: str, cited: list[str], rules: RuleSet) -> str:
    if not cited:
        return full
    lines = [f"{number}  {rules.summary(number)}" for number in cited]
    return f"{full}\n\nRules (edition {rules.edition}):\n" + "\n".join(lines)


def help_markdown(check: Check, info: dict[str, Any], rules: RuleSet) -> str:
    """`typeline explain CODE` as Markdown, from what `describe` tells of the check (the
    docstrings are written in Markdown; rule summaries, which a user's rule file may hold,
    are escaped)."""
    parts = [f"**{check.code} {check.name}** ({info['severity']})", check.summary]
    if description := reflow(info["description"]):
        parts.append(description)
    if check.fix:
        parts.append(FIX_NOTES[check.fix])
    if info["rules"]:
        cited = [f"- **{n}** {rules.summary(n).translate(_MARKDOWN)}" for n in info["rules"]]
        parts.append(f"Rules (edition {rules.edition}):\n\n" + "\n".join(cited))
    if examples := check.examples():
        shown = [f"- {'ok' if label == 'Okay' else 'bad'}: {code_span(text)}" for label, text in examples]
        parts.append(f"Examples (under the {info['examples_edition']} edition):\n\n" + "\n".join(shown))
    parts.append(f"`typeline explain {check.code}` prints this in a terminal.")
    return "\n\n".join(parts)


def code_span(text: str) -> str:
    """`text` as Markdown code, fenced by more backticks than it holds in a row."""
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    padded = f" {text} " if text[:1] == "`" or text[-1:] == "`" else text
    return f"{fence}{padded}{fence}"
