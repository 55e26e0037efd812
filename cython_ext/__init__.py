"""The rules kernels and the search loop, each one typed ``.py`` source.

A kernel is a module ``cython_ext/<name>.py`` with its declarations in
``<name>.pxd`` beside it.  ``setup.py`` compiles it with Cython (pure-Python
mode); the same file runs as ordinary Python when the extension is missing
or when ``GUILDHALL_PUREPYTHON=1`` asks for it.  Import kernels through
:mod:`cython_ext.select`, which says which mode each one runs in.

Python prefers an extension module to a source file of the same name, so
the interpreted mode needs an import hook: with ``GUILDHALL_PUREPYTHON=1``
``cython_ext.<kernel>`` is loaded from its source, and
``cython_ext.interpreted.<kernel>`` always is.
"""
from __future__ import annotations

import importlib.abc
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
INTERPRETED = __name__ + ".interpreted"


def pure_python_forced() -> bool:
    """True when ``GUILDHALL_PUREPYTHON=1`` asks for the interpreted kernels everywhere."""
    return os.environ.get("GUILDHALL_PUREPYTHON", "") == "1"


def kernel_names() -> list[str]:
    """Every kernel: a ``.py`` source with a ``.pxd`` beside it."""
    return sorted(f[:-4] for f in os.listdir(HERE)
                  if f.endswith(".pxd") and os.path.exists(os.path.join(HERE, f[:-4] + ".py")))


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Loads a kernel from its ``.py`` source where the interpreted mode is wanted."""

    def find_spec(self, fullname, path=None, target=None):
        package, _, leaf = fullname.rpartition(".")
        if package == INTERPRETED or (package == __name__ and pure_python_forced()):
            source = os.path.join(HERE, leaf + ".py")
            if os.path.exists(os.path.join(HERE, leaf + ".pxd")) and os.path.exists(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
    sys.meta_path.insert(0, _SourceFinder())
