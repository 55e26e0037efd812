"""Hidden information: hands and pile order are hidden, face-up tiles public."""
import random

import numpy as np

from cython_ext.city_and_guilds_layout import CHOSEN, DISCARD, EMPTY, MINSTREL, NK
from engine.core import CHANCE, make_rng
from tests.city_and_guilds.helpers import f, game, place, position


def test_view_hides_other_hands_and_the_piles_but_not_the_face_up_row():
    s = position(hands={1: ["minstrel", "market-bakers", "building-bakers"]})
    v = s.observe(0)
    hand = f(v, "hand").reshape(4, NK)
    assert (hand[1:] == -1).all() and (hand[0] >= 0).all()
    assert (f(v, "supply") == -1).all()
    assert list(f(v, "face")) == list(f(s, "face"))
    assert list(f(v, "hsize")) == list(f(s, "hsize"))


def test_a_tile_drawn_face_up_stays_known_in_that_hand():
    s = position(tiles={"e1": ("minstrel", None, 0)}, hands={1: ["market-bakers"] * 3}, cur=1,
                 face=("minstrel", "building-bakers", "market-candlemakers"))
    place(s, 1, "place market-bakers f1")
    place(s, 1, "draw 1")
    v = s.observe(0)
    assert f(v, "known").reshape(4, NK)[1, MINSTREL] == 1
    for seed in range(5):
        w = s.determinize(0, make_rng(seed))
        assert f(w, "hand").reshape(4, NK)[1, MINSTREL] == 1
    assert "incl. minstrel" in s.draw(0)


def test_determinize_deals_unknown_tiles_without_minstrels_and_keeps_totals():
    g = game(4)
    s = g.new_initial_state(9)
    rng = make_rng(9)
    while s.to_move() == (CHANCE,):
        s.apply(CHANCE, s.sample_chance(rng))
    for seed in range(10):
        w = s.determinize(2, make_rng(seed))
        hand = f(w, "hand").reshape(4, NK)
        assert (hand[:, MINSTREL] == 0).all()
        assert list(hand.sum(axis=1)) == [4, 4, 4, 4]
        assert int(hand.sum() + f(w, "supply").sum()) == sum(g.totals)
        assert (hand[2] == f(s, "hand").reshape(4, NK)[2]).all()


def test_pending_discards_of_others_show_only_that_they_are_chosen():
    g = game(3)
    s = g.new_initial_state(1)
    rng = make_rng(1)
    while s.to_move() == (CHANCE,):
        s.apply(CHANCE, s.sample_chance(rng))
    assert g.phase(s) == DISCARD
    s.apply(1, s.legal_moves(1)[0])
    assert s.to_move() == (0, 2)
    for seat in range(3):  # every view knows who still owes a discard, not what was chosen
        v = s.observe(seat)
        assert v.to_move() == (0, 2)
        assert list(f(v, "pend")) == [0, f(s, "pend")[1] if seat == 1 else CHOSEN, 0]
    s.apply(0, s.legal_moves(0)[0])
    assert s.observe(2).to_move() == s.to_move() == (2,)
    assert s.observe(1).to_move() == (2,)


def test_determinize_keeps_the_others_discards_chosen_and_drawn_from_their_hands():
    g = game(3)
    s = g.new_initial_state(2)
    rng = make_rng(2)
    while s.to_move() == (CHANCE,):
        s.apply(CHANCE, s.sample_chance(rng))
    s.apply(1, s.legal_moves(1)[0])
    s.apply(2, s.legal_moves(2)[-1])
    drawn = {}
    for seed in range(200):
        w = s.determinize(0, make_rng(seed))
        assert w.to_move() == (0,) and w.observe(0) == s.observe(0)
        for p in (1, 2):
            kind = int(f(w, "pend")[p]) - 1
            assert f(w, "hand").reshape(3, NK)[p, kind] > 0  # a tile of its sampled hand
            drawn.setdefault(p, set()).add(kind)
    assert all(len(kinds) >= 4 for kinds in drawn.values())  # redrawn, not the true choice


def test_a_seats_own_setup_discard_is_kept_in_the_piles_until_a_refill_of_its_kind():
    g = game(4)
    s = g.new_initial_state(5)
    rng = make_rng(5)
    while s.to_move() == (CHANCE,):
        s.apply(CHANCE, s.sample_chance(rng))
    for seat in range(4):
        s.apply(seat, s.legal_moves(seat)[0])
    put = [int(x) for x in f(s, "putback")]
    assert all(p > 0 for p in put)
    assert list(f(s.observe(2), "putback")) == [-1, -1, put[2], -1]
    for seed in range(50):
        w = s.determinize(2, make_rng(seed))
        assert f(w, "supply")[put[2] - 1] >= 1 and list(f(w, "putback")) == [0, 0, put[2], 0]
    kind = put[2] - 1  # a face-up refill of that kind may be the very tile: no longer known
    f(s, "face")[0] = EMPTY
    f(s, "supply")[kind] = max(1, int(f(s, "supply")[kind]))
    g.kernel.apply(s.buf, CHANCE, kind)
    assert f(s, "putback")[2] == 0


def test_observed_move_hides_deals_and_discards_from_other_seats():
    g = game(3)
    s = g.new_initial_state(1)
    k = g.kernel
    m = s.chance_outcomes()[0][0]
    assert k.observed_move(s.buf, CHANCE, m, 0) == m  # seat 0 sees its own tile
    assert k.observed_move(s.buf, CHANCE, m, 1) >= k.max_moves
    rng = make_rng(1)
    while s.to_move() == (CHANCE,):
        s.apply(CHANCE, s.sample_chance(rng))
    d = s.legal_moves(1)[0]
    assert k.observed_move(s.buf, 1, d, 1) == d and k.observed_move(s.buf, 1, d, 0) >= k.max_moves
    p = position()
    move = p.legal_moves(0)[0]
    assert all(g.kernel.observed_move(p.buf, 0, move, o) == move for o in range(3))


def test_determinization_does_not_depend_on_hidden_truth():
    s = position(hands={1: ["minstrel", "market-bakers", "building-bakers"]})
    t = position(hands={1: ["market-candlemakers", "market-bakers", "building-bakers"]})
    assert s.observe(0) == t.observe(0)  # only hidden values differ
    assert s.determinize(0, make_rng(4)) == t.determinize(0, make_rng(4))
