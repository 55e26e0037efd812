"""Small checks shared by the edition validators: every failure names its field.

Editions are user files: a value that would overflow the int32 state buffer,
a misspelt key or a wrong type must be refused with a one-line
:class:`~engine.errors.EditionError` that says where, never fail later.

>>> integer(3, "men.3", 0, 100)
3
>>> integer(True, "men.3", 0, 100)
Traceback (most recent call last):
...
engine.errors.EditionError: men.3 must be an integer 0..100, not True
>>> keys({"a": 1, "b": 2}, "top", required=("a",), optional=())
Traceback (most recent call last):
...
engine.errors.EditionError: top: unknown key 'b' (known: a)
"""
from __future__ import annotations

from typing import Any, Iterable

from engine.errors import EditionError

INT32_MAX = 2**31 - 1
META = ("edition", "note", "standin", "name", "text")  # free-text keys, never read by the rules


def need(cond: bool, msg: str) -> None:
    """Raise :class:`EditionError` with ``msg`` unless ``cond``."""
    if not cond:
        raise EditionError(msg)


def integer(x: Any, where: str, lo: int, hi: int) -> int:
    """``x`` as an int in ``lo..hi`` (bools are not integers here)."""
    need(isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi,
         f"{where} must be an integer {lo}..{hi}, not {x!r}")
    return x


def obj(x: Any, where: str) -> dict:
    need(isinstance(x, dict), f"{where} must be an object, not {type(x).__name__}")
    return x


def lst(x: Any, where: str, lo: int = 0, hi: int = 10**6) -> list:
    need(isinstance(x, list) and lo <= len(x) <= hi,
         f"{where} must be a list of {lo}..{hi} items" + ("" if isinstance(x, list) else f", not {type(x).__name__}")
         + (f" (has {len(x)})" if isinstance(x, list) else ""))
    return x


def text(x: Any, where: str) -> str:
    need(isinstance(x, str) and x != "", f"{where} must be a non-empty string, not {x!r}")
    return x


def keys(x: dict, where: str, required: Iterable[str], optional: Iterable[str] = (),
         meta: Iterable[str] = META) -> None:
    """Refuse a missing required key and any key the game would not read."""
    required = tuple(required)
    for k in required:
        need(k in x, f"{where}: missing key {k!r}")
    known = set(required) | set(optional) | set(meta)
    for k in x:
        need(k in known, f"{where}: unknown key {k!r} (known: {', '.join(sorted(set(required) | set(optional)))})")


def fixed(x: Any, where: str, supported: Any, why: str) -> None:
    """A key the rules fix: only the supported value is accepted (the kernel hard-codes it)."""
    need(x == supported and type(x) is type(supported),
         f"{where} must be {supported!r} ({why}), not {x!r}")
