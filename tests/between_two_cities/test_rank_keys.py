"""The kernel's rank keys (the search ranks with them) agree with the rulebook's tie-breaks.

The reference below is the former Python definition of ``Game.rank_keys`` and
``rival_keys``: final score, higher city (not in the 2-player standard game),
then the tiles of both cities by category.  The kernel packs the category
counts into two keys; the packed keys must order competitors exactly as the
reference tuples do, compiled and interpreted.
"""
from itertools import combinations

import numpy as np
import pytest

import engine
from cython_ext import select
from cython_ext.kernel import RANK_KEYS

C, PY = select.twins("between_two_cities")
kernel_c, kernel_py = select.twins("kernel")
MODES = [("interpreted", PY, kernel_py)] + ([("compiled", C, kernel_c)] if C is not None else [])
CONFIGS = [(3, ()), (4, ("districts",)), (7, ()), (2, ("two-player",)), (2, ("two-player-advanced",)),
           (5, ("beginner",))]


def reference_keys(game, state):
    """Seats' keys, then Jamey's, as the Game defined them before the kernel did."""
    cs = game.city_scores(state)
    cells = game.layout.view(state.buf, "city")

    def counts(c):
        out = [0] * 7
        for v in cells[c][cells[c] >= 2]:
            out[int(game.tables["kcat"][(int(v) - 2) & 31])] += 1
        return out

    def key(seat):
        a, b = game.seat_cities(seat)
        n = [x + y for x, y in zip(counts(a), counts(b))]
        if game.two_std:
            return (cs[a] + cs[b], *n)
        return (min(cs[a], cs[b]), max(cs[a], cs[b]), *n)

    seats = [key(s) for s in range(game.players)]
    return seats + ([key(2)] if game.jamey else [])


def sign(a, b):
    return (a > b) - (a < b)


@pytest.mark.parametrize("mode,mod,kmod", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_kernel_rank_keys_order_like_the_rulebook(mode, mod, kmod, players, variants):
    game = engine.make_game("between_two_cities", players, variants)
    k = mod.BetweenTwoCitiesKernel(game.kernel_cfg)
    out = np.zeros((players + 1) * RANK_KEYS, dtype=np.intc)
    games = 6 if mode == "compiled" else 2
    for seed in range(games):
        s = game.new_initial_state(seed)
        k.rollout(s.buf, kmod.Rng(seed))
        ref = reference_keys(game, s)
        n = k.rank_keys(s.buf, out)
        assert n == len(ref) == players + (1 if game.jamey else 0)
        packed = [tuple(int(v) for v in out[c * RANK_KEYS:(c + 1) * RANK_KEYS]) for c in range(n)]
        for i, j in combinations(range(n), 2):
            assert sign(packed[i], packed[j]) == sign(ref[i], ref[j])
        for c in range(n):  # the score keys are the scores themselves
            assert packed[c][0] == ref[c][0]
        assert game.rank_keys(s) + game.rival_keys(s) == ref  # the Game reads the kernel's keys


def test_ties_on_score_and_higher_city_fall_to_the_category_counts():
    game = engine.make_game("between_two_cities", 3, ())
    s = game.new_initial_state(0)
    s.buf[game.layout["phase"]] = 7  # the end: only the cities count
    cells = game.layout.view(s.buf, "city")
    factory = 2 + [game.tables["kcat"][k] for k in range(len(game.kind_names))].index(0)
    shop = 2 + [game.tables["kcat"][k] for k in range(len(game.kind_names))].index(1)
    # seat 0 holds cities 0 and 2, seat 1 cities 1 and 0, seat 2 cities 2 and 1
    cells[1][40] = shop      # city 1: one shop, 2 points
    cells[2][40] = factory   # city 2: one factory, 4 points; city 0 empty
    keys = game.rank_keys(s)
    assert [k[:2] for k in keys] == [(0, 4), (0, 2), (2, 4)]
    assert keys[0][2:4] == (1, 0) and keys[1][2:4] == (0, 1)
    assert s.winners() == [2]


@pytest.mark.parametrize("players,variants", [(4, ()), (2, ("two-player-advanced",)), (2, ("two-player",))])
def test_the_search_ranks_from_the_kernel_keys_with_no_python_callback(players, variants):
    # the loop's own rewards from kernel.rank_keys are checked against State.returns
    # for every game in tests/search; here: this game's ranking is the kernel's
    from search import core

    s = engine.make("between_two_cities", players, variants, seed=1)
    for mode in ("win", "rank", "score"):
        code, fn = core.reward_setup(s.game, mode)
        assert fn is None and code == core.REWARD_MODES[mode]
