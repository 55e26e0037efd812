"""What exact endgames are worth: the same endings played with and without the ``endgame`` option.

A player with ``endgame`` D plays exactly as without it until a random playout from its view
ends within D decisions, so its whole-game effect is its effect on the endings.  This measures
that effect directly, paired, at a fraction of a full game's cost: positions are taken from
self-play of the default at a cheap budget (``--deal-ms``, or ``--deal-iterations``), ``--before`` seat decisions before
each game's end; from each position the ending is played once by the default in every seat (the
control) and once per seat with that seat alone playing with the option (the treatment), every
seat at ``--movetime`` ms.  The figure is, over positions and seats, the treated seat's win
share minus the same seat's share in the control (1 for a win, 1/k for a k-way tie): mean and
95% normal interval of the per-position mean over seats.

    python bench/endgame_value.py walled_city --players 2 --positions 40 --before 24 \\
        --movetime 1000 --set endgame=16 --seed 352400 --log bench/plans/s45_endgame_value.jsonl
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Optional

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from bench.plan import clock  # noqa: E402
from engine.core import CHANCE, Game, State, make_rng  # noqa: E402
from search.api import Limits, Player, make_player  # noqa: E402


def self_play(game: Game, limits: Limits, seed: int) -> list[State]:
    """The states before each seat decision of a self-play game of the default at ``limits``."""
    state = game.new_initial_state(seed)
    players = [make_player("ismcts", seed=seed * 100 + s) for s in range(game.players)]
    history = []
    rng = make_rng(seed)
    while not state.is_terminal():
        seat = state.to_move()[0]
        if seat == CHANCE:
            state.apply(CHANCE, state.sample_chance(rng))
            continue
        history.append(state.clone())
        state.apply(seat, players[seat].choose(state, seat, limits))
    return history


def position(game: Game, before: int, limits: Limits, seed: int) -> State:
    """A self-play game of the default at ``limits``, ``before`` seat decisions from its end."""
    history = self_play(game, limits, seed)
    return history[max(0, len(history) - before)]


def ending(start: State, players: list[Player], limits: Limits, seed: int) -> list[float]:
    """Each seat's win share after playing ``start`` out (chance drawn from ``seed``)."""
    state = start.clone()
    rng = make_rng(seed)
    for p in players:
        p.new_game()
    while not state.is_terminal():
        seat = state.to_move()[0]
        if seat == CHANCE:
            state.apply(CHANCE, state.sample_chance(rng))
            continue
        state.apply(seat, players[seat].choose(state, seat, limits))
    return state.returns("win")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--variant", action="append", default=[])
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--before", type=int, default=24, help="seat decisions before the end")
    ap.add_argument("--deal-ms", type=int, default=100, help="the self-play budget that makes the positions")
    ap.add_argument("--deal-iterations", type=int, default=None,
                    help="instead of --deal-ms: an iteration budget (positions reproducible on any machine)")
    ap.add_argument("--movetime", type=int, default=1000, help="ms a decision in the endings")
    ap.add_argument("--set", dest="settings", action="append", default=[], metavar="OPTION=VALUE",
                    help="the treated seat's options (repeatable)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--start", type=int, default=0, help="resume at this position")
    ap.add_argument("--until", default=None, help="HH:MM UTC today: no position starts then or later")
    ap.add_argument("--log", default=None)
    a = ap.parse_args()
    until = clock(a.until)
    opts = dict(s.partition("=")[::2] for s in a.settings)
    g = engine.make_game(a.game, a.players, tuple(a.variant))
    deal = Limits(movetime=a.deal_ms / 1000) if a.deal_iterations is None else Limits(iterations=a.deal_iterations)
    limits = Limits(movetime=a.movetime / 1000)
    diffs = []
    t = time.perf_counter()
    for i in range(a.start, a.positions):
        if until is not None and time.time() >= until:
            break
        seed = a.seed + i
        start = position(g, a.before, deal, seed)
        ply_seed = seed * 7 + 1

        def seats(treated: Optional[int]) -> list[Player]:
            return [make_player("ismcts", seed=seed * 1000 + 10 * s,
                                **(opts if s == treated else {})) for s in range(a.players)]

        control = ending(start, seats(None), limits, ply_seed)
        treated = [ending(start, seats(k), limits, ply_seed)[k] for k in range(a.players)]
        d = sum(treated[k] - control[k] for k in range(a.players)) / a.players
        diffs.append(d)
        if a.log:
            with open(a.log, "a") as f:
                f.write(json.dumps({"game": a.game, "players": a.players, "seed": a.seed, "index": i,
                                    "before": a.before, "movetime": a.movetime, "settings": opts,
                                    "control": control, "treated": treated, "diff": d,
                                    "position": start.to_string()}) + "\n")
        n = len(diffs)
        mean = sum(diffs) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else float("nan")
        print(f"{i}: control {control} treated {treated} | mean diff {mean:+.3f} +- "
              f"{1.96 * sd / math.sqrt(n):.3f} in {n} ({(time.perf_counter() - t) / n:.0f} s a position)",
              flush=True)


if __name__ == "__main__":
    main()
