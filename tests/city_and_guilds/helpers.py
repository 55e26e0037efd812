"""Building City and Guilds positions by hand for rule tests."""
from __future__ import annotations

import numpy as np

import engine
from cython_ext import select
from cython_ext.city_and_guilds_layout import DEAL_N, EMPTY, NK, PLACE, TAVERN
from engine.core import CHANCE, State, make_rng

GAMES: dict = {}


def game(players: int = 4):
    if players not in GAMES:
        GAMES[players] = engine.make_game("city_and_guilds", players)
    return GAMES[players]


def kind(g, name: str) -> int:
    return TAVERN if name == "tavern" else [g.kind_name(k) for k in range(NK)].index(name)


def cell(g, name: str) -> int:
    return g.map.names.index(name)


def f(state: State, name: str) -> np.ndarray:
    return state.game.layout.view(state.buf, name)


def position(players: int = 4, tiles: dict | None = None, hands: dict | None = None,
             cur: int = 0, face: tuple = ("market-bakers", "building-bakers", "building-clothmakers"),
             tracks: dict | None = None, men: dict | None = None) -> State:
    """A PLACE-phase state after setup.

    ``tiles``: {cell: (tile name, owner seat or None, men)}; ``hands``: {seat: [tile names]}
    (others get three building-blacksmiths); ``tracks``: {guild index: [(seat, space), ...]}
    listed best first (earlier arrival first within a space); ``men``: {seat: men left}.
    White and black cubes are recomputed by replaying the placements in the given order.
    """
    g = game(players)
    s = g.new_initial_state(0)
    f(s, "phase")[0] = PLACE
    f(s, "cur")[0] = cur
    f(s, "dealt")[0] = DEAL_N * players
    f(s, "setupleft")[0] = 0
    hand = f(s, "hand").reshape(players, NK)
    hands = hands or {}
    for p in range(players):
        names = hands.get(p, ["building-blacksmiths"] * 3)
        for name in names:
            hand[p, kind(g, name)] += 1
        f(s, "hsize")[p] = len(names)
    for p, n in (men or {}).items():
        f(s, "men")[p] = n
    fc = f(s, "face")
    for i in range(3):
        fc[i] = kind(g, face[i]) if i < len(face) else EMPTY
    for name, (tname, owner, nmen) in (tiles or {}).items():
        sp = cell(g, name)
        f(s, "tile")[sp] = kind(g, tname)
        if owner is not None and nmen:
            f(s, "mowner")[sp] = owner + 1
            f(s, "nmen")[sp] = nmen
            py_kernel(g).update_owner(s.buf, g.map.block_of[sp], owner)
    stamp = 0
    for gi, order in (tracks or {}).items():
        for seat, space in order:
            stamp += 1
            f(s, "inv")[gi * players + seat] = space
            f(s, "istamp")[gi * players + seat] = stamp
    f(s, "stamp")[0] = stamp
    fix_supply(s)
    return s


PY_KERNELS: dict = {}


def py_kernel(g):
    """The interpreted kernel for game ``g`` (whatever ``select`` picked for the game).

    Interpreted, its internal methods (``update_owner``...) take the numpy buffer.
    """
    if g.players not in PY_KERNELS:
        _, interpreted = select.twins("city_and_guilds")
        PY_KERNELS[g.players] = interpreted.CityAndGuildsKernel(*g.kernel_args())
    return PY_KERNELS[g.players]


def fix_supply(s: State) -> None:
    """Supply = everything not on the board, face up or in a hand."""
    g = s.game
    sup = f(s, "supply")
    for k in range(NK):
        sup[k] = g.totals[k]
    for t in f(s, "tile"):
        if t < NK:
            sup[t] -= 1
    for t in f(s, "face"):
        if t < NK:
            sup[t] -= 1
    hand = f(s, "hand").reshape(g.players, NK)
    for k in range(NK):
        sup[k] -= int(hand[:, k].sum())
    sup[sup < 0] = 0  # crafted positions may use more tiles of a kind than the box holds


def place(s: State, seat: int, text: str) -> None:
    s.apply(seat, s.parse_move(seat, text))


def money(s: State) -> list[int]:
    return [int(x) for x in f(s, "money")]


def random_play(players: int, seed: int):
    """Every position of a game played at random from ``seed`` (its deal and its moves), live:
    the next move is applied once the consumer has seen the position (clone it to keep it)."""
    s = engine.make("city_and_guilds", players, [], seed=seed)
    rng = make_rng(seed)
    while not s.is_terminal():
        seat = s.to_move()[0]
        yield s
        if seat == CHANCE:
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            moves = s.legal_moves(seat)
            s.apply(seat, moves[rng.below(len(moves))])
