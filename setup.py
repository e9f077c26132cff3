"""The build step pyproject.toml can't declare: the rule data of the top-level rules/ is
copied into the package (mtg_typeline/rules/) of a wheel, and read once into the JSON files
of mtg_typeline/rules/built/ (`mtg_typeline.ruleset.prebuild`), so that an installed
typeline's first run needs no PyYAML. An editable install reads rules/ in the checkout
instead (see `mtg_typeline.ruleset.rules_dir`), through the rule cache."""

import sys
from importlib import import_module
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
RULES = ROOT / "rules"


class BuildWithRules(build_py):
    """`build_py`, then the rule files and their built data into the built package."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib) / "mtg_typeline" / "rules"
        self.mkpath(str(target))
        for path in sorted(RULES.glob("*.yaml")):
            self.copy_file(str(path), str(target / path.name))
        self.announce(f"building the rule data in {target / 'built'}", level=2)
        sys.path.insert(0, str(ROOT / "cli"))  # the package being built, not an installed one
        version = import_module("mtg_typeline").__version__
        import_module("mtg_typeline.ruleset.prebuild").write(str(target), version)


setup(cmdclass={"build_py": BuildWithRules})
