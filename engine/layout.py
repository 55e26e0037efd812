"""Named fields over one flat int32 buffer, and the generic state string.

A game declares its fields once; kernels get the offsets as plain ints and
the engine gets readable views and a text form for free.

>>> lay = Layout([("round", 1), ("score", 3), ("table", (3, 2))])
>>> lay.size
10
>>> buf = lay.new()
>>> lay.view(buf, "table")[1, 0] = 5
>>> text = lay.dumps(buf)
>>> text
'round=0 score=0,0,0 table=0,0,5,0,0,0'
>>> bool((lay.loads(text) == buf).all())
True
>>> lay.dumps(lay.loads("round=? score=1,?,2 table=0,0,0,0,0,0"))
'round=? score=1,?,2 table=0,0,0,0,0,0'

``?`` is a value the observing seat cannot see (:data:`UNKNOWN`).  A field
that can also hold *no* value (no tile pending, no card drawn yet) declares
it in ``none_fields``; that value (:data:`NONE`) is written ``-``, so a view
never confuses "hidden" with "absent":

>>> lay = Layout([("pend", 3), ("hand", 2)], none_fields=("pend",))
>>> buf = lay.loads("pend=4,-,? hand=?,1")
>>> [int(v) for v in buf]
[4, -2, -1, -1, 1]
>>> lay.dumps(buf)
'pend=4,-,? hand=?,1'
>>> lay.loads("pend=4,-,? hand=-,1")
Traceback (most recent call last):
engine.errors.BadState: field 'hand' has no '-' (none) value

A field whose values may be negative numbers and are never hidden (a passing direction
of -1, a -1 chit, a score below zero) declares it in ``signed_fields``: its -1 is written
``-1``, not ``?`` (the same number in the buffer, so a ``?`` there still reads back):

>>> lay = Layout([("dir", 1), ("hand", 1)], signed_fields=("dir",))
>>> lay.dumps(lay.loads("dir=-1 hand=-1"))
'dir=-1 hand=?'
"""
from __future__ import annotations

from math import prod
from typing import Iterable, Sequence

import numpy as np

from engine.errors import BadState

UNKNOWN = -1
NONE = -2  # only in a layout's ``none_fields``
DTYPE = np.intc


class Layout:
    """An ordered list of named integer fields laid end to end."""

    def __init__(self, fields: Iterable[tuple[str, int | Sequence[int]]], start: int = 0,
                 none_fields: Iterable[str] = (), signed_fields: Iterable[str] = ()) -> None:
        self.offsets: dict[str, int] = {}
        self.shapes: dict[str, tuple[int, ...]] = {}
        if start > 0:  # the words before ``start`` are the engine's header
            self.offsets["head"] = 0
            self.shapes["head"] = (start,)
        pos = start
        for name, shape in fields:
            shape = (shape,) if isinstance(shape, int) else tuple(shape)
            if name in self.offsets:
                raise ValueError(f"duplicate field {name!r}")
            self.offsets[name] = pos
            self.shapes[name] = shape
            pos += prod(shape)
        self.start = start
        self.size = pos
        self.none_fields = frozenset(none_fields)
        self.signed_fields = frozenset(signed_fields)
        for what, names in (("none_fields", self.none_fields), ("signed_fields", self.signed_fields)):
            unknown = names - set(self.offsets)
            if unknown:
                raise ValueError(f"{what} not in the layout: {sorted(unknown)}")

    def __getitem__(self, name: str) -> int:
        return self.offsets[name]

    def length(self, name: str) -> int:
        return prod(self.shapes[name])

    def new(self) -> np.ndarray:
        return np.zeros(self.size, dtype=DTYPE)

    def view(self, buf: np.ndarray, name: str) -> np.ndarray:
        """A writable numpy view of one field, in its declared shape."""
        off = self.offsets[name]
        return buf[off: off + self.length(name)].reshape(self.shapes[name])

    def dumps(self, buf: np.ndarray) -> str:
        """``name=v,v,v`` for each field, ``?`` for an unknown (-1) value (outside
        ``signed_fields``), ``-`` for none."""
        parts = []
        for name, off in self.offsets.items():
            vals = buf[off: off + self.length(name)]
            none = name in self.none_fields
            unknown = UNKNOWN if name not in self.signed_fields else None
            parts.append(name + "=" + ",".join(
                "?" if v == unknown else "-" if none and v == NONE else str(int(v)) for v in vals))
        return " ".join(parts)

    def loads(self, text: str, buf: np.ndarray | None = None) -> np.ndarray:
        """Parse :meth:`dumps` output; every field must be present exactly once."""
        buf = np.zeros(self.size, dtype=DTYPE) if buf is None else buf
        seen = set()
        for token in text.split():
            name, sep, values = token.partition("=")
            if not sep or name not in self.offsets:
                raise BadState(f"unknown field {name!r}")
            if name in seen:
                raise BadState(f"field {name!r} given twice")
            seen.add(name)
            items = values.split(",")
            if len(items) != self.length(name):
                raise BadState(f"field {name!r} needs {self.length(name)} values, got {len(items)}")
            off = self.offsets[name]
            none = name in self.none_fields
            for i, item in enumerate(items):
                if item == "-":
                    if not none:
                        raise BadState(f"field {name!r} has no '-' (none) value")
                    buf[off + i] = NONE
                    continue
                try:
                    buf[off + i] = UNKNOWN if item == "?" else int(item)
                except (ValueError, OverflowError):
                    raise BadState(f"field {name!r}: bad value {item!r}") from None
        missing = [n for n in self.offsets if n not in seen]
        if missing:
            raise BadState(f"missing field(s): {', '.join(missing)}")
        return buf
