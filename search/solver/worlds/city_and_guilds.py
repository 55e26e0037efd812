"""City and Guilds: every world of a seat's view (docs/games/city_and_guilds.md, "What each seat knows").

Hidden from a seat: the part of each rival's hand that came from the setup
deal (``hsize`` minus the tiles it took face up, ``known``), which tile a
rival chose to put back while the setup discards are pending, and the
piles (``supply``).  The chance model is the kernel's: the unseen tiles are
the box totals minus the board, the face-up row, the seat's hand and the
rivals' known tiles, less the tile the seat put back while it must still be
in the piles (``putback``); each rival in seat order is dealt its hidden
part from the unseen non-minstrel tiles without replacement (multivariate
hypergeometric); a rival's pending discard is one tile of its hand, each
tile alike; the rest is the piles.  Worlds give the rivals no ``putback``
memory (0), as ``determinize`` does: it is their own memory, not the
board's.  A pending discard is modelled as chance (a tile drawn uniformly
from the rival's hand), not as the rival's choice: that is the
approximation, the same as ``determinize``'s.
"""
from __future__ import annotations

import itertools
from math import comb
from typing import Iterator

import numpy as np

from cython_ext import select
from engine.core import State

_lay = select.load("city_and_guilds_layout")
NK, MINSTREL, CHOSEN = _lay.NK, _lay.MINSTREL, _lay.CHOSEN


def deals(view: State, seat: int) -> Iterator[tuple[np.ndarray, float]]:
    """(buffer, probability) of every deal consistent with ``seat``'s view."""
    game, buf = view.game, view.buf
    L = game.layout
    f = lambda name: _rows(L, buf, name)  # noqa: E731
    pool = [int(t) - int(f("hand")[seat][k]) for k, t in enumerate(game.totals)]
    for k in f("tile"):
        if k < NK:
            pool[k] -= 1
    for k in f("face"):
        if k < NK:
            pool[k] -= 1
    rivals = [p for p in range(game.players) if p != seat]
    for p in rivals:
        for k in range(NK):
            pool[k] -= int(f("known")[p][k])
    mine = int(f("putback")[seat]) - 1
    if mine >= 0 and pool[mine] > 0:
        pool[mine] -= 1
    else:
        mine = -1
    needs = {p: int(f("hsize")[p]) - int(sum(f("known")[p])) for p in rivals}
    yield from _deal(game, buf, rivals, needs, pool, mine, 0, {}, 1.0)


def _rows(L, buf: np.ndarray, name: str) -> np.ndarray:
    """A field as the engine lays it out, hands and known tiles as one row per seat."""
    v = L.view(buf, name)
    return v.reshape(-1, NK) if name in ("hand", "known") else v


def _hands(pool: list[int], need: int) -> Iterator[tuple[tuple[int, ...], float]]:
    """Each multiset of ``need`` non-minstrel tiles drawn from ``pool``, with its probability."""
    total = sum(pool[:MINSTREL])
    if need > total:
        return
    ranges = [range(min(pool[k], need) + 1) for k in range(MINSTREL)]
    for counts in itertools.product(*ranges):
        if sum(counts) == need:
            ways = 1
            for k in range(MINSTREL):
                ways *= comb(pool[k], counts[k])
            yield counts, ways / comb(total, need)


def _deal(game, buf, rivals, needs, pool, mine, i, dealt, prob) -> Iterator[tuple[np.ndarray, float]]:
    if i == len(rivals):
        yield from _finish(game, buf, rivals, pool, mine, dealt, prob)
        return
    p = rivals[i]
    for counts, q in _hands(pool, needs[p]):
        left = [pool[k] - (counts[k] if k < MINSTREL else 0) for k in range(NK)]
        yield from _deal(game, buf, rivals, needs, left, mine, i + 1, {**dealt, p: counts}, prob * q)


def _finish(game, buf, rivals, pool, mine, dealt, prob) -> Iterator[tuple[np.ndarray, float]]:
    L = game.layout
    world = buf.copy()
    for p in rivals:
        L.view(world, "putback")[p] = 0
        row = _rows(L, world, "hand")[p]
        known = _rows(L, buf, "known")[p]
        for k in range(NK):
            row[k] = int(known[k]) + (dealt[p][k] if k < MINSTREL else 0)
    supply = L.view(world, "supply")
    for k in range(NK):
        supply[k] = pool[k] + (1 if k == mine else 0)
    pending = [p for p in rivals if L.view(buf, "pend")[p] == CHOSEN]
    options = []
    for p in pending:  # a tile of the rival's hand, each alike
        hand, size = _rows(L, world, "hand")[p], int(L.view(world, "hsize")[p])
        options.append([(k, int(hand[k]) / size) for k in range(NK) if hand[k] > 0] if size > 0 else [(-1, 1.0)])
    for combo in itertools.product(*options):
        w = world.copy()
        q = prob
        for p, (k, pk) in zip(pending, combo):
            L.view(w, "pend")[p] = k + 1
            q *= pk
        yield w, q
