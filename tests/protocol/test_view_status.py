"""``status`` on a seat's masked view agrees with the full state on who is to
move, also in the middle of a simultaneous step (a real engine process)."""
import os
import random

import pytest

import engine
from engine.core import CHANCE, make_rng
from guildhall.client import Engine

CASES = [("guildes", 4, ()), ("guildes", 4, ("events",)), ("city_and_guilds", 3, ()),
         ("between_two_cities", 3, ())]


def mid_step(game, players, variants, seed):
    """A state where some, not all, seats have made their hidden choice of a step."""
    rnd = random.Random(seed)
    s = engine.make(game, players=players, variants=list(variants), seed=seed)
    while True:
        movers = s.to_move()
        assert movers, "the game ended before a simultaneous step"
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(make_rng(rnd.getrandbits(32))))
            continue
        seat = movers[-1]
        s.apply(seat, rnd.choice(s.legal_moves(seat)))
        if len(movers) == players and len(s.to_move()) == players - 1:
            return s


@pytest.fixture(scope="module")
def eng():
    with Engine.popen(env=dict(os.environ)) as e:
        yield e


@pytest.mark.parametrize("game,players,variants", CASES)
def test_status_of_a_view_names_the_same_seats_as_the_state(eng, game, players, variants):
    s = mid_step(game, players, variants, 4)
    eng.new_game(game, players=players, variants=variants)
    eng.position(s.to_string())
    full = eng.status().tomove
    assert full == [str(x) for x in s.to_move()] and len(full) == players - 1
    for seat in range(players):
        eng.position(eng.view(seat) if seat == 0 else s.observe(seat).to_string())
        assert eng.status().tomove == full, f"seat {seat}'s view"
        eng.position(s.to_string())
