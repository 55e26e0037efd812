"""The solver's score bounds of Between Two Cities (``cython_ext/between_two_cities_bounds.py``):
every final score lies within them, whatever is played; the solver's values do not change."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import engine
from cython_ext import select
from engine.core import make_rng
from search.solver import Solver
from tests.search.bounds_helpers import check_endings_within as endings_within
from tests.search.bounds_helpers import endings as all_endings
from tests.search.bounds_helpers import assert_same_solution, bounds_along_a_random_game, read_bounds
from tests.search.solver_positions import endgame

RANK_KEYS = select.load("kernel").RANK_KEYS
CONFIGS = [(2, ("two-player",)), (3, ()), (4, ()), (2, ("two-player-advanced",))]


def bounds(state, kernel=None) -> tuple[list[int], list[int]] | None:
    return read_bounds(state, kernel)


def final_scores(state) -> list[int]:
    """Every competitor's first rank-key word (the seats', then Jamey's)."""
    out = np.zeros(16 * RANK_KEYS, dtype=np.intc)
    m = state.game.kernel.rank_keys(state.buf, out)
    return [int(out[c * RANK_KEYS]) for c in range(m)]


def endings(state, out: set) -> None:
    """Every final score vector reachable from ``state``."""
    all_endings(state, out, final_scores)


def check_endings_within(state, kernel=None, below: int = 12) -> int:
    """Every ending of ``state`` and of up to ``below`` positions under it within their bounds;
    the number of positions with bounds checked."""
    return endings_within(state, final_scores, lambda x: bounds(x, kernel), below, width=2)


@pytest.mark.parametrize("players,variants", CONFIGS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_end_within_every_bound_on_the_way(players, variants, seed):
    seen, s = bounds_along_a_random_game(engine.make("between_two_cities", players, list(variants), seed=seed),
                                         make_rng(seed), bounds)
    final = final_scores(s)
    assert len(seen) >= 8  # asked at the last round's choose steps and first placements
    for lo, hi in seen:
        assert all(a <= x <= b for a, x, b in zip(lo, final, hi)), (lo, final, hi)
    assert bounds(s) == (final, final)  # nothing left to place: the scores themselves


@pytest.mark.parametrize("config,left,seed", [("btc-2p", 6, 1), ("btc-2p", 7, 2), ("btc-2p", 8, 3),
                                              ("btc-3p", 9, 1), ("btc-3p", 8, 2), ("btc-3p", 6, 3)])
def test_every_ending_of_a_small_position_within_its_bounds(config, left, seed):
    assert check_endings_within(endgame(config, left, seed)) >= 1


def test_the_last_turn_bounds_are_close_to_the_endings():
    """The last turn's bounds play every ending out: at its choose step they lie within a few
    points of the lowest and highest ending (the factories' majority is the slack)."""
    for config, left, seed in [("btc-2p", 6, 1), ("btc-2p", 6, 2), ("btc-3p", 9, 1)]:
        s = endgame(config, left, seed)
        ends: set = set()
        endings(s, ends)
        lo, hi = bounds(s)
        for p in range(s.players):
            assert lo[p] <= min(e[p] for e in ends) <= lo[p] + 8
            assert hi[p] - 8 <= max(e[p] for e in ends) <= hi[p]


class TooTight:
    """The kernel with every upper bound one point short of the highest ending."""

    def __init__(self, kernel):
        self.k = kernel

    def score_bounds(self, buf, lo, hi):
        m = self.k.score_bounds(buf, lo, hi)
        for c in range(m):
            hi[c] = max(lo[c], hi[c] - 1) if hi[c] > lo[c] else hi[c] - 1
        return m


def test_a_too_tight_bound_fails_the_endings_check():
    s = endgame("btc-2p", 6, 1)
    with pytest.raises(AssertionError):
        check_endings_within(s, TooTight(s.game.kernel))


def test_tavern_best_is_the_best_of_every_way_to_add_the_taverns():
    tb = select.load("between_two_cities_bounds").tavern_best_of
    def tp(counts):  # sets of different kinds, largest first (1, 4, 9, 17)
        c, total = list(counts), 0
        while any(c):
            total += (0, 1, 4, 9, 17)[sum(1 for x in c if x)]
            c = [max(x - 1, 0) for x in c]
        return total

    for have in itertools.product(range(3), repeat=4):
        for avail in [(1, 0, 2, 0), (2, 2, 2, 2), (0, 0, 0, 3), (1, 1, 0, 1)]:
            for a in range(5):
                best = max((tp([h + x for h, x in zip(have, add)])
                            for add in itertools.product(*(range(v + 1) for v in avail)) if sum(add) <= a),
                           default=0)
                assert tb(list(have), list(avail), a) == best, (have, avail, a)


def solver_cases():
    if select.pure_python_forced():
        return [("btc-2p", 7, 1), ("btc-2p", 8, 2), ("btc-3p", 9, 1), ("btc-3p", 10, 2)]
    return [("btc-2p", 12, 1), ("btc-2p", 15, 2), ("btc-3p", 12, 1), ("btc-3p", 14, 2), ("btc-3p", 10, 3)]


@pytest.mark.parametrize("reward", ["win", "rank"])
def test_the_solver_with_bounds_gives_the_same_values_in_fewer_nodes(reward):
    nodes_on = nodes_off = 0
    for config, left, seed in solver_cases():
        s = endgame(config, left, seed)
        on = Solver(reward, memory=16).solve(s)
        off = Solver(reward, memory=16, bounds=False).solve(s)
        assert_same_solution(on, off)
        nodes_on += on.nodes
        nodes_off += off.nodes
    # a rank needs every pair of seats apart, a win only the winner above the others
    assert nodes_on < nodes_off * (0.8 if reward == "win" else 0.95)
