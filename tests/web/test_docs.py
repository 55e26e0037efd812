"""docs/frontends.md: every Python example runs verbatim."""
from __future__ import annotations

import os
import re

import pytest

DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "frontends.md")


def blocks() -> list[str]:
    with open(DOC, encoding="utf-8") as fh:
        return re.findall(r"```python\n(.*?)```", fh.read(), re.S)


@pytest.mark.parametrize("n", range(len(blocks())))
def test_example_runs(n):
    exec(compile(blocks()[n], f"frontends.md example {n}", "exec"), {})
