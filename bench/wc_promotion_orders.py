"""The Walled City's promote step: do the orders of its promotions cost the solver anything?

Round 7 (docs/solver.md) named "merge the promotion orders" as the lever for
17 decisions of wc-2p (seed 1), a promote step.  Three measurements:

    python -m bench.wc_promotion_orders --orders 17
        the lines of promotions below the step (every order, up to the step's end)
        against the distinct buffers they reach, and the words two orders of the
        same promotions leave different (none: tests/walled_city/test_promotion_orders.py)
    python -m bench.wc_promotion_orders --restrict 37/8,39/11,34/13,38/13,38/14,40/15
        seed/decisions: the Python search (every node counted, win shares, alpha-beta,
        the kernel's bounds) as it is, then with the promotions of a step played in
        non-decreasing move order only: its nodes, table hits and value, each
    python -m bench.wc_promotion_orders --exits 17 --cap 2000000
        every distinct position that ends the step, solved on its own (compiled loop,
        value and best move only, 256 MB table): where the 17-decision tree's nodes are

The restricted search is exact for the value (every end of the step keeps its
sorted line, and the sorted line is the lowest of its orders, so max^n's tie to
the lowest move picks the same end), but a node's value then depends on the
last promotion played (the floor), so the floor is part of the table key
inside a step; it is a measurement, not wired into the solver (Round 8 says why).
"""
from __future__ import annotations

import argparse
import time

from engine.walled_city.game import PHASES
from search.solver import SolverLimit, solve
from search.solver.exact import Search
from search.solver.table import TranspositionTable
from tests.search.solver_positions import endgame

PROMOTE = PHASES.index("promote")


def step_ends(state) -> tuple[int, dict]:
    """(lines, {end buffer bytes: (its lowest line, the state there)}): every line of the
    promote step open at ``state`` played to the step's end (stop, power or the last
    promotion), and the distinct positions they reach."""
    phase = state.game.layout["phase"]
    ends: dict = {}
    lines = 0

    def walk(s, seq):
        nonlocal lines
        if s.buf[phase] != PROMOTE:
            lines += 1
            key = s.buf.tobytes()
            if key not in ends or tuple(seq) < ends[key][0]:
                ends[key] = (tuple(seq), s)
            return
        seat = s.to_move()[0]
        for m in s.legal_moves(seat):
            c = s.clone()
            c.apply(seat, m)
            walk(c, seq + [m])

    walk(state, [])
    return lines, ends


def words_by_order(state) -> set[str]:
    """Names of the fields in which two orders of the same promotions leave the step different."""
    g = state.game
    phase = g.layout["phase"]
    first: dict = {}
    differ: set[str] = set()

    def walk(s, seq):
        if s.buf[phase] != PROMOTE or len(seq) == 3:
            ms = tuple(sorted(seq))
            if ms in first:
                for name in g.layout.offsets:
                    if (g.layout.view(first[ms], name) != g.layout.view(s.buf, name)).any():
                        differ.add(name)
            else:
                first[ms] = s.buf.copy()
            return
        seat = s.to_move()[0]
        for m in s.legal_moves(seat):
            if m == 0:
                continue
            c = s.clone()
            c.apply(seat, m)
            walk(c, seq + [m])

    walk(state, [])
    return differ


class SortedPromotions(Search):
    """The Python search with a promote step's promotions played in non-decreasing order.

    ``floor`` is the last promotion of the step so far (0: none); at a promote step the
    promotions below it are skipped and the floor joins the table key (two floors are
    two restricted games).  Two-seat alpha-beta only (``value`` with win shares)."""

    floor = 0
    skipped = 0

    def _promo_top(self, buf) -> int:
        return self.promotions if buf[self.o_phase] == PROMOTE else 0

    def key(self, buf):
        if self.floor and self._promo_top(buf):
            buf = buf.copy()
            buf[0] += 1_000_003 * self.floor  # the dealer word: no kernel reads it
        return super().key(buf)

    def ab(self, buf, alpha, beta):
        self._promo_at = self.floor  # read by legal() below, at this node
        v = super().ab(buf, alpha, beta)
        self.floor = 0  # chance and simultaneous children start a new run
        return v

    def legal(self, buf, seat):
        moves = super().legal(buf, seat)
        f, self._promo_at = self._promo_at, 0
        self._promo_run = self._promo_top(buf)
        if f and self._promo_run:
            kept = [m for m in moves if not (1 <= m <= self._promo_run and m < f)]
            self.skipped += len(moves) - len(kept)
            moves = kept
        return moves

    def side(self, buf, seat, moves, maximise, alpha, beta, sure=False):
        run = self._promo_run
        v = -1.0 if maximise else 2.0
        for m in moves:
            c = self.child(buf, seat, m)
            self.floor = m if run and 1 <= m <= run else 0
            if maximise:
                cv = self.ab(c, max(alpha, v), beta)
                if cv > v:
                    v = cv
                    if v >= beta:
                        self._credit(seat, m)
                        break
            else:
                cv = self.ab(c, alpha, min(beta, v))
                if cv < v:
                    v = cv
                    if v <= alpha:
                        self._credit(seat, m)
                        break
        return v


def python_solve(state, cls) -> tuple[float, int, int, float, int]:
    """(seat 0's value, nodes, table hits, CPU s, moves skipped) of the Python search."""
    table = TranspositionTable(2, 256, len(state.buf))
    s = cls(state.game, "win", table, 100_000_000)
    s.o_phase = state.game.layout["phase"]
    s.promotions = 2 * state.game.owners
    t = time.process_time()
    v = s.value(state.buf.copy())[0]
    return v, s.nodes, table.hits, time.process_time() - t, getattr(s, "skipped", 0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="wc-2p")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--orders", type=int, metavar="K")
    ap.add_argument("--restrict", metavar="SEED/K,...")
    ap.add_argument("--exits", type=int, metavar="K")
    ap.add_argument("--cap", type=int, default=2_000_000, help="nodes per end position (--exits)")
    args = ap.parse_args()
    if args.orders is not None:
        s = endgame(args.config, args.orders, args.seed)
        lines, ends = step_ends(s)
        print(f"{args.config} seed {args.seed}, {args.orders} decisions: {lines} lines, "
              f"{len(ends)} distinct ends; fields differing by order: {sorted(words_by_order(s)) or 'none'}")
    if args.restrict:
        print("| seed / decisions | search | value | nodes | table hits | CPU s | moves skipped |")
        print("|---|---|---|---|---|---|---|")
        for spec in args.restrict.split(","):
            seed, k = map(int, spec.split("/"))
            s = endgame(args.config, k, seed)
            for cls in (Search, SortedPromotions):
                v, n, hits, cpu, skipped = python_solve(s, cls)
                print(f"| {seed} / {k} | {cls.__name__} | {v:g} | {n:,} | {hits:,} | {cpu:.2f} | {skipped} |",
                      flush=True)
    if args.exits is not None:
        s = endgame(args.config, args.exits, args.seed)
        _, ends = step_ends(s)
        total = 0
        for line, st in sorted(ends.values(), key=lambda e: e[0]):
            t = time.process_time()
            try:
                sol = solve(st, max_nodes=args.cap, memory=256, move_values=False)
                n, cell = sol.nodes, f"{sol.nodes:,}"
            except SolverLimit:
                n, cell = args.cap, f"over {args.cap:,}"
            total += n
            print(f"| {line} | {cell} | {time.process_time() - t:.2f} |", flush=True)
        print(f"total at least {total:,} nodes over {len(ends)} ends")


if __name__ == "__main__":
    main()
