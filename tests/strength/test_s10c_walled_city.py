"""Session 10's Walled City candidates at 400 iterations do not peek; the rank replay plays a plan's games."""
import numpy as np
import pytest

import engine
from bench import plan_ranks as ranks
from bench.plan import one_game
from bench.strength import parse_opts
from engine.core import make_rng
from search.api import Limits, make_player
from tests.search.helpers import COMPILED, random_decision



@pytest.mark.parametrize("change", [{"keys": "view"}, {"tree": "so"}])
def test_the_candidates_do_not_peek(change):
    # two states the seat cannot tell apart (the other a determinization for it) get the same search
    s = random_decision(engine.make("walled_city", players=3, seed=6), 6, 60)
    seat = s.to_move()[0]
    other = s.determinize(seat, make_rng(1006))
    assert s.observe(seat) == other.observe(seat)
    assert not np.array_equal(s.buf, other.buf)  # the hidden part really differs
    iters = 400 if COMPILED else 12
    res = []
    for st in (s, other):
        p = make_player("ismcts", seed=5, **change)  # the rest from the default preset, bias-1.0
        m = p.choose(st, seat, Limits(iterations=iters))
        res.append((m, [(x.move, x.visits, x.value) for x in p.last_info.moves]))
    assert res[0] == res[1]


def test_rank_counts_the_seats_ahead_and_winners_share_first():
    assert ranks.rank([10, 20, 15], [1], 1) == 1
    assert ranks.rank([10, 20, 15], [1], 2) == 2
    assert ranks.rank([10, 20, 15], [1], 0) == 3
    assert ranks.rank([20, 20, 15], [0], 1) == 2  # level on votes, lost the tie-break
    assert ranks.rank([20, 20, 15], [0, 1], 1) == 1
    assert ranks.rank([20, 15, 15], [0], 2) == 2


def test_the_replay_is_the_plan_game():
    # interpreted, a whole game costs seconds even at one iteration a decision: one game there
    row = {"id": "t", "game": "walled_city", "players": 3, "iterations": 6 if COMPILED else 1, "games": 2,
           "seed": 41, "pair": "textbook:ismcts", "set": ["ismcts.keys=view"]}
    for i in (range(2) if COMPILED else [1]):
        me, scores, _rounds, winners = ranks.replay(row, i)
        assert me == i % 3 and len(scores) == 3 and winners
        assert (1.0 / len(winners) if me in winners else 0.0) == one_game(row, i, parse_opts(row["set"]))
