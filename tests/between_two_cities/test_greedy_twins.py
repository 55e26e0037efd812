"""The rollouts' greedy move, compiled and interpreted (one source), agree decision by decision.

The pruned greedy placement (bounds read from neighbours, ``memcmp`` of kept cities, kept
factory counts) has C-only paths; here both builds, each policy kept along the game as a
rollout keeps it, must return the same move and leave the generator in the same state.
"""
import pytest

from bench.bench_between_two_cities_greedy import greedy_games
from cython_ext import select
from tests.between_two_cities.helpers import make_game

POL_C, POL_PY = select.twins("between_two_cities_policy")
BTC_C, BTC_PY = select.twins("between_two_cities")
KERNEL_C, KERNEL_PY = select.twins("kernel")
pytestmark = pytest.mark.skipif(POL_C is None, reason="compiled policy not built (or GUILDHALL_PUREPYTHON=1)")


@pytest.mark.parametrize("players,variants", [(4, ()), (7, ("districts",)), (2, ("two-player-advanced",))])
def test_compiled_and_interpreted_greedy_moves_agree(players, variants):
    game = make_game(players, variants)
    kc, kp = BTC_C.BetweenTwoCitiesKernel(game.kernel_cfg), BTC_PY.BetweenTwoCitiesKernel(game.kernel_cfg)
    pc, pp = POL_C.BetweenTwoCitiesPolicy(game.NC), POL_PY.BetweenTwoCitiesPolicy(game.NC)
    n = 0
    for s, seat in greedy_games(game, (POL_C, BTC_C, KERNEL_C), [players + 40]):
        rc, rp = KERNEL_C.Rng(n), KERNEL_PY.Rng(n)
        mc = POL_C.greedy_move(pc, kc, s.buf, seat, rc)
        mp = POL_PY.greedy_move(pp, kp, s.buf, seat, rp)
        assert (mc, rc.state) == (mp, rp.state), (n, seat)
        n += 1
    assert n >= 20
