"""The build step pyproject.toml can't declare: the rule data of the top-level rules/ is
copied into the package (mtg_typeline/rules/) of a wheel. An editable install reads rules/
in the checkout instead (see `mtg_typeline.ruleset.rules_dir`)."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

RULES = Path(__file__).resolve().parent / "rules"


class BuildWithRules(build_py):
    """`build_py`, then the rule files into the built package."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib) / "mtg_typeline" / "rules"
        self.mkpath(str(target))
        for path in sorted(RULES.glob("*.yaml")):
            self.copy_file(str(path), str(target / path.name))


setup(cmdclass={"build_py": BuildWithRules})
