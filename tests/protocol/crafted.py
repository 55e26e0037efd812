"""Real states to craft bad ones from: a random game stopped where ``until`` says, and a field
of a state as an array to change in place (tests of the states ``position`` must refuse)."""
import random

import engine
from engine.core import CHANCE


def played(game: str, players: int, seed: int, until, variants=()) -> engine.State:
    """Random moves (the game's own dealer for chance) from seed ``seed`` until ``until(state)``."""
    rnd = random.Random(seed)
    s = engine.make(game, players=players, variants=variants, seed=seed)
    while not until(s):
        tm = s.to_move()
        seat = tm[rnd.randrange(len(tm))]
        s.apply(seat, s.sample_chance() if seat == CHANCE else rnd.choice(s.legal_moves(seat)))
    return s


def field(s, name):
    return s.game.layout.view(s.buf, name)
