"""Dead ends and crashes in random play: many kernel rollouts of every game configuration.

A rollout plays uniformly random legal moves to the end in the kernel; every rule
bug that leaves a seat with no legal move (or trips a kernel check) shows as an
exception.  Rare ones need many games: session 26's Saddlers dead end (a citizen
selected in a fenced half that borders no path) showed in 28 of 90,000 Walled City
``mixed-guilds`` rollouts and in no test.  Every variant combination the game
accepts, every player count; each rollout starts from the game's first state with
its own seed (``make_rng(seed)``), so a failure is replayed by its line.

    python bench/sweep_rollouts.py 2000                  # rollouts per configuration
    python bench/sweep_rollouts.py 20000 walled_city     # one game
    python bench/sweep_rollouts.py 300 --listed          # whole games through legal_moves
"""
from __future__ import annotations

import itertools
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from engine.core import make_rng  # noqa: E402
from engine.errors import BadConfig  # noqa: E402
from tests.search.bounds_helpers import play_randomly  # noqa: E402


def configurations(name: str):
    """(players, variants) of every player count and variant combination the game accepts;
    The Walled City's per-seat ``no-powers-N`` switches count as one: all seats' powers off
    (the base game) or none."""
    game = engine.games()[name]
    names = [v.name for v in game.variant_list if not v.name.startswith("no-powers-")]
    for players in range(2, 8):
        off = tuple(v.name for v in game.variant_list if v.name.startswith("no-powers-")
                    and int(v.name.rsplit("-", 1)[1]) < players)
        for k in range(len(names) + 1):
            for combo in itertools.combinations(names, k):
                for extra in ((), off) if off else ((),):
                    try:
                        engine.make(name, players, [*combo, *extra], seed=0)
                    except (BadConfig, ValueError):
                        continue
                    yield players, (*combo, *extra)


def sweep(name: str, players: int, variants: tuple, count: int, listed: bool = False) -> list[tuple[int, str]]:
    """(seed, error) of each of ``count`` rollouts (``listed``: State-API games) that raised."""
    start = engine.make(name, players, list(variants), seed=0)
    bad = []
    for seed in range(count):
        s = start.clone()
        try:
            if listed:  # each move drawn from legal_moves, the list a frontend sees (a
                play_randomly(s, make_rng(seed))  # kernel's rollout may use its own sampler)
            else:
                s.rollout(make_rng(seed))
        except Exception as e:  # noqa: BLE001 -- every failure is the finding
            bad.append((seed, f"{type(e).__name__}: {str(e)[:120]}"))
    return bad


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--listed"]
    listed = "--listed" in sys.argv
    count = int(args[0]) if args else 2000
    games = args[1:] or sorted(engine.games())
    failed = 0
    print("| game | players | variants | rollouts | failed | s | first failure (seed: error) |")
    print("|---|---|---|---|---|---|---|")
    for name in games:
        for players, variants in configurations(name):
            t = time.perf_counter()
            bad = sweep(name, players, variants, count, listed)
            failed += len(bad)
            first = f"{bad[0][0]}: {bad[0][1]}" if bad else ""
            print(f"| {name} | {players} | {'+'.join(variants) or '-'} | {count} | {len(bad)} | "
                  f"{time.perf_counter() - t:.1f} | {first} |", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
