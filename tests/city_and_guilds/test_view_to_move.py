"""A seat's view says who is to move as the full state does, a face-up refill included.

The piles are hidden in a view (which tiles are left), but how many tiles they hold is public:
the box less the hands (their sizes are public), the face-up row and the tiles on the board.
So a view knows when an empty face-up slot is refilled by chance and when the piles are out.
Until session 52 a view read its masked piles as empty and named the seat to move at every
refill (an audit of the views, session 51: 1,478 of 4,930 views).
"""
import random

import pytest

import engine
from engine.core import CHANCE, make_rng
from tests.random_play import random_step


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_view_names_the_same_movers_as_the_state(players):
    g = engine.make_game("city_and_guilds", players)
    refills = empty = 0
    for seed in range(6):
        rnd, rng = random.Random(seed), make_rng(seed)
        s = g.new_initial_state(seed)
        while not s.is_terminal():
            tm = s.to_move()
            face = g.layout.view(s.buf, "face")
            if tm == (CHANCE,) and g.phase(s) != 0:
                refills += 1
            elif (face == 10).any() and g.phase(s) == 3:
                empty += 1  # an empty slot and nothing left to refill it with
            for seat in range(players):
                assert s.observe(seat).to_move() == tm, (seed, seat, tm)
            random_step(s, rnd, rng)
    assert refills > 0
    assert empty > 0 or players < 5  # the piles run out in these games at 5 players only
