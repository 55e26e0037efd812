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


# Slow corners of bench/sweep_determinize.py: the trick phase after a full play
# (6 players, one unplayed card each) and 4-player tricks; the placement search
# once needed hundreds of restarts of up to 20,000 steps here.
@pytest.mark.parametrize("players, variants, seed, ply, seat",
                         [(6, ("events", "tricks"), 71, 114, 2), (4, ("tricks",), 2, 210, 2)])
def test_the_slow_corners_determinize_consistently(players, variants, seed, ply, seat):
    import random

    import engine
    from tests.random_play import random_step

    rnd, rng = random.Random(seed), make_rng(seed)
    s = engine.make("guildes", players=players, variants=list(variants), seed=seed)
    for _ in range(ply):
        random_step(s, rnd, rng)
    assert seat in s.to_move()
    view = s.observe(seat)
    for k in range(8):
        world = s.determinize(seat, make_rng(k))
        assert world.observe(seat) == view
