"""Clock time management (search/timeman.py): the clock spread over the seat's decisions to come."""
import time

import pytest

import engine
from engine.core import CHANCE, make_rng
from engine.perft import play_to_decision
from search.api import Limits, make_player
from search.ismcts import plan
from search.timeman import COUNT_FROM, MOVES_AHEAD, RESERVE, SPARE, clock_budget, move_budget, seat_moves_left

TABLES = [("walled_city", 2), ("city_and_guilds", 4), ("guildes", 4), ("between_two_cities", 3)]


def seat_decisions(state, seat, seed):
    """The decisions ``seat`` makes in one random playout of the full state (the true count)."""
    rng, w, made = make_rng(seed), state.clone(), 0
    while not w.is_terminal():
        mover = w.to_move()[0]
        if mover == CHANCE:
            w.apply(CHANCE, w.sample_chance(rng))
            continue
        made += mover == seat
        moves = w.legal_moves(mover)
        w.apply_trusted(mover, moves[rng.below(len(moves))])
    return made


def spend(moves, clock, budget):
    """The budgets of ``moves`` decisions each spending all of its budget, from ``clock`` seconds."""
    out = []
    for k in range(moves):
        t = budget(clock, moves - k)
        out.append(t)
        clock -= t
    return out, clock


def test_counted_decisions_spread_the_clock_evenly_and_keep_a_reserve():
    even, left = spend(90, 60.0, lambda c, n: move_budget(c, 0.0, n))
    assert left > RESERVE and max(even) / min(even) < 1.1  # about 60 / 92 each, to the last
    fixed, _ = spend(90, 60.0, lambda c, n: move_budget(c, 0.0))
    assert fixed[-1] < 0.02 * fixed[0]  # the fixed share left the last decisions almost nothing
    assert sum(fixed[60:]) < 0.05 * 60.0 and sum(even[60:]) > 30 / 92 * 60.0 - 1e-9  # the last third


@pytest.mark.parametrize("remaining,inc,left", [(0.0, 0.0, 5), (0.04, 0.0, 1), (0.3, 5.0, 1), (100.0, 0.0, 1)])
def test_a_budget_never_takes_more_than_half_of_what_is_usable(remaining, inc, left):
    t = move_budget(remaining, inc, left)
    assert t <= max(0.001, (remaining - RESERVE) / 2) + 1e-12
    assert t == pytest.approx(max(0.001, min(remaining / (left + SPARE) + 0.75 * inc,
                                             max(0.0, remaining - RESERVE) / 2)))


@pytest.mark.parametrize("game,players", TABLES)
def test_the_count_is_the_seats_decisions_to_the_end(game, players):
    s = play_to_decision(engine.make(game, players, seed=5), 1)
    seat = s.to_move()[0]
    counted = seat_moves_left(s.observe(seat), seat)
    true = [seat_decisions(s, seat, k) for k in range(3)]
    assert min(true) - 4 <= counted <= max(true) + 4, (counted, true)
    assert counted > 20


@pytest.mark.parametrize("game,players", TABLES)
def test_a_seats_last_decision_counts_one(game, players):
    s = engine.make(game, players, seed=2)
    rng = make_rng(3)
    last = None
    while not s.is_terminal():  # the last state where seat 0 decides
        mover = s.to_move()[0]
        if mover == CHANCE:
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        if mover == 0:
            last = s.clone()
        moves = s.legal_moves(mover)
        s.apply_trusted(mover, moves[rng.below(len(moves))])
    assert seat_moves_left(last.observe(0), 0) == 1


def test_the_count_reads_the_seats_view_only():
    # two full deals that seat 0 cannot tell apart, handed over whole: the same count (the
    # worlds are drawn from the seat's view of each, never from the deal itself)
    a = play_to_decision(engine.make("city_and_guilds", 4, seed=5), 1)
    b = a.observe(0).determinize(0, make_rng(9))
    assert (a.buf[2:] != b.buf[2:]).any()  # other hands, not only the dealer word
    assert seat_moves_left(a, 0) == seat_moves_left(b, 0) == seat_moves_left(a.observe(0), 0)


def test_under_a_clock_the_deadline_spreads_the_clock_over_the_decisions_to_come():
    s = play_to_decision(engine.make("walled_city", 2, seed=3), 1)
    view = s.observe(0)
    n = seat_moves_left(view, 0)
    _, deadline, _ = plan(Limits(clock=[60.0, 60.0]), 0, 2, 100.0, view)
    assert deadline - 100.0 == pytest.approx(60.0 / (n + SPARE))
    _, deadline, _ = plan(Limits(clock=[60.0, 60.0]), 0, 2, 100.0)  # no view: the fixed share
    assert deadline - 100.0 == pytest.approx(60.0 / MOVES_AHEAD)
    short = COUNT_FROM / 2  # too little left to count: the fixed share
    assert clock_budget(short, 0.0, view, 0) == move_budget(short, 0.0)


def test_a_clocked_move_of_a_long_game_takes_its_share_not_a_twentieth():
    s = play_to_decision(engine.make("walled_city", 2, seed=3), 1)
    t0 = time.perf_counter()
    make_player("ismcts", seed=1).choose(s, 0, Limits(clock=[20.0, 20.0]))
    took = time.perf_counter() - t0
    assert took < 20.0 / MOVES_AHEAD * 0.6  # a ninety-second of 20 s, not a twentieth (1 s)
