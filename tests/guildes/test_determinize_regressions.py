"""Determinization never gives up: games that once hit a dead end."""
import pytest

from engine.core import make_rng
from tests.guildes.helpers import random_states


@pytest.mark.parametrize("players, variants, seed", [(4, ["events"], 20), (5, ["events", "tricks"], 12)])
def test_every_seat_can_be_determinized_in_every_play_state(players, variants, seed):
    checked = 0
    for s in random_states(players, 1, seed, variants):
        if int(s.buf[s.game.layout["phase"]]) == 3:  # play phase: the constrained case
            for seat in range(players):
                world = s.determinize(seat, make_rng(checked))
                assert world.observe(seat) == s.observe(seat)
                checked += 1
    assert checked > 0
