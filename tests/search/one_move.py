"""A position whose seat to move has exactly one legal move (a decision any player answers
without searching), found by random play: shared by the settings tests in-process and
through the protocol."""
from __future__ import annotations

import engine
from engine.core import CHANCE, State, make_rng

# every player kind a frontend can choose (``skill``: ISMCTS at a Skill level below 20)
KINDS = ["random", "greedy", "flatmc", "pimc", "textbook", "ismcts", "solver", "skill"]


def one_move_position(game: str = "walled_city", players: int = 2) -> State:
    """The first such decision of seeded random games of ``game``."""
    for seed in range(50):
        s = engine.make(game, players=players, seed=seed)
        rng = make_rng(seed)
        while s.to_move():
            seat = s.to_move()[0]
            if seat == CHANCE:
                s.apply(CHANCE, s.sample_chance(rng))
                continue
            moves = s.legal_moves(seat)
            if len(moves) == 1:
                return s
            s.apply(seat, moves[rng.below(len(moves))])
    raise AssertionError(f"no one-move decision in 50 random games of {game}")
