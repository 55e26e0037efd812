"""What ``position STATE``'s trial costs (engine/playable.py): median seconds of
``check_playable`` on a seat's view and on the full state, per game, at a middle-game
position (25 random plies from seed 5), in one process.

    PYTHONPATH=. python bench/bench_trial.py [--rounds 5]

``--replay N``: instead, a frontend that sends its game again at each of N turns in a protocol
session -- seat 0's first view of a dealt The Walled City 2p game, then ``moves`` one more each
time (``position VIEW moves m1; ...; mk``), up to the first move the view cannot name -- and the
seconds of its first, middle and last command, medians of ``--rounds`` fresh sessions
(``PYTHONPATH=/other/checkout`` to time another checkout's session).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import engine
from engine.playable import check_playable

GAMES = (("guildes", 4), ("between_two_cities", 4), ("city_and_guilds", 3), ("walled_city", 2))


def middle_game(game: str, players: int, plies: int = 25):
    s = engine.make(game, players=players, seed=5)
    rnd = random.Random(1)
    for _ in range(plies):
        seat = s.to_move()[0]
        s.apply(seat, s.sample_chance() if seat < 0 else rnd.choice(s.legal_moves(seat)))
    return s


def median_seconds(state, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        check_playable(state)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def replay(turns: int) -> list[float]:
    """Seconds of each of ``turns`` commands ``position VIEW moves ...`` (one move more each)."""
    from guildhall.session import Session
    out: list[str] = []
    sess = Session(out.append)
    sess.handle("newgame walled_city players 2 seed 5")
    full = sess.state.clone()
    while full.to_move() and full.to_move()[0] < 0:
        full.apply(-1, full.sample_chance())
    start, played, seconds = full.observe(0).to_string(), [], []
    for _ in range(turns):
        movers = full.to_move()
        if not movers or movers[0] < 0:
            break
        seat, view = movers[0], full.observe(0)
        move = next((m for m in full.legal_moves(seat) if view.is_legal(seat, m)), None)
        if move is None:  # a hidden move (a card from a hand) the view cannot name: the replay ends
            break
        played.append(f"seat {seat} {full.move_to_string(seat, move)}")
        full.apply(seat, move)
        out.clear()
        t = time.perf_counter()
        sess.handle(f"position {start} moves " + "; ".join(played))
        seconds.append(time.perf_counter() - t)
        assert not out, out  # position answers nothing unless it is refused
    return seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--replay", type=int, metavar="N")
    a = ap.parse_args()
    if a.replay:
        runs = [replay(a.replay) for _ in range(a.rounds)]  # each a fresh session
        turns = len(runs[0])
        med = [statistics.median(r[t] for r in runs) for t in range(turns)]
        print(f"{turns} turns, medians of {a.rounds} sessions: first {med[0]:.2f} s, "
              f"turn {turns // 2 + 1} {med[turns // 2]:.2f} s, last {med[-1]:.2f} s, "
              f"all {statistics.median(sum(r) for r in runs):.1f} s")
        return
    print("| game | players | view (s) | full state (s) |\n|---|---|---|---|")
    for game, players in GAMES:
        s = middle_game(game, players)
        print(f"| {game} | {players} | {median_seconds(s.observe(1), a.rounds):.2f} | "
              f"{median_seconds(s, a.rounds):.2f} |", flush=True)


if __name__ == "__main__":
    main()
