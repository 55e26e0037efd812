"""Load each kernel compiled, or interpreted from its source, and say which.

>>> from cython_ext import select
>>> select.load("kernel").__name__
'cython_ext.kernel'
>>> select.mode(select.load("kernel")) in ("compiled", "interpreted")
True
"""
from __future__ import annotations

import importlib
import importlib.machinery
from types import ModuleType

from cython_ext import INTERPRETED, kernel_names, pure_python_forced

_status: dict[str, str] = {}

__all__ = ["load", "compiled", "twins", "mode", "status", "all_compiled", "kernel_names", "pure_python_forced"]


def mode(module: ModuleType) -> str:
    """``compiled`` when ``module`` is a built extension, ``interpreted`` otherwise."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return "compiled" if (module.__file__ or "").endswith(suffixes) else "interpreted"


def load(name: str) -> ModuleType:
    """``cython_ext.<name>``: compiled, unless forced or missing (then interpreted)."""
    module = importlib.import_module(f"cython_ext.{name}")
    if pure_python_forced():
        _status[name] = "interpreted (GUILDHALL_PUREPYTHON=1)"
    elif mode(module) == "compiled":
        _status[name] = "compiled"
    else:
        _status[name] = "interpreted (extension not built)"
    return module


def compiled(name: str) -> ModuleType | None:
    """The compiled kernel, or None when it is not built or not in use -- without importing
    the interpreted twin (a large one, such as the search loop's, takes tens of milliseconds
    to import: a search's first call must not spend its time limit on it)."""
    if pure_python_forced():
        return None
    module = importlib.import_module(f"cython_ext.{name}")
    return module if mode(module) == "compiled" else None


def twins(name: str) -> tuple[ModuleType | None, ModuleType]:
    """The compiled kernel (None when it is not built or not in use) and the interpreted one.

    Tests compare the two modes on the same states in one process.
    """
    interpreted = importlib.import_module(f"{INTERPRETED}.{name}")
    if pure_python_forced():
        return None, interpreted
    module = importlib.import_module(f"cython_ext.{name}")
    return (module if mode(module) == "compiled" else None), interpreted


def status() -> dict[str, str]:
    """How each kernel runs (loads them all)."""
    for name in kernel_names():
        load(name)
    return dict(sorted(_status.items()))


def all_compiled() -> bool:
    """True when every kernel runs compiled."""
    return all(v == "compiled" for v in status().values())
