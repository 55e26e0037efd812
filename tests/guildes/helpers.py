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


def force_round(players: int, variants, event: str, seed: int = 0, tricks=None, rounds_before: int = 0):
    """A state at the first decision after the draft of a round whose event
    card is ``event`` (tricks dealt as given, else at random); the draft is
    played with each seat's first legal card."""
    import random

    game = engine.make_game("guildes", players, variants)
    s = game.new_initial_state(seed)
    lay = game.layout
    rng = make_rng(seed)
    rnd = random.Random(seed)
    while True:
        phase = int(s.buf[lay["phase"]])
        r = int(s.buf[lay["round"]])
        if r == rounds_before and phase not in (0, 1, 2, 5):
            return s
        if phase == 0 and r == rounds_before:
            s.apply(CHANCE, game.event_names.index(event))
        elif phase == 5 and r == rounds_before and tricks is not None:
            s.apply(CHANCE, game.trick_names.index(tricks[int(s.buf[lay["step"]])]))
        elif s.to_move() == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            for seat in s.to_move():
                s.apply(seat, rnd.choice(s.legal_moves(seat)))
