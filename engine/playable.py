"""Whether a state from outside can be played on: a trial playout in the interpreted kernel.

A state string that passes a game's ``check_buffer`` can still break what the
kernels assume of a real game (counts that disagree across fields, a seat to
move with nothing to do, a game that never ends).  The compiled kernels read
and write raw buffers unchecked, so such a state could corrupt memory or hang
the engine once a search runs on it.  The same source interpreted indexes
numpy arrays, which raise instead of writing out of bounds; so a state from
outside (``position``, ``guildhall solve --state``) is first played out there:
several determinizations if it is a view, then one random playout to the end, with
a move cap.  Any error, a mover without moves, or no end within the cap, is
a :class:`~engine.errors.BadState`, and the engine's state is left as it was.

It is one playout, not a proof, and the interpreted kernel does not fail
everywhere the compiled one would (a negative index wraps around a numpy
array; a C scratch array can be smaller than its numpy twin): the games'
``check_buffer`` are the first line, the invariants the kernels size their
loops by (the protocol fuzz of session 23: counts raised past the cards that
exist, a hand count that disagrees with the hand, discards known before any
round ended, a turn's placement marks cleared), and this playout the second.

>>> import engine
>>> s = engine.make("guildes", players=3, seed=1)
>>> check_playable(s)
>>> s.buf[s.game.layout["phase"]] = 2      # a draft with no cards dealt
>>> try:
...     check_playable(s)
... except BadState as e:
...     print(e)
inconsistent state: seat 0 is to move with no legal move
"""
from __future__ import annotations

import numpy as np

from cython_ext import select
from engine.core import CHANCE, OBSERVER, State
from engine.errors import BadState

MAX_MOVES = 100_000  # far beyond any game's length (max_game_length is in the hundreds)
WORLDS = 16  # determinizations of a view tried (a view no deal fits fails the first, mostly)


def check_playable(state: State, seed: int = 12345) -> None:
    """Raise :class:`BadState` unless ``state`` survives a trial playout (see the module)."""
    game = state.game
    k = game.interpreted_kernel()
    if k is None:
        return
    rng = select.twins("kernel")[1].Rng(seed)
    buf = state.buf.copy()
    size = max(k.max_moves, game.players, 8)
    movers = np.zeros(size, dtype=buf.dtype)
    moves = np.zeros(size, dtype=buf.dtype)
    probs = np.zeros(size, dtype=np.float64)
    values, values2 = np.zeros(size, dtype=np.float64), np.zeros(size, dtype=np.float64)
    spare = np.zeros(size, dtype=buf.dtype)
    try:
        observer = int(buf[OBSERVER])
        if observer:
            # a sound view always has a world: the search draws thousands, so try several here
            for _ in range(WORLDS - 1):
                k.determinize(buf.copy(), observer - 1, rng)
            k.determinize(buf, observer - 1, rng)
            buf[OBSERVER] = 0
        for _ in range(MAX_MOVES):
            if k.to_move(buf, movers) == 0:
                return
            seat = int(movers[0])
            if seat == CHANCE:
                if k.chance(buf, moves, probs) == 0:
                    raise BadState("inconsistent state: chance is to move with no outcome")
                k.apply(buf, CHANCE, int(k.sample_chance(buf, rng)))
            else:
                n = k.legal(buf, seat, moves)
                if n == 0:
                    raise BadState(f"inconsistent state: seat {seat} is to move with no legal move")
                # the heuristic's code too (rollout policies and progressive bias read it)
                k.move_values(buf, seat, moves, n, values)
                k.egreedy_move(buf, seat, rng, 0.0, spare, values2)
                k.apply(buf, seat, int(moves[rng.below(n)]))
    except BadState:
        raise
    except Exception as e:  # noqa: BLE001 -- any failure of the kernel on it says the same
        raise BadState(f"inconsistent state: a playout from it fails ({type(e).__name__}: {e})") from None
    raise BadState(f"inconsistent state: a playout from it does not end within {MAX_MOVES} moves")
