"""A seat's view marks another seat's hidden choice already made at a
simultaneous step (``CHOSEN``), so the view and the full state agree on who is
to move; ``determinize`` keeps such choices made (``keep_chosen=False``: cleared)."""
import random

import numpy as np
import pytest

import engine
from cython_ext import select
from engine.core import CHANCE, make_rng

CONFIGS = [(3, ()), (4, ("events",)), (5, ("tricks",)), (6, ("events", "tricks")), (3, ("events",)),
           (4, ("events", "tricks"))]
CHOSEN = -2


def mid_step_states(players, variants, seed, per_game=12):
    """States of one random game in the middle of simultaneous steps: some seats have chosen."""
    rnd = random.Random(seed)
    s = engine.make("guildes", players=players, variants=list(variants), seed=seed)
    out = []
    while not s.is_terminal():
        movers = s.to_move()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(make_rng(rnd.getrandbits(32))))
            continue
        seat = rnd.choice(movers)
        s.apply(seat, rnd.choice(s.legal_moves(seat)))
        if 1 <= len(s.to_move()) < players and s.to_move()[0] != CHANCE and rnd.random() < 0.3:
            out.append(s.clone())
    rnd.shuffle(out)
    return out[:per_game]


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_a_view_agrees_with_the_state_on_who_is_to_move(players, variants):
    found = 0
    for seed in range(3):
        for s in mid_step_states(players, variants, seed):
            for seat in range(players):
                view = s.observe(seat)
                assert view.to_move() == s.to_move()
                assert s.game.parse_state(view.to_string()) == view  # the marker reads back
            found += len(s.to_move()) < players
    assert found > 0


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_determinize_keeps_made_choices_unless_asked_not_to(players, variants):
    game = engine.make_game("guildes", players, list(variants))
    pend = game.layout.offsets["pending"]
    rnd = random.Random(1)
    for seed in range(2):
        for s in mid_step_states(players, variants, seed, per_game=6):
            for seat in range(players):
                view = s.observe(seat)
                k = rnd.getrandbits(32)
                kept = s.determinize(seat, make_rng(k))
                assert kept.to_move() == s.to_move()
                assert kept.observe(seat) == view  # the same view, markers included
                assert view.determinize(seat, make_rng(k)) == kept  # reads the view only
                cleared = s.determinize(seat, make_rng(k), keep_chosen=False)
                again = cleared.observe(seat).buf
                marked = view.buf.copy()
                marked[marked == CHOSEN] = -1
                assert np.array_equal(again[2:], marked[2:])  # the others choose again
                for who in range(players):
                    if who != seat and view.buf[pend + who] == CHOSEN:
                        assert 0 <= kept.buf[pend + who] < game.G
                        assert cleared.buf[pend + who] == -1
                # the world plays on to the end from the kept choices
                kept.rollout(make_rng(k))


def test_kept_choices_are_drawn_from_the_seat_s_own_cards():
    """While drafting, another seat's kept pick is a card of the packet it holds
    in the world, and over many worlds more than one guild turns up."""
    s = engine.make("guildes", players=4, seed=3)
    while s.is_chance():
        s.apply(CHANCE, s.sample_chance())
    s.apply(2, s.legal_moves(2)[0])
    lay = s.game.layout
    picks = set()
    for k in range(60):
        w = s.determinize(0, make_rng(k))
        g = int(lay.view(w.buf, "pending")[2])
        packet = lay.view(w.buf, "hist")[0, 2]  # pick 0: seat 2 holds packet 2
        assert packet[g] > 0
        picks.add(g)
    assert len(picks) > 1


compiled, twin = select.twins("guildes")
kernel_c, kernel_py = select.twins("kernel")


@pytest.mark.skipif(compiled is None, reason="compiled guildes kernel not built")
@pytest.mark.parametrize("players,variants", CONFIGS[:4])
def test_compiled_and_interpreted_keep_alike(players, variants):
    game = engine.make_game("guildes", players, list(variants))
    kc, kp = compiled.GuildesKernel(game.cfg), twin.GuildesKernel(game.cfg)
    for s in mid_step_states(players, variants, 5, per_game=4):
        for seat in range(players):
            va, vb = s.observe(seat).buf.copy(), s.observe(seat).buf.copy()
            kc.determinize_keep(va, seat, kernel_c.Rng(9))
            kp.determinize_keep(vb, seat, kernel_py.Rng(9))
            assert np.array_equal(va, vb)
