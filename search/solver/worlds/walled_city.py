"""The Walled City: every world of a seat's view (docs/games/walled_city.md, "What each seat knows").

Hidden from a seat: each rival's hand, the cards (and orientation) in its
face-down defense zones and the card it is placing in the defense-zone step;
public: the rival's unseen own-colour cards as a multiset (``pool``) and,
with off-colour cards (3 players, Borderlands), that an unrevealed one
(``offun``) is one of the off-colour types the seat has not seen.  The
chance model is the kernel's: the off-colour types the seat has not seen
are shuffled and dealt to the rivals that hold one (seat order), each
rival's unseen cards are shuffled into its face-down zones (zone order),
then the card being placed, then its hand; a face-down card with two
different halves lies either way up with probability 1/2.  That last is an
approximation of a choice (the real orientation is the rival's decision),
the same one ``determinize`` makes.
"""
from __future__ import annotations

import itertools
from typing import Iterator

import numpy as np

from cython_ext import select
from engine.core import State
from search.solver.worlds import arrangements

_board = select.load("walled_city_board")
OWN, K, P_DZONE = _board.OWN, _board.K, _board.P_DZONE


def deals(view: State, seat: int) -> Iterator[tuple[np.ndarray, float]]:
    """(buffer, probability) of every deal consistent with ``seat``'s view."""
    game, buf = view.game, view.buf
    L = game.layout
    f = lambda name: L.view(buf, name)  # noqa: E731
    phase, cur, sel = int(f("phase")[0]), int(f("cur")[0]), int(f("sel_card")[0])
    zcard, zown, hand = f("zcard"), f("zown"), f("hand")
    cands: list[int] = []
    if game.kernel.offcolour:
        for k in range(OWN, K):
            seen = hand[seat][k] > 0 or any(int(c) == k + 1 for c in zcard) or (
                phase == P_DZONE and cur == seat and sel == k)
            if not seen:
                cands.append(k)
    rivals = [p for p in range(game.players) if p != seat]
    needing = [p for p in rivals if f("offun")[p] == 1]
    dealt = min(len(needing), len(cands))
    for offs, _, p_off in arrangements({k: 1 for k in cands}, dealt):
        off = dict(zip(needing, offs))
        options = [_rival(game, buf, p, off.get(p), cur, sel) for p in rivals]
        for combo in itertools.product(*options):
            world = buf.copy()
            p = p_off
            for write, q in combo:
                write(world)
                p *= q
            yield world, p


def _rival(game, buf: np.ndarray, p: int, off_card, cur: int, sel: int) -> list:
    """Each way rival ``p``'s unseen cards can lie: (writer of the buffer, probability)."""
    L = game.layout
    pool = L.view(buf, "pool")[p]
    counts = {k: int(pool[k]) for k in range(OWN) if pool[k] > 0}
    if off_card is not None:
        counts[off_card] = counts.get(off_card, 0) + 1
    zcard, zown = L.view(buf, "zcard"), L.view(buf, "zown")
    zones = [z for z in range(len(zcard)) if zown[z] == p + 1 and zcard[z] == -1]
    placing = sel == -1 and cur == p
    out = []
    for seq, left, prob in arrangements(counts, len(zones) + placing):
        ways = [(0,) if game.cards[c][0] == game.cards[c][1] else (0, 1) for c in seq[:len(zones)]]
        for oris in itertools.product(*ways):
            q = prob / (2 ** sum(1 for w in ways if len(w) == 2))

            def write(world, seq=seq, left=left, oris=oris):
                for z, c, o in zip(zones, seq, oris):
                    L.view(world, "zcard")[z] = c + 1
                    L.view(world, "zori")[z] = o
                if placing:
                    L.view(world, "sel_card")[0] = seq[-1]
                row = L.view(world, "hand")[p]
                row[:] = 0
                for k, c in left.items():
                    row[k] = c
            out.append((write, q))
    return out
