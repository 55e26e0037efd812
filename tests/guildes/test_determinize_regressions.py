"""Determinization never gives up: games that once hit a dead end."""
import random

import pytest

import engine
from engine.core import CHANCE, make_rng


@pytest.mark.parametrize("players, variants, seed", [(4, ["events"], 20), (5, ["events", "tricks"], 12)])
def test_every_seat_can_be_determinized_in_every_play_state(players, variants, seed):
    game = engine.make_game("guildes", players, variants)
    phase = game.layout["phase"]
    s = game.new_initial_state(seed)
    rnd = random.Random(seed)
    checked = 0
    while not s.is_terminal():
        m = s.to_move()
        if m == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        else:
            seat = m[rnd.randrange(len(m))]
            s.apply(seat, rnd.choice(s.legal_moves(seat)))
        if int(s.buf[phase]) == 3:  # play phase: the constrained case
            for seat in range(players):
                world = s.determinize(seat, make_rng(checked))
                assert world.observe(seat) == s.observe(seat)
                checked += 1
    assert checked > 0
