"""How much tighter score bounds could cut: the solver's nodes with no bounds, the kernel's
bounds, and the exact ones (every competitor's lowest and highest final score over every
continuation, by a memoized brute force: the tightest sound per-seat bounds there are).

The exact bounds are asked at every node (the kernels ask at some steps only), optionally
only where ``--exact-at`` says (else the kernel's), to see which steps carry the cut.  The
Python search is used for all three (the loop visits the same nodes, tested), win shares,
every move's value, a 64 MB table.  Node counts are the figures; the brute force makes the
exact column slow (minutes from about 15 decisions), so there is no time budget.

    python -m bench.bench_bounds_headroom --configs wc-2p --seeds 1,2,3 --depths 7,8,9,10
    python -m bench.bench_bounds_headroom --configs btc-2p --depths 12,13,15 --exact-at btc-last-two-turns
"""
from __future__ import annotations

import argparse
from typing import Callable, Optional

import numpy as np

from engine.core import CHANCE
from search.solver.exact import Search, root_buffer
from search.solver.table import TranspositionTable
from tests.search.solver_positions import endgame
from tests.search.test_solver_bounds import RANK_KEYS, Oracle


class MemoOracle(Oracle):
    """:class:`Oracle` (the kernel with exact bounds) with every position's range kept, so the
    brute force walks each position once; ``where(kernel, buf)``: the exact bounds only there."""

    def __init__(self, kernel, players: int, where: Optional[Callable] = None) -> None:
        super().__init__(kernel, players)
        self.memo: dict = {}
        self.where = where

    def score_bounds(self, buf, lo, hi) -> int:
        if self.where is not None and not self.where(self.k, buf):
            return self.k.score_bounds(buf, lo, hi)
        self.calls += 1
        low, high = self._range(np.array(buf, dtype=np.intc))
        for c in range(len(low)):
            lo[c] = low[c]
            hi[c] = high[c]
        return len(low)

    def _range(self, buf: np.ndarray) -> tuple[list[int], list[int]]:
        key = buf.tobytes()
        got = self.memo.get(key)
        if got is not None:
            return got
        out = np.zeros(max(self.k.max_moves, 8), dtype=np.intc)
        if self.k.to_move(buf, out) == 0:
            keys = np.zeros((self.players + 8) * RANK_KEYS, dtype=np.intc)
            end = [int(keys[c * RANK_KEYS]) for c in range(self.k.rank_keys(buf, keys))]
            got = (end, end)
        else:
            seat = int(out[0])
            if seat == CHANCE:
                moves = out[:self.k.chance(buf, out, np.zeros(len(out)))].tolist()
            else:  # one seat at a time, even at a simultaneous step: the same endings
                moves = out[:self.k.legal(buf, seat, out)].tolist()
            low: list[int] = []
            high: list[int] = []
            for mv in moves:
                c = buf.copy()
                self.k.apply(c, seat, mv)
                lo, hi = self._range(c)
                low = [min(a, b) for a, b in zip(low, lo)] if low else list(lo)
                high = [max(a, b) for a, b in zip(high, hi)] if high else list(hi)
            got = (low, high)
        self.memo[key] = got
        return got


def btc_last_two_turns(k, b) -> bool:
    """Between Two Cities: the last round's last two turns (choose with hands of 5 or fewer,
    place with 3 or fewer)."""
    ph = b[k.O_PHASE]
    return b[k.O_ROUND] == k.NR - 1 and ((ph == 5 and b[k.O_HANDN] <= 5) or (ph == 6 and b[k.O_HANDN] <= 3))


WHERE = {"everywhere": None, "btc-last-two-turns": btc_last_two_turns}


def nodes(state, bounds: str, where: Optional[Callable] = None) -> int:
    """The Python search's nodes for ``state`` with ``bounds``: none, kernel or exact."""
    search = Search(state.game, "win", TranspositionTable(state.players, 64, len(state.buf)), 100_000_000,
                    bounds=bounds != "none")
    if bounds == "exact":
        search.k = MemoOracle(search.k, state.players, where)
    search.bounds = bounds != "none"
    search.value(root_buffer(state))
    return search.nodes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configs", default="wc-2p")
    ap.add_argument("--seeds", default="1")
    ap.add_argument("--depths", default="7,8,9,10", help="decisions from the end")
    ap.add_argument("--exact-at", default="everywhere", choices=list(WHERE))
    args = ap.parse_args()
    print("| config | seed | decisions left | no bounds | kernel's bounds | exact bounds |")
    print("|---|---|---|---|---|---|")
    for c in args.configs.split(","):
        for seed in map(int, args.seeds.split(",")):
            for k in map(int, args.depths.split(",")):
                s = endgame(c, k, seed)
                row = [nodes(s, b, WHERE[args.exact_at]) for b in ("none", "kernel", "exact")]
                print(f"| {c} | {seed} | {k} | " + " | ".join(f"{n:,}" for n in row) + " |", flush=True)


if __name__ == "__main__":
    main()
