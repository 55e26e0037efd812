"""What seeing the hidden cards is worth: one seat searches the true state, the others their views.

An upper bound for any inference about hidden information (issue 18's "determinization with
inference"): a seat that *knows* every hidden card -- the others' hands, picks and face-down
cards, never the future draws -- cannot be beaten by one that infers them.  If the knowing seat
is barely above the fair share, weighting worlds by the opponents' observed choices has little
to win; if it is far above, there is room.

The lone seat searches with ``choose(omniscient=True)`` (analysis only: the product's players
never do) on the state as it stood *when the step began*: at a simultaneous step it does not see
the choices other seats have already made at that step, only the hidden cards.  The future
draws stay unknown (an open state's worlds get a fresh dealer seed).  Every seat runs the same
engine and options and the same iteration budget; the lone seat rotates over the seats game by
game, game g is dealt from ``seed + g``, so a row is reproducible.  Win share: 1 for a win, 1/k
for a k-way tie; 95% Wilson interval; fair share 1/players.

    python bench/peek_value.py guildes --players 4 --iterations 400 --games 200 --seed 351000 \\
        --until 23:59 --log bench/plans/s44_peek_value.jsonl
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Optional

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from bench.plan import clock  # noqa: E402
from bench.strength import verdict  # noqa: E402
from engine.core import CHANCE, Game, State  # noqa: E402
from guildhall.arena import field_of  # noqa: E402
from guildhall.stats import wilson  # noqa: E402
from search.api import Limits, Player, make_player  # noqa: E402


def play(game: Game, players: list[Player], knowing: Optional[int], limits: Limits, seed: int,
         phases: Optional[set[int]] = None) -> list[int]:
    """One game; seat ``knowing`` (None: no seat) searches the open state of its step's start
    (only in the ``phases`` given, by the buffer's ``phase`` field; None: in every phase).
    Returns the winners."""
    state = game.new_initial_state(seed)
    for p in players:
        p.new_game()
    start: Optional[State] = None  # the state when the current step began
    waiting: set[int] = set()
    while True:
        movers = state.to_move()
        if not movers:
            return list(state.winners())
        if not set(movers) < waiting:  # a new step (not the same step with fewer seats left)
            start = state.clone()
        waiting = set(movers)
        seat = movers[0]
        if seat == CHANCE:
            move = state.sample_chance()
        elif seat == knowing and (phases is None or field_of(state, "phase") in phases):
            move = players[seat].choose(start, seat, limits, omniscient=True)
        else:
            move = players[seat].choose(state, seat, limits)
        state.apply(seat, move)


def row(game_name: str, players: int, games: int, limits: Limits, seed: int, engine_name: str,
        opts: dict, variants: tuple = (), knowing: bool = True, until: Optional[float] = None,
        log: Optional[str] = None, phases: Optional[set[int]] = None, start: int = 0) -> list[float]:
    """The lone (knowing) seat's win share in games ``start`` .. ``games - 1``; no game starts at
    or after ``until`` (a time.time()); each game's share is appended to ``log`` as it ends."""
    g = engine.make_game(game_name, players, variants)
    shares = []
    for i in range(start, games):
        if until is not None and time.time() >= until:
            break
        me = i % players
        seats = [make_player(engine_name, seed=(seed + i) * 1000 + s, **opts) for s in range(players)]
        try:
            winners = play(g, seats, me if knowing else None, limits, seed + i, phases)
        finally:
            for p in seats:
                p.close()
        shares.append(1.0 / len(winners) if me in winners else 0.0)
        if log:
            with open(log, "a") as f:
                f.write(json.dumps({"game": game_name, "players": players, "seed": seed, "index": i,
                                    "knowing": me if knowing else None, "share": shares[-1],
                                    **({"phases": sorted(phases)} if phases else {})}) + "\n")
    return shares


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--iterations", type=int, default=400)
    ap.add_argument("--games", type=int, default=80)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--engine", default="ismcts")
    ap.add_argument("--variant", action="append", default=[], help="rule variant (repeatable)")
    ap.add_argument("--set", dest="settings", action="append", default=[], metavar="OPTION=VALUE")
    ap.add_argument("--control", action="store_true", help="no seat knows (the same loop, for a check)")
    ap.add_argument("--until", default=None, help="HH:MM UTC today: no game starts then or later")
    ap.add_argument("--log", default=None, help="a JSON line per game, appended")
    ap.add_argument("--start", type=int, default=0, help="resume a row at this game (its log has the ones before)")
    ap.add_argument("--phases", default=None,
                    help="comma-separated values of the buffer's phase field in which the seat knows")
    a = ap.parse_args()
    until = clock(a.until)
    opts = dict(s.partition("=")[::2] for s in a.settings)
    limits = Limits(iterations=a.iterations)
    phases = {int(x) for x in a.phases.split(",")} if a.phases else None
    t = time.perf_counter()
    shares = row(a.game, a.players, a.games, limits, a.seed, a.engine, opts, tuple(a.variant), not a.control,
                 until, a.log, phases, a.start)
    if not shares:
        raise SystemExit("no game was played (--until already passed)")
    lo, hi = wilson(sum(shares), len(shares))
    fair = 1 / a.players
    table = f"{a.game} {a.players}p" + "".join(f" {v}" for v in a.variant)
    who = "nobody (control)" if a.control else f"{a.engine}, omniscient" + (
        f" in phases {a.phases}" if phases else "")
    print(f"| {table} | {who} | {a.iterations} it | {a.seed} | {len(shares)} | {sum(shares) / len(shares):.3f} | "
          f"[{lo:.3f}, {hi:.3f}] | {fair:.3f} | {verdict(lo, hi, fair)} | {(time.perf_counter() - t) / len(shares):.1f} | "
          f"{os.getloadavg()[0]:.1f} |", flush=True)


if __name__ == "__main__":
    main()
