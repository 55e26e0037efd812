"""Doctests of the kernels' sources under ``pytest --doctest-modules``.

A compiled kernel ``cython_ext/<name>.so`` shadows ``<name>.py``: pytest
would import ``cython_ext.<name>``, get the extension, and stop collecting
with "import file mismatch" (the doctest collector, and the module collector
too when the file is named on the command line).  Both read a kernel's
source from its interpreted twin ``cython_ext.interpreted.<name>`` instead
(the same file, as ``tests/test_doctests.py`` runs them), in both modes.
"""
import importlib
import os

import pytest
from _pytest.doctest import DoctestModule

KERNELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cython_ext")


def _kernel(path) -> bool:
    """True for a kernel source: ``cython_ext/<name>.py`` with its ``.pxd`` beside it."""
    p = str(path)
    return (os.path.dirname(p) == KERNELS and p.endswith(".py")
            and os.path.exists(p[:-3] + ".pxd"))


def _twin(path):
    return importlib.import_module("cython_ext.interpreted." + path.stem)


class KernelDoctests(DoctestModule):
    """The doctests of a kernel's source, read from its interpreted twin."""

    def _getobj(self):
        return _twin(self.path)


class KernelModule(pytest.Module):
    """A kernel's source named on the command line, read from its interpreted twin."""

    def _getobj(self):
        return _twin(self.path)


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path, parent):
    collected = yield
    if not _kernel(file_path):
        return collected
    twins = {DoctestModule: KernelDoctests, pytest.Module: KernelModule}
    return [twins[type(c)].from_parent(parent, path=file_path) if type(c) in twins else c for c in collected]
