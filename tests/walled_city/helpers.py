"""Shared helpers for The Walled City tests: configs, fixed positions, counted games."""
from __future__ import annotations

import random

import numpy as np

import engine
from cython_ext import select
from engine.core import CHANCE
from engine.perft import play_to_decision

CONFIGS = [(p, v) for p in (2, 3, 4) for v in ((), ("borderlands",))] + [(4, ("mixed-guilds",)),
                                                                            (3, ("borderlands", "mixed-guilds"))]
COMPILED = select.mode(select.load("walled_city")) == "compiled"


def game(players: int = 3, variants=()):
    return engine.make_game("walled_city", players, variants)


def setup_state(players: int = 3, variants=(), seed: int = 1):
    """A state right after the chance setup (dice, chits, display dealt)."""
    g = game(players, variants)
    return play_to_decision(g.new_initial_state(seed), seed)


def f(state, name):
    return state.game.layout.view(state.buf, name)


def play(state, *texts):
    """Apply moves given in notation for whoever is to move."""
    for t in texts:
        seat = state.to_move()[0]
        state.apply_string(seat, t)
    return state


def empty_board(players: int = 3, variants=()):
    """A fresh buffer with no citizens at all (neutral pieces removed), round 1."""
    s = setup_state(players, variants)
    f(s, "an")[:] = 0
    f(s, "ap")[:] = 0
    f(s, "tw")[:] = 0
    f(s, "die_f")[:] = 0
    f(s, "die_v")[:] = 0
    f(s, "chit")[:] = 0
    return s


def votes(state) -> list[int]:
    """Run the count-votes kernel on a copy and return what each owner gained."""
    k = state.game.kernel
    buf = state.buf.copy()
    before = list(f(state, "score"))
    k.count_votes(buf)
    after = state.game.layout.view(buf, "score")
    return [int(a - b) for a, b in zip(after, before)]


def neighbourhood_votes(state, comp=None) -> list[int]:
    k = state.game.kernel
    na = state.game.sizes["areas"]
    c = [0] * na
    k.comps(state.buf, c)
    add = [0] * state.game.owners
    k.score_neighbourhoods(state.buf, c, add)
    return add


def faction_votes(state, towers: int) -> list[int]:
    k = state.game.kernel
    c = [0] * state.game.sizes["areas"]
    k.comps(state.buf, c)
    add = [0] * state.game.owners
    k.score_factions(state.buf, c, towers, add)
    return add


def tower_votes(state) -> list[int]:
    add = [0] * state.game.owners
    state.game.kernel.score_towers(state.buf, add)
    return add


def random_to(state, rnd, steps: int):
    for _ in range(steps):
        movers = state.to_move()
        if not movers:
            break
        if movers == (CHANCE,):
            state.apply(CHANCE, state.sample_chance())
        else:
            state.apply(movers[0], rnd.choice(state.legal_moves(movers[0])))
    return state


def to_phase(s, pred, seed: int = 0):
    """Play ``s`` at random (seat-first movers, chance sampled) until ``pred(s)``."""
    rnd = random.Random(seed)
    while not pred(s):
        movers = s.to_move()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        else:
            s.apply(movers[0], rnd.choice(s.legal_moves(movers[0])))
    return s


def np_buf(state):
    return np.array(state.buf, dtype=np.intc)


def guild_id(state, power: str) -> int:
    return [g["power"] for g in state.game.guilds].index(power)


def power_turn(power: str, players: int = 3, variants=(), seed: int = 1, round_: int = 1, clear: bool = True):
    """A state at the construct step of a build turn whose mover holds the guild of ``power``
    (unpivoted); the board cleared of citizens when ``clear``.  Returns (state, seat)."""
    import random as _random
    s = setup_state(players, variants, seed)
    rnd = _random.Random(seed)
    while not (int(f(s, "round")[0]) == round_ and int(f(s, "phase")[0]) == 3):
        movers = s.to_move()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance())
        else:
            s.apply(movers[0], rnd.choice([m for m in s.legal_moves(movers[0]) if m != 63]))
    seat = s.to_move()[0]
    g = guild_id(s, power)
    f(s, "gstate")[g] = 3
    for p in range(players):
        if f(s, "guild")[p] == g + 1:
            f(s, "guild")[p] = f(s, "guild")[seat]
    f(s, "guild")[seat] = g + 1
    f(s, "piv")[:] = 0
    if clear:
        f(s, "an")[:] = 0
        f(s, "ap")[:] = 0
        f(s, "tw")[:] = 0
    return s, seat


def texts(state) -> list[str]:
    seat = state.to_move()[0]
    return [state.move_to_string(seat, m) for m in state.legal_moves(seat)]
