"""Rollouts cut at the kernel's horizon (``horizon``: Guildes' end of a round) and scored by
the kernel's estimate of the rest, weighted ``horizon`` percent (``kernel.horizon_close``)."""
import numpy as np
import pytest

import engine
from cython_ext import select
from engine.core import CHANCE
from search import core
from search.api import Limits, make_player
from tests.search.helpers import first_decision

Rng = select.load("kernel").Rng


def after_first_count(g, seed):
    """A Guildes state just after the first round's count (the next round's event to draw),
    played at random from the deal."""
    s = g.new_initial_state(seed)
    k = g.kernel
    seats = np.zeros(16, np.intc)
    moves = np.zeros(k.max_moves, np.intc)
    rng = Rng(seed)
    b = s.buf
    while k.horizon_mark(b) == 0:
        n = k.to_move(b, seats)
        if seats[0] == CHANCE:
            k.apply(b, CHANCE, k.sample_chance(b, rng))
            continue
        picks = []
        for j in range(n):
            c = k.legal(b, int(seats[j]), moves)
            picks.append(int(moves[rng.below(c)]))
        for j in range(n):
            k.apply(b, int(seats[j]), picks[j])
    return b


@pytest.mark.parametrize("players", [3, 4, 6])
@pytest.mark.parametrize("weight", [100, 50, 33])
def test_the_close_adds_the_later_counts_of_the_tables_as_they_stand(players, weight):
    g = engine.make_game("guildes", players)
    k = g.kernel
    for seed in range(3):
        b = after_first_count(g, seed)
        assert k.horizon_mark(b) == 1 and k.to_move(b, np.zeros(16, np.intc)) == 1
        table = g.layout.view(b, "table").copy()
        before = [int(x) for x in g.layout.view(b, "score")]
        assert sum(before) > 0  # the first count was made
        k.horizon_close(b, weight)
        later = [v1 + v2 for v1, v2 in zip(g.votes(table, 1), g.votes(table, 2))]
        # weighted, rounded to the nearest point (halves up)
        expect = [a + (v * weight + 50) // 100 for a, v in zip(before, later)]
        assert [int(x) for x in g.layout.view(b, "score")] == expect
        assert k.to_move(b, np.zeros(16, np.intc)) == 0  # finished: the search scores it


@pytest.mark.parametrize("epsilon", [0.1, 1.0])
def test_a_horizon_rollout_plays_one_round_then_scores_the_tables_for_three(epsilon):
    g = engine.make_game("guildes", 4)
    k = g.kernel
    for seed in range(4):
        b = first_decision(g, seed).buf.copy()
        pol = core.policy_rollout(k, epsilon, 0, 100)
        pol(b, Rng(seed))
        assert k.to_move(b, np.zeros(16, np.intc)) == 0
        table = g.layout.view(b, "table")
        # one round of plays on the tables (4 players: 7 of the 9 cards dealt each)
        assert int(table.sum()) == 4 * 7
        assert [int(x) for x in g.layout.view(b, "score")] == [
            a + b_ + c for a, b_, c in zip(g.votes(table, 0), g.votes(table, 1), g.votes(table, 2))]
        full = core.policy_rollout(k, epsilon, 0)
        f = first_decision(g, seed).buf.copy()
        full(f, Rng(seed))
        assert full.steps > pol.steps  # the whole game takes more decisions than its first round


def test_compiled_and_interpreted_horizon_rollouts_are_the_same():
    C, PY = select.twins("rollout_policy")
    if C is None:
        pytest.skip("the compiled rollout policy is not built")
    gc = engine.make_game("guildes", 5)
    for seed in range(3):
        a = first_decision(gc, seed).buf.copy()
        b = a.copy()
        C.RolloutPolicy(gc.kernel, 0.2, 0, 40)(a, Rng(seed))
        PY.RolloutPolicy(gc.make_interpreted_kernel(), 0.2, 0, 40)(b, Rng(seed))
        assert a.tolist() == b.tolist()


def test_a_kernel_without_a_horizon_plays_to_the_end_as_before():
    g = engine.make_game("between_two_cities", 3)
    k = g.kernel
    assert k.horizon_mark(first_decision(g, 0).buf.copy()) == -1
    a, b = first_decision(g, 0).buf.copy(), first_decision(g, 0).buf.copy()
    core.policy_rollout(k, 0.1, 0, 100)(a, Rng(5))
    core.policy_rollout(k, 0.1, 0)(b, Rng(5))
    assert a.tolist() == b.tolist() and k.to_move(a, np.zeros(16, np.intc)) == 0


@pytest.mark.parametrize("rollout", ["egreedy", "random"])
def test_the_search_option_plays_legal_moves(rollout):
    g = engine.make_game("guildes", 4)
    s = g.new_initial_state(3)
    while s.is_chance():
        s.apply(CHANCE, s.sample_chance())
    seat = s.to_move()[0]
    p = make_player("ismcts", seed=1, horizon=50, rollout=rollout)
    m = p.choose(s.observe(seat), seat, Limits(iterations=200))
    assert m in s.legal_moves(seat)


@pytest.mark.parametrize("bad", ["round", 101, -1, 0.5])
def test_the_option_is_a_percentage(bad):
    from engine.errors import BadConfig
    with pytest.raises(BadConfig):
        make_player("ismcts", horizon=bad)


def test_the_policy_refuses_a_weight_out_of_range():
    g = engine.make_game("guildes", 3)
    with pytest.raises(ValueError):
        core.policy_rollout(g.kernel, 0.1, 0, 101)
