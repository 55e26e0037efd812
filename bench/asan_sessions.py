"""Protocol sessions on real positions, for the kernels built with AddressSanitizer.

The compiled kernels index raw memory unchecked, so a bad index there corrupts the heap
silently (and the interpreted twin, whose numpy arrays wrap a negative index around, may
not notice either).  Session 25 found one that way: an ``info`` line's principal variation
replayed on a seat's view across a Guildes round's end wrote before a scratch array.  This
script plays what a frontend does -- ``position`` (a full state or a seat's view, from a
random game, a third of them near its end), a search by each engine with ``info`` lines,
the solver, ``perft``, ``d``, moves -- over every game and a spread of variants and player
counts.  Built with ``GUILDHALL_ASAN=1``
and run under the sanitizer, any out-of-bounds access aborts the process with its stack:

    GUILDHALL_ASAN=1 python setup.py build_ext --inplace -q -j 2
    LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0 \\
        python bench/asan_sessions.py --positions 6 --seed 1

(``.ci/asan`` does this in a copy of the tree, so the normal build stays as it is.)
Without the sanitizer it still reports ``error internal`` replies.  Exit status 1 if any.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

import engine
from engine.core import CHANCE
from guildhall.session import Session

CONFIGS = [
    ("guildes", 3, ()), ("guildes", 4, ("tricks",)), ("guildes", 5, ("events",)),
    ("guildes", 6, ("events", "tricks")),
    ("between_two_cities", 2, ("two-player-advanced",)), ("between_two_cities", 4, ()),
    ("between_two_cities", 7, ()),
    ("city_and_guilds", 3, ()), ("city_and_guilds", 5, ()),
    ("walled_city", 2, ()), ("walled_city", 4, ()), ("walled_city", 3, ("borderlands",)),
]
ENGINES = ("ismcts", "pimc", "flatmc", "textbook")


def random_position(game, rnd: random.Random, near_end: bool = False):
    """A state some random moves into a game, with a seat to move (None if it ended); with
    ``near_end``, one about a dozen decisions before the end of a random game (the solver's)."""
    s = game.new_initial_state(rnd.randrange(1 << 30))
    seen = []
    for _ in range(100_000 if near_end else rnd.randrange(300)):
        if s.is_terminal():
            break
        seat = rnd.choice(s.to_move())
        if seat != CHANCE:
            seen.append(s.clone())
        s.apply(seat, s.sample_chance() if seat == CHANCE else rnd.choice(s.legal_moves(seat)))
    if near_end:
        if len(seen) < 2:
            return None
        s = seen[max(0, len(seen) - 1 - rnd.randrange(6, 16))]
    while not s.is_terminal() and s.to_move()[0] == CHANCE:
        s.apply(CHANCE, s.sample_chance())
    return None if s.is_terminal() else s


def session_lines(newgame: str, state: str) -> list[str]:
    return [newgame, "position " + state, "setoption name infointerval value 1",
            *[line for eng in ENGINES for line in (f"setoption name Engine value {eng}",
                                                   "go iterations 100", "go iterations 300")],
            "setoption name Engine value solver", "go movetime 300",
            "perft 2", "d", *["play random"] * 15, "setoption name Engine value ismcts",
            "go iterations 200"]


def run(positions: int, seed: int) -> int:
    """Play the sessions; the number of ``error internal`` replies."""
    bad = 0
    for name, players, variants in CONFIGS:
        game = engine.make_game(name, players, variants)
        rnd = random.Random(f"{seed}-{name}-{players}-{variants}")
        newgame = f"newgame {name} players {players}" + "".join(f" variant {v}" for v in variants)
        t0, done = time.monotonic(), 0
        for i in range(positions):
            s = random_position(game, rnd, near_end=i % 3 == 2)
            if s is None:
                continue
            state = s.observe(s.to_move()[0]).to_string() if i % 2 == 0 else s.to_string()
            out: list[str] = []
            session = Session(out.append)
            try:
                for line in session_lines(newgame, state):
                    session.handle(line)
                    if session.job is not None:
                        session.job.thread.join()
            finally:
                session.close()
            for line in out:
                if line.startswith("error internal"):
                    bad += 1
                    print(f"{newgame} | position {state}\n  {line}", flush=True)
            done += 1
        print(f"{newgame[8:]}: {done} positions, {time.monotonic() - t0:.0f} s", flush=True)
    return bad


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=6, help="positions per configuration")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    bad = run(args.positions, args.seed)
    print(f"{bad} error internal replies")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
