"""Build Guildes positions by hand for rule tests."""
from __future__ import annotations

import numpy as np

import engine
from engine.core import CHANCE, make_rng


def names(game) -> dict[str, int]:
    return {n: i for i, n in enumerate(game.guild_names)}


def table(game, rows: list[dict[str, int]]) -> np.ndarray:
    """A table[n, G] from one {guild: cards} dict per seat."""
    ix = names(game)
    t = np.zeros((game.players, game.G), dtype=np.intc)
    for seat, row in enumerate(rows):
        for name, cnt in row.items():
            t[seat, ix[name]] = cnt
    return t


def to_decision(state, seed=0):
    rng = make_rng(seed)
    while state.to_move() == (CHANCE,):
        state.apply(CHANCE, state.sample_chance(rng))
    return state


def random_states(players: int, games: int, seed: int, variants=()):
    """Yield every state of a few random games (chance by the state's dealer)."""
    import random

    game = engine.make_game("guildes", players, variants)
    for g in range(games):
        rnd = random.Random(seed + g)
        s = game.new_initial_state(seed + g)
        while not s.is_terminal():
            yield s
            m = s.to_move()
            if m == (CHANCE,):
                s.apply(CHANCE, s.sample_chance())
            else:
                seat = m[rnd.randrange(len(m))]
                s.apply(seat, rnd.choice(s.legal_moves(seat)))
        yield s
