"""docs/adapters.md, docs/distributed.md and the README's adapter sections: every
Python example runs verbatim (skipped only when its extra is not installed)."""
from __future__ import annotations

import os
import re

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
DOCS = ("docs/adapters.md", "docs/distributed.md", "README.md")


def blocks() -> list[tuple[str, int, str]]:
    out = []
    for doc in DOCS:
        with open(os.path.join(ROOT, doc), encoding="utf-8") as fh:
            for i, code in enumerate(re.findall(r"```python\n(.*?)```", fh.read(), re.S)):
                out.append((doc, i, code))
    return out


def needs(code: str) -> str | None:
    """The extra's module a block needs."""
    if "pyspiel" in code or "openspiel" in code:
        return "pyspiel"
    if "pettingzoo" in code:
        return "pettingzoo"
    if "--ray" in code or "distributed" in code:
        return "ray"
    return None


def test_every_doc_has_examples():
    assert {doc for doc, _, _ in blocks()} == set(DOCS)


@pytest.mark.parametrize("doc,n,code", blocks(), ids=[f"{d}:{n}" for d, n, _ in blocks()])
def test_example_runs(doc, n, code):
    module = needs(code)
    if module:
        pytest.importorskip(module)
    exec(compile(code, f"{doc} example {n}", "exec"), {})
