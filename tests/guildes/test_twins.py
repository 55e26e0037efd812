"""The compiled Guildes kernel and the same source run interpreted agree exactly.

They catch what differs between C and Python in ``cython_ext/guildes*.py``:
C's truncating ``%`` and ``//`` on negatives (passing direction -1), integer
widths, the random generator's 64-bit wrap-around.
"""
import random

import numpy as np
import pytest

import engine
from cython_ext import select
from tests.guildes.helpers import random_states

compiled, twin = select.twins("guildes")
kernel_c, kernel_py = select.twins("kernel")
pytestmark = pytest.mark.skipif(compiled is None, reason="compiled guildes kernel not built")


def pair(players, variants=()):
    game = engine.make_game("guildes", players, variants)
    return game, compiled.GuildesKernel(game.cfg), twin.GuildesKernel(game.cfg)


def test_vote_count_twins_agree_on_random_tables():
    rnd = random.Random(5)
    game, kc, kp = pair(5)
    for _ in range(3000):
        table = np.array([[rnd.choice([0, 0, 1, 1, 2, 3, 4]) for _ in range(game.G)] for _ in range(5)],
                         dtype=np.intc).ravel()
        r = rnd.randrange(3)
        a = np.zeros(5, dtype=np.intc)
        b = np.zeros(5, dtype=np.intc)
        compiled.count_votes(table, 5, game.G, r, kc.militia, kc.mvotes, kc.places, kc.values, a)
        twin.count_votes(table, 5, game.G, r, kp.militia, kp.mvotes, kp.places, kp.values, b)
        assert (a == b).all()
        ta, tb = table.copy(), table.copy()
        compiled.exclude_ties(ta, 5, game.G, kc.militia, a)
        twin.exclude_ties(tb, 5, game.G, kp.militia, b)
        assert (ta == tb).all()


@pytest.mark.parametrize("variants", [(), ("events",), ("tricks",), ("events", "tricks")],
                         ids=lambda v: "+".join(v) or "base")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_moves_observe_determinize_rollout_agree(players, variants):
    game, kc, kp = pair(players, variants)
    moves_c = np.zeros(kc.max_moves + 1, dtype=np.intc)
    moves_p = np.zeros(kc.max_moves + 1, dtype=np.intc)
    for i, s in enumerate(random_states(players, 1, 100 + players, variants)):
        buf = s.buf
        assert kc.to_move(buf, moves_c) == kp.to_move(buf, moves_p)
        for seat in range(players):
            nc, np_ = kc.legal(buf, seat, moves_c), kp.legal(buf, seat, moves_p)
            assert nc == np_ and (moves_c[:nc] == moves_p[:np_]).all()
            for actor in range(-1, players):
                assert kc.observed_move(buf, actor, 0, seat) == kp.observed_move(buf, actor, 0, seat)
        probs_c, probs_p = np.zeros(kc.max_moves + 1), np.zeros(kc.max_moves + 1)
        nc, np_ = kc.chance(buf, moves_c, probs_c), kp.chance(buf, moves_p, probs_p)
        assert nc == np_ and (moves_c[:nc] == moves_p[:np_]).all() and (probs_c[:nc] == probs_p[:np_]).all()
        if nc:
            assert kc.sample_chance(buf, kernel_c.Rng(i)) == kp.sample_chance(buf, kernel_py.Rng(i))
        if i % 3:
            continue
        seat = i % players
        vc, vp = buf.copy(), buf.copy()
        kc.observe(vc, seat)
        kp.observe(vp, seat)
        assert (vc == vp).all()
        kc.determinize(vc, seat, kernel_c.Rng(i))
        kp.determinize(vp, seat, kernel_py.Rng(i))
        assert (vc == vp).all(), f"determinize differs at state {i}"
        if i % 9 == 0:
            rc, rp = buf.copy(), buf.copy()
            kc.rollout(rc, kernel_c.Rng(i))
            kp.rollout(rp, kernel_py.Rng(i))
            assert (rc == rp).all(), f"rollout differs at state {i}"


@pytest.mark.parametrize("players,variants", [(3, ()), (6, ()), (4, ("tricks",)), (5, ("events", "tricks"))])
def test_whole_games_step_by_step_agree(players, variants):
    """Every step applied by both kernels side by side, round ends included: what a seat
    remembers (``known``: the segments of the packets it saw, trick D's draw) and the draw on
    record (``dpair``, ``dpub``)."""
    from engine.core import HEADER
    from tests.guildes.test_trick_draw_worlds import use_tricks

    game, kc, kp = pair(players, variants)
    lay = game.layout
    drew = ends = 0
    for seed in range(4):
        rnd = random.Random(seed)
        narrow = use_tricks(rnd)
        s = game.new_initial_state(seed)
        a, b = s.buf.copy(), s.buf.copy()
        while not s.is_terminal():
            movers = s.to_move()
            if movers == (-1,):
                picks = [(-1, s.sample_chance(kernel_c.Rng(seed * 1000 + int(a[lay["step"]]))))]
            else:
                picks = []
                for seat in movers:
                    ms = narrow(s, s.legal_moves(seat))
                    picks.append((seat, ms[rnd.randrange(len(ms))]))
            before = int(a[lay["round"]])
            for seat, m in picks:
                s.apply(seat, m)
                kc.apply(a, seat, m)
                kp.apply(b, seat, m)
            assert (a == b).all() and (a[HEADER:] == s.buf[HEADER:]).all()  # the header: State's own
            ends += int(a[lay["round"]]) != before
            if "dpair" in lay.offsets:
                drew += int(lay.view(a, "dpair")[0] >= 0)
    assert ends >= 8  # three round ends a game, the last with no memory
    assert drew > 0 or "tricks" not in variants


@pytest.mark.parametrize("players,variants", [(3, ("tricks",)), (5, ("events", "tricks")), (4, ("events",))])
def test_a_view_past_a_round_end_agrees(players, variants):
    """A view's round end reads the packets as its seat saw them (``c_segments_seen``)."""
    from tests.guildes.test_view_round_end import round_ends

    game, kc, kp = pair(players, variants)
    followed = 0
    for seed in range(3):
        for s, moves in round_ends(players, variants, seed):
            for i in range(players):
                view = s.observe(i)
                if not all(view.is_legal(seat, m) for seat, m in moves):
                    continue
                a, b = view.buf.copy(), view.buf.copy()
                for seat, m in moves:
                    kc.apply(a, seat, m)
                    kp.apply(b, seat, m)
                assert (a == b).all()
                followed += 1
    assert followed > 0
