"""The heuristic's scratch arrays are views of one block, in the order of ``SCRATCH``.

``between_two_cities_pieces.scratch_block`` lays every layer's arrays out as the policy
allocated them before its split (docs/performance.md, session 10); the layers' values
themselves are checked by the reference and pruning tests, in the mode under test.
"""
import numpy as np
import pytest

from cython_ext import select
from cython_ext.between_two_cities_encoding import KM, NCELL

PIECES = select.load("between_two_cities_pieces")


@pytest.mark.parametrize("nc", [0, 1, 4, 7])
def test_every_array_in_order_in_one_block_at_16_bytes(nc):
    parts = PIECES.scratch_block(nc)
    assert list(parts) == [name for name, *_ in PIECES.SCRATCH]
    n = max(nc, 1)
    base = parts["before"].base
    end = None
    for name, length, per_city, item, fill in PIECES.SCRATCH:
        a = parts[name]
        assert a.base is base  # one block
        assert a.dtype == (np.float64 if item == "d" else np.intc) and a.flags.c_contiguous
        assert len(a) == length + per_city * n
        start = a.ctypes.data
        assert start % 16 == 0
        assert end is None or end <= start < end + 16  # next, no gap beyond the alignment
        end = start + a.nbytes
        if name != "shopub":  # the cell layer fills it with shop_join_bounds
            assert (a == fill).all()


def test_the_sizes_follow_the_cities():
    parts = PIECES.scratch_block(3)
    assert len(parts["memo"]) == 3 * 4 * KM * NCELL and len(parts["ct"]) == 3 * NCELL
    assert len(parts["cinfo"]) == 3 * len(parts["info0"])


def test_every_layer_takes_its_arrays_from_the_block():
    # interpreted, the layers' fields are Python attributes: each must be its part, not a copy
    p = select.twins("between_two_cities_policy")[1].BetweenTwoCitiesPolicy(3)
    for name, *_ in PIECES.SCRATCH:
        assert getattr(p, name) is p.parts[name], name
