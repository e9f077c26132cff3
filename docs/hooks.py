"""The MkDocs hook that makes one page a code, `codes/TL302.md` and so on, when the site is
built: what `typeline explain CODE` prints, as Markdown (the `help` SARIF gives a code scanning
alert), so the pages can't fall behind the checks. mkdocs.yml names this file under `hooks:`.
"""

from __future__ import annotations

from typing import Any

from mkdocs.structure.files import File, Files

from mtg_typeline.checks import CHECKS, Check
from mtg_typeline.checks.docs import describe
from mtg_typeline.reporters.sarif_rules import help_markdown
from mtg_typeline.ruleset import RuleSet, load_rules


def code_page(check: Check, rules: RuleSet) -> str:
    """The page of one code: its code and name as the title, then `explain` as Markdown."""
    body = help_markdown(check, describe(check, rules), rules)
    return f"# {check.code} {check.name}\n\n{body}\n"


def on_files(files: Files, config: Any) -> Files:
    rules = load_rules()
    for check in CHECKS:
        files.append(File.generated(config, f"codes/{check.code}.md", content=code_page(check, rules)))
    return files
