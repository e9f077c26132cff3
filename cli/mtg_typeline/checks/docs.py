"""Documentation of the checks, from their docstrings: `typeline explain` and `typeline codes`."""

from __future__ import annotations

import json
import textwrap
from typing import Any

from mtg_typeline.checks import CHECKS, Check, did_you_mean, find_check
from mtg_typeline.errors import UsageError
from mtg_typeline.ruleset import RuleSet, load_rules, shipped_editions

# A meaning some editions have no rule for, and the rule a check cites there instead (as
# TL304 does at run time: before 2011-09-30, no-gaining follows from the correlation rule).
CITATION_FALLBACKS = {"no-gaining": "correlation"}


def cited_rules(check: Check, rules: RuleSet) -> list[str]:
    """The rule numbers `check` cites in this edition ("list" means every list rule; a meaning
    the edition has no rule for is cited as its fallback, see `CITATION_FALLBACKS`)."""
    numbers: list[str] = []
    for meaning in check.cites:
        if meaning == "card-types":
            numbers.append(rules.card_types_rule)
        elif meaning == "supertypes":
            numbers.append(rules.supertypes_rule)
        elif meaning == "no-subtypes":
            numbers.append(rules.no_subtypes_rule)
        elif meaning == "list":
            numbers.extend(s.rule for s in rules.lists)
        elif meaning == "whole-list":
            numbers.extend(s.rule for s in rules.lists if s.whole)
        else:
            fallback = CITATION_FALLBACKS.get(meaning)
            numbers.extend(rules.cite(meaning) or (rules.cite(fallback) if fallback else ()))
    return [number for number in dict.fromkeys(numbers) if number]  # a custom file's list has none


def describe(check: Check, rules: RuleSet) -> dict[str, Any]:
    lines = textwrap.dedent("\n".join(check.doc.splitlines()[1:])).strip().splitlines()
    body = [line for line in lines if not _is_example(line, check)]
    return {
        "code": check.code,
        "name": check.name,
        "severity": check.severity.value,
        "summary": check.summary,
        "rules": cited_rules(check, rules),
        "description": "\n".join(body).strip(),
        "fix": check.fix,
        # the examples are written for, and tested against, the newest shipped edition
        "examples_edition": shipped_editions()[-1],
        "examples": [
            {"label": label, "type_line": text.replace("${SPACE}", " ").replace("${TAB}", "\t")}
            for label, text in check.examples()
        ],
    }


def _is_example(line: str, check: Check) -> bool:
    label = line.strip().partition(": ")[0]
    return label == "Okay" or label.startswith("TL")


FIX_NOTES = {
    "safe": "Fix: safe; `typeline check --fix` applies it.",
    "unsafe": "Fix: unsafe (a guess); `typeline check --fix --unsafe-fixes` applies it.",
}


def explain_check(code: str, edition: str | None, output_format: str) -> str:
    check = find_check(code)
    if check is None:
        raise UsageError(f"no check is called {code!r}; `typeline codes` lists them{did_you_mean(code)}")
    rules = load_rules(edition)
    info = describe(check, rules)
    if output_format == "json":
        return json.dumps(info, ensure_ascii=False, indent=2) + "\n"
    out = [f"{check.code} {check.name} ({info['severity']})", "", info["summary"]]
    if info["description"]:
        out += ["", info["description"]]
    if check.fix:
        out += ["", FIX_NOTES[check.fix]]
    if info["rules"]:
        out += ["", f"Rules (edition {rules.edition}):"]
        out += [f"  {rule}  {rules.summary(rule)}" for rule in info["rules"]]
    if info["examples"]:
        out += ["", f"Examples (under the {info['examples_edition']} edition):"]
        for label, text in check.examples():  # ${SPACE} and ${TAB} stay readable here
            out.append(f"  {'ok ' if label == 'Okay' else 'bad'}  {text}")
    return "\n".join(out) + "\n"


def list_checks(edition: str | None, output_format: str) -> str:
    rules = load_rules(edition)
    infos = [describe(check, rules) for check in CHECKS]
    if output_format == "json":
        return json.dumps(infos, ensure_ascii=False, indent=2) + "\n"
    every_list = [s.rule for s in rules.lists]
    cited = [", ".join(_compact(i["rules"], every_list)) or "-" for i in infos]
    name_width = max(22, *(len(i["name"]) for i in infos))  # the columns as wide as the longest
    cited_width = max(22, *map(len, cited))
    rows = [
        f"{i['code']}  {i['name']:<{name_width}} {i['severity']:<8} {cites:<{cited_width}} {i['summary']}"
        for i, cites in zip(infos, cited, strict=True)
    ]
    return "\n".join(rows) + "\n"


def _compact(cited: list[str], every_list: list[str]) -> list[str]:
    """Rule numbers with the run of every subtype-list rule written as one range."""
    if len(every_list) < 2 or not set(every_list) <= set(cited):
        return cited
    at = cited.index(every_list[0])
    rest = [r for r in cited if r not in every_list]
    return [*rest[:at], f"{every_list[0]}-{every_list[-1][-1]}", *rest[at:]]
