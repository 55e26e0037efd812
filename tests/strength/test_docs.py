"""docs/strength.md: every Python example runs verbatim, and its commands name real scripts and options."""
import os
import re
import shlex

import pytest

DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "strength.md")


def text() -> str:
    with open(DOC, encoding="utf-8") as f:
        return f.read()


def blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", text(), re.S)


def test_the_doc_has_examples():
    assert blocks()


@pytest.mark.parametrize("n", range(len(blocks())))
def test_example_runs(n):
    exec(compile(blocks()[n], f"strength.md example {n}", "exec"), {})


def test_bench_commands_use_options_the_scripts_have():
    root = os.path.join(os.path.dirname(DOC), "..")
    cmds = re.findall(r"`(python bench/\w+\.py [^`]*)`", text())
    assert cmds
    for cmd in cmds:
        words = shlex.split(cmd)
        with open(os.path.join(root, words[1]), encoding="utf-8") as f:
            src = f.read()
        for w in words[2:]:
            if w.startswith("--"):
                assert f'"{w.split("=")[0]}"' in src, f"{words[1]} has no option {w} ({cmd})"
