"""Lone-seat strength matches: one engine against a table of copies of another.

One seat plays ``lone``, every other seat ``field``; the lone seat rotates
over the seats game by game; every player gets the same budget per decision
(iterations, or milliseconds with ``--movetime``).  Win share: 1 for a win,
1/k for a k-way tie; 95% Wilson interval.  Fair share = 1/players.  Game g
is dealt from seed ``seed + g`` and its players are seeded from g, so a row
is reproducible (with an iteration budget).

    python bench/strength.py GAME --players 4 --iterations 100 --games 40 \\
        --pairs ismcts:textbook,textbook:ismcts
    python bench/strength.py GAME --players 2 [--variant two-player] --movetime 100 --games 40 \\
        --pairs ismcts:random,ismcts:greedy,ismcts:flatmc,ismcts:pimc,ismcts:textbook

Prints one markdown row per pair: lone engine, field, budget, games, lone
win share, interval, fair share, whether the interval clears the fair share,
seconds.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Optional

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from cython_ext import select  # noqa: E402
from guildhall.arena import play_owned  # noqa: E402
from guildhall.stats import wilson  # noqa: E402
from search.api import Limits, make_player  # noqa: E402


def lone(game: str, players: int, lone_engine: str, field_engine: str, games: int, limits: Limits,
         seed: int = 0, lone_opts: Optional[dict] = None, field_opts: Optional[dict] = None,
         variants: tuple = ()) -> list[float]:
    """The lone engine's win share in each game."""
    g = engine.make_game(game, players, variants)
    shares = []
    for i in range(games):
        me = i % players
        seats = [make_player(lone_engine, seed=(seed + i) * 1000 + s, **(lone_opts or {})) if s == me
                 else make_player(field_engine, seed=(seed + i) * 1000 + s, **(field_opts or {}))
                 for s in range(players)]
        rec = play_owned(g, seats, limits, seed + i)
        shares.append(1.0 / len(rec.winners) if me in rec.winners else 0.0)
    return shares


def verdict(lo: float, hi: float, fair: float) -> str:
    return "above" if lo > fair else "below" if hi < fair else "level"


def parse_opts(items: list[str]) -> dict:
    """``ENGINE.OPTION=VALUE`` items as {engine: {option: value}}."""
    out: dict = {}
    for it in items:
        key, _, value = it.partition("=")
        name, _, opt = key.partition(".")
        out.setdefault(name, {})[opt] = value
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--movetime", type=int, default=None, help="milliseconds per decision")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--variant", action="append", default=[], help="rule variant (repeatable)")
    ap.add_argument("--pairs", default="ismcts:textbook,textbook:ismcts", help="LONE:FIELD,...")
    ap.add_argument("--set", dest="settings", action="append", default=[], metavar="ENGINE.OPTION=VALUE")
    a = ap.parse_args()
    if a.iterations is None and a.movetime is None:
        a.iterations = 100
    limits = Limits(iterations=a.iterations, movetime=None if a.movetime is None else a.movetime / 1000)
    budget = f"{a.iterations} it" if a.movetime is None else f"{a.movetime} ms"
    opts = parse_opts(a.settings)
    fair = engine.make_game(a.game, a.players, tuple(a.variant)).fair_share()
    if fair is None:
        raise SystemExit(f"{a.game} {a.players}p {' '.join(a.variant)}: no fair share (a competitor that is "
                         "no seat can win), so a lone seat's share cannot be judged")
    table = f"{a.game} {a.players}p" + "".join(f" {v}" for v in a.variant)
    kernels = "compiled" if select.all_compiled() else "interpreted"
    if a.movetime is not None and kernels != "compiled":  # as bench/plan.py: another engine's speed
        raise SystemExit("a time budget needs every kernel compiled (python setup.py build_ext --inplace)")
    print(f"{table}, {budget} per decision, {a.games} games per row, load {os.getloadavg()[0]:.1f}, "
          f"kernels {kernels}")
    print("| lone | field | budget | games | lone win share | 95% CI (Wilson) | fair | verdict | s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for pair in a.pairs.split(","):
        lone_e, field_e = pair.split(":")
        t = time.perf_counter()
        shares = lone(a.game, a.players, lone_e, field_e, a.games, limits, a.seed,
                      opts.get(lone_e), opts.get(field_e), tuple(a.variant))
        lo, hi = wilson(sum(shares), len(shares))
        print(f"| {lone_e} | {field_e} | {budget} | {len(shares)} | {sum(shares) / len(shares):.3f} | "
              f"[{lo:.3f}, {hi:.3f}] | {fair:.3f} | {verdict(lo, hi, fair)} | {time.perf_counter() - t:.0f} |",
              flush=True)


if __name__ == "__main__":
    main()
