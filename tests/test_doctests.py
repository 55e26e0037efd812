"""The examples in docstrings run and stay true."""
import doctest
import importlib
import os
import pkgutil
import subprocess
import sys

import pytest

import engine
import guildhall
import search
from cython_ext import kernel_names

PACKAGES = (engine, search, guildhall)
ADAPTER_EXTRAS = {"guildhall.adapters.openspiel": "pyspiel", "guildhall.adapters.pettingzoo": "pettingzoo",
                  "guildhall.distributed": "ray"}
# the kernels' examples run on the interpreted modules (the same source as the compiled ones)
EXTRA = ("cython_ext.select", "cython_ext.shim", "cython_ext.reward_modes", "bench.bench_search", "bench.final_agreement",
         "bench.tree_fingerprint") + tuple(f"cython_ext.interpreted.{n}" for n in kernel_names())


def modules():
    names = list(EXTRA)
    for pkg in PACKAGES:
        names.append(pkg.__name__)
        for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            if not info.name.endswith("__main__"):
                names.append(info.name)
    return names


@pytest.mark.parametrize("name", modules())
def test_docstring_examples(name):
    if name.startswith("guildhall.web.") and name != "guildhall.web.reveal":
        pytest.importorskip("starlette")  # the [web] extra
    for adapter, dist in ADAPTER_EXTRAS.items():
        if name == adapter:
            pytest.importorskip(dist)  # the adapters' extras
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} failing example(s) in {name}"


def test_pytest_doctest_modules_collects_a_kernels_source():
    # compiled, cython_ext/kernel.so shadows kernel.py: without the root conftest.py pytest
    # stops at collection ("import file mismatch"); the command docs/kernels.md gives must work
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    cmd = [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "--doctest-modules",
           "engine/core.py", "cython_ext/kernel.py"]
    run = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "cython_ext/kernel.py::cython_ext.interpreted.kernel.Rng PASSED" in run.stdout
