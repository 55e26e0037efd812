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
import os
from types import ModuleType

import cython_ext
from cython_ext import INTERPRETED, kernel_names, pure_python_forced

_status: dict[str, str] = {}

__all__ = ["load", "twins", "mode", "status", "all_compiled", "kernel_names", "pure_python_forced"]


def mode(module: ModuleType) -> str:
    """``compiled`` when ``module`` is a built extension, ``interpreted`` otherwise."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return "compiled" if (module.__file__ or "").endswith(suffixes) else "interpreted"


def load(name: str) -> ModuleType:
    """``cython_ext.<name>``: compiled, unless forced or missing (then interpreted)."""
    if name not in kernel_names():  # a kernel still in twin form: <name>_c.pyx + <name>_py.py
        return _load_twin(name)
    module = importlib.import_module(f"cython_ext.{name}")
    if pure_python_forced():
        _status[name] = "interpreted (GUILDHALL_PUREPYTHON=1)"
    elif mode(module) == "compiled":
        _status[name] = "compiled"
    else:
        _status[name] = "interpreted (extension not built)"
    return module


def twins(name: str) -> tuple[ModuleType | None, ModuleType]:
    """The compiled kernel (None when it is not built or not in use) and the interpreted one.

    Tests compare the two modes on the same states in one process.
    """
    if name not in kernel_names():
        return _old_twins(name)
    interpreted = importlib.import_module(f"{INTERPRETED}.{name}")
    if pure_python_forced():
        return None, interpreted
    module = importlib.import_module(f"cython_ext.{name}")
    return (module if mode(module) == "compiled" else None), interpreted


def status() -> dict[str, str]:
    """How each kernel runs (loads them all)."""
    for name in kernel_names() + _twin_names():
        load(name)
    return dict(sorted(_status.items()))


def all_compiled() -> bool:
    """True when every kernel runs compiled."""
    return all(v == "compiled" for v in status().values())


# -- kernels not yet moved to one source (retired once all are) ---------------

def _twin_names() -> list[str]:
    return sorted(f[:-6] for f in os.listdir(cython_ext.HERE) if f.endswith("_py.py"))


def _load_twin(name: str) -> ModuleType:
    module = None
    if pure_python_forced():
        _status[name] = "interpreted (GUILDHALL_PUREPYTHON=1)"
    else:
        try:
            module = importlib.import_module(f"cython_ext.{name}_c")
            _status[name] = "compiled"
        except ImportError as exc:
            _status[name] = f"interpreted (extension missing: {exc})"
    return module or importlib.import_module(f"cython_ext.{name}_py")


def _old_twins(name: str) -> tuple[ModuleType | None, ModuleType]:
    if pure_python_forced():  # the compiled twin would bind to the interpreted base kernel
        return None, importlib.import_module(f"cython_ext.{name}_py")
    try:
        compiled = importlib.import_module(f"cython_ext.{name}_c")
    except ImportError:
        compiled = None
    return compiled, importlib.import_module(f"cython_ext.{name}_py")
