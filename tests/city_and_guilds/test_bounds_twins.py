"""The solver's bounds and endings, compiled and interpreted (one source), agree on random
late positions: ``score_bounds`` (its answer and every bound) and the endings' chain values."""
import numpy as np
import pytest

from cython_ext import select
from cython_ext.city_and_guilds_layout import EMPTY
from tests.city_and_guilds.helpers import random_play

C, PY = select.twins("city_and_guilds")
END_C, END_PY = select.twins("city_and_guilds_endings")
pytestmark = pytest.mark.skipif(C is None, reason="compiled city_and_guilds not built (or GUILDHALL_PUREPYTHON=1)")


def answer(kernel, buf):
    lo, hi = np.zeros(16, dtype=np.intc), np.zeros(16, dtype=np.intc)
    return kernel.score_bounds(buf, lo, hi), lo.tolist(), hi.tolist()


@pytest.mark.parametrize("players", [3, 4])
def test_compiled_and_interpreted_bounds_agree(players):
    checked = settled = 0
    for seed in range(3):
        kc = kp = None
        for s in random_play(players, seed):
            if kc is None:
                kc, kp = C.CityAndGuildsKernel(*s.game.kernel_args()), PY.CityAndGuildsKernel(*s.game.kernel_args())
            if int((s.game.field(s, "tile") == EMPTY).sum()) > 6:
                continue
            a = answer(kc, s.buf.copy())
            assert a == answer(kp, s.buf.copy()), (seed, checked)
            checked += 1
            settled += a[0] != 0
    assert checked >= 30 and settled >= 10


def test_compiled_and_interpreted_endings_agree():
    checked = 0
    kc = kp = None
    for seed in range(3):
        for s in random_play(3, seed):
            if s.to_move()[0] < 0 or int((s.game.field(s, "tile") == EMPTY).sum()) > 2:
                continue
            if kc is None:
                kc, kp = C.CityAndGuildsKernel(*s.game.kernel_args()), PY.CityAndGuildsKernel(*s.game.kernel_args())
            got = []
            for kern, mod in ((kc, END_C), (kp, END_PY)):
                lo, hi = np.zeros(16, dtype=np.intc), np.zeros(16, dtype=np.intc)
                got.append((mod.endings_bounds(kern, s.buf.copy(), lo, hi), lo.tolist(), hi.tolist()))
            assert got[0] == got[1], (seed, checked)
            checked += 1
    assert checked >= 10
