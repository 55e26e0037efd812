"""The solver's score bounds of Guildes (``cython_ext/guildes_bounds.py``): every final vote
count lies within them, whatever is played; they are written only where they hold (the last
round's play phase of the base game, an edition whose places pay less from one to the next);
the solver's values do not change, and it searches fewer nodes where a winner is settled."""
from __future__ import annotations

import json

import numpy as np
import pytest

import engine
from cython_ext import select
from engine.core import CHANCE, make_rng
from search.solver import solve
from search.solver.exact import Search, root_buffer
from search.solver.table import TranspositionTable
from tests.search.bounds_helpers import assert_same_solution, check_endings_within, play_randomly, read_bounds
from tests.search.solver_positions import endgame

PLAY = 3  # the play phase (guildes_layout.pxd)


def final(state) -> list[int]:
    return [int(v) for v in state.game.field(state, "score")]


def history(players: int, seed: int, variants: tuple = ()) -> tuple[list, list[int]]:
    """Every decision point of a seeded random game, and its final votes."""
    seen: list = []
    end = play_randomly(engine.make("guildes", players, list(variants), seed=seed), make_rng(seed),
                        lambda s: seen.append(s.clone()) if s.to_move()[0] != CHANCE else None)
    return seen, final(end)


def where(state) -> tuple[int, int]:
    g = state.game
    return int(state.buf[g.layout["round"]]), int(state.buf[g.layout["phase"]])


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_end_within_every_bound_on_the_way(players):
    written = 0
    for seed in range(1, 5):
        seen, end = history(players, seed)
        for s in seen:
            b = read_bounds(s)
            if b is None:
                continue
            written += 1
            lo, hi = b
            assert all(lo[p] <= end[p] <= hi[p] for p in range(players)), (seed, lo, hi, end)
    # one position a seat decision in the last round's play phase: (played cards) x seats each game
    assert written >= 4 * players * {3: 8, 4: 7, 5: 5, 6: 5}[players]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_many_endings_from_the_start_of_the_last_play_phase_lie_within_its_bounds(players):
    rng = make_rng(players)
    for seed in (5, 6):
        seen, _ = history(players, seed)
        first = next(s for s in seen if read_bounds(s) is not None)
        lo, hi = read_bounds(first)
        for _ in range(40):
            end = final(play_randomly(first.clone(), rng))
            assert all(lo[p] <= end[p] <= hi[p] for p in range(players)), (seed, lo, hi, end)


@pytest.mark.parametrize("config", ["guildes-3p", "guildes-4p"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_ending_lies_within_the_bounds_of_every_node_below(config, seed):
    # every ending of the last two play steps, checked against the bounds of the position and
    # of the positions under it (the brute force of tests/search/bounds_helpers)
    players = int(config[-2])
    s = endgame(config, 2 * players, seed)
    assert check_endings_within(s, final, below=6, width=3) >= 4


@pytest.mark.skipif(select.twins("guildes")[0] is None, reason="compiled guildes not built (or GUILDHALL_PUREPYTHON=1)")
def test_compiled_and_interpreted_bounds_agree():
    checked = 0
    for players in (3, 4, 5, 6):
        seen, _ = history(players, 11)
        interpreted = seen[0].game.make_interpreted_kernel()
        for s in seen:
            got = read_bounds(s)
            assert got == read_bounds(s, interpreted)
            checked += got is not None
    assert checked >= 3 * 8 + 4 * 7 + 5 * 5 + 6 * 5


def test_the_last_seat_to_choose_has_exact_bounds():
    # at the last decision every other seat's last card is chosen, so the choosing seat's
    # knapsack is over its own cards alone: its bounds are the fewest and most votes its
    # choices give; the others' contain theirs
    for seed in range(1, 9):
        s = endgame("guildes-3p", 1, seed)
        seat = s.to_move()[0]
        outs = []
        for m in s.legal_moves(seat):
            x = s.clone()
            x.apply(seat, m)
            outs.append(final(x))
        lo, hi = read_bounds(s)
        assert (lo[seat], hi[seat]) == (min(o[seat] for o in outs), max(o[seat] for o in outs)), seed
        assert all(lo[p] <= o[p] <= hi[p] for o in outs for p in range(3))


def test_no_bounds_outside_the_last_play_phase():
    seen, _ = history(4, 7)
    phases = {}
    for s in seen:
        phases.setdefault(where(s), []).append(read_bounds(s) is not None)
    assert all(phases[(2, PLAY)])
    for key, got in phases.items():
        if key != (2, PLAY):
            assert not any(got), key


@pytest.mark.parametrize("variants", [("events",), ("tricks",), ("events", "tricks")])
def test_no_bounds_under_the_variants(variants):
    # the events change what a count counts and the dirty tricks move cards between tables
    seen, _ = history(4, 3, variants)
    assert not seen[0].game.kernel.bounds_ok
    assert all(read_bounds(s) is None for s in seen)


def test_no_bounds_from_an_edition_whose_places_pay_more_further_down(tmp_path):
    data = json.load(open(engine.make_game("guildes", 4).edition_path))
    for g in data["guilds"]:
        if "votes" in g and len(g["votes"][2]) >= 2:
            g["votes"][2][1] = g["votes"][2][0] + 1  # second place above first in the last round
            break
    path = tmp_path / "ed.json"
    path.write_text(json.dumps(data))
    game = engine.make_game("guildes", 4, (), edition=str(path))
    assert not game.kernel.bounds_ok
    assert engine.make_game("guildes", 4).kernel.bounds_ok


def test_monotone_reads_the_last_round_only():
    mod = select.load("guildes_bounds")
    places = np.array([1, 1, 3], dtype=np.intc)  # one guild: one place in rounds 1-2, three in 3
    values = np.zeros(3 * 4, dtype=np.intc)
    values[0], values[4] = 1, 2  # rounds 1 and 2 are never read
    values[8:11] = [5, 5, 0]
    assert mod.monotone(values, places, 1, -1, 3)
    values[10] = -1
    assert not mod.monotone(values, places, 1, -1, 3)
    values[10] = 0
    assert not mod.monotone(values, places, 1, -1, -3)  # militia votes below zero


def test_a_kernel_that_answered_other_positions_answers_as_a_fresh_one():
    # the per-guild memo (a column valued once is kept) never leaks from one position into another
    seen: list = []
    for seed in (1, 2):
        seen += [s for s in history(3, seed)[0] if read_bounds(s) is not None]
    used = seen[0].game.kernel
    rng = np.random.default_rng(0)
    for i in rng.permutation(len(seen)):
        s = seen[i]
        fresh = type(used)(s.game.cfg)
        assert read_bounds(s, used) == read_bounds(s, fresh)


@pytest.mark.parametrize("config,left,seed", [("guildes-3p", 16, 3), ("guildes-3p", 20, 2), ("guildes-3p", 24, 6),
                                              ("guildes-4p", 20, 3), ("guildes-4p", 16, 7)])
def test_the_solver_keeps_its_values_and_searches_fewer_nodes(config, left, seed):
    s = endgame(config, left, seed)
    on = solve(s, max_nodes=5_000_000)
    off = solve(s, bounds=False, max_nodes=5_000_000)
    assert_same_solution(on, off)
    assert on.pv == off.pv
    assert on.nodes < off.nodes


@pytest.mark.parametrize("reward", ["win", "rank"])
@pytest.mark.parametrize("config,left,seed", [("guildes-3p", 9, 3), ("guildes-4p", 8, 2), ("guildes-3p", 7, 5)])
def test_the_loop_and_the_python_search_read_the_bounds_alike(config, left, seed, reward):
    s = endgame(config, left, seed)
    a = solve(s, reward=reward)
    b = solve(s, reward=reward, loop=False)
    assert a.value == pytest.approx(b.value, abs=1e-12)
    assert (a.best, a.pv, a.nodes) == (b.best, b.pv, b.nodes)


def test_the_python_search_keeps_its_value_with_fewer_nodes():
    s = endgame("guildes-3p", 10, 8)
    buf = root_buffer(s)
    got = []
    for bounds in (True, False):
        search = Search(s.game, "win", TranspositionTable(s.players, 8, len(s.buf)), 1_000_000, bounds=bounds)
        got.append((search.value(buf), search.nodes))
    assert got[0][0] == pytest.approx(got[1][0], abs=1e-12)
    assert got[0][1] < got[1][1]
