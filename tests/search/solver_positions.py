"""Fixed endgame positions for the solver's tests and benchmarks."""
from __future__ import annotations

import engine
from engine.core import CHANCE, State, make_rng

# (game, players, variants): one configuration per game the solver is measured on
CONFIGS = {
    "guildes-3p": ("guildes", 3, ()),
    "guildes-4p": ("guildes", 4, ()),
    "btc-2p": ("between_two_cities", 2, ("two-player",)),
    "btc-3p": ("between_two_cities", 3, ()),
    "cag-3p": ("city_and_guilds", 3, ()),
    "wc-2p": ("walled_city", 2, ()),
}


def endgame(config: str, decisions_left: int, seed: int = 1) -> State:
    """A seeded random game of ``config``, stopped ``decisions_left`` seat decisions from its end.

    Every seat's move counts as one decision (a three-seat simultaneous step
    is three); chance outcomes do not count.
    """
    name, players, variants = CONFIGS[config]
    s = engine.make(name, players, list(variants), seed=seed)
    rng = make_rng(seed)
    history = []
    while not s.is_terminal():
        seat = s.to_move()[0]
        if seat == CHANCE:
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        history.append(s.clone())
        moves = s.legal_moves(seat)
        s.apply(seat, moves[rng.below(len(moves))])
    return history[len(history) - decisions_left]
