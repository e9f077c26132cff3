"""The benchmark inputs, built from the real corpus and cached under bench/out/.

Each input file is rebuilt only when it is missing or when what it is built from changed: the
corpus file, the rule file (for the distinct lines) and the construction parameters. A
manifest (bench/out/inputs.json) records, per file, a key over all three and a few facts
about the file (line count, distinct lines, lines built to be invalid).
"""

from __future__ import annotations

import csv
import hashlib
import json
import random
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import carddata

DASH = " \u2014 "
FACES = " // "
GENERATOR = 4  # bump when a construction below changes
SEED = 20260925
# The kinds whose lines the corpus marks `noncr` when invalid under the newest edition; the
# lines of these kinds without the flags below are valid under it (see the corpus README).
VALID_KINDS = frozenset(
    {"card", "plane", "scheme", "phenomenon", "vanguard", "conspiracy", "dungeon", "token"}
)
NOT_VALID_FLAGS = frozenset({"joke", "noncr", "preview"})
ONE_LINE = "Creature \u2014 Goblin"


@dataclass(frozen=True)
class Input:
    """One generated input file and the facts the report needs about it."""

    path: Path
    lines: int
    distinct: int
    built_invalid: int | None  # lines built to be invalid; None where not known by construction


@dataclass(frozen=True)
class Sources:
    corpus: Path
    rules: Path
    out: Path


def read_corpus(corpus: Path) -> list[dict[str, str]]:
    with corpus.open(encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream, delimiter="\t", quoting=csv.QUOTE_NONE))


def is_valid_row(row: dict[str, str]) -> bool:
    """True for a corpus line that is valid under the newest edition, per the corpus flags."""
    flags = set(row["flags"].split(","))
    return row["kind"] in VALID_KINDS and not flags & NOT_VALID_FLAGS


def sample_lines(lines: list[str], count: int, seed: int) -> list[str]:
    """`count` lines drawn uniformly, with replacement, from the distinct corpus lines."""
    return random.Random(seed).choices(lines, k=count)


def creature_bases(valid: list[str]) -> list[str]:
    """Valid one-face lines whose card types take creature types (Creature or Kindred)."""
    bases = []
    for line in valid:
        head = line.partition(DASH)[0].split(" ")
        if FACES not in line and ("Creature" in head or "Kindred" in head):
            bases.append(line)
    return bases


def distinct_lines(
    valid: list[str], rule_data: dict[str, Any], count: int, invalid_share: float, seed: int
) -> tuple[list[str], int]:
    """`count` different lines: a valid creature line plus 1-3 creature types it lacks.

    A share of them (`invalid_share`) get one appended type misspelt, which makes them
    invalid (an unknown subtype). Returns the lines and how many were made invalid.
    """
    rng = random.Random(seed)
    bases = creature_bases(valid)
    pool = sorted(e for e in rule_data["subtypes"]["creature"]["entries"] if " " not in e)
    known = {w.casefold() for w in _all_words(rule_data)}
    invalid_at = set(rng.sample(range(count), round(count * invalid_share)))
    seen: set[str] = set()
    lines: list[str] = []
    while len(lines) < count:
        base = rng.choice(bases)
        head, dash, tail = base.partition(DASH)
        had = {_plain_apostrophe(w) for w in tail.split(" ")}  # (Shi'ar and Shi’ar are one type)
        extra = [w for w in rng.sample(pool, rng.randint(1, 3)) if _plain_apostrophe(w) not in had]
        if not extra:
            continue
        if len(lines) in invalid_at:
            if len(extra[-1]) < 4:
                continue
            extra[-1] = _typo(extra[-1], known, rng)
        line = f"{base} {' '.join(extra)}" if dash else f"{head}{DASH}{' '.join(extra)}"
        if line not in seen:
            seen.add(line)
            lines.append(line)
    return lines, len(invalid_at)


def _plain_apostrophe(word: str) -> str:
    return word.replace("\u2019", "'")


def _all_words(rule_data: dict[str, Any]) -> set[str]:
    words = set(rule_data["card_types"]["entries"]) | set(rule_data["supertypes"]["entries"])
    for sublist in rule_data["subtypes"].values():
        for entry in sublist["entries"]:
            words.update(entry.split(" "))
    return words


def _typo(word: str, known: set[str], rng: random.Random) -> str:
    """`word` (4 letters or more) with one letter dropped or two swapped (never the first)
    such that no list holds the result in any case."""
    while True:
        at = rng.randrange(1, len(word))
        if rng.random() < 0.5 or at == len(word) - 1:
            typo = word[:at] + word[at + 1 :]
        else:
            typo = word[:at] + word[at + 1] + word[at] + word[at + 2 :]
        if typo != word and typo.casefold() not in known:
            return typo


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_inputs(
    sources: Sources, real_count: int, distinct_count: int, invalid_share: float, cards: int = 100_000
) -> dict[str, Input]:
    """Every input file, reusing those whose manifest key still matches."""
    sources.out.mkdir(parents=True, exist_ok=True)
    manifest_path = sources.out / "inputs.json"
    manifest: dict[str, Any] = {}
    if manifest_path.exists():
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    corpus_sha, rules_sha = digest(sources.corpus), digest(sources.rules)
    rows: list[dict[str, str]] | None = None
    specs: dict[str, tuple[str, dict[str, Any]]] = {
        "real-valid": (f"real-valid-{real_count}.txt", {"count": real_count, "corpus": corpus_sha}),
        "real-all": (f"real-all-{real_count}.txt", {"count": real_count, "corpus": corpus_sha}),
        "distinct-valid": (
            f"distinct-valid-{distinct_count}.txt",
            {"count": distinct_count, "corpus": corpus_sha, "rules": rules_sha, "bad": 0.0},
        ),
        "distinct": (
            f"distinct-{distinct_count}.txt",
            {"count": distinct_count, "corpus": corpus_sha, "rules": rules_sha, "bad": invalid_share},
        ),
        "one-line": ("one-line.txt", {"line": ONE_LINE}),
        "mtgjson": (f"mtgjson-{cards}.json", {"count": cards, "corpus": corpus_sha, "rules": rules_sha}),
        "csv": (f"cards-{real_count}.csv", {"count": real_count, "corpus": corpus_sha}),
        "jsonl": (f"cards-{cards}.jsonl", {"count": cards, "corpus": corpus_sha, "rules": rules_sha}),
    }
    inputs: dict[str, Input] = {}
    for name, (filename, params) in specs.items():
        path = sources.out / filename
        key = _key(name, params)
        entry = manifest.get(filename)
        if not (path.exists() and entry and entry["key"] == key):
            rows = rows if rows is not None else read_corpus(sources.corpus)
            lines, invalid = _make(name, rows, sources.rules, params, invalid_share)
            path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
            facts = Input(path, len(lines), len(set(lines)), invalid)
            entry = manifest[filename] = {"key": key, **asdict(facts), "path": str(path)}
        inputs[name] = Input(path, entry["lines"], entry["distinct"], entry["built_invalid"])
    manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return inputs


def _key(name: str, params: dict[str, Any]) -> str:
    blob = json.dumps({"name": name, "generator": GENERATOR, "seed": SEED, **params}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()


def _make(
    name: str, rows: list[dict[str, str]], rules: Path, params: dict[str, Any], invalid_share: float
) -> tuple[list[str], int | None]:
    valid = [row["type_line"] for row in rows if is_valid_row(row)]
    if name == "real-valid":
        return sample_lines(valid, params["count"], SEED), 0
    if name == "real-all":
        return sample_lines([row["type_line"] for row in rows], params["count"], SEED), None
    if name == "csv":
        return carddata.csv_lines(valid, params["count"], SEED), 0
    if name.startswith("distinct") or name in ("mtgjson", "jsonl"):
        import yaml  # the venv has it (a dependency of the package); only these inputs need it

        rule_data = yaml.safe_load(rules.read_text(encoding="utf-8"))
        cards = {"mtgjson": carddata.mtgjson_lines, "jsonl": carddata.json_lines}.get(name)
        if cards is not None:
            return cards(valid, rule_data, params["count"], SEED), 0
        return distinct_lines(valid, rule_data, params["count"], params["bad"], SEED)
    return [ONE_LINE], 0
