"""Every option of `typeline check` with the value it has when it is not typed, by its
parameter name, in the order click's command declares them: what the quick reading of a
command line (`main.quick`) and the Python API (`api.run`) start from. Click's command keeps
its own defaults; tests/main/test_quick_reading.py holds this table to them."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from mtg_typeline.display import AUTO

CHECK_DEFAULTS: MappingProxyType[str, Any] = MappingProxyType(
    {
        "edition": None,
        "as_of": None,
        "rules": (),
        "format": AUTO,
        "output_file": None,
        "select": (),
        "extend_select": (),
        "ignore": (),
        "fail_on": "error",
        "strict": False,
        "exit_zero": False,
        "statistics": False,
        "fix": False,
        "unsafe_fixes": False,
        "diff": False,
        "quiet": False,
        "verbose": False,
        "color": AUTO,
        "input_format": AUTO,
        "stdin_filename": None,
        "column": None,
        "delimiter": None,
        "key": None,
        "encoding": None,
        "include": (),
        "exclude": (),
        "respect_gitignore": True,
        "hidden": False,
        "force_exclude": False,
        "skip_non_card_files": False,
        "max_member_size": "64M",
        "max_member_ratio": 200,
        "oracle": None,
        "baseline": None,
        "write_baseline": None,
        "error_on_unmatched_pattern": True,
        "jobs": None,
    }
)
