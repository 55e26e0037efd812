"""Hand-built cities for the Between Two Cities tests.

A city is written as rows of words placed on the 9x9 board from ``top``/``left``:
``shop``, ``park``, ``drink`` ... (building kinds of the stand-in edition),
``.`` for an empty cell.  Capitalised words are duplex halves.
"""
from __future__ import annotations

import engine
from cython_ext.between_two_cities_encoding import BW, HALF, NCELL, NOTHING, TILE

GAME = "between_two_cities"


def random_walk(game, seeds, rnd):
    """``(seed, step, state, seat)`` at every seat decision of random games dealt from
    ``seeds``, moves and chance drawn from ``rnd``.  ``state`` is live: the move is
    applied when the consumer asks for the next decision."""
    for seed in seeds:
        s = game.new_initial_state(seed)
        step = 0
        while s.to_move():
            seat = s.to_move()[0]
            if seat == -1:
                s.apply(-1, s.sample_chance(engine.core.make_rng(rnd.randrange(1 << 30))))
                continue
            yield seed, step, s, seat
            s.apply(seat, rnd.choice(s.legal_moves(seat)))
            step += 1


def make_game(players: int = 3, variants: tuple[str, ...] = ()):
    return engine.make_game(GAME, players, variants)


def blank_state(game, mats=None):
    """A state in the choose phase of round 1 with empty cities and the given mats (None: none)."""
    s = game.new_initial_state(0)
    lay = game.layout
    s.buf[lay["phase"]] = 5  # choose
    mat = lay.view(s.buf, "mat")
    cities = lay.view(s.buf, "city")
    for c in range(game.NC):
        m = NOTHING if mats is None else mats[c]
        mat[c] = m
        if m >= 0:
            cities[c][game.tables["land"].reshape(-1, 81)[m] == 1] = 1
    return s


def put(game, state, city: int, rows: list[str], top: int = 2, left: int = 2) -> None:
    cells = game.layout.view(state.buf, "city")[city]
    for i, row in enumerate(rows):
        for j, word in enumerate(row.split()):
            if word == ".":
                continue
            x = (top + i) * 9 + left + j
            k = game.kind_names.index(word.lower())
            cells[x] = (34 if word[0].isupper() else 2) + k


def score(rows: list[str], players: int = 3, variants: tuple[str, ...] = (), mats=None, others=None) -> int:
    """Score of city 0 built from ``rows`` (other cities from ``others``)."""
    g = make_game(players, variants)
    s = blank_state(g, mats)
    put(g, s, 0, rows)
    for c, r in (others or {}).items():
        put(g, s, c, r)
    return g.city_scores(s)[0]


def city_frame(game, buf, c: int, duplex: bool):
    """What a placement reference needs of city ``c`` before its next tile (a duplex: ``duplex``):
    its cells, mat index ``g`` (the plain board is ``game.NMAT``), tiles placed, the 5x5 window's
    bounds so far ``[top, bottom, left, right]``, the duplex tiles still ``need``-ed, and ``s``, the
    single tiles it gets before its duplex tiles (a hand less the discard, after this tile)."""
    lay = game.layout
    cells = lay.view(buf, "city")[c]
    m = int(lay.view(buf, "mat")[c])
    g = m if m >= 0 else game.NMAT
    tiles = [x for x in range(NCELL) if cells[x] >= TILE]
    box = list(game.tables["mbox"].reshape(-1, 4)[g]) if not game.beginner else [99, -1, 99, -1]
    for x in tiles:
        box = [min(box[0], x // BW), max(box[1], x // BW), min(box[2], x % BW), max(box[3], x % BW)]
    need = 2 - int(lay.view(buf, "dcnt")[c]) - duplex
    singles = sum(1 for x in tiles if cells[x] < HALF)
    s = max(int(game.kernel_cfg["rhand"][0]) - 2 - singles, 0) if need == 2 else 0
    return cells, g, tiles, box, need, s


def twin_modes(module: str) -> list:
    """``[(mode, module)]``: the kernel module ``module`` interpreted, and compiled when built."""
    from cython_ext import select

    c, py = select.twins(module)
    return [("interpreted", py)] + ([("compiled", c)] if c is not None else [])


def kernel_in(mode: str, game):
    """A Between Two Cities kernel for ``game``, compiled or interpreted as ``mode`` says."""
    from cython_ext import select

    return select.twins(GAME)[0 if mode == "compiled" else 1].BetweenTwoCitiesKernel(game.kernel_cfg)
