"""Pick the compiled kernel or its pure-Python twin, and say which was picked.

>>> from cython_ext import select
>>> select.load("kernel").__name__ in ("cython_ext.kernel_c", "cython_ext.kernel_py")
True
"""
from __future__ import annotations

import importlib
import os
from types import ModuleType

_loaded: dict[str, ModuleType] = {}
_status: dict[str, str] = {}


def pure_python_forced() -> bool:
    """True when ``GUILDHALL_PUREPYTHON=1`` asks for the twins everywhere."""
    return os.environ.get("GUILDHALL_PUREPYTHON", "") == "1"


def load(name: str) -> ModuleType:
    """Return ``cython_ext.<name>_c``, or ``cython_ext.<name>_py`` as fallback."""
    if name in _loaded:
        return _loaded[name]
    module = None
    if pure_python_forced():
        _status[name] = "python (GUILDHALL_PUREPYTHON=1)"
    else:
        try:
            module = importlib.import_module(f"cython_ext.{name}_c")
            _status[name] = "compiled"
        except ImportError as exc:
            _status[name] = f"python (extension missing: {exc})"
    if module is None:
        module = importlib.import_module(f"cython_ext.{name}_py")
    _loaded[name] = module
    return module


def twins(name: str) -> tuple[ModuleType | None, ModuleType]:
    """Both twins of a kernel, for tests that compare them (compiled may be None)."""
    try:
        compiled = importlib.import_module(f"cython_ext.{name}_c")
    except ImportError:
        compiled = None
    return compiled, importlib.import_module(f"cython_ext.{name}_py")


def kernel_names() -> list[str]:
    """Names of every kernel that has a pure-Python twin in this package."""
    here = os.path.dirname(__file__)
    return sorted(f[:-6] for f in os.listdir(here) if f.endswith("_py.py"))


def status() -> dict[str, str]:
    """Which implementation each kernel uses (loads them all)."""
    for name in kernel_names():
        load(name)
    return dict(sorted(_status.items()))


def all_compiled() -> bool:
    """True when every kernel runs compiled."""
    return all(v == "compiled" for v in status().values())
