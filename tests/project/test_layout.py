"""The layout of the package, read from its source with `ast` (nothing is imported): no import
cycle even through imports inside functions, no module importing another's private name, the
readers (`sources/`) reaching neither the checker, the checks, the parser nor the filters, click
imported by the command line (`main/`) alone, about twenty modules at most directly in the
package folder, and an import inside a function only in the files that pyproject.toml's ruff
settings name for it (PLC0415), each of which still has one."""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import ROOT

SOURCE = ROOT / "cli"
PACKAGE = "mtg_typeline"
# What a reader must not reach: readers read, the engine checks and filters what they read.
JUDGES = ("mtg_typeline.checker", "mtg_typeline.checks", "mtg_typeline.parser", "mtg_typeline.filters")


@dataclass(frozen=True)
class Import:
    importer: str
    target: str  # the module imported (a name imported from a package is its module, if one)
    name: str | None  # the name imported from it, for `from … import name`
    local: bool  # inside a function
    typing_only: bool  # under `if TYPE_CHECKING:`
    own: bool = True  # a module of the package (else the standard library or a dependency)


def module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in (SOURCE / PACKAGE).rglob("*.py")}


def within(module: str, *packages: str) -> bool:
    """Whether `module` is one of `packages` or inside one."""
    return any(module == package or module.startswith(f"{package}.") for package in packages)


def owner(name: str) -> str:
    """The module of the package that `name` (a module or a name in one) is, or is in."""
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def imports_of(module: str) -> Iterator[Import]:
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    yield from _walk(module, tree, local=False, typing_only=False)


def _walk(module: str, node: ast.AST, *, local: bool, typing_only: bool) -> Iterator[Import]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import):
            for alias in child.names:
                own = alias.name.split(".")[0] == PACKAGE
                target = owner(alias.name) if own else alias.name
                yield Import(module, target, None, local, typing_only, own)
        elif isinstance(child, ast.ImportFrom):
            assert child.level == 0 and child.module, f"{module}: a relative import"
            own = child.module.split(".")[0] == PACKAGE
            for alias in child.names:
                full = f"{child.module}.{alias.name}"
                target = full if full in MODULES else owner(child.module) if own else child.module
                yield Import(module, target, alias.name, local, typing_only, own)
        else:
            function = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            checking = isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test)
            yield from _walk(module, child, local=local or function, typing_only=typing_only or checking)


ALL = [found for module in sorted(MODULES) for found in imports_of(module)]


def cycles(extra: tuple[Import, ...] = ()) -> list[list[str]]:
    """The groups of modules that import each other, through any import run at any time."""
    graph: dict[str, set[str]] = {module: set() for module in MODULES}
    for found in (*ALL, *extra):
        if found.own and not found.typing_only and found.target != found.importer:
            graph[found.importer].add(found.target)
    reach = {module: _reachable(graph, module) for module in graph}
    groups = {frozenset(m for m in reach[module] if module in reach[m]) for module in graph}
    return sorted(sorted(group) for group in groups if len(group) > 1)


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen = {start}
    stack = [start]
    while stack:
        for target in graph[stack.pop()] - seen:
            seen.add(target)
            stack.append(target)
    return seen


def test_the_package_is_found() -> None:
    """The reading itself: the stages are there, and imports of each kind are seen."""
    stages = ("main", "options", "engine", "discovery", "sources", "parser", "checker", "checks")
    assert {f"{PACKAGE}.{stage}" for stage in (*stages, "filters", "reporters", "fix")} <= set(MODULES)
    assert any(f.importer == "mtg_typeline.ruleset.editions" and f.local for f in ALL)
    assert any(f.importer == "mtg_typeline.main.check" and f.target == "click" for f in ALL)
    assert any(within(f.importer, "mtg_typeline.sources") and f.own and not f.local for f in ALL)


def test_no_import_cycle() -> None:
    assert cycles() == []


def test_no_private_name_is_imported_across_modules() -> None:
    private = [
        f"{f.importer} imports {f.name} from {f.target}"
        for f in ALL
        if f.own and f.name and f.name.startswith("_") and not f.name.startswith("__")
        if f.target != f.importer
    ]
    assert private == []


def test_readers_reach_no_checker_checks_parser_or_filters() -> None:
    reaching = [
        f"{f.importer} imports {f.target}"
        for f in ALL
        if within(f.importer, "mtg_typeline.sources") and f.own and within(f.target, *JUDGES)
    ]
    assert reaching == []


def test_only_the_command_line_imports_click() -> None:
    importers = {f.importer for f in ALL if not f.typing_only and within(f.target, "click")}
    assert importers
    assert sorted(m for m in importers if not within(m, "mtg_typeline.main")) == []


def test_about_twenty_modules_at_most_directly_in_the_package_folder() -> None:
    direct = sorted(path.name for path in (SOURCE / PACKAGE).glob("*.py"))
    assert len(direct) <= 20, direct


def lazy_files() -> set[str]:
    """The files with an import inside a function (of any module, as ruff counts)."""
    return {MODULES[f.importer].relative_to(ROOT).as_posix() for f in ALL if f.local and not f.typing_only}


def ignored_files() -> set[str]:
    """The files of the package that pyproject.toml lets import inside functions (PLC0415)."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    ignores = settings["tool"]["ruff"]["lint"]["per-file-ignores"]
    files = {MODULES[module].relative_to(ROOT).as_posix() for module in MODULES}
    return {path for path, rules in ignores.items() if "PLC0415" in rules and path in files}


@pytest.mark.parametrize("kind", ["lazy", "listed"])
def test_lazy_imports_are_exactly_where_pyproject_says(kind: str) -> None:
    lazy, listed = lazy_files(), ignored_files()
    if kind == "lazy":  # each file importing inside a function is named, as ruff would insist
        assert sorted(lazy - listed) == []
    else:  # and each file named still needs it
        assert sorted(listed - lazy) == []


def test_cycles_are_found() -> None:
    """The cycle finder itself, on two modules made to import each other."""
    back = Import("mtg_typeline.ruleset.model", "mtg_typeline.ruleset.editions", "load_edition", True, False)
    pair = {"mtg_typeline.ruleset.editions", "mtg_typeline.ruleset.model"}
    assert [group for group in cycles() if pair <= set(group)] == []
    assert [group for group in cycles((back,)) if pair <= set(group)] != []
