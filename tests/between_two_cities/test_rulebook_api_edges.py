"""The public API's edges for Between Two Cities, at every player count and variant.

State strings print and parse back (full states and every seat's view), every
legal move and chance outcome prints to a text that parses back to it (and no
two share a text), and a seat's view hides exactly the discards of the hands
it never held ("discard it face-down"); both modes.
"""
import random

import pytest

import engine
from cython_ext.between_two_cities_encoding import NOTHING, UNSEEN
from engine.core import CHANCE, make_rng

GAME = "between_two_cities"
CONFIGS = [(2, ("two-player",)), (2, ("two-player", "beginner", "districts")), (2, ("two-player-advanced",)),
           (3, ()), (3, ("beginner", "districts")), (4, ("districts",)), (5, ("beginner",)), (6, ()),
           (6, ("districts", "beginner")), (7, ())]


def states(players, variants, seed, every):
    """Full states along one random game, every ``every`` plies (chance included)."""
    rnd, rng = random.Random(seed), make_rng(seed)
    s = engine.make(GAME, players, list(variants), seed=seed)
    ply = 0
    while s.to_move():
        if ply % every == 0:
            yield s
        movers = s.to_move()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            seat = movers[rnd.randrange(len(movers))]
            s.apply(seat, rnd.choice(s.legal_moves(seat)))
        ply += 1
    yield s


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_state_strings_round_trip_for_states_and_views(players, variants):
    g = engine.make_game(GAME, players, variants)
    n = 0
    for s in states(players, variants, players * 3 + len(variants), 29):
        assert g.parse_state(s.to_string()).buf.tolist() == s.buf.tolist()
        for seat in range(players):
            v = s.observe(seat)
            assert g.parse_state(v.to_string()).buf.tolist() == v.buf.tolist()
        n += 1
    assert n > 5


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_every_legal_move_prints_and_parses_back(players, variants):
    n = 0
    for s in states(players, variants, players * 5 + len(variants), 7):
        if s.is_terminal():
            continue
        movers = s.to_move()
        if movers == (CHANCE,):
            pairs = [(CHANCE, m) for m, _ in s.chance_outcomes()]
        else:
            pairs = [(seat, m) for seat in movers for m in s.legal_moves(seat)]
        texts = {}
        for seat, m in pairs:
            text = s.move_to_string(seat, m)
            assert s.parse_move(seat, text) == m, text
            assert (seat, text) not in texts, f"{text!r} names two moves"
            texts[(seat, text)] = m
            n += 1
    assert n > 100


def test_a_seat_sees_the_discards_of_the_hands_it_held_and_no_others():
    # 7 players: a round-one hand is passed four times, so it has been held by five seats
    s = engine.make(GAME, 7, [], seed=3)
    rnd, rng = random.Random(3), make_rng(3)
    lay = s.game.layout
    while int(s.buf[lay["round"]]) < 2:
        movers = s.to_move()
        s.apply(CHANCE, s.sample_chance(rng)) if movers == (CHANCE,) else \
            s.apply(movers[0], rnd.choice(s.legal_moves(movers[0])))
    full = lay.view(s.buf, "disc")
    assert (full[:2] >= 0).all()
    for seat in range(7):
        disc = lay.view(s.observe(seat).buf, "disc")
        # the hand at position q ends round one after passing through seats q-4 .. q
        held = {(seat + k) % 7 for k in range(5)}
        assert [q for q in range(7) if disc[0, q] != UNSEEN] == sorted(held)
        assert all(disc[0, q] == full[0, q] for q in held)
        # round two's duplex hands are not passed: only the seat's own discard is seen
        assert [q for q in range(7) if disc[1, q] != UNSEEN] == [seat]
        assert (disc[2] == NOTHING).all()  # round three has not ended: no discard yet
