"""The examples of docs/api.md run, one after another in one namespace (as a reader would
type them), and print what the page says they print (the ```text block after each)."""

from __future__ import annotations

import contextlib
import io
import re

import pytest
from conftest import ROOT

PAGE = ROOT / "docs" / "api.md"
BLOCK = re.compile(r"^```python\n(.*?)^```\n(?:\nprints\n\n```text\n(.*?)^```)?", re.MULTILINE | re.DOTALL)


def test_the_examples_print_what_the_page_says(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    monkeypatch.chdir(tmp_path)  # type: ignore[arg-type]
    blocks = BLOCK.findall(PAGE.read_text(encoding="utf-8"))
    assert len(blocks) >= 4
    namespace: dict[str, object] = {}
    for code, printed in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, str(PAGE), "exec"), namespace)
        assert out.getvalue() == printed, code
