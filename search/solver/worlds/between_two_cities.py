"""Between Two Cities: every world of a seat's view (docs/games/between_two_cities.md, "What each seat knows").

Hidden from a seat: the hands it has not held this round, the discards of
past rounds' hands it never held, the pairs other seats have chosen (before
the reveal) and the box.  The chance model is the kernel's
(``determinize``): the unseen tiles of each kind (buildings, duplexes) are
the edition's totals less every tile in a city, a seen hand, a pending
tile, Jamey's pair and duplex discards, and the seen discards; each unseen
hand in position order is dealt from the current round's tiles (multivariate
hypergeometric), then each unseen discard of a past round is one tile drawn
from that round's kind; the box holds the rest.  A rival's hidden pair is
one of the distinct pairs its hand allows, each alike: a choice modelled as
chance (the approximation ``determinize`` makes too), as is an unseen
discard (really the last tile of a hand, a player's leftover).

Two worlds that differ only in fields no later rule reads are one world
(their probabilities add): the discards (written at a round's end, never
read), and the box once no chance event can follow (the last round after
its deal, without Jamey's draws).
"""
from __future__ import annotations

import itertools
from math import comb
from typing import Iterator

import numpy as np

from cython_ext import select
from engine.core import State

_enc = select.load("between_two_cities_encoding")
KM, TILE, HALF, UNSEEN = _enc.KM, _enc.TILE, _enc.HALF, _enc.UNSEEN
PH_ASSIGN, PH_CHOOSE, PH_PLACE = _enc.PH_ASSIGN, _enc.PH_CHOOSE, _enc.PH_PLACE


def masked(view: State) -> tuple[str, ...]:
    """The fields no later rule reads from this view on."""
    k = view.game.kernel
    phase, rnd = int(view.buf[k.O_PHASE]), int(view.buf[k.O_ROUND])
    if rnd >= k.NR - 1 and phase in (PH_ASSIGN, PH_CHOOSE, PH_PLACE) and not k.JAMEY:
        return ("disc", "boxb", "boxd")
    return ("disc",)


def deals(view: State, seat: int) -> Iterator[tuple[np.ndarray, float]]:
    """(buffer, probability) of every deal consistent with ``seat``'s view."""
    game, buf = view.game, view.buf
    k = game.kernel
    L = game.layout
    pools, cur, kinds = _pools(view)
    r = int(L.view(buf, "round")[0])
    hands, handn, disc = L.view(buf, "hand"), L.view(buf, "handn"), L.view(buf, "disc")
    unseen_hands = [q for q in range(k.NPOS) if r < k.NR and hands[q][0] == UNSEEN]
    unseen_disc = [(rr, q) for rr in range(min(r, k.NR))
                   for q in range(game.players if kinds[rr] else k.NPOS) if disc[rr][q] == UNSEEN]
    choosers = [s for s in range(game.players) if s != seat and L.view(buf, "done")[s]]

    def rec_hands(i: int, world: np.ndarray, pools: dict, prob: float):
        if i == len(unseen_hands):
            yield from rec_disc(0, world, pools, prob)
            return
        q = unseen_hands[i]
        for counts, p in _multisets(pools[cur], int(handn[q])):
            w = world.copy()
            L.view(w, "hand")[q] = counts
            left = dict(pools)
            left[cur] = [a - b for a, b in zip(pools[cur], counts)]
            yield from rec_hands(i + 1, w, left, prob * p)

    by_kind = {kd: [x for x in unseen_disc if kinds[x[0]] == kd] for kd in (0, 1)}
    box_read = "boxb" not in masked(view)

    def rec_disc(i: int, world: np.ndarray, pools: dict, prob: float):
        # the discards are never read: only how many of each kind they take from the box
        # matters (a multiset per kind, its positions in a fixed order), and nothing once
        # the box is not read either (one representative)
        if i == 2:
            yield from _chosen(L, world, choosers, pools, prob)
            return
        slots = by_kind[i]
        options = _multisets(pools[i], len(slots)) if box_read else [(_first(pools[i], len(slots)), 1.0)]
        for counts, p in options:
            w = world.copy()
            tiles = [t for t in range(KM) for _ in range(counts[t])]
            for (rr, q), t in zip(slots, tiles):
                L.view(w, "disc")[rr][q] = t
            left = dict(pools)
            left[i] = [a - b for a, b in zip(pools[i], counts)]
            yield from rec_disc(i + 1, w, left, prob * p)

    yield from rec_hands(0, buf.copy(), pools, 1.0)


def at_least(view: State, seat: int) -> int:
    """A lower bound on the view's worlds, cheap: the hands the first unseen hand can be
    (hands are never masked, so each is a world of its own)."""
    game, buf = view.game, view.buf
    L, k = game.layout, game.kernel
    r = int(L.view(buf, "round")[0])
    if r >= k.NR:
        return 1
    hands = L.view(buf, "hand")
    unseen = [q for q in range(k.NPOS) if hands[q][0] == UNSEEN]
    if not unseen:
        return 1
    pools, cur, _ = _pools(view)
    return _count(pools[cur], int(L.view(buf, "handn")[unseen[0]]))


def _pools(view: State) -> tuple[dict[int, list[int]], int, list[int]]:
    """The unseen tiles per kind (0 buildings, 1 duplexes), the current round's kind and the
    kind of every round."""
    game, buf = view.game, view.buf
    k, cfg = game.kernel, game.kernel_cfg
    L = game.layout
    pools = {0: [int(x) for x in cfg["totb"]], 1: [int(x) for x in cfg["totd"]]}
    for v in L.view(buf, "city").ravel():
        if TILE <= v < HALF:
            pools[0][int(v) - TILE] -= 1
    dpl = L.view(buf, "dpl")
    for c, n in enumerate(L.view(buf, "dcnt")):
        for i in range(int(n)):
            pools[1][int(dpl[c][i])] -= 1
    r = int(L.view(buf, "round")[0])
    kinds = [int(x) for x in cfg["rkind"]]
    cur = kinds[r] if r < k.NR else 0
    hands, handn = L.view(buf, "hand"), L.view(buf, "handn")
    if r < k.NR:
        for q in range(k.NPOS):
            if hands[q][0] >= 0:
                for t in range(KM):
                    pools[cur][t] -= int(hands[q][t])
        for x in L.view(buf, "pend").ravel():
            if x >= 0:
                pools[cur][int(x)] -= 1
    for x in L.view(buf, "jpick"):
        if x >= 0:
            pools[0][int(x)] -= 1
    for x in L.view(buf, "jdisc"):
        if x >= 0:
            pools[1][int(x)] -= 1
    disc = L.view(buf, "disc")
    for rr in range(min(r, k.NR)):
        for x in disc[rr]:
            if x >= 0:
                pools[kinds[rr]][int(x)] -= 1
    return pools, cur, kinds


def _count(pool: list[int], need: int) -> int:
    """How many multisets of ``need`` tiles ``pool`` allows."""
    ways = [1] + [0] * need
    for c in pool:
        ways = [sum(ways[j - x] for x in range(min(c, j) + 1)) for j in range(need + 1)]
    return ways[need]


def _first(pool: list[int], need: int) -> list[int]:
    """The multiset of the first ``need`` tiles in kind order."""
    counts = [0] * KM
    for t in range(KM):
        counts[t] = min(pool[t], need)
        need -= counts[t]
    return counts


def _multisets(pool: list[int], need: int) -> Iterator[tuple[list[int], float]]:
    """Each multiset of ``need`` tiles drawn from ``pool`` (per kind), with its probability."""
    total = sum(pool)
    if need > total:
        return
    kinds = [t for t in range(KM) if pool[t] > 0]

    def rec(j: int, left: int, counts: list[int], ways: int):
        if j == len(kinds):
            if left == 0:
                yield list(counts), ways / comb(total, need)
            return
        t = kinds[j]
        for c in range(min(pool[t], left) + 1):
            counts[t] = c
            yield from rec(j + 1, left - c, counts, ways * comb(pool[t], c))
        counts[t] = 0

    yield from rec(0, need, [0] * KM, 1)


def _chosen(L, world: np.ndarray, choosers: list[int], pools: dict, prob: float):
    """A rival's hidden pair: one of the distinct pairs its hand allows, each alike."""
    options = []
    for s in choosers:
        h = L.view(world, "hand")[s]
        pairs = [(a, b) for a in range(KM) for b in range(a, KM) if h[a] > 0 and h[b] > (1 if a == b else 0)]
        options.append(pairs)
    L.view(world, "boxb")[:] = pools[0]
    L.view(world, "boxd")[:] = pools[1]
    for combo in itertools.product(*options):
        w = world.copy()
        q = prob
        for s, pair, opts in zip(choosers, combo, options):
            L.view(w, "chosen")[s] = pair
            q /= len(opts)
        yield w, q
