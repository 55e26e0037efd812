"""The few ``cython`` names the kernels use, for running them interpreted without Cython.

Each kernel starts with::

    try:
        import cython
    except ModuleNotFoundError:  # interpreted, on a machine without Cython
        from cython_ext import shim as cython

Compiled, ``import cython`` is the Cython language itself and this module is
never imported.  Interpreted, the kernels need Cython only if it happens to
be installed; this shim gives the same behaviour otherwise, so a plain
``pip install .`` (where Cython lives only in the build environment) still
runs the interpreted kernels.  The decorators and types do nothing here:
they only tell the compiler what C to write.

Constants are declared once, as ``cpdef enum`` blocks in a kernel's
``.pxd`` (compiled, Cython exports them as module attributes); interpreted,
:func:`enum_constants` reads the same blocks:

>>> import os
>>> consts = enum_constants(os.path.join(os.path.dirname(__file__), "kernel.py"))
>>> consts["CHANCE"], consts["HEADER"]
(-1, 2)
"""
from __future__ import annotations

import builtins
import os
import re

compiled = False


class _Type:
    """A C type name: callable as a cast, subscriptable as a memoryview or array."""

    def __init__(self, name: str, convert=None) -> None:
        self.name = name
        self.convert = convert

    def __call__(self, value=0):
        return self.convert(value) if self.convert else value

    def __getitem__(self, _):
        return self

    def __repr__(self) -> str:
        return f"cython.{self.name}"


char = short = int = uint = long = ulong = longlong = ulonglong = Py_ssize_t = size_t = _Type("int", builtins.int)
float = double = _Type("double", builtins.float)
bint = _Type("bint", builtins.bool)
p_int = p_double = p_char = void = _Type("pointer")


def _passthrough(*args, **kwargs):
    """Decorator usable bare (``@cython.cfunc``) or called (``@cython.exceptval(-1)``)."""
    if len(args) == 1 and callable(args[0]) and not kwargs and not isinstance(args[0], _Type):
        return args[0]
    return lambda f: f


cclass = cfunc = ccall = inline = final = nogil = with_gil = _passthrough
exceptval = locals = returns = boundscheck = wraparound = cdivision = initializedcheck = _passthrough


def declare(ctype=None, value=None, **_):
    """``cython.declare(cython.int, 3)`` is just ``3`` when interpreted."""
    return value


def cast(ctype, value, typecheck: bool = False):
    """``cython.cast(cython.int, x)``: C conversions; integers are not wrapped here."""
    return ctype(value) if isinstance(ctype, _Type) else value


def sizeof(_):
    return 8


_ENUM = re.compile(r"^c(?:p)?def enum[^:#]*:\s*(?:#.*)?$")
_ITEM = re.compile(r"^\s+([A-Za-z_]\w*)\s*(?:=\s*(-?(?:0x[0-9A-Fa-f]+|\d+)))?\s*(?:#.*)?$")


def enum_constants(module_file: str) -> dict[str, int]:
    """The ``cdef``/``cpdef enum`` constants of the ``.pxd`` beside ``module_file``."""
    pxd = os.path.splitext(module_file)[0] + ".pxd"
    out: dict[str, int] = {}
    with open(pxd, encoding="utf-8") as f:
        lines = f.read().splitlines()
    inside, nxt = False, 0
    for line in lines:
        if _ENUM.match(line):
            inside, nxt = True, 0
            continue
        if not inside:
            continue
        if not line.strip() or line.strip().startswith("#"):
            continue
        m = _ITEM.match(line)
        if not m:
            inside = False
            continue
        value = builtins.int(m.group(2), 0) if m.group(2) is not None else nxt
        out[m.group(1)] = value
        nxt = value + 1
    return out
