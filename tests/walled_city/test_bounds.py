"""The solver's score bounds of The Walled City (``cython_ext/walled_city_bounds.py``): every
final vote count lies within them, whatever is played; the solver's values do not change."""
from __future__ import annotations

import pytest

import engine
from engine.core import CHANCE, make_rng
from search.solver import Solver, solve
from search.solver.exact import Search, kernel_has_bounds, root_buffer
from search.solver.table import TranspositionTable
from tests.search.bounds_helpers import play_randomly, read_bounds
from tests.search.solver_positions import endgame


def bounds(state) -> tuple[list[int], list[int]] | None:
    return read_bounds(state, size=state.players + 8)


def history(players: int, variants: tuple, seed: int) -> tuple[list, list[int]]:
    """The decision points of a seeded random game and its final votes."""
    seen: list = []
    end = play_randomly(engine.make("walled_city", players, list(variants), seed=seed), make_rng(seed),
                        lambda s: seen.append(s.clone()) if s.to_move()[0] != CHANCE else None)
    return seen, end.scores()


def outside(state, bound=bounds) -> tuple[set, list]:
    """Every final vote vector reachable from ``state`` (every move), and the nodes of its tree
    (``state`` included) whose ``bound`` misses one of the endings below them."""
    if state.is_terminal():
        return {tuple(state.scores())}, []
    seat = state.to_move()[0]
    ends: set = set()
    bad: list = []
    for m in state.legal_moves(seat):
        c = state.clone()
        c.apply(seat, m)
        e, b = outside(c, bound)
        ends |= e
        bad += b
    got = bound(state)
    if got is not None:
        lo, hi = got
        if any(not lo[p] <= e[p] <= hi[p] for e in ends for p in range(len(lo))):
            bad.append((state.to_string(), lo, hi, sorted(ends)))
    return ends, bad


CONFIGS = [(2, ()), (2, ("no-powers-0", "no-powers-1")), (3, ("borderlands", "no-powers-0", "no-powers-1",
                                                             "no-powers-2")), (4, ("mixed-guilds",))]


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_random_games_end_within_every_bound_on_the_way(players, variants):
    written = 0
    for seed in (1, 2, 3):
        seen, final = history(players, variants, seed)
        for lo, hi in filter(None, map(bounds, seen)):
            written += 1
            assert all(lo[p] <= final[p] <= hi[p] for p in range(players)), (seed, lo, hi, final)
    assert written > 10  # where every guild is spent: round 2's last turns and the defense at least


@pytest.mark.parametrize("left", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_ending_lies_within_the_bounds_of_every_node_on_the_way(left, seed):
    s = endgame("wc-2p", left, seed)
    ends, bad = outside(s)
    assert len(ends) > 1 or left == 1
    assert bad == []


@pytest.mark.parametrize("players,variants", CONFIGS[1:3])
def test_every_ending_lies_within_the_bounds_in_other_configurations(players, variants):
    seen, _ = history(players, variants, 4)
    for s in seen[-players - 2:]:  # the last build turn's adjustment, then the defense
        assert outside(s)[1] == []


@pytest.mark.parametrize("left", [1, 2])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_with_one_card_left_the_high_bounds_are_the_best_endings(left, seed):
    s = endgame("wc-2p", left, seed)
    ends, _ = outside(s)
    lo, hi = bounds(s)
    assert hi == [max(e[p] for e in ends) for p in range(2)]
    towers = [0, 0, 0]
    s.game.kernel.score_towers(s.buf, towers)
    assert lo == [v + t for v, t in zip(s.scores(), towers)]  # the towers as they stand: no card lowers them


def test_a_bound_one_vote_too_tight_is_caught():
    s = endgame("wc-2p", 1, 1)

    def tight(state):
        got = bounds(state)
        return got and (got[0], [h - 1 for h in got[1]])

    assert outside(s)[1] == []
    assert outside(s, tight)[1] != []


def test_no_bounds_while_a_guild_power_is_left_or_in_round_one():
    s = engine.make("walled_city", 2, [], seed=1)
    rng = make_rng(1)
    first = None
    while not s.is_terminal():
        b = bounds(s)
        if b is not None and first is None:
            first = s.clone()
        seat = s.to_move()[0]
        moves = [m for m, _ in s.chance_outcomes()] if seat == CHANCE else s.legal_moves(seat)
        s.apply(seat, moves[rng.below(len(moves))])
    k = first.game.kernel
    assert first.buf[k.o_round] == 2
    assert all(first.buf[k.o_piv + p] == 1 for p in range(2))
    assert kernel_has_bounds(k)


class Sabotaged:
    """``kernel`` whose bounds claim seat ``w`` surely wins wherever they are written."""

    def __init__(self, kernel, w):
        self.k = kernel
        self.w = w

    def __getattr__(self, name):
        return getattr(self.k, name)

    def score_bounds(self, buf, lo, hi):
        m = self.k.score_bounds(buf, lo, hi)
        if m:
            lo[self.w] = hi[1 - self.w] + 1
            hi[self.w] = max(hi[self.w], lo[self.w])
        return m


@pytest.mark.parametrize("left,seed", [(6, 1), (8, 3), (10, 1), (12, 1)])
def test_the_solver_keeps_its_values_and_moves_with_fewer_nodes(left, seed):
    s = endgame("wc-2p", left, seed)
    a = Solver(memory=16).solve(s)
    b = Solver(memory=16, bounds=False).solve(s)
    assert a.value == pytest.approx(b.value, abs=1e-9)
    assert a.best == b.best
    assert sorted(a.values) == sorted(b.values)
    for m in a.values:
        assert a.values[m] == pytest.approx(b.values[m], abs=1e-9)
    assert a.nodes < b.nodes


def test_a_wrong_bound_would_change_the_solver_value():
    s = endgame("wc-2p", 6, 1)
    buf = root_buffer(s)

    def search(sabotage=None, bounds=True):
        x = Search(s.game, "win", TranspositionTable(2, 8, len(s.buf)), 10_000_000, bounds=bounds)
        if sabotage is not None:
            x.k = Sabotaged(x.k, sabotage)
        return x.value(buf)

    plain = search(bounds=False)
    assert search() == pytest.approx(plain, abs=1e-9)
    loser = 0 if plain[0] < 0.5 else 1
    assert search(loser) != pytest.approx(plain, abs=1e-9)


@pytest.mark.parametrize("left,seed", [(5, 1), (9, 2)])
def test_loop_and_python_search_agree_node_for_node_with_bounds(left, seed):
    s = endgame("wc-2p", left, seed)
    a = solve(s)
    b = solve(s, loop=False)
    assert a.value == pytest.approx(b.value, abs=1e-12)
    assert (a.best, a.pv, a.nodes) == (b.best, b.pv, b.nodes)
