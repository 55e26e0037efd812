"""What ``position STATE``'s trial costs (engine/playable.py): median seconds of
``check_playable`` on a seat's view and on the full state, per game, at a middle-game
position (25 random plies from seed 5), in one process.

    PYTHONPATH=. python bench/bench_trial.py [--rounds 5]
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    a = ap.parse_args()
    print("| game | players | view (s) | full state (s) |\n|---|---|---|---|")
    for game, players in GAMES:
        s = middle_game(game, players)
        print(f"| {game} | {players} | {median_seconds(s.observe(1), a.rounds):.2f} | "
              f"{median_seconds(s, a.rounds):.2f} |", flush=True)


if __name__ == "__main__":
    main()
