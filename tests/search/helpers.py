"""Shared helpers for the search tests: positions and a game runner."""
from __future__ import annotations

import engine
from cython_ext import select
from engine.core import CHANCE, State, make_rng
from engine.perft import play_to_decision
from search import core

COMPILED = (not select.pure_python_forced()
            and select.mode(select.load("ismcts")) == "compiled"
            and select.mode(select.load("guildes")) == "compiled")


def random_decision(state: State, seed: int, plies: int) -> State:
    """Play ``plies`` random moves (chance included) from ``state``; stop early at a decision
    when the game would end."""
    rng = make_rng(seed)
    s = state.clone()
    for _ in range(plies):
        tm = s.to_move()
        if not tm:
            break
        seat = tm[0]
        moves = s.legal_moves(seat)
        if seat == CHANCE:
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            probe = s.clone()
            probe.apply(seat, moves[rng.below(len(moves))])
            if probe.is_terminal():
                break
            s = probe
    while s.to_move() == (CHANCE,):
        s.apply(CHANCE, s.sample_chance(rng))
    return s


def first_decision(g, seed: int = 0) -> State:
    """A state of game ``g`` at the first decision of a seat (the chance deals played with
    the kernel's generator seeded ``seed``)."""
    import numpy as np
    s = g.new_initial_state(seed)
    k = g.kernel
    seats = np.zeros(16, np.intc)
    rng = select.load("kernel").Rng(seed)
    while k.to_move(s.buf, seats) and seats[0] == CHANCE:
        k.apply(s.buf, CHANCE, k.sample_chance(s.buf, rng))
    return s


def first_search(game: str, players: int, seed: int, **options):
    """``(search, view)``: a fresh search with ``options`` for the first seat to move at the
    game's first decision (dealt from ``seed``)."""
    state = play_to_decision(engine.make(game, players=players, seed=seed), 1)
    seat = state.to_move()[0]
    view = state.observe(seat)
    return core.make_search(view, seat, **options), view


def kernel_decisions(game, seed: int, kernel=None):
    """``(buf, seat, legal moves)`` at every seat decision of one random game played on
    ``kernel`` (the game's by default): moves drawn by ``random.Random(seed)``, chance
    by the kernel's ``Rng(seed)``.  ``buf`` is the live buffer: copy it to keep it."""
    import random

    import numpy as np

    k = kernel or game.kernel
    b = game.new_initial_state(seed).buf.copy()
    rnd, rng = random.Random(seed), select.load("kernel").Rng(seed)
    seats, moves = np.zeros(16, np.intc), np.zeros(k.max_moves, np.intc)
    while k.to_move(b, seats):
        s = int(seats[0])
        if s < 0:
            k.apply(b, -1, k.sample_chance(b, rng))
            continue
        nl = k.legal(b, s, moves)
        yield b, s, moves[:nl].copy()
        k.apply(b, s, int(moves[rnd.randrange(nl)]))


def guildes_start(players: int = 4, seed: int = 1) -> State:
    return play_to_decision(engine.make("guildes", players=players, seed=seed), seed)


def play_game(game: str, players: int, seats: dict, seed: int, limits) -> list[float]:
    """Play one game with ``seats[i]`` choosing for seat i; return the win shares."""
    s = engine.make(game, players=players, seed=seed)
    rng = make_rng(seed * 7919 + 1)
    while not s.is_terminal():
        tm = s.to_move()
        if tm == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        picks = [(i, seats[i].choose(s, i, limits)) for i in tm]
        for i, m in picks:
            s.apply(i, m)
    return s.returns("win")


def game_configs(cls) -> list[tuple[int, tuple[str, ...]]]:
    """One buildable (players, variants) per extreme player count of a game class."""
    from engine.errors import BadConfig

    out = []
    for players in sorted({cls.min_players, cls.max_players}):
        for variants in [()] + [(v.name,) for v in cls.variant_list]:
            try:
                cls(players, variants)
            except BadConfig:
                continue
            out.append((players, variants))
            break
    return out
