"""Games under clocks: the clock policy (search/timeman.py) against the fixed twentieth it replaced.

    python bench/clock_match.py GAME PLAYERS CLOCK_S GAMES [SEED] [--inc S] [--until HH:MM]
        [--lone POLICY] [--field POLICY]

One seat (rotated: game i puts it at seat i % players, dealt from SEED + i, players seeded
(SEED + i) * 1000 + seat, as bench/plan.py) searches under its clock with the policy of
``search.timeman.clock_budget``; the others with the same engine and options under the old
policy, a twentieth of what is left a move (``move_budget`` without a count), given to them as a
``movetime``. Each seat's clock runs on the wall time of its own decisions (a simultaneous
step's seats each decide in turn, each on its own clock) and gains the increment after each;
a seat whose clock runs out loses the game (counted apart). Prints the lone seat's win share (a
k-way tie 1/k) with its 95% Wilson interval, the time it and the field used, and any flags.
Every player is told every move (``guildhall.arena.tell_and_play``), so trees are kept between
decisions as in the arena (from 8078e78; pilots before it searched afresh each decision).
With ``--until`` (UTC, a session's clock) no game starts at or after that time, and the summary
counts the games played.

``--lone`` and ``--field`` name other policies to compare (:data:`POLICIES`): ``engine`` (the
clock handed to the engine, which applies ``clock_budget``: the lone seat's default),
``twentieth`` (the field's default), ``spread`` (``clock_budget`` computed here and given as a
movetime: the engine's policy from outside) and ``taper`` (twice the even spread's share of what
is left, so a move's time falls linearly with the decisions to come: more early, less late).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from engine.core import CHANCE  # noqa: E402
from guildhall.stats import wilson  # noqa: E402
from search.api import Limits, make_player  # noqa: E402
from bench.plan import clock  # noqa: E402
from guildhall.arena import tell_and_play  # noqa: E402
from search.timeman import clock_budget, move_budget  # noqa: E402


def fixed_share(limits: Limits, seat: int) -> Limits:
    """The old policy's move: a twentieth of what is left (3/4 of the increment added), as a movetime."""
    inc = limits.increment[seat] if limits.increment else 0.0
    return Limits(movetime=move_budget(limits.clock[seat], inc))


def policy_limits(policy: str, limits: Limits, seat: int, view) -> Limits:
    """The limits a seat searches under by ``policy`` (see the module)."""
    if policy == "engine":
        return limits
    if policy == "twentieth":
        return fixed_share(limits, seat)
    if policy in ("spread", "taper"):
        inc = limits.increment[seat] if limits.increment else 0.0
        weight = 2.0 if policy == "taper" else 1.0
        return Limits(movetime=clock_budget(limits.clock[seat], inc, view, seat, weight))
    raise ValueError(f"no clock policy {policy!r} (one of {', '.join(POLICIES)})")


POLICIES = ("engine", "twentieth", "spread", "taper")


def clocked_game(game, players, lone: int, clock: float, inc: float, seed: int, lone_policy: str = "engine",
                 field_policy: str = "twentieth") -> dict:
    """One game; returns the lone seat's share, each seat's time used and the seats that flagged."""
    state = game.new_initial_state(seed)
    for p in players:
        p.new_game()
    left = [clock] * game.players
    used = [0.0] * game.players
    flagged: list[int] = []
    while not state.is_terminal():
        seat = state.to_move()[0]
        if seat == CHANCE:
            tell_and_play(players, state, CHANCE, state.sample_chance())
            continue
        t0 = time.perf_counter()  # a policy's own count (a playout) is charged to the seat's clock
        limits = Limits(clock=list(left), increment=[inc] * game.players)
        limits = policy_limits(lone_policy if seat == lone else field_policy, limits, seat, state.observe(seat))
        move = players[seat].choose(state, seat, limits)
        took = time.perf_counter() - t0
        used[seat] += took
        left[seat] -= took
        if left[seat] < 0:
            flagged.append(seat)
            break
        left[seat] += inc
        tell_and_play(players, state, seat, move)
    if flagged:
        share = 0.0 if lone in flagged else 1.0 / (game.players - 1)  # a flag loses; the others share
    else:
        winners = state.winners()
        share = 1.0 / len(winners) if lone in winners else 0.0
    return {"share": share, "used": used, "flagged": flagged}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("players", type=int)
    ap.add_argument("clock", type=float, help="seconds on each seat's clock")
    ap.add_argument("games", type=int)
    ap.add_argument("seed", type=int, nargs="?", default=0)
    ap.add_argument("--inc", type=float, default=0.0, help="seconds added after each decision")
    ap.add_argument("--engine", default="ismcts")
    ap.add_argument("--until", default="", help="HH:MM UTC today: no game starts at or after it")
    ap.add_argument("--lone", default="engine", choices=POLICIES, help="the lone seat's clock policy")
    ap.add_argument("--field", default="twentieth", choices=POLICIES, help="the other seats' clock policy")
    a = ap.parse_args()
    until = clock(a.until)
    game = engine.make_game(a.game, a.players)
    total, lone_used, field_used, flags, played = 0.0, [], [], 0, 0
    for i in range(a.games):
        if until is not None and time.time() >= until:
            break
        me = i % a.players
        seats = [make_player(a.engine, seed=(a.seed + i) * 1000 + s) for s in range(a.players)]
        r = clocked_game(game, seats, me, a.clock, a.inc, a.seed + i, a.lone, a.field)
        total += r["share"]
        flags += len(r["flagged"])
        lone_used.append(r["used"][me])
        field_used.extend(u for s, u in enumerate(r["used"]) if s != me)
        played = i + 1
        lo, hi = wilson(total, played)
        print(f"game {i}: lone seat {me} share {r['share']:.3f} used {r['used'][me]:.1f} s "
              f"(field {sum(r['used']) - r['used'][me]:.1f} s) flags {r['flagged']}; "
              f"so far {total / (i + 1):.3f} [{lo:.3f}, {hi:.3f}] in {i + 1}", flush=True)
    if not played:
        raise SystemExit("no game played before the clock")
    lo, hi = wilson(total, played)
    print(f"lone {a.lone} against {a.field}: {total / played:.3f} [{lo:.3f}, {hi:.3f}] in {played} of {a.games} "
          f"(fair {1 / a.players:.3f}); median time used "
          f"{sorted(lone_used)[len(lone_used) // 2]:.1f} s lone, {sorted(field_used)[len(field_used) // 2]:.1f} s "
          f"field, of {a.clock:.1f} s; flags {flags}")


if __name__ == "__main__":
    main()
