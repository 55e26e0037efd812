"""The solver's score bounds of City and Guilds (``cython_ext/city_and_guilds_bounds.py``):
every final money lies within them, whatever is played; exact with one space left; the
steps flagged as changing nothing lead to the same values whatever is chosen."""
from __future__ import annotations

import numpy as np
import pytest

import engine
from cython_ext.city_and_guilds_layout import EMPTY
from engine.core import CHANCE, make_rng
from search.solver import Solver
from tests.city_and_guilds.helpers import random_play
from tests.search.bounds_helpers import check_endings_within as endings_within
from tests.search.bounds_helpers import endings as all_endings
from tests.search.bounds_helpers import assert_same_solution, bounds_along_a_random_game, read_bounds
from tests.search.solver_positions import endgame

PLAYERS = 3


def bounds(state) -> tuple[list[int], list[int]] | None:
    return read_bounds(state, size=PLAYERS + 8)


def same_step(state) -> bool:
    """Whether the kernel flags the step at ``state`` as changing nothing that counts."""
    z = np.zeros(PLAYERS + 8, dtype=np.intc)
    return state.game.kernel.score_bounds(state.buf, z, z.copy()) < 0


def empty(state) -> int:
    return int((state.game.field(state, "tile") == EMPTY).sum())


def money(state) -> list[int]:
    out = np.zeros(state.players, dtype=np.intc)
    state.game.kernel.scores(state.buf, out)
    return out.tolist()


def endings(state, out: set) -> None:
    """Every final money vector reachable from ``state`` (all moves, all chance outcomes)."""
    all_endings(state, out, money)


@pytest.mark.parametrize("seed", range(1, 13))
def test_random_games_end_within_every_bound_on_the_way(seed):
    seen, s = bounds_along_a_random_game(engine.make("city_and_guilds", PLAYERS, [], seed=seed), make_rng(seed),
                                         bounds)
    final = money(s)
    assert len(seen) > 10  # the bounds are asked at every draw of the game
    for lo, hi in seen:
        assert all(a <= x <= b for a, x, b in zip(lo, final, hi)), (lo, final, hi)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
@pytest.mark.parametrize("left", [2, 3, 4])
def test_every_ending_of_a_small_position_within_its_bounds(seed, left):
    s = endgame("cag-3p", left, seed)
    ends: set = set()
    endings(s, ends)
    # every position on the way with bounds, not just the root
    endings_within(s, money, bounds, below=10 ** 9, width=3, most=20)
    assert ends


def last_draws(seeds) -> list:
    """The draw positions with one empty space left, from seeded random games."""
    return [s.clone() for seed in seeds for s in random_play(PLAYERS, seed)
            if s.to_move()[0] != CHANCE and bounds(s) is not None
            and int((s.game.field(s, "tile") == EMPTY).sum()) == 1]


def test_one_space_left_the_bounds_are_the_lowest_and_highest_ending():
    positions = last_draws(range(1, 9))
    assert len(positions) >= 6
    for s in positions:
        ends: set = set()
        endings(s, ends)
        lo, hi = bounds(s)
        assert lo == [min(e[p] for e in ends) for p in range(PLAYERS)]
        assert hi == [max(e[p] for e in ends) for p in range(PLAYERS)]


@pytest.mark.parametrize("reward", ["win", "rank"])
def test_the_solver_with_bounds_gives_the_same_values_in_fewer_nodes(reward):
    nodes_on = nodes_off = 0
    for left, seed in [(3, 1), (4, 1), (4, 3), (5, 5)]:
        s = endgame("cag-3p", left, seed)
        on = Solver(reward, memory=16).solve(s)
        off = Solver(reward, memory=16, bounds=False).solve(s)
        assert_same_solution(on, off)
        assert on.nodes <= off.nodes
        nodes_on += on.nodes
        nodes_off += off.nodes
    assert nodes_on < nodes_off / 2  # positions whose winner is known are not searched


def test_the_budgeted_bounds_are_tighter_far_from_the_end():
    # four to eight empty spaces, seeds 1-6: the median width was 75-136 before the seats'
    # tiles were budgets (session 6); a regression loosening them fails here
    widths = {}
    for seed in range(1, 7):
        for s in random_play(PLAYERS, seed):
            b = bounds(s) if s.to_move()[0] != CHANCE else None
            if b is not None and 4 <= empty(s) <= 8:
                widths.setdefault(empty(s), []).extend(h - lo for lo, h in zip(*b))
    assert set(widths) == {4, 5, 6, 7, 8}
    assert float(np.median(widths[4])) < 60
    assert float(np.median(widths[8])) < 110


def flagged_positions(seeds, lefts) -> list:
    """Every position flagged as changing nothing, on the way from small endgames (the first
    move or outcome of each step after it, to keep them few)."""
    found = []
    for seed in seeds:
        for left in lefts:
            x = endgame("cag-3p", left, seed)
            while not x.is_terminal():
                if same_step(x):
                    found.append(x.clone())
                seat = x.to_move()[0]
                moves = [m for m, _ in x.chance_outcomes()] if seat == CHANCE else x.legal_moves(seat)
                x.apply(seat, moves[0])
    return found


def test_a_step_flagged_as_changing_nothing_leads_to_the_same_values():
    positions = flagged_positions([1, 2, 3], [4, 5])
    draws = [x for x in positions if x.to_move()[0] != CHANCE]
    refills = [x for x in positions if x.to_move()[0] == CHANCE]
    assert draws and refills
    for x in positions:
        seat = x.to_move()[0]
        assert (empty(x) <= PLAYERS) if seat == CHANCE else (empty(x) < PLAYERS)
        moves = [m for m, _ in x.chance_outcomes()] if seat == CHANCE else x.legal_moves(seat)
        values = set()
        for m in moves:
            c = x.clone()
            c.apply(seat, m)
            values.add(tuple(round(v, 9) for v in Solver(memory=16, bounds=False).solve(c).value))
        assert len(values) == 1, (seat, empty(x), values)


def test_a_draw_that_still_counts_is_not_flagged():
    # a draw by a seat that places again (as many empty spaces as seats, or more) is searched
    s = endgame("cag-3p", 9, 1)
    seen = 0
    while not s.is_terminal():
        seat = s.to_move()[0]
        if seat != CHANCE and bounds(s) is not None and empty(s) >= PLAYERS:
            assert not same_step(s)
            seen += 1
        moves = [m for m, _ in s.chance_outcomes()] if seat == CHANCE else s.legal_moves(seat)
        s.apply(seat, moves[0])
    assert seen >= 2
